"""Table files: a solution in one SQLite file (the standard library's ``sqlite3``).

The file holds two tables::

    meta(name TEXT PRIMARY KEY, value TEXT)        -- format, codec, game, method, ...
    entries(key BLOB PRIMARY KEY, value REAL, distance INTEGER, actions BLOB)  WITHOUT ROWID

``key`` is the state's key (``game.key(state)``, or the state) and ``actions`` a tuple of
actions (or NULL when the optimal actions are worked out from the children), both written by
the library's own codec (:mod:`gamesearch.solving._codec`), which stores plain data, enum
members and frozen dataclasses of them, and builds nothing else: reading a file calls no code
but the constructors of the dataclasses its ``classes`` meta value names, found under the rule
that guards a game class (:mod:`gamesearch.solving._classes`). The ``meta`` table records the
format (:data:`FORMAT`), the codec, the game's stable identity (:mod:`gamesearch.identity`),
the classes of its states and actions, how the table was made and whether it is complete.
Entries are written ``batch`` at a time, each batch in one transaction, and the ``complete``
flag is set in the last one: a file whose flag is not set is the finished part of an
interrupted build.

Everything read from a file is checked before it is used (a value that is not a number, a
distance that is not a count, a meta value that is not JSON): a damaged or hostile file gives a
:class:`~gamesearch.TableFileError`, never a wrong answer. A file that holds other tables
(another program's database) is refused before anything is written to it.
"""

from __future__ import annotations

import json
import math
import os
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import TableFileError, UnsupportedGameError, short_repr
from ..identity import GameIdentity, no_constant
from . import _codec
from ._classes import Classes
from ._values import Entry, entry_maker

if TYPE_CHECKING:  # imported where a file is opened: the core imports without SQLite
    import sqlite3

FORMAT = "gamesearch-solution 2"
"""The format this version writes and reads. Format 1 (before 0.2) stored keys with pickle,
which can run code when read: it is refused, with how to rebuild."""

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS entries ("
    " key BLOB PRIMARY KEY, value REAL NOT NULL, distance INTEGER, actions BLOB"
    ") WITHOUT ROWID",
)
BUILD = "build"
"""The meta value that tells one writing of a file from another: a random token, new each time
a build or a save claims the file."""
_COLUMNS = {"meta": ["name", "value"], "entries": ["key", "value", "distance", "actions"]}

Row = tuple[bytes, float, int | None, bytes | None]
_INF = math.inf


@contextmanager
def reading(path: str | Path) -> Iterator[None]:
    """Report what goes wrong while reading ``path`` as a :class:`TableFileError` that names it.

    A damaged file makes SQLite raise its own errors at any query (``database disk image is
    malformed``, text that is not UTF-8), not only when the file is opened; the codec's errors
    (a key it did not write) say what is wrong, and here which file.
    """
    import sqlite3  # where it is used: the core imports without SQLite

    try:
        yield
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        raise TableFileError(
            f"cannot read {path} as a table file (SQLite says: {exc}): it is damaged"
        ) from None
    except TableFileError as exc:
        if str(path) in str(exc):
            raise
        raise TableFileError(f"{path}: {exc}") from None


def pack(key: Any, classes: Classes | None = None) -> bytes:
    """The bytes a key is stored under (see :func:`gamesearch.solving._codec.encode`)."""
    return _codec.encode(key, classes)


