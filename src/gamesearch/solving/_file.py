"""What a table file says of itself: its head (the meta values) written and checked.

A table file's ``meta`` table records which game it solves (the stable identity of
:mod:`gamesearch.identity`), how it was made, from which roots, when, and whether it is
complete. These functions write that head and read it back, checked, for
:class:`~gamesearch.solving.Solution`, :func:`~gamesearch.solving.solve`,
:func:`~gamesearch.solving.opening_book` and ``gamesearch table probe``.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import TableFileError, short_repr
from ..game import CHANCE, Player
from ..identity import GameIdentity, game_identity
from . import _codec, _store
from ._classes import Classes

KINDS = {
    "memo": "strong solution",
    "retrograde": "strong solution",
    "value_iteration": "strong solution of a game of chance (value iteration)",
    "opening_book": "opening book",
}
"""What each method's table is, in words."""


def head(
    game: object,
    method: str,
    kind: str,
    roots: Iterable[tuple[Any, Player]],
    *,
    spec: str | None = None,
    extra: Mapping[str, str] | None = None,
    classes: Classes | None = None,
) -> dict[str, str]:
    """The meta values a new file starts with (``complete`` is ``"0"`` until the end).

    The roots' keys are encoded with the file's ``classes`` (a registry of this call's own by
    default, to check that they can be stored), which the values then list.

    Raises:
        UnsupportedGameError: the game has no stable identity, or a root's key cannot be
            stored (before any work is done).
    """
    own = Classes(owner=type(game).__module__) if classes is None else classes
    values = {
        "format": _store.FORMAT,
        "codec": _codec.CODEC,
        "game": game_identity(game).to_json(),
        "method": method,
        "key": kind,
        "roots": json.dumps([[_store.pack(key, own).hex(), player] for key, player in roots]),
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "complete": "0",
    }
    if classes is not None and len(classes):
        values["classes"] = classes.to_json()
    if spec is not None:
        values["spec"] = spec
    values.update(extra or {})
    return values


def identity(meta: Mapping[str, str], path: str | Path) -> GameIdentity:
    """The identity of the game the file solves.

    Raises:
        TableFileError: the file names no game, or not as this library writes one.
    """
    if "game" not in meta:
        raise TableFileError(f"{path} does not say which game it solves: it is damaged")
    try:
        return GameIdentity.from_json(meta["game"])
    except TableFileError as error:  # said of the text: say which file holds it
        raise TableFileError(f"{path} is damaged: {error}") from None


_SHOWN = 200
"""The characters of a game's name a message shows at most."""


def named(meta: Mapping[str, str]) -> str:
    """The game a file names, for a message: ``module:Class(arguments)``, as probe shows it.

    A name that is not an identity this library wrote (a damaged file) is shown quoted, and
    either is cut short: the file may be hostile.

    >>> named({"game": '{"class":"gamesearch.games.nim:Nim","parameters":{"heaps":[1,2]}}'})
    'gamesearch.games.nim:Nim(heaps=(1, 2))'
    >>> named({"game": "<script>" * 40})[:30], named({})
    ("'<script><script><script><scri", '?')
    >>> len(named({"game": '{"class":"a:B","parameters":{"x":"' + "y" * 9000 + '"}}'}))
    203
    """
    if "game" not in meta:
        return "?"
    try:
        shown = str(GameIdentity.from_json(meta["game"]))
    except TableFileError:
        return short_repr(meta["game"])
    return shown if len(shown) <= _SHOWN else shown[:_SHOWN] + "..."


def held(path: str | Path, meta: Mapping[str, str], states: int) -> str:
    """The start of a refusal of a file that holds a table: what it holds, and of which game."""
    kind = KINDS.get(meta.get("method", ""), "unfinished")
    return f"{path} already holds a table ({kind} of {named(meta)}, {states:,} states)"


def check_built_for(
    meta: Mapping[str, str],
    game: object,
    path: str | Path,
    remedy: str = "pass the game it was built for",
) -> None:
    """Refuse a file built for another game than ``game``, saying what differs.

    Raises:
        TableFileError: the file was built for another game (or names none).
        UnsupportedGameError: ``game`` has no stable identity to compare.
    """
    built, given = identity(meta, path), game_identity(game)
    if not built.matches(given):
        raise TableFileError(
            f"{path} was built for {built}, given {built.differences(given)}: {remedy}"
        )


