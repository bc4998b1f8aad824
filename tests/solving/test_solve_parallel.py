"""solve() and opening_book() on executors: the same tables as in one process, whatever runs them.

- the split solution is the serial one (same keys, values, distances, hence best actions) on
  tic-tac-toe, Nim, Connect Four and random trees (Hypothesis), with no executor, threads,
  processes and a Dask cluster (the last two also slow, as is the 4 x 4 board);
- games the split does not serve (a cyclic one, one of chance) give the serial answer;
- failures: a part that raises (reported, or recovered by retries), a worker process that dies,
  Ctrl-C; with a SQLite file nothing finished is lost and the run resumes without shipping the
  parts already in the file;
- bad input: executor, retries, split, a game or key that does not pickle for a process pool.
"""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import sys
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import closing
from pathlib import Path

import pytest
from helpers import Countdown, reachable, ship_by_value
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solve import CatAndMouse

from gamesearch import (
    CyclicGameError,
    GameProtocolError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    NotPicklableError,
    PartFailedError,
    UnsupportedGameError,
)
from gamesearch.games import ConnectFour, GameTree, Nim, Pig, TicTacToe
from gamesearch.solving import Progress, Solution, _parallel, opening_book, solve
from gamesearch.solving._parallel import by_region, cut, frontier, regions
from gamesearch.testing import game_trees

ship_by_value(__name__)  # for the Dask tests


def entries(solution: Solution) -> dict:
    """Every key of a solution with its value and distance (the whole table)."""
    return dict(solution._table)


def file_entries(path: Path) -> set:
    with closing(sqlite3.connect(path)) as connection:
        return set(connection.execute("SELECT key, value, distance FROM entries"))


@pytest.fixture(scope="module")
def processes():
    with ProcessPoolExecutor(2) as pool:
        yield pool


GAMES = [
    pytest.param(TicTacToe, id="tictactoe"),
    pytest.param(lambda: Nim((3, 4, 5), players=2), id="nim"),
    pytest.param(lambda: ConnectFour(4, 3), id="connect4-4x3"),
]


# ------------------------------------------------------------------ the same as serial


@pytest.mark.slow
@pytest.mark.parametrize("make", GAMES)
@pytest.mark.parametrize("split", [1, 3, None])
def test_the_split_solution_is_the_serial_one_on_threads(make, split):
    game = make()
    serial = solve(game)
    with ThreadPoolExecutor(2) as pool:
        split_solution = solve(make(), executor=pool, split=split)
    assert entries(split_solution) == entries(serial)
    assert split_solution.method == "memo"
    assert split_solution.stats.parts >= 1
    assert split_solution.stats.states == serial.stats.states


@pytest.mark.parametrize("make", GAMES)
def test_the_split_solution_is_the_serial_one_on_processes(make, processes):
    game = make()
    assert entries(solve(make(), executor=processes)) == entries(solve(game))


def test_the_best_actions_of_every_tic_tac_toe_board_are_the_serial_ones():
    game = TicTacToe()
    serial = solve(game)
    with ThreadPoolExecutor(2) as pool:
        split_solution = solve(game, executor=pool, split=5)
    for state in reachable(game):
        assert split_solution.best_actions(state) == serial.best_actions(state)
        assert split_solution.distance(state) == serial.distance(state)


@pytest.mark.slow
def test_connect_four_4x4_is_the_same_on_threads_and_processes(processes):
    serial = entries(solve(ConnectFour(4, 4)))
    assert len(serial) == 161_029
    with ThreadPoolExecutor(2) as pool:
        assert entries(solve(ConnectFour(4, 4), executor=pool, split=2)) == serial
    assert entries(solve(ConnectFour(4, 4), executor=processes)) == serial


