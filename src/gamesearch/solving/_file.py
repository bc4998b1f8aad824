"""What a table file says of itself: its head (the meta values) written and checked.

A table file's ``meta`` table records which game it solves (the stable identity of
:mod:`gamesearch.identity`), how it was made, from which roots, when, and whether it is
complete. These functions write that head and read it back, checked, for
:class:`~gamesearch.solving.Solution`, :func:`~gamesearch.solving.solve`,
:func:`~gamesearch.solving.opening_book` and ``gamesearch table probe``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import TableFileError
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
    return GameIdentity.from_json(meta["game"])


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
                and isinstance(item[1], int)
                and not isinstance(item[1], bool)
            ):
                try:
                    pairs.append((bytes.fromhex(item[0]), item[1]))
                    continue
                except ValueError:
                    pass
            break
        else:
            return pairs
    raise TableFileError(f"{path} is damaged: its roots are {meta['roots'][:80]!r}")


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
    """Seconds the build took, if it finished."""

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

    @property
    def kind(self) -> str:
        """What the table is, in words: ``"strong solution"``, ``"opening book"``, ..."""
        return KINDS.get(self.method, self.method)


def info(path: str | Path) -> FileInfo:
    """What the table file ``path`` says of itself, checked, without the game.

    Raises:
        TableFileError: the file does not exist, or is not a sound table file.
    """
    connection = _store.connect(path)
    try:
        meta = _store.read_meta(connection, path)
        game = identity(meta, path)
        states = _store.count(connection, path)
        total = _store.meta_number(meta, "constant_sum", path) or 0.0
        plies = _store.meta_json(meta, "plies", None, path)
        root_player = root_value = root_distance = None
        for packed, player in roots(meta, path)[:1]:
            root_player = player
            found = _store.value_and_distance(connection, path, packed)
            if found is not None:
                root_value = found.value if player in (0, CHANCE) else total - found.value
                root_distance = found.distance
        return FileInfo(
            str(path),
            game,
            meta.get("method", "?"),
            states,
            meta.get("complete") == "1",
            meta.get("created"),
            _store.meta_number(meta, "elapsed", path),
            _store.meta_number(meta, "tolerance", path),
            plies if isinstance(plies, int) and not isinstance(plies, bool) else None,
            root_player,
            root_value,
            root_distance,
        )
    finally:
        connection.close()
