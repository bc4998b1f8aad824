"""Monte Carlo tree search: convergence to minimax, the solver's proofs, determinism, reuse, PUCT.

The references are independent: ``alphabeta(..., root_values=True)`` gives every root action's
exact value on random trees, and ``expectiminimax`` the exact value of trees with chance nodes.
"""

from __future__ import annotations

import gc
import math
import random

import pytest
from hypothesis import assume, given, settings

from gamesearch import MCTSTree, alphabeta, expectiminimax, mcts
from gamesearch.games import Chance, ConnectFour, GameTree, TicTacToe
from gamesearch.montecarlo import ActionStats
from gamesearch.testing import chance_trees, game_trees

MARGIN = 2
"""The random trees' leaves are integers in [-9, 9]; the convergence test keeps the trees whose
best root action beats every other by at least this much."""

SPREAD = 15
"""The exploration constant for those trees: of the order of the leaves' spread (18), as the
default sqrt(2) is for utilities in a range of width 1."""


def exact_root_values(tree: GameTree) -> dict[object, float]:
    return dict(alphabeta(tree, root_values=True).action_values or ())


@pytest.mark.slow
@settings(max_examples=50, derandomize=True)
@given(game_trees(max_depth=3, min_branching=2, max_branching=3))
def test_uct_converges_to_the_minimax_action(tree):
    # A statistical test with fixed seeds (derandomized examples, rng=0): UCT without the
    # solver, 2,000 iterations, on trees of at most 27 leaves whose best action is unique by
    # MARGIN. The exploration constant is of the order of the leaves' spread (18). Measured
    # beforehand on 1,000 such random trees: no miss with c = 15 at 1,000 or 3,000 iterations
    # (8 misses in 300 with c = 5, where exploration is too weak for this spread).
    assume(not tree.is_terminal(tree.initial_state()))
    values = exact_root_values(tree)
    ranked = sorted(values.values(), reverse=True)
    assume(len(ranked) == 1 or ranked[0] - ranked[1] >= MARGIN)
    result = mcts(tree, iterations=2000, exploration=SPREAD, solver=False, rng=0)
    assert values[result.action] == ranked[0]
    assert not result.exact


@settings(max_examples=60)
@given(game_trees(max_depth=3, max_branching=3))
def test_the_solver_proves_the_minimax_value(tree):
    reference = alphabeta(tree, root_values=True)
    kept = MCTSTree()
    result = mcts(tree, iterations=5000, exploration=SPREAD, rng=1, tree=kept)
    assert result.exact  # a tree this small is proven long before 5,000 iterations
    assert result.value == reference.value
    assert result.action in reference.best_actions or result.action is reference.action is None
    exact = dict(reference.action_values or ())
    for entry in kept.statistics():
        if entry.proven:  # the solver's cuts leave some actions unproven, as alpha-beta does
            assert entry.value == exact[entry.action]


@settings(max_examples=60)
@given(game_trees(max_depth=3, max_branching=3))
def test_proven_wins_prove_the_parent_at_once_with_bounds(tree):
    reference = alphabeta(tree)
    result = mcts(tree, iterations=5000, exploration=SPREAD, bounds=(-9, 9), rng=2)
    assert result.exact
    assert result.value == reference.value


@pytest.mark.slow
@settings(max_examples=60)
@given(chance_trees(max_depth=3, max_branching=3))
def test_the_solver_proves_expectiminimax_values_at_chance_nodes(tree):
    reference = expectiminimax(tree)
    result = mcts(tree, iterations=20_000, exploration=SPREAD, rng=3)
    assert result.exact
    assert result.value == pytest.approx(reference.value, abs=1e-9)


def test_a_win_in_one_is_proven_and_played():
    game = TicTacToe()
    state = game.parse("XX. / OO. / ...")
    result = mcts(game, state, iterations=1000, bounds=(-1, 1), rng=0)
    assert (result.action, result.value, result.exact) == (2, 1.0, True)
    assert result.stats.leaves < 1000  # the proven root stopped the search


def test_the_result_reports_the_most_visited_action_and_the_statistics():
    game, tree = TicTacToe(), MCTSTree()
    result = mcts(game, iterations=800, rng=4, tree=tree, solver=False)
    stats = tree.statistics()
    assert all(isinstance(entry, ActionStats) for entry in stats)
    assert [entry.action for entry in stats] == list(game.actions(game.initial_state()))
    assert sum(entry.visits for entry in stats) == 800 == tree.visits == result.stats.leaves
    most = max(stats, key=lambda entry: entry.visits)
    assert result.action == most.action
    assert result.value == most.value
    assert result.action_values == tuple((entry.action, entry.value) for entry in stats)
    assert result.stats.nodes == 801  # the root and one node an iteration
    assert result.pv[0] == result.action
    assert result.player == 0
    assert all(-1 <= value <= 1 for _, value in result.action_values)


