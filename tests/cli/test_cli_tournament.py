"""``gamesearch tournament``: a round robin or a gauntlet of searchers, their tally and ratings."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET

import pytest
from cli_helpers import call

from gamesearch import (
    InvalidSearchOptionError,
    alphabeta,
    elo_ratings,
    random_player,
    round_robin,
    searcher_player,
)
from gamesearch.cli._pool import checked_workers
from gamesearch.cli._tournament import entrant_labels, split_entrant
from gamesearch.games import TicTacToe


def test_a_round_robin_gives_the_librarys_tally_and_ratings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = call(capsys, "tournament", "tictactoe", "alphabeta", "random", "random",
                            "--games-per-pair", "4", "--seed", "3", "--ratings",
                            "--anchor", "random", "--prior-draws", "1")  # fmt: skip
    assert status == 0, err
    players = [searcher_player(alphabeta), random_player(), random_player()]
    expected = round_robin(TicTacToe(), players, games_per_pair=4, seed=3)
    names = ["alphabeta", "random", "random #2"]
    for name, win, draw, loss in zip(names, expected.wins, expected.draws, expected.losses,
                                     strict=True):  # fmt: skip
        assert re.search(rf"^{name} +{win} won, {draw} drawn, {loss} lost: ", out, re.M), out
    ratings = elo_ratings(expected, names=names, anchor="random", prior_draws=1)
    assert ratings.table() in out
    assert "games: 12 of 12 done" in err  # the progress line


def test_a_gauntlet_plays_the_first_entrant_against_each_other(
    capsys: pytest.CaptureFixture[str], tmp_path
) -> None:
    picture = tmp_path / "ratings.svg"
    status, out, err = call(capsys, "tournament", "tictactoe", "alphabeta", "random",
                            "mcts:iterations=20", "--gauntlet", "--games-per-pair", "2",
                            "--quiet", "--svg", str(picture), "--prior-draws", "2")  # fmt: skip
    assert status == 0, err
    assert err == ""
    tallies = re.findall(r"^(\S+) +(\d+) won, (\d+) drawn, (\d+) lost", out, re.M)
    played = {name: sum(map(int, counts)) for name, *counts in tallies}
    assert played == {"alphabeta": 4, "random": 2, "mcts:iterations=20": 2}
    assert "Elo: Bradley-Terry" in out  # --svg implies --ratings
    svg = ET.fromstring(picture.read_text(encoding="utf-8"))
    assert len(svg.findall("{http://www.w3.org/2000/svg}circle")) == 3


def test_ratings_the_games_cannot_give_are_an_error_after_the_tally(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = call(capsys, "tournament", "tictactoe", "alphabeta", "random",
                            "--games-per-pair", "2", "--quiet", "--ratings")  # fmt: skip
    assert status == 1
    assert re.search(r"^alphabeta +2 won, 0 drawn, 0 lost", out, re.M)
    assert "error: elo_ratings: random scored nothing" in err
    assert "or give prior_draws" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["alphabeta"], "two or more entrants"),
        (["random", "random", "--games-per-pair", "3"], "must be even"),
        (["random", "random:depth=0"], "random:depth=0: depth must be an integer >= 1"),
        (["random", "random:seed=1"], "the random player takes no options"),
        (["random", "random:depth=3"], "the random player takes no options (not depth=3)"),
        (["random", "random", "--ratings", "--anchor", "nobody"], "no entrant 'nobody'"),
        (["random", "random", "--ratings", "--prior-draws", "-1"], "--prior-draws must be"),
        (["random", "random", "--workers", "100000"], "--workers 100000 is too many"),
    ],
)
def test_a_bad_command_line_is_refused(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = call(capsys, "tournament", "tictactoe", "--quiet", *args)
    assert status == 2
    assert out == ""  # refused before the header, before the first game
    assert message in err


def test_a_game_of_three_players_is_refused_before_anything_is_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = call(capsys, "tournament", "nim", "random", "random")
    assert (status, out) == (2, "")
    assert "tournament pairs two entrants a game: nim has 3 players" in err


def test_workers_are_no_more_than_the_games_nor_four_a_cpu() -> None:
    cpus = os.cpu_count() or 1
    assert checked_workers(4 * cpus, 1, "tournament") == 1  # one game: one process
    assert checked_workers(3, 10, "tournament") == 3
    with pytest.raises(InvalidSearchOptionError, match="at most 4 processes a CPU"):
        checked_workers(4 * cpus + 1, 10, "tournament")


def test_an_entrant_is_a_searcher_and_its_own_options() -> None:
    assert split_entrant("mcts") == ("mcts", [])
    assert split_entrant("mcts:iterations=9,exploration=2") == (
        "mcts",
        ["iterations=9", "exploration=2"],
    )
    assert entrant_labels(["a", "b", "a", "a"]) == ["a", "b", "a #2", "a #3"]


def test_the_help_writes_95_percent_once(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = call(capsys, "tournament", "--help")
    assert status == 0
    assert "95% intervals" in " ".join(out.split())
    assert "%%" not in out


def test_the_teachers_tournament_without_openings_says_its_games_repeat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = call(capsys, "tournament", "connect4", "alphabeta:depth=1",
                            "alphabeta:depth=2", "--games-per-pair", "10", "--quiet",
                            "--random-openings", "0")  # fmt: skip
    assert status == 0, err
    assert "repeated: 8 games repeated an earlier game move for move" in out
