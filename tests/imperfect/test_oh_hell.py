"""Oh Hell on a small deck: the rules by hand, the protocols checked, worlds drawn uniformly."""

from __future__ import annotations

import collections
import random

import pytest
from imperfect_helpers import payoffs, play

from gamesearch import CHANCE
from gamesearch.conformance import check_game
from gamesearch.errors import GameProtocolError, IllegalActionError
from gamesearch.identity import game_identity, remake
from gamesearch.imperfect import OhHell, OhHellInfoSet, check_information_sets

# Three suits of Q K A: card c is rank c % 3 (0 = Q, 2 = A) of suit c // 3 (S, H, D).
QS, KS, AS, QH, KH, AH, QD, KD, AD = range(9)


def test_the_deck_is_named_rank_then_suit():
    game = OhHell()
    assert [game.card_name(c) for c in range(9)] == [
        "QS", "KS", "AS", "QH", "KH", "AH", "QD", "KD", "AD"
    ]  # fmt: skip
    assert OhHell(suits=4, ranks=13).card_name(51) == "AC"
    with pytest.raises(ValueError, match="not a card"):
        game.card_name(9)


def test_a_hand_by_hand_follow_suit_and_the_highest_of_the_led_suit_wins():
    game = OhHell()
    state = play(game, ((AS, QH, KD), (KS, AH, AD), 1, 2))
    assert game.to_move(state) == 0
    assert game.actions(state) == (AS, QH, KD)  # the lead is free
    state = game.result(state, QH)
    assert game.actions(state) == (AH,)  # player 1 must follow hearts
    state = game.result(state, AH)
    assert state.tricks == (0, 1)
    assert state.leader == 1
    assert game.to_move(state) == 1
    state = game.result(state, KS)  # 1 leads spades; 0 follows with its ace
    state = game.result(state, AS)
    assert state.tricks == (1, 1)
    assert game.to_move(state) == 0
    state = game.result(state, KD)
    assert game.actions(state) == (AD,)
    state = game.result(state, AD)
    assert game.is_terminal(state)
    assert state.tricks == (1, 2)
    # Player 0 bid 1 and took 1 (11 points), player 1 bid 2 and took 2 (12): zero-sum form.
    assert (game.score(state, 0), game.score(state, 1)) == (11, 12)
    assert payoffs(game, state) == (-1.0, 1.0)


def test_a_player_void_in_the_led_suit_may_play_anything_and_cannot_win_the_trick():
    game = OhHell()
    state = play(game, ((QS, KS, AS), (QH, KH, AH), 0, 0, QS))
    assert game.actions(state) == (QH, KH, AH)
    state = game.result(state, AH)  # an ace of another suit does not take a spade trick
    assert state.tricks == (1, 0)
    assert state.leader == 0


def test_without_bids_a_player_scores_its_tricks():
    game = OhHell(bids=False)
    state = play(game, ((QS, KS, AS), (QH, KH, AH), QS, AH, KS, KH, AS, QH))
    assert state.tricks == (3, 0)
    assert payoffs(game, state) == (3.0, -3.0)
    three = OhHell(3, bids=False)
    state = play(three, ((QS, KS, AS), (QH, KH, AH), (QD, KD, AD)))
    for card in (AS, AH, AD, KS, KH, KD, QS, QH, QD):
        state = three.result(state, card)
    assert payoffs(three, state) == (3.0, 0.0, 0.0)


def test_with_three_players_a_missed_bid_scores_only_the_tricks():
    game = OhHell(3)
    state = play(game, ((QS, KS, AS), (QH, KH, AH), (QD, KD, AD), 3, 0, 1))
    for card in (AS, AH, AD, KS, KH, KD, QS, QH, QD):
        state = game.result(state, card)
    assert payoffs(game, state) == (13.0, 10.0, 0.0)


def test_the_deal_is_one_chance_node_a_hand_every_hand_equally_likely():
    game = OhHell()
    state = game.initial_state()
    assert game.to_move(state) == CHANCE
    outcomes = game.chance_outcomes(state)
    assert len(outcomes) == 84
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state = game.result(state, (QS, KS, AS))
    assert len(game.chance_outcomes(state)) == 20
    assert game.deals() == 84 * 20
    with pytest.raises(IllegalActionError):
        game.result(state, (QS, QH, QD))  # QS is dealt already
    with pytest.raises(IllegalActionError):
        game.result(state, (KH, QH, QD))  # not sorted
    state = game.result(state, (QH, KH, AH))
    with pytest.raises(GameProtocolError, match="not a chance node"):
        game.chance_outcomes(state)
    with pytest.raises(GameProtocolError, match="in progress"):
        game.utility(state, 0)
    with pytest.raises(IllegalActionError):
        game.result(state, 4)  # a bid above the hand


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 1}, "players"),
        ({"players": 5}, "players"),
        ({"suits": 0}, "suits"),
        ({"ranks": 14}, "ranks"),
        ({"hand": 0}, "hand"),
        ({"hand": True}, "hand"),
        ({"players": 4, "hand": 3}, "deck has 9"),
        ({"bids": 1}, "bids"),
    ],
)
def test_parameters_out_of_range_are_refused(arguments, message):
    with pytest.raises(ValueError, match=message):
        OhHell(**arguments)


