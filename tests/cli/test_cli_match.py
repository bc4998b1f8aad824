"""``gamesearch match``: two searchers play a series of games (issue 27, section 7)."""

from __future__ import annotations

import math
import re
import statistics

import pytest
from cli_helpers import call

from gamesearch import Pentanomial, alphabeta, random_player, searcher_player, tournament
from gamesearch._intervals import t_quantile
from gamesearch.cli._match import PlanPlayer, wilson
from gamesearch.frontdoor.plans import Plan
from gamesearch.games import TicTacToe


def tally(out: str, side: str) -> tuple[int, int, int]:
    found = re.search(rf"^{side} +(\d+) won, (\d+) drawn, (\d+) lost: ", out, re.MULTILINE)
    assert found is not None, out
    return int(found[1]), int(found[2]), int(found[3])


def test_a_match_gives_the_tournaments_tally_with_intervals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = call(
        capsys, "match", "tictactoe", "alphabeta", "random", "--games", "6", "--seed", "3"
    )
    assert status == 0, err
    expected = tournament(  # the same games, played by the library
        TicTacToe(), [searcher_player(alphabeta), random_player()], games=6, seed=3
    )
    assert tally(out, "A alphabeta") == (expected.wins[0], expected.draws[0], expected.losses[0])
    assert tally(out, "B random") == (expected.wins[1], expected.draws[1], expected.losses[1])
    score = expected.score[0]
    low, high = wilson(score, 6)
    assert f"score {score:g} of 6 ({score / 6:.3f}, 95% interval {low:.3f} .. {high:.3f})" in out
    pairs = Pentanomial.of(expected)
    assert f"pairs of games, A's points: {pairs} ({pairs.pairs} pairs)" in out
    gap = pairs.difference()
    assert f"(95% interval {gap.low:+.0f} .. {gap.high:+.0f}, from the pairs)" in out
    assert err.splitlines()[-1].startswith("games: 6 of 6 done, ")  # as table build's parts
    assert re.fullmatch(r"(games: \d of 6 done, [\d.,]+ games/s(, about \d+ s left)?\n)+", err), err


def test_a_match_gives_each_sides_mean_utility_with_its_t_interval(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("match", "tictactoe", "random", "random", "--games", "8", "--seed", "5", "--quiet")
    status, out, err = call(capsys, *args)
    assert status == 0, err
    played = tournament(TicTacToe(), [random_player(), random_player()], games=8, seed=5)
    for side, label in enumerate(("A random", "B random")):
        won = [
            record.utilities[seats.index(side)]
            for record, seats in zip(played.records, played.seats, strict=True)
        ]
        mean = statistics.fmean(won)
        half = t_quantile(0.975, 7) * statistics.stdev(won) / math.sqrt(8)
        line = f"{mean:+.3f} (95% interval {mean - half:+.3f} .. {mean + half:+.3f})"
        assert f"{label}  mean utility per game {line}\n" in out, out


def test_each_side_has_its_own_depth(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("match", "connect4", "alphabeta", "alphabeta", "--games", "2", "--quiet")
    status, out, err = call(capsys, *args, "-a", "depth=2", "-b", "depth=1")
    assert status == 0, err
    assert "A alphabeta: alphabeta 2 plies deep\nB alphabeta: alphabeta 1 ply deep\n" in out


def test_options_of_each_side(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("match", "tictactoe", "mcts", "mcts", "--games", "2", "--quiet")
    status, out, err = call(capsys, *args, "-o", "iterations=50", "-a", "exploration=0.5")
    assert status == 0, err
    assert "A mcts: mcts for 50 playouts (exploration=0.5)\n" in out
    assert "B mcts: mcts for 50 playouts\n" in out
    assert err == ""
    won = [sum(tally(out, side)) for side in ("A mcts", "B mcts")]
    assert won == [2, 2]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nim", "maxn", "maxn"], "match plays two searchers against each other: nim has 3"),
        (["tictactoe", "mcts", "alphabeta", "-a", "explore=1"], "mcts has no option 'explore'"),
        (["tictactoe", "random", "alphabeta", "-b", "depth=0"], "-b: depth must be an integer"),
        (["tictactoe", "random", "alphabeta", "-a", "x=1"], "the random player takes no"),
        (["pig", "alphabeta", "random"], "pig is a game of chance"),
        (["tictactoe", "alphabeta", "random", "--games", "0"], "--games: must be an integer >= 1"),
    ],
)
def test_a_bad_match_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = call(capsys, "match", *args)
    assert status == 2
    assert message in err
    assert out == ""


def test_the_score_interval_and_elo() -> None:
    # Wilson's interval, worked by hand for 7 points in 10 games (z = 1.96).
    low, high = wilson(7, 10)
    z = 1.96
    centre = (0.7 + z * z / 20) / (1 + z * z / 10)
    half = z / (1 + z * z / 10) * math.sqrt(0.7 * 0.3 / 10 + z * z / 400)
    assert (low, high) == pytest.approx((centre - half, centre + half))
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 10)[0] == 0.0


