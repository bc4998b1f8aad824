"""Traces of the chance and multi-player searchers: the same rules as alpha-beta's.

Every searcher's events nest as a depth-first search, number the nodes, leaves and cutoffs of
its statistics, and end with the root's value; tracing changes nothing in the result.
"""

from __future__ import annotations

import math
from collections import defaultdict
from functools import partial
from typing import Any

import pytest
from hypothesis import given

from gamesearch import (
    InvalidSearchOptionError,
    best_reply,
    expectimax,
    expectiminimax,
    maxn,
    paranoid,
)
from gamesearch.games import Chance, GameTree, Nim
from gamesearch.testing import chance_trees, maxn_trees
from gamesearch.trace import Enter, Leaf, Leave, Prune, SearchTree

CHANCE_SEARCHERS = {
    "expectiminimax": expectiminimax,
    "star1": partial(expectiminimax, pruning="star1", bounds=(-9, 9)),
    "expectimax": expectimax,
}
VECTOR_SEARCHERS = {
    "maxn": maxn,
    "maxn-shallow": partial(maxn, pruning="shallow", sum_bounds=(0, 9)),
    "paranoid": paranoid,
}


def check_nesting(events: list[Any], result: Any) -> None:
    """Well nested, counted as the statistics count, ending with the root's value."""
    enters = [e for e in events if isinstance(e, Enter)]
    leaves = [e for e in events if isinstance(e, Leaf)]
    assert len(leaves) == result.stats.leaves
    assert len(enters) + len(leaves) == result.stats.nodes
    assert sum(isinstance(e, Prune) for e in events) == result.stats.cutoffs
    open_nodes: list[Enter] = []
    probabilities: dict[int, list[float]] = defaultdict(list)
    for event in events:
        if isinstance(event, (Enter, Leaf)):
            assert event.depth == len(open_nodes)
            if open_nodes:
                parent = open_nodes[-1]
                assert event.action in parent.actions
                if parent.kind == "chance":
                    assert event.probability is not None
                    probabilities[id(parent)].append(event.probability)
                else:
                    assert event.probability is None
        if isinstance(event, Enter):
            open_nodes.append(event)
        elif isinstance(event, Prune):
            node = open_nodes[-1]
            assert event.state == node.state
            assert node.actions[len(node.actions) - len(event.actions) :] == event.actions
        elif isinstance(event, Leave):
            node = open_nodes.pop()
            assert node.state == event.state
            if node.kind == "chance" and not any(
                isinstance(e, Prune) and e.state == node.state for e in events
            ):
                assert math.isclose(sum(probabilities[id(node)]), 1.0)
    assert open_nodes == []
    assert events[-1].value == result.value


@pytest.mark.parametrize("name", CHANCE_SEARCHERS)
@given(tree=chance_trees(max_depth=4))
def test_chance_searchers_tell_their_search(name: str, tree: GameTree) -> None:
    search = CHANCE_SEARCHERS[name]
    events: list[Any] = []
    traced = search(tree, trace=events.append)
    plain = search(tree)
    assert (traced.value, traced.action, traced.pv) == (plain.value, plain.action, plain.pv)
    assert traced.stats.nodes == plain.stats.nodes
    check_nesting(events, traced)
    for event in events:
        if isinstance(event, Leaf) and event.terminal:
            assert event.value == tree.utility(event.state, 0)


@pytest.mark.parametrize("name", VECTOR_SEARCHERS)
@given(tree=maxn_trees(num_players=3, sum_bounds=(0, 9)))
def test_multiplayer_searchers_tell_their_search(name: str, tree: GameTree) -> None:
    search = VECTOR_SEARCHERS[name]
    events: list[Any] = []
    traced = search(tree, trace=events.append)
    plain = search(tree)
    assert (traced.value, traced.action, traced.pv) == (plain.value, plain.action, plain.pv)
    assert (traced.stats.nodes, traced.stats.cutoffs) == (plain.stats.nodes, plain.stats.cutoffs)
    check_nesting(events, traced)
    if name.startswith("maxn"):
        assert events[-1].values == traced.values
        for event in events:
            if isinstance(event, Leaf) and event.terminal:
                assert event.values == tuple(tree.utility(event.state, p) for p in range(3))


def test_the_notes_chance_node_is_drawn_and_narrated() -> None:
    tree = GameTree({"gamble": Chance([(0.5, 8), (0.25, 24), (0.25, -12)]), "sure": 5})
    recorder = SearchTree(tree)
    result = expectiminimax(tree, trace=recorder)
    assert result.value == 7.0
    dot = recorder.to_dot()
    assert "shape=circle" in dot
    assert 'p=0.25"' in dot
    assert "visit B (CHANCE) by action gamble" in recorder.narrate()


def test_star1_tells_its_cutoffs_at_chance_nodes() -> None:
    # After "sure" (9), the gamble's first outcome (-12, probability 1/2) caps it at
    # -6 + 24/2 = 6 < 9: Star1 prunes the second outcome.
    tree = GameTree({"sure": 9, "gamble": Chance([(0.5, -12), (0.5, 24)])})
    events: list[Any] = []
    result = expectiminimax(tree, pruning="star1", bounds=(-12, 24), trace=events.append)
    prunes = [e for e in events if isinstance(e, Prune)]
    assert result.value == 9.0
    assert len(prunes) == result.stats.cutoffs == 1
    assert prunes[0].state == ("gamble",)
    assert prunes[0].actions == (1,)
    assert prunes[0].value <= prunes[0].alpha == 9.0


def test_star2_refuses_a_trace_and_says_why() -> None:
    tree = GameTree({"sure": 9, "gamble": Chance([(0.5, -12), (0.5, 24)])})
    with pytest.raises(InvalidSearchOptionError, match="star2' cannot be traced"):
        expectiminimax(tree, pruning="star2", bounds=(-12, 24), trace=print)


@pytest.mark.slow
def test_maxn_pruning_is_narrated_as_such() -> None:
    game = Nim((1, 2, 2))
    recorder = SearchTree(game)
    result = maxn(game, pruning="shallow", sum_bounds=(0, 1), trace=recorder)
    assert result.stats.cutoffs > 0
    assert "max-n's shallow or immediate pruning" in recorder.narrate()


def test_best_reply_is_traced_in_its_reduced_game() -> None:
    game = Nim((1, 2), players=3)
    recorder = SearchTree(game)
    result = best_reply(game, trace=recorder)
    assert recorder.root.value == result.value
    assert "Reply(player=" in recorder.to_text()


@pytest.mark.parametrize(
    "search", [expectiminimax, expectimax, maxn, paranoid, best_reply], ids=lambda s: s.__name__
)
def test_a_trace_that_is_not_callable_is_refused(search: Any) -> None:
    tree = GameTree([[(1, 0, 0), (0, 1, 0)]], num_players=3)
    game = tree if search in (maxn, paranoid) else GameTree([1, 2])
    if search is best_reply:
        game = Nim((1, 2), players=3)
    with pytest.raises(InvalidSearchOptionError, match="trace must be an observer"):
        search(game, trace="yes")
