"""A user's own game goes from the docs to a saved table, a proof and a picture without a wall.

The walk of issue 27, with a game that is not in the library: Kalah (``tests/data/kalah.py``), a
small mancala written as a user writes a game from the docs, a plain class with constructor
parameters and no ``__repr__``, scored by the margin of the stores. In its own directory it is
solved to a file, interrupted, resumed and reopened in fresh processes with the same values,
probed from the command line, proven by ``gamesearch solve``, played well by ``mcts`` with its
defaults, and drawn on a page that fits the window (the browser half of that is in
``test_page_browser.py``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gamesearch import alphabeta, mcts
from gamesearch.conformance import check_game
from gamesearch.solving import solve
from gamesearch.trace import SearchTree

SOURCE = str(Path(__file__).resolve().parent.parent / "src")
KALAH = Path(__file__).resolve().parent / "data" / "kalah.py"


@pytest.fixture
def own_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A directory holding the user's ``kalah.py``, importable as the user's own module."""
    shutil.copy(KALAH, tmp_path / "kalah.py")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("kalah", None)
    return tmp_path


def python(code: str, cwd: Path) -> str:
    """Run ``code`` in a fresh interpreter in ``cwd``; its standard output."""
    env = {**os.environ, "PYTHONPATH": SOURCE}
    done = subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, ''); " + textwrap.dedent(code)],
        capture_output=True, text=True, timeout=300, check=False, cwd=cwd, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def command(*args: str, cwd: Path) -> str:
    """Run the installed command's module in ``cwd``, as a person would; its standard output."""
    env = {**os.environ, "PYTHONPATH": SOURCE}
    done = subprocess.run(
        [sys.executable, "-m", "gamesearch", *args],
        capture_output=True, text=True, timeout=300, check=False, cwd=cwd, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


VALUES = """
import json
print(json.dumps(sorted([list(key), solution.value(key, 0)] for key in solution)))
"""
"""Print every state's key and player 0's value, in order: two tables compared as text."""


@pytest.mark.slow
def test_an_own_game_goes_from_the_docs_to_a_table_a_proof_and_a_picture(own_directory: Path):
    from kalah import Kalah  # the user's module, in the user's directory

    game = Kalah(pits=3, seeds=3)
    report = check_game(game, max_states=100_000)  # raises where the game breaks the protocol
    assert report.exhaustive  # every state reachable was checked
    here = solve(game)

    # Solved to a file, interrupted after a few batches, in a process of its own.
    interrupted = python(
        """
        from kalah import Kalah
        from gamesearch.solving import solve

        def stop(report):
            raise KeyboardInterrupt

        try:
            solve(Kalah(pits=3, seeds=3), path="kalah.sqlite", batch=1000, progress=stop,
                  progress_every=5000)
        except KeyboardInterrupt:
            print("interrupted")
        """,
        own_directory,
    )
    assert interrupted == "interrupted\n"
    # Resumed in a fresh process: the finished batches are read back, the rest solved.
    resumed = python(
        """
        from kalah import Kalah
        from gamesearch.solving import solve
        solution = solve(Kalah(pits=3, seeds=3), path="kalah.sqlite")
        print(solution.stats.resumed, solution.stats.solved)
        """,
        own_directory,
    )
    kept, solved = map(int, resumed.split())
    assert 1000 <= kept < len(here)  # whole batches of 1,000, written before the interruption
    assert solved > 0
    assert kept + solved == len(here)
    # Reopened in another fresh process from the file alone: the same value for every state.
    reopened = python(
        "from gamesearch import Solution\nsolution = Solution.load('kalah.sqlite')\n" + VALUES,
        own_directory,
    )
    assert json.loads(reopened) == sorted([list(key), here.value(key, 0)] for key in here)

    # Probed from the command line in its own directory, without naming the game.
    probed = command("table", "probe", "kalah.sqlite", "--moves", "1", cwd=own_directory)
    assert "strong solution of kalah:Kalah(pits=3, seeds=3)" in probed
    after = game.result(game.initial_state(), 1)
    mover = game.to_move(after)
    assert f"value: {here.value(after):+g} for player {mover}" in probed

    # Proven by gamesearch solve, with the value the table holds.
    proven = command("solve", "kalah:Kalah", "-p", "pits=3", "-p", "seeds=3", cwd=own_directory)
    root = here.value(game.initial_state())
    assert "proven: player 0 wins" in proven
    assert f"value: {root:g} for player 0 (proven)" in proven

    # Played well by mcts with its defaults: a proven best move in at least 9 of 10 seeds.
    start = game.initial_state()  # player 0 moves: the best moves keep player 0's value
    best = {a for a in game.actions(start) if here.value(game.result(start, a), 0) == root}
    assert best != set(game.actions(start))  # a move that is not best exists (2: -4)
    chosen = [mcts(game, iterations=5000, rng=seed).action for seed in range(10)]
    assert sum(action in best for action in chosen) >= 9, (chosen, best)

    # Drawn on a page: a search of a few hundred nodes gets the stepping page, not a summary.
    small = Kalah(pits=3, seeds=2)
    tree = SearchTree(small)
    alphabeta(small, trace=tree)
    page = tree.to_html()
    assert "too big" not in page
    assert 'id="boxes"' in page