def test_the_same_seed_gives_the_same_search():
    game = ConnectFour(5, 4)
    first = mcts(game, iterations=300, rng=9)
    again = mcts(game, iterations=300, rng=random.Random(9))
    assert (first.action, first.value, first.pv, first.action_values) == (
        again.action,
        again.value,
        again.pv,
        again.action_values,
    )
    other = mcts(game, iterations=300, rng=10)
    assert other.action_values != first.action_values


@pytest.mark.parametrize("node_limit", [1, 2, 3, 10])
def test_the_node_limit_counts_the_root_and_is_never_passed(node_limit):
    # Walk adv45 (r8): node_limit=1 counted 2 nodes (the root, then one iteration's).
    result = mcts(TicTacToe(), node_limit=node_limit, rng=1)
    assert result.stats.nodes == node_limit
    assert result.stats.leaves == node_limit - 1  # one node per iteration, after the root


def test_a_node_limit_of_1_is_the_root_alone_and_chooses_nothing():
    result = mcts(TicTacToe(), node_limit=1, rng=1)
    assert math.isnan(result.value)
    assert (result.action, result.best_actions, result.exact) == (None, (), False)


def test_each_limit_stops_the_search():
    game = ConnectFour(5, 4)
    assert mcts(game, iterations=37, rng=0).stats.leaves == 37
    assert mcts(game, node_limit=50, rng=0).stats.nodes == 50
    timed = mcts(game, time_limit=0.05, rng=0)
    assert timed.stats.leaves >= 1
    both = mcts(game, iterations=20, node_limit=1000, rng=0)
    assert both.stats.leaves == 20  # the first limit reached


def test_tree_reuse_keeps_the_subtree_under_the_moves_played():
    game, tree = TicTacToe(), MCTSTree()
    mcts(game, iterations=2000, rng=5, tree=tree)
    state = game.result(game.result(game.initial_state(), 4), 0)
    kept = tree.visits_of(state)
    assert kept > 0
    result = mcts(game, state, iterations=300, rng=5, tree=tree)
    assert tree.state == state
    assert tree.visits == kept + 300
    assert result.stats.leaves == 300
    # A position not under the old root: a new tree.
    elsewhere = game.parse("X.. / ... / ..O")
    assert tree.visits_of(elsewhere) == 0
    mcts(game, elsewhere, iterations=100, rng=5, tree=tree)
    assert tree.visits == 100


def _young_nodes() -> int:
    """The Monte Carlo nodes in the collector's youngest generation (they are tracked).

    While the collector is off, every node made since is there, and stays there while alive.
    """
    from gamesearch.montecarlo._node import Node

    return sum(1 for item in gc.get_objects(generation=0) if type(item) is Node)


def test_a_dropped_tree_is_freed_without_the_collector():
    # The parent links would make every tree a web of cycles, left for a full collection to
    # walk (a pause of 0.1-0.4 s in the middle of a later search, issue 49): they are cut as
    # the tree is dropped, and reference counting frees it at once.
    gc.disable()
    try:
        before = _young_nodes()
        mcts(TicTacToe(), iterations=300, rng=1)
        assert _young_nodes() == before
        game, tree = TicTacToe(), MCTSTree()
        mcts(game, iterations=300, rng=1, tree=tree)
        state = game.result(game.result(game.initial_state(), 4), 0)
        mcts(game, state, iterations=100, rng=1, tree=tree)  # reused: the rest dropped
        assert _young_nodes() == before + tree.size()
        mcts(game, game.parse("X.. / ... / ..O"), iterations=50, rng=1, tree=tree)  # not found
        assert _young_nodes() == before + tree.size() == before + 51  # the root and 50
        tree.clear()
        assert _young_nodes() == before
        mcts(game, iterations=100, rng=1, trees=2)  # root-parallel, serially
        assert _young_nodes() == before
    finally:
        gc.enable()


def test_a_tree_of_another_game_or_kind_of_search_is_not_reused():
    tree = MCTSTree()
    mcts(TicTacToe(), iterations=100, rng=0, tree=tree)
    mcts(TicTacToe(), iterations=50, rng=0, tree=tree)  # another game object
    assert tree.visits == 50
    uniform = lambda state, actions: [1 / len(actions)] * len(actions)  # noqa: E731
    game = TicTacToe()
    mcts(game, iterations=50, rng=0, tree=tree)
    mcts(game, iterations=30, rng=0, tree=tree, prior=uniform)  # PUCT: a new tree
    assert tree.visits == 30
    tree.clear()
    assert (tree.visits, tree.state, tree.statistics()) == (0, None, ())


