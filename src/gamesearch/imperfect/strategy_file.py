"""Strategies are data: a strategy profile saved as JSON or SQLite rows, loaded back checked.

A strategy file holds the game it was made for (its :class:`~gamesearch.identity.GameIdentity`:
the class's import path and parameters) and, for each information set, its key and the
probability of each of its actions:

.. code-block:: text

    {"format": "gamesearch strategy", "version": 1,
     "game": {"class": "gamesearch.imperfect.kuhn:KuhnPoker", "parameters": {"players": 2}},
     "infosets": 12,
     "strategy": [
    ["0", [[0, 0.79], [1, 0.21]]],
    ...
    ]}

Keys and actions must be plain data: strings, ints, ``None``, and tuples of them (nested), which
JSON holds as strings, numbers, ``null`` and lists (a tuple comes back as a tuple, so a
:class:`~gamesearch.imperfect.LeducInfoSet`, a named tuple, comes back equal to itself). Floats
and booleans are refused as keys and actions: ``1``, ``1.0`` and ``True`` are one key to a dict.

The same fields can be stored as SQLite rows instead (``file_format="sqlite"``; see
:mod:`._strategy_sqlite`), which :func:`load_strategy` tells from JSON by the file's first
bytes, and checks alike. Neither format is ever pickled.

Loading reads the text as JSON (or the rows) and nothing else (no code runs, no class is
imported: the game is the one passed in), and refuses, with
:class:`~gamesearch.errors.TableFileError`, a file that is damaged, of another format, made for
another game, or whose probabilities are not finite numbers >= 0 summing to 1 at each
information set.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from ..errors import (
    InvalidDistributionError,
    InvalidSearchOptionError,
    TableFileError,
    UnsupportedGameError,
    short_repr,
)
from ..identity import check_built_for, check_header, game_identity, no_constant
from ._strategy_sqlite import MAGIC, read_rows, write_rows
from ._tree import enumerate_tree
from .protocol import ImperfectInformationGame, InfoSetKey, Strategy

__all__ = ["FileFormat", "load_strategy", "save_strategy"]

FileFormat = Literal["json", "sqlite"]
"""How a strategy file is stored: one JSON document, or SQLite rows."""
_FORMATS = ("json", "sqlite")

FORMAT = "gamesearch strategy"
"""The ``format`` field of a strategy file."""
VERSION = 1
"""The version of the format this library writes and reads."""

_TOLERANCE = 1e-9
"""How far an information set's probabilities may sum from 1."""
_MAX_DEPTH = 32
"""How deep tuples may nest in a key or an action."""
_FIELDS = {"format", "version", "game", "infosets", "strategy"}


def save_strategy(
    path: str | os.PathLike[str],
    game: ImperfectInformationGame[Any, Any],
    strategy: Strategy,
    *,
    file_format: FileFormat = "json",
) -> None:
    """Write ``strategy``, a strategy profile of ``game``, to the file ``path``.

    The file is written whole under a temporary name, then renamed: a reader never sees half
    of it.

    Args:
        path: Where to write (replaced if it exists).
        game: The game the strategy is for; its identity goes into the file.
        strategy: Each information set's key to the probability of each of its actions, such as
            the ``strategy`` of a :class:`~gamesearch.imperfect.CFRResult` or
            :class:`~gamesearch.imperfect.MCCFRResult`.
        file_format: ``"json"`` (one JSON document) or ``"sqlite"`` (a SQLite database, one
            row per information set and action; see :mod:`._strategy_sqlite`).

    Raises:
        InvalidSearchOptionError: an unknown ``file_format``.
        UnsupportedGameError: a key or an action is not plain data (strings, ints, ``None``,
            tuples of them), or the game has no identity (see
            :func:`~gamesearch.identity.game_identity`).
        InvalidDistributionError: an information set's probabilities are not finite numbers
            >= 0 summing to 1.
        TableFileError: ``path`` cannot be written.

    Example:
        >>> import tempfile, pathlib
        >>> from gamesearch.imperfect import KuhnPoker, cfr
        >>> game = KuhnPoker()
        >>> result = cfr(game, iterations=100, variant="plus")
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "kuhn.json"
        >>> save_strategy(path, game, result.strategy)
        >>> load_strategy(path, game) == result.strategy
        True
    """
    if file_format not in _FORMATS:
        raise InvalidSearchOptionError(
            f"save_strategy: file_format must be 'json' or 'sqlite', not {file_format!r}"
        )
    identity = json.loads(game_identity(game).to_json())
    if not isinstance(strategy, Mapping):
        raise UnsupportedGameError(
            f"save_strategy: the strategy must be a mapping from information-set keys to "
            f"mappings from actions to probabilities, not {type(strategy).__name__}"
        )
    entries = [_entry(key, probabilities) for key, probabilities in strategy.items()]
    header = {"format": FORMAT, "version": VERSION, "game": identity, "infosets": len(entries)}
    target = Path(path)
    temporary = target.with_name(target.name + ".tmp")
    failures: tuple[type[Exception], ...] = (OSError,)
    try:
        temporary.unlink(missing_ok=True)
        if file_format == "sqlite":
            import sqlite3  # where it is used: the core imports without SQLite

            failures = (OSError, sqlite3.Error)
            write_rows(temporary, header, entries)
        else:
            temporary.write_text(_json_text(header, entries), encoding="utf-8")
        os.replace(temporary, target)
    except failures as exc:
        raise TableFileError(f"cannot write the strategy file {target}: {exc}") from None


