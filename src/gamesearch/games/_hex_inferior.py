"""Inferior cells in Hex: dead cells and captured sets, filled in without changing the value.

A cell is **dead** when its colour cannot change who wins, however the board is completed
(Henderson and Hayward, "Dead cell analysis in Hex and the Shannon game", 2007; Henderson,
*Inferior cell analysis and inference in Hex*, PhD thesis, 2010). It is enough that it is
*useless* to one player, in no minimal chain of that player's: a chain through it would be
a chain without it, so giving it to that player never makes a win, and taking it away never
unmakes one; and in Hex, where every full board has exactly one winner, a cell useless to
one player is useless to the other. A dead cell stays dead whatever is played elsewhere.
Two tests find such cells here:

- *the neighbourhood*: a player's ways through the cell are its neighbours that are empty or
  its groups (an edge, with the stones touching it, is a group); if every two of them are
  joined without the cell (the two cells touch, or both touch one of the player's groups),
  and no two of the player's groups touch it, a chain through the cell can go round it;
- *the clique cutset* (Benzene's dead regions): the empty neighbours of one of a player's
  groups cut off the cells that the player cannot reach from its edges without crossing
  them; a chain through such a cell crosses them before and after it, and can go through
  the group instead.

A set of empty cells is **captured** by a player when that player, answering each of the
opponent's moves inside it inside it, makes every opponent stone there dead (Henderson and
Hayward's second-player strategy): filling it with the player's stones changes no value.
Here: two adjacent empty cells where the opponent's stone in either, answered by the
player's in the other, is dead by the tests above.

Filling dead cells (with the stones of the player they are useless to's opponent) and
captured ones (with their captor's) changes no value and shows more: the fill-in is
repeated until it finds nothing new. A move in a filled cell is no better than the best
other move (a dead cell's is a pass, and Hex never rewards a pass; a captured cell's is
answered inside the set), which the solvers use to search fewer moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._hex_board import HexBoard, indices

__all__ = ["Fill", "fill_in"]


@dataclass(frozen=True)
class Fill:
    """What the fill-in found on a position: the cells given to each player, and why.

    Bitboards of cells (bit ``row * size + column``).
    """

    x: int
    """X's stones with its fill-in."""
    o: int
    """O's stones with its fill-in."""
    dead: int
    """The cells found dead (each given to one of the players, in ``x`` or ``o``)."""
    captured: tuple[int, int]
    """The cells found captured by X, and by O (given to their captor)."""

    @property
    def cells(self) -> int:
        """Every cell filled in: the dead and the captured ones."""
        return self.dead | self.captured[0] | self.captured[1]


def fill_in(board: HexBoard, x: int, o: int) -> Fill:
    """Fill the dead and captured cells of the position of X's ``x`` and O's ``o``, repeatedly.

    Example:
        >>> board = HexBoard.of(3)
        >>> # a2 sits between X's a1 and b2 and O's a3: X's two stones touch already.
        >>> found = fill_in(board, 1 << 0 | 1 << 4, 1 << 6)
        >>> found.dead >> 3 & 1
        1
    """
    dead = captured_x = captured_o = 0
    while True:
        empty = board.cells & ~(x | o)
        nodes = (_nodes(board, x, empty, 0), _nodes(board, o, empty, 1))
        useless_to_x, useless_to_o = _dead(board, (x, o), empty, nodes)
        if useless_to_x | useless_to_o:
            x, o = x | useless_to_o, o | useless_to_x
            dead |= useless_to_x | useless_to_o
            continue
        by_x, by_o = _captured(board, empty, nodes)
        if not by_x | by_o:
            return Fill(x, o, dead, (captured_x, captured_o))
        x, o = x | by_x, o | by_o
        captured_x, captured_o = captured_x | by_x, captured_o | by_o


@dataclass(frozen=True)
class _Nodes:
    """A player's groups (an edge with the stones touching it is one) as the tests read them."""

    touching: dict[int, int]
    """For each empty cell, the bitmask of the groups (by number) it touches."""
    near: int
    """The number of the group of the player's first edge (top or left)."""
    far: int
    """The number of the group of its second edge."""
    reach: tuple[int, ...]
    """Each group's empty neighbours, by its number."""


