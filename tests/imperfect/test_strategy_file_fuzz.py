"""Damaged strategy files, made by the thousand: load_strategy refuses each with TableFileError.

A sound file of Kuhn poker's strategy, as JSON and as SQLite rows, is damaged by a seeded
draw of one of the ways below; ``load_strategy`` must then return a strategy (the damage
missed what is read, or made another valid file) or raise ``TableFileError`` naming the file,
never another exception, and leave no connection open (a ``ResourceWarning`` is an error in
this suite, and the file must not be held open while the error lives). The third audit found
``IndexError`` (a row with a NULL information set and key) and ``UnicodeDecodeError`` (text
that is not UTF-8) in 389 of 3,000 such files.

- the bytes: a few flipped, the file cut short, bytes that are not UTF-8 written in;
- the rows (SQLite): a cell of either table set to NULL, a number, a blob, text that is not
  UTF-8 or JSON of another shape; a row deleted or added twice; a column added;
- the document (JSON): a value anywhere set to another type, a huge or negative number, text
  that is not UTF-8.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
from collections import Counter
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from gamesearch.errors import TableFileError
from gamesearch.imperfect import KuhnPoker, cfr, load_strategy, save_strategy

GAME = KuhnPoker()

CELLS: list[tuple[str, tuple[Any, ...]]] = [
    ("NULL", ()),
    ("?", (-1,)),
    ("?", (2**63 - 1,)),
    ("?", (1.5,)),
    ("9e999", ()),  # +inf
    ("?", (b"\xff\x00",)),
    ("CAST(? AS TEXT)", (b"\xff\xfe\x80",)),  # text that is not UTF-8
    ("CAST(? AS TEXT)", (b'"\xc3(",',)),  # JSON text with a broken character
    ("?", ("",)),
    ("?", ("\u00b2",)),  # a digit to str.isdigit, not to int()
    ("?", ("[" * 40 + "1" + "]" * 40,)),  # nested past the depth a key may have
    ("?", ('{"a": 1}',)),
    ("?", ("[1, 2]",)),
    ("?", ("1" * 5000,)),  # an int too long for int() to read
    ("?", ("NaN",)),
]
"""What a damaged cell may hold: SQL for the value, and its parameters."""

VALUES: list[Any] = [None, -1, 0, 1.5, 1e308, 2**70, "", "x", [], {}, [[[[1]]]], True, "\udcff"]
"""What a damaged JSON value may become ("\\udcff" is written as a lone surrogate)."""


@pytest.fixture(scope="module")
def sound_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """Kuhn poker's strategy saved in each format, as bytes.

    ``"loose"`` is the SQLite file with its tables loosened (:data:`LOOSENED`).
    """
    folder = tmp_path_factory.mktemp("sound")
    strategy = cfr(GAME, iterations=20).strategy
    found = {}
    for file_format in ("json", "sqlite"):
        path = folder / f"kuhn.{file_format}"
        save_strategy(path, GAME, strategy, file_format=file_format)  # type: ignore[arg-type]
        found[file_format] = path.read_bytes()
    with closing(edit(path)) as connection:
        connection.executescript(LOOSENED)
    found["loose"] = path.read_bytes()
    return found


def flip_bytes(data: bytes, rng: random.Random) -> bytes:
    damaged = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
    return bytes(damaged)


def cut_short(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data))]


def write_not_utf8(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data))
    return data[:at] + rng.choice([b"\xff", b"\xc3(", b"\xed\xa0\x80"]) + data[at + 1 :]


BYTES: list[Callable[[bytes, random.Random], bytes]] = [flip_bytes, cut_short, write_not_utf8]


LOOSENED = """
CREATE TABLE loose_meta (name, value);
INSERT INTO loose_meta SELECT name, value FROM meta;
DROP TABLE meta;
ALTER TABLE loose_meta RENAME TO meta;
CREATE TABLE loose_strategy (infoset, key, action, probability);
INSERT INTO loose_strategy SELECT infoset, key, action, probability FROM strategy;
DROP TABLE strategy;
ALTER TABLE loose_strategy RENAME TO strategy;
"""
"""The tables again without their types and constraints, as a crafted file may have them: a
cell then holds whatever is put in it (NULL, a blob, a number in a text column)."""


def edit(path: Path) -> sqlite3.Connection:
    """A connection to the SQLite file ``path`` that writes without waiting for the disk."""
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA synchronous = OFF")
    connection.execute("PRAGMA journal_mode = OFF")
    return connection


def damage_rows(path: Path, rng: random.Random) -> None:
    """One damage to the SQLite strategy file at ``path`` (its tables loosened), by SQL."""
    with closing(edit(path)) as connection, connection:
        how = rng.randrange(5)
        if how <= 1:
            table, columns = rng.choice(
                [("strategy", ["infoset", "key", "action", "probability"]), ("meta", ["value"])]
            )
            rows = connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            sql, parameters = rng.choice(CELLS)
            for column in rng.sample(columns, rng.randint(1, len(columns))):
                connection.execute(
                    f"UPDATE {table} SET {column} = {sql} WHERE rowid = ?",
                    (*parameters, rng.randint(1, rows)),
                )
        elif how == 2:
            connection.execute("DELETE FROM strategy WHERE rowid = ?", (rng.randint(1, 24),))
        elif how == 3:
            connection.execute(
                "INSERT INTO strategy SELECT * FROM strategy WHERE rowid = ?", (rng.randint(1, 24),)
            )
        else:
            connection.execute("ALTER TABLE strategy ADD COLUMN extra TEXT")


def damage_document(data: bytes, rng: random.Random) -> bytes:
    """The JSON strategy file ``data`` with one value anywhere replaced by another type's."""
    document = json.loads(data)
    places: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for where, child in items:
            places.append((node, where))
            if isinstance(child, (dict, list)):
                walk(child)

    walk(document)
    node, where = rng.choice(places)
    node[where] = rng.choice(VALUES)
    return json.dumps(document).encode("utf-8", "surrogatepass")


