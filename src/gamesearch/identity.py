"""A game's stable identity: its class's import path and the parameters that make it again.

A table file must say which game it solves in a way that holds in another process, on another
machine, a year later: not ``repr(game)``, which for a class without a ``__repr__`` of its own
holds a memory address. The identity is the class's import path, ``module:QualName``, and the
keyword arguments that make the game, as plain data:

>>> from gamesearch.games import ConnectFour
>>> print(game_identity(ConnectFour(5, 4)))
gamesearch.games.connect_four:ConnectFour(width=5, height=4)

The parameters are found without the game's help for

- a dataclass: its fields that ``__init__`` takes;
- a class that keeps its ``__init__`` arguments as attributes of the same name
  (``self.width = width``);

and a game that cannot be inspected so states them itself, with the optional member
``game_parameters()``: the keyword arguments that make an equal game, as plain data, so that
``type(game)(**game.game_parameters())`` is the same game (as :class:`~gamesearch.games.Nim`
does, which keeps ``players`` as ``num_players``).

Plain data (:data:`PLAIN`) is ``None``, booleans, ints, finite floats, strings, and tuples
(or lists) and dicts with string keys of them: what JSON can hold and a literal can write (a
path, such as a :class:`pathlib.Path`, is recorded as its string).
A parameter of another type (a function, an object of one's own) leaves the game without an
identity: :class:`~gamesearch.UnsupportedGameError` says which, and how to give one.

The rule for a game named by a file (``Solution.load(path)`` without a game, and
``gamesearch table probe FILE --moves ...`` without ``--game``; :func:`remake`):

- the module is found in the current directory or the installed packages without importing
  anything, and its Python source (parsed, not run) must define a class of that name at its
  top level, with the methods of the :class:`~gamesearch.Game` protocol (its own, or of a
  class it derives from in the same source, or imported from a module already imported);
  each package on the way that is not imported yet must run no code when it is
  (its ``__init__.py`` holds only a docstring, ``from __future__`` imports and assignments of
  literals to plain names, an allow-list; a namespace package has none), unless it is one of
  this library's own; only then is the module imported (a module already imported is not
  looked at again; see :mod:`gamesearch._named`);
- the name must be a class with the methods of the :class:`~gamesearch.Game` protocol,
  checked before it is called;
- the class must not declare that no file may make it
  (:class:`~gamesearch.capabilities.Remade`: ``remade_from_files = False``, as OpenSpiel's
  games do, whose names load games of any size or read files);
- the parameters are plain data, and the class's own checks bound them (the reference games
  refuse sizes that would not fit in memory).

Nothing else is imported or called: the classes of the states and actions a file stores are
never imported (:mod:`gamesearch.solving._classes`). What remains is trust in the code on the
machine: a file can name any game class in the current directory or the installed packages
(whose packages run no code), whose module is then imported as ``import`` would.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import math
import os
from collections.abc import Mapping, Set
from dataclasses import dataclass
from typing import Any

from ._named import find_named
from .capabilities import Capabilities, file_may_make
from .errors import GameSearchError, TableFileError, UnsupportedGameError, short_repr

__all__ = [
    "PLAIN",
    "GameIdentity",
    "check_built_for",
    "check_header",
    "find_named",
    "game_difference",
    "game_identity",
    "game_name",
    "no_constant",
    "remake",
]

PLAIN = (type(None), bool, int, float, str, tuple, list, dict)
"""The types of plain data a game's parameters may be made of (floats finite, dict keys
strings, nested at most 32 deep)."""

_PROTOCOL_METHODS = ("initial_state", "to_move", "actions", "result", "is_terminal", "utility")
_MAX_DEPTH = 32
_MAX_TEXT = 1 << 20


@dataclass(frozen=True)
class GameIdentity:
    """Which game a table was built for: the class's import path and its parameters."""

    module: str
    """The module that defines the game's class (``"__main__"`` for a script's own class)."""

    name: str
    """The class's qualified name in its module."""

    parameters: tuple[tuple[str, Any], ...]
    """The keyword arguments that make the game, in the constructor's order, as plain data
    (lists stored as tuples)."""

    @property
    def path(self) -> str:
        """``module:QualName``, the import path of the class."""
        return f"{self.module}:{self.name}"

    def __str__(self) -> str:
        return f"{self.path}({_arguments(self.parameters)})"

    def to_json(self) -> str:
        """The identity as one line of JSON, as a table file stores it."""
        return json.dumps(
            {"class": self.path, "parameters": dict(self.parameters)},
            separators=(",", ":"),
            allow_nan=False,
        )

    @classmethod
    def from_json(cls, text: object) -> GameIdentity:
        """The identity stored as ``text`` by :meth:`to_json`.

        Raises:
            TableFileError: ``text`` is not such a line (the file is damaged).
        """
        found = _parse(text)
        if found is None:
            raise TableFileError(
                "the game a table file names is not an identity this library wrote: "
                f"{short_repr(text)}"
            )
        return found

    def matches(self, other: GameIdentity) -> bool:
        """Whether ``other`` is the same game.

        The same class and parameters; a class of a script run as ``__main__`` matches the
        same class imported by its module's name.
        """
        same_module = self.module == other.module or "__main__" in (self.module, other.module)
        return same_module and self.name == other.name and self.parameters == other.parameters

    def differences(self, other: GameIdentity) -> str:
        """What ``other`` has that this identity does not, in words (``"seeds=3"``).

        Example:
            >>> built = GameIdentity("kalah", "Kalah", (("pits", 4), ("seeds", 2)))
            >>> built.differences(GameIdentity("kalah", "Kalah", (("pits", 4), ("seeds", 3))))
            'seeds=3'
        """
        same_module = self.module == other.module or "__main__" in (self.module, other.module)
        if not same_module or self.name != other.name:
            return str(other)
        mine, theirs = dict(self.parameters), dict(other.parameters)
        names = [*mine, *(name for name in theirs if name not in mine)]
        changed = [
            f"{name}={theirs[name]!r}" if name in theirs else f"no {name}"
            for name in names
            if mine.get(name, _MISSING) != theirs.get(name, _MISSING)
        ]
        return ", ".join(changed) or str(other)


