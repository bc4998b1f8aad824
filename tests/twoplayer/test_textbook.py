"""The worked examples of the lecture notes and the textbook, as fixtures.

Each tree comes with its value, its decision and the leaves alpha-beta must prune, worked out by
hand in the notes (AIMA 3rd ed., figures 5.2 and 5.5).
"""

from __future__ import annotations

import pytest
from helpers import RecordingGame, leaf_names

from gamesearch import alphabeta, minimax, negamax
from gamesearch.games import GameTree

# AIMA figure 5.2: MAX chooses among a1, a2, a3; MIN answers.
FIGURE_5_2 = {
    "a1": {"b1": 3, "b2": 12, "b3": 8},
    "a2": {"c1": 2, "c2": 4, "c3": 6},
    "a3": {"d1": 14, "d2": 5, "d3": 2},
}

# The same tree with D's successors in the best order (AIMA section 5.3.1): once d3 = 2 is
# seen, D cannot beat B's 3, so d1 and d2 are pruned as well.
FIGURE_5_2_BEST_ORDER = {
    "a1": {"b1": 3, "b2": 12, "b3": 8},
    "a2": {"c1": 2, "c2": 4, "c3": 6},
    "a3": {"d3": 2, "d2": 5, "d1": 14},
}

# Three plies: the cutoff at C removes a whole subtree (C2) and one MAX node below B (b22).
DEEP_CUTOFF = {
    "B": {"B1": {"b11": 10, "b12": 6}, "B2": {"b21": 100, "b22": 8}},
    "C": {"C1": {"c11": 1, "c12": 2}, "C2": {"c21": 20, "c22": 4}},
}

WORKED = [
    # tree, value, decision, leaves read by alpha-beta, leaves it prunes
    pytest.param(
        FIGURE_5_2,
        3,
        "a1",
        ["b1", "b2", "b3", "c1", "d1", "d2", "d3"],
        ["c2", "c3"],
        id="aima-5.2",
    ),
    pytest.param(
        FIGURE_5_2_BEST_ORDER,
        3,
        "a1",
        ["b1", "b2", "b3", "c1", "d3"],
        ["c2", "c3", "d2", "d1"],
        id="aima-5.2-best-order",
    ),
    pytest.param(
        DEEP_CUTOFF,
        10,
        "B",
        ["b11", "b12", "b21", "c11", "c12"],
        ["b22", "c21", "c22"],
        id="deep-cutoff",
    ),
]


@pytest.mark.parametrize(("tree", "value", "decision", "read", "pruned"), WORKED)
@pytest.mark.parametrize("searcher", [alphabeta, negamax])
def test_alpha_beta_reads_exactly_the_unpruned_leaves(
    searcher, tree, value, decision, read, pruned
):
    game = RecordingGame(GameTree(tree))
    result = searcher(game)
    assert (result.value, result.action) == (value, decision)
    # negamax reads both players' utilities at each leaf it scores (its check that the game
    # is zero-sum): the same leaves, each read twice in a row
    assert list(dict.fromkeys(leaf_names(game.scored))) == read
    assert result.stats.leaves == len(read)
    assert set(leaf_names(list(GameTree(tree).leaves()))) - set(read) == set(pruned)


@pytest.mark.parametrize(("tree", "value", "decision", "read", "pruned"), WORKED)
def test_minimax_reads_every_leaf(tree, value, decision, read, pruned):
    game = RecordingGame(GameTree(tree))
    result = minimax(game)
    assert (result.value, result.action) == (value, decision)
    assert leaf_names(game.scored) == leaf_names(list(GameTree(tree).leaves()))
    assert sorted(leaf_names(game.scored)) == sorted(read + pruned)


def test_figure_5_2_in_full():
    tree = GameTree(FIGURE_5_2)
    full, pruned = minimax(tree), alphabeta(tree)
    assert full.value == pruned.value == 3.0
    assert full.action == pruned.action == "a1"
    assert full.pv == pruned.pv == ("a1", "b1")
    assert full.player == pruned.player == 0
    assert (full.stats.nodes, full.stats.leaves, full.stats.max_depth) == (13, 9, 2)
    assert (pruned.stats.nodes, pruned.stats.leaves, pruned.stats.max_depth) == (11, 7, 2)


def test_list_form_of_figure_5_2_matches_the_dict_form():
    listed = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    result = alphabeta(listed)
    assert (result.value, result.action, result.pv) == (3.0, 0, (0, 0))
    assert result.stats.leaves == 7


def test_value_is_min_s_own_when_min_is_to_move():
    # Searched from a MIN node, the value is MIN's: the negation of the leaf numbers.
    tree = GameTree(FIGURE_5_2)
    result = alphabeta(tree, ("a2",))
    assert result.player == 1
    assert (result.value, result.action) == (-2.0, "c1")
