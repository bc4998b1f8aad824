"""Monte Carlo tree search refuses bad input with a specific error that says what to fix."""

from __future__ import annotations

import math

import pytest

from gamesearch import (
    CHANCE,
    GameProtocolError,
    InvalidDistributionError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    MCTSTree,
    NotAGameError,
    UnsupportedGameError,
    mcts,
)
from gamesearch.games import GameTree, TicTacToe

GAME = TicTacToe()


def test_a_search_without_any_limit_is_refused():
    with pytest.raises(InvalidSearchOptionError, match=r"needs a limit, .* pass time_limit="):
        mcts(GAME)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("iterations", 0),
        ("iterations", -5),
        ("iterations", 2.5),
        ("iterations", True),
        ("node_limit", 0),
        ("node_limit", "100"),
        ("time_limit", 0),
        ("time_limit", -1.0),
        ("time_limit", math.nan),
        ("time_limit", math.inf),
        ("time_limit", True),
    ],
)
def test_limits_must_be_positive_numbers(option, value):
    with pytest.raises(InvalidSearchOptionError, match=option):
        mcts(GAME, **{option: value})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"exploration": -1.0}, "exploration must be a finite number >= 0"),
        ({"exploration": math.nan}, "exploration"),
        ({"evaluate": "zero"}, "evaluate must be callable"),
        ({"rollout": 3}, "rollout must be callable"),
        ({"prior": [0.5, 0.5]}, "prior must be callable"),
        ({"evaluate": lambda s, p: 0.0, "rollout": lambda s, r: (0, 0)}, "not both"),
        ({"dirichlet": (0.3, 0.25)}, "pass prior= too"),
        ({"prior": lambda s, a: [1 / len(a)] * len(a), "dirichlet": (0, 0.25)}, "alpha > 0"),
        ({"prior": lambda s, a: [1 / len(a)] * len(a), "dirichlet": (0.3, 2)}, "weight <= 1"),
        ({"bounds": (1, -1)}, "lowest < highest"),
        ({"bounds": (-1, math.inf)}, "finite"),
        ({"solver": "yes"}, "solver must be True or False"),
        ({"rng": "seed"}, "rng must be an int seed, a random.Random or None"),
        ({"rng": 1.5}, "rng must be"),
        ({"tree": {}}, "tree must be an MCTSTree"),
        ({"trace": 42}, "trace must be an observer"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(InvalidSearchOptionError, match=message):
        mcts(GAME, iterations=10, **options)


@pytest.mark.parametrize(
    ("prior", "what"),
    [
        (lambda state, actions: [1.0], "1 numbers for 9 actions"),
        (lambda state, actions: [0.2] * len(actions), "sum to 1.8"),
        (lambda state, actions: [-0.5, 1.5] + [0.0] * (len(actions) - 2), "negative"),
        (lambda state, actions: ["a"] * len(actions), "not a sequence of numbers"),
        (lambda state, actions: None, "not a sequence of numbers"),
    ],
)
def test_a_prior_that_is_not_a_distribution_over_the_actions_names_the_state(prior, what):
    with pytest.raises(InvalidSearchOptionError, match=what) as caught:
        mcts(GAME, iterations=10, prior=prior)
    assert f"for state {GAME.initial_state()!r}" in str(caught.value)


def test_a_rollout_must_give_every_players_utility():
    with pytest.raises(InvalidSearchOptionError, match="must return 2 finite numbers"):
        mcts(GAME, iterations=10, rollout=lambda state, rng: (1.0,))
    with pytest.raises(InvalidSearchOptionError, match="not NaN nor infinite"):
        mcts(GAME, iterations=10, rollout=lambda state, rng: (math.nan, 0.0))
    for infinite in (math.inf, -math.inf):  # accepted before: infinite values broke the means
        with pytest.raises(InvalidSearchOptionError, match="not NaN nor infinite"):
            mcts(GAME, iterations=10, rollout=lambda state, rng, v=infinite: (v, -v))


def test_nan_utilities_and_evaluations_are_refused():
    with pytest.raises(InvalidUtilityError, match="evaluate"):
        mcts(GAME, iterations=10, evaluate=lambda state, player: math.nan)
    with pytest.raises(InvalidUtilityError, match="utility"):
        mcts(NanTree(), iterations=10)


class NanTree:
    """A two-player game whose only move ends it with a NaN utility."""

    num_players = 2

    def initial_state(self):
        return 0

    def to_move(self, state):
        return state

    def actions(self, state):
        return [1] if state == 0 else []

    def result(self, state, action):
        return 1

    def is_terminal(self, state):
        return state == 1

    def utility(self, state, player):
        return math.nan


class GeneralSum(NanTree):
    """Two ends: both players get 1 at one, only player 0 at the other: not constant-sum."""

    def actions(self, state):
        return [1, 2] if state == 0 else []

    def result(self, state, action):
        return action

    def is_terminal(self, state):
        return state != 0

    def utility(self, state, player):
        return 1.0 if state == 1 or player == 0 else 0.0


class Endless(NanTree):
    """A game that never ends."""

    def result(self, state, action):
        return 1 - state

    def actions(self, state):
        return [0]

    def is_terminal(self, state):
        return False


class Dice(NanTree):
    """A chance node first, with a distribution that is not one (or none at all)."""

    def __init__(self, outcomes):
        self.outcomes = outcomes

    def to_move(self, state):
        return CHANCE if state == 0 else 0

    def chance_outcomes(self, state):
        return self.outcomes

    def utility(self, state, player):
        return 0.0


def test_the_solver_refuses_a_game_that_is_not_constant_sum():
    with pytest.raises(UnsupportedGameError, match="pass solver=False"):
        mcts(GeneralSum(), iterations=10)
    assert mcts(GeneralSum(), iterations=10, solver=False).value == 1.0


def test_utilities_outside_the_declared_bounds_are_refused():
    with pytest.raises(InvalidUtilityError, match="outside bounds"):
        mcts(GameTree([5, -5]), iterations=10, bounds=(-1, 1))


def test_a_random_playout_that_never_ends_is_stopped():
    with pytest.raises(GameProtocolError, match="without ending the game"):
        mcts(Endless(), iterations=1)


@pytest.mark.parametrize(
    ("outcomes", "message"),
    [
        ([], "no outcomes"),
        ([(1, 0.5), (1, 0.2)], "sum to 0.7"),
        ([(1, -0.5), (1, 1.5)], "probability -0.5"),
        ([(1, "half"), (1, 0.5)], "probability 'half'"),
        ([1, 1], "not an \\(outcome, p\\) pair"),
    ],
)
def test_a_chance_node_must_give_a_distribution(outcomes, message):
    with pytest.raises(InvalidDistributionError, match=message):
        mcts(Dice(outcomes), iterations=10)


def test_a_chance_node_without_chance_outcomes_is_refused():
    class NoOutcomes(Dice):
        chance_outcomes = None

    with pytest.raises(GameProtocolError, match="no chance_outcomes"):
        mcts(NoOutcomes([]), iterations=10)


def test_not_a_game_is_refused():
    with pytest.raises(NotAGameError):
        mcts(object(), iterations=10)
    with pytest.raises(NotAGameError, match="is a class"):
        mcts(TicTacToe, iterations=10)


def test_a_game_of_no_players_is_refused():
    class Nobody(NanTree):
        num_players = 0

    with pytest.raises(UnsupportedGameError, match="at least one player"):
        mcts(Nobody(), iterations=10)


def test_a_state_without_actions_that_is_not_terminal_is_refused():
    class Stuck(NanTree):
        def actions(self, state):
            return []

    with pytest.raises(GameProtocolError, match="not terminal but has no actions"):
        mcts(Stuck(), iterations=10)


def test_an_empty_tree_has_no_statistics():
    tree = MCTSTree()
    assert (tree.visits, tree.statistics(), tree.size()) == (0, (), 0)
    assert repr(tree) == "MCTSTree(empty)"