_MISSING = object()


def game_identity(game: object) -> GameIdentity:
    """The stable identity of ``game``: its class's import path and its parameters.

    Raises:
        UnsupportedGameError: the parameters cannot be found (an ``__init__`` argument kept
            under another name, and no ``game_parameters()``), or one is not plain data.
        GameProtocolError: an optional member that must be a method (``game_parameters``,
            say) is not callable.

    Example:
        >>> from gamesearch.games import Nim
        >>> print(game_identity(Nim((1, 2), players=2)))
        gamesearch.games.nim:Nim(piles=(1, 2), players=2, max_take=None)
    """
    cls = type(game)
    own = Capabilities.of(game).game_parameters
    if own is not None:
        found = own()
        if not isinstance(found, Mapping) or not all(_keyword(k) for k in found):
            raise UnsupportedGameError(
                f"{cls.__qualname__}.game_parameters() must return a dict of keyword "
                f"arguments by name (each an identifier), not {short_repr(found)}"
            )
        values = list(found.items())
    elif dataclasses.is_dataclass(game):
        values = [(f.name, getattr(game, f.name)) for f in dataclasses.fields(game) if f.init]
    else:
        values = _init_attributes(game, cls)
    parameters = []
    for name, value in values:
        plain = _plain(value, 0)
        if plain is _MISSING:
            raise UnsupportedGameError(
                f"{cls.__qualname__}'s parameter {name}={short_repr(value)} is not plain data "
                "(numbers, strings, booleans, None, and tuples, lists and dicts of them), so a "
                "table file cannot record which game it solves: give the class a "
                "game_parameters() method that returns plain data from which it can be made "
                "again"
            )
        parameters.append((name, plain))
    return GameIdentity(cls.__module__, cls.__qualname__, tuple(parameters))


def game_difference(built: object, given: object) -> str | None:
    """What makes ``given`` another game than ``built``, in words; ``None`` if they are one.

    The same object, or the same stable identity; for games without one, the same class and
    equal (``==``).

    Example:
        >>> from gamesearch.games import Nim
        >>> print(game_difference(Nim((1, 2)), Nim((1, 3))))  # doctest: +NORMALIZE_WHITESPACE
        built for gamesearch.games.nim:Nim(piles=(1, 2), players=3, max_take=None),
        given piles=(1, 3)
        >>> game_difference(Nim((1, 2)), Nim((1, 2))) is None
        True
    """
    if built is given:
        return None
    try:
        mine, theirs = game_identity(built), game_identity(given)
    except UnsupportedGameError:
        if type(built) is type(given) and built == given:
            return None
        return f"built for {built!r}, given {given!r}"
    if mine.matches(theirs):
        return None
    return f"built for {mine}, given {mine.differences(theirs)}"


def game_name(game: object) -> str:
    """How messages name ``game``: its ``repr`` if its class has one, else its identity.

    A class without a ``__repr__`` of its own would show a memory address.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> game_name(TicTacToe())
        'TicTacToe(size=3, k=3)'
    """
    if type(game).__repr__ is not object.__repr__:
        return repr(game)
    try:
        return str(game_identity(game))
    except UnsupportedGameError:
        return type(game).__qualname__


