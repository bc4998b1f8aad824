"""parallel_search: one position split below its root gives alpha-beta's value, action and line."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from helpers import ship_by_value
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch import (
    InvalidSearchOptionError,
    NotPicklableError,
    PartFailedError,
    UnsupportedGameError,
    alphabeta,
    minimax,
    parallel_search,
)
from gamesearch.games import ConnectFour, GameTree, Pig, TicTacToe
from gamesearch.progress import Progress
from gamesearch.testing import game_trees, nested_trees

ship_by_value(__name__)  # for the Dask tests


class TurnTree(GameTree):
    """A two-player tree whose turns need not alternate: the mover of a path is given."""

    def __init__(self, tree, movers, **options):
        super().__init__(tree, **options)
        self.movers = movers

    def to_move(self, state):
        return self.movers.get(len(state) % len(self.movers), 0) if self.movers else 0


class WinTree(GameTree):
    """A tree whose extreme leaves are wins and losses: the engine ranks them by distance."""

    win_utility = 9


class Raising(TicTacToe):
    """Tic-tac-toe whose utility raises in one corner of the tree."""

    def utility(self, state, player):
        if state & 0b1 and state & (1 << 9 + 8):  # X took square 0, O square 8
            raise RuntimeError("a broken utility")
        return super().utility(state, player)


class Dying(TicTacToe):
    """Tic-tac-toe whose worker process dies at the end of a game where X took square 8."""

    def utility(self, state, player):
        if state & (1 << 8):
            os._exit(1)
        return super().utility(state, player)


def reversed_order(state, actions):
    return list(reversed(actions))


def same(result, serial, *, pv=True):
    assert (result.value, result.action, result.player) == (
        serial.value,
        serial.action,
        serial.player,
    )
    if pv:
        assert result.pv == serial.pv


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(game_trees(max_depth=4, max_branching=4), st.integers(1, 3), st.sampled_from([None, 1, 2]))
def test_equal_to_alphabeta_and_minimax_on_random_trees(tree, split_depth, wave_size):
    result = parallel_search(tree, split_depth=split_depth, wave_size=wave_size)
    same(result, alphabeta(tree))
    assert result.value == minimax(tree).value
    assert result.exact


@settings(max_examples=100, deadline=None)
@given(
    nested_trees(
        max_depth=4, max_branching=3, values=st.tuples(st.integers(-3, 3), st.integers(-3, 3))
    ),
    st.dictionaries(st.integers(0, 2), st.integers(0, 1), max_size=3),
    st.integers(1, 2),
)
@pytest.mark.slow
def test_a_game_not_zero_sum_with_turns_that_do_not_alternate(nested, movers, split_depth):
    """Leaves keep the root player's view, as alphabeta scores them, whoever moves below."""
    tree = TurnTree(nested, {key: movers[key] for key in sorted(movers)}, num_players=2)
    same(parallel_search(tree, split_depth=split_depth), alphabeta(tree))


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(game_trees(max_depth=5, max_branching=3, uniform=True), st.integers(1, 4), st.integers(1, 3))
def test_at_a_depth_limit_with_an_evaluation(tree, depth, split_depth):
    evaluate = lambda state, player: (len(state) % 3 - 1) * (1 if player == 0 else -1)  # noqa: E731
    result = parallel_search(tree, depth=depth, evaluate=evaluate, split_depth=split_depth)
    same(result, alphabeta(tree, depth=depth, evaluate=evaluate))
    assert result.depth == depth


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(nested_trees(max_depth=4, max_branching=3).map(WinTree), st.integers(1, 2), st.booleans())
def test_wins_ranked_by_distance_as_the_engine_ranks_them(tree, split_depth, part_tables):
    """With an order (the engine's loop), the fastest win is the best action, as alphabeta's."""
    result = parallel_search(
        tree, order=reversed_order, split_depth=split_depth, part_tables=part_tables
    )
    serial = alphabeta(tree, order=reversed_order)
    same(result, serial, pv=not part_tables)
    assert (result.plies_to_end, result.exact) == (serial.plies_to_end, serial.exact)


@pytest.mark.slow
def test_tic_tac_toe_from_every_opening_with_threads():
    game = TicTacToe()
    with ThreadPoolExecutor(2) as pool:
        for action in game.actions(game.initial_state()):
            state = game.result(game.initial_state(), action)
            for options in ({}, {"order": game.order}):
                same(
                    parallel_search(game, state, executor=pool, **options),
                    alphabeta(game, state, **options),
                )


