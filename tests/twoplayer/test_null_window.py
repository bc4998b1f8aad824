"""Null-window search: MTD(f), principal-variation search and aspiration windows (issue 13).

Each is exact: the value equals minimax at the same depth, checked on random trees and on
random tic-tac-toe and Connect Four positions.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch import InvalidSearchOptionError, alphabeta, iterative_deepening, minimax, mtdf
from gamesearch.games import ConnectFour, TicTacToe
from gamesearch.testing import game_trees, states

CONNECT_FOUR = ConnectFour(5, 4)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(game_trees(max_depth=4), st.floats(-20, 20))
def test_mtdf_equals_minimax_on_random_trees(tree: Any, guess: float) -> None:
    assert mtdf(tree, first_guess=guess).value == minimax(tree).value


@settings(max_examples=20, deadline=None)
@given(states(TicTacToe(), max_moves=6), st.integers(1, 3))
def test_mtdf_equals_minimax_at_the_same_depth_on_tictactoe(state: int, depth: int) -> None:
    game = TicTacToe()
    if game.is_terminal(state):
        return
    evaluate = _centre_evaluation
    expected = minimax(game, state, depth=depth, evaluate=evaluate).value
    assert mtdf(game, state, depth=depth, evaluate=evaluate).value == expected


@settings(max_examples=15, deadline=None)
@given(states(CONNECT_FOUR, max_moves=12), st.integers(1, 4))
def test_null_window_options_equal_alphabeta_on_connect_four(state: int, depth: int) -> None:
    game = CONNECT_FOUR
    if game.is_terminal(state):
        return
    expected = alphabeta(game, state, depth=depth, evaluate=game.evaluate).value
    assert mtdf(game, state, depth=depth).value == expected
    plain = iterative_deepening(game, state, depth=depth)
    for options in ({"pvs": True}, {"aspiration": 0.01}, {"pvs": True, "aspiration": 0.2}):
        deepened = iterative_deepening(game, state, depth=depth, **options)
        assert (deepened.value, deepened.depth) == (plain.value, plain.depth)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(game_trees(max_depth=4))
def test_pvs_and_aspiration_solve_random_trees(tree: Any) -> None:
    expected = minimax(tree).value
    assert iterative_deepening(tree, pvs=True).value == expected
    assert iterative_deepening(tree, pvs=True, aspiration=0.5).value == expected


def test_mtdf_counts_the_work_of_every_pass() -> None:
    game = TicTacToe()
    result = mtdf(game)
    assert (result.value, result.exact) == (0.0, True)
    assert result.stats.nodes > 0
    assert len(result.pv) == 9


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: mtdf(TicTacToe(), first_guess=float("nan")), "first_guess"),
        (lambda: mtdf(TicTacToe(), table={}), "table"),
        (lambda: iterative_deepening(TicTacToe(), pvs=1), "pvs"),
        (lambda: iterative_deepening(TicTacToe(), aspiration=0), "aspiration"),
    ],
)
def test_bad_options_are_refused(call: Any, message: str) -> None:
    with pytest.raises(InvalidSearchOptionError, match=message):
        call()


def _centre_evaluation(state: int, player: int) -> float:
    """A crude tic-tac-toe evaluation: who holds the centre (zero-sum)."""
    centre = (state >> 4 & 1) - (state >> 13 & 1)
    return float(centre if player == 0 else -centre) / 2
