"""Bit tricks on Connect Four bitboards: fours in a row, threats, and windows of four cells.

A bitboard is an ``int`` in the layout of John Tromp's and Pascal Pons's solvers (see
:class:`~gamesearch.games.ConnectFour`): ``height + 1`` bits per column, bottom row first, the
top bit of each column a sentinel that is always clear. Moving one cell is then a shift by a
fixed amount, the same everywhere on the board: 1 up a column, ``height + 1`` along a row,
``height`` and ``height + 2`` along the diagonals. A run that would leave the board lands on a
sentinel or outside it, so it never wraps round into another column.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["completions", "has_four", "window_score"]


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


def window_score(
    mine: int, theirs: int, windows: Sequence[tuple[int, int]], three: int, two: int
) -> int:
    """``three`` per open three and ``two`` per open two of ``mine``, minus those of ``theirs``.

    A window is four cells in a line, named by its lowest cell; ``windows`` gives, for each
    direction, the shift and the bitboard of the lowest cells of the windows that fit on the
    board. An open three is a window with three stones of one side and one empty cell, an open
    two one with two stones and two empty cells. Each window is counted by bit-slicing: with
    ``a, b, c, e`` the four cells seen through shifted copies of the board, ``a & b`` and
    ``a ^ b`` are the twos and ones digits of ``a + b``, and so on.
    """
    score = 0
    for d, anchors in windows:
        m1, m2, m3 = mine >> d, mine >> 2 * d, mine >> 3 * d
        t1, t2, t3 = theirs >> d, theirs >> 2 * d, theirs >> 3 * d
        for sign, a, b, c, e, other in (
            (1, mine, m1, m2, m3, theirs | t1 | t2 | t3),
            (-1, theirs, t1, t2, t3, mine | m1 | m2 | m3),
        ):
            free = anchors & ~other  # windows without a stone of the other side
            pair_ab, one_ab = a & b, a ^ b
            pair_ce, one_ce = c & e, c ^ e
            threes = (pair_ab & one_ce | pair_ce & one_ab) & free
            twos = (pair_ab & ~(c | e) | pair_ce & ~(a | b) | one_ab & one_ce) & free
            score += sign * (three * threes.bit_count() + two * twos.bit_count())
    return score