@pytest.mark.slow
def test_a_match_on_worker_processes_plays_the_same_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("match", "tictactoe", "alphabeta", "random", "--games", "4", "--seed", "5", "--quiet")
    status, serial, err = call(capsys, *args)
    assert status == 0, err
    status, parallel, err = call(capsys, *args, "--workers", "2")
    assert status == 0, err
    assert parallel == serial


def test_a_match_with_sprt_prints_the_ratio_as_pairs_come_in_and_the_verdict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = call(capsys, "match", "connect4", "alphabeta", "random", "--depth", "1",
                            "--sprt", "0,400", "--games", "100", "--quiet")  # fmt: skip
    assert status == 0, err
    assert "up to 100 games, until the SPRT of H0: +0 Elo against H1: +400 Elo" in out
    told = re.findall(r"^pairs (\d+): LLR ([-+][\d.]+) \(bounds -2\.94, \+2\.94\)$", out, re.M)
    assert told, out
    assert float(told[-1][1]) >= 2.94
    assert re.search(r"^SPRT: H1 accepted \(LLR \+[\d.]+, bounds -2\.94 and \+2\.94\)$", out, re.M)
    pairs = re.search(r"^pairs of games, A's points: Ptnml\(0-2\): [\d, ]+ \((\d+) pairs\)$", out,
                      re.M)  # fmt: skip
    assert pairs is not None
    assert int(pairs[1]) == int(told[-1][0])
    status, _, err = call(capsys, "match", "connect4", "alphabeta", "random", "--depth", "1",
                          "--sprt", "0,400", "--games", "100")  # fmt: skip
    assert status == 0, err
    last = err.splitlines()[-1]  # the games played when the test decided, not all 100
    assert re.fullmatch(r"games: \d+ of 100 done, [\d,.]+ games/s", last), err
    assert int(last.split()[1]) < 100


def test_a_match_of_no_openings_counts_each_repeated_game_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = call(capsys, "match", "connect4", "alphabeta", "alphabeta", "--depth", "1",
                            "--games", "6", "--random-openings", "0", "--quiet")  # fmt: skip
    assert status == 0, err
    assert "(none: every game from the start)" in out
    assert "repeated: 4 games repeated an earlier game move for move" in out


