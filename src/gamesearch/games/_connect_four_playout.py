"""MCTS's random playout on Connect Four's bitboards held in 64-bit words: a second loop.

``mcts`` scores a new leaf by a uniformly random playout (:mod:`gamesearch.montecarlo._playout`):
at each state it asks the game for ``actions(state)``, draws ``random()`` and plays
``actions[int(random() * len(actions))]`` with ``result``, until ``is_terminal``; each step
makes a new state, a Python ``int`` of some 100 bits. This module is that loop for one game,
Connect Four, on two machine words (``mask``, every stone, and the stones of the player to
move): the same draws, the same moves, the same end, so ``mcts`` visits the same nodes with it
or without it, at a fraction of the cost of a playout once mypyc compiles it. A game gives it
through its ``playout_kernel`` (see :class:`gamesearch.capabilities.PlayoutKernel`);
ConnectFour gives it only when this module is compiled, on boards that fit a word
(:func:`._connect_four_probe.fits`). Tests check it draw for draw against the general loop
(tests/games/test_connect_four_playout.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, final

from .._extension import is_extension
from ._connect_four_probe import ConnectFourBoard

if TYPE_CHECKING:  # mypyc's fixed-width int; plain int in pure Python
    from mypy_extensions import i64

__all__ = ["ConnectFourPlayout", "native"]


def native() -> bool:
    """Whether this module runs compiled by mypyc (a C extension) rather than as Python."""
    return is_extension(__file__)


@final
class ConnectFourPlayout:
    """Uniformly random play to the end of a Connect Four game, on words.

    ``plies`` is the number of moves the last :meth:`run` played.
    """

    def __init__(self, board: ConnectFourBoard) -> None:
        self.board = board
        self.full: int = int(board.full)
        self.bits: int = int(board.bits)
        self.height: i64 = board.height
        self.tops: i64 = board.tops
        self.cells: i64 = board.board
        self.plies = 0
        # Every player's utility at each end, indexed by player: made once.
        self.x_won: tuple[float, ...] = (1.0, -1.0)
        self.o_won: tuple[float, ...] = (-1.0, 1.0)
        self.drawn: tuple[float, ...] = (0.0, 0.0)

    def run(self, state: int, random: Callable[[], float]) -> tuple[float, ...]:
        """Every player's utility at the end of random play from the non-terminal ``state``.

        Each move is ``actions(state)[int(random() * len(actions(state)))]``: the free columns
        from left to right, as ``ConnectFour.actions`` lists them.
        """
        full, bits = self.full, self.bits
        mask: i64 = state & full
        mine: i64 = mask ^ (state >> bits & full)  # the stones of the player to move
        mover: i64 = state >> (2 * bits) & 1
        board = self.board
        tops, shift = self.tops, self.height - 1
        plies = 0
        while True:
            free = ~mask & tops  # the top cell of each column that is not full, left to right
            count: i64 = 0
            cells = free
            while cells:
                cells &= cells - 1
                count += 1
            pick: i64 = int(random() * float(count))
            while pick:
                free &= free - 1
                pick -= 1
            top = free & -free  # the top cell of the column picked
            bottom = top >> shift
            cell = (mask + bottom) & ((top << 1) - bottom)
            mask |= cell
            mine |= cell
            plies += 1
            if board.has_four(mine):
                self.plies = plies
                return self.o_won if mover else self.x_won
            if mask == self.cells:
                self.plies = plies
                return self.drawn
            mine ^= mask  # the other player's stones: now to move
            mover ^= 1
