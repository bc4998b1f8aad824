"""The exact solver's probe on Connect Four's bitboards held in 64-bit words: Pons's solver.

The engine's exact solver (:mod:`gamesearch.twoplayer._solver`) runs one probe as a loop over
any game's hooks: ``non_losing_children`` makes a tuple of child states per node, each state one
Python ``int`` of some 100 bits, and the table is a ``dict`` keyed by ``solving_key``. This
module is the probe of Pascal Pons's solver ("Solving Connect 4", 2019) for one game, on two
machine words (``mask``, every stone, and the stones of the player to move), with a table of
its own (:mod:`._connect_four_table`: each entry packed in one float, kept beside the engine's
transposition table). It answers what the general loop answers (a fail-soft bound on the same
side of the probe's point, the exact value once the probes meet, a best root action that
reaches it), not node for node: its table forgets an entry when another takes its slot, and it
searches in integer scores. Compiled by mypyc, a node costs a fraction of the general loop's
(``i64`` words, no child states, no tuples, no ``dict``).

What it takes from Pons's solver, and what it adds (each measured; bench/README.md):

- the moves that do not lose at once (a state with none is lost two plies on), sorted by the
  cells where one more stone would complete a four, the centre first among equals;
- the bounds a win or a loss can still reach, cut before the table is read (a state with the
  board nearly full is a draw without a search);
- the table: one slot per hashed key, a new entry replacing the old, the key's hash above the
  slot number kept to tell keys apart;
- added: the table's best column is searched first, and the others are scored only if it does
  not cut off; enhanced transposition cutoffs (Plaat et al. 1996): a child whose stored upper
  bound settles the window cuts off before any child is searched; mirror images merged in the
  table while few stones are down (:meth:`ConnectFour.solving_key
  <gamesearch.games.ConnectFour.solving_key>`);
- added: two tables by the empty cells left. Below the root, a state with fewer than 16 empty
  cells (:data:`UNTABLED`) is kept in a small table of its own (:data:`NEAR_SLOTS`, which stays
  in the processor's cache) rather than the large one, whose slot is a cache miss; its children
  are not looked up for a cutoff; and one with fewer than 4 (:data:`NEAR_UNTABLED`) in neither.

Why a second loop (the rule of one loop per algorithm lets one stay where a benchmark shows it
pays at least 1.3x): compiled, it solves the positions of ``bench/bench_compiled.py`` many
times faster than the general loop compiled. In pure Python it is slower than the general
loop, whose memos of threats and ends pay there, so :meth:`ConnectFour.solving_kernel
<gamesearch.games.ConnectFour.solving_kernel>` offers it only when this module is compiled.
Tests check its answers against the general loop's in both builds
(tests/games/test_connect_four_probe.py).

It serves boards whose bitboard fits a word and whose move sorter fits one: at most 62 bits
(``width * (height + 1)``) and at most 15 columns, which holds the standard 7 x 6 board.

No literal is shifted by an ``i64`` here (``1 << n``): mypyc 2.4 compiles that as a 32-bit C
shift, which loses the high bits. Words are shifted instead (``self.one << n``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Final, final

from .._extension import is_extension
from .._interrupts import let_python_look
from ..capabilities import ProbeSetting, TableAccess
from ._connect_four_table import EXACT, LOWER, SCALE, UPPER, SolvingTable

if TYPE_CHECKING:  # mypyc's fixed-width int; plain int in pure Python
    from mypy_extensions import i64

__all__ = [
    "NEAR_SLOTS",
    "NEAR_UNTABLED",
    "NOW_AND_THEN",
    "UNTABLED",
    "ConnectFourBoard",
    "ConnectFourProbe",
    "TableWords",
    "fits",
    "native",
]

NOW_AND_THEN: Final = (1 << 16) - 1
"""Every 65,536 nodes the probe calls a Python function, so that a Ctrl-C stops it."""

UNTABLED: Final = 16
"""Below the root, a state with fewer empty cells than this is neither looked up in the large
table nor stored there, nor are its children looked up for a cutoff: its subtree is small, and
the large table's slot a cache miss in a table of millions. It goes to the small table
(:data:`NEAR_SLOTS`) instead. Issue 49, 7x6, compiled: with the small table for 4-15 empty cells
the begin set searches about half the nodes of the large table alone for 12 or more (then the
only table) in 0.65-0.8 of the time (bench/README.md)."""

NEAR_UNTABLED: Final = 4
"""A state with fewer empty cells than this is in no table: its search costs less than a slot."""

NEAR_SLOTS: Final = 1 << 14
"""The small table's slots at most (128 kB of slots and their floats; fewer where the engine's
table is given fewer entries, see :meth:`ConnectFour.solving_kernel
<gamesearch.games.ConnectFour.solving_kernel>`)."""

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


def _window_score(mine: i64, theirs: i64, d: i64, anchors: i64, three: i64, two: i64) -> i64:
    """:meth:`ConnectFourBoard.windows` along one direction ``d``, from the windows' ``anchors``.

    A window of four cells, none of the other player's, holding three stones (or two) counts
    ``three`` (or ``two``) for its owner.
    """
    a, b, c, e = mine, mine >> d, mine >> 2 * d, mine >> 3 * d
    p, q, r, s = theirs, theirs >> d, theirs >> 2 * d, theirs >> 3 * d
    one_ab, one_ce = a ^ b, c ^ e
    two_or_three = (a & b ^ c & e ^ one_ab & one_ce) & anchors & ~(p | q | r | s)
    threes = two_or_three & (one_ab ^ one_ce)
    score = three * _popcount(threes) + two * _popcount(two_or_three ^ threes)
    one_pq, one_rs = p ^ q, r ^ s
    two_or_three = (p & q ^ r & s ^ one_pq & one_rs) & anchors & ~(a | b | c | e)
    threes = two_or_three & (one_pq ^ one_rs)
    return score - three * _popcount(threes) - two * _popcount(two_or_three ^ threes)


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
        board = self.board
        # Per direction, the lowest cells of the windows of four that fit on the board.
        self.anchors1: i64 = board & board >> 1 & board >> 2 & board >> 3
        self.anchors_h: i64 = board & board >> h & board >> 2 * h & board >> 3 * h
        self.anchors_d: i64 = board & board >> d & board >> 2 * d & board >> 3 * d
        self.anchors_u: i64 = board & board >> u & board >> 2 * u & board >> 3 * u
        self.tops: i64 = bottom_row << (height - 1)  # the top cell of each column

    def completions(self, s: i64) -> i64:
        """The cells of the board that would give the stones ``s`` four in a row.

        :func:`gamesearch.games._bitboard.completions_on`, on a word. A shift up may carry
        stones past the word's 64 bits, which drops them (two's complement, as CPython's C
        compiler is told, ``-fwrapv``); the cells past the board are masked off at the end,
        and no bit that stays was carried.
        """
        wins = s << 1 & s << 2 & s << 3
        h1, h2, h3 = self.h1, self.h2, self.h3
        ahead = s << h1 & s << h2
        behind = s >> h1 & s >> h2
        wins |= ahead & (s << h3 | s >> h1) | behind & (s << h1 | s >> h3)
        d1, d2, d3 = self.d1, self.d2, self.d3
        ahead = s << d1 & s << d2
        behind = s >> d1 & s >> d2
        wins |= ahead & (s << d3 | s >> d1) | behind & (s << d1 | s >> d3)
        u1, u2, u3 = self.u1, self.u2, self.u3
        ahead = s << u1 & s << u2
        behind = s >> u1 & s >> u2
        wins |= ahead & (s << u3 | s >> u1) | behind & (s << u1 | s >> u3)
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
        # The four directions written out: a loop over a tuple of them would box each shift.
        pairs = s & s >> 1
        if pairs & pairs >> 2:
            return True
        d = self.h1
        pairs = s & s >> d
        if pairs & pairs >> 2 * d:
            return True
        d = self.d1
        pairs = s & s >> d
        if pairs & pairs >> 2 * d:
            return True
        d = self.u1
        pairs = s & s >> d
        return pairs & pairs >> 2 * d != 0

    def windows(self, mine: i64, theirs: i64, three: i64, two: i64) -> i64:
        """:func:`._bitboard.window_score` on words: open threes and twos, mine less theirs."""
        # One call a direction: a loop over a tuple of them would make and box it each time.
        return (
            _window_score(mine, theirs, 1, self.anchors1, three, two)
            + _window_score(mine, theirs, self.h1, self.anchors_h, three, two)
            + _window_score(mine, theirs, self.d1, self.anchors_d, three, two)
            + _window_score(mine, theirs, self.u1, self.anchors_u, three, two)
        )

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


@final
class ConnectFourProbe:
    """The exact solver's probes of one search on a Connect Four board's words, and their counts.

    Pons's solver on the engine's values: a fail-soft null-window negamax over the moves that
    do not lose at once (a state with none is lost two plies on), sorted by the cells where one
    more stone would complete a four (centre first among equals), with the bounds a win or a
    loss can reach cut before the table is read, and a table of its own (:class:`SolvingTable`,
    kept beside the transposition table) that holds each state's proven bound and best column.
    The fields ``expanded``, ``leaves``, ``cutoffs``, ``max_depth`` and ``root_action`` are the
    general loop's (:class:`gamesearch.twoplayer._solver._Probe`), set when :meth:`run` ends.
    """

    def __init__(
        self,
        board: ConnectFourBoard,
        setting: ProbeSetting,
        table: SolvingTable,
        near: SolvingTable,
    ) -> None:
        self.board = board
        self.table = table
        self.near = near
        self.top: float = setting.table.top
        self.mate: float = setting.table.mate
        self.cells: i64 = board.width * board.height
        self.width: i64 = board.width
        self.stride: i64 = board.stride
        self.bottom_row: i64 = board.bottom_row
        self.board_cells: i64 = board.board
        self.column_bits: i64 = board.column_bits
        self.centre_first: i64 = board.centre_first
        self.mirrored_stones: i64 = board.mirrored_stones
        self.root_stones: i64 = 0
        self.nodes: i64 = 0
        self.cuts: i64 = 0
        self.deepest: i64 = 0
        self.expanded = 0
        self.leaves = 0
        self.cutoffs = 0
        self.max_depth = 0
        self.root_action: Any = None
        self.pause: Callable[[], None] = let_python_look  # see gamesearch._interrupts
        self.pause_every: i64 = NOW_AND_THEN  # a mask of the low bits of ``nodes``

    def run(self, state: int, alpha: float, beta: float) -> float:
        """The fail-soft value of the non-terminal ConnectFour ``state`` for its mover.

        The window ``(alpha, beta)`` is in the engine's values (distance scores); the probe
        searches the integer window that holds the same values, and answers in the engine's.
        Each run counts its own work: one probe serves every probe of a search.
        """
        self.nodes, self.cuts, self.deepest, self.leaves, self.root_action = 0, 0, 0, 0, None
        board = self.board
        full, bits = int(board.full), int(board.bits)  # the state is wider than a word
        mask: i64 = state & full
        last: i64 = state >> bits & full
        mine = mask ^ last
        self.root_stones = _popcount(mask)
        low = self.below(alpha)
        high = self.below(math.nextafter(beta, -math.inf)) + 1
        playable = (mask + board.bottom_row) & board.board
        wins = board.completions(mine) & playable
        value: i64 = 0
        if wins:  # a win at once: the first in centre-first order
            self.nodes, self.deepest, self.leaves = 1, 1, 1
            self.root_action = self.centre_first_of(wins)
            value = SCALE - 1
        elif self.root_stones == self.cells - 1:  # the last empty cell: a draw
            self.nodes, self.deepest, self.leaves = 1, 1, 1
            self.root_action = self.centre_first_of(playable)
        else:
            value = self.search(mask, mine, low, high, 0)
        self.expanded, self.cutoffs, self.max_depth = self.nodes, self.cuts, self.deepest
        return self.engine_value(value)

    def below(self, point: float) -> i64:
        """The probe's largest value of a result the engine's value ``point`` is not below.

        So that an engine's value is above ``point`` exactly when the probe's is above it.
        """
        top, mate = self.top, self.mate
        if point >= mate:
            if point == math.inf:
                return SCALE
            plies = math.ceil(top - point)  # the soonest win not above the point
            if plies >= SCALE:
                return 0
            return SCALE - max(plies, 1)
        if point <= -mate:
            if point == -math.inf:
                return -SCALE
            plies = math.floor(top + point)  # the latest loss not above the point
            if plies < 1:
                return -SCALE
            return -(SCALE - min(plies, SCALE - 1))
        if point >= 0.0:
            return 0
        return -1

    def engine_value(self, value: i64) -> float:
        """The probe's ``value`` as the engine's distance score (or 0.0, a draw)."""
        if value > 0:
            return self.top - float(SCALE - value)
        if value < 0:
            return float(SCALE + value) - self.top
        return 0.0

    def centre_first_of(self, cells: i64) -> i64:
        """The column of ``cells`` nearest the centre (the left one of two as near)."""
        rank: i64 = 0
        while rank < self.width:
            col = self.centre_first >> (4 * rank) & 15
            if cells & self.column_bits << (col * self.stride):
                return col
            rank += 1
        return -1

    def search(self, mask: i64, mine: i64, alpha: i64, beta: i64, ply: i64) -> i64:
        """The fail-soft value for the player to move of the stones ``mine`` among ``mask``.

        Exact inside (alpha, beta); an upper bound at or below alpha, a lower bound at or
        above beta. The player to move cannot win at once (the root is checked by
        :meth:`run`, and every other state follows a move that leaves no win at once).
        """
        self.nodes += 1
        if not self.nodes & self.pause_every:
            self.pause()
        board = self.board
        theirs = mask ^ mine
        playable = (mask + self.bottom_row) & self.board_cells
        threats = board.completions(theirs) & ~mask
        forced = playable & threats
        if forced:
            if forced & (forced - 1):  # two threats: no single stone blocks both
                forced = 0
            playable = forced
        safe = playable & ~(threats >> 1)
        if not safe:  # every move lets the opponent win at once: lost at ply + 2
            if ply == 0:
                self.root_action = board.first_free(mask)
            return ply + 2 - SCALE
        stones = self.root_stones + ply
        if ply:
            # The soonest loss is at ply + 4 (no move here lets the opponent win at once),
            # the soonest win at ply + 3; neither once the board is full.
            low: i64 = 0
            if stones + 4 <= self.cells:
                low = ply + 4 - SCALE
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    return alpha
            high: i64 = 0
            if stones + 3 <= self.cells:
                high = SCALE - ply - 3
            if beta > high:
                beta = high
                if alpha >= beta:
                    return beta
        table = self.table
        far = ply == 0 or stones + UNTABLED <= self.cells
        if not far:
            table = self.near
        key = mask + theirs  # ConnectFour.solving_key: mirror images merged near the start
        if stones <= self.mirrored_stones:
            key = board.key(mask, theirs, stones)
        tabled = far or stones + NEAR_UNTABLED <= self.cells
        data: i64 = 0
        if tabled:
            data = table.get(key)
        first: i64 = -1
        if data:
            first = (data >> 9) - 1
            if ply:
                value = (data >> 2 & 127) - SCALE
                if value > 0:  # stored counted from the state: count it from the root
                    value -= ply
                elif value < 0:
                    value += ply
                bound = data & 3
                if bound == EXACT:
                    return value
                if bound == LOWER:
                    if value >= beta:
                        return value
                    if value > alpha:
                        alpha = value
                elif value <= alpha:
                    return value
                elif value < beta:
                    beta = value
        if ply >= self.deepest:
            self.deepest = ply + 1
        if ply and far:
            cut = self.transposition_cut(mask, mine, safe, beta, ply, stones)
            if cut != -SCALE - 1:
                return cut
        return self.searched(mask, mine, key, safe, first, alpha, beta, ply, tabled, table)

    def transposition_cut(
        self, mask: i64, mine: i64, safe: i64, beta: i64, ply: i64, stones: i64
    ) -> i64:
        """An enhanced transposition cutoff (Plaat et al. 1996), or ``-SCALE - 1`` for none.

        A child (a move to one of the cells ``safe``) whose stored upper bound, for its mover,
        settles the window here cuts off before any child is searched.
        """
        board, table = self.board, self.table
        if stones + 1 + UNTABLED > self.cells:  # the children are in the small table
            table = self.near
        while safe:
            cell = safe & -safe
            safe ^= cell
            key = (mask | cell) + (mine | cell)
            if stones < self.mirrored_stones:
                key = board.key(mask | cell, mine | cell, stones + 1)
            data = table.get(key)
            if not data or data & 3 == LOWER:
                continue
            value = (data >> 2 & 127) - SCALE
            if value > 0:
                value -= ply + 1
            elif value < 0:
                value += ply + 1
            if -value >= beta:
                return -value
        return -SCALE - 1

    def ordered(self, mask: i64, mine: i64, safe: i64) -> i64:
        """The columns of ``safe``, 4 bits each from the lowest; ``-1`` (all bits) ends them.

        By the cells where one more stone of the mover's would complete a four (Pons's move
        ordering), the centre first among equals.
        """
        board = self.board
        free = self.board_cells & ~mask
        stride, bits = self.stride, self.column_bits
        order: i64 = -1  # each insertion shifts the end marker up
        scores: i64 = 0  # the columns' scores, 4 bits each, in the same places
        count: i64 = 0
        rank: i64 = 0
        while rank < self.width:
            col = self.centre_first >> (4 * rank) & 15
            rank += 1
            cell = safe & bits << (col * stride)
            if not cell:
                continue
            score = _popcount(board.completions(mine | cell) & free)
            if score > 15:
                score = 15
            at = count
            while at > 0 and (scores >> (4 * (at - 1)) & 15) < score:
                at -= 1
            shift = 4 * at
            keep = (board.one << shift) - 1
            order = order & keep | col << shift | (order & ~keep) << 4
            scores = scores & keep | score << shift | (scores & ~keep) << 4
            count += 1
        return order

    def searched(
        self,
        mask: i64,
        mine: i64,
        key: i64,
        safe: i64,
        first: i64,
        alpha: i64,
        beta: i64,
        ply: i64,
        tabled: bool,
        table: SolvingTable,
    ) -> i64:
        """Search the moves to ``safe``, the table's ``first`` first; store the value at ``key``.

        The others are ordered only if the first does not cut off. Nothing is stored unless
        ``tabled``, and then in ``table``: the large table or the small (see :data:`UNTABLED`).
        """
        theirs = mask ^ mine
        bits, stride = self.column_bits, self.stride
        alpha_in = alpha
        best: i64 = -SCALE - 1
        best_col: i64 = -1
        cell: i64 = 0
        if first >= 0:
            cell = safe & bits << (first * stride)
        if cell:
            best = -self.search(mask | cell, theirs, -beta, -alpha, ply + 1)
            best_col = first
            if best > alpha:
                alpha = best
            safe ^= cell
        order: i64 = -1
        if best < beta:
            if safe & (safe - 1):
                order = self.ordered(mask, mine, safe)
            elif safe:
                order = ~15 | self.centre_first_of(safe)
        else:
            self.cuts += 1
        while order != -1:
            col = order & 15
            order >>= 4
            cell = safe & bits << (col * stride)
            value = -self.search(mask | cell, theirs, -beta, -alpha, ply + 1)
            if value > best:
                best, best_col = value, col
                if value > alpha:
                    if value >= beta:
                        self.cuts += 1
                        break
                    alpha = value
        bound: i64 = EXACT
        if best <= alpha_in:
            bound = UPPER
        elif best >= beta:
            bound = LOWER
        stored = best
        if best > 0:  # counted from the state
            stored += ply
        elif best < 0:
            stored -= ply
        if tabled:
            table.put(key, bound | (stored + SCALE) << 2 | (best_col + 1) << 9)
        if ply == 0:
            self.root_action = best_col
        return best
