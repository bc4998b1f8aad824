"""H-search's virtual connections against an exhaustive search of the game on their carriers.

Every connection H-search claims, between any two of a player's points (groups, edges, empty
cells), must hold: a full one whoever moves first inside its carrier, a semi one with the
player first. The oracle (:mod:`hex_oracle`) plays every line inside the carrier, every other
empty cell given to the opponent, on a board graph written from coordinates.
"""

from __future__ import annotations

import pytest
from hex_oracle import connection_holds, graph
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch.games import Hex
from gamesearch.games._hex_vc import HSearch, edge_connections


def reachable(game: Hex) -> list[int]:
    """Every position of ``game`` that play reaches and does not end, breadth first."""
    seen, frontier = {0}, [0]
    while frontier:
        state = frontier.pop()
        for action in game.actions(state):
            child = game.result(state, action)
            if child not in seen and not game.is_terminal(child):
                seen.add(child)
                frontier.append(child)
    return sorted(seen)


def node(size: int, player: int, point: int) -> int:
    """The oracle's node of an H-search point: a cell, or one of ``player``'s edges."""
    count = size * size
    return point if point < count else graph(size).edge(player, point - count)


def broken(game: Hex, state: int, player: int, max_carrier: int = 64) -> list[str]:
    """The connections H-search finds for ``player`` at ``state`` that the oracle breaks.

    Every full and semi connection between every pair of points, of at most ``max_carrier``
    cells; an empty end is taken to be ``player``'s, as H-search takes it.
    """
    size, count = game.size, game.size * game.size
    mine, theirs = game.stones(state, player), game.stones(state, 1 - player)
    search = HSearch(game._board, mine, theirs, player)
    owned = mine | graph(size).edges_of(player)
    claims = [
        (x, y, carrier, first)
        for kept, first in ((search.fulls, False), (search.semis, True))
        for x, row in kept.items()
        for y, carriers in row.items()
        if x < y
        for carrier in carriers
        if carrier.bit_count() <= max_carrier
    ]
    faults = []
    for x, y, carrier, first in claims:
        ends = owned | search.empty & sum(1 << end for end in (x, y) if end < count)
        start, goal = node(size, player, x), node(size, player, y)
        if not connection_holds(size, player, ends, start, goal, carrier, first=first):
            faults.append(f"{'semi' if first else 'full'} {x}-{y} {carrier:b}")
    return faults


@pytest.mark.slow
def test_every_connection_holds_in_every_three_by_three_position() -> None:
    game = Hex(3)
    positions = reachable(game)
    assert len(positions) > 1000
    for state in positions:
        for player in (0, 1):
            assert broken(game, state, player) == [], game.render(state)


def test_every_connection_holds_in_three_by_three_positions_of_one_stone() -> None:
    game = Hex(3)
    for cell in game.actions(0):
        state = game.result(0, cell)
        for player in (0, 1):
            assert broken(game, state, player) == [], game.render(state)


@st.composite
def positions(draw: st.DrawFn, size: int, most: int, least: int = 0) -> int:
    """A position of ``size`` that play reaches and does not end, of ``least`` to ``most`` stones.

    Fewer if play ends before (the last move that does not end it is kept).
    """
    game = Hex(size)
    state = 0
    for _ in range(draw(st.integers(least, most))):
        cells = game.actions(state)
        child = game.result(state, cells[draw(st.integers(0, len(cells) - 1))])
        if game.is_terminal(child):
            break
        state = child
    return state


@pytest.mark.slow
@settings(max_examples=40)
@given(positions(4, 10))
def test_every_connection_holds_in_random_four_by_four_positions(state: int) -> None:
    game = Hex(4)
    for player in (0, 1):
        assert broken(game, state, player) == [], game.render(state)


@pytest.mark.slow
@settings(max_examples=25)
@given(positions(5, 14))
def test_every_small_connection_holds_in_random_five_by_five_positions(state: int) -> None:
    game = Hex(5)
    for player in (0, 1):
        assert broken(game, state, player, max_carrier=10) == [], game.render(state)


def test_the_centre_of_three_by_three_is_joined_to_both_edges_by_two_bridges() -> None:
    game = Hex(3)
    found = edge_connections(game._board, game.stones(game.result(0, "b2"), 0), 0, 0)
    assert [bin(carrier) for carrier in found.fulls] == [bin(1 << 1 | 1 << 2 | 1 << 6 | 1 << 7)]


def test_the_empty_board_is_a_semi_connection_for_x_with_its_key_in_the_centre() -> None:
    game = Hex(5)
    found = edge_connections(game._board, 0, 0, 0)
    assert found.fulls == ()
    assert [key for _, key in found.semis] == [12]  # c3, the centre
    assert found.semi_intersection >> 12 & 1


def test_the_centre_of_five_by_five_reaches_both_edges_by_its_ziggurats() -> None:
    game = Hex(5)
    found = edge_connections(game._board, 1 << 12, 0, 0)
    assert found.fulls
    assert all(not carrier >> 12 & 1 for carrier in found.fulls)