def damaged(sound: dict[str, bytes], folder: Path, number: int) -> Path:
    """Damaged file number ``number`` (its seed), written in ``folder``."""
    rng = random.Random(number)
    file_format = rng.choice(["json", "sqlite"])
    path = folder / f"{number}.{file_format}"
    data = sound[file_format]
    kind = rng.randrange(3)
    if kind == 0:
        path.write_bytes(rng.choice(BYTES)(data, rng))
    elif file_format == "json":
        path.write_bytes(damage_document(data, rng))
    else:
        path.write_bytes(sound["loose"])
        damage_rows(path, rng)
    return path


def held_open(path: Path) -> bool:
    """Whether this process holds ``path`` open (read from /proc; False where there is none)."""
    folder = Path("/proc/self/fd")
    if not folder.is_dir():
        return False
    for fd in folder.iterdir():
        try:
            if Path(os.readlink(fd)) == path:
                return True
        except OSError:  # noqa: PERF203 - the listing's own descriptor, closed by now
            continue
    return False


def raw_errors(sound: dict[str, bytes], folder: Path, files: range) -> Counter[str]:
    """What went wrong over ``files``, by kind.

    An exception other than a TableFileError naming the file, or the file still open while
    the error (and the frames it holds) is alive.
    """
    found: Counter[str] = Counter()
    for number in files:
        path = damaged(sound, folder, number).resolve()
        for complete in (True, False):
            try:
                load_strategy(path, GAME, complete=complete)
            except TableFileError as error:  # noqa: PERF203 - a try per load, as a user's
                if str(path) not in str(error):
                    found[f"TableFileError without the path (file {number})"] += 1
                if held_open(path):
                    found[f"left open (file {number})"] += 1
            except Exception as error:  # what the test counts: none may escape
                found[type(error).__name__] += 1
        path.unlink()
    return found


@pytest.mark.slow
def test_two_hundred_damaged_files_are_each_refused_or_read(sound_files, tmp_path):
    # Before: 4 IndexErrors (a first row of NULLs) and 4 refusals that did not name the file,
    # in 400 loads.
    assert raw_errors(sound_files, tmp_path, range(200)) == Counter()


@pytest.mark.slow  # three thousand files: 5 to 8 s
def test_three_thousand_damaged_files_are_each_refused_or_read(sound_files, tmp_path):
    # Before: 70 IndexErrors, 12 ValueErrors (a count written in digits int() cannot read,
    # such as "\u00b2"), 56 refusals that did not name the file and 2 that left it open (text
    # that is not UTF-8, met in the middle of the rows), in 6,000 loads.
    assert raw_errors(sound_files, tmp_path, range(200, 3_200)) == Counter()