def test_puct_follows_a_prior():
    game = TicTacToe()

    def centre(state, actions):
        if 4 not in actions:
            return [1 / len(actions)] * len(actions)
        return [0.92 if action == 4 else 0.08 / (len(actions) - 1) for action in actions]

    result = mcts(game, iterations=200, prior=centre, rng=0)
    assert result.action == 4
    tree = MCTSTree()
    mcts(game, iterations=200, prior=centre, rng=0, tree=tree)
    priors = {entry.action: entry.prior for entry in tree.statistics()}
    assert priors[4] == pytest.approx(0.92)


def test_dirichlet_noise_expands_the_root_and_is_seeded():
    game = TicTacToe()

    def uniform(state, actions):
        return [1 / len(actions)] * len(actions)

    tree = MCTSTree()
    first = mcts(game, iterations=50, prior=uniform, dirichlet=(0.3, 0.25), rng=1, tree=tree)
    assert len(tree.statistics()) == 9  # every root action, some perhaps unvisited
    again = mcts(game, iterations=50, prior=uniform, dirichlet=(0.3, 0.25), rng=1)
    assert first.action_values == again.action_values


def test_evaluate_replaces_the_playouts():
    game = ConnectFour(5, 4)
    calls = []

    def evaluate(state, player):
        calls.append(player)
        return 0.0

    result = mcts(game, iterations=100, evaluate=evaluate, rng=0)
    assert result.stats.leaves == 100
    assert len(calls) == 2 * 100  # one call per player per iteration (no terminal reached)


def test_a_rollout_replaces_the_random_playout():
    game = TicTacToe()
    seen = []

    def pessimist(state, rng):
        seen.append(isinstance(rng, random.Random))
        return (-1.0, 1.0)  # X always loses, as far as this rollout can tell

    result = mcts(game, iterations=50, rollout=pessimist, rng=0, solver=False)
    assert seen
    assert all(seen)
    assert result.value == -1.0


def test_draws_count_as_draws():
    # A sure draw (0) against a gamble won 2 times in 5 (worth -0.2): a draw counted at its
    # utility is the better choice; counted as a loss, as aima-python's statistics do, it
    # would be worth -1 and the gamble would be played.
    gamble = Chance([(0.4, 1), (0.6, -1)])
    tree = GameTree({"draw": 0, "gamble": gamble})
    kept = MCTSTree()
    result = mcts(tree, iterations=2000, rng=0, solver=False, tree=kept)
    assert result.action == "draw"
    values = {entry.action: entry.value for entry in kept.statistics()}
    assert values["draw"] == 0.0
    assert values["gamble"] < 0  # sampled less and less as the draw proves better


def test_a_terminal_root_is_its_utility():
    game = TicTacToe()
    state = game.parse("XXX / OO. / ...")
    result = mcts(game, state, iterations=10)
    assert (result.action, result.value, result.exact, result.pv) == (None, -1.0, True, ())


def test_the_signature_takes_options_by_keyword_after_game_and_state():
    import inspect

    parameters = inspect.signature(mcts).parameters.values()
    assert [(p.name, p.kind.name, p.default) for p in parameters] == [
        ("game", "POSITIONAL_OR_KEYWORD", inspect.Parameter.empty),
        ("state", "POSITIONAL_OR_KEYWORD", None),
        ("limit", "KEYWORD_ONLY", None),
        ("iterations", "KEYWORD_ONLY", None),
        ("time_limit", "KEYWORD_ONLY", None),
        ("node_limit", "KEYWORD_ONLY", None),
        ("exploration", "KEYWORD_ONLY", None),  # None: sqrt(2), fitted to the utilities
        ("evaluate", "KEYWORD_ONLY", None),
        ("rollout", "KEYWORD_ONLY", None),
        ("prior", "KEYWORD_ONLY", None),
        ("dirichlet", "KEYWORD_ONLY", None),
        ("solver", "KEYWORD_ONLY", True),
        ("bounds", "KEYWORD_ONLY", None),
        ("rng", "KEYWORD_ONLY", None),
        ("tree", "KEYWORD_ONLY", None),
        ("trace", "KEYWORD_ONLY", None),
        ("depth", "KEYWORD_ONLY", None),
        ("executor", "KEYWORD_ONLY", None),
        ("trees", "KEYWORD_ONLY", None),
        ("retries", "KEYWORD_ONLY", 0),
    ]


@settings(max_examples=30)
@given(chance_trees(max_depth=3, max_branching=3))
def test_tracing_does_not_change_the_search(tree):
    plain = mcts(tree, iterations=60, rng=7, exploration=SPREAD)
    traced = mcts(tree, iterations=60, rng=7, exploration=SPREAD, trace=lambda event: None)
    assert (plain.action, plain.value, plain.pv, plain.action_values, plain.exact) == (
        traced.action,
        traced.value,
        traced.pv,
        traced.action_values,
        traced.exact,
    )

