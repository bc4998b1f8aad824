"""The defects a conformance check finds: the first example of each kind, and where it was.

Shared by :func:`gamesearch.conformance.check_game` and
:func:`gamesearch.imperfect.check_information_sets`, which walk a game and report every kind
of defect once, with the line of play that reached its first example.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Problems"]


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
