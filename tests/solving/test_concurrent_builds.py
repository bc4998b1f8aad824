"""Builds that write one table file at the same time: one claims it, the other is refused.

Issue 45 (the fourth audit): two ``solve(..., path=P)`` of different games into one new file
at the same time both succeeded; the file named one game and held the other's values (or a
lookup raised a bare ``AssertionError``). A build now checks and claims a file in one SQLite
transaction (``BEGIN IMMEDIATE``: the other waits), writing its head, and checks with every
batch it commits that the file is still of its game: the second build finds the first's head
and is refused if it is of another game (builds of one game share the file, as before); a
save of another table while a build writes the file stops the build, whose batch is not
written. Tried with threads, and with processes (the slow tests).
"""

from __future__ import annotations

import multiprocessing
import sqlite3
import threading
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from gamesearch import Solution, TableFileError
from gamesearch.games import Nim, TicTacToe
from gamesearch.solving import opening_book, solve


class SlowNim(Nim):
    """Nim whose identity takes ``pause`` seconds to tell: it widens the window of a race.

    A build asks a game its identity when it checks a file and when it writes the file's head:
    a race between two builds meets in between.
    """

    def __init__(self, piles: tuple[int, ...], pause: float = 0.02, batch: int = 100) -> None:
        super().__init__(piles, players=2)
        self.pause = pause
        self.batch = batch  # entries per transaction of its builds (not part of the game)

    def game_parameters(self) -> dict[str, Any]:
        time.sleep(self.pause)
        return {"piles": self.piles, "pause": self.pause}


def build(game: Any, path: Path, start: Any, outcomes: dict[str, str], name: str) -> None:
    """Solve ``game`` into ``path`` once ``start`` lets it; record how it ended."""
    start.wait()
    try:
        solve(game, path=path, batch=game.batch)
    except TableFileError as error:
        outcomes[name] = f"refused: {error}"
    except Exception as error:  # what the test must never see
        outcomes[name] = f"raw {type(error).__name__}: {error}"
    else:
        outcomes[name] = "ok"


