"""Openings: random lines drawn from a seed, and suites read from files as data."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamesearch import InvalidSearchOptionError, RandomOpenings, read_openings
from gamesearch.errors import TableFileError
from gamesearch.games import ConnectFour, GameTree, Pig, TicTacToe
from gamesearch.openings import (
    MAX_PLIES,
    decisions_left,
    move_text,
    random_openings,
    schedule_openings,
)


def test_random_openings_are_distinct_lines_of_the_plies_asked_and_the_seeds_own():
    game = ConnectFour()
    lines = random_openings(game, 30, plies=4, seed=3)
    assert len(lines) == 30 == len(set(lines))
    assert all(len(line) == 4 for line in lines)
    assert lines == random_openings(game, 30, plies=4, seed=3)
    assert lines != random_openings(game, 30, plies=4, seed=4)


def test_lines_that_reach_one_position_count_once():
    # X at 0, O at 1, X at 2 and X at 2, O at 1, X at 0 reach one position: one opening.
    game = TicTacToe()
    lines = random_openings(game, 60, plies=3, seed=1)
    positions = set()
    for line in lines[: len(set(lines))]:
        state = game.initial_state()
        for move in line:
            state = game.result(state, move)
        positions.add(state)
    distinct = len(positions)
    assert distinct == len(set(lines))  # as many positions as lines before they repeat


def test_a_game_with_fewer_openings_than_asked_gives_each_then_the_same_again():
    game = GameTree({"a": {"x": 1, "y": -1}, "b": {"x": 0, "y": 0}})
    lines = random_openings(game, 5, plies=1, seed=0)
    assert sorted(set(lines)) == [("a",), ("b",)]
    assert lines[2:] == (lines[0], lines[1], lines[0])


def test_an_opening_stops_before_a_move_that_would_end_the_game():
    game = GameTree({"a": {"x": 1, "y": -1}, "b": 0})  # b ends the game at once
    for line in random_openings(game, 10, plies=5, seed=2):
        assert line == ("a",)  # never b, and never past a's children, which all end it


def test_chance_outcomes_are_drawn_in_an_opening_with_their_probabilities():
    game = Pig(goal=20)
    lines = random_openings(game, 40, plies=2, seed=5)
    rolled = [line for line in lines if line[0] == "roll"]
    assert rolled
    assert all(line[1] in range(1, 7) for line in rolled)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"count": -1}, "count must be an int"),
        ({"count": True}, "count must be an int"),
        ({"count": 10**400}, r"1\.000e\+400 \(an int of 401 digits\)"),
        ({"plies": MAX_PLIES + 1}, "plies must be an int from 0 to 1,000"),
        ({"plies": 2.0}, "plies must be an int"),
        ({"seed": "x"}, "seed must be an int"),
    ],
)
def test_random_openings_refuse_options_out_of_range(options, message):
    settings = {"count": 3, "plies": 2, "seed": 0} | options
    count = settings.pop("count")
    with pytest.raises(InvalidSearchOptionError, match=message):
        random_openings(TicTacToe(), count, **settings)


def test_random_openings_of_a_tournament_refuse_a_bad_number_of_plies():
    with pytest.raises(InvalidSearchOptionError, match="RandomOpenings: plies must be"):
        RandomOpenings(-1)


def suite(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "suite.txt"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_a_suite_is_one_opening_a_line_with_comments_and_blank_lines(tmp_path):
    path = suite(tmp_path, "# a book\n\n3 3\n  3 2   # beside\n0\n")
    assert read_openings(path, ConnectFour()) == ((3, 3), (3, 2), (0,))


def test_a_move_is_read_as_the_command_writes_it():
    assert [move_text(move) for move in ((0, 2), 4, "roll")] == ["0,2", "4", "roll"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3 3\n3 9\n", r"line 2: move 2, '9', is not legal there \(legal: 0, 1, 2"),
        ("__import__('os').system('true')\n", "line 1: move 1, .* is not legal there"),
        ("0 1 0 1 0 1 0\n", "line 1: the game is over after the opening"),
        ("0 1 0 1 0 1 0 1\n", "line 1: the game is over before move 8"),
        ("# nothing\n\n", "holds no opening"),
        ("0 " * (MAX_PLIES + 1), "1,001 moves, more than an opening's 1,000"),
    ],
)
def test_a_hostile_suite_is_refused_with_its_line_and_move(tmp_path, text, message):
    with pytest.raises(TableFileError, match=message):
        read_openings(suite(tmp_path, text), ConnectFour())


def test_a_suite_that_is_not_text_or_too_large_or_missing_is_refused(tmp_path):
    with pytest.raises(TableFileError, match="not UTF-8 text"):
        read_openings(suite(tmp_path, b"\xff\xfe3 3\n"), ConnectFour())
    with pytest.raises(TableFileError, match="cannot read an opening suite"):
        read_openings(tmp_path / "absent.txt", ConnectFour())
    big = tmp_path / "big.txt"
    with big.open("wb") as file:
        file.truncate(16 * 1024 * 1024 + 1)
    with pytest.raises(TableFileError, match="larger than 16,777,216 bytes"):
        read_openings(big, ConnectFour())


def test_a_tournaments_suite_is_checked_and_used_in_turn():
    game = ConnectFour()
    assert schedule_openings(game, [(3,), [2, 2]], 5, 0, "t") == ((3,), (2, 2), (3,), (2, 2), (3,))
    assert schedule_openings(game, None, 2, 0, "t") == ((), ())
    drawn = schedule_openings(game, RandomOpenings(3), 4, 7, "t")
    assert len(set(drawn)) == 4
    assert all(len(line) == 3 for line in drawn)


@pytest.mark.parametrize(
    ("openings", "message"),
    [
        ([], "openings must be RandomOpenings"),
        ("33", "openings must be RandomOpenings"),
        ([(3,), "3"], "opening 1 must be a sequence of moves"),
        ([(3, 9)], "opening 0: move 2, 9, is not legal there"),
        ([(0, 1, 0, 1, 0, 1, 0)], "opening 0: the game is over after the opening"),
    ],
)
def test_a_tournaments_bad_openings_are_refused(openings, message):
    with pytest.raises(InvalidSearchOptionError, match=message):
        schedule_openings(ConnectFour(), openings, 2, 0, "tournament")


def test_decisions_left_counts_positions_with_a_choice_on_the_longest_line():
    game = TicTacToe()
    state = game.initial_state()
    counts = []
    for move in [0, 1, 2, 4, 3, 5, 7]:
        state = game.result(state, move)
        counts.append(decisions_left(game, state, enough=3))
    # Eight cells to three: plenty; then two cells (one choice, then forced); one cell: none.
    assert counts == [3, 3, 3, 3, 3, 2, 1]
    state = game.result(state, 6)
    assert decisions_left(game, state) == 0


def test_a_suite_saved_with_a_byte_order_mark_reads_as_without(tmp_path):
    suite = tmp_path / "suite.txt"
    suite.write_bytes("\ufeff3 2\n0\n".encode())
    assert read_openings(suite, ConnectFour()) == ((3, 2), (0,))
