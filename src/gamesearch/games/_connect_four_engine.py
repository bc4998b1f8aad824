"""The engine's alpha-beta loop on Connect Four's bitboards held in 64-bit words: a second loop.

The engine's loop (:func:`gamesearch.twoplayer._enhanced.enhanced_search`) calls the game's
members at every node: ``actions``, ``order``, ``result``, ``is_terminal``, ``utility`` and
``evaluate``, each on a state of some 100 bits. This module is that loop for Connect Four with
the options ``iterative_deepening`` uses (the table, the game's ``order``, killers and history,
distance scores and the game's ``non_losing_actions``, time and node limits), written on two
machine words: ``mask`` (every stone) and ``last`` (the stones of the player who moved last).
It visits exactly the nodes the general loop visits, in the same order, learns the same killers
and history, and stores the same table entries: the same answers, node counts and principal
variations, at a fraction of the cost of a node once mypyc compiles it.

Why a second loop (the rule of one loop per algorithm lets one stay where a benchmark shows it
pays at least 1.3x): compiled, it searches the empty 7 x 6 board several times faster than the
general loop compiled (``bench/bench_compiled.py``, figures in bench/README.md). In pure
Python the general loop, with the game's memos, is faster, so
:meth:`ConnectFour.engine_kernel <gamesearch.games.ConnectFour.engine_kernel>` offers it only
when this module is compiled. Tests check it node for node, entry for entry and killer for
killer against the general loop in both builds (tests/games/test_connect_four_engine.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, final

from .._extension import is_extension
from .._interrupts import let_python_look
from ..capabilities import EngineSetting
from ._connect_four_probe import NOW_AND_THEN, ConnectFourBoard, TableWords, _popcount

if TYPE_CHECKING:  # mypyc's fixed-width int; plain int in pure Python
    from mypy_extensions import i64

__all__ = ["ConnectFourEngine", "native"]

def native() -> bool:
    """Whether this module runs compiled by mypyc (a C extension) rather than as Python."""
    return is_extension(__file__)


@final
class ConnectFourEngine:
    """One search of the engine's loop on a Connect Four board's words, and its counts.

    The fields ``expanded``, ``leaves``, ``cutoffs``, ``max_depth``, ``estimates``, ``line``,
    ``got_lo`` and ``got_hi`` are the general loop's; ``scored_root`` its root values.
    """

    def __init__(
        self,
        board: ConnectFourBoard,
        setting: EngineSetting,
        weights: tuple[int, int, int],
        scale: float,
        centre: int,
    ) -> None:
        """A search with ``setting``, evaluating as ConnectFour does.

        ``weights`` are ConnectFour's of an open three, an open two and a centre stone;
        ``scale`` divides the sum; ``centre`` is the board's centre columns.
        """
        self.board = board
        self.three: i64 = weights[0]
        self.two: i64 = weights[1]
        self.centre_weight: i64 = weights[2]
        self.scale = scale
        self.centre: i64 = centre
        self.table = TableWords(setting.table, int(board.width))
        self.killers: dict[int, list[Any]] | None = setting.killers
        self.history: dict[Any, int] | None = setting.history
        self.root_view: bool = setting.root_view
        self.limited: bool = setting.limited
        self.deadline: float = setting.deadline
        self.budget: int = setting.budget
        self.clock: Callable[[], float] = setting.clock
        self.stop: Callable[[list[tuple[Any, float]], int, int], NoReturn] = setting.stop
        self.pause: Callable[[], None] = let_python_look  # see gamesearch._interrupts
        self.root_player: i64 = 0
        self.count: i64 = 0  # set by ordered(), read at once by the caller
        self.expanded = 0
        self.leaves = 0
        self.cutoffs = 0
        self.max_depth = 0
        self.estimates = 0
        self.got_lo = False
        self.got_hi = False
        self.proven_leaf = False  # set by leaf(), read at once by the caller
        self.scored_root: list[tuple[Any, float]] = []
        self.lines: list[Any] = [None] * (board.width * board.height + 2)
        self.line: Any = None

    def run(
        self, state: int, mover: int, viewer: int, alpha: float, beta: float, limit: int
    ) -> float:
        """The fail-soft value of the non-terminal ConnectFour ``state`` for ``mover``.

        ``viewer`` is the player whose utility leaves are scored by (with the setting's
        ``root_view``); ``limit`` the ply at which states are evaluated, or -1 for none.
        """
        table = self.table
        board = self.board
        full, bits = int(board.full), int(board.bits)  # the state is wider than a word
        mask: i64 = state & full
        last: i64 = state >> bits & full
        self.root_player = viewer
        horizon: i64 = limit if limit > 0 else table.unlimited
        score = self.search(mask, last, mover, alpha, beta, 0, horizon)
        self.line = self.lines[0]
        return score

    def evaluation(self, x_stones: i64, o_stones: i64) -> float:
        """``ConnectFour.evaluate(state, 0)``: X's estimate, from the two players' stones."""
        board, centre = self.board, self.centre
        score = self.centre_weight * (_popcount(x_stones & centre) - _popcount(o_stones & centre))
        score += board.windows(x_stones, o_stones, self.three, self.two)
        return float(score) / self.scale

    def ordered(self, moves: i64, ply: i64, first: i64, wins: i64, blocks: i64) -> i64:
        """The columns ``moves`` (a set of columns, one bit each) in the order to try them.

        ``ConnectFour.order`` (the columns of the cells ``wins``, then those of ``blocks``, then
        the rest, each centre-first), then the engine's ordering: the table's column first,
        then the order's first, then the killers of ``ply``. Packed four bits a column; the
        count in :attr:`count`.
        """
        table = self.table
        board = self.board
        width = board.width
        order: i64 = 0
        count: i64 = 0
        for group in range(3):
            rank: i64 = 0
            while rank < width:
                col = board.centre_first >> (4 * rank) & 15
                rank += 1
                if not moves >> col & 1:
                    continue
                cells = board.column_cells(col)
                kind = 0 if wins & cells else 1 if blocks & cells else 2
                if kind == group:
                    order |= col << (4 * count)
                    count += 1
        self.count = count
        front: i64 = 0  # the columns moved forward, packed, and how many
        fronts: i64 = 0
        if first >= 0 and moves >> first & 1:
            front, fronts = first, 1
        if count and (not fronts or (order & 15) != first):
            front |= (order & 15) << (4 * fronts)
            fronts += 1
        if self.killers is not None:
            slot = self.killers.get(int(ply))
            if slot is not None:
                for killer in slot:
                    col = table.first_column(killer)
                    if col < 0 or not moves >> col & 1 or _holds(front, fronts, col):
                        continue
                    front |= col << (4 * fronts)
                    fronts += 1
        if not fronts or (fronts == 1 and (front & 15) == (order & 15)):
            return order
        index: i64 = 0
        while index < count:
            col = order >> (4 * index) & 15
            index += 1
            if not _holds(front, fronts, col):
                front |= col << (4 * fronts)
                fronts += 1
        return front

    def remember(self, col: i64, ply: i64, remaining: i64) -> None:
        """``remember_cutoff``: the column caused a cutoff at ``ply``, ``remaining`` plies up."""
        action = int(col)
        killers = self.killers
        if killers is not None:
            slot = killers.setdefault(int(ply), [])
            if action not in slot:
                slot.insert(0, action)
                del slot[2:]
        history = self.history
        if history is not None:
            history[action] = history.get(action, 0) + int(remaining) * int(remaining)

    def search(
        self, mask: i64, last: i64, mover: i64, alpha: float, beta: float, ply: i64, horizon: i64
    ) -> float:
        """The general loop's ``search``, on words: fail-soft, the same nodes."""
        table = self.table
        self.expanded += 1
        if not self.expanded & NOW_AND_THEN:
            self.pause()
        unlimited = table.unlimited
        remaining = horizon - ply if horizon < unlimited else unlimited
        first: i64 = -1
        key = mask + last
        entries = table.entries
        top, mate = table.top, table.mate
        at = float(ply)
        if entries is not None:
            entry = entries.get(key)
            if entry is not None:
                search_of, depth_of, bound, value, action, proven = entry
                first = table.first_column(action)
                if value >= mate:
                    value -= at
                elif value <= -mate:
                    value += at
                if (
                    search_of == table.search_id
                    and depth_of >= remaining
                    and ply > 0
                    and (
                        bound == table.exact
                        or (bound == table.lower and value >= beta)
                        or (bound == table.upper and value <= alpha)
                    )
                ):
                    if not proven:
                        self.estimates += 1
                    self.got_lo, self.got_hi = proven and bound != table.upper, (
                        proven and bound != table.lower
                    )
                    self.lines[ply] = None
                    return value
        if alpha >= top - at - 1:
            self.lines[ply], self.got_lo, self.got_hi = None, False, True
            return top - at - 1
        if beta <= at + 1 - top:
            self.lines[ply], self.got_lo, self.got_hi = None, True, False
            return at + 1 - top
        return self.expand(mask, last, mover, alpha, beta, ply, horizon, remaining, key, first)

    def expand(
        self,
        mask: i64,
        last: i64,
        mover: i64,
        alpha: float,
        beta: float,
        ply: i64,
        horizon: i64,
        remaining: i64,
        key: i64,
        first: i64,
    ) -> float:
        """The children of a node the table and mate distance did not settle, and the store."""
        table = self.table
        board = self.board
        top = table.top
        mine = mask ^ last
        alpha_in = alpha
        best_lo, all_hi = False, True
        view = self.root_player if self.root_view else mover
        best = -math.inf
        best_action: i64 = -1
        child_ply = ply + 1
        lines = self.lines
        moves = board.free_columns(mask)
        # Where the mover wins at once and where the opponent would: read once, used twice.
        playable = (mask + board.bottom_row) & board.board
        wins, threats = board.completions(mine) & playable, board.completions(last) & ~mask
        if horizon - ply >= 2:
            safe = board.columns_of(wins if wins else board.safe_cells(playable, threats))
            if not safe:
                best, best_action = float(ply + 2) - top, board.first_free(mask)
                lines[ply] = (int(best_action), None)
                best_lo = True
            moves = safe
        tried: i64 = 0
        count: i64 = 0
        if moves:
            tried = self.ordered(moves, ply, first, wins, threats & playable)
            count = self.count
        index: i64 = 0
        while index < count:
            col = tried >> (4 * index) & 15
            index += 1
            if self.limited and (
                self.clock() >= self.deadline or self.expanded + self.leaves >= self.budget
            ):
                self.stop(self.scored_root, self.expanded + self.leaves, self.leaves)
            cells = board.column_cells(col)
            cell = (mask + (board.bottom_row & cells)) & cells
            child_mask, child_last = mask | cell, mine | cell
            below: Any = None
            if child_ply >= horizon or board.has_four(child_last) or child_mask == board.board:
                value = self.leaf(child_mask, child_last, last, mover, view, child_ply)
                c_lo = c_hi = self.proven_leaf
            else:
                value = -self.search(
                    child_mask, child_last, 1 - mover, -beta, -alpha, child_ply, horizon
                )
                below = lines[child_ply]
                c_lo, c_hi = self.got_hi, self.got_lo
            if not c_hi:
                all_hi = False
            if ply == 0:
                self.scored_root.append((int(col), value))
            if value > best or best_action < 0:
                best, best_action, best_lo = value, col, c_lo
                lines[ply] = (int(col), below)
                if value > alpha:
                    if value >= beta:  # alpha would rise to beta: a cutoff
                        self.cutoffs += 1
                        self.remember(col, ply, remaining)
                        all_hi = False
                        break
                    alpha = value
        if table.entries is not None:
            proofs = (best_lo, all_hi)
            self.store_value(key, best, best_action, alpha_in, beta, ply, remaining, proofs)
        self.got_lo, self.got_hi = best_lo, all_hi
        return best


    def leaf(
        self, child_mask: i64, child_last: i64, last: i64, mover: i64, view: i64, child_ply: i64
    ) -> float:
        """The value for ``mover`` of a child that ends the game or lies at the depth limit.

        Sets :attr:`proven_leaf`: the end of the game is proven, an estimate is not.
        """
        table = self.table
        self.leaves += 1
        if child_ply > self.max_depth:
            self.max_depth = child_ply
        board = self.board
        if board.has_four(child_last):  # the mover won: +1 for it, from either view
            self.proven_leaf = True
            return table.top - float(child_ply)
        if child_mask == board.board:  # a draw: 0.0, negated where the view is the opponent's
            self.proven_leaf = True
            return 0.0 if view == mover else -0.0
        self.proven_leaf = False
        self.estimates += 1
        x_stones = child_last if mover == 0 else last
        score = self.evaluation(x_stones, child_mask ^ x_stones)
        value = score if view == 0 else 0.0 - score
        return -value if view != mover else value

    def store_value(
        self,
        key: i64,
        best: float,
        best_action: i64,
        alpha_in: float,
        beta: float,
        ply: i64,
        remaining: i64,
        proofs: tuple[bool, bool],
    ) -> None:
        """The general loop's table store: the bound, the distance counted from the state.

        ``proofs``: whether the best child's value is a proven lower bound, and whether every
        child's is a proven upper bound.
        """
        table = self.table
        best_lo, all_hi = proofs
        bound = table.upper if best <= alpha_in else table.lower if best >= beta else table.exact
        at = float(ply)
        if best >= table.mate:
            stored, proven = best + at, True
        elif best <= -table.mate:
            stored, proven = best - at, True
        else:
            stored = best
            lower = bound == table.lower
            proven = all_hi if bound == table.upper else best_lo and (lower or all_hi)
        depth = table.unlimited if proven else remaining
        table.store(key, (table.search_id, depth, bound, stored, best_action, proven))


def _holds(packed: i64, count: i64, col: i64) -> bool:
    """Whether the first ``count`` columns of ``packed`` (four bits each) hold ``col``."""
    index: i64 = 0
    while index < count:
        if (packed >> (4 * index) & 15) == col:
            return True
        index += 1
    return False