@pytest.mark.slow
@pytest.mark.parametrize("make", GAMES)
def test_the_split_solution_is_the_serial_one_on_a_dask_cluster(make, dask_executor):
    assert entries(solve(make(), executor=dask_executor)) == entries(solve(make()))


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(tree=game_trees(max_depth=5, max_branching=3), split=st.integers(1, 6))
def test_random_trees_split_into_any_number_of_parts_give_the_serial_table(tree, split):
    serial = solve(tree)
    with ThreadPoolExecutor(2) as pool:
        split_solution = solve(tree, executor=pool, split=split)
    assert entries(split_solution) == entries(serial)
    root = tree.initial_state()
    assert split_solution.value(root) == serial.value(root)
    assert split_solution.best_actions(root) == serial.best_actions(root)


def test_the_frontier_is_the_first_layer_wide_enough_and_cut_skips_what_is_solved():
    game = TicTacToe()
    root = game.initial_state()
    layer = frontier(game, [root], game.key, {}, 10)
    assert len(layer) >= 10
    assert len({game.key(state) for state in layer}) == len(layer)
    narrower = frontier(game, [root], game.key, {}, 2)
    assert len(narrower) < len(layer)  # one ply less deep
    # States solved before (in the file of an interrupted run) still count, so the frontier is
    # the same; the parts they fill are not shipped again.
    solved = {game.key(state): None for state in layer[:4]}
    assert frontier(game, [root], game.key, solved, 10) == layer
    parts = cut(game, game.key, layer, len(layer) // 2, solved)
    assert [len(part.states) for part in parts] == [2] * (len(layer) // 2 - 2)
    # A line of play never widens: the frontier is its last non-terminal state.
    assert frontier(Countdown(6), [6], lambda state: state, {}, 16) == [1]


def test_progress_counts_the_parts_then_the_states_above_them():
    reports: list[Progress] = []
    with ThreadPoolExecutor(2) as pool:
        solution = solve(TicTacToe(), executor=pool, split=4, progress=reports.append)
    parts = [report for report in reports if report.phase == "parts"]
    assert [report.done for report in parts] == [0, 1, 2, 3, 4]  # 0: the parts are shipped
    assert {report.total for report in parts} == {4}
    assert reports[-1].phase == "solve"
    assert solution.stats.parts == 4
    assert solution.stats.duplicates > 0  # tic-tac-toe's parts share transpositions


# ------------------------------------------------------------------ the split by region


class PrefixTree(GameTree):
    """A game tree whose regions are the nodes ``depth`` plies down: a path's first moves."""

    def __init__(self, tree: GameTree, depth: int) -> None:
        super().__init__(tree.tree)
        self.depth = depth

    def region(self, state):
        return state[: self.depth] if len(state) >= self.depth else None


class EmptyPileNim(Nim):
    """Nim with one region: the states whose first pile is empty (it never fills again)."""

    def region(self, state):
        return "first pile empty" if state[0][0] == 0 else None


@pytest.mark.slow
def test_connect_four_is_split_by_region_and_solves_no_state_twice():
    game = ConnectFour(4, 3)
    with ThreadPoolExecutor(2) as pool:
        split_solution = solve(ConnectFour(4, 3), executor=pool, split=2)
        more_parts = solve(ConnectFour(4, 3), executor=pool, split=8)
    serial = entries(solve(game))
    assert entries(split_solution) == entries(more_parts) == serial
    # Two regions, the colours of the bottom centre stone: two parts at most, nothing twice.
    assert split_solution.stats.parts == more_parts.stats.parts == 2
    assert split_solution.stats.duplicates == more_parts.stats.duplicates == 0


def test_the_entrances_of_the_regions_are_the_first_states_in_them():
    game = ConnectFour(4, 3)
    root = game.initial_state()
    entrances = regions(game, [root], game.key, {}, game.region)
    assert [{game.region(state) for state in group} for group in entrances] == [{0}, {1}]
    for group in entrances:
        assert len({game.key(state) for state in group}) == len(group)
        for state in group:  # one stone in the centre column (column 1 of 4): just entered
            stones = game.stones(state, 0) | game.stones(state, 1)
            assert (stones >> 4 & 0b111).bit_count() == 1
            assert not game.is_terminal(state)
    # Whole regions per part: with one part, both; states already solved are not entrances.
    assert [len(part.states) for part in by_region(game, game.key, entrances, 1)] == [
        sum(map(len, entrances))
    ]
    solved = {game.key(state): None for state in entrances[0]}
    assert regions(game, [root], game.key, solved, game.region) == entrances[1:]


@settings(max_examples=60, deadline=None)
@given(
    tree=game_trees(max_depth=5, max_branching=3), depth=st.integers(0, 4), split=st.integers(1, 5)
)
@pytest.mark.slow
def test_random_trees_split_by_region_give_the_serial_table(tree, depth, split):
    regional = PrefixTree(tree, depth)
    with ThreadPoolExecutor(2) as pool:
        split_solution = solve(regional, executor=pool, split=split)
    assert entries(split_solution) == entries(solve(tree))
    assert split_solution.stats.duplicates == 0


def test_a_single_region_leaves_the_rest_to_the_driver():
    game = EmptyPileNim((2, 3, 3), players=2)
    with ThreadPoolExecutor(2) as pool:
        split_solution = solve(game, executor=pool)
    assert entries(split_solution) == entries(solve(Nim((2, 3, 3), players=2)))
    assert (split_solution.stats.parts, split_solution.stats.duplicates) == (1, 0)


class WatchedNim(EmptyPileNim):
    """EmptyPileNim that records which thread expands its first state, and can fail there once."""

    def __init__(self, fail_once: bool = False) -> None:
        super().__init__((2, 3, 3), players=2)
        self.fail_once = fail_once
        self.expanded_by: list[str] = []

    def actions(self, state):
        if state == self.initial_state():
            self.expanded_by.append(threading.current_thread().name)
            if self.fail_once and self.expanded_by[-1].startswith("worker"):
                self.fail_once = False
                raise OSError("a passing fault")
        return super().actions(state)


def test_the_states_of_no_region_are_solved_on_a_worker_while_the_last_region_merges(monkeypatch):
    # Merged a few entries at a time (as 65,536 are for a big game), the table is the same.
    monkeypatch.setattr(_parallel, "MERGED_AT_ONCE", 3)
    game = WatchedNim()
    with ThreadPoolExecutor(2, thread_name_prefix="worker") as pool:
        split_solution = solve(game, executor=pool)
    assert entries(split_solution) == entries(solve(Nim((2, 3, 3), players=2)))
    assert (split_solution.stats.parts, split_solution.stats.duplicates) == (1, 0)
    # The root is of no region: after this thread's walk to the region, a worker expanded it
    # last, and this thread's memo pass found it solved.
    assert game.expanded_by[-1].startswith("worker")
    assert game.expanded_by.count(game.expanded_by[-1]) == 1


class CountingPool(ThreadPoolExecutor):
    """A thread pool that counts the parts submitted to it."""

    submitted = 0

    def submit(self, fn, /, *args, **kwargs):
        self.submitted += 1
        return super().submit(fn, *args, **kwargs)


def test_regions_are_merged_in_small_slices_while_the_driver_waits_for_parts(monkeypatch):
    # Merging holds the interpreter's lock, and the executor's thread that reads a region back
    # from its worker needs it at every 64 kB: merging one region in slices of 65,536 entries
    # while the next came back made Connect Four 5 x 4's last region arrive 1.2 s after its
    # worker finished, not 0.25 s. While parts are out, slices are small; once the states of
    # no region are shipped (the last part), the rest goes in big ones.
    steps: list[tuple[int, int]] = []
    step = _parallel.Backlog.step

    def watched(backlog, size=0):
        steps.append((pool.submitted, size))
        return step(backlog, size)

    monkeypatch.setattr(_parallel.Backlog, "step", watched)
    monkeypatch.setattr(_parallel, "MERGED_AT_ONCE", 1000)
    monkeypatch.setattr(_parallel, "MERGED_WHILE_WAITING", 10)
    with CountingPool(2) as pool:
        split_solution = solve(ConnectFour(4, 3), executor=pool, split=2)
    assert entries(split_solution) == entries(solve(ConnectFour(4, 3)))
    assert pool.submitted == split_solution.stats.parts + 1 == 3
    assert steps
    assert all(size == (10 if submitted == 2 else 0) for submitted, size in steps)


def test_the_solve_phase_counts_the_states_of_no_region_solved_on_a_worker():
    # The user's walk (2026-12-03): after the regions, the command printed "solve: 0 states",
    # which read as nothing solved, while a worker had solved every state of no region.
    game = ConnectFour(4, 3)
    # The states of no region, and the ends one move into a region (which no region's part
    # holds unless it met them too): what that worker solves.
    outside, ends = states_of_no_region(game)
    reports: list[Progress] = []
    with ThreadPoolExecutor(2) as pool:
        split_solution = solve(game, executor=pool, split=2, progress=reports.append)
    assert entries(split_solution) == entries(solve(game))
    assert [report.done for report in reports if report.phase == "parts"] == [0, 1, 2]
    last = [report for report in reports if report.phase == "solve"][-1]
    assert outside <= last.done <= outside + ends
    assert outside > 0
    assert last.elapsed > 0


def states_of_no_region(game: ConnectFour) -> tuple[int, int]:
    """The states (by key) of no region, and the ends one move into a region from them."""
    seen: set[object] = set()
    ends: set[object] = set()
    pending = [game.initial_state()]
    while pending:
        state = pending.pop()
        if game.key(state) in seen:
            continue
        seen.add(game.key(state))
        if game.is_terminal(state):
            continue
        for action in game.actions(state):
            child = game.result(state, action)
            if game.region(child) is None:
                pending.append(child)
            elif game.is_terminal(child):
                ends.add(game.key(child))
    return len(seen), len(ends)


def test_a_failure_on_the_states_of_no_region_leaves_them_to_this_process():
    game = WatchedNim(fail_once=True)
    with ThreadPoolExecutor(2, thread_name_prefix="worker") as pool:
        split_solution = solve(game, executor=pool)
    assert entries(split_solution) == entries(solve(Nim((2, 3, 3), players=2)))
    assert game.expanded_by[-2].startswith("worker")  # it failed there, once
    assert game.expanded_by[-1] == threading.current_thread().name  # and was solved here


class Stop(KeyboardInterrupt):
    """Ctrl-C, pressed as the last region is reported done."""


def test_a_region_reported_done_is_in_the_file_when_the_run_stops_there(tmp_path):
    # The user's walk (2026-12-03): the last region, held to be merged while a worker solved
    # the states of no region, was reported done before it was saved; a Ctrl-C then lost it.
    path = tmp_path / "nim.sqlite"

    def stop_at_the_last_part(report: Progress) -> None:
        if report.phase == "parts" and report.done == report.total:
            raise Stop

    with ThreadPoolExecutor(2) as pool:
        with pytest.raises(Stop):
            solve(WatchedNim(), path=path, executor=pool, progress=stop_at_the_last_part)
        reports: list[Progress] = []
        resumed = solve(WatchedNim(), path=path, executor=pool, progress=reports.append)
    assert count_parts(reports) is None  # no region shipped again
    assert resumed.stats.resumed > 0
    assert entries(resumed) == entries(solve(Nim((2, 3, 3), players=2)))


class NoRegionNim(Nim):
    """Nim with a region hook that never meets a region."""

    def region(self, state):
        return None


def test_a_region_hook_that_meets_no_region_splits_below_a_frontier():
    # The adversary's walk (2026-12-03): such a hook turned the split off (no part at all).
    with ThreadPoolExecutor(2) as pool:
        hooked = solve(NoRegionNim((3, 4, 5), players=2), executor=pool, split=2)
        plain = solve(Nim((3, 4, 5), players=2), executor=pool, split=2)
    assert hooked.stats.parts == plain.stats.parts == 2
    assert entries(hooked) == entries(plain) == entries(solve(Nim((3, 4, 5), players=2)))


@pytest.mark.slow
def test_a_region_that_raises_is_reported_and_the_file_resumes_with_the_other_region(tmp_path):
    path, poison = tmp_path / "c4.sqlite", tmp_path / "poison"
    poison.touch()
    game = ConnectFour(4, 3)
    board = regions(game, [game.initial_state()], game.key, {}, game.region)[1][0]
    flaky = FlakyConnectFour(poison, board)
    with ThreadPoolExecutor(1) as pool:  # one thread: the parts finish in order
        with pytest.raises(PartFailedError, match=r"solve: part 1 ") as info:
            solve(flaky, path=path, executor=pool, split=2)
        assert info.value.finished == 1
        kept = file_entries(path)
        assert kept  # the first region is in the file
        poison.unlink()
        reports: list[Progress] = []
        resumed = solve(flaky, path=path, executor=pool, split=2, progress=reports.append)
    assert count_parts(reports) == 1  # only the failed region was shipped again
    assert resumed.stats.resumed == len(kept)
    assert entries(resumed) == entries(solve(ConnectFour(4, 3)))


class ListRegionNim(Nim):
    """Nim whose region hook returns a list: not a label."""

    def region(self, state):
        return [state[0][0]] if state[0][0] == 0 else None


class WanderingRegionNim(Nim):
    """Nim whose region hook breaks its promise: the region changes as the piles shrink."""

    def region(self, state):
        return sum(state[0]) % 3 if sum(state[0]) < 6 else None


def test_a_region_that_is_not_a_label_is_refused_and_a_broken_promise_costs_only_work():
    with ThreadPoolExecutor(2) as pool:
        with pytest.raises(GameProtocolError, match=r"region\(.*\) returned \[0\], which is not"):
            solve(ListRegionNim((2, 3, 3), players=2), executor=pool)
        # Entries are exact values: a state solved by two parts is the same in both, so the
        # table is right; only the work is done twice (check_game reports the hook).
        broken = solve(WanderingRegionNim((2, 3, 3), players=2), executor=pool)
    assert entries(broken) == entries(solve(Nim((2, 3, 3), players=2)))


class FlakyConnectFour(ConnectFour):
    """Connect Four that raises on one board while the file ``poison`` exists."""

    def __init__(self, poison: Path, board: int):
        super().__init__(4, 3)
        self.poison, self.board = poison, board

    def __repr__(self) -> str:
        return "ConnectFour(width=4, height=3)"  # the same game for the file, poisoned or not

    def __reduce__(self):
        return type(self), (self.poison, self.board)

    def actions(self, state):
        if state == self.board and self.poison.exists():
            raise OSError("a passing fault")
        return super().actions(state)


# ------------------------------------------------------------------ what the split does not serve


def test_a_cyclic_game_falls_back_to_retrograde_analysis_as_serially():
    game = CatAndMouse(5, 2)
    serial = solve(game)
    with ThreadPoolExecutor(2) as pool:
        split_solution = solve(game, executor=pool, split=2)
        assert split_solution.method == serial.method == "retrograde"
        assert entries(split_solution) == entries(serial)
        with pytest.raises(CyclicGameError, match="retrograde"):
            solve(game, method="memo", executor=pool)


def test_a_game_of_chance_is_solved_in_this_process_whatever_the_executor():
    game = Pig(goal=6, die_sides=3)
    with ProcessPoolExecutor(1) as pool:
        solution = solve(game, executor=pool)
    assert solution.method == "value_iteration"
    assert solution.stats.parts == 0
    assert entries(solution) == entries(solve(game))


# ------------------------------------------------------------------ games that fail in a part


class NanTicTacToe(TicTacToe):
    """Tic-tac-toe whose won boards are worth NaN: a fault met only below the frontier."""

    def utility(self, state, player):
        value = super().utility(state, player)
        return float("nan") if value else value


class UnevenTicTacToe(TicTacToe):
    """Tic-tac-toe whose utilities add up to 1, not 0, once X holds square 8."""

    def utility(self, state, player):
        return super().utility(state, player) + (0.5 if state >> 8 & 1 else 0.0)


def test_a_fault_of_the_game_in_a_part_is_raised_as_itself_as_serially():
    with ThreadPoolExecutor(2) as pool:
        with pytest.raises(InvalidUtilityError):
            solve(NanTicTacToe(), executor=pool)
        with pytest.raises(UnsupportedGameError, match="add up to"):
            solve(UnevenTicTacToe(), executor=pool, split=12)
    with pytest.raises(InvalidUtilityError):
        solve(NanTicTacToe())


class Flaky(TicTacToe):
    """Tic-tac-toe that raises on one board while the file ``poison`` exists.

    With ``once``, it deletes the file as it raises: the next attempt succeeds. With ``kill``,
    it ends its worker process instead (only in a worker process).
    """

    def __init__(self, poison: Path, board: int, *, once: bool = False, kill: bool = False):
        super().__init__()
        self.poison, self.board, self.once, self.kill = poison, board, once, kill
        self.lock = threading.Lock()

    def __repr__(self) -> str:
        return "Flaky()"  # the same game for the file, poisoned or not

    def __getstate__(self):
        return {**self.__dict__, "lock": None}

    def __setstate__(self, state):
        self.__dict__.update(state, lock=threading.Lock())

    def actions(self, state):
        if state == self.board:
            with self.lock:
                if self.poison.exists():
                    if self.kill and multiprocessing.parent_process() is not None:
                        self.poison.unlink()
                        os._exit(1)  # the worker dies without a word
                    if not self.kill:
                        if self.once:
                            self.poison.unlink()
                        raise OSError("a passing fault")
        return super().actions(state)


def last_frontier_board(split: int) -> int:
    """A board of the last part only.

    A frontier board: each move adds a stone, so no part reaches another part's frontier board.
    """
    game = TicTacToe()
    return frontier(game, [game.initial_state()], game.key, {}, split * 8)[-1]


def count_parts(reports: list[Progress]) -> int | None:
    totals = {report.total for report in reports if report.phase == "parts"}
    return totals.pop() if totals else None


def test_a_part_that_raises_is_reported_and_the_file_resumes_without_it(tmp_path):
    path, poison = tmp_path / "ttt.sqlite", tmp_path / "poison"
    poison.touch()
    game = Flaky(poison, last_frontier_board(4))
    first: list[Progress] = []
    with ThreadPoolExecutor(1) as pool:  # one thread: the parts finish in order
        with pytest.raises(PartFailedError, match=r"solve: part 3 \(<\d+ frontier states") as info:
            solve(game, path=path, executor=pool, split=4, progress=first.append)
        assert info.value.index == 3
        assert info.value.finished == 3
        assert isinstance(info.value.__cause__, OSError)
        kept = file_entries(path)
        assert kept  # the three finished parts are in the file
        poison.unlink()
        second: list[Progress] = []
        resumed = solve(game, path=path, executor=pool, split=4, progress=second.append)
    assert count_parts(first) == 4
    assert count_parts(second) == 1  # only the failed part's frontier was shipped again
    assert resumed.stats.resumed == len(kept)
    solve(TicTacToe(), path=tmp_path / "whole.sqlite")
    assert file_entries(path) == file_entries(tmp_path / "whole.sqlite")
    assert entries(resumed) == entries(solve(TicTacToe()))


def test_a_part_that_fails_once_is_recovered_by_a_retry(tmp_path):
    poison = tmp_path / "poison"
    poison.touch()
    game = Flaky(poison, last_frontier_board(3), once=True)
    with ThreadPoolExecutor(2) as pool:
        solution = solve(game, executor=pool, split=3, retries=1)
    assert not poison.exists()  # it did fail once
    assert entries(solution) == entries(solve(TicTacToe()))


class Interrupt(KeyboardInterrupt):
    """Ctrl-C, pressed as the second part arrives."""


def test_ctrl_c_keeps_the_finished_parts_and_the_run_resumes(tmp_path):
    path = tmp_path / "ttt.sqlite"

    def press_ctrl_c(report: Progress) -> None:
        if report.phase == "parts" and report.done == 2:
            raise Interrupt

    with ThreadPoolExecutor(1) as pool:
        with pytest.raises(Interrupt):
            solve(TicTacToe(), path=path, executor=pool, split=5, progress=press_ctrl_c)
        kept = len(file_entries(path))
        reports: list[Progress] = []
        resumed = solve(TicTacToe(), path=path, executor=pool, split=5, progress=reports.append)
    assert kept > 0
    assert resumed.stats.resumed == kept
    assert count_parts(reports) is not None
    assert count_parts(reports) <= 5
    assert entries(resumed) == entries(solve(TicTacToe()))


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="os._exit in a forked worker")
def test_a_worker_killed_mid_run_is_reported_and_the_file_resumes(tmp_path):
    path, poison = tmp_path / "ttt.sqlite", tmp_path / "poison"
    poison.touch()
    game = Flaky(poison, last_frontier_board(4), kill=True)
    pool = ProcessPoolExecutor(1)  # one worker: the parts run in order
    with pool, pytest.raises(PartFailedError, match="worker process died") as info:
        solve(game, path=path, executor=pool, split=4)
    assert info.value.index == 3
    assert info.value.finished == 3
    kept = file_entries(path)
    assert kept
    with ProcessPoolExecutor(2) as pool:  # a broken pool stays broken: a new one
        resumed = solve(game, path=path, executor=pool, split=4)
    assert resumed.stats.resumed == len(kept)
    solve(TicTacToe(), path=tmp_path / "whole.sqlite")
    assert file_entries(path) == file_entries(tmp_path / "whole.sqlite")


@pytest.mark.slow
def test_dask_resubmits_the_part_of_a_lost_worker_itself(tmp_path, dask_executor):
    poison = tmp_path / "poison"
    poison.touch()
    game = Flaky(poison, last_frontier_board(4), kill=True)
    solution = solve(game, executor=dask_executor, split=4)
    assert not poison.exists()  # a worker did die
    assert entries(solution) == entries(solve(TicTacToe()))


@pytest.mark.slow
def test_a_split_solve_writes_the_serial_file(tmp_path):
    with ThreadPoolExecutor(2) as pool:
        solve(ConnectFour(4, 3), path=tmp_path / "split.sqlite", executor=pool)
    solve(ConnectFour(4, 3), path=tmp_path / "serial.sqlite")
    assert file_entries(tmp_path / "split.sqlite") == file_entries(tmp_path / "serial.sqlite")
    loaded = Solution.load(tmp_path / "split.sqlite", ConnectFour(4, 3), in_memory=True)
    assert loaded.method == "memo"


# ------------------------------------------------------------------ bad input


class Unpicklable(TicTacToe):
    """Tic-tac-toe holding a lambda: a process pool cannot ship it."""

    def __init__(self):
        super().__init__()
        self.hook = lambda state: state


@pytest.mark.parametrize("bad", ["pool", 2, object()])
def test_an_executor_must_be_an_executor(bad):
    with pytest.raises(InvalidSearchOptionError, match="solve: executor must be"):
        solve(TicTacToe(), executor=bad)
    with pytest.raises(InvalidSearchOptionError, match="opening_book: executor must be"):
        opening_book(TicTacToe(), 1, executor=bad)


@pytest.mark.parametrize("bad", [-1, 1.5, True, "1"])
def test_retries_must_be_a_count(bad):
    with pytest.raises(InvalidSearchOptionError, match="solve: retries must be an int >= 0"):
        solve(TicTacToe(), retries=bad)
    with pytest.raises(InvalidSearchOptionError, match="opening_book: retries must be"):
        opening_book(TicTacToe(), 1, retries=bad)


@pytest.mark.parametrize("bad", [0, -2, 2.0, True, "4"])
def test_split_must_be_a_number_of_parts(bad):
    with pytest.raises(InvalidSearchOptionError, match="solve: split must be an int >= 1"):
        solve(TicTacToe(), split=bad)


def test_a_game_or_key_that_does_not_pickle_is_refused_before_any_work(processes):
    with pytest.raises(NotPicklableError, match=r"solve: the game \(TicTacToe.*module level"):
        solve(Unpicklable(), executor=processes)
    with pytest.raises(NotPicklableError, match=r"solve: the key \(function .*<lambda>"):
        solve(TicTacToe(), executor=processes, key=lambda state: state)
    with pytest.raises(NotPicklableError, match="opening_book: the game"):
        opening_book(Unpicklable(), 1, executor=processes)
    # Threads ship nothing; retrograde analysis runs here whatever the executor.
    with ThreadPoolExecutor(1) as pool:
        assert len(solve(Unpicklable(), executor=pool)) == 765
    assert solve(Unpicklable(), method="retrograde", executor=processes).method == "retrograde"


# ------------------------------------------------------------------ opening books


@pytest.mark.parametrize(
    ("make", "plies"),
    [
        (TicTacToe, 0),
        pytest.param(TicTacToe, 2, marks=pytest.mark.slow),
        (lambda: Nim((2, 3, 4), players=2), 3),
    ],
)
@pytest.mark.slow
def test_an_opening_book_on_threads_is_the_serial_one(make, plies):
    serial = opening_book(make(), plies)
    with ThreadPoolExecutor(2) as pool:
        parallel = opening_book(make(), plies, executor=pool)
    assert entries(parallel) == entries(serial)
    assert parallel.stats.parts == serial.stats.parts


@pytest.mark.slow
def test_an_opening_book_split_deeper_on_threads_is_the_serial_one():
    game = Nim((2, 3, 4), players=2)
    serial = opening_book(game, 3, split_ply=2)
    with ThreadPoolExecutor(2) as pool:
        parallel = opening_book(Nim((2, 3, 4), players=2), 3, executor=pool, split_ply=2)
    assert entries(parallel) == entries(serial)
    heads = {
        game.result(game.result(game.initial_state(), a), b)
        for a in game.actions(game.initial_state())
        for b in game.actions(game.result(game.initial_state(), a))
    }
    assert parallel.stats.parts == len(heads) > opening_book(game, 3).stats.parts


@pytest.mark.slow
def test_an_opening_book_on_processes_and_dask_is_the_serial_one(processes, dask_executor):
    serial = entries(opening_book(ConnectFour(4, 3), 3))
    assert entries(opening_book(ConnectFour(4, 3), 3, executor=processes)) == serial
    assert entries(opening_book(ConnectFour(4, 3), 3, executor=dask_executor)) == serial


@pytest.mark.slow
def test_an_opening_book_reports_a_part_that_raises(tmp_path):
    poison = tmp_path / "poison"
    poison.touch()
    plain = TicTacToe()
    game = Flaky(poison, plain.result(plain.result(plain.initial_state(), 8), 0))
    pool = ThreadPoolExecutor(2)
    with pool, pytest.raises(PartFailedError, match=r"opening_book: part 8 \(<\d+ book positions"):
        opening_book(game, 2, executor=pool)
