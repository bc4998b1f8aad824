"""GameTree: trees written as nested lists and dicts, as in the lecture notes."""

from __future__ import annotations

import math
import re
import sys
from fractions import Fraction

import pytest
from hypothesis import given

from gamesearch import (
    GameProtocolError,
    IllegalActionError,
    InvalidGameTreeError,
    SearchTooDeepError,
    alphabeta,
    minimax,
)
from gamesearch.games import GameTree
from gamesearch.testing import nested_trees


def every_node(tree):
    """Every state of ``tree``, depth first and left to right, by ``actions`` and ``result``."""
    found, pending = [], [tree.initial_state()]
    while pending:
        state = pending.pop()
        found.append(state)
        pending.extend(tree.result(state, action) for action in reversed(tree.actions(state)))
    return found


def naive_leaves(node, path=()):
    """The (path, value) of every leaf of nested lists and dicts, by plain recursion."""
    if isinstance(node, (int, float)):
        return [(path, float(node))]
    items = node.items() if isinstance(node, dict) else enumerate(node)
    return [leaf for action, child in items for leaf in naive_leaves(child, (*path, action))]


def test_nested_lists():
    tree = GameTree([[3, 12], [2, 4, 6]])
    assert tree.initial_state() == ()
    assert tree.actions(()) == (0, 1)
    assert tree.result((), 1) == (1,)
    assert tree.actions((1,)) == (0, 1, 2)
    assert tree.result((1,), 2) == (1, 2)
    assert tree.is_terminal((1, 2))
    assert not tree.is_terminal((1,))
    assert not tree.is_terminal(())
    assert tree.actions((1, 2)) == ()
    assert tree.utility((1, 2), 0) == 6.0
    assert tree.utility((1, 2), 1) == -6.0


def test_dict_actions_are_its_keys_in_insertion_order():
    tree = GameTree({"b": {"z": 1, "y": 2}, "a": 3, 10: -4})
    assert tree.actions(()) == ("b", "a", 10)
    assert tree.actions(("b",)) == ("z", "y")
    assert tree.result((), "a") == ("a",)
    assert tree.result(("b",), "y") == ("b", "y")
    assert tree.utility(("b", "y"), 0) == 2.0
    assert tree.utility((10,), 1) == 4.0


def test_dicts_and_lists_mix():
    tree = GameTree({"left": [5, {"x": -1}], "right": ([7],)})
    assert tree.actions(()) == ("left", "right")
    assert tree.actions(("left",)) == (0, 1)
    assert tree.actions(("left", 1)) == ("x",)
    assert tree.actions(("right", 0)) == (0,)
    assert tree.leaves() == {("left", 0): 5.0, ("left", 1, "x"): -1.0, ("right", 0, 0): 7.0}


def test_tuples_work_as_lists():
    listed, tupled = GameTree([[3, 12, 8], [2, 4, 6]]), GameTree(((3, 12, 8), (2, 4, 6)))
    assert every_node(tupled) == every_node(listed)
    assert tupled.leaves() == listed.leaves()
    assert alphabeta(tupled).pv == alphabeta(listed).pv == (0, 0)


def test_utility_is_the_leaf_for_max_and_its_negation_for_min():
    tree = GameTree([2.5, -3, 0])
    assert [tree.utility((i,), 0) for i in range(3)] == [2.5, -3.0, 0.0]
    assert [tree.utility((i,), 1) for i in range(3)] == [-2.5, 3.0, 0.0]
    assert all(isinstance(tree.utility((i,), 0), float) for i in range(3))


@pytest.mark.parametrize("player", [2, -1])
def test_utility_for_a_third_player(player):
    with pytest.raises(ValueError, match=r"players 0 \(MAX\) and 1 \(MIN\)"):
        GameTree([1, 2]).utility((0,), player)


@pytest.mark.parametrize("state", [(), (0,)])
def test_utility_of_an_internal_node_is_a_protocol_error(state):
    with pytest.raises(GameProtocolError, match=r"not a leaf"):
        GameTree([[1, 2], 3]).utility(state, 0)


@pytest.mark.parametrize("state", [(2,), (0, 0, 0), (1, 0), ("a",), (0, 5), None, "0"])
@pytest.mark.parametrize(
    "method",
    [
        pytest.param(lambda tree, state: tree.actions(state), id="actions"),
        pytest.param(lambda tree, state: tree.utility(state, 0), id="utility"),
        pytest.param(lambda tree, state: tree.result(state, 0), id="result"),
    ],
)
def test_unknown_states_are_refused(method, state):
    with pytest.raises(ValueError, match=r"is not a node of this GameTree"):
        method(GameTree([[1, 2], 3]), state)


@pytest.mark.parametrize(
    "method",
    [
        pytest.param(lambda tree, state: tree.actions(state), id="actions"),
        pytest.param(lambda tree, state: tree.result(state, 0), id="result"),
    ],
)
def test_unhashable_states_are_unknown_states(method):
    with pytest.raises(ValueError, match=r"is not a node of this GameTree"):
        method(GameTree([[1, 2], 3]), [0])


def test_unhashable_state_in_utility_is_an_unknown_state():
    with pytest.raises(ValueError, match=r"is not a node of this GameTree"):
        GameTree([[1, 2], 3]).utility([0], 0)


