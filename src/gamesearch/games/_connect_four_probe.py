"""The exact solver's probe on Connect Four's bitboards held in 64-bit words: a second loop.

The engine's exact solver (:mod:`gamesearch.twoplayer._solver`) runs one probe as a loop over
any game's hooks: ``non_losing_children`` makes a tuple of child states per node, each state one
Python ``int`` of some 100 bits, and the table is keyed by ``solving_key``. This module is the
same probe written for one game, Connect Four, on two machine words: ``mask`` (every stone) and
``last`` (the stones of the player who moved last), as Pons's solver holds a position. It
visits exactly the nodes the general loop visits, in the same order, and stores the same
entries in the same table: the same answers, node counts and table, at a fraction of the cost
of a node once mypyc compiles it (``i64`` words, no child states, no tuples of children).

Why a second loop (the rule of one loop per algorithm lets one stay where a benchmark shows it
pays at least 1.3x): compiled, it solves the middle positions of ``bench/bench_compiled.py``
many times faster than the general loop compiled (figures in bench/README.md). In pure Python
it is slower than the general loop, whose memos of threats and ends pay there, so
:meth:`ConnectFour.solving_kernel <gamesearch.games.ConnectFour.solving_kernel>` offers it
only when this module is compiled. Tests check it node for node and entry for entry against
the general loop in both builds (tests/games/test_connect_four_probe.py).

It serves boards whose bitboard fits a word and whose move sorter fits one: at most 62 bits
(``width * (height + 1)``) and at most 15 columns, which holds the standard 7 x 6 board.

No literal is shifted by an ``i64`` here (``1 << n``): mypyc 2.4 compiles that as a 32-bit C
shift, which loses the high bits. Words are shifted instead (``self.one << n``), and the
identical node counts that CI checks between the builds would show such a slip.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Final, final

from .._build import is_extension
from .._interrupts import let_python_look
from ..capabilities import ProbeSetting, TableAccess

if TYPE_CHECKING:  # mypyc's fixed-width int; plain int in pure Python
    from mypy_extensions import i64

__all__ = ["NOW_AND_THEN", "ConnectFourBoard", "ConnectFourProbe", "TableWords", "fits", "native"]

NOW_AND_THEN: Final = (1 << 16) - 1
"""Every 65,536 nodes the probe calls a Python function, so that a Ctrl-C stops it."""

_WORD: Final = 62
"""The bits a board may take: an ``i64`` with room to add the bottom row without overflow."""


def native() -> bool:
    """Whether this module runs compiled by mypyc (a C extension) rather than as Python."""
    return is_extension(__file__)


def fits(width: int, height: int) -> bool:
    """Whether a ``width`` x ``height`` board fits the words of :class:`ConnectFourProbe`."""
    cells = width * height
    return width * (height + 1) <= _WORD and width <= 15 and width * _entry_bits(width, cells) <= 63


def _entry_bits(width: int, cells: int) -> int:
    """The bits of one key of the move sorter: ``made * width + tie`` with ``made <= cells``."""
    return ((cells + 1) * width - 1).bit_length()


def _popcount(bits: i64) -> i64:
    """The number of set bits of ``bits`` (few, here: one loop turn each)."""
    count: i64 = 0
    while bits:
        bits &= bits - 1
        count += 1
    return count


@final
class ConnectFourBoard:
    """A board size's shifts and masks as words, computed once per game.

    Shifts that move bits up are taken after masking off the bits that would leave the
    board's word, so that no word overflows 64 bits (the cells past the board are dropped at
    the end anyway).
    """

    def __init__(self, width: int, height: int) -> None:
        stride = height + 1
        bits = width * stride
        bottom_row = sum(1 << (col * stride) for col in range(width))
        self.width: i64 = width
        self.height: i64 = height
        self.stride: i64 = stride
        self.bits: i64 = bits
        self.bottom_row: i64 = bottom_row
        self.board: i64 = bottom_row * ((1 << height) - 1)
        self.column_bits: i64 = (1 << height) - 1  # one column's cells, at the bottom
        self.key_column: i64 = (1 << stride) - 1  # one column of a key, sentinel included
        self.full: i64 = (1 << bits) - 1
        self.mirrored_stones: i64 = width * height // 4  # ConnectFour.solving_key's limit
        centre_first = sorted(range(width), key=lambda col: (abs(2 * col - (width - 1)), col))
        self.centre_first: i64 = sum(col << (4 * rank) for rank, col in enumerate(centre_first))
        self.entry_bits: i64 = _entry_bits(width, width * height)
        self.entry_mask: i64 = (1 << _entry_bits(width, width * height)) - 1
        self.ones: i64 = (1 << _WORD) - 1
        self.one: i64 = 1  # shifted, never a literal: see the module's note on mypyc
        h, d, u = stride, stride - 1, stride + 1  # along rows, and the two diagonals
        self.h1: i64 = h
        self.h2: i64 = 2 * h
        self.h3: i64 = 3 * h
        self.d1: i64 = d
        self.d2: i64 = 2 * d
        self.d3: i64 = 3 * d
        self.u1: i64 = u
        self.u2: i64 = 2 * u
        self.u3: i64 = 3 * u
        # keep[k]: the bits that stay inside the word after a shift up by k
        self.keep1: i64 = (1 << (bits - 1)) - 1
        self.keep2: i64 = (1 << max(bits - 2, 0)) - 1
        self.keep3: i64 = (1 << max(bits - 3, 0)) - 1
        self.keep_h1: i64 = (1 << max(bits - h, 0)) - 1
        self.keep_h2: i64 = (1 << max(bits - 2 * h, 0)) - 1
        self.keep_h3: i64 = (1 << max(bits - 3 * h, 0)) - 1
        self.keep_d1: i64 = (1 << max(bits - d, 0)) - 1
        self.keep_d2: i64 = (1 << max(bits - 2 * d, 0)) - 1
        self.keep_d3: i64 = (1 << max(bits - 3 * d, 0)) - 1
        self.keep_u1: i64 = (1 << max(bits - u, 0)) - 1
        self.keep_u2: i64 = (1 << max(bits - 2 * u, 0)) - 1
        self.keep_u3: i64 = (1 << max(bits - 3 * u, 0)) - 1
        board = self.board
        # Per direction, the lowest cells of the windows of four that fit on the board.
        self.anchors1: i64 = board & board >> 1 & board >> 2 & board >> 3
        self.anchors_h: i64 = board & board >> h & board >> 2 * h & board >> 3 * h
        self.anchors_d: i64 = board & board >> d & board >> 2 * d & board >> 3 * d
        self.anchors_u: i64 = board & board >> u & board >> 2 * u & board >> 3 * u
        self.tops: i64 = bottom_row << (height - 1)  # the top cell of each column

    def completions(self, s: i64) -> i64:
        """The cells of the board that would give the stones ``s`` four in a row.

        :func:`gamesearch.games._bitboard.completions_on`, on a word.
        """
        wins = (s & self.keep1) << 1 & (s & self.keep2) << 2 & (s & self.keep3) << 3
        h1, h2, h3 = self.h1, self.h2, self.h3
        ahead = (s & self.keep_h1) << h1 & (s & self.keep_h2) << h2
        behind = s >> h1 & s >> h2
        wins |= ahead & ((s & self.keep_h3) << h3 | s >> h1)
        wins |= behind & ((s & self.keep_h1) << h1 | s >> h3)
        d1, d2, d3 = self.d1, self.d2, self.d3
        ahead = (s & self.keep_d1) << d1 & (s & self.keep_d2) << d2
        behind = s >> d1 & s >> d2
        wins |= ahead & ((s & self.keep_d3) << d3 | s >> d1)
        wins |= behind & ((s & self.keep_d1) << d1 | s >> d3)
        u1, u2, u3 = self.u1, self.u2, self.u3
        ahead = (s & self.keep_u1) << u1 & (s & self.keep_u2) << u2
        behind = s >> u1 & s >> u2
        wins |= ahead & ((s & self.keep_u3) << u3 | s >> u1)
        wins |= behind & ((s & self.keep_u1) << u1 | s >> u3)
        return wins & self.board

    def key(self, mask: i64, last: i64, stones: i64) -> i64:
        """``ConnectFour.solving_key`` of the position of ``stones`` stones, on its words."""
        key = mask + last
        if stones > self.mirrored_stones:
            return key
        width, stride, column = self.width, self.stride, self.key_column
        mirrored: i64 = 0
        col: i64 = 0
        while col < width:
            mirrored |= (key >> (col * stride) & column) << ((width - 1 - col) * stride)
            col += 1
        return mirrored if mirrored < key else key

    def has_four(self, s: i64) -> bool:
        """Whether the stones ``s`` hold four in a row (:func:`._bitboard.has_four`)."""
        pairs = s & s >> 1
        if pairs & pairs >> 2:
            return True
        for d in (self.h1, self.d1, self.u1):
            pairs = s & s >> d
            if pairs & pairs >> 2 * d:
                return True
        return False

    def windows(self, mine: i64, theirs: i64, three: i64, two: i64) -> i64:
        """:func:`._bitboard.window_score` on words: open threes and twos, mine less theirs."""
        threes_mine: i64 = 0
        twos_mine: i64 = 0
        threes_theirs: i64 = 0
        twos_theirs: i64 = 0
        for d, anchors in (
            (1, self.anchors1), (self.h1, self.anchors_h), (self.d1, self.anchors_d),
            (self.u1, self.anchors_u),
        ):  # fmt: skip
            a, b, c, e = mine, mine >> d, mine >> 2 * d, mine >> 3 * d
            p, q, r, s = theirs, theirs >> d, theirs >> 2 * d, theirs >> 3 * d
            one_ab, one_ce = a ^ b, c ^ e
            two_or_three = (a & b ^ c & e ^ one_ab & one_ce) & anchors & ~(p | q | r | s)
            threes = two_or_three & (one_ab ^ one_ce)
            threes_mine += _popcount(threes)
            twos_mine += _popcount(two_or_three ^ threes)
            one_pq, one_rs = p ^ q, r ^ s
            two_or_three = (p & q ^ r & s ^ one_pq & one_rs) & anchors & ~(a | b | c | e)
            threes = two_or_three & (one_pq ^ one_rs)
            threes_theirs += _popcount(threes)
            twos_theirs += _popcount(two_or_three ^ threes)
        return three * (threes_mine - threes_theirs) + two * (twos_mine - twos_theirs)

    def free_columns(self, mask: i64) -> i64:
        """The columns that are not full, one bit each (bit ``c`` for column ``c``)."""
        free: i64 = 0
        col: i64 = 0
        while col < self.width:
            if not mask & self.tops & self.column_cells(col):
                free |= self.one << col
            col += 1
        return free

    def safe_cells(self, playable: i64, threats: i64) -> i64:
        """The cells of ``playable`` that do not let the opponent win at once, or 0 for none.

        For a mover with no winning cell; ``threats`` are the empty cells that would complete a
        four for the opponent. A threat in a playable cell must be blocked (two cannot be), and
        no stone may go under one (``ConnectFour.non_losing_actions``).
        """
        forced = playable & threats
        if forced:
            if forced & (forced - 1):  # two threats: no single stone blocks both
                return 0
            playable = forced
        return playable & ~(threats >> 1)

    def columns_of(self, cells: i64) -> i64:
        """The columns that hold ``cells``, one bit each (bit ``c`` for column ``c``)."""
        columns: i64 = 0
        col: i64 = 0
        while col < self.width:
            if cells & self.column_cells(col):
                columns |= self.one << col
            col += 1
        return columns

    def column_cells(self, col: i64) -> i64:
        """The cells of column ``col``."""
        return self.column_bits << (col * self.stride)

    def first_free(self, mask: i64) -> i64:
        """The leftmost column that is not full (``ConnectFour.actions(state)[0]``)."""
        top = self.height - 1
        col: i64 = 0
        while mask >> (col * self.stride + top) & 1:
            col += 1
        return col

    def sorted_columns(self, safe: i64, mine: i64, free: i64) -> i64:
        """The columns of ``safe``, in ``ConnectFour.non_losing_children``'s order, 4 bits each.

        Most cells where one more stone completes a four first, ties centre-first: each
        column's key ``made * width + tie`` (the tie ``width - 1 - rank``) goes into one word
        of keys kept ascending, read back from the top.
        """
        width, bits, slot = self.width, self.entry_bits, self.entry_mask
        keys: i64 = 0
        count: i64 = 0
        rank: i64 = 0
        while rank < width:
            cell = safe & self.column_cells(self.centre_first >> (4 * rank) & 15)
            if cell:
                made = _popcount(self.completions(mine | cell) & free)
                entry = made * width + width - 1 - rank
                at = count
                while at > 0 and (keys >> (bits * (at - 1)) & slot) > entry:
                    at -= 1
                below = keys & (self.ones >> (_WORD - bits * at))
                above = keys >> (bits * at)
                keys = below | entry << (bits * at) | above << (bits * (at + 1))
                count += 1
            rank += 1
        order: i64 = 0
        index: i64 = 0
        while index < count:
            tie = (keys >> (bits * (count - 1 - index)) & slot) % width
            col = self.centre_first >> (4 * (width - 1 - tie)) & 15
            order |= col << (4 * index)
            index += 1
        return order


Entry = tuple[int, int, int, float, Any, bool]
"""A raw entry of the engine's transposition table (``twoplayer.table.RawEntry``)."""


