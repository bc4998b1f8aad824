"""Every searcher against plain minimax, by Hypothesis, on random trees and real positions."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import Alternating, exact_evaluation
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import alphabeta, minimax, negamax
from gamesearch.games import GameTree, TicTacToe
from gamesearch.testing import game_trees, states

PRUNING = [alphabeta, negamax]
TICTACTOE = TicTacToe()


def agree_with_minimax(game: Any, state: Any = None, searchers=PRUNING, **options: Any) -> Any:
    """Minimax's result, after checking that each of ``searchers`` gives the same answer.

    Same value, action, principal variation and player, with no more nodes.
    """
    full = minimax(game, state, **options)
    for searcher in searchers:
        result = searcher(game, state, **options)
        assert (result.value, result.action, result.pv) == (full.value, full.action, full.pv)
        assert result.player == full.player
        assert result.depth == full.depth
        # Pruning may skip every evaluated leaf that minimax read: its value is then proven.
        assert result.exact >= full.exact
        assert result.stats.nodes <= full.stats.nodes
    return full


def replay(game: Any, state: Any, line: tuple[Any, ...]) -> Any:
    for action in line:
        assert action in game.actions(state)
        state = game.result(state, action)
    return state


@pytest.mark.parametrize("searcher", PRUNING)
@given(tree=game_trees(max_depth=5, max_branching=4))
def test_pruning_equals_minimax_on_random_trees(searcher, tree):
    full, pruned = minimax(tree), searcher(tree)
    assert pruned.value == full.value
    assert pruned.action == full.action
    assert pruned.pv == full.pv
    assert pruned.player == full.player
    assert pruned.stats.nodes <= full.stats.nodes
    assert pruned.stats.leaves <= full.stats.leaves


@given(tree=game_trees(max_depth=5, max_branching=4, values=st.floats(-1e6, 1e6)))
def test_pruning_equals_minimax_with_real_valued_leaves(tree):
    agree_with_minimax(tree)


@given(tree=game_trees(max_depth=5))
def test_principal_variation_ends_in_a_leaf_worth_the_value(tree):
    result = minimax(tree)
    end = replay(tree, tree.initial_state(), result.pv)
    assert tree.is_terminal(end)
    assert tree.utility(end, result.player) == result.value
    assert result.stats.max_depth >= len(result.pv)


@given(tree=game_trees(max_depth=4))
def test_minimax_value_is_the_best_child_value(tree):
    root = tree.initial_state()
    result = minimax(tree)
    if tree.is_terminal(root):
        assert (result.action, result.pv) == (None, ())
        return
    children = [minimax(tree, tree.result(root, a)).value for a in tree.actions(root)]
    # A child's value is for MIN; the root's is for MAX.
    assert result.value == max(-v for v in children)
    assert result.action == tree.actions(root)[[-v for v in children].index(result.value)]


@given(tree=game_trees(max_depth=4, max_branching=3), depth=st.integers(1, 5))
def test_depth_limited_search_with_exact_evaluation_gives_the_full_answer(tree, depth):
    full = minimax(tree)
    evaluate = exact_evaluation(tree)
    for searcher in (minimax, *PRUNING):
        limited = searcher(tree, depth=depth, evaluate=evaluate)
        assert (limited.value, limited.action) == (full.value, full.action)
        assert limited.stats.max_depth <= depth


@given(
    tree=game_trees(max_depth=5, max_branching=3),
    depth=st.integers(1, 6),
    score=st.functions(like=lambda state: 0, returns=st.integers(-9, 9), pure=True),
)
def test_pruning_equals_minimax_at_every_depth_with_any_evaluation(tree, depth, score):
    def evaluate(state, player):  # zero-sum, as negamax requires
        return score(state) if player == 0 else -score(state)

    agree_with_minimax(tree, depth=depth, evaluate=evaluate)


@given(
    tree=game_trees(max_depth=4),
    depth=st.integers(1, 5),
    score=st.functions(like=lambda state, player: 0, returns=st.integers(-9, 9), pure=True),
)
def test_alphabeta_equals_minimax_with_a_non_zero_sum_evaluation(tree, depth, score):
    agree_with_minimax(tree, searchers=[alphabeta], depth=depth, evaluate=score)


@pytest.mark.slow
@given(state=states(TICTACTOE))
def test_searchers_agree_on_random_tictactoe_positions(state):
    full = agree_with_minimax(TICTACTOE, state)
    assert full.player == TICTACTOE.to_move(state)
    end = replay(TICTACTOE, state, full.pv)
    assert TICTACTOE.is_terminal(end)
    assert TICTACTOE.utility(end, full.player) == full.value


@given(state=states(TICTACTOE), depth=st.integers(1, 4))
def test_searchers_agree_on_tictactoe_at_a_depth(state, depth):
    def evaluate(state, player):  # squares held by ``player`` minus the opponent's
        board = TICTACTOE.render(state)
        mine, theirs = ("X", "O") if player == 0 else ("O", "X")
        return board.count(mine) - board.count(theirs)

    agree_with_minimax(TICTACTOE, state, depth=depth, evaluate=evaluate)


@st.composite
def turn_taking_trees(draw: st.DrawFn, depth: int = 4) -> Alternating:
    """Trees in which whoever moves at a node is drawn at random, so turns need not alternate."""
    nodes: dict[Any, Any] = {}

    def build(name: str, remaining: int) -> None:
        if remaining == 0 or (name != "root" and draw(st.booleans())):
            nodes[name] = draw(st.integers(-9, 9))
            return
        width = draw(st.integers(1, 3))
        nodes[name] = (draw(st.integers(0, 1)), {i: f"{name}.{i}" for i in range(width)})
        for i in range(width):
            build(f"{name}.{i}", remaining - 1)

    build("root", depth)
    return Alternating(nodes)


@given(game=turn_taking_trees())
def test_searchers_agree_when_a_player_moves_twice(game):
    agree_with_minimax(game)


@given(tree=game_trees(max_depth=3))
def test_searching_does_not_change_the_state_or_the_game(tree):
    state = tree.initial_state()
    before = (state, GameTree(tree.tree).leaves())
    for searcher in (minimax, *PRUNING):
        searcher(tree, state)
    assert (state, tree.leaves()) == before


@given(game_trees(max_depth=4), st.integers(min_value=1, max_value=5))
def test_exact_says_whether_an_evaluation_was_used(tree: GameTree, depth: int) -> None:
    evaluations: list[Any] = []

    def evaluate(state: Any, player: int) -> float:
        evaluations.append(state)
        return 0.0

    for searcher in (minimax, *PRUNING):
        evaluations.clear()
        result = searcher(tree, depth=depth, evaluate=evaluate)
        assert result.depth == depth
        assert result.exact == (not evaluations)
        if result.exact:
            assert result.value == minimax(tree).value
        unlimited = searcher(tree)
        assert (unlimited.depth, unlimited.exact) == (None, True)