def _init_attributes(game: object, cls: type) -> list[tuple[str, Any]]:
    """The ``__init__`` arguments of ``game``, read from attributes of the same names."""
    init = getattr(cls, "__init__", object.__init__)
    if init is object.__init__:
        return []
    try:
        signature = inspect.signature(init)
    except (TypeError, ValueError):
        signature = None
    values = []
    names = [] if signature is None else list(signature.parameters.values())[1:]
    for parameter in names:
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.kind is parameter.POSITIONAL_ONLY or not hasattr(game, parameter.name):
            raise UnsupportedGameError(
                f"{cls.__qualname__} takes the argument {parameter.name!r} but keeps no "
                f"attribute of that name, so a table file cannot record which game it solves: "
                f"keep it as self.{parameter.name}, or give the class a game_parameters() "
                f"method that returns the keyword arguments that make the game again, such as "
                f"{{{parameter.name!r}: ...}}"
            )
        values.append((parameter.name, getattr(game, parameter.name)))
    return values


def _plain(value: object, depth: int) -> Any:
    """``value`` as plain data (lists as tuples), or ``_MISSING`` if it is not."""
    if depth > _MAX_DEPTH:
        return _MISSING
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, os.PathLike):
        return os.fspath(value) if isinstance(os.fspath(value), str) else _MISSING
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else _MISSING
    if isinstance(value, (tuple, list)):
        items = tuple(_plain(item, depth + 1) for item in value)
        return _MISSING if any(item is _MISSING for item in items) else items
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        pairs = {key: _plain(item, depth + 1) for key, item in value.items()}
        return _MISSING if any(item is _MISSING for item in pairs.values()) else pairs
    return _MISSING


def _from_json(value: object, depth: int) -> Any:
    """A JSON value as plain data: lists become tuples; ``_MISSING`` past the depth."""
    if depth > _MAX_DEPTH:
        return _MISSING
    if isinstance(value, list):
        items = tuple(_from_json(item, depth + 1) for item in value)
        return _MISSING if any(item is _MISSING for item in items) else items
    if isinstance(value, dict):
        pairs = {key: _from_json(item, depth + 1) for key, item in value.items()}
        return _MISSING if any(item is _MISSING for item in pairs.values()) else pairs
    if isinstance(value, float) and not math.isfinite(value):
        return _MISSING
    return value


def _parse(text: object) -> GameIdentity | None:
    if not isinstance(text, str) or len(text) > _MAX_TEXT:
        return None
    try:
        found = json.loads(text, parse_constant=no_constant)
    except (ValueError, RecursionError):
        return None
    if not isinstance(found, dict) or set(found) != {"class", "parameters"}:
        return None
    path, parameters = found["class"], found["parameters"]
    if not isinstance(path, str) or not isinstance(parameters, dict):
        return None
    module, colon, name = path.partition(":")
    if not colon or not _dotted(module) or not _dotted(name):
        return None
    plain = _from_json(parameters, 0)
    if plain is _MISSING or not all(_keyword(key) for key in plain):
        return None
    return GameIdentity(module, name, tuple(plain.items()))


def check_header(
    found: object, *, fields: Set[str], format: str, version: int, where: str, kind: str
) -> dict[str, Any]:
    """``found`` (a JSON file's data) as a dict, checked to be ``kind`` of ``version``.

    For the plain-data files of the library (a strategy file, a learned evaluation): the data
    must be a JSON object with exactly ``fields``, its ``format`` field ``format`` and its
    ``version`` field ``version`` (an int, not a bool).

    Args:
        found: The data, as ``json.loads`` gives it.
        fields: The object's fields, every one.
        format: The ``format`` field's value.
        version: The version this library reads.
        where: What messages call the data's source (a file's path).
        kind: What the file is, with its article: ``"a strategy file"``.

    Raises:
        TableFileError: not such an object, or another format or version.

    >>> check_header({"format": "f", "version": 1}, fields=frozenset({"format", "version"}),
    ...              format="f", version=1, where="x.json", kind="a file")
    {'format': 'f', 'version': 1}
    """
    if not isinstance(found, dict) or set(found) != fields or found["format"] != format:
        raise TableFileError(
            f"{where} is not {kind}: it must be a JSON object with the fields "
            f"{sorted(fields)} and the format {format!r}"
        )
    if found["version"] != version or isinstance(found["version"], bool):
        raise TableFileError(
            f"{where} is {kind} of version {found['version']!r}; this library reads "
            f"version {version}"
        )
    return found


