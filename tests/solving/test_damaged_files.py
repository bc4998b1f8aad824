"""A damaged table file is a TableFileError that names it, and nothing is left open.

Issue 36 (the third audit): of 800 tic-tac-toe tables with random bytes changed or cut short,
49 made ``Solution.load`` raise SQLite's own errors (``database disk image is malformed``, text
that is not UTF-8) or a ``UnicodeDecodeError``, and one of them left its connection open.
Every road that reads a file is taken on each damaged copy: ``Solution.load`` (a lookup, the
best actions, iterating), the same in memory, and what ``gamesearch table probe`` reads.
"""

from __future__ import annotations

import gc
import random
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from gamesearch import Solution, TableFileError, UnsolvedStateError
from gamesearch.games import Nim, TicTacToe
from gamesearch.solving import solve
from gamesearch.solving._codec import encode
from gamesearch.solving._file import info


def damaged(data: bytes, rng: random.Random) -> bytes:
    """``data`` cut short (one time in five) or with 1 to 20 of its bytes changed at random."""
    if rng.random() < 0.2:
        return data[: rng.randrange(len(data))]
    changed = bytearray(data)
    for _ in range(rng.randint(1, 20)):
        changed[rng.randrange(len(changed))] = rng.randrange(256)
    return bytes(changed)


def read_every_way(path: Path, game: object) -> None:
    """What a user does with a table file: open it, look up, iterate, probe it."""
    state = game.initial_state()  # type: ignore[attr-defined]
    with Solution.load(path) as table:
        table.value(state)
        table.best_actions(state)
        list(table)
        len(table)
    with Solution.load(path, game, in_memory=True) as table:  # type: ignore[arg-type]
        table.value(state)
    info(path)


def open_connections() -> list[sqlite3.Connection]:
    """The SQLite connections still open in this process."""
    gc.collect()
    found = []
    for thing in gc.get_objects():
        if isinstance(thing, sqlite3.Connection):
            try:
                thing.total_changes  # noqa: B018  # raises on a closed connection
            except sqlite3.ProgrammingError:
                continue
            found.append(thing)
    return found


def fuzz(game: object, files: int, seed: int, tmp_path: Path) -> dict[str, int]:
    """Read ``files`` damaged copies of ``game``'s table; count how each read ended."""
    sound = tmp_path / "sound.sqlite"
    solve(game, path=sound)  # type: ignore[arg-type]
    data = sound.read_bytes()
    rng = random.Random(seed)
    before = len(open_connections())
    counts = {"read": 0, "refused": 0, "missing": 0}
    for number in range(files):
        path = tmp_path / f"damaged-{number}.sqlite"
        path.write_bytes(damaged(data, rng))
        try:
            read_every_way(path, game)
        except TableFileError as error:
            unnamed = str(path) not in str(error)
            counts["refused"] += 1
            if unnamed:
                pytest.fail(f"the error does not name the file: {error}")
        except UnsolvedStateError as error:
            counts["missing"] += 1  # a changed key: the file reads, without the state asked for
            if str(path) not in str(error) or "or the file is damaged" not in str(error):
                pytest.fail(f"a state missing from a file is not said to be damage too: {error}")
        else:
            counts["read"] += 1  # the change fell where nothing reads it (free pages, say)
        path.unlink()
    assert len(open_connections()) == before, "a refused file left its connection open"
    return counts


@pytest.mark.slow
def test_damaged_copies_of_a_small_table_are_refused_by_name(tmp_path):
    counts = fuzz(Nim((1, 2), players=2), files=120, seed=36, tmp_path=tmp_path)
    assert counts["refused"] > 0
    assert sum(counts.values()) == 120


@pytest.mark.slow
def test_damaged_copies_of_tic_tac_toe_tables_are_refused_by_name(tmp_path):
    # The audit's fuzz, at its size: 800 damaged tic-tac-toe tables.
    counts = fuzz(TicTacToe(), files=800, seed=1, tmp_path=tmp_path)
    assert counts["refused"] > 0
    assert sum(counts.values()) == 800


def test_a_changed_key_is_said_to_be_damage_or_absence_since_a_file_cannot_tell(tmp_path):
    """A file cannot tell a changed key from a state it never held: it says both.

    The walk of issue 45 (adv45): a flipped key byte gave "it is not reachable from the roots",
    which is wrong for a complete file that lost the state's key to damage.
    """
    game = Nim((1, 2), players=2)
    path = tmp_path / "nim.sqlite"
    solve(game, path=path)
    start = game.initial_state()
    with closing(sqlite3.connect(path)) as connection, connection:
        changed = encode(((1, 3), 0))  # a key of no state of this game, as a flipped byte makes
        connection.execute("UPDATE entries SET key = ? WHERE key = ?", (changed, encode(start)))
    for in_memory in (False, True):
        with (
            Solution.load(path, game, in_memory=in_memory) as table,
            pytest.raises(UnsolvedStateError) as refused,
        ):
            table.value(start)
        message = str(refused.value)
        assert message.startswith(f"{path} (the solution of ")
        assert "it is not reachable from the roots it was built from" in message
        assert "or the file is damaged" in message
    with pytest.raises(UnsolvedStateError) as refused:  # in memory, no file: absence alone
        solve(game).value(((9, 9), 0))
    assert str(refused.value).endswith("it is not reachable from the roots it was built from")