def _entry(key: object, probabilities: object) -> list[Any]:
    """An information set's entry, ``[key, [[action, probability], ...]]`` as JSON, checked.

    Raises:
        UnsupportedGameError: a key or an action that is not plain data.
        InvalidDistributionError: ``probabilities`` is no mapping of actions to probabilities
            that sum to 1.
    """
    _check_plain(key, "information-set key", key)
    if not isinstance(probabilities, Mapping) or not probabilities:
        raise InvalidDistributionError(
            f"the strategy of information set {key!r} must map its actions to "
            f"probabilities, not {probabilities!r}"
        )
    pairs = []
    for action, probability in probabilities.items():
        _check_plain(action, "action", key)
        pairs.append([_to_json(action), _probability(probability, key, action)])
    _check_sum([p for _, p in pairs], key)
    return [_to_json(key), pairs]


def _json_text(header: dict[str, Any], entries: list[list[Any]]) -> str:
    """A JSON strategy file: the header on the first line, then one information set a line."""
    lines = [json.dumps(entry, separators=(",", ":"), allow_nan=False) for entry in entries]
    first = json.dumps(header, separators=(",", ":"))
    return first[:-1] + ',"strategy":[\n' + ",\n".join(lines) + "\n]}\n"


def load_strategy(
    path: str | os.PathLike[str],
    game: ImperfectInformationGame[Any, Any],
    *,
    complete: bool = True,
) -> dict[InfoSetKey, dict[Any, float]]:
    """The strategy profile of ``game`` saved in the file ``path``, checked.

    Args:
        path: A file written by :func:`save_strategy`, as JSON or as SQLite rows (told apart
            by its first bytes).
        game: The game the strategy must be for: the file's game must have the same identity
            (class and parameters).
        complete: Check the strategy against the game's tree, enumerated once (at most
            5,000,000 histories): every information set of the game must be in the file, with
            actions of that set. ``False`` for a game too big to enumerate, or a strategy of
            the sets an MCCFR run met: then only the file itself is checked.

    Returns:
        Each information set's key to the probability of each of its actions (with
        ``complete``, the keys are the game's own objects, such as a ``LeducInfoSet``).

    Raises:
        TableFileError: the file cannot be read, is not JSON, is not a strategy file of this
            format, was made for another game, holds a key or an action that is not plain
            data, probabilities that are not finite numbers >= 0 summing to 1 at an
            information set, the same information set twice, or (with ``complete``) lacks one
            of the game's information sets or gives an action the set does not have.
        UnsupportedGameError: ``game`` has no identity, or (with ``complete``) is too big to
            enumerate or lacks perfect recall.
    """
    target = Path(path)
    try:
        data = target.read_bytes()
    except OSError as exc:
        raise TableFileError(f"cannot read the strategy file {target}: {exc}") from None
    if data.startswith(MAGIC):
        found = read_rows(target)
    else:
        try:
            found = json.loads(data.decode("utf-8"), parse_constant=no_constant)
        except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
            raise TableFileError(
                f"{target} is not a JSON strategy file (it does not parse)"
            ) from None
    found = check_header(found, fields=_FIELDS, format=FORMAT, version=VERSION, where=str(target),
                         kind="a strategy file")  # fmt: skip
    check_built_for(found["game"], game, where=str(target), what="a strategy", of="for")
    strategy = _read_entries(target, found["strategy"], found["infosets"])
    return _against_tree(target, game, strategy) if complete else strategy