def roots(meta: Mapping[str, str], path: str | Path) -> list[tuple[bytes, Player]]:
    """The encoded keys of the roots the table was built from, with the player to move.

    Raises:
        TableFileError: the value is not a list of ``[hex, player]`` pairs.
    """
    found = _store.meta_json(meta, "roots", [], path)
    pairs = []
    if isinstance(found, list):
        for item in found:
            if (
                isinstance(item, list)
                and len(item) == 2
                and isinstance(item[0], str)
                and item[1] in _PLAYERS
                and type(item[1]) is int
            ):
                try:
                    pairs.append((bytes.fromhex(item[0]), item[1]))
                    continue
                except ValueError:
                    pass
            break
        else:
            return pairs
    raise TableFileError(
        f"{path} is damaged: its meta value roots is {short_repr(meta['roots'])}, not a list "
        "of [key in hex, player 0, 1 or -1 (chance)] pairs"
    )


_PLAYERS = (0, 1, CHANCE)
_METHODS = (*KINDS, "auto")
"""What a file's ``method`` may say: how it was made, or (unfinished) the method asked."""
_KEYS = ("game.key", "state", "custom")
_CREATED = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([+-][0-9]{4}|[A-Za-z .()]{0,60})"
)
"""A time as :func:`head` writes it (``%z`` is a zone's name on some systems); anything else
(a terminal's escape codes, say, which the probe would print) is refused."""


@dataclass(frozen=True)
class Head:
    """What a table file says of itself (its meta values), each checked by :func:`read_head`."""

    game: GameIdentity
    """The game it solves."""

    method: str
    """How it was made (:data:`KINDS`), or, unfinished, the method asked (``"auto"`` too)."""

    key: str
    """Its keys: ``"game.key"``, ``"state"`` or ``"custom"``."""

    complete: bool
    """Whether the build finished."""

    roots: tuple[tuple[bytes, Player], ...]
    """The encoded keys of the roots, each with the player to move there."""

    constant_sum: float | None
    """What the two players' values add up to (``None`` only in a file without entries)."""

    tolerance: float | None
    """Value iteration's tolerance; ``None`` for exact values."""

    plies: int | None
    """An opening book's depth."""

    elapsed: float | None
    """Seconds the build took, every session of a resumed build counted (so far, if unfinished)."""

    created: str | None
    """When the build began (local time, ISO 8601), if recorded."""


def read_head(meta: Mapping[str, str], path: str | Path, states: int) -> Head:
    """The meta values of a file of ``states`` entries, every one checked before any is used.

    Raises:
        TableFileError: a value is missing, not JSON, or not what this library writes there:
            the message names the file, the value and what was expected. A file of entries
            whose ``constant_sum`` is null (a value for player 1 is that sum less player 0's)
            or, complete, whose method is not one that finishes a table, or an opening book
            without its plies; an empty file (a build stopped before it wrote anything).
    """
    if not meta and not states:
        raise TableFileError(
            f"{path} holds no table yet: it is empty, as a build leaves it when stopped before "
            "it wrote anything (an opening book is written once it is finished); run the same "
            "build again"
        )
    game = identity(meta, path)
    method = _one_of(meta, "method", _METHODS, path)
    key = _one_of(meta, "key", _KEYS, path)
    complete = _one_of(meta, "complete", ("0", "1"), path) == "1"
    if complete and method not in KINDS:
        _damaged(path, "method", meta["method"], f"one of {', '.join(KINDS)} (it is complete)")
    total = _store.meta_number(meta, "constant_sum", path)
    if total is None and (states or complete):
        why = "it holds entries"
        if complete and method in ("retrograde", "value_iteration"):
            why += (
                "; gamesearch 0.3.0 and before wrote null there for a game none of whose "
                "states ends: solve it again"
            )
        _damaged(path, "constant_sum", meta.get("constant_sum"), f"a number ({why})")
    tolerance = _count(meta, "tolerance", path)
    _count(meta, "tolerance_asked", path)
    elapsed = _count(meta, "elapsed", path)
    plies = _store.meta_json(meta, "plies", None, path)
    if plies is not None and (type(plies) is not int or not 0 <= plies < _MOST_PLIES):
        _damaged(path, "plies", meta["plies"], "a count of plies")
    if complete and method == "opening_book" and plies is None:
        _damaged(path, "plies", meta.get("plies"), "a count of plies (it is an opening book)")
    Classes.from_meta(meta, path)  # its shape: the classes are looked for when they are used
    created = meta.get("created")
    if created is not None and _CREATED.fullmatch(created) is None:
        _damaged(path, "created", created, "a time as the library writes it (ISO 8601)")
    return Head(
        game, method, key, complete, tuple(roots(meta, path)), total, tolerance, plies, elapsed,
        created,
    )  # fmt: skip