def test_a_match_plays_a_suite_of_openings_read_as_data(
    capsys: pytest.CaptureFixture[str], tmp_path
) -> None:
    suite = tmp_path / "suite.txt"
    suite.write_text("3 3\n0 6 # a corner each\n", encoding="utf-8")
    status, out, err = call(capsys, "match", "connect4", "alphabeta", "random", "--depth", "1",
                            "--games", "4", "--openings", str(suite), "--quiet")  # fmt: skip
    assert status == 0, err
    assert f"(the suite {suite}: 2 openings)" in out
    suite.write_text("3 9\n", encoding="utf-8")
    status, out, err = call(capsys, "match", "connect4", "random", "random", "--openings",
                            str(suite))  # fmt: skip
    assert status == 2  # a bad command line, refused before the header
    assert out == ""
    assert "line 1: move 2, '9', is not legal there" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sprt", "10"], "--sprt takes ELO0,ELO1"),
        (["--sprt", "10,0"], "--sprt ELO0,ELO1 needs ELO0 below ELO1"),
        (["--sprt", "0,10", "--alpha", "0.7"], "--alpha must be a number above 0, below 0.5"),
        (["--alpha", "0.01"], "--alpha set the error rates of the sequential test: give --sprt"),
        (["--alpha", "0.01", "--beta", "0.1"], "--alpha and --beta set the error rates"),
        (["--sprt", "0,10", "--games", "7"], "--games must be even with --sprt"),
        (["--random-openings", "-1"], "must be an integer from 0 to 1000"),
    ],
)
def test_a_bad_test_or_opening_is_refused(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, _, err = call(capsys, "match", "tictactoe", "random", "random", "--quiet", *args)
    assert status == 2
    assert message in err


@pytest.mark.parametrize(
    ("plan", "deterministic"),
    [
        (Plan("alphabeta", depth=3), True),
        (Plan("iterative_deepening", depth=3, seconds=0.5), False),  # --time: the clock decides
        (Plan("mcts", options=(("iterations", 100),)), False),
        (Plan("alphabeta", depth=3, options=(("time_limit", 1.0),)), False),
        (Plan("pns", options=(("node_limit", 1000),)), True),
    ],
)
def test_the_commands_players_are_deterministic_only_without_a_clock_or_dice(plan, deterministic):
    assert PlanPlayer(plan).deterministic is deterministic


@pytest.mark.slow
def test_a_sequential_test_stops_when_only_copies_are_left(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The walk: deterministic players on Connect Four's 49 two-move openings played 10,000
    # games, 9,902 of them copies. One-move openings give 7: the match stops after them.
    status, out, err = call(capsys, "match", "connect4", "alphabeta", "alphabeta", "--depth", "1",
                            "--random-openings", "1", "--sprt", "0,10", "--quiet")  # fmt: skip
    assert status == 0, err
    assert "1 random move drawn from --seed 0" in out
    assert "warning: random openings of 1 move give only 7 distinct openings for 5,000 pairs" in err
    assert "deterministic players replay the same games from them, counted once" in err
    assert "SPRT: undecided" in out
    assert "no new games left: the 7 distinct openings were all played" in out
    assert "longer random openings (more plies), a larger suite of openings, or players" in out
    games = re.findall(r"(\d+) won, (\d+) drawn, (\d+) lost", out)
    assert sum(map(int, games[0])) == 14  # each opening's pair once


def test_two_sources_of_openings_are_refused_saying_which_to_keep(
    capsys: pytest.CaptureFixture[str], tmp_path
) -> None:
    suite = tmp_path / "suite.txt"
    suite.write_text("3 3\n", encoding="utf-8")
    status, out, err = call(capsys, "match", "connect4", "random", "random", "--openings",
                            str(suite), "--random-openings", "4")  # fmt: skip
    assert status == 2
    assert out == ""
    assert "--openings and --random-openings are two sources of openings: keep one" in err


def test_a_suite_shorter_than_the_pairs_is_warned_of_and_its_repeats_advised_on(
    capsys: pytest.CaptureFixture[str], tmp_path
) -> None:
    suite = tmp_path / "suite.txt"
    suite.write_text("# two openings\n3 3\n0 6\n", encoding="utf-8")
    status, out, err = call(capsys, "match", "connect4", "alphabeta", "alphabeta", "--depth", "1",
                            "--games", "8", "--openings", str(suite), "--quiet")  # fmt: skip
    assert status == 0, err
    assert f"warning: the suite {suite} has only 2 distinct openings for 4 pairs of games" in err
    assert "repeated: 4 games repeated an earlier game move for move" in out
    assert "a larger suite (more distinct openings)" in out
    assert "a suite (--openings FILE)" not in out  # it is one already


# Openings that leave the players no game (the adv48 walk).


def test_random_openings_as_long_as_the_game_are_refused_before_anything_is_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Nine random moves on tic-tac-toe leave one forced move: random play would be rated.
    status, out, err = call(capsys, "match", "tictactoe", "alphabeta", "random",
                            "--random-openings", "9")  # fmt: skip
    assert (status, out) == (2, "")
    assert "--random-openings 9:" in err
    assert "fewer than 2 decisions" in err


def test_a_suite_line_that_leaves_one_choice_is_refused_and_a_shorter_one_plays(
    capsys: pytest.CaptureFixture[str], tmp_path
) -> None:
    suite = tmp_path / "suite.txt"
    suite.write_text("0 1 2 4 3 5 7\n", encoding="utf-8")  # two cells: one choice, then forced
    status, out, err = call(capsys, "tournament", "tictactoe", "random", "random",
                            "--openings", str(suite), "--quiet")  # fmt: skip
    assert (status, out) == (2, "")
    assert "1 opening of the suite" in err
    assert "'0 1 2 4 3 5 7') leaves the players fewer than 2 decisions" in err
    suite.write_text("0 1 2 4 3 5\n", encoding="utf-8")  # three cells: two choices
    status, out, err = call(capsys, "tournament", "tictactoe", "random", "random",
                            "--openings", str(suite), "--quiet")  # fmt: skip
    assert status == 0, err


@pytest.mark.slow  # two games of Connect Four, a few seconds a move for B
def test_a_side_with_no_limit_on_a_large_game_plays_with_the_default_limit_per_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # -a depth=4 alone left B searching Connect Four to the end at every move: no game ended.
    # B now plays as `play` does, with the game's limit per move.
    status, out, err = call(capsys, "match", "connect4", "alphabeta", "alphabeta",
                            "-a", "depth=4", "--games", "2", "--quiet")  # fmt: skip
    assert status == 0, err
    assert "B alphabeta: alphabeta until the value is proven, at most 2 s" in out
    assert "(1 pair)" in out


def test_a_side_with_no_limit_on_a_small_game_plays(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = call(capsys, "match", "tictactoe", "alphabeta", "random",
                            "--games", "2", "--quiet")  # fmt: skip
    assert status == 0, err
    assert "A alphabeta: alphabeta until the value is proven, at most 1 s" in out


@pytest.mark.parametrize("flag", ["-b", "-o"])
def test_a_depth_for_the_random_player_alone_is_refused(
    capsys: pytest.CaptureFixture[str], flag: str
) -> None:
    status, out, err = call(capsys, "match", "tictactoe", "alphabeta", "random", flag, "depth=2",
                            "--games", "2", "--quiet")  # fmt: skip
    if flag == "-b":
        assert (status, out) == (2, "")
        assert "-b: the random player takes no options (not depth=2)" in err
    else:  # for every player: alpha-beta takes it
        assert status == 0, err
        assert "A alphabeta: alphabeta 2 plies deep" in out
