"""The classes a table file's states and actions are made of: frozen dataclasses and enums.

A game's states are often a frozen dataclass (``Pile(sticks=21, player=0)``) and its actions
members of an :class:`enum.Enum` (``Take.TWO``). A table file stores them as plain data with a
number that stands for the class: the file's ``meta`` value ``classes`` lists, once, each class
by its import path and (for a dataclass) the names of its fields, so that a key stays small and
a file whose class has changed its fields since is refused rather than misread. Only classes
whose equal objects have equal stored data are stored (:mod:`._equality`).

Reading a file makes such objects again, and imports nothing to do it. The rule:

- a class a file names is looked for only among the modules already imported, in their
  namespaces (:func:`gamesearch._named.loaded`): no module is imported and no module's code
  runs (not even its ``__getattr__``);
- it must be *the game's*: defined in the package of the game's class (its top-level package:
  ``mygames.pieces`` for a game ``mygames.bones:Bones``, ``gamesearch.games._hex_board`` for
  ``gamesearch.games.hex:Hex``), or imported by the game's module (``from pieces import
  Piece``, or ``import pieces``); a class of a script run as ``__main__`` is the same class of
  the script's module;
- it must still be a frozen dataclass with the same fields, or an enum that has the member.

The game is the one given (``Solution.load(path, game)``), or the one the file names, made
under the rule of :func:`gamesearch.identity.remake` (whose import loads the modules of the
game's classes, as the game's own imports do). A dataclass is made by calling the class with
its fields (as its ``__init__`` is called for any state); an enum member is looked up by its
name (a flag that is no named member, by its value). Nothing else runs. Writing keeps the same
rule: a class that reading would not find is refused before the file is touched.

>>> from gamesearch.limit import Limit
>>> from gamesearch.twoplayer.table import Bound
>>> classes = Classes(owner="gamesearch.games.tictactoe")
>>> classes.number(Bound), classes.number(Limit), classes.number(Bound)
(0, 1, 0)
>>> classes.fields(1)
('depth', 'time_limit', 'node_limit', 'iterations')
>>> classes.member(0, "EXACT") is Bound.EXACT
True
"""

from __future__ import annotations

import enum
import json
import sys
import types
from collections.abc import Mapping, Sequence
from typing import Any

from .._named import loaded, namespace
from ..errors import TableFileError, UnsupportedGameError, short_repr
from ._equality import ENUM, Kind, describe, kind_of, made_as_stored, why_not

__all__ = ["MAX_CLASSES", "Classes", "member_data"]

MAX_CLASSES = 1000
"""The most classes one file may name (a file that names more is damaged or hostile)."""

_MAIN = "__main__"


def member_data(member: enum.Enum) -> str | int:
    """What a file stores of an enum member: its name, or a flag's value if it has no name.

    A flag's combination of members (``Perm.R | Perm.W``) and its empty flag (``Perm(0)``) are
    members without a name of their own: they are stored by their value, an int, from which
    the flag makes them again (``Perm(3)``).

    Raises:
        UnsupportedGameError: a member that is neither a named member nor a flag's.

    >>> class Perm(enum.Flag):
    ...     R = 1
    ...     W = 2
    >>> member_data(Perm.R), member_data(Perm.R | Perm.W), member_data(Perm(0))
    ('R', 3, 0)
    """
    name = member._name_
    if name is not None and type(member).__members__.get(name) is member:
        return name
    value = member._value_
    if isinstance(member, enum.Flag) and type(value) is int:
        return value
    raise UnsupportedGameError(
        f"cannot store {short_repr(member)} in a table file: it is neither a named member of "
        "its enum nor a flag's combination of members"
    )


