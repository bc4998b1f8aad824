"""A searcher's options on the command line: ``-o NAME=VALUE`` (issue 27, section 7).

Values are Python literals (never ``eval``), plain words, or ``module:name`` for a function;
names are checked against the searcher's keyword parameters.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from cli_helpers import call

from gamesearch.errors import InvalidSearchOptionError
from gamesearch.frontdoor.options import parse_value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2.5", 2.5),
        ("(-1, 1)", (-1, 1)),
        ("True", True),
        ("None", None),
        ("'memo'", "memo"),
        ("memo", "memo"),
        ("[1, 2]", [1, 2]),
    ],
)
def test_a_value_is_a_literal_or_a_plain_word(text: str, value: object) -> None:
    assert parse_value(text, "-o x") == value


@pytest.mark.parametrize(
    "text", ["__import__('os').system('true')", "1 + x", "os:nothing_here", "a b"]
)
def test_nothing_is_evaluated(text: str) -> None:
    with pytest.raises(InvalidSearchOptionError, match=r"-o x"):
        parse_value(text, "-o x")


def test_an_option_reaches_the_searcher(capsys: pytest.CaptureFixture[str]) -> None:
    # A node limit stops iterative deepening: the estimate says so.
    status, out, err = call(capsys, "solve", "connect4", "-o", "node_limit=400", "--quiet")
    assert status == 0, err
    assert "search: iterative_deepening until the value is proven (node_limit=400)" in out
    assert "the node limit, 400, stopped the search" in out
    nodes = int(out.split("nodes: ")[1].split()[0].replace(",", ""))
    assert nodes <= 400


def test_the_table_solvers_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = call(capsys, "solve", "pig", "-p", "goal=10", "-o", "tolerance=0.001")
    assert status == 0, err
    assert "(value iteration, to within 0.001)" in out
    status, out, err = call(
        capsys, "solve", "tictactoe", "--searcher", "solve", "-o", "method=memo"
    )
    assert status == 0, err
    assert "solved by memo" in out


def test_a_function_by_its_import_path(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "guesses.py").write_text(
        "def hopeful(state, player):\n    return 0.5 if player == 0 else -0.5\n", "utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    args = ("solve", "tictactoe", "--depth", "1", "--quiet", "-o", "evaluate=guesses:hopeful")
    status, out, err = call(capsys, *args)
    assert status == 0, err
    assert "value: 0.5 for X (estimated at depth 1)" in out  # X's hopeful guess, one ply deep


def test_play_takes_options(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("4\nquit\n"))
    args = ("play", "tictactoe", "--searcher", "mcts", "-o", "iterations=40", "-o", "rng=2")
    status, out, err = call(capsys, *args)
    assert status == 0, err
    assert "by 40 playouts" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "exploraton=2"], "mcts has no option 'exploraton'; its options are bounds, "),
        (["-o", "time_limit=2"], "the command sets time_limit itself: give --time S"),
        (["-o", "depth=2"], "mcts cannot keep depth: it takes --time S, -o node_limit=N or"),
        (["-o", "on_iteration=print"], "mcts has no option 'on_iteration'"),
        (["-o", "exploration"], "give a searcher's option as NAME=VALUE"),
        (["-o", "iterations=3", "-o", "iterations=4"], "-o iterations: given twice"),
        (["-o", "rollout=nowhere_at_all:f"], "cannot import 'nowhere_at_all'"),
        (["-o", "rollout=math:no.such"], "-o rollout: 'math' has no 'no.such'"),
    ],
)
def test_a_bad_option_is_refused_with_the_valid_ones(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = call(capsys, "solve", "tictactoe", "--searcher", "mcts", *args)
    assert status == 2
    assert message in err
    assert out == ""


def test_a_bad_value_is_refused_by_the_searcher(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--searcher", "mcts", "-o", "exploration=-1", "--quiet")
    status, _, err = call(capsys, "solve", "tictactoe", *args)
    assert status == 2
    assert "exploration" in err
    assert "Traceback" not in err