def check_path(path: object) -> str:
    """``path`` as a string, if it can name a table file.

    Raises:
        TableFileError: an empty path, ``":memory:"`` (SQLite's database that is never
            written), or not a string or a path.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TableFileError(f"a table file's path must be a str or a Path, not {path!r}")
    text = os.fspath(path)
    if not isinstance(text, str) or not text.strip() or text == ":memory:":
        raise TableFileError(
            f"{text!r} names no file: give the path of the table file to write (SQLite would "
            "keep a table under this name in memory only, and it would be lost)"
        )
    return text


def connect(path: str | Path, *, create: bool = False) -> sqlite3.Connection:
    """Open a table file (and, with ``create``, make a new one) and check that it is one.

    With ``create``, the folder must exist and the file, if it exists, must be empty or a
    table file; the tables are made before any work starts, so a path that cannot be
    written fails at once. Without it, the file must exist and is opened for reading only.

    Raises:
        TableFileError: no such file (reading), a folder that does not exist or cannot be
            written, a file that is not a SQLite database, another program's database, a
            table file of another format, or tables whose columns are not a table file's.
    """
    import sqlite3  # where it is used: the core imports without SQLite

    text = check_path(path)
    there = Path(text)
    if there.is_dir():  # refused before SQLite opens it: it would make a journal beside it
        raise TableFileError(f"{text} is a folder, not a table file")
    if there.exists() and not there.is_file():  # a FIFO, a device (/dev/null)
        raise TableFileError(f"{text} is not a regular file, so not a table file")
    if create:
        folder = there.parent
        if not folder.is_dir():
            raise TableFileError(f"cannot write {text}: the folder {folder} does not exist")
    elif not there.is_file():
        raise TableFileError(f"no table file {text}")
    _refuse_other_kind(text)
    try:  # by a URI made from the path: a name such as "file:x?mode=memory" is that file
        uri = Path(text).resolve().as_uri() + ("?mode=rwc" if create else "?mode=ro")
        connection = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise TableFileError(f"cannot open {text}: {exc}") from None
    try:
        if create:  # the tables checked and made in one transaction: another writer waits
            with locked(connection, text):
                _check_tables(connection, text, create)
                for statement in _SCHEMA:
                    connection.execute(statement)
                _check_format(connection, text, create)
        else:
            _check_tables(connection, text, create)
            _check_format(connection, text, create)
    except (sqlite3.Error, UnicodeDecodeError) as exc:  # a damaged schema: names not UTF-8
        connection.close()
        verb = "write" if create else "read"
        raise TableFileError(f"cannot {verb} {text} as a table file (SQLite says: {exc})") from None
    except BaseException:
        connection.close()
        raise
    return connection


_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database (an empty file is one, with nothing in it)."""


def _refuse_other_kind(path: str) -> None:
    """Refuse a file that is not an SQLite database before SQLite opens it.

    SQLite would otherwise play back a stale journal beside it (``path-journal``, left by a
    program that crashed), writing into a file the user meant to keep.

    Raises:
        TableFileError: ``path`` is a file whose first bytes are not SQLite's.
    """
    if not Path(path).is_file():  # a folder, a FIFO (never opened: it would wait) or nothing
        return
    try:
        with open(path, "rb") as file:
            head = file.read(len(_HEADER))
    except OSError:
        return  # the connection says what is wrong
    if head and head != _HEADER:
        raise TableFileError(
            f"{path} is not a gamesearch table file (not an SQLite database); choose another path"
        )


@contextmanager
def locked(connection: sqlite3.Connection, path: str | Path) -> Iterator[None]:
    """One write transaction, begun at once (``BEGIN IMMEDIATE``): committed, or rolled back.

    While it runs no other connection writes the file (another build waits, up to SQLite's
    timeout): what is read in it is still so when it writes. So a build claims a file, and
    commits each batch, checking that the file is still of its game.

    Raises:
        TableFileError: another process kept the file locked past the timeout, or SQLite could
            not write (the errors of the body are raised as they are, after the rollback).
    """
    import sqlite3  # where it is used: the core imports without SQLite

    try:
        connection.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        raise TableFileError(f"cannot write {path} (SQLite says: {exc}){_why(exc)}") from None
    try:
        yield
        connection.commit()
    except sqlite3.Error as exc:
        _roll_back(connection)
        raise TableFileError(f"cannot write {path} (SQLite says: {exc})") from None
    except BaseException:
        _roll_back(connection)
        raise