def check_built_for(stored: object, game: object, *, where: str, what: str, of: str) -> None:
    """Refuse a plain-data file's ``game`` field, ``stored``, unless it names ``game``.

    For the plain-data files of the library (a strategy file, a learned evaluation), beside
    :func:`check_header`: ``stored`` must be an identity as :meth:`GameIdentity.to_json`
    wrote it, and name the same game as ``game`` (:meth:`GameIdentity.matches`).

    Args:
        stored: The ``game`` field's data, as ``json.loads`` gives it.
        game: The game the caller reads the file for.
        where: What messages call the data's source (a file's path).
        what: What the file holds, with its article: ``"a strategy"``.
        of: The word between ``what`` and a game in messages: ``"for"`` (a strategy for a
            game), ``"of"`` (an evaluation of one).

    Raises:
        TableFileError: ``stored`` is not such an identity, or names another game.
        UnsupportedGameError: ``game`` has no identity (:func:`game_identity`).

    >>> from gamesearch.games import Nim
    >>> stored = json.loads(game_identity(Nim((1, 2))).to_json())
    >>> try:  # doctest: +NORMALIZE_WHITESPACE
    ...     check_built_for(stored, Nim((1, 3)), where="x.json", what="a strategy", of="for")
    ... except TableFileError as error:
    ...     print(error)
    x.json holds a strategy for gamesearch.games.nim:Nim(piles=(1, 2), players=3, max_take=None),
    not for the game given: piles=(1, 3)
    """
    try:
        text: object = json.dumps(stored, allow_nan=False)
    except (TypeError, ValueError, RecursionError):  # not JSON's data: refused as it is
        text = stored
    try:
        built = GameIdentity.from_json(text)
    except TableFileError as error:  # said of the text: say which file holds it
        raise TableFileError(f"{where}: {error}") from None
    given = game_identity(game)
    if not built.matches(given):
        raise TableFileError(
            f"{where} holds {what} {of} {built}, not {of} the game given: "
            f"{built.differences(given)}"
        )


def no_constant(name: str) -> float:
    """``json.loads``'s ``parse_constant``: refuse ``NaN`` and the infinities, not plain data.

    Raises:
        ValueError: always (``json.loads`` passes it on).
    """
    raise ValueError(f"{name} is not plain data")


def _keyword(name: object) -> bool:
    """Whether ``name`` can be a keyword argument: an identifier (no control characters)."""
    return isinstance(name, str) and name.isidentifier()


def _dotted(text: str) -> bool:
    return bool(text) and all(part.isidentifier() for part in text.split("."))


def _arguments(parameters: tuple[tuple[str, Any], ...]) -> str:
    return ", ".join(f"{name}={value!r}" for name, value in parameters)


def remake(identity: GameIdentity) -> Any:
    """The game ``identity`` names, made under the rule in the module's docstring.

    The module is imported from the installed packages or the current directory; the name
    must be a class with the :class:`~gamesearch.Game` protocol's methods (checked before it
    is called); its parameters are plain data by construction.

    Raises:
        TableFileError: the module cannot be imported (or is ``__main__``), the name is not
            a class, the class declares that no file may make it
            (:func:`~gamesearch.capabilities.file_may_make`), lacks the protocol's methods, or
            refuses the parameters.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> remake(game_identity(TicTacToe(size=4, k=3)))
        TicTacToe(size=4, k=3)
    """
    where = str(identity)
    if identity.module == "__main__":
        raise TableFileError(
            f"the table was built for {where}, a class of a script run as __main__, which "
            "cannot be imported: move the class into a module and rebuild, or pass the game"
        )
    found = find_named(
        identity.module, identity.name, f"the game {where}", methods=_PROTOCOL_METHODS
    )
    if not inspect.isclass(found):
        raise TableFileError(f"{identity.path} is not a class, so it makes no game: {where}")
    if not file_may_make(found):
        raise TableFileError(
            f"{identity.path} declares that no file may make it (remade_from_files = False: its "
            f"parameters cannot bound what making it costs), so {where} is not made: pass the "
            "game, as Solution.load(path, game) or gamesearch table probe FILE --game "
            "MODULE:CLASS -p NAME=VALUE"
        )
    missing = [name for name in _PROTOCOL_METHODS if not callable(getattr(found, name, None))]
    if missing:
        raise TableFileError(
            f"{identity.path} is not a game: it lacks {', '.join(missing)} of the Game "
            "protocol, so it is not called"
        )
    try:
        return found(**dict(identity.parameters))
    except GameSearchError:
        raise
    except Exception as exc:  # the class refused the parameters: say so about the file
        raise TableFileError(
            f"{identity.path} refused the parameters {where} ({type(exc).__name__}: {exc})"
        ) from None
