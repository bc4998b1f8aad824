"""GameTree with n players: tuple leaves, one utility per player, players moving in turn."""

from __future__ import annotations

import math
import re

import pytest

from gamesearch import InvalidGameTreeError, alphabeta
from gamesearch.games import GameTree

# AIMA 3rd ed., figure 5.4: players A, B, C (0, 1, 2) move in turn; leaves are <vA, vB, vC>.
FIGURE_5_4 = [
    [[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
    [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]],
]


def test_leaves_are_utility_tuples_and_players_rotate_by_depth():
    tree = GameTree(FIGURE_5_4, num_players=3)
    assert tree.num_players == 3
    assert [tree.to_move(state) for state in [(), (1,), (1, 0), (1, 0, 1)]] == [0, 1, 2, 0]
    assert tree.actions((1, 0)) == (0, 1)
    assert tree.is_terminal((1, 0, 1))
    assert [tree.utility((1, 0, 1), player) for player in range(3)] == [1.0, 5.0, 2.0]
    assert all(isinstance(tree.utility((0, 0, 0), player), float) for player in range(3))


def test_leaves_gives_player_zeros_utility():
    tree = GameTree({"a": (1, 2, 3), "b": [(4, 5, 6)]}, num_players=3)
    assert tree.leaves() == {("a",): 1.0, ("b", 0): 4.0}


def test_four_players_and_dict_nodes():
    tree = GameTree({"x": {"y": {"z": {"w": {"v": (0, 1, 2, 3)}}}}}, num_players=4)
    path = ("x", "y", "z", "w")
    assert [tree.to_move(path[:depth]) for depth in range(5)] == [0, 1, 2, 3, 0]
    assert tree.utility((*path, "v"), 3) == 3.0


def test_two_players_with_tuple_leaves_need_not_be_zero_sum():
    tree = GameTree([(3, 3), (5, -1)], num_players=2)
    assert (tree.utility((0,), 1), tree.utility((1,), 1)) == (3.0, -1.0)
    assert alphabeta(tree).action == 1  # alphabeta reads player 0's utility


def test_without_num_players_a_tuple_is_still_a_list_of_subtrees():
    tree = GameTree(((3, 12, 8), (2, 4, 6)))
    assert tree.num_players == 2
    assert tree.actions((0,)) == (0, 1, 2)
    assert tree.utility((1, 2), 1) == -6.0


def test_repr_names_the_players():
    assert repr(GameTree([(1, 2, 3)], num_players=3)) == "GameTree([(1, 2, 3)], num_players=3)"
    assert repr(GameTree([1])) == "GameTree([1])"


@pytest.mark.parametrize("player", [3, -1, "0"])
def test_utility_for_a_player_the_tree_does_not_have(player):
    with pytest.raises(ValueError, match=r"players 0 to 2, not"):
        GameTree([(1, 2, 3)], num_players=3).utility((0,), player)


@pytest.mark.parametrize(
    ("tree", "where", "why"),
    [
        pytest.param([(1, 2)], "(0,)", r"is \(1, 2\): a leaf of a 3-player tree", id="short"),
        pytest.param([[(1, 2, 3, 4)]], "(0, 0)", r"tuple of 3 numbers", id="long"),
        pytest.param({"a": [5]}, "('a', 0)", r"is 5: a leaf of a 3-player tree", id="number"),
        pytest.param([(1, "2", 3)], "(0,)", r"one utility per player", id="string"),
        pytest.param([(1, True, 3)], "(0,)", r"one utility per player", id="bool"),
        pytest.param([(1, 2, math.nan)], "(0,)", r"NaN", id="nan"),
        pytest.param([([1], 2, 3)], "(0,)", r"internal nodes are lists or dicts", id="nested"),
        pytest.param((), "()", r"tuple of 3 numbers", id="empty-tuple-root"),
        pytest.param([], "()", r"has no children", id="empty-list"),
    ],
)
def test_malformed_leaves_are_refused_with_their_path(tree, where, why):
    with pytest.raises(InvalidGameTreeError, match=r"at " + re.escape(where) + r".*" + why):
        GameTree(tree, num_players=3)


@pytest.mark.parametrize("num_players", [0, -2, 2.0, True, "3"])
def test_num_players_must_be_a_positive_int(num_players):
    with pytest.raises(InvalidGameTreeError, match=r"num_players must be None or an int >= 1"):
        GameTree([(1, 2)], num_players=num_players)
