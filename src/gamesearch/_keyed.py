"""A bounded table of a search's own, by key: what a searcher remembers of the states it met.

:class:`~gamesearch.TranspositionTable` keeps alpha-beta's values with their bounds and depths;
a searcher that keeps something else by state (proof and disproof numbers, visit counts, a
memo of children) keeps it in a :class:`KeyedTable`: the same bound on its size, the same
replacement (:func:`make_room`), and nothing of alpha-beta's.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import islice
from typing import Generic, TypeVar

from .errors import InvalidSearchOptionError

__all__ = ["KeyedTable", "make_room"]

_V = TypeVar("_V")


def make_room(entries: dict[Hashable, object], max_entries: int, key: Hashable) -> None:
    """Make room in ``entries`` for ``key``: if it is new and the table full, forget the older half.

    The older half in the order the keys were first stored: every store stays O(1) amortised
    (each entry is discarded at most once), and the entries a search made last, which it is
    likeliest to meet again, are kept.
    """
    if len(entries) >= max_entries and key not in entries:
        for old in list(islice(entries, len(entries) - max_entries // 2)):
            del entries[old]


class KeyedTable(Generic[_V]):
    """A map from keys (states, or the game's keys for them) to values, of bounded size.

    Args:
        max_entries: How many keys the table may hold (an int >= 1); past it, the older half
            is forgotten (:func:`make_room`).
        owner: Who keeps the table, for messages.

    Raises:
        InvalidSearchOptionError: ``max_entries`` is not an int >= 1.

    Example:
        >>> table: KeyedTable[tuple[int, int]] = KeyedTable(max_entries=2)
        >>> table.store("a", (1, 1)); table.store("b", (2, 0)); table.store("c", (0, 3))
        >>> table.get("a"), table.get("c"), len(table)   # "a" made room for "c"
        (None, (0, 3), 2)
    """

    __slots__ = ("_entries", "max_entries")

    def __init__(self, max_entries: int = 1_000_000, *, owner: str = "KeyedTable") -> None:
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise InvalidSearchOptionError(
                f"{owner}: max_entries must be an int >= 1, not {max_entries!r}"
            )
        self.max_entries = max_entries
        """The most keys the table holds."""
        self._entries: dict[Hashable, _V] = {}

    def get(self, key: Hashable) -> _V | None:
        """The value stored for ``key``, or ``None``."""
        return self._entries.get(key)

    def store(self, key: Hashable, value: _V) -> None:
        """Store ``value`` for ``key``, making room first if the table is full."""
        entries = self._entries
        make_room(entries, self.max_entries, key)  # type: ignore[arg-type]
        entries[key] = value

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Forget every entry."""
        self._entries.clear()

    def __repr__(self) -> str:
        return f"KeyedTable(max_entries={self.max_entries}, entries={len(self)})"
