"""The bundled games' features(state, player): one position seen from both sides, and the board."""

from __future__ import annotations

import random

import pytest

from gamesearch.games import ConnectFour, Hex, Pig, TicTacToe
from gamesearch.games.pig import PigState

SWAPPED_C4 = (1, 0, 3, 2, 5, 4, 6, 8, 7, 11, 12, 9, 10, 15, 16, 13, 14, 17, 18, 19)
"""Where each of Connect Four's counts goes when the other player looks: its pair (the turn
is negated, and a player's threats on its own rows are the other's threats on the other's; the
wins the threats show, 17 to 19, are signed for the player, so negated too)."""
SWAPPED_TTT = (1, 0, 3, 2, 4)


def random_positions(game, count: int, seed: int) -> list:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        while not game.is_terminal(state) and rng.random() > 0.1:
            found.append(state)
            state = game.result(state, rng.choice(game.actions(state)))
    return found


@pytest.mark.parametrize(
    ("game", "swapped", "counts"),
    [(ConnectFour(5, 4), SWAPPED_C4, 20), (ConnectFour(), SWAPPED_C4, 20),
     (TicTacToe(), SWAPPED_TTT, 5), (TicTacToe(4, 3), SWAPPED_TTT, 5)],
    ids=repr,
)  # fmt: skip
def test_the_other_side_sees_the_counts_swapped_and_the_cells_negated(
    game, swapped: tuple[int, ...], counts: int
) -> None:
    for state in random_positions(game, 200, seed=1):
        mine, theirs = game.features(state, 0), game.features(state, 1)
        for index, other in enumerate(swapped):
            wanted = -theirs[other] if index == other else theirs[other]
            assert mine[index] == wanted, (game.render(state), index)
        assert mine[counts:] == tuple(-cell for cell in theirs[counts:])


@pytest.mark.parametrize(("game", "counts"), [(ConnectFour(5, 4), 20), (TicTacToe(), 5)], ids=repr)
def test_the_cells_are_the_board_as_rendered(game, counts: int) -> None:
    for state in random_positions(game, 50, seed=2):
        rows = [line.split() for line in game.render(state).splitlines()]
        cells = game.features(state, 0)[counts:]
        if isinstance(game, ConnectFour):  # column by column, bottom up
            marks = [rows[-1 - row][col] for col in range(game.width) for row in range(game.height)]
        else:  # row by row from the top
            marks = [mark for row in rows for mark in row]
        assert cells == tuple({"X": 1.0, "O": -1.0, ".": 0.0}[mark] for mark in marks)


def test_connect_four_counts_a_threat_by_the_parity_of_its_row() -> None:
    game = ConnectFour()
    # X: three on the bottom row (columns 1-3) and one at 7; O: three on them, on row 2.
    state = game.from_moves("1122337")
    x_view = game.features(state, 0)
    assert (x_view[7], x_view[8]) == (1, 0)  # X wins at once at 4; O's cell above is not open
    assert (x_view[9], x_view[10]) == (1, 0)  # X's threat is on row 1, odd: X's own parity
    assert (x_view[11], x_view[12]) == (1, 0)  # O's is on row 2, even: O's own parity
    assert game.features(state, 1)[9:13] == (1, 0, 1, 0)


def test_connect_four_counts_only_the_lowest_threat_of_a_column_as_lowest() -> None:
    game = ConnectFour()
    # X's threat at column 4, row 1, lies below O's at row 2: O's is not its column's lowest.
    state = game.from_moves("1122337")
    assert game.features(state, 0)[13:17] == (1, 0, 0, 0)  # X's lowest, on X's own rows
    assert game.features(state, 1)[13:17] == (0, 0, 1, 0)  # seen by O: the opponent's
    # O blocks X's threat with a stone: O's threat is now its column's lowest.
    blocked = game.from_moves("11223374")
    assert game.features(blocked, 0)[9:17] == (0, 0, 1, 0, 0, 0, 1, 0)


def test_pig_features_count_points_in_goals_from_each_side() -> None:
    game = Pig(goal=20)
    state = PigState(4, 10, 6, 1, False)  # player 1 has 6 at stake
    assert game.features(state, 1) == (0.5, 0.2, 0.3, 0.0, 1.0, 0.8**2, 0.2**2)
    assert game.features(state, 0) == (0.2, 0.5, 0.0, 0.3, -1.0, 0.2**2, 0.8**2)
    with pytest.raises(ValueError, match="players 0 and 1"):
        game.features(state, 2)


@pytest.mark.parametrize("game", [Hex(3), Hex(4), Hex(5, swap=True)], ids=repr)
def test_hex_s_other_side_sees_the_counts_swapped_and_the_board_reflected(game: Hex) -> None:
    # O joins left and right: seen from O's side the board is reflected in the long diagonal,
    # so that O's edges are at the top and bottom as X's are.
    n = game.size
    for state in random_positions(game, 200, seed=3):
        mine, theirs = game.features(state, 0), game.features(state, 1)
        assert mine[:5] == (theirs[1], theirs[0], -theirs[2], theirs[4], theirs[3])
        for row in range(n):
            for column in range(n):
                assert mine[5 + row * n + column] == -theirs[5 + column * n + row]


def test_hex_s_cells_are_x_s_and_o_s_stones() -> None:
    game = Hex(5)
    for state in random_positions(game, 100, seed=4):
        cells = game.features(state, 0)[5:]
        x, o = game.stones(state, 0), game.stones(state, 1)
        assert cells == tuple((x >> cell & 1) - (o >> cell & 1) for cell in range(25))


def test_hex_s_counts_are_its_evaluation_s_distances_and_its_winning_moves() -> None:
    game = Hex(5)
    for state in random_positions(game, 200, seed=5):
        if game.is_terminal(state):
            continue
        mover = game.to_move(state)
        own, other, turn, wins, _ = game.features(state, mover)[:5]
        assert turn == 1
        gap = max(-5, min(5, other - own)) / 6
        assert game.evaluate(state, mover) == pytest.approx(gap)
        winning = [
            action
            for action in game.actions(state)
            if game.is_terminal(game.result(state, action))
            and game.utility(game.result(state, action), mover) > 0
        ]
        assert wins == len(winning), game.render(state)