def _why(error: sqlite3.Error) -> str:
    """What a failed ``BEGIN IMMEDIATE`` means for the user, after SQLite's own words.

    Only a busy or locked file is another process's doing; a file that is not a database (a
    text file given as the table's path) is not a table file, and anything else is said as
    SQLite says it.
    """
    name = getattr(error, "sqlite_errorname", "")  # Python 3.11 and later
    said = str(error)
    if name in ("SQLITE_BUSY", "SQLITE_LOCKED") or "locked" in said:
        return ": another process is writing it"
    if name == "SQLITE_NOTADB" or "not a database" in said:
        return ": it is not a gamesearch table file; choose another path"
    return ""


def _roll_back(connection: sqlite3.Connection) -> None:
    import sqlite3  # where it is used: the core imports without SQLite

    with suppress(sqlite3.Error):  # the transaction is gone with what broke it
        connection.rollback()


def claim(connection: sqlite3.Connection, head: Mapping[str, str]) -> None:
    """Write ``head`` into the meta table, in the caller's transaction (:func:`locked`).

    A build claims a file so, having checked in the same transaction that the file is new or
    of its game: another build finds this head, and is refused if it is of another game. The
    head gets a new :data:`BUILD` value, by which a reader that has the file open tells that
    it was written since (:class:`FileTable`).
    """
    connection.executemany(
        "INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)",
        [*head.items(), (BUILD, secrets.token_hex(16))],
    )


def build_of(connection: sqlite3.Connection, path: str | Path) -> str | None:
    """The file's :data:`BUILD` value (``None`` in a file written before it was recorded)."""
    with reading(path):
        found = connection.execute("SELECT value FROM meta WHERE name = ?", (BUILD,)).fetchone()
    return None if found is None else str(found[0])


