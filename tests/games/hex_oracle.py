"""Exhaustive answers about small Hex positions, worked out from the rules: the tests' oracle.

The board is a graph written from coordinates, as the rules draw it: cell ``(r, c)`` touches
``(r, c - 1)``, ``(r, c + 1)``, ``(r - 1, c)``, ``(r - 1, c + 1)``, ``(r + 1, c - 1)`` and
``(r + 1, c)``, and four more nodes stand for the edges (X's top and bottom, O's left and
right), each touching the cells of its row or column. Nothing here comes from the library's
bitboards but the numbering of the cells (``r * size + c``), so that what the library claims
(a connection, a dead cell, a value) is checked by a search that shares none of its code: a
memoized game search over every move, slow and plain.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass


@dataclass(frozen=True)
class Graph:
    """The cells and edges of a ``size x size`` board as nodes, each with its neighbours.

    Nodes ``0 .. size * size - 1`` are the cells; ``size * size + 2 * player + which`` is
    ``player``'s edge ``which`` (0: top or left, 1: bottom or right).
    """

    size: int
    around: tuple[int, ...]
    """Each node's neighbours, a bitmask of nodes."""

    @classmethod
    def of(cls, size: int) -> Graph:
        count = size * size
        around = [0] * (count + 4)
        steps = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, -1), (1, 0)]
        for row in range(size):
            for column in range(size):
                cell = row * size + column
                for d_row, d_column in steps:
                    r, c = row + d_row, column + d_column
                    if 0 <= r < size and 0 <= c < size:
                        around[cell] |= 1 << r * size + c
                for player, coordinate in ((0, row), (1, column)):
                    for which, end in ((0, 0), (1, size - 1)):
                        if coordinate == end:
                            edge = count + 2 * player + which
                            around[cell] |= 1 << edge
                            around[edge] |= 1 << cell
        return cls(size, tuple(around))

    def edge(self, player: int, which: int) -> int:
        """The node of ``player``'s edge ``which``."""
        return self.size * self.size + 2 * player + which

    def edges_of(self, player: int) -> int:
        """The bitmask of ``player``'s two edge nodes."""
        return 1 << self.edge(player, 0) | 1 << self.edge(player, 1)

    def joined(self, owned: int, start: int, goal: int) -> bool:
        """Whether ``start`` reaches ``goal`` through the nodes of ``owned`` (both among them)."""
        if not owned >> start & 1 or not owned >> goal & 1:
            return False
        reached, frontier = 1 << start, [start]
        while frontier:
            node = frontier.pop()
            if node == goal:
                return True
            new = self.around[node] & owned & ~reached
            reached |= new
            while new:
                low = new & -new
                frontier.append(low.bit_length() - 1)
                new ^= low
        return False


@functools.cache
def graph(size: int) -> Graph:
    return Graph.of(size)


def connection_holds(
    size: int, player: int, owned: int, start: int, goal: int, carrier: int, *, first: bool
) -> bool:
    """Whether ``player`` joins nodes ``start`` and ``goal`` playing only inside ``carrier``.

    ``owned``: the nodes ``player`` holds already (its stones, its edges, and the empty ends
    of the connection, which it is taken to hold). Every cell outside ``carrier`` that it does
    not hold is the opponent's. The players alternate inside ``carrier``, ``player`` first if
    ``first`` (a semi connection's claim), else the opponent (a full one's); ``player`` wins
    when ``start`` and ``goal`` are joined through its nodes, the opponent when they cannot be
    any more.
    """
    board = graph(size)

    @functools.cache
    def wins(mine: int, free: int, player_to_move: bool) -> bool:
        if board.joined(mine, start, goal):
            return True
        if not free or not board.joined(mine | free, start, goal):
            return False
        moves = [1 << node for node in range(size * size) if free >> node & 1]
        if player_to_move:
            return any(wins(mine | move, free & ~move, False) for move in moves)
        return all(wins(mine, free & ~move, True) for move in moves)

    return wins(owned, carrier & ~owned, first)


def winner(size: int, x: int, o: int, to_move: int) -> int:
    """The player (0 or 1) who wins the position of X's stones ``x`` and O's ``o`` with best play.

    An exhaustive search of every line (the first player to join its edges wins), memoized
    across calls; for boards with few empty cells.
    """
    return _best(size, x, o, to_move)


@functools.cache
def _best(size: int, x: int, o: int, mover: int) -> int:
    board = graph(size)
    for player, stones in ((0, x), (1, o)):
        owned = stones | board.edges_of(player)
        if board.joined(owned, board.edge(player, 0), board.edge(player, 1)):
            return player
    empty = (1 << size * size) - 1 & ~(x | o)
    while empty:
        move = empty & -empty
        empty ^= move
        child = _best(size, x | move, o, 1) if mover == 0 else _best(size, x, o | move, 0)
        if child == mover:
            return mover
    return 1 - mover
