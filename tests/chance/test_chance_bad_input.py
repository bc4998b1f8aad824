"""Bad input to the searchers of games of chance gets a clear, specific exception.

Never a wrong answer, a hang or a bare RecursionError.
"""

from __future__ import annotations

import math
import sys
import time
from functools import partial

import pytest
from helpers import CoinFlips, Countdown, Cycle, NoActions

from gamesearch import (
    CHANCE,
    CyclicGameError,
    GameProtocolError,
    IllegalActionError,
    InvalidDistributionError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    SearchTooDeepError,
    UnsupportedGameError,
    alphabeta,
    expectimax,
    expectiminimax,
    minimax,
    negamax,
)
from gamesearch.games import Chance, GameTree, Pig

CHANCE_SEARCHERS = {
    "expectiminimax": expectiminimax,
    "star1": partial(expectiminimax, pruning="star1", bounds=(-10, 10)),
    "star2": partial(expectiminimax, pruning="star2", bounds=(-10, 10)),
    "expectimax": expectimax,
}


@pytest.fixture(params=list(CHANCE_SEARCHERS))
def search(request):
    return CHANCE_SEARCHERS[request.param]


def zero(state, player):
    return 0.0


@pytest.mark.parametrize(
    ("outcomes", "message"),
    [
        ([("a", -0.5), ("b", 1.5)], r"probability -0\.5; probabilities must be >= 0"),
        ([("a", 0.5), ("b", 0.4)], r"sum to 0\.9, not 1"),
        ([("a", 0.5), ("b", 0.5 + 1e-8)], r"not 1 \(within 1e-09\)"),
        ([], r"no outcomes"),
        ([("a", math.nan), ("b", 1.0)], r"probabilities must be >= 0"),
        ([("a", "1/2"), ("b", 0.5)], r"not a number"),
        ([("a", True)], r"not a number"),
        ([("a", 0.5, "x"), ("b", 0.5)], r"not an \(outcome, probability\) pair"),
        (None, r"expected a sequence of \(outcome, probability\) pairs"),
    ],
)
def test_probabilities_that_are_not_a_distribution(search, outcomes, message):
    with pytest.raises(InvalidDistributionError, match=message) as raised:
        search(CoinFlips(outcomes))
    assert isinstance(raised.value, GameProtocolError)
    assert isinstance(raised.value, ValueError)


def test_probabilities_may_miss_1_by_rounding(search):
    result = search(CoinFlips([("a", 0.5), ("b", 0.5 + 1e-10)], {"a": 2, "b": 4}))
    assert math.isclose(result.value, 3)


def test_outcomes_of_probability_zero_are_not_searched(search):
    # The impossible outcome's utility is NaN: reading it would raise.
    game = CoinFlips([("a", 1.0), ("never", 0)], {"a": 2, "never": math.nan})
    result = search(game)
    assert (result.value, result.stats.nodes) == (2, 2)


def test_nan_utility(search):
    with pytest.raises(InvalidUtilityError, match=r"utility\(state, 0\) returned NaN"):
        search(CoinFlips([("a", 1.0)], {"a": math.nan}))


def test_nan_evaluation(search):
    game = GameTree([Chance([(0.5, [[1]]), (0.5, 2)])])

    def evaluate(state, player):
        return math.nan

    with pytest.raises(InvalidUtilityError, match=r"evaluate\(state, 0\) returned NaN"):
        search(game, depth=1, evaluate=evaluate)


def test_plus_and_minus_infinity_under_one_chance_node():
    # Refused as every infinite utility is, before an expectation could mix them into NaN.
    game = CoinFlips([("a", 0.5), ("b", 0.5)], {"a": math.inf, "b": -math.inf})
    for search in (expectiminimax, expectimax):
        with pytest.raises(InvalidUtilityError, match=r"returned inf .* must be a finite"):
            search(game)


@pytest.mark.parametrize("pruning", ["star1", "star2"])
def test_pruning_without_bounds(pruning):
    with pytest.raises(InvalidSearchOptionError, match=r"needs bounds=\(lower, upper\)"):
        expectiminimax(Pig(goal=10), depth=2, evaluate=zero, pruning=pruning)


@pytest.mark.parametrize("pruning", ["star3", "STAR1", True, 1])
def test_unknown_pruning(pruning):
    with pytest.raises(InvalidSearchOptionError, match=r"pruning must be None, 'star1' or 'star2'"):
        expectiminimax(GameTree([1, 2]), pruning=pruning, bounds=(0, 3))


@pytest.mark.parametrize(
    ("bounds", "message"),
    [
        ((1,), r"a pair"),
        (3, r"a pair"),
        ((1, 1), r"lower < upper"),
        ((2, 1), r"lower < upper"),
        ((0, math.inf), r"finite numbers"),
        ((math.nan, 1), r"finite numbers"),
        (("a", 1), r"finite numbers"),
        ((False, True), r"finite numbers"),
    ],
)
@pytest.mark.parametrize("pruning", [None, "star1", "star2"])
def test_bad_bounds(bounds, message, pruning):
    with pytest.raises(InvalidSearchOptionError, match=message):
        expectiminimax(GameTree([1, 2]), pruning=pruning, bounds=bounds)


