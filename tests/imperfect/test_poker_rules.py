"""Kuhn and Leduc poker play by OpenSpiel's rules: hands by hand, and whole trees compared."""

from __future__ import annotations

import pytest
from imperfect_helpers import compare_with_openspiel, needs_pyspiel, payoffs, play

from gamesearch import CHANCE
from gamesearch.errors import GameProtocolError, IllegalActionError
from gamesearch.imperfect import KuhnPoker, LeducPoker

P, B = KuhnPoker.PASS, KuhnPoker.BET
F, C, R = LeducPoker.FOLD, LeducPoker.CALL, LeducPoker.RAISE


@pytest.mark.parametrize(
    ("cards", "betting", "expected"),
    [
        ((2, 0), (P, P), (1.0, -1.0)),  # checked down: the King wins the antes
        ((0, 2), (P, B, P), (-1.0, 1.0)),  # 0 folds to a bet
        ((0, 2), (P, B, B), (-2.0, 2.0)),  # 0 calls and loses
        ((1, 0), (B, P), (1.0, -1.0)),  # 1 folds to a bet
        ((1, 2), (B, B), (-2.0, 2.0)),
    ],
)
def test_kuhn_hands(cards, betting, expected):
    game = KuhnPoker()
    state = play(game, (*cards, *betting))
    assert game.is_terminal(state)
    assert payoffs(game, state) == expected


def test_three_player_kuhn_pays_the_best_card_among_those_who_called():
    game = KuhnPoker(players=3)
    # Cards 1, 3, 0: player 0 bets, player 1 (the best card) folds, player 2 calls.
    state = play(game, (1, 3, 0, B, P, B))
    assert game.is_terminal(state)
    assert payoffs(game, state) == (3.0, -1.0, -2.0)
    # After a pass and a bet, the first player answers in a second turn.
    state = play(game, (1, 3, 0, P, B, P))
    assert not game.is_terminal(state)
    assert game.to_move(state) == 0
    assert game.information_set(state, 0) == "1pbp"


def test_kuhn_refuses_what_is_not_a_move():
    game = KuhnPoker()
    with pytest.raises(IllegalActionError, match="the legal actions are 0, 1, 2"):
        game.result(game.initial_state(), 3)
    with pytest.raises(IllegalActionError):
        play(game, (0, 0))  # the Jack is dealt already
    with pytest.raises(GameProtocolError, match="in progress"):
        game.utility(play(game, (0, 1, P)), 0)
    with pytest.raises(ValueError, match="from 2 to 10"):
        KuhnPoker(players=1)


def test_leduc_betting_round_one_raises_two_and_round_two_raises_four():
    game = LeducPoker()
    state = play(game, (4, 0))  # K to 0, J to 1
    assert game.to_move(state) == 0
    assert game.actions(state) == (C, R)  # nothing to fold against
    state = play(game, (4, 0, R, R))
    assert game.actions(state) == (F, C)  # two raises: no third
    state = game.result(state, C)
    assert game.to_move(state) == CHANCE
    assert state.ante == (5, 5)
    state = play(game, (4, 0, R, R, C, 2, R, F))  # a Queen turns up; 0 raises, 1 folds
    assert game.is_terminal(state)
    assert payoffs(game, state) == (5.0, -5.0)


@pytest.mark.parametrize(
    ("deal", "expected"),
    [
        ((0, 4, 1), (7.0, -7.0)),  # 0 pairs its Jack: a pair beats a King
        ((2, 4, 0), (-7.0, 7.0)),  # no pair: the King beats the Queen
        ((0, 1, 4), (0.0, 0.0)),  # both Jacks under a King: the pot is split
        ((3, 2, 5), (0.0, 0.0)),
        ((2, 0, 1), (-7.0, 7.0)),  # 1 pairs its Jack with the other Jack
    ],
)
def test_leduc_showdowns(deal, expected):
    game = LeducPoker()
    mine, yours, public = deal
    state = play(game, (mine, yours, R, C, public, R, C))
    assert game.is_terminal(state)
    assert state.ante == (7, 7)  # the ante, a raise of 2 and a raise of 4 each
    assert payoffs(game, state) == expected


def test_leduc_refuses_what_is_not_a_move():
    game = LeducPoker()
    with pytest.raises(IllegalActionError, match="the legal actions are 1, 2"):
        play(game, (0, 1, F))
    with pytest.raises(GameProtocolError, match="not a chance node"):
        game.chance_outcomes(play(game, (0, 1)))
    with pytest.raises(GameProtocolError, match="players 0 to 1"):
        game.utility(play(game, (0, 1, R, F)), 2)
    with pytest.raises(ValueError, match="from 2 to 10"):
        LeducPoker(players=11)


@needs_pyspiel
@pytest.mark.parametrize(
    ("game", "name", "histories"),
    [(KuhnPoker(), "kuhn_poker", 58), (KuhnPoker(players=3), "kuhn_poker(players=3)", 617)],
    ids=["2", "3"],
)
def test_kuhn_is_openspiels_kuhn_poker(game, name, histories):
    assert compare_with_openspiel(game, name)[0] == histories


@needs_pyspiel
@pytest.mark.slow
def test_leduc_is_openspiels_leduc_poker():
    assert compare_with_openspiel(LeducPoker(), "leduc_poker") == (9457, 936)