_MOST_PLIES = 2**63
"""Past the plies a file can count (SQLite's integers): a larger depth is a damaged file."""


def _one_of(meta: Mapping[str, str], name: str, allowed: tuple[str, ...], path: str | Path) -> str:
    value = meta.get(name)
    if value not in allowed:
        _damaged(path, name, value, f"one of {', '.join(allowed)}")
    return str(value)


def _count(meta: Mapping[str, str], name: str, path: str | Path) -> float | None:
    """A number >= 0 (or ``None``) stored under ``name``."""
    value = _store.meta_number(meta, name, path)
    if value is not None and value < 0:
        _damaged(path, name, meta[name], "a number >= 0")
    return value


def _damaged(path: str | Path, name: str, value: object, expected: str) -> None:
    raise TableFileError(
        f"{path} is damaged: its meta value {name} is {short_repr(value)}, not {expected}"
    )


@dataclass(frozen=True)
class FileInfo:
    """What a table file says of itself, read without the game (``gamesearch table probe``)."""

    path: str
    """The file."""

    game: GameIdentity
    """The game it solves."""

    method: str
    """How it was made: ``"memo"``, ``"retrograde"``, ``"value_iteration"`` or
    ``"opening_book"``."""

    states: int
    """Entries in the file (counted, not read from the head)."""

    complete: bool
    """Whether the build finished; an unfinished file is resumed by the same build."""

    created: str | None
    """When the build began (local time, ISO 8601), if recorded."""

    elapsed: float | None
    """Seconds the build took, every session of a resumed build counted (so far, in a file
    not finished), if recorded."""

    tolerance: float | None
    """Value iteration's tolerance; ``None`` for exact values."""

    plies: int | None
    """An opening book's depth in plies."""

    root_player: Player | None
    """The player to move at the (first) root; :data:`~gamesearch.CHANCE` at a chance node."""

    root_value: float | None
    """The root's value for ``root_player`` (player 0 at a chance node), if the file holds it."""

    root_distance: int | None
    """Plies to the end from the root under best play (``None``: a draw, chance, or unknown)."""

    constant_sum: float | None = None
    """What the two players' utilities add up to at every end, if the file records it."""

    @property
    def kind(self) -> str:
        """What the table is, in words: ``"strong solution"``, ``"opening book"``, ..."""
        if self.method == "auto":  # an unfinished solve's: the method is chosen at its end
            return KINDS["memo"]
        return KINDS.get(self.method, self.method)


def elapsed(path: str | Path) -> float | None:
    """Seconds the build of the table file ``path`` took over all its sessions, if recorded.

    Read from the file's meta values alone (:func:`info` also counts its entries).

    Raises:
        TableFileError: the file does not exist, is not a table file, or its value is damaged.
    """
    connection = _store.connect(path)
    try:
        return _count(_store.read_meta(connection, path), "elapsed", path)
    finally:
        connection.close()


def info(path: str | Path) -> FileInfo:
    """What the table file ``path`` says of itself, checked, without the game.

    Raises:
        TableFileError: the file does not exist, or is not a sound table file.
    """
    connection = _store.connect(path)
    try:
        meta = _store.read_meta(connection, path)
        states = _store.count(connection, path)
        head = read_head(meta, path, states)
        root_player = root_value = root_distance = None
        for packed, player in head.roots[:1]:
            root_player = player
            found = _store.value_and_distance(connection, path, packed)
            if found is not None and (player in (0, CHANCE) or head.constant_sum is not None):
                total = head.constant_sum or 0.0
                root_value = found.value if player in (0, CHANCE) else total - found.value
                root_distance = found.distance
        return FileInfo(
            str(path), head.game, head.method, states, head.complete, head.created,
            head.elapsed, head.tolerance, head.plies, root_player, root_value, root_distance,
            head.constant_sum,
        )  # fmt: skip
    finally:
        connection.close()
