"""Every meta value of a table file is checked when the file is opened, by the file's name.

Issue 45 (the fourth audit): a file whose ``constant_sum`` was ``null`` was accepted, and every
lookup for player 1 raised a bare ``AssertionError`` (player 1's value is the constant sum
less player 0's). Now each meta value is checked before any is used, by every road that opens
a file (``Solution.load`` with or without the game, in memory or not, a resumed ``solve``,
``opening_book``, ``gamesearch table probe``): a damaged one is a ``TableFileError`` that names
the file, the value and what was expected.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from gamesearch import Solution, TableFileError
from gamesearch.games import Nim
from gamesearch.solving import opening_book, solve
from gamesearch.solving._file import info

GAME = Nim((1, 2), players=2)  # utilities 1 and 0: a constant sum of 1


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a sound table file of :data:`GAME`, made once."""
    path = tmp_path_factory.mktemp("sound") / "nim.sqlite"
    solve(GAME, path=path)
    return path.read_bytes()


@pytest.fixture
def table(tmp_path: Path, sound: bytes) -> Path:
    """A copy of the sound file, to damage."""
    path = tmp_path / "nim.sqlite"
    path.write_bytes(sound)
    return path


def set_meta(path: Path, name: str, value: str | None) -> None:
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("PRAGMA synchronous = OFF")  # a test's copy: no waiting for the disk
        if value is None:
            connection.execute("DELETE FROM meta WHERE name = ?", (name,))
        else:
            connection.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (name, value))


def openers(path: Path) -> dict[str, Callable[[], object]]:
    """Each road that opens a table file, by name."""
    return {
        "Solution.load(path, game)": lambda: Solution.load(path, GAME).close(),
        "in memory": lambda: Solution.load(path, GAME, in_memory=True),
        "without the game": lambda: Solution.load(path, in_memory=True),
        "solve(game, path=path)": lambda: solve(GAME, path=path),
        "table probe": lambda: info(path),
    }


def test_a_null_constant_sum_is_refused_on_opening_not_at_player_ones_lookup(table):
    path = table
    set_meta(path, "constant_sum", "null")
    expected = r"nim\.sqlite is damaged: its meta value constant_sum is 'null', not a number"
    for open_ in openers(path).values():
        with pytest.raises(TableFileError, match=expected):
            open_()


HUGE = "9" * 400  # an int no float holds: float() of it raised a raw OverflowError (adv45, r1)

DAMAGED = {
    "constant_sum": ["null", "true", '"1"', "[1]", "1e999", HUGE, "-" + HUGE],
    "complete": ["yes", "2", ""],
    "method": ["pickle", "auto", ""],  # "auto" is the method asked: a finished file says which
    "key": ["pickle", "", "GAME.KEY"],
    "tolerance": ["-0.5", '"x"', "true", HUGE],
    "tolerance_asked": ["-1", "{}", HUGE],
    "elapsed": ["-3", "[]", "NaN", HUGE, "-" + HUGE, "1e309"],
    "plies": ["-1", "true", "2.5", '"2"', HUGE, str(2**63)],
    "roots": [
        json.dumps([["00", 7]]),  # no player 7
        json.dumps([["00", True]]),
        json.dumps([["00", 0, 1]]),
        json.dumps({"00": 0}),
    ],
    "classes": ["{}", "[[1, 2]]", json.dumps([["no colon", "enum"]]), '"classes"'],
    "game": [json.dumps({"class": "gamesearch.games.nim:Nim"}), "null", "[]"],
    "created": ["\x1b[2J\x1b[31mpwned", "yesterday", "2024-01-01T00:00:00\n"],
}


@pytest.mark.parametrize(
    ("name", "value"),
    [(name, value) for name, values in DAMAGED.items() for value in values],
)
def test_a_damaged_meta_value_is_refused_by_every_road_that_opens_the_file(table, name, value):
    path = table
    set_meta(path, name, value)
    for open_ in openers(path).values():
        with pytest.raises(TableFileError, match=rf"nim\.sqlite is damaged: .*{name}"):
            open_()


@pytest.mark.parametrize("name", ["game", "method", "key", "complete"])
def test_a_missing_meta_value_is_refused(table, name):
    path = table
    set_meta(path, name, None)
    with pytest.raises(TableFileError, match=r"nim\.sqlite"):
        Solution.load(path, GAME)


def test_an_opening_book_without_its_plies_is_refused(tmp_path):
    path = tmp_path / "book.sqlite"
    opening_book(GAME, 2, path=path)
    set_meta(path, "plies", None)
    with pytest.raises(TableFileError, match="plies is None, not a count of plies"):
        Solution.load(path, GAME)
    with pytest.raises(TableFileError, match="plies is None"):
        opening_book(GAME, 2, path=path)


def test_an_unfinished_file_without_entries_needs_no_constant_sum(table):
    path = table
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("DELETE FROM entries")
    set_meta(path, "complete", "0")
    set_meta(path, "constant_sum", None)
    assert info(path).states == 0
    resumed = solve(GAME, path=path)  # a build that stopped before its first batch: resumed
    assert resumed.stats.resumed == 0
    expected = solve(GAME)
    with Solution.load(path, GAME) as reopened:
        assert {key: reopened.value(key, 1) for key in reopened} == {
            key: expected.value(key, 1) for key in expected
        }


@pytest.mark.slow
def test_sound_files_of_every_kind_open(tmp_path):
    from gamesearch.games import Pig

    paths = {
        "memo": solve(GAME, path=tmp_path / "memo.sqlite"),
        "retrograde": solve(GAME, path=tmp_path / "retro.sqlite", method="retrograde"),
        "book": opening_book(GAME, 2, path=tmp_path / "book.sqlite"),
        "chance": solve(Pig(goal=4, die_sides=2), path=tmp_path / "pig.sqlite"),
    }
    assert all(len(solution) for solution in paths.values())
    for path in tmp_path.glob("*.sqlite"):
        found = info(path)
        assert found.complete
        assert found.root_value is not None


def probe(path: Path, *args: str) -> int:
    """``gamesearch table probe`` of ``path``: its exit status."""
    from gamesearch.cli import main

    try:
        return main(["table", "probe", str(path), *args])
    except SystemExit as exit_:
        return int(exit_.code or 0)


@pytest.mark.parametrize("name", ["elapsed", "tolerance_asked", "tolerance", "constant_sum"])
def test_probe_of_a_huge_meta_number_says_so_in_one_line(table, name, capsys):
    set_meta(table, name, HUGE)
    assert probe(table) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"its meta value {name} is '999" in err
    assert "not a finite number of a float's size" in err


def test_probe_says_in_one_line_an_error_the_file_found_in_the_library(table, capsys, monkeypatch):
    def fails(path: object) -> None:
        raise OverflowError("int too large to convert to float")

    monkeypatch.setattr("gamesearch.solving._file.info", fails)
    assert probe(table) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "nim.sqlite cannot be read (OverflowError: 'int too large" in err
    assert "please report it" in err