@pytest.mark.slow
def test_the_game_keeps_the_game_protocol():
    check_game(OhHell(suits=2, ranks=2, hand=2), zero_sum=True)
    check_game(OhHell(), max_states=300, lines=30, zero_sum=True)


@pytest.mark.slow
def test_the_bigger_games_keep_the_game_protocol():
    check_game(OhHell(), max_states=2_000, zero_sum=True)
    check_game(OhHell(4, suits=4, ranks=2, hand=2), max_states=2_000)


@pytest.mark.parametrize(
    "game",
    [
        OhHell(suits=2, ranks=2, hand=2),  # every card dealt
        OhHell(suits=3, ranks=2, hand=2, bids=False),  # two cards left face down
        OhHell(3, suits=2, ranks=3, hand=1),
    ],
    ids=repr,
)
@pytest.mark.slow
def test_information_sets_and_sampled_worlds_pass_the_checker_exhaustively(game):
    report = check_information_sets(game, samples=3)
    assert report.exhaustive
    assert report.perfect_recall
    assert report.samples > 0


@pytest.mark.slow
def test_the_checker_passes_on_the_bigger_games():
    report = check_information_sets(OhHell(suits=3, ranks=2, hand=2), samples=3)
    assert report.exhaustive
    assert report.perfect_recall
    for game in (OhHell(), OhHell(4, suits=4, ranks=2, hand=2)):
        assert check_information_sets(game, max_histories=20_000).samples > 0


def _information_set_members(game, state, player):
    """Every history with ``player``'s key of ``state``, found by walking the whole tree."""
    key = game.information_set(state, player)
    depth = len(state.hands) + len(state.bids) + len(state.played)
    found, pending = [], [(game.initial_state(), 0)]
    while pending:
        node, level = pending.pop()
        if level == depth:
            if game.information_set(node, player) == key:
                found.append(node)
            continue
        pending.extend((game.result(node, a), level + 1) for a in game.actions(node))
    return found


@pytest.mark.slow
def test_sampled_worlds_are_uniform_over_the_deals_the_player_cannot_rule_out():
    # Player 1 failed to follow spades: it holds none. Player 0's worlds must deal player 1
    # no spade, and every such deal is as likely as the others (each deal has one chance
    # probability).
    game = OhHell(suits=3, ranks=3, hand=2, bids=False)
    state = play(game, ((KS, AS), (QH, AD), KS, QH))
    assert game.to_move(state) == 0
    members = _information_set_members(game, state, 0)
    assert state in members
    assert len(members) > 3
    assert all(not {QS} & set(world.held[1]) for world in members)
    rng = random.Random(3)
    draws = 5_000
    counts = collections.Counter(game.sample_state(state, 0, rng) for _ in range(draws))
    assert set(counts) == set(members)
    expected = draws / len(members)
    assert all(abs(count - expected) < 5 * expected**0.5 for count in counts.values())


def test_sampled_worlds_keep_the_cards_each_player_played():
    game = OhHell(3, suits=3, ranks=3, hand=3)
    state = play(game, ((QS, KS, QH), (AS, KH, QD), (AH, KD, AD), 0, 1, 1, QH, KH, AH))
    rng = random.Random(0)
    for _ in range(200):
        world = game.sample_state(state, 1, rng)
        assert game.information_set(world, 1) == game.information_set(state, 1)
        assert QH in world.hands[0]
        assert AH in world.hands[2]
        assert world.hands[1] == state.hands[1]
        assert world.held[0] == tuple(c for c in world.hands[0] if c != QH)


def test_the_key_is_plain_data_and_the_game_remakes_from_its_identity():
    game = OhHell(3, suits=4, ranks=3, hand=2, bids=False)
    state = play(game, ((QS, KS), (AS, QH), (KH, AH)))
    assert game.information_set(state, 2) == OhHellInfoSet(2, (KH, AH), (), ())
    assert remake(game_identity(game)).game_parameters() == game.game_parameters()
    assert repr(game) == "OhHell(players=3, suits=4, hand=2, bids=False)"
    assert repr(OhHell()) == "OhHell()"
