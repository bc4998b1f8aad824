"""The exact references of bench_imperfect_play.py: the best players against a random one.

``bench/_ohhell_bounds.py`` computes, for Oh Hell against a uniformly random player, the honest
best response (on what a player sees) and the cheater (expectimax on the true deal). Its figures
are the evidence that the default game leaves no honest player 90% of the deals, so they are
checked here against the library's own :func:`~gamesearch.imperfect.best_response`.
"""

from __future__ import annotations

import itertools
import statistics
import sys
from pathlib import Path

import pytest
from imperfect_helpers import information_sets

from gamesearch.imperfect import OhHell, best_response

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _ohhell_bounds import (  # bench/ is not a package
    Cheater,
    HonestBestResponse,
    all_deals,
    deal_odds,
    deal_state,
    duplicate_ascent,
    outcomes,
)

SMALL = OhHell(suits=2, ranks=3, hand=2)


def uniform_profile(game, player):
    """Every legal action of ``player``'s information sets with equal odds: a random player."""
    return {
        key: {action: 1 / len(actions) for action in actions}
        for key, (mover, actions) in information_sets(game).items()
        if mover == player
    }


def expected(odds):
    return sum(utility * p for utility, p in odds.items())


@pytest.mark.slow
@pytest.mark.parametrize("seat", [0, 1])
def test_the_honest_best_response_gets_what_best_response_gets(seat):
    respond = HonestBestResponse(SMALL, seat)
    deals = all_deals(SMALL)
    mine = [deal_state(SMALL, deal) for deal in deals]
    value = statistics.fmean(expected(outcomes(SMALL, s, seat, respond)) for s in mine)
    library = best_response(SMALL, uniform_profile(SMALL, 1 - seat), seat)
    assert value == pytest.approx(library.value, abs=1e-9)
    hands = {deal[seat] for deal in deals}
    assert statistics.fmean(respond.value(hand) for hand in hands) == pytest.approx(value)


@pytest.mark.slow
def test_the_cheater_gets_at_least_what_the_honest_player_gets_on_every_deal():
    honest = [HonestBestResponse(SMALL, seat) for seat in (0, 1)]
    cheaters = [Cheater(SMALL, seat) for seat in (0, 1)]
    ahead = 0
    for deal in all_deals(SMALL):
        state = deal_state(SMALL, deal)
        for seat in (0, 1):
            cheat = expected(outcomes(SMALL, state, seat, cheaters[seat]))
            fair = expected(outcomes(SMALL, state, seat, honest[seat]))
            assert cheat >= fair - 1e-9
            ahead += cheat > fair + 1e-9
    assert ahead > 0  # seeing the cards is worth something on some deals


def test_the_odds_of_a_deal_add_up_to_one():
    honest = (HonestBestResponse(SMALL, 0), HonestBestResponse(SMALL, 1))
    for deal in all_deals(SMALL)[:20]:
        odds = deal_odds(SMALL, deal, honest)
        assert min(odds) >= 0
        assert sum(odds) == pytest.approx(1.0)


@pytest.mark.slow
def test_no_honest_player_beats_a_random_one_on_90_percent_of_the_default_deals():
    """The best response to random wins 77% of the deals of ``OhHell()``; seeing every card, 92%.

    The issue's 90% of deals (against random, from both seats) is out of the reach of any player
    who sees only what a player sees: the best response has the most expected utility of all
    of them, and wins about 77 deals in 100 (alternating best responses aimed at the deals won
    themselves reach about 79, bench/README.md). A player who sees every card wins about 92.
    """
    game = OhHell()
    deals = all_deals(game)
    assert len(deals) == game.deals() == 1680
    honest = (HonestBestResponse(game, 0), HonestBestResponse(game, 1))
    cheater = (Cheater(game, 0), Cheater(game, 1))
    won = statistics.fmean(deal_odds(game, deal, honest)[0] for deal in deals)
    seeing = statistics.fmean(deal_odds(game, deal, cheater)[0] for deal in deals)
    assert 0.7 < won < 0.8 < 0.9 < seeing


@pytest.mark.slow
def test_players_aimed_at_the_deals_won_win_no_fewer_deals():
    steps = list(duplicate_ascent(SMALL, 1))
    shares = [share for _, _, share in steps]
    assert [(r, s) for r, s, _ in steps] == [(-1, -1), (0, 0), (0, 1)]
    assert all(later >= earlier - 1e-12 for earlier, later in itertools.pairwise(shares))
    assert 0 < shares[0] < 1