class Classes:
    """The classes of one table file, numbered in the order they were first stored.

    Writing, :meth:`number` gives a class its number (adding it, unless the registry is
    ``frozen``: a lookup in a file must not add to it); reading, :meth:`make` and
    :meth:`member` give the objects back, under the rule of the module's docstring.

    Args:
        records: The file's classes, as :meth:`to_json` wrote them: ``(path, fields)`` with
            ``fields`` the dataclass's field names, or ``"enum"``.
        path: The file, for messages.
        owner: The module of the game's class: the classes stored and read must be the
            game's (of its package, or imported by this module); ``None``: any class of a
            module already imported (the codec's own checks, and tests).
        frozen: Refuse to number a class the file does not list.
    """

    def __init__(
        self,
        records: Sequence[tuple[str, Kind]] = (),
        *,
        path: object = "a table file",
        owner: str | None = None,
        frozen: bool = False,
    ) -> None:
        self._records = list(records)
        self._path = path
        self._owner = owner
        self._frozen = frozen
        self._numbers: dict[type, int] = {}
        self._found: dict[int, type] = {}
        self._plain: dict[type, bool] = {}

    def __len__(self) -> int:
        return len(self._records)

    def fields(self, number: int) -> tuple[str, ...]:
        """The field names stored for the dataclass numbered ``number``."""
        kind = self._records[number][1]
        return () if isinstance(kind, str) else kind

    def number(self, cls: type) -> int:
        """The number of ``cls`` in this file, adding it if it is new (and may be added).

        Raises:
            UnsupportedGameError: ``cls`` is not a frozen dataclass or an enum whose equality
                is its data's (:mod:`._equality`), cannot be named by its import path (defined
                in a function, say), is not the game's, or is new to a frozen registry.
        """
        found = self._numbers.get(cls)
        if found is not None:
            return found
        kind = _kind(cls)
        record = (_import_path(cls), kind)
        if self._owner is not None and not _owned(cls.__module__, cls, self._owner):
            raise UnsupportedGameError(
                f"cannot store a {cls.__qualname__} in a table file of a game of the module "
                f"{self._owner}: its class {record[0]} is neither of the game's package nor "
                f"imported by {self._owner}, and a file is read back only with the game's own "
                f"classes (nothing is imported for them); import it in {self._owner}"
            )
        found = next((n for n, known in enumerate(self._records) if _same(known, record)), None)
        if found is None:
            if self._frozen:
                raise UnsupportedGameError(f"{self._path} names no class {record[0]}")
            if len(self._records) >= MAX_CLASSES:
                raise UnsupportedGameError(
                    f"a table file names at most {MAX_CLASSES} classes of states and actions"
                )
            found = len(self._records)
            self._records.append(record)
        self._numbers[cls] = found
        self._found[found] = cls
        return found

    def check_made_again(self, number: int, value: object, values: tuple[Any, ...]) -> None:
        """Refuse to write a dataclass object that its class, called with ``values``, does not make.

        A file makes a stored object again by calling its class with its stored fields: a
        ``__post_init__`` (or an ``__init__``) that changes them, or fails, would make another
        object on reading (a wrong state, a wrong action of a book). A registry that only looks
        up (``frozen``) writes nothing and checks nothing; a class made by the ``__init__`` that
        ``dataclass`` writes alone is not called (:func:`._equality.made_as_stored`).

        Raises:
            UnsupportedGameError: the class makes another object, or raises.
        """
        cls = type(value)
        plain = self._plain.get(cls)
        if plain is None:
            plain = self._plain[cls] = made_as_stored(cls)
        if plain or self._frozen:
            return
        names = self.fields(number)
        try:
            made = cls(**dict(zip(names, values, strict=True)))
            same = type(made) is cls and bool(made == value)
        except Exception as exc:  # the class refuses its own fields
            same, made = False, f"{type(exc).__name__}: {exc}"
        if not same:
            raise UnsupportedGameError(
                f"cannot store {short_repr(value)} in a table file: its class, called with its "
                f"fields as a file makes it again, gives {short_repr(made)} (its __post_init__ or "
                "__init__ changes them); give the game a key(state) that returns plain data"
            )

    def adopt(self, stored: Classes, path: object) -> None:
        """Take the classes another writer of the file numbered since this registry read it.

        ``stored`` is the file's registry now: this one's records must be a beginning of it,
        or it a beginning of this one's (each writer adds classes after those it found).

        Raises:
            TableFileError: the file numbers its classes otherwise (it was rewritten since).
        """
        common = min(len(self._records), len(stored._records))
        if any(not _same(a, b) for a, b in zip(self._records, stored._records, strict=False)):
            raise TableFileError(
                f"{path} numbers the classes of its states otherwise than when this build read "
                "it (another build or save rewrote it): run one build of a file at a time"
            )
        self._records.extend(stored._records[common:])

    def resolve_all(self) -> None:
        """Find every class the file names now, under the rule (when the file is opened).

        Raises:
            TableFileError: a class cannot be found under the rule, or is not what the file
                stored.
        """
        for number in range(len(self._records)):
            self._class(number)

    def make(self, number: int, values: tuple[Any, ...]) -> Any:
        """The dataclass object numbered ``number`` made from its stored field values.

        Raises:
            TableFileError: no class has that number, it is an enum, it cannot be found under
                the rule, its fields changed, or it refuses the values.
        """
        names = self._record(number)[1]
        if isinstance(names, str) or len(values) != len(names):
            raise TableFileError(
                f"{self._path} is damaged: a stored object of {self._record(number)[0]} has "
                f"{len(values)} field values"
            )
        cls = self._class(number)
        try:
            return cls(**dict(zip(names, values, strict=True)))
        except Exception as exc:  # the class's own checks refused what the file holds
            raise TableFileError(
                f"{self._path}: {self._record(number)[0]} refused the stored fields "
                f"{short_repr(values)} ({type(exc).__name__}: {exc})"
            ) from None

    def member(self, number: int, data: object) -> Any:
        """The member of the enum numbered ``number`` stored as ``data`` (:func:`member_data`).

        Raises:
            TableFileError: no class has that number, it is not an enum, it cannot be found
                under the rule, or it has no such member (a name it no longer has, or an
                alias: the file stores a member by its own name).
        """
        path, kind = self._record(number)
        if kind != ENUM:
            raise TableFileError(f"{self._path} is damaged: a member of a dataclass")
        cls = self._class(number)
        found = None
        if isinstance(data, str):
            found = cls.__members__.get(data)
        elif type(data) is int and issubclass(cls, enum.Flag):
            try:
                found = cls(data)
            except Exception:  # the flag refuses the value: a member it no longer has
                found = None
        if not isinstance(found, cls) or member_data(found) != data:
            raise TableFileError(
                f"{self._path} stores {path}.{short_repr(data)}, which the enum no longer has "
                "as a member of its own: rebuild the table"
            )
        return found

    def to_json(self) -> str:
        """The registry as the file's ``classes`` meta value: ``[[path, fields or "enum"]]``."""
        return json.dumps([[path, kind if isinstance(kind, str) else list(kind)]
                           for path, kind in self._records])  # fmt: skip

    @classmethod
    def from_meta(
        cls, meta: Mapping[str, str], path: object, owner: str | None = None, *,
        frozen: bool = False,
    ) -> Classes:  # fmt: skip
        """The registry a file's ``classes`` meta value holds (none: an empty one).

        Raises:
            TableFileError: the value is not a list of ``[path, fields]`` pairs as
                :meth:`to_json` writes them, or names more than :data:`MAX_CLASSES` classes.
        """
        text = meta.get("classes")
        found: object = []
        if text is not None:
            try:
                found = json.loads(text) if isinstance(text, str) else None
            except (ValueError, RecursionError):
                found = None
        records = _records(found)
        if records is None:
            raise TableFileError(
                f"{path} is damaged: its meta value classes is {short_repr(text)}, not a list "
                "of [module:Class, fields] pairs"
            )
        return cls(records, path=path, owner=owner, frozen=frozen)

    def _record(self, number: int) -> tuple[str, Kind]:
        if not 0 <= number < len(self._records):
            raise TableFileError(f"{self._path} is damaged: a key names the class #{number}")
        return self._records[number]

    def _class(self, number: int) -> Any:
        """The class numbered ``number``, found under the rule and checked, once."""
        known = self._found.get(number)
        if known is not None:
            return known
        path, kind = self._record(number)
        module, found = self._find(path)
        if found is None:
            raise TableFileError(
                f"{self._path} names the class {path} of its states and actions, which is not "
                "loaded: nothing is imported for the classes a file names; import its module "
                "first (the game's module should import it)"
            )
        if self._owner is not None and not _owned(module, found, self._owner):
            raise TableFileError(
                f"{self._path} names the class {path} of its states and actions, which is not "
                f"the game's (neither of the package of {self._owner} nor imported by it): it "
                "is not made from a file"
            )
        now = kind_of(found) if _is_class(found) else None
        if now != kind:
            reason = "no class" if not _is_class(found) else describe(now)
            raise TableFileError(
                f"{path} is not what {self._path} stored ({describe(kind)}): it is {reason} "
                "now; rebuild the table with the class as it is"
            )
        self._found[number] = found
        self._numbers[found] = number
        return found

    def _find(self, path: str) -> tuple[str, Any]:
        """The loaded module and object ``path`` names (a script's ``__main__`` is its module)."""
        module, _, name = path.partition(":")
        owner = self._owner
        tried = [module]
        if module == _MAIN and owner not in (None, _MAIN):
            tried.append(str(owner))  # stored by the script, read by its module's name
        if owner == _MAIN and module != _MAIN:
            tried.append(_MAIN)  # stored by the module, read by the script
        for candidate in tried:
            found = loaded(candidate, name)
            if found is not None:
                return candidate, found
        return module, None


