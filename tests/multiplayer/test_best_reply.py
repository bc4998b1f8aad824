"""Best-reply search against a naive best-reply search written from the paper's definition."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import reachable
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import GameProtocolError, Reply, UnsupportedGameError, alphabeta, best_reply
from gamesearch.games import GameTree, Nim, Rolit
from gamesearch.testing import game_trees, states

ROLIT = Rolit(size=6)


def pass_until(game: Any, state: Any, player: int) -> Any:
    while not game.is_terminal(state) and game.to_move(state) != player:
        state = game.pass_turn(state)
    return state


def naive_best_reply(game: Any, state: Any, root: int, depth: int, evaluate: Any) -> Any:
    """(value, first best move) of best-reply search (Schadd and Winands 2011), by recursion.

    MAX, the root player, maximises over its moves; at a MIN layer every opponent in turn, the
    others passing, offers each of its moves, and the lowest value for MAX is taken.
    """
    if game.is_terminal(state):
        return game.utility(state, root), None
    if depth == 0:
        return evaluate(state, root), None
    if game.to_move(state) == root:
        moves = list(game.actions(state))
        values = [
            naive_best_reply(game, game.result(state, move), root, depth - 1, evaluate)[0]
            for move in moves
        ]
        return max(values), moves[values.index(max(values))]
    moves, values = [], []
    turn = state
    while not game.is_terminal(turn) and game.to_move(turn) != root:
        for action in game.actions(turn):
            after = game.result(turn, action)
            if game.num_players > 2:
                after = pass_until(game, after, root)
            moves.append(Reply(game.to_move(turn), action))
            values.append(naive_best_reply(game, after, root, depth - 1, evaluate)[0])
        if game.num_players == 2:
            break
        turn = game.pass_turn(turn)
    return min(values), moves[values.index(min(values))]


@pytest.mark.parametrize(
    "game", [Nim((3, 3)), Nim((2, 2, 2), max_take=1), Nim((2, 3), players=4)], ids=repr
)
def test_best_reply_equals_the_naive_search_on_every_nim_state(game):
    for state in reachable(game):
        value, move = naive_best_reply(game, state, game.to_move(state), 99, None)
        result = best_reply(game, state)
        assert (result.value, result.action) == (value, move)
        assert result.player == game.to_move(state)


@given(state=states(ROLIT, max_moves=30), depth=st.integers(1, 3))
def test_best_reply_equals_the_naive_search_on_rolit(state, depth):
    root = ROLIT.to_move(state)
    value, move = naive_best_reply(ROLIT, state, root, depth, ROLIT.evaluate)
    result = best_reply(ROLIT, state, depth=depth, evaluate=ROLIT.evaluate)
    assert (result.value, result.action, result.depth) == (value, move, depth)


@pytest.mark.slow
@given(state=states(ROLIT, max_moves=30), depth=st.integers(1, 4))
def test_the_principal_variation_replays_to_a_state_worth_the_value(state, depth):
    root = ROLIT.to_move(state)
    result = best_reply(ROLIT, state, depth=depth, evaluate=ROLIT.evaluate)
    for move in result.pv:
        if isinstance(move, Reply):
            assert ROLIT.to_move(state) != root
            state = pass_until(ROLIT, state, move.player)
            state = pass_until(ROLIT, ROLIT.result(state, move.action), root)
        else:
            assert ROLIT.to_move(state) == root
            state = ROLIT.result(state, move)
    if ROLIT.is_terminal(state):
        assert result.value == ROLIT.utility(state, root)
    else:
        assert len(result.pv) == depth
        assert result.value == ROLIT.evaluate(state, root)


def test_a_reply_names_the_opponent_who_makes_it():
    # Whatever player 0 takes from 3 sticks (1 or 2 at a time), player 1 takes the rest. Player
    # 0 keeps its first move, 1, to which the first winning reply is player 1's taking 2.
    result = best_reply(Nim((3,), max_take=2))
    assert result.value == 0.0
    assert result.action == (0, 1)
    assert result.pv[1] == Reply(player=1, action=(0, 2))


@given(game_trees(max_depth=5, max_branching=4))
def test_with_two_players_best_reply_is_alphabeta(tree):
    expected, found = alphabeta(tree), best_reply(tree)
    assert (found.value, found.action) == (expected.value, expected.action)
    assert found.stats.nodes == expected.stats.nodes
    assert [getattr(move, "action", move) for move in found.pv] == list(expected.pv)


def test_three_players_without_pass_turn_are_refused():
    tree = GameTree([[(1, 2, 3)]], num_players=3)
    with pytest.raises(UnsupportedGameError, match=r"no pass_turn\(state\) method"):
        best_reply(tree)


class StuckNim(Nim):
    """Nim whose pass_turn forgets to hand the turn on."""

    def pass_turn(self, state):
        return state


def test_a_pass_that_does_not_hand_the_turn_on_is_an_error():
    with pytest.raises(GameProtocolError, match=r"pass_turn must hand the turn to every player"):
        best_reply(StuckNim((3,)))
