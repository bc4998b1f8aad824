"""Tracing Monte Carlo tree search: the four phases as events, and the tree SearchTree draws."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gamesearch import MCTSTree, mcts
from gamesearch.games import Chance, GameTree, TicTacToe
from gamesearch.trace import Backup, Enter, Expand, Leave, Rollout, SearchTree, Select

TEXTBOOK = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def test_each_iteration_tells_select_expand_rollout_and_backup_in_order():
    events = []
    result = mcts(TicTacToe(), iterations=30, rng=0, trace=events.append)
    assert isinstance(events[0], Enter)
    assert isinstance(events[1], Expand)  # the root
    assert events[1].path == ()
    assert isinstance(events[-1], Leave)
    assert events[-1].action == result.action
    phases = events[2:-1]
    kinds = [type(event) for event in phases]
    assert kinds.count(Select) == kinds.count(Rollout) == kinds.count(Backup) == 30
    iteration = []
    for event in phases:
        iteration.append(type(event))
        if isinstance(event, Backup):
            assert iteration in ([Select, Expand, Rollout, Backup], [Select, Rollout, Backup])
            iteration = []
    selects = [event for event in phases if isinstance(event, Select)]
    assert [event.iteration for event in selects] == list(range(30))


@pytest.mark.slow
def test_the_recorded_tree_has_the_searchs_visit_counts_and_means():
    game, kept, recorder = TicTacToe(), MCTSTree(), SearchTree()
    result = mcts(game, iterations=500, rng=3, solver=False, tree=kept, trace=recorder)
    root = recorder.root
    assert root.visits == 500 == result.stats.leaves
    by_action = {child.action: child for child in root.children}
    for entry in kept.statistics():
        node = by_action[entry.action]
        assert node.visits == entry.visits
        assert node.value == entry.value  # the root player's mean, in MAX view
    assert len(list(recorder.nodes())) == result.stats.nodes
    line = recorder.principal_variation()
    assert [node.action for node in line[1:2]] == [result.action]


def test_the_picture_shows_visit_counts_values_and_proofs():
    recorder = SearchTree(TEXTBOOK)
    result = mcts(TEXTBOOK, iterations=100, exploration=10, rng=1, trace=recorder)
    assert result.exact
    assert (result.value, result.action) == (3.0, 0)
    text = recorder.to_text()
    assert text.splitlines()[0] == f"A MAX = 3 n={result.stats.leaves} proven *"
    assert "B MIN = 3 n=" in text
    assert "B1 = 3 n=1 proven *" in text
    dot = recorder.to_dot()
    assert "n=1" in dot
    assert "proven" in dot


def test_the_narration_tells_the_four_phases():
    recorder = SearchTree(TEXTBOOK)
    mcts(TEXTBOOK, iterations=5, exploration=10, rng=1, trace=recorder)
    told = recorder.narrate()
    assert told.splitlines()[:5] == [
        "search A (MAX)",
        "iteration 1: select A: A has an untried action, 0: expand it",
        "  expand B (MIN) by action 0",
        "  simulate B: 3 by a playout of 1 move",
        "  back up 3 through A, B",
    ]
    assert told.splitlines()[-1].startswith("result: A = ")
    assert "5 iterations, 6 nodes" in told


def test_chance_outcomes_carry_their_probability():
    half = Fraction(1, 2)
    game = GameTree({"bet": Chance([(half, 4), (half, -2)]), "keep": 0})
    recorder = SearchTree(game)
    mcts(game, iterations=50, rng=0, trace=recorder)
    bet = next(child for child in recorder.root.children if child.action == "bet")
    assert bet.kind == "chance"
    assert {child.probability for child in bet.children} == {0.5}


def test_a_reused_tree_is_drawn_from_this_searchs_iterations():
    game, kept = TicTacToe(), MCTSTree()
    mcts(game, iterations=300, rng=0, tree=kept)
    state = game.result(game.result(game.initial_state(), 4), 0)
    recorder = SearchTree()
    mcts(game, state, iterations=40, rng=0, tree=kept, trace=recorder)
    assert recorder.root.visits == 40
    assert sum(child.visits or 0 for child in recorder.root.children) == 40
