"""Liar's Dice with one die each plays by OpenSpiel's rules: calls by hand, whole trees compared."""

from __future__ import annotations

import random

import pytest
from imperfect_helpers import compare_with_openspiel, needs_pyspiel, payoffs, play

from gamesearch import CHANCE
from gamesearch.errors import GameProtocolError, IllegalActionError
from gamesearch.identity import game_identity, remake
from gamesearch.imperfect import LiarsDice, check_information_sets
from gamesearch.imperfect._tree import enumerate_tree

LIAR = 12


def bid(quantity, face, sides=6):
    return (quantity - 1) * sides + face - 1


@pytest.mark.parametrize(
    ("dice", "bids", "expected"),
    [
        ((3, 5), (bid(1, 2), LIAR), (-1.0, 1.0)),  # no 2 and no 6: the bidder (0) lied
        ((3, 5), (bid(1, 3), LIAR), (1.0, -1.0)),  # player 0's own 3 makes the bid true
        ((6, 1), (bid(1, 4), LIAR), (1.0, -1.0)),  # the 6 is wild: it counts as a 4
        ((6, 4), (bid(1, 1), bid(2, 4), LIAR), (-1.0, 1.0)),  # 4 and a wild 6: two 4s, 1 wins
        ((6, 6), (bid(2, 6), LIAR), (1.0, -1.0)),  # two 6s are two 6s, not four
        ((2, 2), (bid(1, 1), bid(2, 2), LIAR), (-1.0, 1.0)),  # 0 calls 1's true bid
        ((1, 1), (bid(1, 1), bid(2, 1), LIAR), (-1.0, 1.0)),
    ],
)
def test_calls(dice, bids, expected):
    game = LiarsDice()
    state = play(game, (dice[0] - 1, dice[1] - 1, *bids))
    assert game.is_terminal(state)
    assert payoffs(game, state) == expected
    assert game.actions(state) == ()


def test_bids_rise_and_liar_comes_after_the_first_bid():
    game = LiarsDice()
    state = play(game, (0, 5))
    assert game.to_move(state) == 0
    assert game.actions(state) == tuple(range(12))  # any bid; no call before one
    state = game.result(state, bid(2, 5))
    assert game.to_move(state) == 1
    assert game.actions(state) == (bid(2, 6), LIAR)
    state = game.result(state, bid(2, 6))
    assert game.actions(state) == (LIAR,)  # the highest bid: only a call is left
    assert game.information_set(state, 0) == "1 2-5 2-6"
    assert game.information_set(state, 1) == "6 2-5 2-6"


def test_chance_rolls_each_die_evenly():
    game = LiarsDice(dice_sides=4)
    assert game.to_move(game.initial_state()) == CHANCE
    assert game.chance_outcomes(game.initial_state()) == tuple((k, 0.25) for k in range(4))
    assert game.to_move(play(game, (3,))) == CHANCE
    assert play(game, (3, 0)).dice == (4, 1)


def test_what_is_not_a_move_is_refused():
    game = LiarsDice()
    with pytest.raises(IllegalActionError, match="the legal actions are 0, 1, 2, 3, 4, 5"):
        game.result(game.initial_state(), 6)
    with pytest.raises(IllegalActionError):
        play(game, (0, 0, LIAR))  # nothing to call yet
    with pytest.raises(IllegalActionError):
        play(game, (0, 0, bid(1, 5), bid(1, 4)))  # a bid must rise
    with pytest.raises(IllegalActionError):
        play(game, (0, 0, True))
    with pytest.raises(GameProtocolError, match="in progress"):
        game.utility(play(game, (0, 0, 1)), 0)
    with pytest.raises(GameProtocolError, match="not a chance node"):
        game.chance_outcomes(play(game, (0, 0)))
    with pytest.raises(GameProtocolError, match="players 0 to 1"):
        game.utility(play(game, (0, 0, 1, LIAR)), 2)
    for sides in (1, 10, 6.0, True, "6"):
        with pytest.raises(ValueError, match="from 2 to 9"):
            LiarsDice(dice_sides=sides)


def test_information_sets_keep_their_promises_and_sampling_rolls_the_hidden_die():
    report = check_information_sets(LiarsDice(dice_sides=3), samples=3)
    assert report.exhaustive
    assert report.perfect_recall
    assert report.infosets == 3 * 2**6  # each face with each of the 2^6 bid sequences
    game = LiarsDice()
    state = play(game, (2, 4, bid(1, 1)))
    rng = random.Random(7)
    seen = {game.sample_state(state, 1, rng).dice for _ in range(200)}
    assert seen == {(face, 5) for face in range(1, 7)}


def test_the_identity_makes_the_game_again():
    game = LiarsDice(dice_sides=4)
    assert str(game_identity(game)).endswith("LiarsDice(dice_sides=4)")
    assert repr(remake(game_identity(game))) == "LiarsDice(dice_sides=4)"
    assert repr(LiarsDice()) == "LiarsDice()"


@needs_pyspiel
def test_small_dice_are_openspiels_liars_dice():
    # Every history: players, legal actions, chance, returns, and the information sets, whose
    # keys are OpenSpiel's strings.
    game = LiarsDice(dice_sides=3)
    histories, infosets = compare_with_openspiel(game, "liars_dice(dice_sides=3)")
    assert (histories, infosets) == (1 + 3 + 9 * (2**6 + 2**6 - 1), 3 * 2**6)
    import pyspiel

    spiel = pyspiel.load_game("liars_dice(dice_sides=3)").new_initial_state()
    state = game.initial_state()
    for action in (0, 2, 1, 4, 6):
        spiel.apply_action(action)
        state = game.result(state, action)
        if not spiel.is_terminal() and not spiel.is_chance_node():
            for player in (0, 1):
                key = game.information_set(state, player)
                assert key == spiel.information_state_string(player)


@needs_pyspiel
@pytest.mark.slow
def test_six_sided_dice_are_openspiels_liars_dice():
    histories, infosets = compare_with_openspiel(LiarsDice(), "liars_dice")
    assert (histories, infosets) == (294_883, 24_576)


@pytest.mark.slow
def test_the_six_sided_tree_enumerates():
    tree = enumerate_tree(LiarsDice(), searcher="test")
    assert (tree.nodes, len(tree.keys)) == (294_883, 24_576)