def _check_tables(connection: sqlite3.Connection, path: str, create: bool) -> None:
    """Refuse a database whose tables are not a table file's (before anything is written)."""
    names = [
        str(name)
        for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    if not names and create:
        return
    if sorted(names) != ["entries", "meta"]:
        raise TableFileError(
            f"{path} is not a gamesearch table file: it holds the tables "
            f"{', '.join(sorted(names)) or '(none)'}, not meta and entries; choose another path"
        )
    for table, expected in _COLUMNS.items():
        columns = [str(row[1]) for row in connection.execute(f"PRAGMA table_info({table})")]
        if columns != expected:
            raise TableFileError(
                f"{path} is damaged: its {table} table has the columns {', '.join(columns)}, "
                f"not {', '.join(expected)}"
            )


def _check_format(connection: sqlite3.Connection, path: str, create: bool) -> None:
    found = connection.execute("SELECT value FROM meta WHERE name = 'format'").fetchone()
    if found is None:
        if connection.execute("SELECT 1 FROM entries LIMIT 1").fetchone() is not None:
            raise TableFileError(f"{path} holds entries but says nothing of its format: damaged")
        return
    if found[0] == FORMAT:
        codec = connection.execute("SELECT value FROM meta WHERE name = 'codec'").fetchone()
        if codec is None or codec[0] not in _codec.READS:
            raise TableFileError(
                f"{path} stores its keys with {short_repr(codec and codec[0])}, not "
                f"{_codec.CODEC!r}: it was not written by this version"
            )
        if create and codec[0] != _codec.CODEC:
            raise TableFileError(
                f"{path} stores its keys with {codec[0]!r}, of an earlier version, which this "
                f"version reads but does not add to (it writes {_codec.CODEC!r}): choose another "
                "path, or delete the file to build it again"
            )
        return
    if found[0] == "gamesearch-solution 1":
        raise TableFileError(
            f"{path} is a table file of format 1 ('gamesearch-solution 1', written before "
            f"gamesearch 0.2), whose keys are stored with pickle: this version reads only "
            f"{FORMAT!r}, since reading pickle can run code. Rebuild it with the same "
            "solve(game, path=...), opening_book(...) or 'gamesearch table build' into a new file"
        )
    raise TableFileError(f"{path} holds {short_repr(found[0])}, not a {FORMAT!r} file")


def read_meta(
    connection: sqlite3.Connection, path: str | Path = "the table file"
) -> dict[str, str]:
    """The ``meta`` table as a dict of strings.

    Raises:
        TableFileError: a name or a value that is not text, or a file SQLite cannot read.
    """
    meta = {}
    with reading(path):
        rows = connection.execute("SELECT name, value FROM meta").fetchall()
    for name, value in rows:
        if not isinstance(name, str) or not isinstance(value, str):
            raise TableFileError(
                f"{path} is damaged: its meta table holds {short_repr(name)} = "
                f"{short_repr(value)}, where text belongs"
            )
        meta[name] = value
    return meta


def meta_json(meta: Mapping[str, str], name: str, default: Any, path: str | Path) -> Any:
    """The JSON value of ``meta[name]`` (``default`` when it is absent).

    Raises:
        TableFileError: the value is not JSON.
    """
    if name not in meta:
        return default
    try:
        return json.loads(meta[name], parse_constant=no_constant)
    except (ValueError, RecursionError):
        raise TableFileError(
            f"{path} is damaged: its meta value {name} = {short_repr(meta[name])} is not JSON"
        ) from None


def meta_number(meta: Mapping[str, str], name: str, path: str | Path) -> float | None:
    """A finite number the size of a float (or ``None``) stored as JSON under ``name``.

    An integer too large for a float (a 400-digit one, say) is refused as any other value that
    is not a number, not converted with an ``OverflowError``.

    Raises:
        TableFileError: the value is not JSON, or not a finite number of a float's size, or null.
    """
    value = meta_json(meta, name, None, path)
    if value is None:
        return None
    number = _float(value)
    if number is None:
        raise TableFileError(
            f"{path} is damaged: its meta value {name} is {short_repr(meta[name])}, not a "
            "finite number of a float's size"
        )
    return number


def _float(value: object) -> float | None:
    """``value`` as a finite float, if it is an int or a float that is one; else ``None``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:  # an int beyond a float's range
        return None
    return number if math.isfinite(number) else None


def entry(
    value: object,
    distance: object,
    actions: object,
    path: str | Path,
    classes: Classes | None = None,
) -> Entry:
    """The :class:`Entry` of a row, checked (its actions made by the file's ``classes``).

    Raises:
        TableFileError: a value that is not a finite number, a distance that is not an int
            >= 0 (or NULL), or actions that are not a tuple written by the codec.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise TableFileError(
            f"{path} is damaged: a stored value is {short_repr(value)}, not a number"
        )
    if distance is not None and (not isinstance(distance, int) or distance < 0):
        raise TableFileError(
            f"{path} is damaged: a stored distance is {short_repr(distance)}, not a count of plies"
        )
    if actions is None:
        return Entry(float(value), distance)
    found = _codec.decode(actions, classes)
    if not isinstance(found, tuple):
        raise TableFileError(
            f"{path} is damaged: stored actions are {short_repr(found)}, not a tuple"
        )
    return Entry(float(value), distance, found)


def row(key: Any, item: Entry, classes: Classes | None = None) -> Row:
    """The row of an entry: its key and actions encoded by the codec, with the file's classes."""
    actions = None if item.actions is None else _codec.encode(item.actions, classes)
    return _codec.encode(key, classes), item.value, item.distance, actions


def read_all(
    connection: sqlite3.Connection, path: str | Path, classes: Classes | None = None
) -> dict[Any, Entry]:
    """Every entry of the file, by key (entries of one value and distance shared).

    Keys and actions are made by the file's ``classes`` (:meth:`Classes.from_meta`).

    Raises:
        TableFileError: a row that is damaged (see :func:`entry`).
    """
    make = entry_maker()
    table: dict[Any, Entry] = {}
    decode = _codec.decode
    with reading(path):
        rows = connection.execute("SELECT key, value, distance, actions FROM entries")
        for key, value, distance, actions in rows:
            if (  # the common row, checked inline: a finite float, a count or NULL, no actions
                actions is None
                and type(value) is float
                and -_INF < value < _INF
                and (distance is None or (type(distance) is int and distance >= 0))
            ):
                table[decode(key, classes)] = make(value, distance)
            else:
                table[decode(key, classes)] = entry(value, distance, actions, path, classes)
    return table


def count(connection: sqlite3.Connection, path: str | Path = "the table file") -> int:
    """How many entries the file holds.

    Raises:
        TableFileError: SQLite cannot read the file.
    """
    with reading(path):
        return int(connection.execute("SELECT COUNT(*) FROM entries").fetchone()[0])


def value_and_distance(
    connection: sqlite3.Connection, path: str | Path, packed: bytes
) -> Entry | None:
    """The value and distance stored under the encoded key ``packed`` (its actions unread).

    What a file says of a state without making any of its objects: no class it names is looked
    for (``gamesearch table probe FILE`` reads the root this way).

    Raises:
        TableFileError: the row is damaged, or SQLite cannot read the file.
    """
    with reading(path):
        found = connection.execute(
            "SELECT value, distance FROM entries WHERE key = ?", (packed,)
        ).fetchone()
    return None if found is None else entry(found[0], found[1], None, path)


class Writer:
    """Writes entries to a table file a build has claimed, ``batch`` per transaction.

    Each transaction first checks that the file is still of the build's game and keys (as its
    ``head`` says): a save of another table since stops the build, whose batch is not written.
    Builds of one game may share a file (each writes the same values); the entries' keys are
    encoded in the transaction that writes them, after the file's classes are read, so that a
    class numbered by one build keeps its number in the other's keys.
    """

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: str | Path,
        head: Mapping[str, str],
        batch: int,
        progress: Callable[[], Mapping[str, str]] | None = None,
        classes: Classes | None = None,
    ) -> None:
        self._connection = connection
        self._path = path
        self._game = GameIdentity.from_json(head["game"])
        self._key = head.get("key")
        self._batch = batch
        self._progress = progress
        self._classes = Classes() if classes is None else classes
        self._pending: list[tuple[Any, Entry]] = []
        self.batches = 0
        """Transactions committed so far."""

    def add(self, key: Any, item: Entry) -> None:
        """Queue one entry; commit the batch when it is full."""
        self._pending.append((key, item))
        if len(self._pending) >= self._batch:
            self.flush()

    def hold(self, entries: Iterable[tuple[Any, Entry]]) -> None:
        """Queue ``entries`` to be committed by the next :meth:`flush`, however many they are.

        For a table whose order is not that of whole subtrees (retrograde analysis's): it is
        committed in one transaction with the flag that says it is complete, so an interrupted
        write leaves none of it, where a resumed memo pass would trust part of it.
        """
        self._pending.extend(entries)

    def add_all(self, entries: list[tuple[Any, Entry]]) -> None:
        """Queue ``entries`` (in order) and commit them all: a finished part of a split solve."""
        self._pending.extend(entries)
        self.flush()

    def flush(self, meta: Mapping[str, str] | None = None) -> None:
        """Commit the queued entries, and ``meta`` with them, in one transaction.

        The meta values the writer's ``progress()`` gives are committed with every batch, and
        the file's classes with every batch that stores a new one.

        Raises:
            TableFileError: the file holds another game's table (or keys) since the build
                claimed it, its classes were numbered otherwise, or SQLite cannot write it.
            UnsupportedGameError: a key or actions cannot be stored (nothing is written).
        """
        meta = {**(self._progress() if self._progress is not None else {}), **(meta or {})}
        with locked(self._connection, self._path):
            stored = self._check_file()
            self._classes.adopt(stored, self._path)
            known = len(self._classes)
            rows = [row(key, item, self._classes) for key, item in self._pending]
            if len(self._classes) != known or len(stored) != known:
                meta["classes"] = self._classes.to_json()
            self._connection.executemany(
                "INSERT OR REPLACE INTO entries (key, value, distance, actions) "
                "VALUES (?, ?, ?, ?)",
                rows,
            )
            if meta:
                self._connection.executemany(
                    "INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)", list(meta.items())
                )
        self._pending.clear()
        self.batches += 1

    def _check_file(self) -> Classes:
        """The file's classes, once it is checked to be still of the build's game and keys."""
        meta = read_meta(self._connection, self._path)
        game = meta.get("game")
        same = False
        with suppress(TableFileError):
            same = game is not None and GameIdentity.from_json(game).matches(self._game)
        if not same or meta.get("key") != self._key:
            raise TableFileError(
                f"{self._path} was replaced by another table (of {short_repr(game)}, keys "
                f"{short_repr(meta.get('key'))}) while this build wrote it, so this one stops: "
                "run one build or save of a file at a time"
            )
        return Classes.from_meta(meta, self._path)


class FileTable(Mapping[Any, Entry]):
    """A read-only view of a table file's entries by key: each lookup is one query.

    ``classes`` are the file's (frozen: a key of a class the file does not list is in no entry).
    ``build`` is the file's :data:`BUILD` value when it was opened: each query reads it with
    the entry, so that a file written over while it is open (another table saved into it) is
    refused rather than read with what was read of the first (its game, its classes).
    """

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: str | Path,
        classes: Classes | None = None,
        build: str | None = None,
    ) -> None:
        self._connection = connection
        self._path = path
        self._classes = Classes(frozen=True) if classes is None else classes
        self._build = build

    def close(self) -> None:
        """Close the file."""
        self._connection.close()

    def __getitem__(self, key: Any) -> Entry:
        try:
            packed = _codec.encode(key, self._classes)
        except UnsupportedGameError:
            raise KeyError(key) from None  # a key the codec cannot store is in no file
        found = self.raw(packed)
        if found is None:
            raise KeyError(key)
        return found

    def is_file(self, path: str | Path) -> bool:
        """Whether ``path`` names the file this view reads."""
        try:
            return Path(path).resolve() == Path(self._path).resolve()
        except OSError:
            return False

    def raw(self, packed: bytes) -> Entry | None:
        """The entry stored under the encoded key ``packed``, if any.

        Raises:
            TableFileError: the row is damaged, SQLite cannot read the file, or the file was
                written over since it was opened.
        """
        with reading(self._path):
            build, key, value, distance, actions = self._connection.execute(
                "SELECT m.value, e.key, e.value, e.distance, e.actions FROM (SELECT ? AS k) AS q"
                " LEFT JOIN meta AS m ON m.name = 'build' LEFT JOIN entries AS e ON e.key = q.k",
                (packed,),
            ).fetchone()
        self._check_build(build)
        return None if key is None else entry(value, distance, actions, self._path, self._classes)

    def __len__(self) -> int:
        with reading(self._path):
            build, found = self._connection.execute(
                "SELECT (SELECT value FROM meta WHERE name = 'build'), COUNT(*) FROM entries"
            ).fetchone()
        self._check_build(build)
        return int(found)

    def __iter__(self) -> Iterator[Any]:
        connection = self._connection
        with reading(self._path):
            began = not connection.in_transaction  # one snapshot: the build, then the keys
            if began:
                connection.execute("BEGIN")
            try:
                self._check_build(build_of(connection, self._path))
                for (key,) in connection.execute("SELECT key FROM entries"):
                    yield _codec.decode(key, self._classes)
            finally:
                if began:
                    connection.rollback()

    def _check_build(self, build: object) -> None:
        if build != self._build:
            raise TableFileError(
                f"{self._path} was written over (another table saved or built into it) while it "
                "was open: open it again"
            )
