"""Paths a table file may be given: odd names, folders, links to files that are not tables.

Issue 45 asks what else trusts what comes from outside. A file's path is given by a user (or
written in a script from a download's name): the read-only opening builds a SQLite URI from it,
where ``?``, ``#``, ``%`` and ``&`` mean something, so each is tried; so is a name that SQLite
itself takes as a URI (``file:x?mode=memory`` made a database in memory, its work lost, and
``file:../x`` a file in another folder, before the file was opened by a URI of its own); a
folder, and a link to a file that is not a table, are refused with the library's error and
left as they were.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from gamesearch import Solution, TableFileError
from gamesearch.games import Nim
from gamesearch.solving import solve

GAME = Nim((1, 2), players=2)


@pytest.mark.parametrize(
    "name",
    ["a?mode=rw.sqlite", "a#b.sqlite", "a%20b.sqlite", "ünï.sqlite", "sp ace.sqlite",
     "a&b=c.sqlite", "file:x.sqlite", "file:y.sqlite?mode=memory"],
)  # fmt: skip
def test_a_file_whose_name_means_something_in_a_uri_is_that_file(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    solve(GAME, path=name)
    assert os.listdir(tmp_path) == [name]  # that file, and no other
    with Solution.load(name, GAME) as table:
        assert table.value(GAME.initial_state()) == 1.0


def test_a_uri_that_names_another_folder_is_a_name_in_this_one(tmp_path, monkeypatch):
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    with pytest.raises(TableFileError, match=r"the folder file:\.\. does not exist"):
        solve(GAME, path="file:../escaped.sqlite")
    assert sorted(os.listdir(tmp_path)) == ["here"]


def test_a_folder_is_no_table_file(tmp_path):
    with pytest.raises(TableFileError, match="is a folder, not a table file"):
        solve(GAME, path=tmp_path)
    with pytest.raises(TableFileError, match="is a folder, not a table file"):
        Solution.load(tmp_path, GAME)


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges on Windows")
def test_a_link_to_a_file_that_is_not_a_table_is_refused_and_the_file_left_as_it_was(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n" * 100)
    link = tmp_path / "table.sqlite"
    link.symlink_to(text)
    for call in (lambda: solve(GAME, path=link), lambda: Solution.load(link, GAME)):
        with pytest.raises(TableFileError, match=r"table\.sqlite"):
            call()
    assert text.read_text() == "not a database\n" * 100
    assert sorted(os.listdir(tmp_path)) == ["notes.txt", "table.sqlite"]


@pytest.mark.parametrize("content", [b"my notes\n" * 100, bytes(range(256)) * 20])
def test_a_file_that_is_not_a_database_is_not_said_to_be_written_by_another_process(
    tmp_path, content
):
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    with pytest.raises(TableFileError) as refused:
        solve(GAME, path=path)
    said = str(refused.value)
    assert "not a gamesearch table file" in said
    assert "choose another path" in said
    assert "another process" not in said
    assert path.read_bytes() == content


CRASHED = r"""
import os, sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("PRAGMA journal_mode=DELETE")
connection.execute("CREATE TABLE t (x)")
connection.execute("BEGIN")
for _ in range(200):
    connection.execute("INSERT INTO t VALUES (?)", (os.urandom(500),))
connection.execute("COMMIT")
connection.execute("PRAGMA cache_size=1")
connection.execute("BEGIN")
connection.execute("UPDATE t SET x = x || x")
os._exit(0)  # a crash in the middle of a transaction: its journal stays
"""


def test_a_file_beside_a_stale_journal_is_refused_before_sqlite_plays_the_journal_back(tmp_path):
    """The adversary's walk: SQLite rolled a crashed program's journal back into a text file."""
    other = tmp_path / "other.db"
    subprocess.run([sys.executable, "-c", CRASHED, str(other)], check=True, timeout=60)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n" * 30)
    (tmp_path / "other.db-journal").rename(tmp_path / "notes.txt-journal")
    for call in (lambda: solve(GAME, path=notes), lambda: Solution.load(notes, GAME)):
        with pytest.raises(TableFileError, match="not a gamesearch table file"):
            call()
    assert notes.read_text() == "my notes\n" * 30


@pytest.mark.skipif(sys.platform == "win32", reason="no FIFOs or /dev/null on Windows")
def test_a_fifo_or_a_device_is_refused_before_sqlite_opens_it(tmp_path):
    """The adversary's walk: a build opened them, and left /dev/null-journal beside /dev/null."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    device = tmp_path / "null"
    device.symlink_to(os.devnull)
    for path in (fifo, device):
        with pytest.raises(TableFileError, match="not a regular file, so not a table file"):
            solve(GAME, path=path)
        with pytest.raises(TableFileError, match="not a regular file, so not a table file"):
            Solution.load(path, GAME)
    assert sorted(os.listdir(tmp_path)) == ["fifo", "null"]  # no journal made
