"""Nim for n players: its rules, and shallow pruning checked on every state of small games."""

from __future__ import annotations

import pytest
from helpers import reachable

from gamesearch import GameProtocolError, IllegalActionError, maxn
from gamesearch.games import Nim

SMALL = [
    Nim((3, 3)),
    Nim((2, 2, 2)),
    Nim((5,), max_take=2),
    Nim((2, 3), players=4),
    Nim((4, 1), players=2),
]


def test_moves_take_from_one_pile_in_turn():
    game = Nim((2, 1), players=3)
    state = game.initial_state()
    assert game.actions(state) == ((0, 1), (0, 2), (1, 1))
    state = game.result(state, (0, 2))
    assert state == ((0, 1), 1)
    assert game.actions(state) == ((1, 1),)
    end = game.result(state, (1, 1))
    assert game.is_terminal(end)
    assert [game.utility(end, player) for player in range(3)] == [0.0, 1.0, 0.0]


def test_max_take_caps_a_move():
    assert Nim((5,), max_take=2).actions(((5,), 0)) == ((0, 1), (0, 2))


def test_player_0_cannot_stop_player_1():
    # One pile of 3, takes of 1 or 2: whatever player 0 takes, player 1 takes the rest. Player 0
    # is indifferent and keeps its first move.
    result = maxn(Nim((3,), max_take=2))
    assert result.values == (0.0, 1.0, 0.0)
    assert result.pv == ((0, 1), (0, 2))


@pytest.mark.parametrize("game", SMALL, ids=repr)
def test_shallow_pruning_equals_plain_maxn_on_every_state(game):
    cut = 0
    for state in reachable(game):
        plain = maxn(game, state)
        pruned = maxn(game, state, pruning="shallow", sum_bounds=(0, 1))
        assert (pruned.values, pruned.pv) == (plain.values, plain.pv)
        assert pruned.stats.nodes <= plain.stats.nodes
        cut += plain.stats.nodes - pruned.stats.nodes
    # A winner takes all: a player sure of 1 stops at once, and so does the player above it.
    assert cut > 0 or game.num_players == 4


def test_pass_turn():
    game = Nim((1, 1))
    assert game.pass_turn(((1, 1), 2)) == ((1, 1), 0)
    with pytest.raises(GameProtocolError, match=r"finished game"):
        game.pass_turn(((0, 0), 1))


@pytest.mark.parametrize("action", [(0, 3), (1, 0), (2, 1), (-1, 1), (0, 1.0), "x", None])
def test_illegal_moves(action):
    with pytest.raises(IllegalActionError, match=r"illegal action"):
        Nim((2, 1)).result(((2, 1), 0), action)


def test_utility_needs_a_finished_game_and_a_player():
    game = Nim((1,))
    with pytest.raises(GameProtocolError, match=r"game in progress"):
        game.utility(((1,), 0), 0)
    with pytest.raises(ValueError, match=r"players 0 to 2, not 3"):
        game.utility(((0,), 1), 3)


@pytest.mark.parametrize(
    ("piles", "options"),
    [
        ((), {}),
        ((0, 0), {}),
        ((-1, 2), {}),
        ((1.5,), {}),
        ((2,), {"players": 0}),
        ((2,), {"max_take": 0}),
        ((2,), {"players": True}),
        ((10**9,), {}),  # a picture of a billion sticks: 13 s and 1.9 GB to draw the start
        ((1,) * 1_001, {}),  # more piles than the most
        ((2,), {"players": 10**9}),
    ],
)
def test_bad_games_are_refused(piles, options):
    with pytest.raises(ValueError, match=r"Nim: "):
        Nim(piles, **options)
