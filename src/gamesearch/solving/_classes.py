"""The classes a table file's states and actions are made of: frozen dataclasses and enums.

A game's states are often a frozen dataclass (``Pile(sticks=21, player=0)``) and its actions
members of an :class:`enum.Enum` (``Take.TWO``). A table file stores them as plain data with a
number that stands for the class: the file's ``meta`` value ``classes`` lists, once, each class
by its import path and (for a dataclass) the names of its fields, so that a key stays small and
a file whose class has changed its fields since is refused rather than misread.

Reading a file makes such objects again, under the same rule that guards a game class named by
a file (:func:`gamesearch.identity.find_named`): the class's module is found and its source
must define the class before the module is imported (a module already imported is used as it
is), and the class must still be a frozen dataclass with the same fields, or an enum that has
the member. A dataclass is made by calling the class with its fields (as its ``__init__`` is
called for any state); an enum member is looked up by its name. Nothing else runs.

>>> from gamesearch.limit import Limit
>>> from gamesearch.twoplayer.table import Bound
>>> classes = Classes()
>>> classes.number(Bound), classes.number(Limit), classes.number(Bound)
(0, 1, 0)
>>> classes.fields(1)
('depth', 'time_limit', 'node_limit', 'iterations')
>>> classes.member(0, "EXACT") is Bound.EXACT
True
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import TableFileError, UnsupportedGameError, short_repr
from ..identity import find_named

__all__ = ["MAX_CLASSES", "Classes"]

MAX_CLASSES = 1000
"""The most classes one file may name (a file that names more is damaged or hostile)."""

_ENUM = "enum"
"""The kind of a class whose members are stored by name; a dataclass's kind is its fields."""


