"""Hostile table files: a file may cause an error about itself, never run code or hang.

Each file here is made by hand with ``sqlite3``, as an attacker (or a damaged disk) would: a
pickle payload in every column, a spec and a game identity that name ``os.system``, lying
roots, extra and missing columns, text where numbers belong, keys that decode to huge
integers or deep tuples. Every road that reads a file is tried on each: ``Solution.load``
(lazy and in memory, then looked up and iterated), resuming ``solve(game, path=...)`` and
``gamesearch table probe``. The payloads would create a marker file; none may exist after.
"""

from __future__ import annotations

import json
import os
import pickle
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from gamesearch import GameSearchError, Solution, TableFileError
from gamesearch.cli import main
from gamesearch.games import Nim, TicTacToe
from gamesearch.identity import game_identity
from gamesearch.solving import solve
from gamesearch.solving._codec import CODEC, MAX_DEPTH, MAX_INT_BYTES, encode

GAME = Nim((1, 2), players=2)


class Payload:
    """Unpickling this runs ``os.system``: what a crafted format-1 file would hold."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[str]]:
        return os.system, (f"touch {self.marker}",)


def good_file(tmp_path: Path) -> Path:
    """A sound table file of :data:`GAME`, to be damaged by each test."""
    path = tmp_path / "table.sqlite"
    solve(GAME, path=path)
    return path


def execute(path: Path, *statements: tuple[str, tuple[Any, ...]]) -> None:
    with closing(sqlite3.connect(path)) as connection, connection:
        for sql, parameters in statements:
            connection.execute(sql, parameters)


def set_meta(path: Path, name: str, value: Any) -> None:
    execute(path, ("INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)", (name, value)))


def readers(path: Path) -> Iterator[tuple[str, Callable[[], object]]]:
    """Every way the library reads a table file, each a call that may only raise."""

    def lazy() -> object:
        with Solution.load(path, GAME) as solution:
            found = [solution.value(GAME.initial_state()), *solution]
            return [*found, solution.best_actions(GAME.initial_state())]

    def in_memory() -> object:
        solution = Solution.load(path, GAME, in_memory=True)
        return solution.value(GAME.initial_state()), solution.best_actions(GAME.initial_state())

    def by_the_file() -> object:
        return Solution.load(path, in_memory=True)

    def resume() -> object:
        return solve(GAME, path=path)

    def probe() -> object:
        if _probe(path, "--moves", "1,1") != 0:
            raise TableFileError("the command exited 1")  # said on stderr, checked below
        return 0

    yield from [
        ("Solution.load", lazy),
        ("Solution.load(in_memory=True)", in_memory),
        ("Solution.load(path) without the game", by_the_file),
        ("solve(path=...) resumed", resume),
        ("gamesearch table probe", probe),
    ]


def _probe(path: Path, *args: str) -> int:
    try:
        return main(["table", "probe", str(path), *args])
    except SystemExit as exit_:
        return int(exit_.code or 0)


def refused_everywhere(path: Path, marker: Path, capsys: pytest.CaptureFixture[str]) -> int:
    """Try every reader on ``path``: how many refused it with a library error (the CLI: exit 1).

    None may run the file's code, print a traceback or raise anything but a library error.
    """
    refused = 0
    for name, read in readers(path):
        try:
            read()
        except GameSearchError:
            refused += 1
        assert not marker.exists(), f"{name} ran the file's code"
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.count("gamesearch: error:") == err.count("\n")  # one line per refusal
    return refused


@pytest.fixture
def marker(tmp_path: Path) -> Path:
    return tmp_path / "ran"


def test_a_format_1_file_with_a_pickle_payload_is_refused_unread(tmp_path, marker, capsys):
    path = tmp_path / "old.sqlite"
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.executescript(
            "CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);"
            "CREATE TABLE entries (key BLOB PRIMARY KEY, value REAL NOT NULL, distance INTEGER,"
            " actions BLOB) WITHOUT ROWID;"
        )
        meta = {"format": "gamesearch-solution 1", "game": repr(GAME), "complete": "1"}
        connection.executemany("INSERT INTO meta VALUES (?, ?)", list(meta.items()))
        payload = pickle.dumps(Payload(marker))
        connection.execute("INSERT INTO entries VALUES (?, 1.0, 1, ?)", (payload, payload))
    assert refused_everywhere(path, marker, capsys) == 5
    with pytest.raises(TableFileError, match=r"format 1 .*pickle.*Rebuild"):
        Solution.load(path, GAME)


@pytest.mark.parametrize("column", ["key", "actions"])
def test_a_pickle_payload_in_a_column_is_refused(tmp_path, marker, capsys, column):
    path = good_file(tmp_path)
    payload = pickle.dumps(Payload(marker))
    if column == "key":
        execute(path, ("INSERT INTO entries VALUES (?, 1.0, 1, NULL)", (payload,)))
    else:
        execute(path, ("UPDATE entries SET actions = ?", (payload,)))
    # A lookup that never meets the damaged row may answer: the probe of another position.
    assert refused_everywhere(path, marker, capsys) >= 4


def test_a_spec_that_names_os_system_runs_nothing(tmp_path, marker, capsys):
    path = good_file(tmp_path)
    set_meta(path, "spec", f"os:system \"command='touch {marker}'\"")
    status = _probe(path, "--moves", "1,1")
    assert not marker.exists()
    assert status == 0  # the spec is kept for the record, never read to make the game
    assert "Nim(piles=(1, 2)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("path", "parameters"),
    [
        ("os:system", {"command": "touch {marker}"}),
        ("subprocess:Popen", {"args": "touch {marker}", "shell": True}),
        ("builtins:eval", {"source": "__import__('os').system('touch {marker}')"}),
        ("antigravity:Game", {}),
        ("this:Game", {}),
    ],
)
def test_a_game_identity_that_names_anything_but_a_game_is_never_called(
    tmp_path, marker, capsys, path, parameters
):
    table = good_file(tmp_path)
    filled = {name: str(value).format(marker=marker) for name, value in parameters.items()}
    set_meta(table, "game", json.dumps({"class": path, "parameters": filled}))
    status = _probe(table, "--moves", "1,1")
    assert status == 1
    with pytest.raises(TableFileError):
        Solution.load(table)
    assert not marker.exists()
    _out, err = capsys.readouterr()
    assert "Traceback" not in err


def test_a_module_in_the_current_directory_that_defines_no_such_class_is_not_imported(
    tmp_path, marker, capsys, monkeypatch
):
    (tmp_path / "sideeffect.py").write_text(f"import os\nos.system('touch {marker}')\n")
    table = good_file(tmp_path)
    set_meta(table, "game", json.dumps({"class": "sideeffect:Nim", "parameters": {}}))
    monkeypatch.chdir(tmp_path)
    assert _probe(table, "--moves", "1,1") == 1
    assert "defines no class 'Nim'" in capsys.readouterr().err
    assert not marker.exists()


def test_parameters_beyond_a_games_bounds_are_refused_before_any_memory_is_taken(tmp_path):
    table = good_file(tmp_path)
    for identity in (
        {"class": "gamesearch.games.connect_four:ConnectFour", "parameters": {"width": 10**10}},
        {"class": "gamesearch.games.tictactoe:TicTacToe", "parameters": {"size": 10**6}},
        {"class": "gamesearch.games.hog:Hog", "parameters": {"max_dice": 10**9}},
        {"class": "gamesearch.games.pig:Pig", "parameters": {"die_sides": 10**9}},
    ):
        set_meta(table, "game", json.dumps(identity))
        with pytest.raises(TableFileError, match="refused the parameters"):
            Solution.load(table)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("game", "not json"),
        ("game", json.dumps({"class": "os:system"})),
        ("game", json.dumps({"class": "a b:c", "parameters": {}})),
        ("game", json.dumps({"class": "x:Y", "parameters": {"n": float("inf")}})),
        ("game", "[" * 100_000 + "]" * 100_000),
        ("constant_sum", "abc"),
        ("constant_sum", '"1"'),
        ("constant_sum", "NaN"),
        ("tolerance", "[1]"),
        ("roots", "abc"),
        ("roots", json.dumps([["zz", 0]])),
        ("roots", json.dumps([[1, 0]])),
        ("plies", '"two"'),
        ("key", "pickle"),
        ("codec", "pickle 4"),
        ("format", "gamesearch-solution 99"),
    ],
)
def test_a_damaged_meta_value_is_a_clear_error(tmp_path, marker, capsys, name, value):
    path = good_file(tmp_path)
    set_meta(path, name, value)
    assert refused_everywhere(path, marker, capsys) == 5


def test_a_meta_value_that_is_not_text_is_a_clear_error(tmp_path, marker, capsys):
    path = good_file(tmp_path)
    execute(path, ("INSERT INTO meta VALUES (?, ?)", ("extra", b"\x80\x04")))
    assert refused_everywhere(path, marker, capsys) == 5


@pytest.mark.parametrize(
    ("sql", "parameters"),
    [
        ("UPDATE entries SET value = 'abc'", ()),
        ("UPDATE entries SET value = ?", (b"\x00",)),
        ("UPDATE entries SET value = 1e999", ()),
        ("UPDATE entries SET distance = 'far'", ()),
        ("UPDATE entries SET distance = -3", ()),
        ("UPDATE entries SET distance = 2.5", ()),
        ("UPDATE entries SET actions = 'abc'", ()),
        ("UPDATE entries SET actions = ?", (encode(3),)),  # actions that are not a tuple
        ("UPDATE entries SET key = 'text' || key", ()),
    ],
)
def test_text_where_numbers_belong_is_a_clear_error(tmp_path, marker, capsys, sql, parameters):
    path = good_file(tmp_path)
    execute(path, (sql, parameters))
    assert refused_everywhere(path, marker, capsys) == 5


@pytest.mark.parametrize(
    "blob",
    [
        bytes([1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]) + b"\x00",  # an int of 4 GiB, said
        bytes([1]) + (MAX_INT_BYTES + 1).to_bytes(2, "little") + b"\x01" * (MAX_INT_BYTES + 1),
        bytes([5, 1]) * (MAX_DEPTH + 10) + b"\x00",  # tuples nested past the depth
        bytes([5, 1]) * 100_000 + b"\x00",  # deeper than the recursion limit
        bytes([5, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),  # a tuple of 4 billion items, said
        bytes([3, 5]) + b"ab",  # a string longer than its bytes
        bytes([3, 2]) + b"\xff\xfe",  # not UTF-8
        bytes([2, 0]),  # a float cut short
        bytes([0x80, 0x04]),  # pickle's first bytes: an unknown tag
        b"\x00\x00",  # bytes after the value
        b"",
    ],
)
def test_a_key_that_decodes_to_a_blow_up_is_refused(tmp_path, marker, capsys, blob):
    path = good_file(tmp_path)
    execute(path, ("INSERT INTO entries VALUES (?, 1.0, 1, NULL)", (blob,)))
    # Lookups encode their own keys, so only the readers that decode every key can tell.
    with pytest.raises(TableFileError):
        Solution.load(path, GAME, in_memory=True)
    with pytest.raises(TableFileError), Solution.load(path, GAME) as lazy:
        list(lazy)
    with pytest.raises(TableFileError):
        solve(GAME, path=path)
    assert not marker.exists()


@pytest.mark.parametrize(
    "schema",
    [
        # An extra column, a missing column, renamed columns, an extra table.
        "CREATE TABLE meta (name TEXT, value TEXT, extra TEXT);"
        "CREATE TABLE entries (key BLOB, value REAL, distance INTEGER, actions BLOB);",
        "CREATE TABLE meta (name TEXT, value TEXT);"
        "CREATE TABLE entries (key BLOB, value REAL, distance INTEGER);",
        "CREATE TABLE meta (name TEXT, value TEXT);"
        "CREATE TABLE entries (k BLOB, v REAL, d INTEGER, a BLOB);",
        "CREATE TABLE meta (name TEXT, value TEXT);"
        "CREATE TABLE entries (key BLOB, value REAL, distance INTEGER, actions BLOB);"
        "CREATE TABLE users (name TEXT);",
    ],
)
def test_tables_that_are_not_a_table_files_are_refused_untouched(tmp_path, marker, capsys, schema):
    path = tmp_path / "odd.sqlite"
    with closing(sqlite3.connect(path)) as connection:
        connection.executescript(schema)
    before = path.read_bytes()
    assert refused_everywhere(path, marker, capsys) == 5
    assert path.read_bytes() == before


def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path):
    path = tmp_path / "app.sqlite"
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("CREATE TABLE users (name TEXT)")
        connection.execute("INSERT INTO users VALUES ('ada')")
    before = path.read_bytes()
    with pytest.raises(TableFileError, match="holds the tables users"):
        solve(GAME, path=path)
    with pytest.raises(TableFileError, match="holds the tables users"):
        solve(GAME).save(path)
    assert path.read_bytes() == before


def test_lying_roots_and_counts_do_not_change_what_is_read(tmp_path, capsys):
    path = good_file(tmp_path)
    # Roots that name a state the file does not hold, and a count that is not the file's.
    set_meta(path, "roots", json.dumps([[encode(("no", "such")).hex(), 1]]))
    set_meta(path, "states", "999999999")
    assert _probe(path) == 0
    out = capsys.readouterr().out
    assert f"positions: {len(solve(GAME))}" in out
    assert "root:" not in out  # the root it names is not in the file: nothing is said of it


def test_a_file_never_loses_what_it_holds_to_a_refused_write(tmp_path):
    path = good_file(tmp_path)
    before = Solution.load(path, GAME, in_memory=True)
    with pytest.raises(TableFileError):
        solve(TicTacToe(), path=path)
    with pytest.raises(GameSearchError):
        solve(Nim((1, 3), players=2), path=path)
    after = Solution.load(path, GAME, in_memory=True)
    assert {k: after.value(k, 0) for k in after} == {k: before.value(k, 0) for k in before}
    assert game_identity(after.game) == game_identity(GAME)


def test_the_codec_is_recorded_and_checked(tmp_path):
    path = good_file(tmp_path)
    with closing(sqlite3.connect(path)) as connection:
        meta = dict(connection.execute("SELECT name, value FROM meta"))
    assert meta["codec"] == CODEC
    assert meta["format"] == "gamesearch-solution 2"
    assert json.loads(meta["game"])["class"] == "gamesearch.games.nim:Nim"
