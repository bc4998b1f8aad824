"""Solutions on disk: one SQLite file (the standard library's ``sqlite3``), written in batches.

The file holds two tables::

    meta(name TEXT PRIMARY KEY, value TEXT)        -- format, game, method, constant sum, ...
    entries(key BLOB PRIMARY KEY, value REAL, distance INTEGER, actions BLOB)  WITHOUT ROWID

``key`` is the state's key (``game.key(state)``, else the state) pickled with protocol 4: equal
keys must pickle to equal bytes, which holds for ints, strings, and tuples and named tuples of
them (not for sets, nor for ``1`` and ``1.0``). ``actions`` is a pickled tuple, or NULL when
the optimal actions are worked out from the children. Entries are written ``batch`` at a time,
each batch in one transaction, and the ``complete`` flag is set in the last one: a file whose
flag is not set is the finished part of an interrupted build.
"""

from __future__ import annotations

import pickle
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ..errors import InvalidSearchOptionError
from ._values import Entry

FORMAT = "gamesearch-solution 1"
_PROTOCOL = 4
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entries (
    key BLOB PRIMARY KEY, value REAL NOT NULL, distance INTEGER, actions BLOB
) WITHOUT ROWID;
"""


def pack(key: Any) -> bytes:
    """The bytes a key is stored under."""
    return pickle.dumps(key, protocol=_PROTOCOL)


def _row(key: Any, entry: Entry) -> tuple[bytes, float, int | None, bytes | None]:
    actions = None if entry.actions is None else pickle.dumps(entry.actions, protocol=_PROTOCOL)
    return pack(key), entry.value, entry.distance, actions


def _entry(value: float, distance: int | None, actions: bytes | None) -> Entry:
    return Entry(value, distance, None if actions is None else pickle.loads(actions))


def connect(path: str | Path) -> sqlite3.Connection:
    """Open (or create) a solution file and make sure it has the tables.

    Raises:
        InvalidSearchOptionError: the file exists but is not a solution file.
    """
    connection = sqlite3.connect(str(path))
    try:
        connection.executescript(_SCHEMA)
        found = connection.execute("SELECT value FROM meta WHERE name = 'format'").fetchone()
    except sqlite3.DatabaseError as exc:
        connection.close()
        raise InvalidSearchOptionError(
            f"{path} is not a gamesearch solution file (SQLite says: {exc})"
        ) from exc
    if found is not None and found[0] != FORMAT:
        connection.close()
        raise InvalidSearchOptionError(f"{path} holds {found[0]!r}, not a {FORMAT!r} file")
    return connection


def read_meta(connection: sqlite3.Connection) -> dict[str, str]:
    """The ``meta`` table as a dict."""
    return dict(connection.execute("SELECT name, value FROM meta").fetchall())


def read_all(connection: sqlite3.Connection) -> dict[Any, Entry]:
    """Every entry of the file, by key."""
    rows = connection.execute("SELECT key, value, distance, actions FROM entries")
    return {pickle.loads(key): _entry(value, distance, acts) for key, value, distance, acts in rows}


class Writer:
    """Writes entries to a solution file, ``batch`` per transaction."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        batch: int,
        progress: Callable[[], Mapping[str, str]] | None = None,
    ) -> None:
        self._connection = connection
        self._batch = batch
        self._progress = progress
        self._rows: list[tuple[bytes, float, int | None, bytes | None]] = []
        self.batches = 0
        """Transactions committed so far."""

    def meta(self, values: Mapping[str, str]) -> None:
        """Write ``values`` into the meta table, in one transaction."""
        with self._connection:
            self._connection.executemany(
                "INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)", list(values.items())
            )

    def add(self, key: Any, entry: Entry) -> None:
        """Queue one entry; commit the batch when it is full."""
        self._rows.append(_row(key, entry))
        if len(self._rows) >= self._batch:
            self.flush()

    def add_all(self, entries: list[tuple[Any, Entry]]) -> None:
        """Queue ``entries`` (in order) and commit them all: a finished part of a split solve."""
        for key, entry in entries:
            self.add(key, entry)
        self.flush()

    def flush(self, meta: Mapping[str, str] | None = None) -> None:
        """Commit the queued entries, and ``meta`` with them, in one transaction.

        The meta values the writer's ``progress()`` gives are committed with every batch.
        """
        if self._progress is not None:
            meta = {**self._progress(), **(meta or {})}
        with self._connection:
            self._connection.executemany(
                "INSERT OR REPLACE INTO entries (key, value, distance, actions) "
                "VALUES (?, ?, ?, ?)",
                self._rows,
            )
            if meta:
                self._connection.executemany(
                    "INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)", list(meta.items())
                )
        self._rows.clear()
        self.batches += 1


class FileTable(Mapping[Any, Entry]):
    """A read-only view of a solution file's entries by key: each lookup is one query."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def close(self) -> None:
        """Close the file."""
        self._connection.close()

    def __getitem__(self, key: Any) -> Entry:
        row = self._connection.execute(
            "SELECT value, distance, actions FROM entries WHERE key = ?", (pack(key),)
        ).fetchone()
        if row is None:
            raise KeyError(key)
        return _entry(*row)

    def __len__(self) -> int:
        return int(self._connection.execute("SELECT COUNT(*) FROM entries").fetchone()[0])

    def __iter__(self) -> Iterator[Any]:
        for (key,) in self._connection.execute("SELECT key FROM entries"):
            yield pickle.loads(key)
