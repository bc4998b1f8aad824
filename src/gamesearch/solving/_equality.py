"""Which classes a table file may store: those whose equal objects have equal stored data.

A file stores a frozen dataclass object as its fields and an enum member as its name (a flag
that is not one of its named members, as its value): the bytes of a key are the bytes of that
data. A lookup finds an entry only if the key asked for encodes to the same bytes as the key
stored, so two objects that are equal (``==``, as a dict of states holds them) must give the
same data. That holds for

- a frozen dataclass (``frozen=True``, ``eq=True``) whose ``__eq__`` is the one ``dataclass``
  writes, comparing exactly the fields ``__init__`` takes (none declared ``compare=False``,
  none compared that ``__init__`` does not take, ``init=False``): equal objects have equal
  stored fields, and unequal ones unequal stored fields;
- an enum whose ``__eq__`` is the ``enum`` module's or a built-in type's (``IntEnum``'s is
  ``int``'s): its members are equal only to themselves among its members.

A class that defines its own ``__eq__`` (a position equal to another whatever the move that
reached it, say) breaks it: its equal objects would be stored under different keys, and a
lookup would miss the entry of a state the table holds. Such a class is refused, with what
to do: give the game a ``key(state)`` that returns the same plain data for equal states.

>>> from gamesearch.limit import Limit
>>> kind_of(Limit)
('depth', 'time_limit', 'node_limit', 'iterations')
>>> import enum
>>> class Colour(enum.Enum):
...     RED = 1
...     def __eq__(self, other: object) -> bool:
...         return True
>>> print(kind_of(Colour))
None
>>> print(why_not(Colour))
its class defines its own __eq__
"""

from __future__ import annotations

import dataclasses
import enum
import types
from typing import Any

from .._named import namespace

__all__ = ["ENUM", "Kind", "describe", "kind_of", "made_as_stored", "why_not"]

ENUM = "enum"
"""The kind of a class whose members are stored by name; a dataclass's kind is its fields."""

Kind = tuple[str, ...] | str
"""What a file records of a class: its ``__init__`` fields' names, or :data:`ENUM`."""

_EQUALITY_OF_MEMBERS = ("builtins", "enum")
"""The modules whose ``__eq__`` an enum's members may have: identity, or a built-in value's."""


def kind_of(cls: type) -> Kind | None:
    """What a file records of ``cls`` (:data:`Kind`), or ``None`` if it cannot be stored."""
    kind, _ = _kind_and_reason(cls)
    return kind


def why_not(cls: type) -> str | None:
    """Why ``cls`` cannot be stored in a table file, in words; ``None`` if it can."""
    _, reason = _kind_and_reason(cls)
    return reason


def describe(kind: Kind | None) -> str:
    """A kind in words, for messages."""
    if kind is None:
        return "neither a frozen dataclass nor an enum whose equality is its data's"
    if isinstance(kind, str):
        return "an enum"
    return f"a frozen dataclass with the fields ({', '.join(kind)})"


def _kind_and_reason(cls: type) -> tuple[Kind | None, str | None]:
    if issubclass(cls, enum.Enum):
        owner = _defining(cls, "__eq__")
        if owner is not None and owner.__module__ not in _EQUALITY_OF_MEMBERS:
            return None, "its class defines its own __eq__"
        return ENUM, None
    params = getattr(cls, "__dataclass_params__", None) if dataclasses.is_dataclass(cls) else None
    if params is None or not params.frozen or not params.eq:
        return None, "it is neither an enum nor a frozen dataclass (frozen=True, eq=True)"
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]  # a dataclass: checked above
    reason = _fields_reason(fields)
    if reason is not None:
        return None, reason
    if not _compares_its_fields(cls, [field.name for field in fields if field.compare]):
        return None, "its class defines its own __eq__"
    return tuple(field.name for field in fields if field.init), None


def _fields_reason(fields: tuple[dataclasses.Field[Any], ...]) -> str | None:
    """Why a dataclass's equality or hash is not over exactly the fields a file stores.

    A file stores the fields ``__init__`` takes (and makes the object again by calling the
    class with them). Equal objects must have equal stored fields, and objects with equal
    stored fields must be equal: so the compared fields must be exactly those. A field that
    ``__init__`` takes and ``==`` does not compare (``compare=False``) would split equal states
    into two keys; a field that ``==`` compares and ``__init__`` does not take
    (``field(init=False)``, set in ``__post_init__``) would merge unequal states into one key,
    and a file would give one's value for the other. A field hashed but not compared breaks
    Python's own rule (equal objects, equal hashes).
    """
    for field in fields:
        if field.init and not field.compare:
            return f"its field {field.name} is not compared (compare=False)"
        if field.compare and not field.init:
            return (
                f"its field {field.name} is compared but not taken by __init__ (init=False), "
                "so a file, which stores what __init__ takes, would hold unequal states under "
                "one key (if the field is worked out from those __init__ takes, declare it "
                "compare=False)"
            )
        if field.hash and not field.compare:
            return f"its field {field.name} is hashed but not compared (hash=True, compare=False)"
    return None


def _defining(cls: type, name: str) -> type | None:
    """The class of ``cls``'s method resolution order whose own namespace holds ``name``."""
    for base in cls.__mro__:
        space = namespace(base)
        if space is not None and name in space:
            return base
    return None


def _compares_its_fields(cls: type, names: list[str]) -> bool:
    """Whether ``cls.__eq__`` is the ``__eq__`` that ``dataclass`` writes for ``names``.

    Its code is compared with that of a dataclass made now with the same compared fields: the
    same instructions, constants and names (another Python writes its own, compared with its
    own).
    """
    owner = _defining(cls, "__eq__")
    space = None if owner is None else namespace(owner)
    function: Any = None if space is None else space.get("__eq__")
    if not isinstance(function, types.FunctionType):
        return False
    reference = dataclasses.make_dataclass(
        "Reference", [(name, object) for name in names], frozen=True
    ).__eq__
    mine, model = function.__code__, reference.__code__
    return (mine.co_code, mine.co_consts, mine.co_names, mine.co_varnames) == (
        model.co_code, model.co_consts, model.co_names, model.co_varnames,
    )  # fmt: skip


def made_as_stored(cls: type) -> bool:
    """Whether calling the dataclass ``cls`` with its stored fields surely makes an equal object.

    So it does when the object is made by the ``__init__`` that ``dataclass`` writes and
    nothing else: no ``__post_init__``, no ``__init__`` or ``__new__`` of the class's own. Of
    another class, each object a file stores is made again as it is written, and compared
    (:meth:`~gamesearch.solving._classes.Classes.number`'s caller, the codec).
    """
    if _defining(cls, "__post_init__") is not None:
        return False
    owner = _defining(cls, "__new__")
    if owner is not None and owner is not object:
        return False
    owner = _defining(cls, "__init__")
    space = None if owner is None else namespace(owner)
    function: Any = None if space is None else space.get("__init__")
    if not isinstance(function, types.FunctionType):
        return False
    return bool(function.__code__.co_filename == _WRITTEN_BY_DATACLASS)


_WRITTEN_BY_DATACLASS: str = vars(dataclasses.make_dataclass("Written", [("x", int)]))[
    "__init__"
].__code__.co_filename
"""Where the ``__init__`` that ``dataclass`` writes says it was defined (``"<string>"``)."""
