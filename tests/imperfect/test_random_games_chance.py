"""Random small games of imperfect information with chance in play (a public card turned up)."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from imperfect_helpers import information_sets
from test_random_games import payoff_range, value_by_traversal

from gamesearch import CHANCE, expectiminimax
from gamesearch.conformance import check_game
from gamesearch.imperfect import (
    CFRSolver,
    HiddenDealGame,
    best_response,
    cfr,
    check_information_sets,
    face_up,
    ismcts,
    mccfr,
    nash_conv,
)
from gamesearch.testing import hidden_deal_games


def chance_in_play(game):
    """The chance nodes after the deal, by a walk of the whole tree."""
    found = 0

    def walk(state, first):
        nonlocal found
        if game.is_terminal(state):
            return
        if game.to_move(state) == CHANCE and not first:
            found += 1
        for action in game.actions(state):
            walk(game.result(state, action), first=False)

    walk(game.initial_state(), first=True)
    return found


GAMES = hidden_deal_games(max_cards=3, max_branching=3, chance=True).filter(chance_in_play)


@settings(max_examples=15, deadline=None)
@given(GAMES)
def test_drawn_games_with_chance_in_play_keep_the_protocols_promises(game):
    check_game(game)
    report = check_information_sets(game, samples=2)
    assert report.exhaustive
    assert report.perfect_recall
    assert report.infosets == len(information_sets(game))


@settings(max_examples=15, deadline=None)
@given(GAMES, st.randoms(use_true_random=False))
def test_best_responses_equal_brute_force_with_chance_in_play(game, rng):
    sets = information_sets(game)
    profile = {}
    for key, (_, actions) in sets.items():
        weights = [rng.random() + 1e-3 for _ in actions]
        profile[key] = {a: w / sum(weights) for a, w in zip(actions, weights, strict=True)}
    gains = []
    for player, sign in ((0, 1.0), (1, -1.0)):
        mine = [key for key, (owner, _) in sets.items() if owner == player]
        assume(math.prod(len(sets[key][1]) for key in mine) <= 256)
        best = -math.inf
        for choice in itertools.product(*(sets[key][1] for key in mine)):
            pure = dict(profile)
            pure.update({key: {action: 1.0} for key, action in zip(mine, choice, strict=True)})
            best = max(best, sign * value_by_traversal(game, pure))
        assert best_response(game, profile, player).value == pytest.approx(best, abs=1e-9)
        gains.append(best - sign * value_by_traversal(game, profile))
    assert nash_conv(game, profile) == pytest.approx(sum(gains), abs=1e-9)


@settings(max_examples=15, deadline=None)
@given(hidden_deal_games(max_depth=3, perfect_information=True, chance=True).filter(chance_in_play))
def test_with_perfect_information_cfr_finds_the_expectiminimax_value(game):
    value = expectiminimax(face_up(game)).value
    result = cfr(game, iterations=200, variant="plus")
    assert result.values[0] == pytest.approx(value, abs=1e-2 * payoff_range(game))
    assert best_response(game, result.strategy, 0).value >= value - 1e-9
    assert -best_response(game, result.strategy, 1).value <= value + 1e-9


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(GAMES)
def test_cfr_plus_nash_conv_within_the_regret_bound_with_chance_in_play(game):
    # Zinkevich et al. (2007), theorem 4, as in test_random_games: the bound does not depend
    # on where chance acts.
    sets = information_sets(game)
    most_actions = max(len(actions) for _, actions in sets.values())
    constant = 2 * payoff_range(game) * len(sets) * math.sqrt(most_actions)
    solver = CFRSolver(game, variant="plus")
    solver.iterate(400)
    assert -1e-9 <= solver.result().nash_conv <= constant / math.sqrt(400)


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(GAMES, st.sampled_from(["external", "outcome"]))
def test_mccfr_samples_chance_in_play_and_measures_exactly(game, scheme):
    result = mccfr(game, iterations=50, scheme=scheme, rng=3)
    sets = information_sets(game)
    assert set(result.strategy) == set(sets)  # measured: every set, uniform where never met
    for key, odds in result.strategy.items():
        assert set(odds) <= set(sets[key][1])
        assert sum(odds.values()) == pytest.approx(1.0)
    assert result.nash_conv == pytest.approx(nash_conv(game, result.strategy), abs=1e-9)
    assert result.values[0] == pytest.approx(value_by_traversal(game, result.strategy), abs=1e-9)


@settings(max_examples=20, deadline=None)
@given(GAMES, st.integers(0, 2**16))
def test_ismcts_searches_past_chance_in_play(game, seed):
    state = game.result(
        game.initial_state(), next(iter(game.chance_outcomes(game.initial_state())))[0]
    )
    result = ismcts(game, state, iterations=60, rng=seed)
    assert result.iterations == 60
    assert sum(visits for _, visits in result.visits) == 60
    assert result.action in game.actions(state)


def test_a_chance_node_in_play_must_be_a_distribution():
    deals = {(0, 0): 1.0}
    ends = {(0, 0): {(0, 0): 1}, (0, 1): {(0, 0): -1}}
    game = HiddenDealGame(deals, {(): (0, 1)}, ends, chances={(0,): (0.25, 0.75)})
    state = game.result(game.result(game.initial_state(), (0, 0)), 0)
    assert game.to_move(state) == CHANCE
    assert game.chance_outcomes(state) == ((0, 0.25), (1, 0.75))
    assert expectiminimax(face_up(game)).value == pytest.approx(-0.5)
    for odds in ((0.5, 0.6), (1.0, 0.0), ()):
        with pytest.raises(ValueError, match="summing to 1"):
            HiddenDealGame(deals, {(): (0, 1)}, ends, chances={(0,): odds})
    with pytest.raises(ValueError, match="of two kinds"):
        HiddenDealGame(deals, {(): (0, 1), (0,): (1, 2)}, ends, chances={(0,): (0.5, 0.5)})