@final
class TableWords:
    """The engine's transposition table (a :class:`TableAccess`) as the loops on words use it."""

    def __init__(self, access: TableAccess, width: int) -> None:
        self.entries: dict[Hashable, Entry] | None = access.entries
        self.store: Callable[[Hashable, Entry], None] = access.store
        self.search_id: int = access.search_id
        self.top: float = access.top
        self.mate: float = access.mate
        self.exact: i64 = access.exact
        self.lower: i64 = access.lower
        self.upper: i64 = access.upper
        self.unlimited: i64 = access.unlimited
        self.width: i64 = width

    def first_column(self, action: object) -> i64:
        """The column an entry's best action names, or -1 for none on this board."""
        if isinstance(action, int) and 0 <= action < self.width:
            return int(action)
        return -1


_NORMAL: Final = 0
_WINS: Final = 1
_DRAW: Final = 2


@final
class ConnectFourProbe:
    """One probe of the exact solver on a Connect Four board's words, and its counts.

    The fields ``expanded``, ``leaves``, ``cutoffs``, ``max_depth`` and ``root_action`` are the
    general loop's (:class:`gamesearch.twoplayer._solver._Probe`).
    """

    def __init__(self, board: ConnectFourBoard, setting: ProbeSetting) -> None:
        self.board = board
        self.table = TableWords(setting.table, int(board.width))
        entries = setting.table.entries
        assert entries is not None  # the solver always has a table
        self.entries: dict[Hashable, Entry] = entries
        self.capacity: int = setting.capacity
        self.root_stones: i64 = 0
        self.count: i64 = 0  # set by children(), read at once by the caller
        self.kind: i64 = _NORMAL
        self.expanded = 0
        self.leaves = 0
        self.cutoffs = 0
        self.max_depth = 0
        self.root_action: Any = None
        self.pause: Callable[[], None] = let_python_look  # see gamesearch._interrupts
        self.pause_every: int = NOW_AND_THEN  # a mask of the low bits of ``expanded``

    def run(self, state: int, alpha: float, beta: float) -> float:
        """The fail-soft value of the non-terminal ConnectFour ``state`` for its mover."""
        board = self.board
        full, bits = int(board.full), int(board.bits)  # the state is wider than a word
        mask: i64 = state & full
        last: i64 = state >> bits & full
        self.root_stones = _popcount(mask)
        return self.search(mask, last, alpha, beta, 0)

    def search(self, mask: i64, last: i64, alpha: float, beta: float, ply: i64) -> float:
        """The general loop's ``search``, on words: fail-soft, proven, the same nodes."""
        table = self.table
        self.expanded += 1
        if not self.expanded & self.pause_every:
            self.pause()
        board = self.board
        mine = mask ^ last
        key = board.key(mask, last, self.root_stones + ply)
        entries = self.entries
        entry = entries.get(key)
        first: i64 = -1
        top, mate = table.top, table.mate
        at = float(ply)  # the ply as the values count it
        if entry is not None:
            _, _, bound, value, action, proven = entry
            first = table.first_column(action)
            if proven and ply > 0:
                if value >= mate:
                    value -= at
                elif value <= -mate:
                    value += at
                if bound == table.exact:
                    return value
                if bound == table.lower:
                    if value >= beta:
                        return value
                    if value > alpha:
                        alpha = value
                elif value <= alpha:
                    return value
                elif value < beta:
                    beta = value
        if ply:
            if alpha >= top - at - 1:
                return top - at - 1
            if beta <= at + 2 - top:
                return at + 2 - top
        order = self.children(mask, mine, last)
        count, kind = self.count, self.kind
        if ply and count and kind == _NORMAL:
            if alpha >= top - at - 3:
                return top - at - 3
            cut = self.transposition_cut(mask, mine, order, count, beta, ply)
            if cut == cut:  # not NaN: a child's bound cuts off
                return cut
        if ply + 1 > self.max_depth:
            self.max_depth = ply + 1
        return self.searched(mask, mine, key, order, count, kind, first, alpha, beta, ply)

    def children(self, mask: i64, mine: i64, last: i64) -> i64:
        """``non_losing_children``'s columns in order, 4 bits each from the lowest.

        Sets :attr:`count` to their number and :attr:`kind` to what they are: ``_WINS`` (each
        wins at once), ``_DRAW`` (the one move fills the board) or ``_NORMAL``.
        """
        board = self.board
        self.kind = _NORMAL
        playable = (mask + board.bottom_row) & board.board
        wins = board.completions(mine) & playable
        if wins:
            order: i64 = 0
            count: i64 = 0
            rank: i64 = 0
            while rank < board.width:
                col = board.centre_first >> (4 * rank) & 15
                if wins & board.column_cells(col):
                    order |= col << (4 * count)
                    count += 1
                rank += 1
            self.count, self.kind = count, _WINS
            return order
        safe = board.safe_cells(playable, board.completions(last) & ~mask)
        if not safe:
            self.count = 0
            return 0
        free = board.board & ~mask
        if not safe & (safe - 1):  # one move: nothing to order
            col = 0
            while not safe & board.column_cells(col):
                col += 1
            self.count = 1
            if free == safe:  # the last empty cell: a draw
                self.kind = _DRAW
            return col
        self.count = _popcount(safe)  # one cell a column
        return board.sorted_columns(safe, mine, free)

    def transposition_cut(
        self, mask: i64, mine: i64, order: i64, count: i64, beta: float, ply: i64
    ) -> float:
        """The general loop's enhanced transposition cutoff, or NaN where no child cuts off."""
        table = self.table
        board = self.board
        entries = self.entries
        mate = table.mate
        index: i64 = 0
        while index < count:
            col = order >> (4 * index) & 15
            cell = (mask + (board.bottom_row & board.column_cells(col))) & board.column_cells(col)
            entry = entries.get(board.key(mask | cell, mine | cell, self.root_stones + ply + 1))
            index += 1
            if entry is None or not entry[5]:
                continue
            bound, value = entry[2], entry[3]
            if value >= mate:
                value -= float(ply + 1)
            elif value <= -mate:
                value += float(ply + 1)
            if bound != table.lower and -value >= beta:
                return -value
        return math.nan

    def searched(
        self,
        mask: i64,
        mine: i64,
        key: i64,
        order: i64,
        count: i64,
        kind: i64,
        first: i64,
        alpha: float,
        beta: float,
        ply: i64,
    ) -> float:
        """Search the children ``order`` (``count`` columns) and store the value under ``key``."""
        table = self.table
        board = self.board
        top = table.top
        alpha_in = alpha
        best_action: i64 = -1
        if not count:  # every move lets the opponent win at once: lost at ply + 2
            best = float(ply + 2) - top
            best_action = board.first_free(mask)
            alpha_in, beta = -math.inf, math.inf
        else:
            if first >= 0 and order & 15 != first:  # the table's move first
                index: i64 = 1
                while index < count and (order >> (4 * index) & 15) != first:
                    index += 1
                if index < count:
                    low = order & (board.ones >> (_WORD - 4 * index))
                    high = order >> (4 * (index + 1)) << (4 * (index + 1))
                    order = high | low << 4 | first
            best = -math.inf
            child_ply = float(ply + 1)
            index = 0
            while index < count:
                col = order >> (4 * index) & 15
                index += 1
                if kind == _WINS:
                    self.leaves += 1
                    value = top - child_ply
                elif kind == _DRAW:
                    self.leaves += 1
                    value = 0.0
                else:
                    cells = board.column_cells(col)
                    cell = (mask + (board.bottom_row & cells)) & cells
                    value = -self.search(mask | cell, mine | cell, -beta, -alpha, ply + 1)
                if value > best:
                    best, best_action = value, col
                    if value > alpha:
                        if value >= beta:
                            self.cutoffs += 1
                            break
                        alpha = value
        bound = table.upper if best <= alpha_in else table.lower if best >= beta else table.exact
        mate = table.mate
        at = float(ply)
        stored = best + at if best >= mate else best - at if best <= -mate else best
        record = (table.search_id, table.unlimited, bound, stored, best_action, True)
        if len(self.entries) < self.capacity:  # the table's store, inline while it has room
            self.entries[key] = record
        else:
            table.store(key, record)
        if ply == 0:
            self.root_action = best_action
        return best

