"""Bit tricks on Connect Four bitboards: fours in a row, threats, and windows of four cells.

A bitboard is an ``int`` in the layout of John Tromp's and Pascal Pons's solvers (see
:class:`~gamesearch.games.ConnectFour`): ``height + 1`` bits per column, bottom row first, the
top bit of each column a sentinel that is always clear. Moving one cell is then a shift by a
fixed amount, the same everywhere on the board: 1 up a column, ``height + 1`` along a row,
``height`` and ``height + 2`` along the diagonals. A run that would leave the board lands on a
sentinel or outside it, so it never wraps round into another column.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["completions", "completions_on", "has_four", "window_counts", "window_score"]


def has_four(stones: int, directions: Sequence[int]) -> bool:
    """Whether ``stones`` hold four in a row along one of ``directions`` (shifts).

    Pons's test: ``pairs`` marks each stone whose neighbour is also a stone, and a pair whose
    neighbouring pair (two cells on) is also a pair makes four.
    """
    for d in directions:
        pairs = stones & stones >> d
        if pairs & pairs >> 2 * d:
            return True
    return False


def completions(stones: int, directions: Sequence[int], board: int) -> int:
    """The cells of ``board``, empty or not, that would give ``stones`` four in a row.

    ``directions`` starts with the vertical shift 1, where only three stones below a cell can
    complete it; along the others the missing cell may be at either end or inside (Pons's
    ``compute_winning_position``).
    """
    wins = stones << 1 & stones << 2 & stones << 3
    for d in directions[1:]:
        ahead = stones << d & stones << 2 * d  # the two cells behind it are stones
        behind = stones >> d & stones >> 2 * d  # the two cells ahead of it are stones
        wins |= ahead & (stones << 3 * d | stones >> d)
        wins |= behind & (stones << d | stones >> 3 * d)
    return wins & board


def completions_on(stride: int, board: int) -> Callable[[int], int]:
    """:func:`completions` for one board, unrolled: the shifts of its four directions fixed.

    ``stride`` is ``height + 1``; the function is a third faster than the loop, and it is the
    hot path of an exact solver's move ordering.
    """
    h1, h2, h3 = stride, 2 * stride, 3 * stride
    d1, d2, d3 = stride - 1, 2 * (stride - 1), 3 * (stride - 1)
    u1, u2, u3 = stride + 1, 2 * (stride + 1), 3 * (stride + 1)

    def cells(s: int) -> int:
        wins = s << 1 & s << 2 & s << 3
        ahead, behind = s << h1 & s << h2, s >> h1 & s >> h2
        wins |= ahead & (s << h3 | s >> h1) | behind & (s << h1 | s >> h3)
        ahead, behind = s << d1 & s << d2, s >> d1 & s >> d2
        wins |= ahead & (s << d3 | s >> d1) | behind & (s << d1 | s >> d3)
        ahead, behind = s << u1 & s << u2, s >> u1 & s >> u2
        wins |= ahead & (s << u3 | s >> u1) | behind & (s << u1 | s >> u3)
        return wins & board

    return cells


def window_score(
    mine: int, theirs: int, windows: Sequence[tuple[int, int, int, int]], three: int, two: int
) -> int:
    """``three`` per open three and ``two`` per open two of ``mine``, minus those of ``theirs``.

    A window is four cells in a line, named by its lowest cell; ``windows`` gives, for each
    direction, the shifts ``d, 2d, 3d`` to the window's other cells and the bitboard of the
    lowest cells of the windows that fit on the board. An open three is a window with three
    stones of one side and one empty cell, an open two one with two stones and two empty cells.
    The stones of a window are counted by bit-slicing, every window at once: with ``a, b, c, e``
    the board shifted so that bit x holds the window's k-th cell, the ones digit of
    ``a + b + c + e`` is ``a ^ b ^ c ^ e`` and the twos digit ``a & b ^ c & e ^ (a ^ b) & (c ^
    e)``; counts 2 and 3 are the windows whose twos digit is set.
    """
    threes_mine, twos_mine, threes_theirs, twos_theirs = window_counts(mine, theirs, windows)
    return three * (threes_mine - threes_theirs) + two * (twos_mine - twos_theirs)


def window_counts(
    mine: int, theirs: int, windows: Sequence[tuple[int, int, int, int]]
) -> tuple[int, int, int, int]:
    """The open threes and open twos of ``mine``, then those of ``theirs`` (see window_score)."""
    threes_mine = twos_mine = threes_theirs = twos_theirs = 0
    for d, d2, d3, anchors in windows:
        a, b, c, e = mine, mine >> d, mine >> d2, mine >> d3
        p, q, r, s = theirs, theirs >> d, theirs >> d2, theirs >> d3
        one_ab, one_ce = a ^ b, c ^ e
        two_or_three = (a & b ^ c & e ^ one_ab & one_ce) & anchors & ~(p | q | r | s)
        threes = two_or_three & (one_ab ^ one_ce)
        threes_mine += threes.bit_count()
        twos_mine += (two_or_three ^ threes).bit_count()
        one_pq, one_rs = p ^ q, r ^ s
        two_or_three = (p & q ^ r & s ^ one_pq & one_rs) & anchors & ~(a | b | c | e)
        threes = two_or_three & (one_pq ^ one_rs)
        threes_theirs += threes.bit_count()
        twos_theirs += (two_or_three ^ threes).bit_count()
    return threes_mine, twos_mine, threes_theirs, twos_theirs
