"""Solutions in SQLite files: saved, loaded, and a build killed half-way that is run again."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from contextlib import closing
from pathlib import Path

import pytest
from helpers import reachable

from gamesearch import InvalidSearchOptionError, Solution, TableFileError
from gamesearch.games import ConnectFour, Nim, Pig, TicTacToe
from gamesearch.solving import solve

SRC = Path(__file__).resolve().parents[2] / "src"


def entries(path):
    """Every row of a solution file's entries table, sorted."""
    with closing(sqlite3.connect(path)) as connection:
        return sorted(connection.execute("SELECT key, value, distance, actions FROM entries"))


@pytest.mark.slow
def test_a_saved_solution_loads_with_the_same_answers(tmp_path):
    game = TicTacToe()
    solution = solve(game)
    path = tmp_path / "ttt.sqlite"
    solution.save(path, batch=100)
    for in_memory in (False, True):
        with Solution.load(path, game, in_memory=in_memory) as loaded:
            check_the_same(game, loaded, solution)


def check_the_same(game, loaded, solution):
    assert len(loaded) == len(solution) == 765
    assert set(loaded) == set(solution)
    assert loaded.method == "memo"
    for state in reachable(game)[::5]:
        assert loaded.value(state) == solution.value(state)
        assert loaded.distance(state) == solution.distance(state)
        assert loaded.best_actions(state) == solution.best_actions(state)


def test_a_chance_solution_round_trips(tmp_path):
    game = Pig(goal=6)
    path = tmp_path / "pig.sqlite"
    solution = solve(game, path=path)
    with Solution.load(path, game) as loaded:
        assert loaded.tolerance == solution.tolerance
        state = game.initial_state()
        assert loaded.value(state) == solution.value(state)
        assert loaded.best_actions(state) == solution.best_actions(state)


def test_a_complete_file_is_read_back_not_solved_again(tmp_path):
    game = Nim((2, 3), players=2)
    path = tmp_path / "nim.sqlite"
    first = solve(game, path=path)
    again = solve(game, path=path)
    assert again.stats.solved == 0
    assert again.stats.resumed == len(first)
    assert {k: again.value(k) for k in reachable(game)} == {
        k: first.value(k) for k in reachable(game)
    }


def test_a_file_of_another_game_is_refused(tmp_path):
    path = tmp_path / "nim.sqlite"
    solve(Nim((2, 3), players=2), path=path)
    with pytest.raises(InvalidSearchOptionError, match="choose another path"):
        solve(Nim((2, 4), players=2), path=path)
    with pytest.raises(
        TableFileError, match=r"built for .*Nim\(piles=\(2, 3\).*given piles=\(2, 4\)"
    ):
        Solution.load(path, Nim((2, 4), players=2))
    (tmp_path / "junk").write_text("not a database at all" * 100)
    with pytest.raises(TableFileError, match=r"junk is not a gamesearch table file \(not an SQ"):
        Solution.load(tmp_path / "junk", TicTacToe())
    with pytest.raises(TableFileError, match="no table file"):
        Solution.load(tmp_path / "missing", TicTacToe())


BUILD = textwrap.dedent(
    """
    import os, signal, sys
    from gamesearch.games import ConnectFour
    from gamesearch.solving import solve

    path, kill_after = sys.argv[1], int(sys.argv[2])

    def progress(report):
        if kill_after and report.done >= kill_after:
            os.kill(os.getpid(), signal.SIGKILL)  # no cleanup, no final commit

    solution = solve(ConnectFour(4, 3), path=path, batch=500, progress=progress,
                     progress_every=100)
    print(solution.stats.solved, solution.stats.resumed, len(solution))
    """
)


def build(path, kill_after):
    environment = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run(
        [sys.executable, "-c", BUILD, str(path), str(kill_after)],
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
        check=False,
    )


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_build_run_again_finishes_with_the_same_table(tmp_path):
    killed, whole = tmp_path / "killed.sqlite", tmp_path / "whole.sqlite"
    first = build(killed, kill_after=6_000)
    assert first.returncode == -9, first.stderr  # killed by SIGKILL
    with closing(sqlite3.connect(killed)) as connection:
        done = connection.execute("SELECT COUNT(*) FROM entries").fetchone()[0]
        complete = connection.execute("SELECT value FROM meta WHERE name = 'complete'").fetchone()
    assert 5_000 <= done < 6_000  # whole batches of 500 were committed before the kill
    assert complete == ("0",)
    with pytest.raises(InvalidSearchOptionError, match="unfinished"):
        Solution.load(killed, ConnectFour(4, 3))
    second = build(killed, kill_after=0)
    assert second.returncode == 0, second.stderr
    solved, resumed, total = map(int, second.stdout.split())
    assert resumed == done  # the finished work was read back
    assert solved == total - done  # and not done again
    solve(ConnectFour(4, 3), path=whole)  # the same build, never interrupted
    assert entries(killed) == entries(whole)


class Interrupted(Exception):
    """Stands for Ctrl-C in the middle of a build."""


@pytest.mark.slow
def test_an_interrupted_value_iteration_resumes_from_its_settled_components(tmp_path):
    game = Pig(goal=8, die_sides=3)
    path, whole = tmp_path / "pig.sqlite", tmp_path / "whole.sqlite"

    def stop_midway(report):
        if report.phase == "iterate" and report.done >= report.total // 2:
            raise Interrupted

    with pytest.raises(Interrupted):
        solve(game, path=path, batch=20, progress=stop_midway, progress_every=20)
    with closing(sqlite3.connect(path)) as connection:
        done = connection.execute("SELECT COUNT(*) FROM entries").fetchone()[0]
    assert done > 0  # settled components were written before the interruption
    resumed = solve(game, path=path, batch=20)
    # A component the file holds in part (a batch ended inside it) is iterated again.
    assert 0 < resumed.stats.resumed <= done
    assert resumed.stats.solved == len(resumed) - resumed.stats.resumed
    solve(game, path=whole, batch=20)  # the same build, never interrupted
    assert entries(path) == entries(whole)
    other = tmp_path / "other.sqlite"
    with pytest.raises(Interrupted):
        solve(game, path=other, batch=20, progress=stop_midway, progress_every=20)
    with pytest.raises(InvalidSearchOptionError, match="same tolerance"):
        solve(game, path=other, tolerance=1e-6)  # its settled components used another one
