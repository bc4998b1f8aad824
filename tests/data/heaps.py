"""A game whose states are frozen dataclasses and whose actions are enum members.

Two players take one or two stones from a heap in turn; whoever takes the last stone wins.
The state carries every kind of plain data a table file stores inside a dataclass: ints, a
float, a string, bytes, a bool, None, a tuple, an enum member, a named tuple and another
frozen dataclass, so that a file that keeps this game keeps them all (issue 36: the tutorial's
own game, a frozen dataclass, could not save its table).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple


class Take(enum.Enum):
    """How many stones a move takes."""

    ONE = 1
    TWO = 2


class Side(enum.IntEnum):
    """Whose turn it is."""

    FIRST = 0
    SECOND = 1


class Mark(NamedTuple):
    """A named tuple inside a state."""

    label: str
    weight: float


@dataclass(frozen=True)
class Note:
    """A nested frozen dataclass of the other plain types."""

    text: str
    raw: bytes
    flag: bool
    nothing: None = None


@dataclass(frozen=True)
class Heap:
    """A position: the stones left, the side to move, and what was taken so far."""

    stones: int
    side: Side
    taken: tuple[Take, ...] = ()
    mark: Mark = Mark("heap", 0.5)  # noqa: RUF009  # immutable: one shared default is safe
    note: Note = Note("é", b"\x00\xff", True)


class Heaps:
    """Take one or two stones; the last stone wins. ``stones`` at the start."""

    num_players = 2

    def __init__(self, stones: int = 5) -> None:
        self.stones = stones

    def initial_state(self) -> Heap:
        return Heap(self.stones, Side.FIRST)

    def to_move(self, state: Heap) -> int:
        return int(state.side)

    def actions(self, state: Heap) -> list[Take]:
        return [take for take in Take if take.value <= state.stones]

    def result(self, state: Heap, action: Take) -> Heap:
        if action not in self.actions(state):
            raise ValueError(f"illegal action {action!r} in {state!r}")
        side = Side(1 - state.side)
        return Heap(state.stones - action.value, side, (*state.taken, action), state.mark)

    def is_terminal(self, state: Heap) -> bool:
        return state.stones == 0

    def utility(self, state: Heap, player: int) -> float:
        return 1.0 if player != state.side else -1.0
