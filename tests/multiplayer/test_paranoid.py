"""Paranoid search: against alpha-beta on the reduced tree built by hand, and a naive search."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import Alternating, RecordingGame, reachable
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import alphabeta, maxn, paranoid
from gamesearch.games import GameTree, Nim, Rolit
from gamesearch.testing import game_trees, maxn_trees, states

ROLIT = Rolit(size=6)

# Player 1 gains nothing by hurting player 0 on the left: max-n expects 5 for player 0 there,
# paranoid search the worst, 1, and it prefers the right, where it is sure of 3.
COALITION = [[(5, 5, 0), (1, 0, 9)], [(3, 3, 3), (4, 1, 1)]]


def reduced_by_hand(tree: GameTree, start: Any = ()) -> Alternating:
    """The paranoid reduction of ``tree`` from ``start``, built node by node.

    The player to move at ``start`` is MAX (0); every other player's node becomes a MIN (1)
    node; a leaf keeps the root player's utility, which MIN minimises.
    """
    root_player = tree.to_move(start)
    nodes: dict[Any, Any] = {}

    def name(path: Any) -> Any:
        return "root" if path == start else path

    pending = [start]
    while pending:
        path = pending.pop()
        if tree.is_terminal(path):
            nodes[name(path)] = tree.utility(path, root_player)
            continue
        side = 0 if tree.to_move(path) == root_player else 1
        children = {action: tree.result(path, action) for action in tree.actions(path)}
        nodes[name(path)] = (side, {action: name(child) for action, child in children.items()})
        pending.extend(children.values())
    return Alternating(nodes)


def naive_paranoid(game: Any, state: Any, root_player: int, depth: int, evaluate: Any) -> Any:
    """(value, first best action) by plain recursion: the root player max, all others min."""
    if game.is_terminal(state):
        return game.utility(state, root_player), None
    if depth == 0:
        return evaluate(state, root_player), None
    values = [
        naive_paranoid(game, game.result(state, action), root_player, depth - 1, evaluate)[0]
        for action in game.actions(state)
    ]
    best = max(values) if game.to_move(state) == root_player else min(values)
    return best, game.actions(state)[values.index(best)]


def test_the_coalition_holds_the_root_player_down():
    tree = GameTree(COALITION, num_players=3)
    assert (maxn(tree).value, maxn(tree).action) == (5.0, 0)
    result = paranoid(tree)
    assert (result.value, result.action, result.pv, result.player) == (3.0, 1, (1, 0), 0)
    assert result.values is None
    # The left is worth 1 to MAX; the right's first leaf, 3, does not bring it down to 1, so
    # alpha-beta must read its second leaf too.
    assert (result.stats.nodes, result.stats.leaves, result.stats.cutoffs) == (7, 4, 0)


def test_alpha_beta_prunes_the_coalitions_nodes():
    # The left is worth 1 to player 0; on the right the coalition can hold it to 0 at once,
    # so the right's second leaf cannot matter.
    game = RecordingGame(GameTree([[(5, 5, 0), (1, 0, 9)], [(0, 3, 3), (4, 1, 1)]], num_players=3))
    result = paranoid(game)
    assert (result.value, result.action, result.stats.cutoffs) == (1.0, 0, 1)
    assert game.scored == [(0, 0), (0, 1), (1, 0)]


def test_from_player_ones_node_the_others_gang_up_on_player_one():
    tree = GameTree(COALITION, num_players=3)
    result = paranoid(tree, (0,))
    assert (result.player, result.value, result.action) == (1, 5.0, 0)


@pytest.mark.slow
@given(st.integers(2, 4).flatmap(lambda n: maxn_trees(n, max_depth=5, max_branching=3)))
def test_paranoid_is_alphabeta_on_the_reduced_tree(tree):
    if tree.is_terminal(()):
        assert paranoid(tree).value == tree.utility((), 0)
        return
    reduced = reduced_by_hand(tree)
    expected, found = alphabeta(reduced), paranoid(tree)
    assert (found.value, found.action, found.pv) == (expected.value, expected.action, expected.pv)
    assert found.player == tree.to_move(tree.initial_state())
    assert found.stats == type(found.stats)(
        **{**vars(expected.stats), "elapsed": found.stats.elapsed}
    )


@given(st.integers(3, 4).flatmap(lambda n: maxn_trees(n, max_depth=5, min_branching=2)))
def test_paranoid_from_a_later_node(tree):
    start = tree.initial_state()
    if not tree.is_terminal(start):
        start = tree.result(start, tree.actions(start)[-1])
    if tree.is_terminal(start):
        assert paranoid(tree, start).value == tree.utility(start, tree.to_move(start))
        return
    expected, found = alphabeta(reduced_by_hand(tree, start)), paranoid(tree, start)
    assert (found.value, found.action, found.player) == (
        expected.value,
        expected.action,
        tree.to_move(start),
    )


@given(game_trees(max_depth=5, max_branching=4))
def test_with_two_players_paranoid_is_alphabeta(tree):
    expected, found = alphabeta(tree), paranoid(tree)
    assert (found.value, found.action, found.pv) == (expected.value, expected.action, expected.pv)
    assert found.stats.nodes == expected.stats.nodes


def test_paranoid_equals_a_naive_paranoid_search_on_every_nim_state():
    game = Nim((2, 3), players=3, max_take=2)
    for state in reachable(game):
        value, action = naive_paranoid(game, state, game.to_move(state), 99, None)
        result = paranoid(game, state)
        assert (result.value, result.action) == (value, action)


@given(state=states(ROLIT, max_moves=30), depth=st.integers(1, 3))
def test_paranoid_equals_a_naive_paranoid_search_on_rolit(state, depth):
    asked = set()

    def evaluate(state, player):
        asked.add(player)
        return ROLIT.evaluate(state, player)

    root_player = ROLIT.to_move(state)
    value, action = naive_paranoid(ROLIT, state, root_player, depth, ROLIT.evaluate)
    result = paranoid(ROLIT, state, depth=depth, evaluate=evaluate)
    assert (result.value, result.action, result.depth) == (value, action, depth)
    assert asked <= {root_player}