def in_threads(games: dict[str, Any], path: Path) -> dict[str, str]:
    """Build each of ``games`` into ``path`` at once, one thread each: how each ended."""
    outcomes: dict[str, str] = {}
    start = threading.Barrier(len(games))
    threads = [
        threading.Thread(target=build, args=(game, path, start, outcomes, name))
        for name, game in games.items()
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return outcomes


def check_one_game_won(games: dict[str, Any], path: Path, outcomes: dict[str, str]) -> str:
    """Exactly one build succeeded, the other was refused, the file holds the winner's table."""
    assert not [o for o in outcomes.values() if o.startswith("raw")], outcomes
    winners = [name for name, outcome in outcomes.items() if outcome == "ok"]
    assert len(winners) == 1, outcomes
    (winner,) = winners
    assert all("was built for" in o for n, o in outcomes.items() if n != winner), outcomes
    game = games[winner]
    expected = solve(game)
    with Solution.load(path, game, in_memory=True) as table:
        assert len(table) == len(expected)
        assert all(table.value(key, 0) == expected.value(key, 0) for key in expected)
    for name, other in games.items():
        if name != winner:
            with pytest.raises(TableFileError, match="was built for"):
                Solution.load(path, other)
    return winner


def test_two_builds_of_different_games_into_one_new_file_in_threads(tmp_path):
    games = {"first": SlowNim((1, 2, 3)), "second": SlowNim((2, 2, 3))}
    path = tmp_path / "race.sqlite"
    check_one_game_won(games, path, in_threads(games, path))


def test_a_save_of_another_table_stops_the_build_writing_the_file(tmp_path):
    path = tmp_path / "taken.sqlite"
    other = solve(Nim((2, 3), players=2))
    saved: list[bool] = []

    def save_the_other(report: object) -> None:  # a save, meanwhile, on another connection
        if not saved:
            other.save(path)
            saved.append(True)

    with pytest.raises(TableFileError, match=r"was replaced by another table .* while this build"):
        solve(TicTacToe(), path=path, batch=50, progress=save_the_other, progress_every=100)
    with Solution.load(path, other.game, in_memory=True) as table:  # the save's, whole
        assert {key: table.value(key, 0) for key in table} == {
            key: other.value(key, 0) for key in other
        }


def test_a_save_of_the_same_game_meanwhile_leaves_the_build_its_table(tmp_path):
    path = tmp_path / "shared.sqlite"
    game = Nim((2, 3, 3), players=2)
    expected = solve(game)
    saved: list[bool] = []

    def save_the_same(report: object) -> None:
        if not saved:
            expected.save(path)
            saved.append(True)

    solve(game, path=path, batch=20, progress=save_the_same, progress_every=20)
    assert saved
    with Solution.load(path, game, in_memory=True) as table:
        assert {key: table.value(key, 0) for key in table} == {
            key: expected.value(key, 0) for key in expected
        }


@pytest.mark.slow
def test_two_saves_into_one_file_at_once_leave_one_whole_table(tmp_path):
    path = tmp_path / "saved.sqlite"
    solutions = {"first": solve(TicTacToe()), "second": solve(Nim((2, 3, 3), players=2))}
    outcomes: dict[str, str] = {}
    start = threading.Barrier(2)

    def save(name: str) -> None:
        start.wait()
        try:
            solutions[name].save(path, batch=1000)
        except TableFileError as error:
            outcomes[name] = f"refused: {error}"
        else:
            outcomes[name] = "ok"

    threads = [threading.Thread(target=save, args=(name,)) for name in solutions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert "ok" in outcomes.values(), outcomes
    assert all(o == "ok" or "was replaced by another table" in o for o in outcomes.values())
    kept = [s for s in solutions.values() if _holds(path, s)]
    assert len(kept) == 1  # the last one to claim the file, whole


def _holds(path: Path, solution: Solution) -> bool:
    try:
        table = Solution.load(path, solution.game, in_memory=True)
    except TableFileError:
        return False
    return {k: table.value(k, 0) for k in table} == {k: solution.value(k, 0) for k in solution}


def test_a_book_does_not_replace_a_table_written_while_it_was_built(tmp_path):
    path = tmp_path / "book.sqlite"
    other = Nim((2, 3), players=2)
    written: list[bool] = []

    def build_the_other(report: object) -> None:
        if not written:
            solve(other, path=path)
            written.append(True)

    with pytest.raises(TableFileError, match="written while this book of 2 plies was built"):
        opening_book(Nim((1, 2, 3), players=2), 2, path=path, progress=build_the_other,
                     progress_every=1)  # fmt: skip
    assert Solution.load(path, other).value(other.initial_state()) == 1.0


@pytest.mark.slow
def test_a_file_locked_by_another_process_is_the_librarys_error(tmp_path):
    path = tmp_path / "locked.sqlite"
    solve(Nim((1, 2), players=2), path=path)
    with closing(sqlite3.connect(path, timeout=0)) as holder:
        holder.execute("BEGIN EXCLUSIVE")
        started = time.monotonic()
        with pytest.raises(TableFileError, match=r"locked\.sqlite .*another process is writing it"):
            solve(Nim((1, 3), players=2), path=path)
        assert time.monotonic() - started < 60  # waited for the lock, then gave up
        holder.rollback()


@pytest.mark.slow
def test_builds_of_different_games_in_threads_never_both_succeed(tmp_path):
    winners = set()
    for trial in range(6):
        games = {"first": SlowNim((1, 2, 3), 0.01), "second": SlowNim((2, 2, 3), 0.01)}
        path = tmp_path / f"race-{trial}.sqlite"
        winners.add(check_one_game_won(games, path, in_threads(games, path)))
    assert winners  # which one wins is the scheduler's choice


def build_in_a_process(piles: tuple[int, ...], pause: float, path: str, start: Any) -> str:
    outcomes: dict[str, str] = {}
    build(SlowNim(piles, pause, batch=5), Path(path), start, outcomes, "this")
    return outcomes["this"]


def _in_processes(
    target: Callable[..., str], arguments: list[tuple[Any, ...]], path: Path
) -> list[str]:
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager:
        start = manager.Barrier(len(arguments))
        with context.Pool(len(arguments)) as pool:
            pending = [pool.apply_async(target, (*a, str(path), start)) for a in arguments]
            return [result.get(timeout=300) for result in pending]


@pytest.mark.slow
def test_builds_of_different_games_in_processes_never_both_succeed(tmp_path):
    for trial in range(4):
        path = tmp_path / f"race-{trial}.sqlite"
        ended = _in_processes(build_in_a_process, [((1, 2, 3), 0.02), ((2, 2, 3), 0.02)], path)
        outcomes = dict(zip(["first", "second"], ended, strict=True))
        games = {"first": SlowNim((1, 2, 3), 0.02), "second": SlowNim((2, 2, 3), 0.02)}
        check_one_game_won(games, path, outcomes)


@pytest.mark.slow
def test_builds_of_one_game_in_processes_both_finish_with_its_whole_table(tmp_path):
    game = SlowNim((2, 3, 4), 0.001)
    expected = solve(game)
    for trial in range(3):
        path = tmp_path / f"same-{trial}.sqlite"
        ended = _in_processes(build_in_a_process, [((2, 3, 4), 0.001)] * 2, path)
        assert ended == ["ok", "ok"]  # the second shares the file: the same values
        with Solution.load(path, game, in_memory=True) as table:
            assert {key: table.value(key, 0) for key in table} == {
                key: expected.value(key, 0) for key in expected
            }
