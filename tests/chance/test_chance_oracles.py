"""The one chance loop (chance/_search.py) against the textbook loops of chance_oracles.py.

Issue 28 made one production loop serve expectiminimax, Star1, Star2 and expectimax, traced and
untraced; the loops it replaced are kept in ``tests/chance_oracles.py`` as oracles. Here the
production loop must give what they give: the same value, action, line and statistics, and,
traced, the same events in the same order (Star2, which the library does not trace, is compared
untraced).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from chance_oracles import reference_search
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch import expectimax, expectiminimax
from gamesearch.games import Chance, GameTree, Pig, PigState
from gamesearch.testing import chance_trees, game_trees


def summary(result: Any) -> tuple[Any, ...]:
    stats = result.stats
    return (
        result.value,
        result.action,
        result.pv,
        result.player,
        stats.nodes,
        stats.leaves,
        stats.cutoffs,
        stats.max_depth,
        result.exact,
    )


def evaluation(state: Any, player: int) -> float:
    """A cheap, deterministic evaluation of a GameTree state (its path) for ``player``."""
    score = float(sum((i + 1) * (a + 1) for i, a in enumerate(state)) % 7 - 3)
    return score if player == 0 else -score


def both(
    game: Any, options: dict[str, Any], *, expecti: bool = False
) -> tuple[tuple[Any, list[Any]], tuple[Any, list[Any]]]:
    """(summary, events) of the production search and of the oracle's, both traced."""
    search = expectimax if expecti else expectiminimax
    told: list[Any] = []
    production = search(game, trace=told.append, **options)
    oracle_told: list[Any] = []
    if expecti:
        options = {**options, "expectimax": True}
    oracle = reference_search(game, trace=oracle_told.append, **options)
    return (summary(production), told), (summary(oracle), oracle_told)


@pytest.mark.slow
@settings(max_examples=80)
@given(
    tree=chance_trees(max_depth=5, max_branching=4),
    depth=st.one_of(st.none(), st.integers(1, 5)),
    pruning=st.sampled_from([None, "star1"]),
)
def test_traced_expectiminimax_and_star1_tell_what_the_oracle_tells(tree, depth, pruning):
    options: dict[str, Any] = {"depth": depth, "evaluate": evaluation if depth else None}
    if pruning is not None:
        options.update(pruning=pruning, bounds=(-9, 9))
    production, oracle = both(tree, options)
    assert production == oracle


@pytest.mark.slow
@settings(max_examples=60)
@given(
    tree=chance_trees(max_depth=5, max_branching=4),
    depth=st.one_of(st.none(), st.integers(1, 5)),
)
def test_star2_searches_as_the_oracle_does(tree, depth):
    options: dict[str, Any] = {"depth": depth, "evaluate": evaluation if depth else None}
    production = expectiminimax(tree, pruning="star2", bounds=(-9, 9), **options)
    oracle = reference_search(tree, pruning="star2", bounds=(-9, 9), **options)
    assert summary(production) == summary(oracle)


def favour_later(game: Any, state: Any) -> list[tuple[Any, float]]:
    actions = game.actions(state)
    total = len(actions) * (len(actions) + 1) / 2
    return [(action, (i + 1) / total) for i, action in enumerate(actions)]


@settings(max_examples=60)
@given(
    tree=st.one_of(chance_trees(max_depth=4), game_trees(max_depth=4, max_branching=3)),
    depth=st.one_of(st.none(), st.integers(1, 4)),
    opponent=st.sampled_from([None, favour_later]),
)
@pytest.mark.slow
def test_traced_expectimax_tells_what_the_oracle_tells(tree, depth, opponent):
    options = {"depth": depth, "evaluate": evaluation if depth else None, "opponent": opponent}
    production, oracle = both(tree, options, expecti=True)
    assert production == oracle


@pytest.mark.parametrize("pruning", [None, "star1", "star2"])
def test_pig_positions_search_as_the_oracle_does(pruning):
    game = Pig(goal=20)
    bounds = {} if pruning is None else {"pruning": pruning, "bounds": (-1, 1)}
    for score0, score1 in ((0, 0), (12, 15), (17, 11)):
        state = PigState(score0, score1, 0, 0, False)
        options = {"depth": 3, "evaluate": game.evaluate, **bounds}
        assert summary(expectiminimax(game, state, **options)) == summary(
            reference_search(game, state, **options)
        )


def test_a_tree_of_fractions_searches_as_the_oracle_does():
    half, quarter = Fraction(1, 2), Fraction(1, 4)
    tree = GameTree(
        {
            "gamble": Chance([(half, [3, 7]), (quarter, 8), (quarter, {"x": -4, "y": 12})]),
            "sure": Chance([(half, 2), (half, 5)]),
        }
    )
    for options in ({}, {"pruning": "star1", "bounds": (-4, 12)}):
        production, oracle = both(tree, options)
        assert production == oracle