@pytest.mark.parametrize("pruning", [None, "star1", "star2"])
def test_values_outside_the_bounds(pruning):
    with pytest.raises(InvalidUtilityError, match=r"returned 12\.0 .* outside the declared bounds"):
        expectiminimax(GameTree([[3, 12]]), pruning=pruning, bounds=(-10, 10))

    def evaluate(state, player):
        return -11

    with pytest.raises(InvalidUtilityError, match=r"evaluate\(state, 0\) returned -11"):
        expectiminimax(Pig(goal=10), depth=2, evaluate=evaluate, pruning=pruning, bounds=(-1, 1))


def test_a_cyclic_game_without_a_depth_limit_stops_at_once_with_a_clear_error(search):
    started = time.perf_counter()
    with pytest.raises(CyclicGameError, match=r"repeats on the line .* has a cycle .* depth=N"):
        search(Pig())
    with pytest.raises(CyclicGameError, match=r"cycle") as caught:
        search(Cycle(1))
    assert not isinstance(caught.value, RecursionError)
    assert time.perf_counter() - started < 10  # a guard against a hang, not a benchmark


def test_the_cyclic_game_with_a_depth_limit_is_searched(search):
    game = Pig(goal=10)
    result = search(game, depth=3, evaluate=game.evaluate)
    assert result.action == "roll"
    assert result.stats.max_depth == 3


def test_a_game_deeper_than_the_recursion_limit(search):
    with pytest.raises(SearchTooDeepError, match=r"recursion limit"):
        search(Countdown(sys.getrecursionlimit() + 100))


@pytest.mark.parametrize("deterministic", [minimax, alphabeta, negamax])
@pytest.mark.parametrize(
    "game", [Pig(), GameTree([Chance([(1, 2)])])], ids=["Pig", "GameTree-with-Chance"]
)
def test_deterministic_searchers_refuse_games_of_chance(deterministic, game):
    with pytest.raises(UnsupportedGameError, match=r"has chance nodes .* expectiminimax"):
        deterministic(game, depth=2, evaluate=zero)


def test_a_chance_node_in_a_game_without_chance_outcomes(search):
    class NoOutcomes(Countdown):
        def to_move(self, state):
            return CHANCE

    with pytest.raises(GameProtocolError, match=r"no\s+chance_outcomes"):
        search(NoOutcomes(3))


@pytest.mark.parametrize("players", [1, 3])
def test_expectiminimax_needs_two_players(players):
    game = Countdown(3)
    game.num_players = players
    with pytest.raises(UnsupportedGameError, match=rf"two-player games.*num_players={players}"):
        expectiminimax(game)


@pytest.mark.parametrize("players", [0, -1, None, True])
def test_expectimax_needs_at_least_one_player(players):
    game = Countdown(3)
    game.num_players = players
    with pytest.raises(UnsupportedGameError, match=r"at least one player"):
        expectimax(game)


def test_expectimax_searches_three_players():
    game = Countdown(4)
    game.num_players = 3
    assert expectimax(game).value == 0


def test_opponent_model_errors():
    tree = GameTree({"a": [1, 2], "b": [3]})
    with pytest.raises(InvalidSearchOptionError, match=r"opponent must be a function"):
        expectimax(tree, opponent="uniform")
    with pytest.raises(IllegalActionError, match=r"illegal action 5 in the opponent model"):
        expectimax(tree, opponent=lambda game, state: [(5, 1.0)])
    with pytest.raises(InvalidDistributionError, match=r"opponent\(state\)"):
        expectimax(tree, opponent=lambda game, state: [(0, 0.7)])


def test_an_opponent_model_that_favours_one_action():
    tree = GameTree({"a": [0, 10], "b": [4]})

    def mostly_first(game, state):
        actions = game.actions(state)
        if len(actions) == 1:
            return [(actions[0], 1.0)]
        return [(actions[0], 0.75), (actions[1], 0.25)]

    result = expectimax(tree, opponent=mostly_first)
    assert (result.value, result.action) == (4, "b")  # "a" is worth 2.5 now


def test_non_terminal_state_without_actions(search):
    with pytest.raises(GameProtocolError, match=r"not terminal but has no actions"):
        search(NoActions(4))


class PigWithoutEvaluation(Pig):
    evaluate = None  # no evaluation of its own: a depth needs one passed


def test_search_options_are_checked(search):
    with pytest.raises(InvalidSearchOptionError, match=r"depth=2 needs an evaluate"):
        search(PigWithoutEvaluation(), depth=2)
    assert search(Pig(), depth=2).depth == 2  # Pig's own evaluate serves by default
    with pytest.raises(InvalidSearchOptionError, match=r"depth must be >= 1"):
        search(Pig(), depth=0, evaluate=zero)


def test_search_from_a_terminal_root(search):
    game = Pig(goal=10)
    won = game.result(game.result(game.initial_state(), "roll"), 6)
    won = game.result(game.result(won, "roll"), 6)
    assert game.is_terminal(won)
    result = search(game, won)
    assert (result.value, result.action, result.pv, result.player) == (1, None, (), 0)
