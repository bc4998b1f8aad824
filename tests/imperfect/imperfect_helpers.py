"""What the tests of gamesearch.imperfect share: lines of play, trees walked beside OpenSpiel's."""

from __future__ import annotations

import importlib.util

import pytest

from gamesearch import CHANCE

needs_pyspiel = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None, reason="OpenSpiel (pyspiel) is not installed"
)


def information_sets(game):
    """Every decision's information set: key -> (player, actions), by a plain recursive walk."""
    found = {}

    def walk(state):
        if game.is_terminal(state):
            return
        mover = game.to_move(state)
        if mover != CHANCE:
            found[game.information_set(state, mover)] = (mover, tuple(game.actions(state)))
        for action in game.actions(state):
            walk(game.result(state, action))

    walk(game.initial_state())
    return found


def play(game, actions):
    state = game.initial_state()
    for action in actions:
        state = game.result(state, action)
    return state


def payoffs(game, state):
    return tuple(game.utility(state, player) for player in range(game.num_players))


def compare_with_openspiel(game, name):
    """Walk both trees in step; compare players, actions, chance, returns and information sets."""
    import pyspiel

    ours_to_theirs: dict = {}
    theirs_to_ours: dict = {}
    pending = [(game.initial_state(), pyspiel.load_game(name).new_initial_state())]
    histories = 0
    while pending:
        state, spiel = pending.pop()
        histories += 1
        if spiel.is_terminal():
            assert game.is_terminal(state)
            assert payoffs(game, state) == pytest.approx(tuple(spiel.returns()), abs=1e-12)
            continue
        assert not game.is_terminal(state)
        mover = game.to_move(state)
        assert mover == spiel.current_player()
        if mover == CHANCE:
            assert list(game.chance_outcomes(state)) == spiel.chance_outcomes()
        else:
            key, string = game.information_set(state, mover), spiel.information_state_string()
            assert ours_to_theirs.setdefault(key, string) == string
            assert theirs_to_ours.setdefault(string, key) == key
        assert list(game.actions(state)) == spiel.legal_actions()
        pending.extend((game.result(state, a), spiel.child(a)) for a in spiel.legal_actions())
    return histories, len(ours_to_theirs)
