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

__all__ = ["HexBoard"]

Template = tuple[int, int]
"""An edge template: the stone it starts from (one bit), and its carrier (the empty cells it
needs)."""

Link = tuple[int, int, int]
"""A link of a chain (:meth:`HexBoard.chain_links`): the group joined, the link's carrier, and
what it joins (0 the near edge, 1 the far edge, -1 the groups joined before)."""


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
        ziggurats: Each player's edge templates IIIa, to its near edge and to its far edge
            (:meth:`ziggurats_of`).
        around: The cells next to each cell, by its index.
    """

    size: int
    cells: int
    not_first_column: int
    not_last_column: int
    edges: tuple[tuple[int, int], tuple[int, int]]
    ziggurats: tuple[tuple[tuple[Template, ...], tuple[Template, ...]], ...] = ()
    around: tuple[int, ...] = ()

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
        return replace(board, ziggurats=board.ziggurats_of(), around=around)

    def ziggurats_of(self) -> tuple[tuple[tuple[Template, ...], tuple[Template, ...]], ...]:
        """Every edge template IIIa (the *ziggurat*) of the board, per player and edge.

        A stone on the third row from an edge reaches it, whoever moves first, when eight
        cells are empty (Hayward and van Rijswijck, "Hex and combinatorics", 2006; HexWiki's
        "Template IIIa"): with the edge at the top, for the stone at ``(2, c)`` the cell
        ``(2, c + 1)`` beside it, the three of row 1 from ``(1, c)`` and the four of row 0
        from ``(0, c)``; its mirror image is the stone at ``(2, c + 1)`` with ``(2, c)``
        (the cells above a stone here are ``(r - 1, c)`` and ``(r - 1, c + 1)``, so the
        trapezoid widens to the right going up). Both were checked by exhaustive search, and
        no cell of either carrier can be left out. The far edge's are their half-turns, and
        the second player's their transposes.

        Returns:
            ``[player][0]``: the templates to the player's near edge (top, or left);
            ``[player][1]``: to its far edge (bottom, or right); each a (stone, carrier) pair.
        """
        n = self.size
        top: list[Template] = []
        for column in range(n - 3):
            rows = [sum(1 << row * n + column + k for k in range(4 - row)) for row in range(3)]
            trapezoid = rows[0] | rows[1] | rows[2]
            stones = (rows[2] & -rows[2], rows[2] ^ rows[2] & -rows[2])
            top.extend((stone, trapezoid ^ stone) for stone in stones)
        bottom = [(self.rotate(stone), self.rotate(carrier)) for stone, carrier in top]
        first = (tuple(top), tuple(bottom))
        second = tuple(
            tuple((self.transpose(stone), self.transpose(carrier)) for stone, carrier in edge)
            for edge in first
        )
        return (first, (second[0], second[1]))

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

    def bridged(self, stones: int, empty: int, player: int) -> bool:
        """Whether ``stones`` join ``player``'s edges by groups, two-bridges and ziggurats.

        A *two-bridge* links two things (a group of stones, or an edge) that share two empty
        neighbours: if the other player takes one, ``player`` takes the other. Links whose
        carriers (the empty cells each needs) are disjoint can all be kept at once (each
        intrusion is answered inside the carrier it fell in), so a chain of groups joined edge
        to edge by such links is a won position for ``player`` whoever is to move: ``player``
        keeps a path of its stones and still empty cells from edge to edge, which every chain
        of the other player's would have to cross (the Hex theorem), so the other player never
        joins its edges, and as a full board has a chain, ``player`` joins its. A stone one
        row from an edge with two empty cells of that row beside it is such a link to the edge
        (the edge template II), and so is a stone on the third row with its eight empty cells
        (the edge template IIIa, :meth:`ziggurats_of`).

        The groups are joined to the near edge greedily, each by a carrier of cells not used
        before, until none more joins: every link kept has a carrier of its own, so a ``True``
        is always right; a ``False`` only says that this search found no such chain.
        """
        return self.bridge_carrier(stones, empty, player) >= 0

    def bridge_carrier(self, stones: int, empty: int, player: int) -> int:
        """The empty cells a chain of :meth:`bridged` keeps, or -1 if it finds no chain.

        The union of the carriers of every link the greedy search took (some may lie off
        the chain: a larger carrier than needed, never a smaller one). ``player`` wins
        whoever moves while these cells are empty or its own, whatever else is played: the
        virtual connection's carrier, which a must-play region is made of
        (:meth:`~gamesearch.games.Hex.must_play`).
        """
        return self._chain(self.groups(stones), empty, player)

    def chain_links(self, stones: int, empty: int, player: int) -> list[Link] | None:
        """The links of the chain :meth:`bridged` finds, in the order it took them; else None.

        Each link is ``(group, carrier, to)``: the group of stones joined, the empty cells
        the link needs (none where the group touches the edge; two for a two-bridge or the
        edge template II; eight for the ziggurat), and what it joins: ``0`` the near edge,
        ``1`` the far edge, ``-1`` the groups joined before it. For the words of
        :meth:`~gamesearch.games.Hex.proven_reason`.
        """
        links: list[Link] = []
        if self._chain(self.groups(stones), empty, player, links) < 0:
            return None
        return links

    def groups(self, stones: int) -> list[tuple[int, int]]:
        """Each group of ``stones`` with the cells next to it, by the group's lowest cell."""
        found: list[tuple[int, int]] = []
        rest = stones
        while rest:
            group = self.flood(rest & -rest, stones)
            found.append((group, self.neighbours(group)))
            rest ^= group
        return found

    def must_play(self, stones: int, empty: int, player: int) -> int:
        """The cells of ``empty`` outside of which every move of ``player``'s opponent loses.

        The intersection, over each empty cell at which one more stone of ``player``'s gives
        a chain of :meth:`bridged`, of that cell and the chain's :meth:`bridge_carrier`
        (``cells`` if there is none). The groups are found once: each cell's stone joins the
        groups next to it.
        """
        groups = self.groups(stones)
        region = self.cells
        rest = empty
        while rest and region:
            cell = rest & -rest
            rest ^= cell
            carrier = self._threat(groups, cell, empty, player)
            if carrier >= 0:
                region &= carrier | cell
        return region

    def threats(self, stones: int, empty: int, player: int) -> list[tuple[int, int]]:
        """Each cell of :meth:`must_play`'s: where one more stone of ``player`` makes a chain.

        ``(cell, carrier)`` for every empty cell at which a stone of ``player``'s gives a chain
        of :meth:`bridged`, with that chain's carrier: the threats whose carriers (each with
        its cell) intersect to the must-play region. For the words of
        :meth:`~gamesearch.games.Hex.must_play_reason`.
        """
        groups = self.groups(stones)
        found = []
        rest = empty
        while rest:
            cell = rest & -rest
            rest ^= cell
            carrier = self._threat(groups, cell, empty, player)
            if carrier >= 0:
                found.append((cell, carrier))
        return found

    def _threat(self, groups: list[tuple[int, int]], cell: int, empty: int, player: int) -> int:
        """The carrier of the chain one more stone of ``player`` on ``cell`` makes, or -1.

        ``groups`` are ``player``'s groups with their neighbours (:meth:`groups`): the new
        stone joins those next to it.
        """
        around = self.around[cell.bit_length() - 1]
        joined, joined_around = cell, around
        apart: list[tuple[int, int]] = []
        for group, near in groups:
            if group & around:
                joined, joined_around = joined | group, joined_around | near
            else:
                apart.append((group, near))
        apart.append((joined, joined_around))
        apart.sort(key=_lowest)  # as bridge_carrier orders the groups
        return self._chain(apart, empty ^ cell, player)

    def _chain(
        self,
        pending: list[tuple[int, int]],
        empty: int,
        player: int,
        links: list[Link] | None = None,
    ) -> int:
        """:meth:`bridge_carrier` of the groups ``pending`` (each with its neighbours).

        Given ``links``, each link taken is appended to it (see :meth:`chain_links`).
        """
        near, far = self.edges[player]
        to_near, to_far = self.ziggurats[player]
        pending = list(pending)
        joined, reach, free = 0, near, empty  # reach: cells next to the joined groups or edge
        grew = True
        while grew:
            grew = False
            for item in pending:
                group, around = item
                carrier = 0 if group & near else _link(around & reach & free, group, to_near, free)
                if carrier >= 0:
                    if links is not None:  # a ziggurat, or two cells on the edge: to the edge
                        to_edge = carrier.bit_count() > 2 or carrier & ~near == 0
                        links.append((group, carrier, 0 if to_edge else -1))
                    free &= ~carrier
                    joined |= group
                    reach |= around
                    pending.remove(item)
                    grew = True
                    break
        if joined & far:
            if links is not None:
                links.append((joined, 0, 1))
            return empty ^ free
        last = _link(far & reach & free, joined, to_far, free)
        if last >= 0 and links is not None:
            links.append((joined, last, 1))
        return -1 if last < 0 else empty ^ free | last

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


def _lowest(item: tuple[int, int]) -> int:
    """The lowest cell of a group (with its neighbours): its place among the groups."""
    return item[0] & -item[0]


def _link(shared: int, group: int, ziggurats: tuple[Template, ...], free: int) -> int:
    """The carrier of a link of ``group`` to what it is to join, or -1 if none is found.

    Args:
        shared: The free cells next to both: two of them are a two-bridge.
        group: The stones to link.
        ziggurats: The edge templates IIIa to that edge (none when it is joined to a group).
        free: The empty cells no link has taken yet.

    Returns:
        The cells the link takes (two of ``shared``, or a ziggurat's carrier), or -1.
    """
    if shared & shared - 1:  # a two-bridge: the first two cells
        low = shared & -shared
        rest = shared ^ low
        return low | rest & -rest
    for stone, carrier in ziggurats:
        if stone & group and carrier & free == carrier:
            return carrier
    return -1
