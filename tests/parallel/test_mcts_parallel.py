"""Root-parallel MCTS: k independent trees merged at the root, the same on every executor."""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from helpers import ship_by_value

from gamesearch import (
    InvalidSearchOptionError,
    MCTSPlayer,
    MCTSTree,
    NotPicklableError,
    PartFailedError,
    mcts,
    tournament,
)
from gamesearch.games import ConnectFour, Pig, TicTacToe

ship_by_value(__name__)  # for the Dask tests


class Raising(TicTacToe):
    """Tic-tac-toe whose rollouts raise as soon as a game ends."""

    def utility(self, state, player):
        raise RuntimeError("a broken utility")


class Dying(TicTacToe):
    """Tic-tac-toe whose worker process dies at the end of a playout."""

    def utility(self, state, player):
        os._exit(1)


def answer(result):
    """Everything but the clock."""
    return (
        result.value, result.action, result.pv, result.player, result.exact,
        result.action_values, result.stats.nodes, result.stats.leaves, result.stats.max_depth,
    )  # fmt: skip


POSITIONS = [
    (TicTacToe(), None, {"iterations": 200}),
    (TicTacToe(), TicTacToe().parse("XX. / OO. / ..."), {"iterations": 100, "bounds": (-1, 1)}),
    (ConnectFour(), None, {"node_limit": 150}),
    (Pig(goal=15), None, {"iterations": 150}),
    (Pig(goal=15), Pig(goal=15).result(Pig(goal=15).initial_state(), "roll"), {"iterations": 80}),
]


@pytest.mark.parametrize(("game", "state", "options"), POSITIONS)
def test_the_merged_result_is_the_same_serially_and_on_threads(game, state, options):
    serial = mcts(game, state, trees=3, rng=5, **options)
    with ThreadPoolExecutor(2) as pool:
        threaded = mcts(game, state, trees=3, rng=5, executor=pool, **options)
    assert answer(threaded) == answer(serial)
    per_tree = options.get("iterations", options.get("node_limit"))
    assert serial.stats.leaves <= 3 * per_tree  # each tree has the full budget, or less if
    assert serial.exact or serial.stats.leaves >= 3 * (per_tree - 1)  # it proved the root


def test_the_merge_adds_the_visits_of_the_trees():
    """Three trees of 300 iterations: the root's children hold 900 visits, over their trees."""
    game = TicTacToe()
    result = mcts(game, iterations=300, rng=1, trees=3)
    values = dict(result.action_values)
    assert set(values) == set(game.actions(game.initial_state()))
    # Each tree alone, seeded as the merge seeds it, gives its own most visited child.
    from gamesearch.montecarlo._trees import tree_seeds

    singles = []
    for seed in tree_seeds(1, 3):
        tree = MCTSTree()
        mcts(game, iterations=300, rng=seed, tree=tree)
        singles.append({stats.action: stats for stats in tree.statistics()})
    visits = {a: sum(single[a].visits for single in singles if a in single) for a in values}
    assert sum(visits.values()) == 900
    assert result.action == max(visits, key=lambda a: (visits[a], values[a]))
    for action, value in values.items():
        total = sum(
            single[action].value * single[action].visits for single in singles if action in single
        )
        assert value == pytest.approx(total / visits[action])


def test_a_proof_in_one_tree_is_a_proof_of_the_merge():
    game = TicTacToe()
    state = game.parse("XX. / OO. / ...")
    result = mcts(game, state, iterations=50, rng=2, trees=2, bounds=(-1, 1))
    assert (result.action, result.value, result.exact) == (2, 1.0, True)


def test_a_seeded_generator_is_drawn_once_and_a_terminal_root_needs_no_tree():
    game = TicTacToe()
    first, second = random.Random(3), random.Random(3)
    assert answer(mcts(game, iterations=50, rng=first, trees=2)) == answer(
        mcts(game, iterations=50, rng=second, trees=2)
    )
    assert first.random() == second.random()
    ended = game.parse("XXX / OO. / ...")
    assert mcts(game, ended, iterations=10, trees=2).exact


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"trees": 0}, "trees must be an int >= 1"),
        ({"trees": True}, "trees must be an int >= 1"),
        ({"executor": ThreadPoolExecutor(1)}, "with executor=, pass trees=k"),
        ({"executor": "pool", "trees": 2}, "executor must be a concurrent.futures.Executor"),
        ({"trees": 2, "tree": MCTSTree()}, "tree= cannot be used with trees="),
        ({"trees": 2, "trace": print}, "trace= cannot be used with trees="),
        ({"trees": 2, "retries": -1}, "retries must be an int >= 0"),
        ({"trees": 2, "rng": "seed"}, "rng must be an int seed"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(InvalidSearchOptionError, match=message):
        mcts(TicTacToe(), iterations=10, **options)


def test_a_function_that_cannot_pickle_is_refused_before_any_tree_is_sent():
    with ProcessPoolExecutor(1) as pool, pytest.raises(NotPicklableError, match="evaluate"):
        mcts(TicTacToe(), iterations=10, trees=2, executor=pool, evaluate=lambda s, p: 0.0)


def test_a_tree_that_raises_is_reported():
    with pytest.raises(PartFailedError, match=r"mcts: part 0 \(tree 0 \(seed") as info:
        mcts(Raising(), iterations=10, trees=2, rng=1, retries=1)
    assert isinstance(info.value.__cause__, RuntimeError)


@pytest.mark.slow
def test_a_killed_worker_is_reported():
    with (
        ProcessPoolExecutor(2) as pool,
        pytest.raises(PartFailedError, match="worker process died"),
    ):
        mcts(Dying(), iterations=10, trees=2, executor=pool)


def test_the_mcts_player_searches_with_trees_when_it_keeps_none():
    game = TicTacToe()
    with pytest.raises(InvalidSearchOptionError, match="reuse=False"):
        MCTSPlayer(game, iterations=50, trees=2)
    with pytest.raises(InvalidSearchOptionError, match="pass trees=k"):
        MCTSPlayer(game, iterations=50, executor=ThreadPoolExecutor(1), reuse=False)
    player = MCTSPlayer(game, iterations=50, trees=2, reuse=False, rng=4)
    assert player(game.initial_state()) in game.actions(game.initial_state())
    assert player.last is not None
    assert player.last.stats.leaves == 100


@pytest.mark.slow
def test_processes_and_dask_give_the_serial_result(dask_executor):
    for game, state, options in POSITIONS:
        serial = mcts(game, state, trees=2, rng=8, **options)
        with ProcessPoolExecutor(2) as pool:
            assert answer(mcts(game, state, trees=2, rng=8, executor=pool, **options)) == answer(
                serial
            )
        assert answer(
            mcts(game, state, trees=2, rng=8, executor=dask_executor, **options)
        ) == answer(serial)


@pytest.mark.slow
def test_four_merged_trees_play_at_least_as_well_as_one():
    """A short match: four trees of 100 iterations against one tree of 100, at Connect Four.

    Not a statistical proof (the bench measures the strength more finely), but four times the
    playouts should not lose the match.
    """
    game = ConnectFour()
    merged = MCTSPlayer(game, iterations=100, trees=4, reuse=False)
    single = MCTSPlayer(game, iterations=100, reuse=False)
    result = tournament(game, [merged, single], games=8, seed=1)
    assert result.score[0] >= result.score[1]