def _read_entries(target: Path, entries: object, count: object) -> dict[Any, dict[Any, float]]:
    """The file's information sets, each checked."""
    if not isinstance(entries, list):
        raise TableFileError(f"{target}: the field 'strategy' must be a list of information sets")
    if isinstance(count, bool) or not isinstance(count, int) or count != len(entries):
        raise TableFileError(
            f"{target} says it holds {count!r} information sets but holds {len(entries)}: the "
            "file is damaged (cut short, or edited)"
        )
    strategy: dict[Any, dict[Any, float]] = {}
    for number, entry in enumerate(entries):
        where = f"{target}, information set number {number}"
        if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], list):
            raise TableFileError(f"{where}: an entry must be [key, [[action, probability], ...]]")
        key = _from_json(entry[0], 0)
        if key is _NOT_PLAIN:
            raise TableFileError(f"{where}: the key {short_repr(entry[0])} is not plain data")
        if key in strategy:
            raise TableFileError(f"{where}: the information set {key!r} comes twice")
        probabilities: dict[Any, float] = {}
        for pair in entry[1]:
            if not isinstance(pair, list) or len(pair) != 2:
                raise TableFileError(f"{where} ({key!r}): {short_repr(pair)} is not [action, p]")
            action, p = _from_json(pair[0], 0), pair[1]
            if action is _NOT_PLAIN or action in probabilities:
                raise TableFileError(
                    f"{where} ({key!r}): the action {short_repr(pair[0])} is not plain data, or "
                    "comes twice"
                )
            number_like = isinstance(p, (int, float)) and not isinstance(p, bool)
            if not number_like or not math.isfinite(p) or p < 0:
                raise TableFileError(
                    f"{where} ({key!r}): the probability of action {action!r} is {short_repr(p)}, "
                    "not a finite number >= 0"
                )
            probabilities[action] = float(p)
        if not probabilities or abs(math.fsum(probabilities.values()) - 1.0) > _TOLERANCE:
            raise TableFileError(
                f"{where} ({key!r}): the probabilities sum to "
                f"{math.fsum(probabilities.values())!r}, not 1"
            )
        strategy[key] = probabilities
    return strategy


def _against_tree(
    target: Path, game: Any, strategy: dict[Any, dict[Any, float]]
) -> dict[InfoSetKey, dict[Any, float]]:
    """``strategy`` keyed by the game's own keys; refuse sets or actions the game lacks."""
    tree = enumerate_tree(game, searcher="load_strategy")
    missing = [key for key in tree.keys if key not in strategy]
    if missing:
        raise TableFileError(
            f"{target} lacks {len(missing)} of the game's {len(tree.keys)} information sets, "
            f"such as {missing[0]!r}: the file is damaged, or holds a strategy of the sets an "
            "MCCFR run met (load it with complete=False)"
        )
    if len(strategy) > len(tree.keys):
        known = set(tree.keys)
        extra = next(key for key in strategy if key not in known)
        raise TableFileError(f"{target} holds the information set {extra!r}, which the game lacks")
    loaded: dict[InfoSetKey, dict[Any, float]] = {}
    for key, actions in zip(tree.keys, tree.infoset_actions, strict=True):
        probabilities = strategy[key]
        for action in probabilities:
            if action not in actions:
                raise TableFileError(
                    f"{target} gives information set {key!r} the action {action!r}, which it "
                    f"lacks (its actions are {list(actions)})"
                )
        loaded[key] = {a: probabilities[a] for a in actions if a in probabilities}
    return loaded


def _check_plain(value: object, what: str, key: object) -> None:
    if _to_json(value) is _NOT_PLAIN:
        where = "" if value is key else f" (at information set {key!r})"
        raise UnsupportedGameError(
            f"the {what} {short_repr(value)}{where} is not plain data: a strategy file holds keys "
            "and actions that are strings, ints, None, or tuples of them, never pickled "
            "objects (give the game keys of that kind, such as its information state as a "
            "string or a tuple)"
        )


def _probability(value: object, key: object, action: object) -> float:
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if not number or not math.isfinite(value) or value < 0:  # type: ignore[arg-type, operator]
        raise InvalidDistributionError(
            f"the strategy of information set {key!r} gives action {action!r} the probability "
            f"{value!r}; probabilities must be finite numbers >= 0"
        )
    return float(value)  # type: ignore[arg-type]


def _check_sum(probabilities: list[float], key: object) -> None:
    total = math.fsum(probabilities)
    if abs(total - 1.0) > _TOLERANCE:
        raise InvalidDistributionError(
            f"the probabilities of information set {key!r} sum to {total!r}, not 1"
        )


_NOT_PLAIN: Any = object()


def _to_json(value: object, depth: int = 0) -> Any:
    """``value`` as JSON data (tuples as lists), or ``_NOT_PLAIN``."""
    if depth > _MAX_DEPTH:
        return _NOT_PLAIN
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, tuple):
        items = [_to_json(item, depth + 1) for item in value]
        return _NOT_PLAIN if any(item is _NOT_PLAIN for item in items) else items
    return _NOT_PLAIN


def _from_json(value: object, depth: int) -> Any:
    """A JSON key or action as plain data (lists as tuples), or ``_NOT_PLAIN``."""
    if depth > _MAX_DEPTH:
        return _NOT_PLAIN
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, list):
        items = tuple(_from_json(item, depth + 1) for item in value)
        return _NOT_PLAIN if any(item is _NOT_PLAIN for item in items) else items
    return _NOT_PLAIN
