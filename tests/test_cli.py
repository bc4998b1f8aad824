"""The ``gamesearch`` command, end to end, through a subprocess as a person would run it."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gamesearch", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_play_a_whole_game_refusing_an_illegal_move() -> None:
    # X (the person) takes the centre, then tries the corner the computer took, then plays on.
    moves = ["4", "0", "seven", "1", "2", "3", "5", "6", "7", "8"]
    done = run("play", "tictactoe", stdin="\n".join(moves) + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert "you are X, the computer is O" in out
    assert "'0' is not a legal move here" in out
    assert "'seven' is not a legal move here" in out
    assert "the computer (O) plays 0" in out
    assert re.search(r"game over: (a draw|O wins)", out)  # X cannot beat perfect play


def test_play_with_the_computer_first_at_a_depth_limit() -> None:
    done = run("play", "tictactoe", "--computer-first", "--depth", "2", stdin="quit\n")
    assert done.returncode == 0, done.stderr
    assert "you are O, the computer is X" in done.stdout
    assert "the computer (X) plays" in done.stdout
    assert "game abandoned" in done.stdout


def test_play_ends_cleanly_when_the_input_ends() -> None:
    done = run("play", "tictactoe", "-p", "size=4", "-p", "k=3", stdin="5\n")
    assert done.returncode == 0, done.stderr
    assert "game abandoned" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_play_stops_cleanly_on_ctrl_c() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "gamesearch", "play", "tictactoe"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    deadline = time.monotonic() + 60
    seen = ""
    while "your move" not in seen and time.monotonic() < deadline:
        seen += process.stdout.read(1)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "interrupted" in err
    assert "Traceback" not in out + err


def test_solve_prints_value_move_line_nodes_and_time() -> None:
    done = run("solve", "tictactoe")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "value: 0 for X (proven)" in out
    assert "best move: 0" in out
    assert re.search(r"principal variation: 0( \d){8}\n", out)
    assert "nodes: 18,297" in out
    assert re.search(r"time: \d+\.\d{3} s", out)


def test_solve_connect_four_on_a_small_board() -> None:
    # Tromp: 4x4 Connect Four is a draw.
    done = run(
        "solve", "connect4", "-p", "width=4", "-p", "height=4", "--searcher", "iterative_deepening"
    )
    assert done.returncode == 0, done.stderr
    assert "value: 0 for X (proven)" in done.stdout


def test_play_connect_four_against_the_clock() -> None:
    moves = "9\n" + "\n".join(["0", "1", "2", "3"] * 8) + "\n"
    done = run("play", "connect4", "-p", "width=4", "-p", "height=4", "--time", "0.05", stdin=moves)
    assert done.returncode == 0, done.stderr
    assert "'9' is not a legal move here" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


@pytest.mark.parametrize(
    "where",
    [["--moves", "0", "3", "1", "4"], ["--position", "XX. / OO. / ..."]],
    ids=["moves", "position"],
)
def test_solve_a_position(where: list[str]) -> None:
    done = run("solve", "tictactoe", *where, "--searcher", "negamax")
    assert done.returncode == 0, done.stderr
    assert "to move: X" in done.stdout
    assert "value: 1 for X (proven)" in done.stdout
    assert "best move: 2" in done.stdout


def test_solve_with_a_clock_or_a_depth() -> None:
    timed = run("solve", "tictactoe", "--time", "0.2")
    assert timed.returncode == 0, timed.stderr
    assert "value: 0 for X" in timed.stdout
    deep = run("solve", "tictactoe", "--depth", "2", "--searcher", "minimax")
    assert deep.returncode == 0, deep.stderr
    assert "estimated at depth 2" in deep.stdout


def test_solve_a_finished_game() -> None:
    done = run("solve", "tictactoe", "--moves", "0", "3", "1", "4", "2")
    assert done.returncode == 0, done.stderr
    assert "the game is over: X wins" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "chess"], "no reference game is called 'chess'; the games are tic"),
        (["solve", "tictactoe", "--moves", "4", "4"], "'4' is not legal here"),
        (["solve", "tictactoe", "--position", "XXX"], "--position: expected 3 rows"),
        (["play", "tictactoe", "-p", "size=big"], "size must be an integer, not 'big'"),
        (["play", "tictactoe", "-p", "colour=red"], "NAME one of size, k"),
        (["play", "tictactoe", "-p", "k=5"], "tictactoe: TicTacToe: k must be an int from 1"),
        (["solve", "tictactoe", "--searcher", "minimax", "--time", "1"], "--time needs"),
        (["tree", "[[1, 2], oops]"], "TREE must be nested lists"),
        (["tree", "[[1, 2], []]"], "TREE: the node at (1,) has no children"),
    ],
)
def test_bad_input_is_refused_with_a_message(args: list[str], message: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_the_tree_as_text_by_default() -> None:
    done = run("tree", TEXTBOOK)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "A MAX = 3 [3, +inf] *"
    assert "C2 = 4 pruned" in done.stdout
    assert run("tree", TEXTBOOK, "--text").stdout == done.stdout


def test_the_tree_in_every_output_mode(tmp_path: Path) -> None:
    dot = run("tree", TEXTBOOK, "--dot")
    assert dot.stdout.startswith("digraph search {")
    narration = run("tree", TEXTBOOK, "--narrate", "--searcher", "negamax")
    assert "C's value <= 2 < alpha = 3: prune C2, C3" in narration.stdout
    assert "A's range is [3, 3]" in narration.stdout
    by_minimax = run("tree", TEXTBOOK, "--searcher", "minimax")
    assert "pruned" not in by_minimax.stdout
    picture = tmp_path / "tree.svg"
    svg = run("tree", TEXTBOOK, "--svg", str(picture))
    if importlib.util.find_spec("graphviz") and shutil.which("dot"):
        assert svg.returncode == 0, svg.stderr
        assert f"wrote {picture}" in svg.stdout
        assert "<svg" in picture.read_text(encoding="utf-8")
    else:
        assert svg.returncode == 1
        assert "gamesearch: error: drawing SVG needs" in svg.stderr


def test_the_tree_as_a_page_to_step_through(tmp_path: Path) -> None:
    page = tmp_path / "tree.html"
    done = run("tree", TEXTBOOK, "--html", str(page))
    assert done.returncode == 0, done.stderr
    assert f"wrote {page}" in done.stdout
    assert "C's value <= 2 < alpha = 3: prune C2, C3" in page.read_text(encoding="utf-8")


def test_a_tree_without_graphviz_says_what_is_missing(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": str(tmp_path)}  # no dot program there
    done = subprocess.run(
        [sys.executable, "-m", "gamesearch", "tree", TEXTBOOK, "--svg", str(tmp_path / "t.svg")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    assert done.returncode == 1
    assert "gamesearch: error: drawing SVG needs" in done.stderr
    assert "Traceback" not in done.stderr


def test_games_lists_the_games_and_their_parameters() -> None:
    done = run("games")
    assert done.returncode == 0
    assert done.stdout.startswith("tictactoe: tic-tac-toe")
    assert "size=INT  the board's side, default 3" in done.stdout


@pytest.mark.parametrize("command", [[], ["games"], ["play"], ["solve"], ["tree"]])
def test_help_everywhere(command: list[str]) -> None:
    done = run(*command, "--help")
    assert done.returncode == 0
    assert done.stdout.startswith("usage: gamesearch")


def test_the_console_script_is_installed() -> None:
    script = Path(sys.executable).parent / "gamesearch"
    if not script.exists():
        pytest.skip("gamesearch is not installed as a console script in this environment")
    done = subprocess.run(
        [str(script), "--version"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0
    assert done.stdout.startswith("gamesearch ")


def test_table_build_and_probe(tmp_path: Path) -> None:
    table = tmp_path / "ttt.sqlite"
    built = run("table", "build", "tictactoe", "--out", str(table), "--quiet")
    assert built.returncode == 0, built.stderr
    assert "765 states of TicTacToe(size=3, k=3) by memo" in built.stdout
    probed = run("table", "probe", str(table), "--moves", "0", "4", "1")
    assert probed.returncode == 0, probed.stderr
    assert "to move: O" in probed.stdout
    assert "best moves: 2\n" in probed.stdout  # O must block the top row
    won = run("table", "probe", str(table), "--moves", "0", "3", "1", "4")
    assert "value: 1 for X" in won.stdout
    assert "distance: 1 plies to the end" in won.stdout
    bad = run("table", "probe", str(table), "--moves", "0", "0")
    assert bad.returncode == 2
    assert "'0' is not legal here" in bad.stderr


def test_table_build_an_opening_book(tmp_path: Path) -> None:
    book = tmp_path / "book.sqlite"
    built = run("table", "build", "tictactoe", "--out", str(book), "--plies", "1", "--quiet")
    assert built.returncode == 0, built.stderr
    assert "10 states" in built.stdout
    assert "opening_book" in built.stdout
    deeper = run("table", "probe", str(book), "--moves", "0", "4")
    assert deeper.returncode == 1
    assert "does not hold the state" in deeper.stderr
