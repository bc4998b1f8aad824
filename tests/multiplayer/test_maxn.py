"""Max-n and shallow pruning: worked examples, and Hypothesis against plain max-n and minimax."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import RecordingGame
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import maxn, minimax
from gamesearch.games import GameTree, TicTacToe
from gamesearch.testing import game_trees, maxn_trees, states

# AIMA 3rd ed., figure 5.4: players A, B, C (0, 1, 2) move in turn; the leaves are <vA, vB, vC>.
# C backs up (1,2,6), (6,1,2), (1,5,2) and (5,4,5); B backs up (1,2,6) and (1,5,2); A gets 1
# either way, and the first best move is kept: the root is worth (1,2,6).
FIGURE_5_4 = [
    [[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
    [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]],
]

# Shallow pruning (Korf 1991), utilities >= 0 summing to 10. Player 0 gets 6 from "a". At "b",
# player 1 is sure of 5 after b1, which leaves player 0 at most 10 - 5 = 5 < 6: b2 and b3 are
# pruned. At "c", player 1 is sure of 1 after c1, which leaves player 0 up to 9: c2 is read,
# and player 1 gets 10 there, the most anyone can get, so c3 is pruned (immediate pruning).
SHALLOW = {
    "a": {"a1": (6, 3, 1), "a2": (7, 1, 2)},
    "b": {"b1": (2, 5, 3), "b2": (9, 1, 0), "b3": (8, 0, 2)},
    "c": {"c1": (5, 1, 4), "c2": (0, 10, 0), "c3": (10, 0, 0)},
}

TICTACTOE = TicTacToe()


def read_leaves(game: RecordingGame) -> list[Any]:
    """The names of the leaves whose utilities the search read, in order, each once."""
    return list(dict.fromkeys(path[-1] for path in game.scored))


def test_figure_5_4():
    result = maxn(GameTree(FIGURE_5_4, num_players=3))
    assert result.values == (1.0, 2.0, 6.0)
    assert (result.value, result.player, result.action, result.pv) == (1.0, 0, 0, (0, 0, 0))
    assert (result.stats.nodes, result.stats.leaves, result.stats.max_depth) == (15, 8, 3)
    assert (result.depth, result.exact) == (None, True)


def test_figure_5_4_from_b_s_second_node():
    # Searched from player 1's node (1,), the value is player 1's: (1,5,2) beats (5,4,5).
    result = maxn(GameTree(FIGURE_5_4, num_players=3), (1,))
    assert (result.player, result.value, result.values, result.pv) == (1, 5.0, (1, 5, 2), (0, 1))


def test_shallow_pruning_reads_exactly_the_unpruned_leaves():
    plain_game = RecordingGame(GameTree(SHALLOW, num_players=3))
    pruned_game = RecordingGame(GameTree(SHALLOW, num_players=3))
    plain = maxn(plain_game)
    pruned = maxn(pruned_game, pruning="shallow", sum_bounds=(0, 10))
    assert plain.values == pruned.values == (6.0, 3.0, 1.0)
    assert plain.pv == pruned.pv == ("a", "a1")
    assert read_leaves(plain_game) == ["a1", "a2", "b1", "b2", "b3", "c1", "c2", "c3"]
    assert read_leaves(pruned_game) == ["a1", "a2", "b1", "c1", "c2"]
    assert (pruned.stats.leaves, pruned.stats.cutoffs) == (5, 2)
    assert (plain.stats.nodes, pruned.stats.nodes) == (12, 9)


def test_shallow_pruning_needs_the_bound_to_be_tight_enough():
    # With a sum of up to 12, player 1's 5 at "b" leaves player 0 up to 7 > 6: b2 and b3 are
    # read. At "c", player 1's 10 after c2 is no longer the most a player can get, but it
    # leaves player 0 at most 2: c3 is still pruned, by shallow pruning this time.
    game = RecordingGame(GameTree(SHALLOW, num_players=3))
    result = maxn(game, pruning="shallow", sum_bounds=(0, 12))
    assert read_leaves(game) == ["a1", "a2", "b1", "b2", "b3", "c1", "c2"]
    assert result.stats.cutoffs == 1


def test_a_minimum_per_player_tightens_the_bound():
    # Each player getting at least 1 of at most 12: player 1's 5 leaves player 0 at most
    # 12 - 5 - 1 = 6, no better than "a": b2 and b3 are pruned.
    tree = {"a": {"a1": (6, 3, 3), "a2": (7, 1, 4)}, "b": {"b1": (2, 5, 5), "b2": (9, 2, 1)}}
    game = RecordingGame(GameTree(tree, num_players=3))
    result = maxn(game, pruning="shallow", sum_bounds=(1, 12))
    assert read_leaves(game) == ["a1", "a2", "b1"]
    assert (result.values, result.action) == ((6.0, 3.0, 3.0), "a")


def test_ties_go_to_the_first_action():
    tree = GameTree([[(1, 0, 0), (0, 0, 1)], [(1, 5, 0)], [(0, 9, 9)]], num_players=3)
    result = maxn(tree)
    # Player 1 is indifferent at (0,) and keeps its first leaf; player 0 gets 1 from moves 0
    # and 1, and keeps move 0.
    assert (result.action, result.pv, result.values) == (0, (0, 0), (1.0, 0.0, 0.0))


def test_a_terminal_root():
    result = maxn(GameTree((4, 5, 6), num_players=3))
    assert (result.values, result.value, result.action, result.pv) == ((4, 5, 6), 4, None, ())
    assert (result.stats.nodes, result.stats.leaves) == (1, 1)


def test_the_cut_off_evaluation_is_read_for_every_player():
    calls = []

    def evaluate(state, player):
        calls.append((state, player))
        return float(len(state) + player)

    tree = GameTree(FIGURE_5_4, num_players=3)
    result = maxn(tree, depth=2, evaluate=evaluate)
    assert calls[:3] == [((0, 0), 0), ((0, 0), 1), ((0, 0), 2)]
    assert len(calls) == 4 * 3
    assert (result.values, result.depth, result.exact) == ((2.0, 3.0, 4.0), 2, False)
    assert result.stats.max_depth == 2


def test_a_one_player_game_is_a_maximisation():
    result = maxn(GameTree([[(3,), (8,)], [(5,)]], num_players=1))
    assert (result.value, result.pv) == (8.0, (0, 1))
    one = GameTree([[(3,), (8,)], [(5,)]], num_players=1)
    pruned = maxn(one, pruning="shallow", sum_bounds=(0, 8))
    assert (pruned.value, pruned.pv, pruned.stats.cutoffs) == (8.0, (0, 1), 2)


def agree_with_plain_maxn(tree: GameTree, bounds: tuple[float, float], **options: Any) -> None:
    plain = maxn(tree, **options)
    pruned = maxn(tree, pruning="shallow", sum_bounds=bounds, **options)
    assert pruned.values == plain.values
    assert (pruned.value, pruned.action, pruned.pv) == (plain.value, plain.action, plain.pv)
    assert (pruned.player, pruned.depth) == (plain.player, plain.depth)
    assert pruned.stats.nodes <= plain.stats.nodes
    assert pruned.stats.leaves <= plain.stats.leaves
    assert pruned.exact >= plain.exact


@pytest.mark.slow
@given(
    st.integers(2, 4).flatmap(
        lambda n: maxn_trees(n, max_depth=5, max_branching=4, sum_bounds=(0, 3 * n))
    )
)
def test_shallow_pruning_equals_plain_maxn_on_random_trees(tree):
    agree_with_plain_maxn(tree, (0, 3 * tree.num_players))


@pytest.mark.slow
@given(
    st.integers(2, 4).flatmap(
        lambda n: st.tuples(
            maxn_trees(n, max_depth=4, max_branching=4, sum_bounds=(-1.5, 1.0)),
            st.integers(1, 5),
        )
    )
)
def test_shallow_pruning_equals_plain_maxn_with_real_utilities_and_a_depth(tree_and_depth):
    tree, depth = tree_and_depth

    def evaluate(state, player):  # within the bounds: -1.5 each, -1.5 * n <= 1 in all
        return -1.5 + (len(state) + player) % 2

    agree_with_plain_maxn(tree, (-1.5, 1.0), depth=depth, evaluate=evaluate)
    assert maxn(tree, depth=depth, evaluate=evaluate).stats.max_depth <= depth


@given(st.integers(2, 4).flatmap(lambda n: maxn_trees(n, max_depth=4)))
def test_the_value_is_the_movers_best_child_vector(tree):
    root = tree.initial_state()
    result = maxn(tree)
    if tree.is_terminal(root):
        assert result.values == tuple(tree.utility(root, p) for p in range(tree.num_players))
        return
    children = [maxn(tree, tree.result(root, action)).values for action in tree.actions(root)]
    best = max(child[0] for child in children)
    first = [child[0] for child in children].index(best)
    assert result.values == children[first]
    assert result.action == tree.actions(root)[first]


@given(game_trees(max_depth=5, max_branching=4))
def test_maxn_on_two_player_zero_sum_trees_is_minimax(tree):
    full, vector = minimax(tree), maxn(tree)
    assert (vector.value, vector.action, vector.pv) == (full.value, full.action, full.pv)
    assert vector.values == (full.value, -full.value)
    assert vector.stats.nodes == full.stats.nodes


@given(state=states(TICTACTOE), depth=st.integers(1, 3))
def test_maxn_on_tictactoe_is_minimax(state, depth):
    def evaluate(state, player):  # zero-sum: X's marks minus O's, negated for O
        board = TICTACTOE.render(state)
        lead = board.count("X") - board.count("O")
        return lead if player == 0 else -lead

    full = minimax(TICTACTOE, state, depth=depth, evaluate=evaluate)
    vector = maxn(TICTACTOE, state, depth=depth, evaluate=evaluate)
    assert (vector.value, vector.action, vector.pv) == (full.value, full.action, full.pv)
    pruned = maxn(
        TICTACTOE, state, depth=depth, evaluate=evaluate, pruning="shallow", sum_bounds=(-9, 0)
    )
    assert (pruned.values, pruned.pv) == (vector.values, vector.pv)