class Classes:
    """The classes of one table file, numbered in the order they were first stored.

    Writing, :meth:`number` gives a class its number (adding it, unless the registry is
    ``frozen``: a lookup in a file must not add to it); reading, :meth:`make` and
    :meth:`member` give the objects back.

    Args:
        records: The file's classes, as :meth:`to_json` wrote them: ``(path, fields)`` with
            ``fields`` the dataclass's field names, or ``"enum"``.
        path: The file, for messages.
        home: The module of the game the file is opened with: a class a script stored as
            ``__main__:Pile`` is looked for there too when the running ``__main__`` lacks it.
        frozen: Refuse to number a class the file does not list.
    """

    def __init__(
        self,
        records: Sequence[tuple[str, tuple[str, ...] | str]] = (),
        *,
        path: object = "a table file",
        home: str | None = None,
        frozen: bool = False,
    ) -> None:
        self._records = list(records)
        self._path = path
        self._home = home
        self._frozen = frozen
        self._numbers: dict[type, int] = {}
        self._found: dict[int, type] = {}

    def __len__(self) -> int:
        return len(self._records)

    def fields(self, number: int) -> tuple[str, ...]:
        """The field names stored for the dataclass numbered ``number``."""
        kind = self._records[number][1]
        return () if isinstance(kind, str) else kind

    def number(self, cls: type) -> int:
        """The number of ``cls`` in this file, adding it if it is new (and may be added).

        Raises:
            UnsupportedGameError: ``cls`` is not a frozen dataclass (with ``eq``) or an enum,
                cannot be named by its import path (defined in a function, say), or is new to
                a frozen registry.
        """
        found = self._numbers.get(cls)
        if found is not None:
            return found
        kind = _kind(cls)
        record = (_import_path(cls), kind)
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

    def member(self, number: int, name: object) -> Any:
        """The member called ``name`` of the enum numbered ``number``.

        Raises:
            TableFileError: no class has that number, it is not an enum, it cannot be found
                under the rule, or it has no such member.
        """
        if self._record(number)[1] != _ENUM:
            raise TableFileError(f"{self._path} is damaged: a member of a dataclass")
        cls = self._class(number)
        found = cls.__members__.get(name) if isinstance(name, str) else None
        if found is None:
            raise TableFileError(
                f"{self._path} stores {self._record(number)[0]}.{short_repr(name)}, which the "
                "enum no longer has: rebuild the table"
            )
        return found

    def to_json(self) -> str:
        """The registry as the file's ``classes`` meta value: ``[[path, fields or "enum"]]``."""
        return json.dumps([[path, kind if isinstance(kind, str) else list(kind)]
                           for path, kind in self._records])  # fmt: skip

    @classmethod
    def from_meta(
        cls, meta: Mapping[str, str], path: object, home: str | None = None, *,
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
                found = json.loads(text)
            except (ValueError, RecursionError):
                found = None
        records = _records(found)
        if records is None:
            raise TableFileError(
                f"{path} is damaged: its classes are {short_repr(text)}, not a list of "
                "[module:Class, fields] pairs"
            )
        return cls(records, path=path, home=home, frozen=frozen)

    def _record(self, number: int) -> tuple[str, tuple[str, ...] | str]:
        if not 0 <= number < len(self._records):
            raise TableFileError(f"{self._path} is damaged: a key names the class #{number}")
        return self._records[number]

    def _class(self, number: int) -> Any:
        """The class numbered ``number``, found under the rule and checked, once."""
        known = self._found.get(number)
        if known is not None:
            return known
        path, kind = self._record(number)
        module, _, name = path.partition(":")
        what = f"the states and actions of {self._path}"
        if module == "__main__" and self._home not in (None, "__main__"):
            main = sys.modules.get("__main__")
            if not isinstance(_walk(main, name), type):
                module = str(self._home)  # the script's class, imported by its module's name
        found = find_named(module, name, what)
        if not isinstance(found, type) or _kind_or_none(found) != kind:
            raise TableFileError(
                f"{path} is not what {self._path} stored ({_describe(kind)}): it is "
                f"{_describe(_kind_or_none(found)) if isinstance(found, type) else 'no class'} "
                "now; rebuild the table with the class as it is"
            )
        self._found[number] = found
        self._numbers[found] = number
        return found


def _import_path(cls: type) -> str:
    """``module:QualName`` of ``cls``, if that path finds ``cls`` again.

    Raises:
        UnsupportedGameError: the class is defined in a function, or its module does not
            hold it under its qualified name.
    """
    path = f"{cls.__module__}:{cls.__qualname__}"
    found = _walk(sys.modules.get(cls.__module__), cls.__qualname__)
    if "<locals>" in cls.__qualname__ or found is not cls:
        raise UnsupportedGameError(
            f"cannot store a {cls.__qualname__} in a table file: its class cannot be found "
            f"again by its import path {path} (it is defined inside a function, or made at "
            "run time); define it at the top level of a module"
        )
    return path


def _same(
    known: tuple[str, tuple[str, ...] | str], record: tuple[str, tuple[str, ...] | str]
) -> bool:
    """Whether a file's record names the class of ``record``.

    The same path and fields; a class of a script run as ``__main__`` is the same class imported
    by its module's name (as a game's identity matches it).
    """
    if known[1] != record[1]:
        return False
    module, _, name = known[0].partition(":")
    other, _, other_name = record[0].partition(":")
    return name == other_name and (module == other or "__main__" in (module, other))


def _walk(root: object, name: str) -> object:
    found = root
    for part in name.split("."):
        found = getattr(found, part, None)
    return found


def _kind(cls: type) -> tuple[str, ...] | str:
    """What a file records of ``cls``: its init fields' names, or ``"enum"``.

    Raises:
        UnsupportedGameError: ``cls`` is neither an enum nor a frozen dataclass with ``eq``.
    """
    found = _kind_or_none(cls)
    if found is None:
        raise UnsupportedGameError(
            f"cannot store a {cls.__qualname__} in a table file: keys and actions are stored "
            "as plain data (ints, floats, strings, bytes, bools, None, tuples, enum members and "
            "frozen dataclasses of them); make it a frozen dataclass, or give the game a "
            "key(state) method that returns such a key (or pass solve(..., key=...))"
        )
    return found


def _kind_or_none(cls: type) -> tuple[str, ...] | str | None:
    if issubclass(cls, enum.Enum):
        return _ENUM
    if dataclasses.is_dataclass(cls):
        params = getattr(cls, "__dataclass_params__", None)
        if params is not None and params.frozen and params.eq:
            return tuple(field.name for field in dataclasses.fields(cls) if field.init)
    return None


def _describe(kind: tuple[str, ...] | str | None) -> str:
    if kind is None:
        return "neither a frozen dataclass nor an enum"
    if isinstance(kind, str):
        return "an enum"
    return f"a frozen dataclass with the fields ({', '.join(kind)})"


def _records(found: object) -> list[tuple[str, tuple[str, ...] | str]] | None:
    """The records of a ``classes`` meta value, checked; ``None`` if it is not one."""
    if not isinstance(found, list) or len(found) > MAX_CLASSES:
        return None
    records: list[tuple[str, tuple[str, ...] | str]] = []
    for item in found:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
            return None
        path, kind = item
        module, colon, name = path.partition(":")
        dotted = all(part.isidentifier() for part in (*module.split("."), *name.split(".")))
        if not colon or not dotted:
            return None
        if kind == _ENUM:
            records.append((path, _ENUM))
        elif isinstance(kind, list) and all(isinstance(n, str) and n.isidentifier() for n in kind):
            records.append((path, tuple(kind)))
        else:
            return None
    return records
