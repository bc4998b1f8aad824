"""The geometry of a Hex board on bitboards: neighbours, groups, winning cells and distances.

A board of side ``n`` is ``n * n`` bits, bit ``row * n + column``, row 0 at the top and column
0 on the left. Cell ``(r, c)`` touches six cells: ``(r, c - 1)`` and ``(r, c + 1)`` in its row,
``(r - 1, c)`` and ``(r - 1, c + 1)`` above, ``(r + 1, c - 1)`` and ``(r + 1, c)`` below (the
rhombus drawn with each row half a cell to the right of the one above). Every cell's
neighbours are then a fixed shift away: 1 along a row, ``n`` down a column and ``n - 1`` along
the short diagonal, with the cells of the first or last column masked out before a shift that
would carry them into the next row. One :meth:`HexBoard.neighbours` is twelve operations on
one Python int, whatever the number of cells.

A player's *goal* is a pair of opposite edges: the top and bottom rows for the first player,
the left and right columns for the second. Transposing the board (``(r, c) -> (c, r)``) keeps
the neighbourhood and exchanges the two goals, which is what the swap rule uses.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["HexBoard", "indices"]


@dataclass(frozen=True)
class HexBoard:
    """The masks of a board of side ``size``, and the operations the game needs on them.

    Attributes:
        size: The side of the board.
        cells: Every cell: the low ``size * size`` bits.
        not_first_column: Every cell but those of column 0 (what may move one column left).
        not_last_column: Every cell but those of the last column (what may move one column
            right).
        edges: Each player's two edges: the top and bottom rows (player 0), the left and right
            columns (player 1).
        around: The cells next to each cell, by its index.
        next_to: The same, as the indices of those cells.
    """

    size: int
    cells: int
    not_first_column: int
    not_last_column: int
    edges: tuple[tuple[int, int], tuple[int, int]]
    around: tuple[int, ...] = ()
    next_to: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def of(cls, size: int) -> HexBoard:
        """The board of side ``size`` (an int >= 1)."""
        cells = (1 << size * size) - 1
        first_column = sum(1 << row * size for row in range(size))
        last_column = first_column << size - 1
        top = (1 << size) - 1
        bottom = top << size * (size - 1)
        board = cls(
            size,
            cells,
            cells ^ first_column,
            cells ^ last_column,
            ((top, bottom), (first_column, last_column)),
        )
        around = tuple(board.neighbours(1 << cell) for cell in range(size * size))
        next_to = tuple(tuple(indices(cells)) for cells in around)
        return replace(board, around=around, next_to=next_to)

    def neighbours(self, group: int) -> int:
        """The cells next to some cell of ``group`` (``group``'s own cells may be among them)."""
        n = self.size
        right = group & self.not_last_column
        left = group & self.not_first_column
        return (
            right << 1 | left >> 1 | group << n | group >> n | right >> n - 1 | left << n - 1
        ) & self.cells

    def flood(self, group: int, within: int) -> int:
        """``group`` grown through the cells of ``within`` it touches, until it grows no more.

        Each round adds the cells of ``within`` next to the group: the rounds are as many as
        the longest path inside the group found, at most the number of cells of ``within``.
        """
        while True:
            grown = group | self.neighbours(group) & within
            if grown == group:
                return group
            group = grown

    def connects(self, stones: int, player: int) -> bool:
        """Whether ``stones`` hold a chain joining ``player``'s two edges."""
        near, far = self.edges[player]
        return bool(self.flood(stones & near, stones) & far)

    def joins(self, stone: int, stones: int, player: int) -> bool:
        """Whether the group of ``stones`` holding the new ``stone`` touches both player's edges.

        The win test after a move: its cost is the rounds of :meth:`flood` over that one group
        (its length in cells at most, a few rounds on a small board).
        """
        near, far = self.edges[player]
        group = self.flood(stone, stones)
        return bool(group & near) and bool(group & far)

    def winning_cells(self, stones: int, empty: int, player: int) -> int:
        """The empty cells at which one more stone of ``player`` joins its two edges.

        A cell completes a chain when it lies on (or next to a group joined to) one edge and
        on (or next to a group joined to) the other: two floods from the edges, then a mask.
        """
        near, far = self.edges[player]
        from_near = self.flood(stones & near, stones)
        from_far = self.flood(stones & far, stones)
        return empty & (near | self.neighbours(from_near)) & (far | self.neighbours(from_far))

    def distance(self, stones: int, empty: int, player: int) -> int:
        """The fewest empty cells ``player`` must fill to join its edges (``cells`` if it cannot).

        A shortest path where ``player``'s stones cost 0 and empty cells 1, found a cost at a
        time on bitboards (a breadth-first search with 0-1 weights): ``reached`` holds the cells
        reachable at the current cost, flooded through the player's own stones; each round
        adds the empty cells next to it (or on the near edge) and floods again.
        """
        near, far = self.edges[player]
        passable = stones | empty
        reached = self.flood(stones & near, stones)
        cost = 0
        while not reached & far:
            step = (self.neighbours(reached) | near) & passable
            grown = self.flood(reached | step, stones)
            if grown == reached:
                return self.size * self.size
            reached, cost = grown, cost + 1
        return cost

    def transpose(self, bits: int) -> int:
        """``bits`` reflected in the long diagonal: cell ``(r, c)`` to ``(c, r)``."""
        n, out = self.size, 0
        while bits:
            low = bits & -bits
            cell = low.bit_length() - 1
            row, column = divmod(cell, n)
            out |= 1 << column * n + row
            bits ^= low
        return out

    def rotate(self, bits: int) -> int:
        """``bits`` turned half a turn: cell ``(r, c)`` to ``(n - 1 - r, n - 1 - c)``.

        Cell ``i`` goes to ``n * n - 1 - i``: the bits read backwards, done by the C code of
        ``format`` and ``int`` rather than a loop over the cells.
        """
        width = self.size * self.size
        return int(format(bits, f"0{width}b")[::-1], 2)


def indices(bits: int) -> list[int]:
    """The indices of the set bits of ``bits``, lowest first: the cells of a bitboard.

    >>> indices(0b100110)
    [1, 2, 5]
    """
    found = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found