def _nodes(board: HexBoard, stones: int, empty: int, player: int) -> _Nodes:
    near, far = board.edges[player]
    groups = []
    for edge in (near, far):
        group = board.flood(stones & edge, stones)
        groups.append((group, (board.neighbours(group) | edge) & empty))
    rest = stones & ~(groups[0][0] | groups[1][0])
    while rest:
        group = board.flood(rest & -rest, stones)
        groups.append((group, board.neighbours(group) & empty))
        rest &= ~group
    touching: dict[int, int] = {}
    for number, (_, reach) in enumerate(groups):
        for cell in indices(reach):
            touching[cell] = touching.get(cell, 0) | 1 << number
    return _Nodes(touching, 0, 1, tuple(reach for _, reach in groups))


def _useless(board: HexBoard, cell: int, empty: int, nodes: _Nodes) -> bool:
    """Whether every two of the player's ways through ``cell`` are joined without it."""
    groups = nodes.touching.get(cell, 0)
    if groups & groups - 1:
        return False  # it joins two of the player's groups
    around, touching = board.around, nodes.touching
    ways = [way for way in board.next_to[cell] if empty >> way & 1]
    for index, one in enumerate(ways):
        one_touches = touching.get(one, 0)
        if groups and not one_touches & groups:
            return False
        for other in ways[index + 1 :]:
            if not around[one] >> other & 1 and not one_touches & touching.get(other, 0):
                return False
    return True


def _cut_off(board: HexBoard, stones: int, empty: int, player: int, nodes: _Nodes) -> int:
    """The empty cells the player reaches from no edge but across one group's empty neighbours."""
    near, far = board.edges[player]
    passable = empty | stones
    dead = 0
    for number, cutset in enumerate(nodes.reach):
        if not cutset:
            continue
        reached = 0
        for edge, edge_number in ((near, nodes.near), (far, nodes.far)):
            if number != edge_number:
                reached |= _reach(board, edge & passable, passable & ~cutset, cutset)
        dead |= empty & ~reached & ~cutset
    return dead


def _reach(board: HexBoard, seeds: int, through: int, stops: int) -> int:
    """The cells reached from ``seeds`` through ``through``, ``stops`` entered but not crossed."""
    entered = seeds & stops
    reached = board.flood(seeds & through, through)
    return reached | entered | board.neighbours(reached) & stops


def _dead(
    board: HexBoard, stones: tuple[int, int], empty: int, nodes: tuple[_Nodes, _Nodes]
) -> tuple[int, int]:
    """The dead cells found: those useless to X, and the others useless to O."""
    found = [0, 0]
    for player in (0, 1):
        useless = _cut_off(board, stones[player], empty, player, nodes[player])
        for cell in indices(empty & ~useless & ~found[0]):
            if _useless(board, cell, empty, nodes[player]):
                useless |= 1 << cell
        found[player] = useless & ~found[0]
    return found[0], found[1]


def _captured(board: HexBoard, empty: int, nodes: tuple[_Nodes, _Nodes]) -> tuple[int, int]:
    """Pairs of adjacent empty cells captured by X, and by O (disjoint pairs, found greedily).

    A pair is captured by a player if the opponent's stone on either cell, answered by the
    player's on the other, is dead: useless to the player (:func:`_useless_beside`) or to the
    opponent (:func:`_useless` with the answer's cell taken).
    """
    taken = 0
    sets = [0, 0]
    for player in (0, 1):
        own, other = nodes[player], nodes[1 - player]
        for one in indices(empty):
            if taken >> one & 1:
                continue
            for two in indices(board.around[one] & empty & ~taken & ~((2 << one) - 1)):
                if all(
                    _useless_beside(board, cell, reply, empty, own)
                    or _useless(board, cell, empty & ~(1 << reply), other)
                    for cell, reply in ((one, two), (two, one))
                ):
                    pair = 1 << one | 1 << two
                    sets[player] |= pair
                    taken |= pair
                    break
    return sets[0], sets[1]


def _useless_beside(board: HexBoard, cell: int, stone: int, empty: int, nodes: _Nodes) -> bool:
    """Whether ``cell`` is useless to the player once it has a stone on its neighbour ``stone``.

    That stone and the groups it touches make one group, which touches ``cell``: the cell is
    useless if it touches no other group and each of its other empty neighbours touches that
    group (then every two ways through the cell are joined through it).
    """
    touching = nodes.touching
    joined = touching.get(stone, 0)
    if touching.get(cell, 0) & ~joined:
        return False
    around = board.around
    for way in board.next_to[cell]:
        if way == stone or not empty >> way & 1:
            continue
        if not around[way] >> stone & 1 and not touching.get(way, 0) & joined:
            return False
    return True
