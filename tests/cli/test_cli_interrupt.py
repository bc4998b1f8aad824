"""Ctrl-C keeps what a search found (issue 26): ``solve --searcher mcts`` and the exact solver.

``mcts`` is run by the command in slices over one tree, so that Ctrl-C loses the slice under
way at most; the slices make the same search as one call (the same tree, the same generator).
"""

from __future__ import annotations

import re

import pytest
from cli_helpers import interrupt

from gamesearch import mcts
from gamesearch.cli import main
from gamesearch.games import ConnectFour, TicTacToe


@pytest.mark.slow
def test_ctrl_c_in_mcts_prints_the_best_result_so_far() -> None:
    args = ("solve", "tictactoe", "-p", "size=5", "-p", "k=4", "--searcher", "mcts")
    status, out, err = interrupt(*args, "--time", "100", once="playouts ", lines=2)
    assert status == 130, err
    assert "interrupted: the best result so far" in err
    assert "before the first iteration completed" not in err
    reported = [int(n.replace(",", "")) for n in re.findall(r"^playouts ([\d,]+) ", err, re.M)]
    assert len(reported) >= 2
    found = re.search(r"value: \S+ for X \(estimated by ([\d,]+) playouts\)", out)
    assert found is not None, out
    assert int(found[1].replace(",", "")) >= reported[1]  # no completed slice is lost
    assert "estimate by" in out
    assert "Ctrl-C stopped the search" in out
    assert re.search(r"best move: \d+\n", out)
    assert "Traceback" not in out + err


@pytest.mark.slow
def test_ctrl_c_in_the_exact_solver_says_there_is_no_estimate() -> None:
    status, out, err = interrupt("solve", "connect4", once="solving: ")
    assert status == 130, err
    assert "before the search had a result" in err
    assert "--depth N or --time S gives one" in err
    assert "Traceback" not in out + err


@pytest.mark.parametrize(
    "game",
    [TicTacToe(), pytest.param(ConnectFour(width=5, height=4), marks=pytest.mark.slow)],
    ids=repr,
)
@pytest.mark.slow
def test_mcts_in_slices_is_the_same_search_as_one_call(
    capsys: pytest.CaptureFixture[str], game: object
) -> None:
    whole = mcts(game, iterations=3000, rng=1)  # type: ignore[call-overload]
    name = "tictactoe" if isinstance(game, TicTacToe) else "connect4"
    params = [] if name == "tictactoe" else ["-p", "width=5", "-p", "height=4"]
    status = main(
        ["solve", name, *params, "--searcher", "mcts", "-o", "iterations=3000", "-o", "rng=1"]
    )
    out, err = capsys.readouterr()
    assert status == 0, err
    assert f"best move: {whole.action}\n" in out
    assert f"value: {whole.value:g} for X (estimated by 3,000 playouts)" in out
    assert f"principal variation: {' '.join(map(str, whole.pv))}\n" in out
    assert err.splitlines()[-1].startswith("playouts 3,000  ")  # one line per slice


@pytest.mark.slow
def test_ctrl_c_in_a_match_prints_the_games_finished() -> None:
    args = ("match", "connect4", "iterative_deepening", "mcts", "--games", "100")
    # In the middle of a game, inside a search: Ctrl-C stops the match, not just the game.
    status, out, err = interrupt(*args, "--time", "0.05", once="games: ", pause=0.3)
    assert status == 130, err
    finished = re.search(r"interrupted after (\d+) of 100 games", err)
    assert finished is not None, err
    counts = re.findall(r"(\d+) won, (\d+) drawn, (\d+) lost", out)
    assert len(counts) == 2
    assert sum(map(int, counts[0])) == int(finished[1])
    assert "Traceback" not in out + err


@pytest.mark.slow
def test_ctrl_c_in_a_tournament_prints_the_tally_and_ratings_of_the_games_finished() -> None:
    # Two progress lines: a second of games, dozens of them, every pairing met.
    args = ("tournament", "tictactoe", "alphabeta", "mcts", "random", "--games-per-pair", "1000")
    rated = ("--ratings", "--prior-draws", "1")
    status, out, err = interrupt(*args, *rated, once="games: ", lines=2, pause=0.3)
    assert status == 130, err
    finished = re.search(r"interrupted after (\d+) games", err)
    assert finished is not None, err
    counts = re.findall(r"(\d+) won, (\d+) drawn, (\d+) lost", out)
    assert len(counts) == 3
    assert sum(sum(map(int, row)) for row in counts) == 2 * int(finished[1])  # two per game
    assert "Elo: Bradley-Terry" in out
    assert "Traceback" not in out + err


@pytest.mark.slow
def test_ctrl_c_before_the_games_can_be_rated_still_prints_the_tally() -> None:
    args = ("tournament", "connect4", "iterative_deepening", "random", "random", "--ratings")
    # After the first game: the random players have not met yet.
    status, out, err = interrupt(*args, "--time", "0.2", once="games: ", pause=0.3)
    assert status == 130, err
    assert len(re.findall(r"(\d+) won, (\d+) drawn, (\d+) lost", out)) == 3
    assert "no ratings: elo_ratings: " in err
    assert "Traceback" not in out + err


@pytest.mark.slow
def test_ctrl_c_in_a_sequential_test_prints_the_last_ratio() -> None:
    args = ("match", "connect4", "iterative_deepening", "mcts", "--sprt", "0,10")
    status, out, err = interrupt(*args, "--time", "0.05", once="games: ", pause=0.3)
    assert status == 130, err
    assert re.search(r"SPRT: undecided, interrupted \(LLR [+-]\d+\.\d\d, bounds -2\.94 and "
                     r"\+2\.94\)", out), out  # fmt: skip
    assert "Traceback" not in out + err
