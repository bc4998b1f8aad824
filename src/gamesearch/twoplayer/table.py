"""The transposition table: what alpha-beta learned about a state, kept for when it comes again.

In gamesearch "table" alone means a solved table (:mod:`gamesearch.solving`); this one is always
the *transposition table*, imported as :class:`gamesearch.TranspositionTable`.

Different move orders often reach the same state (a *transposition*). A table remembers, for
each state searched, the value found, what kind of bound that value is, how deep the search
below it went and its best action, so that a later visit can reuse the value or at least try the
best action first (Greenblatt, Eastlake and Crocker 1967; Marsland 1986 for the bound kinds).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from .._keyed import make_room
from ..capabilities import Capabilities, SideTable
from ..errors import InvalidSearchOptionError
from ._distances import MATE, TOP, public, win_utility

__all__ = ["Bound", "TableEntry", "TranspositionTable"]

UNLIMITED = 1 << 30
"""The remaining depth recorded for a value proven without an evaluation: valid at any depth."""


class Bound(enum.IntEnum):
    """What a stored value says about the state's true value ``v``."""

    EXACT = 0
    """``v == value``: the search of the state ended inside its window."""

    LOWER = 1
    """``v >= value``: the search failed high (a cutoff) and stopped early."""

    UPPER = 2
    """``v <= value``: the search failed low: no action reached the window."""


class TableEntry(NamedTuple):
    """What one search learned about one state, in the game's values.

    The invariant: searched to ``depth`` more plies, the state is worth ``value`` (for the player
    to move there, from the point of view the search used), in the sense that ``bound`` gives;
    if ``distance`` is not ``None``, the value is a win or a loss that far from the state.

    Example:
        >>> from gamesearch import TranspositionTable, alphabeta
        >>> from gamesearch.games import TicTacToe
        >>> game, table = TicTacToe(), TranspositionTable()
        >>> won = game.initial_state()
        >>> for move in (0, 3, 1, 4):  # X to move, and X wins at 2
        ...     won = game.result(won, move)
        >>> alphabeta(game, won, table=table).plies_to_end
        1
        >>> entry = table.get(game.key(won))  # the game has a key: the table is keyed by it
        >>> entry.value, entry.distance, Bound(entry.bound)
        (1.0, 1, <Bound.EXACT: 0>)
    """

    search: int
    """The number of the search that stored the entry; values are reused only within it."""

    depth: int
    """The plies searched below the state (a very large number when ``proven``)."""

    bound: int
    """Whether ``value`` is the exact value, a lower bound or an upper bound: a :class:`Bound`
    value."""

    value: float
    """The value found, for the player to move in the state, in the game's utilities: a proven
    win or loss is the game's ``win_utility`` or its negation."""

    action: Any
    """The best action found, tried first when the state is searched again."""

    proven: bool
    """Whether no evaluation function was read below the state: then ``value`` holds at any
    depth."""

    distance: int | None = None
    """For a proven win or loss (a game with ``win_utility``), the plies from the state to the
    end of the game (of the bound's line, if ``value`` is a bound); else ``None``."""


RawEntry = tuple[int, int, int, float, Any, bool]
"""A :class:`TableEntry` as the table stores it: a plain tuple, the bound as an int, and the
value as the search compares values, a win or loss encoded with its distance in one float
(a distance score, :mod:`._distances`; counted from the state). The searchers read these tuples
directly; :meth:`TranspositionTable.get` and :meth:`~TranspositionTable.store` translate."""

EXACT, LOWER, UPPER = int(Bound.EXACT), int(Bound.LOWER), int(Bound.UPPER)


