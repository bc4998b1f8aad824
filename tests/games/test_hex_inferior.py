"""Dead cells and captured sets against an exhaustive search of the game, whoever moves.

The fill-in must change no value: the filled position is won by the player who wins the
position as it was, with either player to move; a cell found dead, given to either player,
changes nothing either. The oracle (:mod:`hex_oracle`) plays every line out.
"""

from __future__ import annotations

import pytest
from hex_oracle import winner
from hypothesis import given, settings
from test_hex_vc import positions, reachable

from gamesearch.games import Hex
from gamesearch.games._hex_inferior import fill_in


def wrong_fill(game: Hex, state: int) -> list[str]:
    """What the fill-in of ``state`` claims that the exhaustive search refutes."""
    size = game.size
    x, o = game.stones(state, 0), game.stones(state, 1)
    found = fill_in(game._board, x, o)
    faults = []
    for mover in (0, 1):
        if winner(size, found.x, found.o, mover) != winner(size, x, o, mover):
            faults.append(f"the fill-in changes the winner with {'XO'[mover]} to move")
        for cell in range(size * size):
            if found.dead >> cell & 1:
                as_x = winner(size, x | 1 << cell, o, mover)
                if as_x != winner(size, x, o | 1 << cell, mover):
                    faults.append(f"cell {cell} is not dead ({'XO'[mover]} to move)")
    for player, captured in enumerate(found.captured):
        mine, theirs = (x, o) if player == 0 else (o, x)
        filled = mine | captured
        for mover in (0, 1):
            as_is = winner(size, x, o, mover)
            after = winner(size, *((filled, theirs) if player == 0 else (theirs, filled)), mover)
            if after != as_is:
                faults.append(f"{captured:b} is not captured by {'XO'[player]}")
    assert found.x & found.o == 0
    assert found.cells == found.x & ~x | found.o & ~o
    return faults


@pytest.mark.slow
def test_the_fill_in_changes_no_value_in_any_three_by_three_position() -> None:
    game = Hex(3)
    filled = 0
    for state in reachable(game):
        assert wrong_fill(game, state) == [], game.render(state)
        x, o = game.stones(state, 0), game.stones(state, 1)
        filled += fill_in(game._board, x, o).cells != 0
    assert filled > 100  # it fills many positions, not only the finished boards


def test_the_fill_in_changes_no_value_in_three_by_three_positions_of_three_stones() -> None:
    game = Hex(3)
    for state in reachable(game):
        if (game.stones(state, 0) | game.stones(state, 1)).bit_count() == 3:
            assert wrong_fill(game, state) == [], game.render(state)


@pytest.mark.slow
@settings(max_examples=60)
@given(positions(4, 12, least=5))
def test_the_fill_in_changes_no_value_in_random_four_by_four_positions(state: int) -> None:
    game = Hex(4)
    assert wrong_fill(game, state) == [], game.render(state)


@pytest.mark.slow
@settings(max_examples=30)
@given(positions(5, 24, least=13))
def test_the_fill_in_changes_no_value_in_random_five_by_five_positions(state: int) -> None:
    game = Hex(5)
    if bin(game._board.cells & ~(game.stones(state, 0) | game.stones(state, 1))).count("1") <= 12:
        assert wrong_fill(game, state) == [], game.render(state)


def cells(game: Hex, names: str) -> int:
    return sum(game._bits[name] for name in names.split())


def test_the_two_cells_in_front_of_a_stone_on_the_second_row_are_captured() -> None:
    game = Hex(4)
    # X's b2 reaches the top edge through b1 or c1: O's stone on one is answered on the other,
    # and then lies dead. Beside them, a1 and a2 are O's likewise (X's stone on a1 or a2,
    # answered by O's on the other, helps X no more than b2 and the edge already do).
    state = game.parse(". . . . / . X . . / . . . . / . . . .")
    found = fill_in(game._board, game.stones(state, 0), game.stones(state, 1))
    assert found.captured == (cells(game, "b1 c1"), cells(game, "a1 a2"))
    assert found.dead == 0


def test_a_cell_whose_neighbours_are_one_group_of_x_and_o_s_stones_is_dead() -> None:
    game = Hex(4)
    # Once the captured pairs are filled (c1 and b2 for X, a3 and a4 for O), a2 touches only
    # X's group of a1, b1, c1 and b2, and O's a3 and edge: a chain through it goes round it.
    state = game.parse("X X . . / . . . . / . O . . / . . . .")
    found = fill_in(game._board, game.stones(state, 0), game.stones(state, 1))
    assert found.captured == (cells(game, "c1 b2"), cells(game, "a3 a4"))
    assert found.dead == cells(game, "a2")
