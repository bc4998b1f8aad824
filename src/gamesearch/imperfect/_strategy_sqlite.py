"""Strategy files as SQLite rows: one row per information set and action, no pickle.

The database has two tables:

- ``meta (name, value)``: the rows ``format``, ``version``, ``game`` (the game's identity as
  one line of JSON) and ``infosets`` (how many information sets the file holds);
- ``strategy (infoset, key, action, probability)``: ``infoset`` numbers the information sets
  from 0, ``key`` and ``action`` are JSON text (plain data, as in a JSON strategy file), and
  ``probability`` is a REAL.

:func:`read_rows` gives the same header and entries as a JSON file holds, for
:mod:`.strategy_file` to check in one place.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import TableFileError, short_repr
from ..identity import no_constant

if TYPE_CHECKING:  # imported where a file is opened: the core imports without SQLite
    import sqlite3

__all__ = ["MAGIC", "read_rows", "write_rows"]

MAGIC = b"SQLite format 3\x00"
"""The first bytes of every SQLite database."""

_SCHEMA = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE strategy (
    infoset INTEGER NOT NULL, key TEXT NOT NULL, action TEXT NOT NULL, probability REAL NOT NULL
);
"""
_COLUMNS = {
    "meta": ["name", "value"],
    "strategy": ["infoset", "key", "action", "probability"],
}
_META = {"format", "version", "game", "infosets"}


def write_rows(path: Path, header: dict[str, Any], entries: list[list[Any]]) -> None:
    """Write a new SQLite database at ``path`` (which must not exist) holding ``entries``.

    Raises:
        sqlite3.Error, OSError: the file cannot be written.
    """
    import sqlite3  # where it is used: the core imports without SQLite

    # By a URI made from the path: SQLite takes a name such as "file:../x" as a URI of its own.
    connection = sqlite3.connect(path.resolve().as_uri() + "?mode=rwc", uri=True)
    try:
        connection.executescript(_SCHEMA)
        connection.executemany(
            "INSERT INTO meta (name, value) VALUES (?, ?)",
            [
                ("format", header["format"]),
                ("version", str(header["version"])),
                ("game", json.dumps(header["game"], separators=(",", ":"))),
                ("infosets", str(len(entries))),
            ],
        )
        connection.executemany(
            "INSERT INTO strategy (infoset, key, action, probability) VALUES (?, ?, ?, ?)",
            (
                (number, _text(key), _text(action), probability)
                for number, (key, pairs) in enumerate(entries)
                for action, probability in pairs
            ),
        )
        connection.commit()
    finally:
        connection.close()


def read_rows(target: Path) -> dict[str, Any]:
    """The SQLite strategy file ``target`` as a JSON file's fields (``strategy`` the entries).

    Nothing is checked but the shape of the database; the values are checked by the caller.

    Raises:
        TableFileError: the file is not a SQLite database, or not one of a strategy file's
            tables and columns, or holds text that is not UTF-8, or a key or an action is not
            JSON.
    """
    import sqlite3  # where it is used: the core imports without SQLite

    try:
        connection = sqlite3.connect(target.resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise TableFileError(f"cannot open the strategy file {target}: {exc}") from None
    # Text is decoded here, strictly, whatever the Python: the error is then always a
    # UnicodeDecodeError (sqlite3 raises an OperationalError of its own, or lets one through).
    connection.text_factory = _decoded
    try:
        return _read(connection, target)
    except sqlite3.Error as exc:
        refusal = f"cannot read {target} as a strategy file (SQLite says: {exc})"
    except UnicodeDecodeError as exc:
        refusal = f"{target} is damaged: it holds text that is not UTF-8 ({exc})"
    finally:
        connection.close()
    # Raised once the error caught is gone, with the frames it holds: a cursor of theirs in
    # the middle of its rows would keep the file open for as long as the error lived.
    raise TableFileError(refusal)


def _decoded(raw: bytes) -> str:
    """A TEXT cell's bytes as a string (raises ``UnicodeDecodeError`` if they are not UTF-8)."""
    return raw.decode("utf-8")


def _read(connection: sqlite3.Connection, target: Path) -> dict[str, Any]:
    names = sorted(
        str(name)
        for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    )
    if names != sorted(_COLUMNS):
        raise TableFileError(
            f"{target} is not a strategy file: it holds the tables {', '.join(names) or '(none)'}"
            ", not meta and strategy"
        )
    for table, expected in _COLUMNS.items():
        columns = [str(row[1]) for row in connection.execute(f"PRAGMA table_info({table})")]
        if columns != expected:
            raise TableFileError(
                f"{target} is damaged: its {table} table has the columns {', '.join(columns)}"
            )
    meta = dict(connection.execute("SELECT name, value FROM meta").fetchall())
    if set(meta) != _META:
        raise TableFileError(
            f"{target} is not a strategy file: its meta table names {sorted(map(str, meta))}, "
            f"not {sorted(_META)}"
        )
    fields: dict[str, Any] = {
        "format": meta["format"],
        "version": _number(meta["version"]),
        "game": _json(target, meta["game"], "the game"),
        "infosets": _number(meta["infosets"]),
    }
    entries: list[list[Any]] = []
    previous, key_text = _NO_ROW, _NO_ROW  # what no cell holds: a first row of NULLs is read
    for number, key, action, probability in connection.execute(
        "SELECT infoset, key, action, probability FROM strategy ORDER BY infoset, rowid"
    ):
        if number != previous:
            if isinstance(number, bool) or not isinstance(number, int) or number != len(entries):
                raise TableFileError(
                    f"{target} is damaged: information set number {number!r} comes after "
                    f"{len(entries)} sets"
                )
            previous, key_text = number, key
            entries.append([_json(target, key, "a key"), []])
        elif key != key_text:
            raise TableFileError(
                f"{target} is damaged: information set number {number} has two keys"
            )
        entries[-1][1].append([_json(target, action, "an action"), probability])
    fields["strategy"] = entries
    return fields


_NO_ROW: Any = object()
"""The information set number and key before the first row: unequal to any cell, NULL too."""


def _text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


def _number(text: object) -> object:
    """An int written as text, or the text as it is (for the caller to refuse)."""
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) < 20:
        return int(text)
    return text


def _json(target: Path, text: object, what: str) -> Any:
    """``text`` parsed as JSON."""
    if not isinstance(text, str):
        raise TableFileError(f"{target}: {what} is {short_repr(text)}, not JSON text")
    try:
        return json.loads(text, parse_constant=no_constant)
    except (ValueError, RecursionError):
        raise TableFileError(f"{target}: {what} is {short_repr(text)}, not JSON") from None
