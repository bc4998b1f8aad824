"""The ``gamesearch`` command, end to end, through a subprocess as a person would run it."""

from __future__ import annotations

import importlib.util
import io
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import ENV, call, interrupt, start
from docs_pages import built
from page_helpers import page_data

from gamesearch import expectiminimax, maxn, minimax
from gamesearch.frontdoor.plans import default_plan
from gamesearch.games import Hog, Nim, TicTacToe, reference_games
from gamesearch.progress import Progress
from gamesearch.solving import _file, opening_book, solve

TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"


def run(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gamesearch", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
        env=ENV,
    )


@pytest.mark.slow
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


@pytest.mark.slow
def test_play_with_the_computer_first_at_a_depth_limit() -> None:
    done = run("play", "tictactoe", "--computer-first", "--depth", "2", stdin="quit\n")
    assert done.returncode == 0, done.stderr
    assert "you are O, the computer is X" in done.stdout
    assert "the computer (X) plays" in done.stdout
    assert "game abandoned" in done.stdout


@pytest.mark.slow
def test_play_hex_on_a_small_board_by_its_cells_names() -> None:
    done = run("play", "hex", "-p", "size=4", "--time", "0.05", stdin="b2\nz9\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "you are X, the computer is O" in out
    assert "  a b c d\n1 . . . . 1\n 2 . . . . 2" in out  # the rhombus, with coordinates
    assert "1 . . . . 1\n 2 . X . . 2" in out
    assert re.search(r"the computer \(O\) plays [a-d][1-4]", out)
    assert "'z9' is not a legal move here" in out
    assert "game abandoned" in out


@pytest.mark.slow
def test_play_ends_cleanly_when_the_input_ends() -> None:
    done = run("play", "tictactoe", "-p", "size=4", "-p", "k=3", stdin="5\n")
    assert done.returncode == 0, done.stderr
    assert "game abandoned" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


@pytest.mark.slow
def test_play_stops_cleanly_on_ctrl_c() -> None:
    process = start("play", "tictactoe")
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


@pytest.mark.slow
def test_solve_prints_value_move_line_nodes_and_time() -> None:
    done = run("solve", "tictactoe", "--quiet")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert minimax(TicTacToe()).value == 0  # the reference: plain minimax to the end
    assert "search: iterative_deepening until the value is proven\n" in out  # no time limit
    assert "proven draw\n" in out
    assert "value: 0 for X (proven)" in out
    line = re.search(r"principal variation: ((\d )+\d)\n", out)
    assert line is not None
    moves = [int(move) for move in line[1].split()]
    assert f"best move: {moves[0]}\n" in out
    game = TicTacToe()
    state = game.initial_state()
    for move in moves:
        state = game.result(state, move)
    assert game.is_terminal(state)
    assert game.winner(state) is None  # best play draws
    assert re.search(r"nodes: [\d,]+ \(leaves", out)
    assert re.search(r"time: \d+\.\d{3} s", out)


@pytest.mark.slow
def test_solve_connect_four_on_a_small_board() -> None:
    # Tromp: 4x4 Connect Four is a draw.
    done = run(
        "solve", "connect4", "-p", "width=4", "-p", "height=4", "--searcher", "iterative_deepening"
    )
    assert done.returncode == 0, done.stderr
    assert "value: 0 for X (proven)" in done.stdout


@pytest.mark.slow
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
@pytest.mark.slow
def test_solve_a_position(where: list[str]) -> None:
    done = run("solve", "tictactoe", *where, "--searcher", "negamax")
    assert done.returncode == 0, done.stderr
    assert "to move: X" in done.stdout
    assert "value: 1 for X (proven)" in done.stdout
    assert "best move: 2" in done.stdout


@pytest.mark.slow
def test_solve_with_a_clock_or_a_depth() -> None:
    timed = run("solve", "tictactoe", "--time", "0.2")
    assert timed.returncode == 0, timed.stderr
    assert "value: 0 for X" in timed.stdout
    deep = run("solve", "tictactoe", "--depth", "2", "--searcher", "minimax")
    assert deep.returncode == 0, deep.stderr
    assert "estimated at depth 2" in deep.stdout


@pytest.mark.slow
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
        (
            ["solve", "tictactoe", "--searcher", "solve", "--time", "1"],
            "--searcher solve solves every position to the end: it takes no --time",
        ),
        (["solve", "tictactoe", "--depth", "-1"], "--depth: must be an integer >= 1, not '-1'"),
        (["solve", "tictactoe", "--time", "0"], "--time: must be a number of seconds > 0"),
        (["solve", "tictactoe", "--time", "nan"], "--time: must be a number of seconds > 0"),
        (["solve", "pig", "--searcher", "alphabeta"], "pig is a game of chance; search it with"),
        (["solve", "nim", "--searcher", "negamax"], "nim is not a two-player game"),
        (
            ["solve", "hog", "--searcher", "solve", "--time", "1"],
            "the searchers that take --time here are expectiminimax or mcts",
        ),
        (
            ["play", "tictactoe", "--searcher", "solve"],
            "the table solver solves every position before its first move and takes no limit",
        ),
        (
            ["play", "rolit", "--searcher", "expectiminimax"],
            "rolit is not a two-player game (3 players); search it with maxn",
        ),
        (["solve", "hog", "--searcher", "maxn"], "hog is a game of chance"),
        (["tree", "[[1, 2], oops]"], "TREE must be nested lists"),
        (["tree", "[[1, 2], []]"], "TREE: the node at (1,) has no children"),
    ],
)
def test_bad_input_is_refused_with_a_message(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = call(capsys, *args)
    assert status == 2
    assert message in err
    assert out == ""  # checked before anything is printed


@pytest.mark.slow
def test_options_are_checked_before_anything_is_printed() -> None:
    done = run("solve", "tictactoe", "--depth", "-1")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "argument --depth: must be an integer >= 1, not '-1'" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_the_tree_as_text_by_default() -> None:
    done = run("tree", TEXTBOOK)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "A MAX = 3 [3, +inf] *"
    assert "C2 = 4 pruned" in done.stdout
    assert run("tree", TEXTBOOK, "--text").stdout == done.stdout


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_tree_as_a_page_to_step_through(tmp_path: Path) -> None:
    page = tmp_path / "tree.html"
    done = run("tree", TEXTBOOK, "--html", str(page))
    assert done.returncode == 0, done.stderr
    assert f"wrote {page}" in done.stdout
    told = [step["text"] for step in page_data(page.read_text(encoding="utf-8"))["steps"]]
    assert "C's value <= 2 < alpha = 3: prune C2, C3" in told


@pytest.mark.slow
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


@pytest.mark.slow
def test_games_lists_the_games_and_their_parameters() -> None:
    done = run("games")
    assert done.returncode == 0
    assert done.stdout.startswith("tictactoe: tic-tac-toe")
    assert "size=INT  the board's side, default 3" in done.stdout


@pytest.mark.slow
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


@pytest.mark.slow
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
    assert "value: +1 for X" in won.stdout
    assert "distance: 1 ply to the end" in won.stdout
    bad = run("table", "probe", str(table), "--moves", "0", "0")
    assert bad.returncode == 2
    assert "'0' is not legal here" in bad.stderr


@pytest.mark.slow
def test_table_build_on_worker_processes_writes_the_same_table(tmp_path: Path) -> None:
    split, whole = tmp_path / "split.sqlite", tmp_path / "whole.sqlite"
    built = run("table", "build", "tictactoe", "--out", str(split), "--workers", "2")
    assert built.returncode == 0, built.stderr
    assert "765 states" in built.stdout
    assert "parts: 1 of " in built.stderr  # progress over the parts
    assert run("table", "build", "tictactoe", "--out", str(whole), "--quiet").returncode == 0
    query = "SELECT key, value, distance FROM entries ORDER BY key"
    with closing(sqlite3.connect(split)) as one, closing(sqlite3.connect(whole)) as other:
        assert one.execute(query).fetchall() == other.execute(query).fetchall()
    bad = run("table", "build", "tictactoe", "--out", str(split), "--workers", "0")
    assert bad.returncode == 2
    assert "--workers: must be a number of processes >= 1" in bad.stderr


@pytest.mark.slow
def test_table_build_an_opening_book(tmp_path: Path) -> None:
    book = tmp_path / "book.sqlite"
    built = run("table", "build", "tictactoe", "--out", str(book), "--plies", "1", "--quiet")
    assert built.returncode == 0, built.stderr
    assert "10 states" in built.stdout
    assert "opening_book" in built.stdout
    deeper = run("table", "probe", str(book), "--moves", "0", "4")
    assert deeper.returncode == 1
    assert "does not hold the position drawn above: it is 2 moves from the start, deeper " \
        "than the book's 1 ply" in deeper.stderr


def test_table_build_of_a_book_reports_its_first_and_last_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Each position is counted (one may take seconds), a line a second at most on stderr."""
    book = tmp_path / "book.sqlite"
    status, out, err = call(capsys, "table", "build", "tictactoe", "--out", str(book),
                            "--plies", "1")  # fmt: skip
    assert status == 0, err
    assert "10 states of TicTacToe" in out
    lines = err.splitlines()
    assert lines[0].startswith("solve: 0 positions, ")
    assert lines[-1].startswith("solve: 10 positions, ")
    assert "left" not in lines[-1]  # finished: no time left to guess
    assert len([line for line in lines if line.startswith("solve: 10 positions")]) == 1


def test_table_probe_says_why_a_position_is_not_held(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """By its depth where the moves from the start tell it, else what a book holds."""
    book = tmp_path / "book.sqlite"
    assert call(capsys, "table", "build", "tictactoe", "--out", str(book), "--plies", "2",
                "--quiet")[0] == 0  # fmt: skip
    status, out, err = call(capsys, "table", "probe", str(book), "--moves", "0", "4", "8")
    assert status == 1
    assert ". O ." in out  # the board is drawn before the refusal
    assert ". . X" in out
    assert "does not hold the position drawn above: it is 3 moves from the start, deeper than " \
        "the book's 2 plies" in err
    deeper = "a book holds the positions at most 2 plies from its root, and this is not one of "
    for where in (("--position", "X.. / .O. / ..X"), ("--position", "X.. / .O. / ...", "--moves",
                                                      "8")):  # fmt: skip
        status, _, err = call(capsys, "table", "probe", str(book), *where)
        assert status == 1
        assert deeper in err  # the moves do not count from the start: no count claimed
    rooted = tmp_path / "rooted.sqlite"
    game = TicTacToe()
    opening_book(game, 1, game.result(game.result(game.initial_state(), 0), 4), path=rooted)
    status, _, err = call(capsys, "table", "probe", str(rooted), "--moves", "1", "4", "8")
    assert status == 1
    assert "a book holds the positions at most 1 ply from its root" in err
    assert call(capsys, "table", "probe", str(rooted), "--moves", "0", "4", "8")[0] == 0


def test_probe_reads_back_a_rolit_position_as_drawn(tmp_path, capsys):
    """Whose turn it is follows from the pieces: a drawn board with yellow to move is found."""
    book = tmp_path / "rolit.sqlite"
    assert call(capsys, "table", "build", "rolit", "-p", "size=4", "-p", "players=2", "--out",
                str(book), "--plies", "2", "--quiet")[0] == 0  # fmt: skip
    status, out, _ = call(capsys, "table", "probe", str(book), "--moves", "7")
    assert status == 0
    block = [line for line in out.splitlines() if line[:1] in ".RYGB" and line[1:2] == " "]
    assert len(block) == 4
    assert block[0].endswith("0  1  2  3")  # the square numbers drawn beside the board
    for drawn in ("\n".join(block), " / ".join(line[:7] for line in block)):  # as copied
        again, found, err = call(capsys, "table", "probe", str(book), "--position", drawn)
        assert again == 0, err
        assert "to move: yellow" in found
        assert found.split("to move:")[1] == out.split("to move:")[1]


def test_a_board_copied_with_its_column_numbers_is_read(capsys):
    status, out, _ = call(capsys, "solve", "connect4", "-p", "width=4", "-p", "height=4",
                          "--moves", "1", "1", "2")  # fmt: skip
    assert status == 0
    lines = out.splitlines()
    under = next(i for i, line in enumerate(lines) if line.strip() == "0 1 2 3")
    drawn = "\n".join(lines[under - 4 : under + 1])
    again, found, err = call(capsys, "solve", "connect4", "-p", "width=4", "-p", "height=4",
                             "--position", drawn)  # fmt: skip
    assert again == 0, err
    assert found.split("value")[1] == out.split("value")[1]
    status, _, err = call(capsys, "solve", "connect4", "-p", "width=4", "-p", "height=4",
                          "--position", drawn.replace("X", "Z", 1))  # fmt: skip
    assert status != 0
    assert "unexpected mark 'Z'" in err  # the error of the board without its numbers
    assert "0 1 2 3" not in err


class Stop(Exception):
    """Raised by a progress callback: a build stopped part way."""


def stop(report: Progress) -> None:
    if report.done:
        raise Stop


def test_table_probe_of_an_empty_or_unfinished_file_says_to_run_the_build_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "empty.sqlite"  # a book is written once finished: a stopped one is empty
    with pytest.raises(Stop):
        opening_book(TicTacToe(), 2, path=empty, progress=stop, progress_every=1)
    status, _, err = call(capsys, "table", "probe", str(empty))
    assert status == 1
    assert "holds no table yet: it is empty" in err
    assert "run the same build again" in err
    unfinished = tmp_path / "unfinished.sqlite"
    with pytest.raises(Stop):
        solve(TicTacToe(), path=unfinished, progress=stop, progress_every=1_000)
    status, out, err = call(capsys, "table", "probe", str(unfinished), "--moves", "0")
    assert status == 1
    assert "unfinished" in out
    assert "is an unfinished build: its positions can be looked up once it is finished" in err


def test_an_interrupted_table_build_says_what_it_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C part way: how many states the file keeps, or that a book keeps none."""
    from gamesearch.cli import _table

    def interrupted(build: Any, at: int, **more: Any) -> Any:
        def pressed(report: Progress) -> None:
            if report.done >= at:
                raise KeyboardInterrupt

        def run(game: Any, *args: Any, **options: Any) -> Any:
            options.update(progress=pressed, **more)
            return build(game, *args, **options)

        return run

    stopped = interrupted(_table.solve, 300, batch=100, progress_every=100)
    monkeypatch.setattr(_table, "solve", stopped)
    path = tmp_path / "ttt.sqlite"
    status, _, err = call(capsys, "table", "build", "tictactoe", "--out", str(path))
    assert status == 130
    found = re.search(r"keeps the (\d+) states written so far", err)
    assert found is not None, err
    kept = int(found[1])
    assert kept == _file.info(path).states > 0
    assert "run the same build again to go on from there" in err
    monkeypatch.undo()
    status, out, _ = call(capsys, "table", "build", "tictactoe", "--out", str(path), "--quiet")
    assert status == 0
    assert f"({kept} read back from the file, " in out
    monkeypatch.setattr(_table, "opening_book", interrupted(_table.opening_book, 2))
    book = tmp_path / "book.sqlite"
    status, _, err = call(capsys, "table", "build", "connect4", "-p", "width=4", "-p",
                          "height=4", "--plies", "2", "--out", str(book))  # fmt: skip
    assert status == 130
    assert f"a book is written once it is finished, so {book} holds none of it" in err


def test_table_build_refuses_other_than_two_players_in_its_own_words(capsys) -> None:
    status, _, err = call(capsys, "table", "build", "rolit", "-p", "size=4", "--out", "unused")
    assert status == 2
    assert "table build solves games of two players, and Rolit(size=4, players=3) has 3 " \
        "players (build it with -p players=2); gamesearch solve rolit searches it" in err
    assert not Path("unused").exists()


def test_table_build_says_what_it_read_back_and_what_it_solved(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A build run again resumes its interrupted file, or reads its finished one back."""
    path = tmp_path / "ttt.sqlite"
    with pytest.raises(Stop):
        solve(TicTacToe(), path=path, progress=stop, progress_every=300, batch=100)
    kept = solve(TicTacToe()).stats.states
    status, out, _ = call(capsys, "table", "build", "tictactoe", "--out", str(path), "--quiet")
    assert status == 0
    assert f"{kept} states of TicTacToe(size=3, k=3) by memo in " in out
    found = re.search(r"\((\d+) read back from the file, (\d+) solved\)", out)
    assert found is not None, out
    read_back, solved = int(found[1]), int(found[2])
    assert read_back > 0
    assert solved > 0
    assert read_back + solved == kept
    total = _file.info(path).elapsed  # the sessions' times, as table probe says them
    assert total is not None
    assert f" solved), {total:.2f} s over all its sessions;" in out
    status, out, _ = call(capsys, "table", "build", "tictactoe", "--out", str(path), "--quiet")
    assert status == 0
    assert f"{kept} states of TicTacToe(size=3, k=3) read back: the file held them all " \
        "already, nothing was solved" in out
    book = tmp_path / "book.sqlite"
    assert call(capsys, "table", "build", "tictactoe", "--plies", "1", "--out", str(book),
                "--quiet")[0] == 0  # fmt: skip
    status, out, _ = call(capsys, "table", "build", "tictactoe", "--plies", "1", "--out",
                          str(book), "--quiet")  # fmt: skip
    assert status == 0
    assert "10 states of TicTacToe(size=3, k=3) read back: the file held" in out


@pytest.mark.slow
def test_table_build_splits_a_book_deeper(capsys: pytest.CaptureFixture[str], tmp_path: Path):
    book = tmp_path / "book.sqlite"
    args = ("table", "build", "tictactoe", "--out", str(book), "--plies", "2", "--quiet")
    status, out, err = call(capsys, *args, "--split-ply", "2")
    assert status == 0, err
    assert "82 states" in out  # 1 + 9 + 72 positions, as in 9 parts
    status, out, err = call(capsys, "table", "probe", str(book), "--moves", "0")
    assert status == 0, err
    assert out.splitlines()[-1] == "best moves: 4"  # O must take the centre
    status, _, err = call(
        capsys, "table", "build", "tictactoe", "--out", str(book), "--split-ply", "2"
    )
    assert status == 2
    assert "--split-ply splits an opening book: give --plies too" in err
    status, _, err = call(capsys, *args, "--split-ply", "3")
    assert status == 2
    assert "split_ply must be an int from 1 to plies (2), not 3" in err


BONES = '''
"""A game of one's own, for the command to find by its import path."""

from __future__ import annotations


class Bones:
    """Bones: take 1 to max_take bones from a heap; whoever takes the last one wins."""

    num_players = 2

    def __init__(self, size: int = 5, max_take: int = 2) -> None:
        self.size, self.max_take = size, max_take

    def initial_state(self) -> tuple[int, int]:
        return (self.size, 0)

    def to_move(self, state: tuple[int, int]) -> int:
        return state[1]

    def actions(self, state: tuple[int, int]) -> list[int]:
        return [take for take in range(1, self.max_take + 1) if take <= state[0]]

    def result(self, state: tuple[int, int], take: int) -> tuple[int, int]:
        return (state[0] - take, 1 - state[1])

    def is_terminal(self, state: tuple[int, int]) -> bool:
        return state[0] == 0

    def utility(self, state: tuple[int, int], player: int) -> float:
        return 1.0 if player != state[1] else -1.0
'''


def bones_wins(heap: int, max_take: int) -> bool:
    """The independent reference: does the player to move win (the classic subtraction game)?

    The player to move wins unless the heap is a multiple of max_take + 1.
    """
    return heap % (max_take + 1) != 0


def write_bones(folder: Path, package: str) -> None:
    (folder / package).mkdir()
    (folder / package / "__init__.py").write_text("", encoding="utf-8")
    (folder / package / "bones.py").write_text(BONES, encoding="utf-8")


@pytest.mark.slow
def test_a_game_of_ones_own_by_import_path(tmp_path: Path) -> None:
    write_bones(tmp_path, "mygames")
    done = run("solve", "mygames.bones:Bones", "-p", "size=7", "-p", "max_take=3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "search: iterative_deepening until the value is proven\n" in done.stdout
    assert "proven: player 0 wins\n" in done.stdout  # 7 is not a multiple of 4
    assert "value: 1 for player 0 (proven)" in done.stdout
    assert INFO.match(done.stderr)


@pytest.mark.parametrize(("size", "max_take"), [(4, 2), (6, 2), (8, 3), (9, 1)])
def test_a_game_of_ones_own_against_a_reference(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    size: int,
    max_take: int,
) -> None:
    package = f"bones_{size}_{max_take}"
    write_bones(tmp_path, package)
    monkeypatch.syspath_prepend(str(tmp_path))
    args = ("-p", f"size={size}", "-p", f"max_take={max_take}", "--quiet")
    status, out, err = call(capsys, "solve", f"{package}.bones:Bones", *args)
    assert status == 0, err
    value = 1 if bones_wins(size, max_take) else -1
    assert f"value: {value} for player 0 (proven)" in out


def test_a_game_of_ones_own_that_fails_says_why(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "bones_bad.py").write_text(BONES, encoding="utf-8")
    (tmp_path / "broken_game.py").write_text("raise RuntimeError('oops')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for args, message in (
        (["bones_bad:Dice"], "'bones_bad' has no 'Dice'"),
        (["nowhere_at_all:Bones"], "cannot import 'nowhere_at_all'"),
        (["broken_game:Game"], "importing 'broken_game' for the game 'broken_game:Game' failed"),
        (["bones_bad:Bones", "-p", "size=big"], "size must be an integer, not 'big'"),
        (["bones_bad:Bones", "-p", "sides=6"], "NAME one of size, max_take"),
        (["fractions:Fraction"], "fractions:Fraction does not make a game: it has no"),
        ([":Bones"], "give a game of your own as module:Class"),
    ):
        status, out, err = call(capsys, "solve", *args)
        assert status == 2, args
        assert message in err, err
        assert out == ""


INFO = re.compile(
    r"depth (\d+)  value [+-][\d.e+-]+  move \S+  nodes [\d,]+  nodes/s [\d,]+  "
    r"elapsed \d+\.\d\d s"
)


def iterations(stderr: str) -> list[int]:
    """The depths of the progress lines in ``stderr``, which must hold nothing else."""
    lines = stderr.splitlines()
    depths = [int(match[1]) for match in map(INFO.fullmatch, lines) if match]
    assert len(depths) == len(lines), stderr
    return depths


@pytest.mark.slow
def test_progress_one_line_per_iteration_on_stderr() -> None:
    done = run("solve", "tictactoe")
    assert done.returncode == 0, done.stderr
    assert iterations(done.stderr) == list(range(1, 10))  # proven a draw at depth 9
    assert "value: 0 for X (proven)" in done.stdout


@pytest.mark.parametrize(
    "args", [["nim"], ["hog", "--depth", "3"], ["pig", "-p", "goal=20", "--depth", "3"]]
)
def test_progress_of_the_searchers_deepened_by_the_command(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    # Nim is proven by maxn, deepened; a game of chance is deepened given a --depth (without
    # one it is solved into a table: tests/cli/test_cli_prove.py).
    status, _, err = call(capsys, "solve", *args)
    assert status == 0, err
    depths = iterations(err)
    assert depths == list(range(1, len(depths) + 1))
    assert len(depths) > 1
    assert call(capsys, "solve", *args, "--quiet")[2] == ""


@pytest.mark.slow
def test_ctrl_c_prints_the_best_result_so_far() -> None:
    status, out, err = interrupt(
        "solve", "tictactoe", "-p", "size=5", "-p", "k=4", "--time", "100", once="depth 3 "
    )
    assert status == 130
    assert "interrupted: the best result so far" in err
    reached = re.search(r"value: \S+ for X \(estimated at depth (\d+)\)", out)
    assert reached is not None, out
    assert int(reached[1]) >= 3
    assert re.search(r"best move: \d+\n", out)
    assert "Traceback" not in out + err


@pytest.mark.parametrize(
    ("game", "reference"),
    [("nim", lambda: maxn(Nim())), ("hog", lambda: expectiminimax(Hog()))],
    ids=["nim by maxn", "hog by expectiminimax"],
)
@pytest.mark.slow
def test_each_game_is_solved_by_the_searcher_that_fits(
    capsys: pytest.CaptureFixture[str], game: str, reference: Any
) -> None:
    expected = reference()  # the library's searcher, run to the end at once
    status, out, err = call(capsys, "solve", game, "--quiet")
    assert status == 0, err
    assert f"value: {expected.value:g} for player 0 (proven)" in out
    assert expected.exact


def test_games_with_a_depth_by_default_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    # The games' default depths are play's, each move; solve proves unless given a --depth.
    for game, parameter, searcher, depth in (
        ("pig", "goal=20", "expectiminimax", 6),
        ("rolit", "size=6", "maxn", 4),
    ):
        spec = next(spec for spec in reference_games() if spec.name == game)
        said = default_plan(spec, spec.make(), play=True).describe()
        assert said == f"{searcher} {depth} plies deep"
        args = ("-p", parameter, "--depth", "2", "--quiet")
        status, out, err = call(capsys, "solve", game, *args)
        assert status == 0, err
        assert f"search: {searcher} 2 plies deep" in out
        assert "estimated at depth 2" in out
        assert "estimate at depth 2: the depth limit, 2 plies, stopped the search" in out


@pytest.mark.filterwarnings("ignore::gamesearch.BlindSearchWarning")  # --depth 1, no evaluation
def test_boards_are_drawn_with_coordinates(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("-p", "width=4", "-p", "height=4", "--moves", "2", "--depth", "1", "--quiet")
    out = call(capsys, "solve", "connect4", *args)[1]
    assert out.startswith(". . . .\n. . . .\n. . . .\n. . X .\n0 1 2 3\n")
    out = call(capsys, "solve", "tictactoe", "--moves", "4", "--depth", "1", "--quiet")[1]
    assert out.startswith(". . .    0 1 2\n. X .    3 4 5\n. . .    6 7 8\n")


def test_help_states_each_games_default(capsys: pytest.CaptureFixture[str]) -> None:
    solve = call(capsys, "solve", "--help")[1]
    assert re.search(r"connect4 +mtdf, the exact solver, until the value is proven", solve)
    assert re.search(r"pig +the table solver \(solve\)", solve)
    assert "to the end of the game" not in solve
    assert "Ctrl-C stops the search and prints the best result found so far" in solve
    play = call(capsys, "play", "--help")[1]
    assert re.search(r"tictactoe +iterative_deepening until the value is proven, at most 1 s", play)


def test_play_a_game_of_chance_and_one_of_three_players(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("roll\n" * 40))
    status, out, err = call(capsys, "play", "pig", "-p", "goal=4", "--seed", "3")
    assert status == 0, err
    assert "chance: " in out
    assert "game over: player " in out
    monkeypatch.setattr("sys.stdin", io.StringIO("(1, 2)\n0,1\n1,1\n1,2\n"))
    status, out, err = call(capsys, "play", "nim", "-p", "piles=(1, 2)")
    assert status == 0, err
    assert "your move (0,1 1,1 1,2)" in out
    assert "game over: player" in out


def test_mcts_still_searches(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--moves", "0", "3", "1", "4", "--searcher", "mcts", "--time", "0.2")
    status, out, err = call(capsys, "solve", "tictactoe", *args)
    assert status == 0, err
    assert "best move: 2" in out  # X completes the top row


def test_the_docs_state_the_defaults_as_they_are() -> None:
    page = built("cli.md")  # the table is made from the registry when the site is built
    for spec in reference_games():
        row = next(
            (line for line in page.splitlines() if line.startswith(f"| `{spec.name}` |")), None
        )
        assert row is not None, (
            f"docs/cli.md, as built, has no row for {spec.name} in the table of defaults: keep "
            "its marker '<!-- registry: command defaults -->'"
        )
        solve, play = row.strip(" |").split(" | ")[1:3]
        for plan, said in (
            (default_plan(spec, spec.make(), play=False), solve),
            (default_plan(spec, spec.make(), play=True), play),
        ):
            assert said == "the same" or plan.searcher in said or "at most" in said, row
            if plan.depth is not None:
                assert f"{plan.depth} plies" in said, row
            if plan.seconds is not None:
                assert f"at most {plan.seconds:g} s" in said, row


def test_games_lists_every_bundled_game_with_its_searchers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = call(capsys, "games")
    assert status == 0
    for spec in reference_games():
        assert re.search(rf"^{spec.name}: ", out, re.MULTILINE), spec.name
    assert "piles=VALUE  the sticks in each pile, such as (3, 4, 5), default (3, 4)" in out
    assert "solve: maxn until the value is proven" in out  # nim, three players
    assert "solve: the table solver (solve)" in out  # pig, value iteration over its cycles
    assert "play, each move: expectiminimax 6 plies deep" in out  # pig
    assert "solve: mtdf, the exact solver, until the value is proven" in out  # connect4
    assert "moves: a column's number, 0 on the left" in out


CTRL_C_WHILE_LOADING = """
import sys
from gamesearch.cli import main

class CtrlC:  # Ctrl-C as the command's modules load (the user's walk: a bare traceback)
    def find_spec(self, name, path=None, target=None):
        if name == "gamesearch.cli._main":
            raise KeyboardInterrupt
        return None

sys.meta_path.insert(0, CtrlC())
sys.exit(main(["games"]))
"""


CTRL_C_WHILE_PARSING = """
import argparse, sys
from gamesearch.cli import main

def parse_args(self, *args, **kwargs):  # Ctrl-C as the command line is read (the second walk)
    raise KeyboardInterrupt

argparse.ArgumentParser.parse_args = parse_args
sys.exit(main(["games"]))
"""


@pytest.mark.parametrize("code", [CTRL_C_WHILE_LOADING, CTRL_C_WHILE_PARSING])
def test_ctrl_c_while_the_command_loads_exits_130_without_a_traceback(code: str) -> None:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 130
    assert done.stderr == "\ninterrupted\n"
    assert done.stdout == ""
