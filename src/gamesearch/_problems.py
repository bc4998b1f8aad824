"""The defects a conformance check finds: the first example of each kind, and where it was.

Shared by :func:`gamesearch.conformance.check_game` and
:func:`gamesearch.imperfect.check_information_sets`, which walk a game and report every kind
of defect once, with the line of play that reached its first example.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Problems", "Trail", "unwound"]

Trail = tuple[Any, Any] | None
"""A line of play kept as a linked list, ``(the trail before, the last action)``, ``None`` for
the initial state: a walk extends it in one step at any depth, where copying a tuple of the
actions at each history costs the depth (a walk down a line of ``n`` plies would cost ``n**2``).
"""


def unwound(trail: Trail) -> tuple[Any, ...]:
    """The actions of ``trail``, from the initial state on.

    >>> unwound(((None, "a"), "b"))
    ('a', 'b')
    """
    actions = []
    while trail is not None:
        trail, action = trail
        actions.append(action)
    return tuple(reversed(actions))


class Problems:
    """The first example of each kind of defect, with the line of play that reached it."""

    def __init__(self) -> None:
        self.found: dict[str, str] = {}
        """Each kind of defect found, with its first example's message and where it was."""

    def add(self, kind: str, message: str, line: tuple[Any, ...]) -> None:
        """Keep ``message`` (found after the actions ``line``) unless ``kind`` was found before."""
        if kind not in self.found:
            where = "the initial state" if not line else f"the state after actions {list(line)}"
            self.found[kind] = f"{message} (at {where})"

    def add_at(self, kind: str, message: str, trail: Trail) -> None:
        """:meth:`add`, the line of play given as a :data:`Trail` (unwound only if kept)."""
        if kind not in self.found:
            self.add(kind, message, unwound(trail))
