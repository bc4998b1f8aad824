"""Random small games of imperfect information: the checker, best responses, CFR+, minimax."""

from __future__ import annotations

import itertools
import math
import tracemalloc

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from imperfect_helpers import information_sets

from gamesearch import CHANCE, expectiminimax
from gamesearch.conformance import check_game
from gamesearch.imperfect import (
    CFRSolver,
    HiddenDealGame,
    best_response,
    cfr,
    check_information_sets,
    exploitability,
    face_up,
    nash_conv,
)
from gamesearch.testing import hidden_deal_games


def value_by_traversal(game, profile, state=None):
    """Player 0's expected utility under ``profile``, by recursion through the game itself."""
    state = game.initial_state() if state is None else state
    if game.is_terminal(state):
        return game.utility(state, 0)
    mover = game.to_move(state)
    branches = (
        game.chance_outcomes(state)
        if mover == CHANCE
        else profile[game.information_set(state, mover)].items()
    )
    return sum(
        probability * value_by_traversal(game, profile, game.result(state, action))
        for action, probability in branches
        if probability
    )


def payoff_range(game):
    """The largest payoff less the smallest, over every end of the game (at least 1)."""
    values = []

    def walk(state):
        if game.is_terminal(state):
            values.append(game.utility(state, 0))
            return
        for action in game.actions(state):
            walk(game.result(state, action))

    walk(game.initial_state())
    return max(1.0, max(values) - min(values))


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(hidden_deal_games(max_cards=3, max_branching=3))
def test_every_drawn_game_keeps_the_protocols_promises(game):
    check_game(game)
    report = check_information_sets(game, samples=2)
    assert report.exhaustive
    assert report.perfect_recall
    assert report.samples == 2 * report.decisions
    assert report.infosets == len(information_sets(game))


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(hidden_deal_games(perfect_information=True))
def test_drawn_games_of_perfect_information_keep_them_too(game):
    report = check_information_sets(game)
    assert report.perfect_recall
    assert report.exhaustive


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(hidden_deal_games(max_cards=3, max_branching=3), st.randoms(use_true_random=False))
def test_best_responses_equal_brute_force_over_every_pure_strategy(game, rng):
    sets = information_sets(game)
    profile = {}
    for key, (_, actions) in sets.items():
        weights = [rng.random() + 1e-3 for _ in actions]
        profile[key] = {a: w / sum(weights) for a, w in zip(actions, weights, strict=True)}
    gains = []
    for player, sign in ((0, 1.0), (1, -1.0)):
        mine = [key for key, (owner, _) in sets.items() if owner == player]
        pure_strategies = math.prod(len(sets[key][1]) for key in mine)
        assume(pure_strategies <= 256)
        best = -math.inf
        for choice in itertools.product(*(sets[key][1] for key in mine)):
            pure = dict(profile)
            pure.update({key: {action: 1.0} for key, action in zip(mine, choice, strict=True)})
            best = max(best, sign * value_by_traversal(game, pure))
        response = best_response(game, profile, player)
        assert response.value == pytest.approx(best, abs=1e-9)
        gains.append(best - sign * value_by_traversal(game, profile))
    assert nash_conv(game, profile) == pytest.approx(sum(gains), abs=1e-9)
    assert exploitability(game, profile) == pytest.approx(sum(gains) / 2, abs=1e-9)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(hidden_deal_games(max_cards=3, max_branching=3))
def test_cfr_plus_nash_conv_shrinks_within_the_regret_bound(game):
    # Zinkevich et al. (2007), theorem 4: each player's average regret after T iterations is
    # at most range * |I_p| * sqrt(|A|) / sqrt(T); NashConv is at most their sum. CFR+'s
    # regret matching+ keeps the bound (Tammelin et al. 2015); a factor 2 covers the linear
    # averaging and the alternating updates.
    sets = information_sets(game)
    most_actions = max(len(actions) for _, actions in sets.values())
    constant = 2 * payoff_range(game) * len(sets) * math.sqrt(most_actions)
    solver = CFRSolver(game, variant="plus")
    solver.iterate(25)
    early = solver.result().nash_conv
    solver.iterate(375)
    late = solver.result().nash_conv
    assert -1e-9 <= early <= constant / math.sqrt(25)
    assert -1e-9 <= late <= constant / math.sqrt(400)
    assert late <= early + 1e-6 * payoff_range(game)


@settings(max_examples=15, deadline=None)
@given(hidden_deal_games(max_depth=3, perfect_information=True))
def test_with_perfect_information_cfr_finds_the_expectiminimax_value(game):
    value = expectiminimax(face_up(game)).value
    result = cfr(game, iterations=200, variant="plus")
    assert result.values[0] == pytest.approx(value, abs=1e-2 * payoff_range(game))
    # Whatever the profile, player 0's best response gets at least the value, and player 1's
    # holds player 0 to at most it: exact, however far CFR got.
    assert best_response(game, result.strategy, 0).value >= value - 1e-9
    assert -best_response(game, result.strategy, 1).value <= value + 1e-9


def test_a_deal_that_is_not_a_tree_is_refused():
    with pytest.raises(ValueError, match="neither a move, a chance node nor an end"):
        HiddenDealGame({(0, 0): 1.0}, {(): (0, 2)}, {(0,): {(0, 0): 1}})
    with pytest.raises(ValueError, match="lacks deals"):
        HiddenDealGame({(0, 0): 0.5, (1, 0): 0.5}, {(): (0, 1)}, {(0,): {(0, 0): 1}})


def test_a_decision_that_says_it_has_a_million_actions_is_refused_before_they_are_made():
    # Each child is checked as it comes, so the first the tree lacks stops the walk: a file
    # could name this game, and a billion actions took all memory.
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match=r"history \(1,\) is neither a move"):
            HiddenDealGame({(0, 0): 1.0}, {(): (0, 1_000_000)}, {(0,): {(0, 0): 1}})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100_000  # bytes: not a million histories (about 100 MB)


def test_a_blind_guess_of_a_biased_coin_and_a_seen_one():
    deals = {(0, 0): 0.75, (1, 0): 0.25}  # the coin, heads (0) three times in four
    payoffs = {(0,): {(0, 0): -1, (1, 0): 1}, (1,): {(0, 0): 1, (1, 0): -1}}
    blind = HiddenDealGame(deals, {(): (1, 2)}, payoffs)
    # Player 1 guesses without seeing the coin: heads always, and player 0 gets -1/2.
    result = cfr(blind, iterations=50, variant="plus")
    assert result.values[0] == pytest.approx(-0.5, abs=1e-3)
    # Guessing tails gives player 0 +1/2; player 1 gains 1 by switching, so NashConv is 1.
    assert exploitability(blind, {(1, 0, ()): {1: 1.0}}) == pytest.approx(0.5)
    # Seeing the coin, player 1 always wins.
    seen = HiddenDealGame(deals, {(): (1, 2)}, payoffs, perfect_information=True)
    assert expectiminimax(face_up(seen)).value == -1.0
    assert cfr(seen, iterations=50, variant="plus").values[0] == pytest.approx(-1.0, abs=1e-3)
