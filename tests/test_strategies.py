"""The Hypothesis strategies of gamesearch.testing draw what their parameters promise."""

from __future__ import annotations

import pytest
from hypothesis import find, given
from hypothesis import strategies as st

from gamesearch.games import GameTree, TicTacToe
from gamesearch.testing import game_trees, nested_trees, states

TICTACTOE = TicTacToe()


def walk(node, depth=0):
    """Yield ``(depth, node)`` for every node of nested lists, the root at depth 0."""
    yield depth, node
    if isinstance(node, list):
        for child in node:
            yield from walk(child, depth + 1)


def walk_game(tree, state=()):
    """Yield ``(depth, number of actions)`` for every state of a GameTree."""
    actions = tree.actions(state)
    yield len(state), len(actions)
    for action in actions:
        yield from walk_game(tree, tree.result(state, action))


@st.composite
def tree_parameters(draw):
    max_depth = draw(st.integers(0, 4), label="max_depth")
    min_branching = draw(st.integers(1, 3), label="min_branching")
    max_branching = draw(st.integers(min_branching, 4), label="max_branching")
    uniform = draw(st.booleans(), label="uniform")
    return {
        "max_depth": max_depth,
        "min_branching": min_branching,
        "max_branching": max_branching,
        "uniform": uniform,
    }


def marks(state, game=TICTACTOE):
    board = game.render(state)
    return board.count("X"), board.count("O")


@given(parameters=tree_parameters(), data=st.data())
def test_nested_trees_respect_depth_and_branching(parameters, data):
    tree = data.draw(nested_trees(**parameters), label="tree")
    for depth, node in walk(tree):
        assert depth <= parameters["max_depth"]
        if isinstance(node, list):
            assert parameters["min_branching"] <= len(node) <= parameters["max_branching"]
            assert depth < parameters["max_depth"]
        else:
            assert isinstance(node, int)
            assert -9 <= node <= 9  # the default leaf values
            if parameters["uniform"]:
                assert depth == parameters["max_depth"]


@given(parameters=tree_parameters(), data=st.data())
def test_game_trees_respect_depth_and_branching(parameters, data):
    tree = data.draw(game_trees(**parameters), label="tree")
    assert isinstance(tree, GameTree)
    for depth, branching in walk_game(tree):
        assert depth <= parameters["max_depth"]
        if branching:
            assert parameters["min_branching"] <= branching <= parameters["max_branching"]
        elif parameters["uniform"]:
            assert depth == parameters["max_depth"]


@given(nested_trees(max_depth=3, min_branching=2, max_branching=2, uniform=True))
def test_uniform_trees_are_complete(tree):
    leaves = [node for depth, node in walk(tree) if not isinstance(node, list)]
    assert len(leaves) == 2**3


@given(nested_trees(max_depth=3, values=st.sampled_from([7])))
def test_nested_trees_draw_leaves_from_the_values_strategy(tree):
    assert {node for _, node in walk(tree) if not isinstance(node, list)} == {7}


@given(game_trees(max_depth=2, values=st.floats(0.25, 0.75)))
def test_game_trees_draw_leaves_from_the_values_strategy(tree):
    assert all(0.25 <= value <= 0.75 for value in tree.leaves().values())


@given(nested_trees(max_depth=0))
def test_depth_zero_is_a_bare_number(tree):
    assert isinstance(tree, int)


@pytest.mark.parametrize("strategy", [nested_trees, game_trees])
@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"max_depth": -1}, r"max_depth must be an int >= 0"),
        ({"min_branching": 0}, r"need 1 <= min_branching <= max_branching"),
        ({"min_branching": 3, "max_branching": 2}, r"need 1 <= min_branching <= max_branching"),
        ({"max_branching": 0}, r"need 1 <= min_branching <= max_branching"),
    ],
)
def test_bad_tree_parameters_are_refused(strategy, arguments, message):
    with pytest.raises(ValueError, match=message):
        strategy(**arguments)


def test_a_negative_number_of_moves_is_refused():
    with pytest.raises(ValueError, match=r"max_moves must be >= 0 or None"):
        states(TICTACTOE, max_moves=-1)


@given(data=st.data())
def test_states_play_at_most_max_moves(data):
    max_moves = data.draw(st.integers(0, 10), label="max_moves")
    state = data.draw(states(TICTACTOE, max_moves=max_moves), label="state")
    x_count, o_count = marks(state)
    assert x_count + o_count <= max_moves
    # reachable by play: X moves first and the players alternate; parse() checks the rest
    assert x_count - o_count in (0, 1)
    assert TICTACTOE.to_move(state) == x_count - o_count
    assert TICTACTOE.parse(TICTACTOE.render(state)) == state


@given(states(TICTACTOE, max_moves=0))
def test_zero_moves_is_the_initial_state(state):
    assert state == TICTACTOE.initial_state()


@given(data=st.data())
def test_states_of_a_game_tree_are_nodes_at_most_max_moves_deep(data):
    tree = GameTree([[1, [2, 3]], [[4, [5]], 6]])
    max_moves = data.draw(st.integers(0, 4), label="max_moves")
    state = data.draw(states(tree, max_moves=max_moves), label="state")
    assert len(state) <= max_moves
    nodes = {(), *tree.leaves()}
    nodes |= {path[:depth] for path in tree.leaves() for depth in range(len(path))}
    assert state in nodes


def test_states_without_a_limit_reach_the_end_of_the_game():
    state = find(states(TICTACTOE), TICTACTOE.is_terminal)
    assert TICTACTOE.is_terminal(state)
    assert sum(marks(state)) >= 5  # no game of tic-tac-toe ends sooner


def test_states_reach_a_win_in_as_few_moves_as_a_game_allows():
    state = find(states(TICTACTOE, max_moves=5), TICTACTOE.is_terminal)
    assert marks(state) == (3, 2)
    assert TICTACTOE.winner(state) == 0
