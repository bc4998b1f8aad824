"""Virtual connections in Hex, found by H-search (Anshelevich 2002).

A *virtual connection* between two of a player's *points* (its groups of stones, its two
edges, and the empty cells) is a set of empty cells, its *carrier*, inside which the player
can join the two whatever the opponent does: a *full* connection holds with the opponent to
move, a *semi* one holds with the player to move (the player must first play its *key*, a
cell of the carrier). Two groups that share two empty neighbours are fully connected by
them (the two-bridge); a stone on the board's second row is fully connected to the edge by
the two cells in front of it. An empty cell as a point stands for a stone the player may put
there: a connection to it says what that stone would be joined to.

H-search (V. Anshelevich, "A hierarchical approach to computer Hex", *Artificial
Intelligence* 134, 2002) finds connections from two rules, starting from the full
connections of adjacent points (empty carriers):

- the **AND rule**: full connections ``x-z`` and ``z-y`` with disjoint carriers, neither
  holding the other's end, make a connection ``x-y`` with the union of their carriers: a full
  one if ``z`` is a group of the player's (the two links hold at once), a semi one with key
  ``z`` if ``z`` is an empty cell (the player must play there first; the key joins the
  carrier);
- the **OR rule**: semi connections ``x-y`` whose carriers have no cell in common make a
  full one with the union of their carriers (whatever cell the opponent takes, one of them is
  untouched, and the player plays its key).

Both are sound: every connection found holds (``tests/games/test_hex_vc.py`` checks each one
against an exhaustive search of the game on its carrier). Neither is complete: H-search misses
connections that need other arguments (edge template IVa, for one).

Bounded as Benzene bounds it (Pawlewicz, Hayward, Henderson and Arneson, "Stronger virtual
connections in Hex", 2015): a new full connection is kept only if no kept one's carrier lies
within its carrier and it leaves out a cell common to all the kept ones (it makes the
intersection smaller); the OR rule is asked only for connections that leave out a cell of
that intersection, and only when the semi connections' carriers have no common cell; the
AND rule does not go through an edge. Semi connections are kept unless one with a smaller
carrier (or a full one) is. A carrier is a Python ``int`` of the board's bits, as
:class:`~gamesearch.games._hex_board.HexBoard` uses.

What the solvers use is between the player's two edges: a full connection there wins the
game for the player whoever is to move (the player keeps a chain no chain of the opponent's
can cross); a semi one wins it for the player to move; and the opponent, to move, must play
inside every one of the player's semi connections' carriers, or lose (Hayward et al.,
"Solving 7x7 Hex", 2003: the *must-play region*).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ._hex_board import HexBoard, indices

__all__ = ["EdgeConnections", "HSearch", "edge_connections"]


@dataclass(frozen=True)
class EdgeConnections:
    """One player's virtual connections between its two edges, as :class:`HSearch` found them.

    Carriers are bitboards of empty cells (bit ``row * size + column``).
    """

    player: int
    """The player whose connections these are: 0 (X, top and bottom) or 1 (O)."""

    fulls: tuple[int, ...]
    """The carriers of full connections: with any of them empty, ``player`` joins its edges
    whoever is to move. Any one proves that ``player`` wins."""

    semis: tuple[tuple[int, int], ...]
    """``(carrier, key)`` of semi connections: ``player``, to move, joins its edges by playing
    ``key`` (a cell's index, within the carrier) and then keeping a full connection in the
    rest of the carrier."""

    @property
    def semi_intersection(self) -> int:
        """The cells common to every semi connection's carrier (every cell if there is none).

        The opponent of ``player``, to move, loses if it plays outside them: ``player``
        then plays the key of a semi connection the move missed.
        """
        common = -1
        for carrier, _ in self.semis:
            common &= carrier
        return common


class HSearch:
    """H-search of one player's connections on one position: every pair of its points.

    Points are ints: an empty cell is its index, a group of the player's stones is its
    lowest cell's index, and the player's two edges are ``cells`` and ``cells + 1`` (where
    ``cells`` is ``size * size``; a group touching an edge is part of that edge's point).

    Args:
        board: The board's geometry.
        mine: The bitboard of the player's stones.
        theirs: The bitboard of the opponent's stones.
        player: 0 (X, who joins top and bottom) or 1 (O, left and right).
    """

    __slots__ = (
        "cells",
        "done",
        "empty",
        "far",
        "fulls",
        "keys",
        "near",
        "or_queue",
        "queue",
        "queued",
        "semis",
    )

    def __init__(self, board: HexBoard, mine: int, theirs: int, player: int) -> None:
        count = board.size * board.size
        self.cells = count
        self.near, self.far = count, count + 1
        self.empty = board.cells & ~(mine | theirs)
        self.fulls: dict[int, dict[int, list[int]]] = {}
        """The full connections' carriers of every pair: ``fulls[x][y] is fulls[y][x]``."""
        self.done: dict[int, dict[int, list[int]]] = {}
        """The carriers of ``fulls`` the AND rule has been through (the others are queued)."""
        self.semis: dict[int, dict[int, list[int]]] = {}
        """The semi connections' carriers of every pair, shared likewise."""
        self.keys: dict[int, int] = {}
        """The key of each semi connection between the two edges, by its carrier."""
        self.queue: deque[tuple[int, int, int]] = deque()
        self.or_queue: deque[tuple[int, int]] = deque()
        self.queued: set[tuple[int, int]] = set()
        self._start(board, mine, player)
        self._run()

    def _start(self, board: HexBoard, mine: int, player: int) -> None:
        """The points, and the full connections of adjacent points (empty carriers)."""
        near, far = board.edges[player]
        empty = self.empty
        to_near = board.flood(mine & near, mine)
        to_far = board.flood(mine & far, mine)
        groups = [(self.near, to_near, near), (self.far, to_far, far)]
        rest = mine & ~(to_near | to_far)
        while rest:
            group = board.flood(rest & -rest, mine)
            groups.append(((group & -group).bit_length() - 1, group, 0))
            rest &= ~group
        for point, _, _ in groups:
            self._add_point(point)
        for cell in indices(empty):
            self._add_point(cell)
        around = board.around
        for cell in indices(empty):
            for other in indices(around[cell] & empty & ~((2 << cell) - 1)):
                self.add_full(cell, other, 0)
        for point, group, edge in groups:
            for cell in indices((board.neighbours(group) | edge) & empty):
                self.add_full(point, cell, 0)

    def _add_point(self, point: int) -> None:
        self.fulls[point] = {}
        self.done[point] = {}
        self.semis[point] = {}

    def add_full(self, x: int, y: int, carrier: int) -> bool:
        """Keep the full connection ``x-y`` of ``carrier`` if it adds to the kept ones.

        Not if a kept one's carrier lies within it, nor if it holds every cell common to the
        kept ones (Benzene's ``limit_fulls``); else the kept ones whose carriers hold it go,
        and so do the semi connections of ``x-y`` whose carriers hold it.
        """
        kept = self.fulls[x].get(y)
        if kept is None:
            self.fulls[x][y] = self.fulls[y][x] = [carrier]
            done: list[int] = []
            self.done[x][y] = self.done[y][x] = done
        else:
            common = _common_unless_within(kept, carrier)
            if common is None:
                return False
            if _drop_larger(kept, carrier):
                done = self.done[x][y]
                done[:] = [other for other in done if other & carrier != carrier]
            elif common & carrier == common:
                return False
            kept.append(carrier)
        self.queue.append((x, y, carrier))
        semis = self.semis[x].get(y)
        if semis:
            semis[:] = [other for other in semis if other & carrier != carrier]
        return True

    def add_semi(self, x: int, y: int, carrier: int, key: int) -> bool:
        """Keep the semi connection ``x-y`` of ``carrier`` unless a smaller one is kept.

        Queues ``x-y`` for the OR rule when the carriers of its semi connections have no
        common cell.
        """
        fulls = self.fulls[x].get(y)
        if fulls:
            for other in fulls:
                if other & carrier == other:
                    return False
        row = self.semis[x]
        kept = row.get(y)
        if kept is None:
            row[y] = self.semis[y][x] = [carrier]
        else:
            common = _common_unless_within(kept, carrier)
            if common is None:
                return False
            if _drop_larger(kept, carrier):
                common = -1
                for other in kept:
                    common &= other
            kept.append(carrier)
            if not common & carrier:
                pair = (x, y) if x < y else (y, x)
                if pair not in self.queued:
                    self.queued.add(pair)
                    self.or_queue.append(pair)
        if x >= self.cells and y >= self.cells:
            self.keys[carrier] = key
        return True

    def _run(self) -> None:
        """Apply the AND rule to each new full connection, then the OR rule, until none is new."""
        queue, or_queue = self.queue, self.or_queue
        while True:
            if queue:
                x, y, carrier = queue.popleft()
                kept = self.fulls[x][y]
                if carrier not in kept:
                    continue  # a smaller carrier replaced it meanwhile
                self.done[x][y].append(carrier)
                self._and(x, y, carrier)
                self._and(y, x, carrier)
            elif or_queue:
                pair = or_queue.popleft()
                self.queued.discard(pair)
                self._or(*pair)
            else:
                return

    def _and(self, x: int, z: int, carrier: int) -> None:
        """The AND rule through ``z``: ``x-z`` of ``carrier`` with each full ``z-y`` searched.

        Only with the connections the rule has been through already: the others meet this
        one when their turn comes.
        """
        if z >= self.cells:
            return  # not over an edge (Benzene's and_over_edge, off)
        if self.empty >> z & 1:
            joined = carrier | 1 << z
            clear = joined | 1 << x  # no cell of the other carrier may be in it, nor x
            add_semi = self.add_semi
            for y, others in self.done[z].items():
                if y == x or carrier >> y & 1:
                    continue
                for other in others:
                    if not other & clear:
                        add_semi(x, y, joined | other, z)
        else:
            clear = carrier | 1 << x
            add_full = self.add_full
            for y, others in self.done[z].items():
                if y == x or carrier >> y & 1:
                    continue
                for other in others:
                    if not other & clear:
                        add_full(x, y, carrier | other)

    def _or(self, x: int, y: int) -> None:
        """The OR rule on ``x-y``: full connections from semi ones whose carriers share no cell.

        Benzene's way (``limit_or``): for each cell common to the kept full connections, the
        semi connections that leave it out, if their carriers have no common cell, are joined
        (the fewest of them, taken smallest first, that leave no common cell) into a full
        connection that leaves it out.
        """
        semis = self.semis[x].get(y)
        if not semis:
            return
        candidates = self.empty
        for other in self.fulls[x].get(y) or ():
            candidates &= other
        if not candidates:
            return
        ordered = sorted(semis, key=int.bit_count)
        while candidates:
            useful = [semi for semi in ordered if candidates & ~semi]
            common = -1
            for semi in useful:
                common &= semi
            if common:
                return
            cell = candidates & -candidates
            avoiding = [semi for semi in useful if not semi & cell]
            common = -1
            for semi in avoiding:
                common &= semi
            if avoiding and not common:
                union, common = 0, -1
                for semi in avoiding:
                    if common & ~semi:
                        common &= semi
                        union |= semi
                        if not common:
                            break
                self.add_full(x, y, union)
                candidates &= union
            candidates &= ~cell

    def fulls_between(self, x: int, y: int) -> tuple[int, ...]:
        """The carriers of the full connections found between points ``x`` and ``y``."""
        return tuple(self.fulls.get(x, {}).get(y, ()))

    def semis_between(self, x: int, y: int) -> tuple[int, ...]:
        """The carriers of the semi connections found between points ``x`` and ``y``."""
        return tuple(self.semis.get(x, {}).get(y, ()))

    def edges(self, player: int) -> EdgeConnections:
        """The connections found between the two edges, for :func:`edge_connections`."""
        semis = self.semis_between(self.near, self.far)
        return EdgeConnections(
            player,
            self.fulls_between(self.near, self.far),
            tuple((carrier, self.keys[carrier]) for carrier in semis),
        )


def edge_connections(board: HexBoard, mine: int, theirs: int, player: int) -> EdgeConnections:
    """``player``'s connections between its edges that H-search finds, with ``mine`` its stones.

    Example:
        >>> board = HexBoard.of(3)
        >>> found = edge_connections(board, 1 << 4, 0, 0)   # X on b2 of 3x3
        >>> len(found.fulls), [bin(carrier) for carrier in found.fulls]
        (1, ['0b11000110'])
    """
    return HSearch(board, mine, theirs, player).edges(player)


def _common_unless_within(kept: list[int], carrier: int) -> int | None:
    """The cells common to the ``kept`` carriers, or None if one of them lies within ``carrier``."""
    common = -1
    for other in kept:
        if other & carrier == other:
            return None
        common &= other
    return common


def _drop_larger(kept: list[int], carrier: int) -> bool:
    """Drop the ``kept`` carriers that hold ``carrier``; whether there were any."""
    for other in kept:
        if other & carrier == carrier:
            kept[:] = [other for other in kept if other & carrier != carrier]
            return True
    return False
