"""PIMC and ISMCTS play Oh Hell: both beat a random player on 90% of 100 deals, from each seat.

Every deal is played twice with the same cards, the searcher in seat 0 and then in seat 1: two
tournaments with the same seed and fixed seats, whose game ``g`` draws the same deal. The
searcher beats random on a deal when its utility summed over both seats is above 0 (zero-sum).
``OhHell(hand=4)``: one card of the nine stays face down, so a player does not know which four
of the five cards it cannot see the other holds: there the best response to random (exact, on
what a player sees) wins 90.3% of the deals. On the default three-card hands, with three cards
face down, it wins 77.3% and no player who does not see the cards reaches 90%
(test_ohhell_bounds.py); PIMC and ISMCTS beat random on about three deals in four there.
"""

from __future__ import annotations

import pytest

from gamesearch import random_player, tournament
from gamesearch.cli._match import wilson
from gamesearch.imperfect import ISMCTSPlayer, OhHell, PIMCPlayer

GAME = OhHell(hand=4)
EXPLORATION = 8.0


def duplicate(player, deals, seed):
    opponent = random_player()
    first = tournament(GAME, [player, opponent], games=deals, seed=seed, alternate=False)
    second = tournament(GAME, [opponent, player], games=deals, seed=seed, alternate=False)
    beaten = 0
    for one, other in zip(first.records, second.records, strict=True):
        assert one.moves[:2] == other.moves[:2]  # the same two hands dealt
        beaten += one.utilities[0] + other.utilities[1] > 0
    return beaten


@pytest.mark.slow
def test_pimc_beats_a_random_player_on_90_of_100_deals():
    assert duplicate(PIMCPlayer(GAME, worlds=20), 100, seed=11) >= 90


@pytest.mark.slow
def test_ismcts_beats_a_random_player_on_90_of_100_deals():
    player = ISMCTSPlayer(GAME, iterations=1000, exploration=EXPLORATION)
    assert duplicate(player, 100, seed=11) >= 90


@pytest.mark.slow
def test_the_tournament_reports_pimc_against_ismcts():
    pimc = PIMCPlayer(GAME, worlds=10)
    ismcts = ISMCTSPlayer(GAME, iterations=300, exploration=EXPLORATION)
    result = tournament(GAME, [pimc, ismcts], games=20, seed=3)
    assert result.unfinished == 0
    assert result.wins[0] == result.losses[1]
    assert result.wins[0] + result.draws[0] + result.losses[0] == 20
    assert result.seats[:2] == ((0, 1), (1, 0))  # each takes both seats in turn
    low, high = wilson(result.score[0], 20)
    assert 0 <= low <= result.score[0] / 20 <= high <= 1


def test_a_deal_is_the_same_from_each_seat():
    players = [random_player(), random_player()]
    first = tournament(GAME, players, games=3, seed=5, alternate=False)
    second = tournament(GAME, players[::-1], games=3, seed=5, alternate=False)
    for one, other in zip(first.records, second.records, strict=True):
        assert one.moves[:2] == other.moves[:2]
    assert len({record.moves[:2] for record in first.records}) == 3
