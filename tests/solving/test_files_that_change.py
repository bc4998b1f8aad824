"""A table file that changes while it is open: refused if written over, kept if replaced.

Issue 45 asks what else trusts a file. A solution opened lazily (each lookup a query) read what
it had checked at opening (the game, the classes of the states) once, and then any row: a table
of another game saved into the same file while it was open gave that game's values for this
one's states. Each query now reads the file's ``build`` value (new with every save or build)
with the entry, and a file written over is refused; a file replaced by renaming another over
its path, or deleted, is still the file that was opened (POSIX keeps it until it is closed).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from gamesearch import Solution, TableFileError
from gamesearch.games import Nim
from gamesearch.solving import solve

OPENED = Nim((1, 1, 2), players=2)
OTHER = Nim((1, 1, 2), players=2, max_take=1)  # the same states, other rules: other values


def a_state_valued_otherwise() -> tuple[object, float]:
    """A state both games hold whose value differs, and its value in :data:`OPENED`."""
    mine, theirs = solve(OPENED), solve(OTHER)
    for key in mine:
        if key in theirs and mine.value(key, 0) != theirs.value(key, 0):
            return key, mine.value(key, 0)
    raise AssertionError("the two games agree everywhere")


def test_a_file_written_over_while_open_is_refused_not_read_as_the_other_game(tmp_path):
    path = tmp_path / "nim.sqlite"
    state, value = a_state_valued_otherwise()
    solve(OPENED, path=path)
    with Solution.load(path, OPENED) as table:
        assert table.value(state, 0) == value
        solve(OTHER).save(path)  # another table saved into the file, on another connection
        with pytest.raises(TableFileError, match=r"nim\.sqlite was written over .*open it again"):
            table.value(state, 0)
        with pytest.raises(TableFileError, match="was written over"):
            len(table)
        with pytest.raises(TableFileError, match="was written over"):
            list(table)
    with Solution.load(path, OTHER) as reopened:
        assert reopened.value(state, 0) != value


def test_iterating_and_looking_up_at_once_read_one_writing_of_the_file(tmp_path):
    path = tmp_path / "nim.sqlite"
    expected = solve(OPENED, path=path)
    with Solution.load(path, OPENED) as table:
        pairs = [(key, other) for key in table for other in table]
        assert len(pairs) == len(expected) ** 2
        assert all(table.value(key, 0) == expected.value(key, 0) for key in table)
        assert len(list(zip(table, table, strict=True))) == len(expected)


@pytest.mark.skipif(sys.platform == "win32", reason="Windows does not rename over an open file")
def test_a_file_replaced_by_renaming_or_deleted_while_open_is_still_the_one_opened(tmp_path):
    path = tmp_path / "nim.sqlite"
    state, value = a_state_valued_otherwise()
    solve(OPENED, path=path)
    replacement = tmp_path / "other.sqlite"
    solve(OTHER, path=replacement)
    with Solution.load(path, OPENED) as table:
        os.replace(replacement, path)
        assert table.value(state, 0) == value  # the file it opened, which still exists for it
        assert len(table) == len(solve(OPENED))
    with Solution.load(path, OTHER) as table:
        Path(path).unlink()
        assert table.value(state, 0) == solve(OTHER).value(state, 0)  # deleted, still read