def _kind(cls: type) -> Kind:
    """What a file records of ``cls``: its init fields' names, or ``"enum"``.

    Raises:
        UnsupportedGameError: ``cls`` is neither an enum nor a frozen dataclass whose
            equality is its data's.
    """
    found = kind_of(cls)
    if found is None:
        raise UnsupportedGameError(
            f"cannot store a {cls.__qualname__} in a table file: {why_not(cls)}. Keys and "
            "actions are stored as plain data (ints, floats, strings, bytes, bools, None, "
            "tuples, enum members and frozen dataclasses of them, equal when their data is "
            "equal); make it a frozen dataclass, or give the game a key(state) method that "
            "returns such a key, the same for equal states (or pass solve(..., key=...))"
        )
    return found


def _import_path(cls: type) -> str:
    """``module:QualName`` of ``cls``, if that path finds ``cls`` again.

    Raises:
        UnsupportedGameError: the class is defined in a function, or its module does not
            hold it under its qualified name.
    """
    path = f"{cls.__module__}:{cls.__qualname__}"
    if "<locals>" in cls.__qualname__ or loaded(cls.__module__, cls.__qualname__) is not cls:
        raise UnsupportedGameError(
            f"cannot store a {cls.__qualname__} in a table file: its class cannot be found "
            f"again by its import path {path} (it is defined inside a function, or made at "
            "run time); define it at the top level of a module"
        )
    return path