@pytest.mark.parametrize("moves", ["", "4444", "3435", "112233"])
def test_connect_four_at_a_depth_with_the_game_order_and_tables(moves):
    game = ConnectFour(5, 4)
    state = game.from_moves(moves)
    serial = alphabeta(game, state, depth=4, order=game.order)
    with ThreadPoolExecutor(2) as pool:
        result = parallel_search(
            game, state, executor=pool, depth=4, order=game.order, split_depth=2
        )
    same(result, serial)
    assert result.stats.nodes >= 1
    assert result.stats.max_depth <= 4


def test_a_small_connect_four_solved_with_tables():
    game = ConnectFour(4, 4)
    state = game.from_moves("1234")
    serial = alphabeta(game, state, order=game.order, table=None)
    result = parallel_search(game, state, order=game.order, part_tables=True, wave_size=1)
    same(result, serial)
    assert result.exact
    assert result.plies_to_end == serial.plies_to_end


def test_statistics_add_up_the_parts():
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    result = parallel_search(tree)
    # The root, the eldest (4 nodes), then both young brothers with alpha 3: a2 stops at its
    # first leaf (2 <= 3: 2 nodes), a3 at its last (4 nodes). Here, as serially: 11 nodes.
    counts = (result.stats.nodes, result.stats.leaves, result.stats.cutoffs)
    assert counts == (11, 7, 2)
    serial = alphabeta(tree).stats
    assert counts == (serial.nodes, serial.leaves, serial.cutoffs)
    assert result.pv == (0, 0)
    assert result.stats.max_depth == 2


def test_progress_counts_the_parts():
    game = TicTacToe()
    reports: list[Progress] = []
    parallel_search(game, progress=reports.append)
    assert [report.done for report in reports] == list(range(1, 10))
    assert {report.total for report in reports} == {9}
    reports.clear()
    parallel_search(game, progress=reports.append, split_depth=2)
    assert reports
    assert {report.total for report in reports} == {None}


def test_a_terminal_root_is_its_utility():
    game = TicTacToe()
    state = game.parse("XXX / OO. / ...")
    result = parallel_search(game, state)
    assert (result.value, result.action, result.pv, result.exact) == (-1.0, None, (), True)
    assert (result.value, result.player) == (alphabeta(game, state).value, 1)  # O lost


def test_a_part_that_raises_is_reported_by_its_child():
    game = Raising()
    with pytest.raises(PartFailedError, match=r"parallel_search: part \d+ \(child") as info:
        parallel_search(game, game.result(game.initial_state(), 0), retries=1)
    assert isinstance(info.value.__cause__, RuntimeError)


@pytest.mark.slow
def test_a_killed_worker_is_reported():
    game = Dying()
    with (
        ProcessPoolExecutor(2) as pool,
        pytest.raises(PartFailedError, match="worker process died"),
    ):
        parallel_search(game, executor=pool)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"split_depth": 0}, "split_depth must be an int >= 1"),
        ({"split_depth": True}, "split_depth must be an int >= 1"),
        ({"wave_size": 0}, "wave_size must be an int >= 1 or None"),
        ({"retries": -1}, "retries must be an int >= 0"),
        ({"part_tables": 1}, "part_tables must be True or False"),
        ({"order": 3}, "order must be callable"),
        ({"executor": "pool"}, "executor must be a concurrent.futures.Executor"),
        ({"depth": 0}, "depth"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(InvalidSearchOptionError, match=message):
        parallel_search(TicTacToe(), **options)


def test_games_it_cannot_search_are_refused():
    with pytest.raises(UnsupportedGameError):
        parallel_search(Pig(goal=10), depth=2)


def test_a_function_that_cannot_pickle_is_refused_before_any_part_is_sent():
    with ProcessPoolExecutor(1) as pool, pytest.raises(NotPicklableError, match="evaluate"):
        parallel_search(TicTacToe(), executor=pool, depth=2, evaluate=lambda state, player: 0.0)


@pytest.mark.slow
def test_processes_and_dask_give_the_serial_answer(dask_executor):
    game = ConnectFour(5, 4)
    state = game.from_moves("33")
    options = {"depth": 5, "order": game.order}
    serial = parallel_search(game, state, **options)
    same(serial, alphabeta(game, state, **options))
    with ProcessPoolExecutor(2) as pool:
        processes = parallel_search(game, state, executor=pool, **options)
    dask = parallel_search(game, state, executor=dask_executor, **options)
    for result in (processes, dask):
        same(result, serial)
        assert result.stats.nodes == serial.stats.nodes
