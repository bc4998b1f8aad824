"""Expectiminimax, Star1, Star2 and expectimax against brute force, by Hypothesis.

The random trees of ``chance_trees()`` have probabilities that are powers of 1/2 and integer
leaves, so every value below is computed exactly in floating point, in any order: the
comparisons are ``==``, and a pruned search must return *exactly* the unpruned value and
action (with probabilities such as 1/3, rounding could make two equal values differ).
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import CHANCE, expectimax, expectiminimax, minimax
from gamesearch.games import Chance, GameTree, Pig
from gamesearch.testing import chance_trees, game_trees, states

PRUNINGS = ("star1", "star2")


def brute_force(node: Any, mover: int = 0, *, kind_min: bool = False) -> Any:
    """The expectiminimax value for player 0 of nested lists and Chance nodes, by recursion.

    ``mover`` is the player at the next decision node: chance nodes pass it on unchanged. With
    ``kind_min``, MIN plays as if it wanted MAX to win: the best case for MAX.
    """
    if isinstance(node, Chance):
        return sum(p * brute_force(child, mover, kind_min=kind_min) for p, child in node.outcomes)
    if not isinstance(node, list):
        return node
    values = [brute_force(child, 1 - mover, kind_min=kind_min) for child in node]
    return max(values) if mover == 0 or kind_min else min(values)


class MinAsChance:
    """A tree with every MIN node replaced by a chance node, uniform over its children.

    The tree's own chance nodes stay as they are.
    """

    num_players = 2

    def __init__(self, tree: GameTree) -> None:
        self.tree = tree

    def initial_state(self) -> Any:
        return self.tree.initial_state()

    def to_move(self, state: Any) -> int:
        mover = self.tree.to_move(state)
        return CHANCE if mover == 1 else mover

    def chance_outcomes(self, state: Any) -> Any:
        if self.tree.to_move(state) == CHANCE:
            return self.tree.chance_outcomes(state)
        actions = self.tree.actions(state)
        return [(action, 1 / len(actions)) for action in actions]

    def actions(self, state: Any) -> Any:
        return self.tree.actions(state)

    def result(self, state: Any, action: Any) -> Any:
        return self.tree.result(state, action)

    def is_terminal(self, state: Any) -> bool:
        return self.tree.is_terminal(state)

    def utility(self, state: Any, player: int) -> float:
        return self.tree.utility(state, player)


def is_line(tree: GameTree, line: tuple[Any, ...]) -> bool:
    """Whether ``line`` is a sequence of legal moves and outcomes from the root of ``tree``."""
    state = tree.initial_state()
    for move in line:
        if move not in tree.actions(state):
            return False
        state = tree.result(state, move)
    return True


def zero_sum(score: Any) -> Any:
    def evaluate(state: Any, player: int) -> int:
        return score(state) if player == 0 else -score(state)

    return evaluate


scores = st.functions(like=lambda state: 0, returns=st.integers(-9, 9), pure=True)


@given(tree=game_trees(max_depth=4))
def test_without_chance_nodes_expectiminimax_is_minimax(tree):
    full = minimax(tree)
    for pruning in (None, *PRUNINGS):
        result = expectiminimax(tree, pruning=pruning, bounds=(-9, 9) if pruning else None)
        assert (result.value, result.action) == (full.value, full.action)
        if pruning is None:
            assert (result.pv, result.stats.nodes) == (full.pv, full.stats.nodes)


@given(tree=chance_trees(max_depth=5, max_branching=3))
def test_expectiminimax_equals_brute_force(tree):
    result = expectiminimax(tree)
    assert result.value == brute_force(tree.tree)
    assert result.player == 0
    assert result.exact
    if isinstance(tree.tree, list):  # MAX at the root: the first best child
        children = [brute_force(child, 1) for child in tree.tree]
        assert result.action == children.index(max(children))
    else:
        assert result.action is None


@pytest.mark.slow
@given(
    tree=chance_trees(max_depth=5, max_branching=4),
    depth=st.one_of(st.none(), st.integers(1, 5)),
    score=scores,
    slack=st.tuples(st.integers(0, 3), st.integers(0, 3)),
)
def test_star1_and_star2_equal_expectiminimax_at_every_depth(tree, depth, score, slack):
    evaluate = zero_sum(score) if depth is not None else None
    full = expectiminimax(tree, depth=depth, evaluate=evaluate)
    bounds = (-9 - slack[0], 9 + slack[1])
    for pruning in PRUNINGS:
        pruned = expectiminimax(
            tree, depth=depth, evaluate=evaluate, pruning=pruning, bounds=bounds
        )
        assert (pruned.value, pruned.action, pruned.player) == (full.value, full.action, 0)
        assert pruned.stats.nodes <= full.stats.nodes
        assert pruned.stats.leaves <= full.stats.leaves
        assert pruned.depth == full.depth
        assert pruned.exact >= full.exact
        # The line may differ below a node cut off at a window edge: check that it is a line.
        assert is_line(tree, pruned.pv)
        if tree.to_move(tree.initial_state()) == CHANCE:
            assert pruned.action is None
        elif pruned.action is not None:
            assert pruned.pv[0] == pruned.action


@given(tree=chance_trees(max_depth=4, max_branching=3))
def test_expectimax_is_expectiminimax_with_min_turned_into_chance(tree):
    expected = expectiminimax(MinAsChance(tree))
    result = expectimax(tree)
    assert (result.value, result.action, result.pv) == (
        expected.value,
        expected.action,
        expected.pv,
    )
    assert result.stats.nodes == expected.stats.nodes


@given(tree=chance_trees(max_depth=4, max_branching=3))
def test_expectimax_lies_between_minimax_and_the_best_case(tree):
    # A random MIN is no worse for MAX than the worst MIN, and no better than the kindest.
    # Expectimax weighs MIN's k children by 1/k, inexact for k = 3: hence the rounding margin.
    worst, kindest = expectiminimax(tree).value, brute_force(tree.tree, kind_min=True)
    assert worst - 1e-12 <= expectimax(tree).value <= kindest + 1e-12


@given(tree=chance_trees(max_depth=4, max_branching=3, exact=False))
def test_pruning_agrees_within_rounding_on_any_probabilities(tree):
    full = expectiminimax(tree)
    for pruning in PRUNINGS:
        pruned = expectiminimax(tree, pruning=pruning, bounds=(-9, 9))
        assert math.isclose(pruned.value, full.value, rel_tol=1e-12, abs_tol=1e-12)
        assert pruned.stats.nodes <= full.stats.nodes


# Pig with a four-sided die and a goal of 16: probabilities 1/4 and evaluations k/16 are exact
# in floating point, so Star1 and Star2 must match the unpruned search exactly on Pig too.
DYADIC_PIG = Pig(goal=16, die_sides=4)


@pytest.mark.slow
@given(state=states(DYADIC_PIG, max_moves=30), depth=st.integers(1, 3))
def test_star1_and_star2_equal_expectiminimax_on_pig(state, depth):
    game = DYADIC_PIG
    full = expectiminimax(game, state, depth=depth, evaluate=game.evaluate)
    for pruning in PRUNINGS:
        pruned = expectiminimax(
            game, state, depth=depth, evaluate=game.evaluate, pruning=pruning, bounds=(-1, 1)
        )
        assert (pruned.value, pruned.action) == (full.value, full.action)
        assert pruned.stats.nodes <= full.stats.nodes


@given(tree=chance_trees(max_depth=3))
def test_searching_does_not_change_the_tree(tree):
    leaves = tree.leaves()
    for pruning in (None, *PRUNINGS):
        expectiminimax(tree, pruning=pruning, bounds=(-9, 9) if pruning else None)
    expectimax(tree)
    assert tree.leaves() == leaves