def _owned(module: str, found: object, owner: str) -> bool:
    """Whether ``found``, of the loaded ``module``, is the game's (whose class is ``owner``'s).

    The game's: of the same top-level package as ``owner``, or of a module that ``owner``
    imports (``import pieces``), or from which it imports a class or a function (``from
    pieces import Piece``), or held at the top level of ``owner``'s namespace.
    """
    if module.partition(".")[0] == owner.partition(".")[0]:
        return True
    home = namespace(sys.modules.get(owner))
    if home is None:
        return False
    held = sys.modules.get(module)
    return any(
        value is found or value is held or _module_of(value) == module for value in home.values()
    )


def _module_of(value: object) -> object:
    """The module a class or a function was defined in (read from its namespace), else ``None``."""
    if isinstance(value, types.FunctionType):
        return value.__module__
    space = namespace(value) if _is_class(value) else None
    return None if space is None else space.get("__module__")


def _is_class(found: object) -> bool:
    """Whether ``found`` is a class (asked of its type: no ``__class__`` of its own is read)."""
    return issubclass(type(found), type)


def _same(known: tuple[str, Kind], record: tuple[str, Kind]) -> bool:
    """Whether a file's record names the class of ``record``.

    The same path and fields; a class of a script run as ``__main__`` is the same class imported
    by its module's name (as a game's identity matches it).
    """
    if known[1] != record[1]:
        return False
    module, _, name = known[0].partition(":")
    other, _, other_name = record[0].partition(":")
    return name == other_name and (module == other or _MAIN in (module, other))


def _records(found: object) -> list[tuple[str, Kind]] | None:
    """The records of a ``classes`` meta value, checked; ``None`` if it is not one."""
    if not isinstance(found, list) or len(found) > MAX_CLASSES:
        return None
    records: list[tuple[str, Kind]] = []
    for item in found:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
            return None
        path, kind = item
        module, colon, name = path.partition(":")
        dotted = all(part.isidentifier() for part in (*module.split("."), *name.split(".")))
        if not colon or not dotted:
            return None
        if kind == ENUM:
            records.append((path, ENUM))
        elif isinstance(kind, list) and all(isinstance(n, str) and n.isidentifier() for n in kind):
            records.append((path, tuple(kind)))
        else:
            return None
    return records
