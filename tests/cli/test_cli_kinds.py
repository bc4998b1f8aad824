"""The command on games of every kind: its default fits, a misfit is refused before output.

Issue 47, an adversary's walk: ``solve`` and ``play`` refused a game of chance of 1 or 3 players
with their own default ("--searcher expectiminimax: ... is not a two-player game"); the table
solver printed the board and its plan, then failed (exit 1) on a game that is not constant-sum;
a library warning came out raw, with a path and a line of code.
"""

from __future__ import annotations

import pytest

from gamesearch.cli import main


def _call(capsys, *args: str) -> tuple[int, str, str]:
    try:
        status = main(list(args))
    except SystemExit as stopped:
        status = int(stopped.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("players", [1, 3])
def test_a_game_of_chance_of_one_or_three_players_is_solved_by_its_default(
    capsys, players
) -> None:
    status, out, err = _call(
        capsys, "solve", "kinds_games:ChanceKinded", "-p", f"players={players}",
        "-o", "iterations=200", "--quiet",
    )  # fmt: skip
    assert status == 0, err
    assert "search: mcts for 200 playouts" in out


def test_play_on_a_game_of_chance_of_three_players_moves(capsys, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("0\n0\n"))
    status, out, err = _call(
        capsys, "play", "kinds_games:ChanceKinded", "-p", "players=3", "--time", "0.05",
    )  # fmt: skip
    assert status == 0, err
    assert "the computer (player 1) plays" in out


@pytest.mark.parametrize(
    "args",
    [
        ["kinds_games:ChanceKinded", "-p", "sums=other", "--searcher", "solve"],
        ["kinds_games:Kinded", "-p", "sums=other", "--searcher", "solve"],
    ],
)
def test_the_table_solver_refuses_a_game_that_is_not_constant_sum_before_output(
    capsys, args
) -> None:
    status, out, err = _call(capsys, "solve", *args)
    assert (status, out) == (2, "")
    assert "--searcher solve needs a constant-sum game" in err


def test_a_game_of_chance_that_is_not_constant_sum_is_solved_by_expectiminimax(capsys) -> None:
    status, out, err = _call(capsys, "solve", "kinds_games:ChanceKinded", "-p", "sums=other")
    assert status == 0, err
    assert "search: expectiminimax until the value is proven, at most 10 s" in out
    assert "(proven)" in out


def test_a_warning_is_one_line_in_the_commands_terms(capsys) -> None:
    status, _, err = _call(capsys, "solve", "tictactoe", "--depth", "2", "--quiet")
    assert status == 0
    assert err.startswith("gamesearch: warning: iterative_deepening: stopped before")
    assert "-o evaluate=module:name" in err
    assert ".py:" not in err
    assert "Pass evaluate" not in err
    assert len(err.splitlines()) == 1
