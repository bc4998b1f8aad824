"""Tracing ISMCTS: Monte Carlo search's events over a tree of information sets."""

from __future__ import annotations

import pytest

from gamesearch.errors import InvalidSearchOptionError
from gamesearch.imperfect import KuhnPoker, LeducPoker, OhHell, ismcts
from gamesearch.trace import Backup, Enter, Expand, Leave, Rollout, SearchTree, Select


def after(game, *actions):
    state = game.initial_state()
    for action in actions:
        state = game.result(state, action)
    return state


ROOTS = [
    pytest.param(KuhnPoker(), (2, 0), 40, id="kuhn"),
    pytest.param(LeducPoker(), (0, 3), 300, id="leduc-chance-in-play"),
    pytest.param(OhHell(), ((0, 3, 8), (2, 4, 7), 1, 1), 200, id="ohhell"),
    pytest.param(OhHell(3), ((0, 3, 8), (2, 4, 7), (1, 5, 6)), 100, id="ohhell-3"),
]


@pytest.mark.parametrize(("game", "moves", "iterations"), ROOTS)
def test_a_traced_search_is_the_same_search(game, moves, iterations):
    state = after(game, *moves)
    events = []
    traced = ismcts(game, state, iterations=iterations, exploration=3, rng=5, trace=events.append)
    plain = ismcts(game, state, iterations=iterations, exploration=3, rng=5)
    for field in ("action", "value", "player", "action_values", "visits", "iterations"):
        assert getattr(traced, field) == getattr(plain, field)
    assert traced.stats.nodes == plain.stats.nodes
    assert traced.stats.max_depth == plain.stats.max_depth


@pytest.mark.parametrize(("game", "moves", "iterations"), ROOTS)
def test_each_iteration_tells_select_its_expands_rollout_and_backup(game, moves, iterations):
    events = []
    result = ismcts(game, after(game, *moves), iterations=iterations, rng=2, trace=events.append)
    assert isinstance(events[0], Enter)
    assert events[0].player == result.player
    assert isinstance(events[1], Expand)
    assert events[1].path == ()
    assert isinstance(events[-1], Leave)
    assert (events[-1].action, events[-1].value) == (result.action, result.value)
    expands = [event for event in events if isinstance(event, Expand)]
    assert len(expands) == result.stats.nodes  # the root, and one per node added
    assert max(event.depth for event in expands) == result.stats.max_depth
    iteration: list[type] = []
    count = 0
    for event in events[2:-1]:
        iteration.append(type(event))
        if isinstance(event, Backup):
            assert iteration[0] is Select
            assert set(iteration[1:-2]) <= {Expand}
            assert iteration[-2:] == [Rollout, Backup]
            count += 1
            iteration = []
        if isinstance(event, Select):
            assert event.iteration == count
    assert count == result.iterations == iterations


def test_the_recorded_tree_has_the_searchs_visits_and_means():
    game = LeducPoker()
    state = after(game, 0, 3)
    recorder = SearchTree(game)
    result = ismcts(game, state, iterations=400, exploration=3, rng=7, trace=recorder)
    root = recorder.root
    assert root.visits == 400
    children = {child.action: child for child in root.children}
    assert {action: children[action].visits for action, _ in result.visits} == dict(result.visits)
    for action, mean in result.action_values:  # the searching player's means
        assert children[action].value == pytest.approx(mean)
    assert recorder.to_text()


def test_chance_outcomes_are_edges_named_by_what_the_searcher_sees():
    game = LeducPoker()
    state = after(game, 0, 3)  # player 0 holds a Jack
    events = []
    ismcts(game, state, iterations=300, rng=1, trace=events.append)
    below = [
        e for e in events if isinstance(e, Expand) and e.path and isinstance(e.path[-1], tuple)
    ]
    assert below
    for event in below:
        seen = event.path[-1][1]
        assert seen == game.information_set(event.state, 0)
        assert seen.card == 0
        assert seen.public is not None
        assert event.probability is not None
        assert 0 < event.probability < 1
    chance_nodes = [e for e in events if isinstance(e, Expand) and e.kind == "chance"]
    assert chance_nodes  # the ends of the first round, before the public card
    assert all(e.player == -1 for e in chance_nodes)


def test_a_bad_observer_is_refused():
    game = KuhnPoker()
    with pytest.raises(InvalidSearchOptionError, match="trace must be an observer"):
        ismcts(game, after(game, 2, 0), iterations=5, trace=3)