def test_to_move_alternates_by_depth():
    tree = GameTree({"a": [[1, 2], 3], "b": [[[4]]]})
    nodes = every_node(tree)
    assert len(nodes) == 10
    for state in nodes:
        assert tree.to_move(state) == len(state) % 2
    assert tree.to_move(("b", 0, 0)) == 1
    assert tree.to_move(("b", 0, 0, 0)) == 0


def test_leaves_in_depth_first_left_to_right_order():
    tree = GameTree({"a": [1, {"x": 2, "y": [3, 4]}], "b": 5, "c": [6]})
    assert list(tree.leaves().items()) == [
        (("a", 0), 1.0),
        (("a", 1, "x"), 2.0),
        (("a", 1, "y", 0), 3.0),
        (("a", 1, "y", 1), 4.0),
        (("b",), 5.0),
        (("c", 0), 6.0),
    ]


@given(nested_trees(max_depth=4, max_branching=4))
def test_leaves_match_a_naive_walk_of_random_trees(nested):
    tree = GameTree(nested)
    assert list(tree.leaves().items()) == naive_leaves(nested)
    assert [state for state in every_node(tree) if tree.is_terminal(state)] == list(tree.leaves())


@pytest.mark.parametrize(
    ("root", "value"), [(7, 7.0), (-3, -3.0), (2.5, 2.5), (Fraction(1, 2), 0.5)]
)
def test_a_bare_number_is_a_terminal_root(root, value):
    tree = GameTree(root)
    assert tree.is_terminal(())
    assert tree.actions(()) == ()
    assert (tree.utility((), 0), tree.utility((), 1)) == (value, -value)
    assert tree.leaves() == {(): value}
    assert alphabeta(tree).value == value


@pytest.mark.parametrize(
    ("tree", "where"),
    [
        pytest.param("x", "()", id="string-root"),
        pytest.param([1, "3"], "(1,)", id="string-leaf"),
        pytest.param([None], "(0,)", id="none"),
        pytest.param([1, True], "(1,)", id="true"),
        pytest.param({"a": False}, "('a',)", id="false"),
        pytest.param([math.nan], "(0,)", id="nan"),
        pytest.param([], "()", id="empty-list"),
        pytest.param({}, "()", id="empty-dict"),
        pytest.param({"a": {}}, "('a',)", id="nested-empty-dict"),
        pytest.param([[1, []], 2], "(0, 1)", id="nested-empty-list"),
        pytest.param({"a": [1, {"b": None}]}, "('a', 1, 'b')", id="deep-none"),
        pytest.param([1, {2, 3}], "(1,)", id="set"),
        pytest.param([1, 2 + 3j], "(1,)", id="complex"),
    ],
)
def test_malformed_trees_are_refused_with_the_path_of_the_bad_node(tree, where):
    with pytest.raises(InvalidGameTreeError, match=r"at " + re.escape(where)) as info:
        GameTree(tree)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("state", "action", "legal"),
    [
        pytest.param((), 2, (0, 1), id="index-past-the-end"),
        pytest.param((), -1, (0, 1), id="negative-index"),
        pytest.param((), "0", (0, 1), id="string-for-index"),
        pytest.param((1,), "z", ("a", "b"), id="missing-key"),
        pytest.param((0,), 0, (), id="at-a-leaf"),
        pytest.param((), [0], (0, 1), id="unhashable"),
        pytest.param((1,), {"a": 1}, ("a", "b"), id="unhashable-dict"),
    ],
)
def test_result_refuses_actions_the_node_does_not_have(state, action, legal):
    tree = GameTree([5, {"a": 1, "b": 2}])
    with pytest.raises(IllegalActionError, match=r"illegal action") as info:
        tree.result(state, action)
    assert info.value.legal == legal
    assert info.value.action == action
    assert repr(action) in str(info.value)
    assert repr(state) in str(info.value)


def deep_chain(levels):
    tree = 1
    for _ in range(levels):
        tree = [tree]
    return tree


@pytest.mark.slow
def test_a_tree_deeper_than_the_recursion_limit_loads():
    levels = max(3000, sys.getrecursionlimit() + 100)
    tree = GameTree(deep_chain(levels))
    assert tree.leaves() == {(0,) * levels: 1.0}
    assert tree.actions((0,) * (levels - 1)) == (0,)
    assert tree.is_terminal((0,) * levels)


@pytest.mark.slow
def test_a_tree_deeper_than_the_recursion_limit_is_searched_only_to_a_depth():
    levels = max(3000, sys.getrecursionlimit() + 100)
    tree = GameTree(deep_chain(levels))
    with pytest.raises(SearchTooDeepError, match=r"recursion limit"):
        alphabeta(tree)
    result = alphabeta(tree, depth=10, evaluate=lambda state, player: 0.0)
    assert (result.value, result.action, result.pv) == (0.0, 0, (0,) * 10)
    assert result.stats.max_depth == 10


def test_searchers_read_the_same_tree_in_list_and_dict_form():
    listed = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    keyed = GameTree(
        {"a": {"x": 3, "y": 12, "z": 8}, "b": {"x": 2, "y": 4, "z": 6}, "c": [14, 5, 2]}
    )
    assert minimax(listed).value == minimax(keyed).value == 3.0
    assert alphabeta(keyed).pv == ("a", "x")
