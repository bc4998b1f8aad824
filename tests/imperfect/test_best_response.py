"""Best responses, NashConv and exploitability: brute force, OpenSpiel, and minimax as oracles."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from imperfect_helpers import information_sets, needs_pyspiel

from gamesearch import CHANCE, expectiminimax, minimax
from gamesearch.errors import (
    IllegalActionError,
    InvalidDistributionError,
    InvalidSearchOptionError,
    UnsupportedGameError,
)
from gamesearch.games import Chance, GameTree
from gamesearch.imperfect import (
    KuhnPoker,
    LeducPoker,
    best_response,
    cfr,
    expected_values,
    exploitability,
    nash_conv,
)
from gamesearch.testing import game_trees


def values_by_traversal(game, profile, state=None):
    """Every player's expected utility under ``profile``, by recursion through the game itself."""
    state = game.initial_state() if state is None else state
    if game.is_terminal(state):
        return [game.utility(state, p) for p in range(game.num_players)]
    mover = game.to_move(state)
    if mover == CHANCE:
        branches = game.chance_outcomes(state)
    else:
        branches = profile[game.information_set(state, mover)].items()
    total = [0.0] * game.num_players
    for action, probability in branches:
        if probability:
            below = values_by_traversal(game, profile, game.result(state, action))
            total = [t + probability * v for t, v in zip(total, below, strict=True)]
    return total


def random_profile(sets, rng):
    profile = {}
    for key, (_, actions) in sets.items():
        weights = [rng.random() for _ in actions]
        profile[key] = {a: w / sum(weights) for a, w in zip(actions, weights, strict=True)}
    return profile


def brute_force_best_response(game, sets, profile, player):
    """The best value of ``player`` over all its pure strategies, each evaluated in full."""
    mine = [key for key, (owner, _) in sets.items() if owner == player]
    best = -math.inf
    for choice in itertools.product(*(sets[key][1] for key in mine)):
        pure = dict(profile)
        pure.update({key: {action: 1.0} for key, action in zip(mine, choice, strict=True)})
        best = max(best, values_by_traversal(game, pure)[player])
    return best


@pytest.mark.parametrize("seed", range(3))
def test_kuhn_best_responses_equal_brute_force_over_every_pure_strategy(seed):
    game = KuhnPoker()
    sets = information_sets(game)
    profile = random_profile(sets, random.Random(seed))
    for player in (0, 1):
        response = best_response(game, profile, player)
        assert response.value == pytest.approx(
            brute_force_best_response(game, sets, profile, player), abs=1e-12
        )
        # The pure strategy it returns gets that value.
        pure = dict(profile)
        pure.update({key: {action: 1.0} for key, action in response.strategy.items()})
        assert values_by_traversal(game, pure)[player] == pytest.approx(response.value, abs=1e-12)


@pytest.mark.parametrize("game", [KuhnPoker(), KuhnPoker(players=3)], ids=repr)
def test_expected_values_and_nash_conv_equal_a_plain_traversal(game):
    sets = information_sets(game)
    profile = random_profile(sets, random.Random(5))
    expected = values_by_traversal(game, profile)
    assert expected_values(game, profile) == pytest.approx(expected, abs=1e-12)
    gains = [best_response(game, profile, p).value - expected[p] for p in range(game.num_players)]
    assert nash_conv(game, profile) == pytest.approx(sum(gains), abs=1e-12)
    assert exploitability(game, profile) == pytest.approx(sum(gains) / game.num_players)
    assert all(gain >= -1e-12 for gain in gains)


@needs_pyspiel
@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "name"), [(KuhnPoker(), "kuhn_poker"), (LeducPoker(), "leduc_poker")]
)
def test_exploitability_is_openspiels(game, name):
    import pyspiel
    from open_spiel.python import policy as openspiel_policy
    from open_spiel.python.algorithms import exploitability as openspiel_exploitability

    spiel_game = pyspiel.load_game(name)
    theirs = openspiel_policy.TabularPolicy(spiel_game)
    rng = random.Random(3)
    for row in theirs.action_probability_array:
        legal = [a for a, p in enumerate(row) if p > 0]
        weights = [rng.random() for _ in legal]
        row[:] = 0.0
        for a, w in zip(legal, weights, strict=True):
            row[a] = w / sum(weights)
    # Our keys differ from OpenSpiel's strings in Leduc: pair them by walking both trees.
    ours = {}
    pending = [(game.initial_state(), spiel_game.new_initial_state())]
    while pending:
        state, spiel = pending.pop()
        if spiel.is_terminal():
            continue
        if not spiel.is_chance_node():
            row = theirs.policy_for_key(spiel.information_state_string())
            ours[game.information_set(state, spiel.current_player())] = {
                a: float(row[a]) for a in spiel.legal_actions()
            }
        pending.extend((game.result(state, a), spiel.child(a)) for a in spiel.legal_actions())
    expected = openspiel_exploitability.nash_conv(spiel_game, theirs)
    assert nash_conv(game, ours) == pytest.approx(expected, abs=1e-9)