class TranspositionTable:
    """A bounded map from states (or the game's keys for them) to :class:`TableEntry`.

    Pass one table to ``alphabeta``, ``negamax`` or ``iterative_deepening`` with ``table=``.
    The key of a state is ``game.key(state)`` when the game has a ``key`` method (a cheaper or
    smaller key, such as one int, or one shared by symmetric states), else the state itself.
    A key may merge two states only if they have the same value and the same evaluation.

    Reuse: a table can be passed to every search of a match. Within one search (one call, with
    all the iterations of ``iterative_deepening``) stored values cut searches short; entries of
    earlier searches serve for move ordering only (their best action is tried first), because
    they may come from another root player, depth or evaluation function. A table belongs to
    the game it was first used with; using it with another game raises
    :class:`~gamesearch.InvalidSearchOptionError` (call :meth:`clear` first).

    Replacement: a new entry for a state replaces the old one. When the table is full and a new
    state comes, the older half of the entries (in the order their states were first stored) is
    discarded, which keeps every store O(1) amortised.

    A game's own loop may keep a table of its own beside this one (:meth:`side_table`; the
    compiled Connect Four solver keeps Pons's packed tables there, two of at most
    ``max_entries`` slots together, or none below 4,096 on 7 x 6, where it solves by the
    general loop): :meth:`get` and ``len`` read them too, and :meth:`clear` empties them.

    Args:
        max_entries: How many states the table may hold (an int >= 1).

    Raises:
        InvalidSearchOptionError: ``max_entries`` is not an int >= 1.

    Example:
        >>> from gamesearch import alphabeta
        >>> from gamesearch.games import TicTacToe
        >>> table = TranspositionTable(max_entries=100_000)
        >>> result = alphabeta(TicTacToe(), table=table)
        >>> result.value, result.stats.nodes < 18297, len(table) > 0
        (0.0, True, True)
        >>> Bound(table.get(TicTacToe().initial_state()).bound)
        <Bound.EXACT: 0>
    """

    # ``int | bool`` is ``int`` to a type checker; it keeps a bool boxed in the compiled build,
    # where an ``int`` parameter would turn True into 1 before the check below could see it.
    def __init__(self, max_entries: int | bool = 1_000_000) -> None:
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise InvalidSearchOptionError(
                f"TranspositionTable: max_entries must be an int >= 1, not {max_entries!r}"
            )
        self.max_entries = max_entries
        # Entries are kept as plain tuples in TableEntry's field order, with the bound as an int:
        # the garbage collector stops tracking a tuple of ints, floats and bools (not a named
        # tuple, nor an enum member), so a big table adds nothing to its pauses, which would
        # otherwise hold a search up to 50 ms past its deadline. The searchers read it directly.
        self._entries: dict[Hashable, RawEntry] = {}
        self._sides: dict[Hashable, SideTable] = {}
        self._game: object | None = None
        self._searches = 0

    @property
    def searches(self) -> int:
        """How many searches have used the table; the latest search's number."""
        return self._searches

    def __len__(self) -> int:
        return len(self._entries) + sum(len(side) for side in self._sides.values())

    def __repr__(self) -> str:
        return f"TranspositionTable(max_entries={self.max_entries}, entries={len(self)})"

    def get(self, key: Hashable) -> TableEntry | None:
        """The entry stored for ``key`` (a state, or ``game.key(state)``), or ``None``.

        Its ``value`` is the game's, and a proven win or loss has its ``distance``.
        """
        raw = self.raw(key)
        if raw is None:
            return None
        search, depth, bound, score, action, proven = raw
        value, distance = (score, None)
        if MATE <= abs(score) <= TOP:  # a distance score: the game's win_utility, and plies
            value, distance = public(score, win_utility(Capabilities.of(self._game)))
        return TableEntry(search, depth, bound, value, action, proven, distance)

    def raw(self, key: Hashable) -> RawEntry | None:
        """The :data:`RawEntry` stored for ``key``, or ``None``: the searchers' own form.

        An entry of a side table (:meth:`side_table`) is proven, and counts as the latest
        search's.
        """
        raw = self._entries.get(key)
        if raw is not None or not self._sides:
            return raw
        for side in self._sides.values():
            found = side.raw_entry(key)
            if found is not None:
                bound, score, action = found
                return (self._searches, UNLIMITED, bound, score, action, True)
        return None

    def side_table(self, owner: Hashable, make: Callable[[], SideTable]) -> SideTable:
        """The table a game's own loop keeps beside this one under ``owner``.

        Made by ``make()`` the first time, kept until :meth:`clear`: a later search of the same
        game with this table finds what the earlier ones proved, as it finds this table's own
        entries.
        """
        side = self._sides.get(owner)
        if side is None:
            side = self._sides[owner] = make()
        return side

    def store(self, key: Hashable, entry: TableEntry) -> None:
        """Store ``entry`` for ``key``, making room first if the table is full.

        Raises:
            InvalidSearchOptionError: ``entry.distance`` is not ``None`` but not an int >= 0,
                or comes with a value that is not a win or a loss (positive or negative).
        """
        search, depth, bound, value, action, proven = entry[:6]
        fields: tuple[object, ...] = entry  # the distance is checked here, not as its field's
        distance = fields[6]  # type, which the compiled build would refuse with a TypeError
        if distance is not None:
            if isinstance(distance, bool) or not isinstance(distance, int) or distance < 0:
                raise InvalidSearchOptionError(
                    f"TableEntry.distance must be None or an int >= 0, not {distance!r}"
                )
            if not value:
                raise InvalidSearchOptionError(
                    f"a TableEntry with a distance ({distance}) is a win or a loss: its value "
                    f"must be the game's win_utility or its negation, not {value!r}"
                )
            value = TOP - distance if value > 0 else -(TOP - distance)
        self.store_raw(key, (search, depth, int(bound), value, action, proven))

    def store_raw(self, key: Hashable, entry: RawEntry) -> None:
        """:meth:`store` for a :data:`RawEntry`, the searchers' own values (a fast path)."""
        entries = self._entries
        if len(entries) >= self.max_entries and key not in entries:
            make_room(entries, self.max_entries, key)  # type: ignore[arg-type]
        entries[key] = entry

    def clear(self) -> None:
        """Forget every entry and the game the table was used with."""
        self._entries.clear()
        self._sides.clear()
        self._game = None

    def begin_search(self, game: object) -> int:
        """Bind the table to ``game`` and return the number of a new search.

        Raises:
            InvalidSearchOptionError: the table holds entries of another game.
        """
        if self._game is not None and self._game is not game:
            raise InvalidSearchOptionError(
                f"this TranspositionTable holds entries of {self._game!r}, not of {game!r}: "
                "use a new table for each game, or call table.clear() first"
            )
        self._game = game
        self._searches += 1
        return self._searches