class PerfectInformation:
    """A game tree seen as a game of imperfect information whose key is the state itself."""

    def __init__(self, tree):
        self.tree = tree
        self.num_players = tree.num_players
        for name in ("initial_state", "to_move", "actions", "result", "is_terminal", "utility"):
            setattr(self, name, getattr(tree, name))
        if hasattr(tree, "chance_outcomes"):
            self.chance_outcomes = tree.chance_outcomes

    def information_set(self, state, player):
        return state


def test_on_a_perfect_information_game_cfr_finds_the_minimax_value():
    # AIMA figure 5.2: minimax value 3.
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    result = cfr(PerfectInformation(tree), iterations=200, variant="plus")
    assert result.values[0] == pytest.approx(minimax(tree).value, abs=1e-3)
    assert result.exploitability < 1e-3


@settings(max_examples=25, deadline=None)
@given(game_trees(max_depth=3, max_branching=3))
def test_on_random_trees_best_responses_and_cfr_give_the_minimax_value(tree):
    game = PerfectInformation(tree)
    value = minimax(tree).value
    # The best response of MAX to MIN's best response to anything is at most the value, and
    # MAX's best response to MIN's minimax play is exactly the value: so the least of MAX's
    # best-response values over MIN's pure strategies is the value. CFR+ approaches it.
    result = cfr(game, iterations=300, variant="plus")
    assert result.values[0] == pytest.approx(value, abs=1e-2 * max(1.0, abs(value)))
    min_reply = best_response(game, result.strategy, 1)
    assert best_response(game, dict(result.strategy), 0).value >= value - 1e-9
    assert -min_reply.value <= value + 1e-9
    pure_min = {key: {action: 1.0} for key, action in min_reply.strategy.items()}
    assert best_response(game, pure_min, 0).value >= value - 1e-9


def test_with_chance_nodes_cfr_finds_the_expectiminimax_value():
    tree = GameTree(
        [Chance([(0.5, [3, 1]), (0.5, [[0, 7], 4])]), Chance([(0.25, 8), (0.75, [2, 1])])]
    )
    result = cfr(PerfectInformation(tree), iterations=300, variant="plus")
    assert result.values[0] == pytest.approx(expectiminimax(tree).value, abs=1e-3)


def kuhn_uniform():
    return {key: {0: 0.5, 1: 0.5} for key in information_sets(KuhnPoker())}


def test_a_profile_without_a_needed_information_set_is_refused():
    profile = kuhn_uniform()
    del profile["1b"]
    with pytest.raises(InvalidSearchOptionError, match=r"no entry for information set '1b'"):
        nash_conv(KuhnPoker(), profile)
    # Player 0's best response needs player 1's sets; player 1's does not read its own.
    with pytest.raises(InvalidSearchOptionError, match="'1b'"):
        best_response(KuhnPoker(), profile, 0)
    assert best_response(KuhnPoker(), profile, 1).strategy["1b"] in (0, 1)


@pytest.mark.parametrize(
    ("entry", "error", "message"),
    [
        ({2: 1.0}, IllegalActionError, r"illegal action 2 in information set '0'"),
        ({0: 0.5, 1: 0.6}, InvalidDistributionError, "sum to 1.1"),
        ({0: -0.5, 1: 1.5}, InvalidDistributionError, "numbers from 0 to 1"),
        ({0: "half", 1: 0.5}, InvalidDistributionError, "numbers from 0 to 1"),
        ([0.5, 0.5], InvalidDistributionError, "must map actions to probabilities"),
    ],
)
def test_a_profile_that_is_no_strategy_is_refused(entry, error, message):
    profile = kuhn_uniform()
    profile["0"] = entry
    with pytest.raises(error, match=message):
        expected_values(KuhnPoker(), profile)


def test_a_profile_that_is_not_a_mapping_is_refused():
    with pytest.raises(InvalidSearchOptionError, match="must be a mapping"):
        expected_values(KuhnPoker(), [("0", {0: 1.0})])


@pytest.mark.parametrize("player", [2, -1, True, "0"])
def test_best_response_needs_a_player(player):
    with pytest.raises(InvalidSearchOptionError, match="must be one of the game's players"):
        best_response(KuhnPoker(), kuhn_uniform(), player)


def test_exploitability_needs_a_constant_sum_but_nash_conv_does_not():
    tree = GameTree([[(1, 1), (0, 5)], [(2, 0)]], num_players=2)
    game = PerfectInformation(tree)
    profile = {(): {0: 1.0}, (0,): {0: 0.5, 1: 0.5}, (1,): {0: 1.0}}
    with pytest.raises(UnsupportedGameError, match="constant-sum"):
        exploitability(game, profile)
    # MAX gains 2 - 0.5 by moving right; MIN gains 5 - 3 by always taking (0, 5).
    assert nash_conv(game, profile) == pytest.approx(1.5 + 2.0)
