"""The codec of a table file's keys and actions: plain data in canonical bytes, never code.

A table file holds the keys of states (``game.key(state)``, or the states) and tuples of
actions. They are written by this codec, which knows a handful of data types and nothing
else, so reading a file can build data and never an object the file names (as ``pickle``
would: a crafted file could run any code when it is unpickled).

What it stores:

=================================  =========================================================
Python value                       stored as
=================================  =========================================================
``None``                           ``None``
``int`` (any size), ``bool``       an integer: ``True`` and ``1`` are the same key
``float``                          an integer when it is one (``2.0`` is the key ``2``), else
                                   a float; NaN is refused (it equals nothing, not even itself)
``str``, ``bytes``                 themselves
``tuple`` (named tuples too)       a tuple of its items, each stored by these rules
an ``enum.Enum`` member            its class's number and its name (a flag's combination
                                   of members, or its empty flag: its value, an int)
a frozen dataclass (``eq=True``)   its class's number and its ``__init__`` fields' values
=================================  =========================================================

A class's number is its place in the file's list of classes
(:class:`~gamesearch.solving._classes.Classes`, the ``classes`` meta value), which records
each class once by its import path and field names; reading makes an equal object of the
class again (a dataclass called with its fields, an enum member looked up by name), from the
game's classes already imported, never importing one. Only classes whose equal objects have
equal data are stored (:mod:`gamesearch.solving._equality`): a dataclass or an enum that
defines its own ``__eq__`` is refused, since its equal objects would get different keys.

Anything else (a list, a set, a mutable object of one's own) is refused at write time with an
:class:`~gamesearch.UnsupportedGameError` that names the type and says how to make a key of
it. Values that Python's ``==`` holds equal as keys of a dict (``1``, ``1.0`` and ``True``;
``0.0`` and ``-0.0``; a named tuple and the plain tuple of its items) encode to the same
bytes, so a lookup by any of them finds the entry; decoding gives the plain value (an ``int``
for ``1.0``, a ``tuple`` for a named tuple). An enum member is stored as itself, so an
``IntEnum`` member and the int it equals are two keys in a file: look states up with the
types the game makes them of.

Decoding is bounded: a blob over :data:`MAX_BYTES`, an integer over :data:`MAX_INT_BYTES`
bytes, tuples nested deeper than :data:`MAX_DEPTH`, a length that runs past the end, an
unknown tag or bytes left over are refused with a :class:`~gamesearch.TableFileError`, not a
memory or recursion blow-up.

The encoding, for the record: one tag byte, then

- ``0x00`` ``None``;
- ``0x01`` an integer: its length in bytes (a varint), then the bytes, two's complement,
  big-endian;
- ``0x02`` a float: 8 bytes, IEEE 754 big-endian;
- ``0x03`` a string: its length in bytes (a varint), then UTF-8 (lone surrogates kept);
- ``0x04`` bytes: the length (a varint), then the bytes;
- ``0x05`` a tuple: the number of items (a varint), then each item;
- ``0x06`` a dataclass object: its class's number (a varint), then the tuple of its fields;
- ``0x07`` an enum member: its class's number (a varint), then its name (a string), or, for
  a flag's member without a name of its own (a combination, the empty flag), its value (an
  integer).

Codec 1 (gamesearch 0.2) wrote the first six tags only, and an enum member as its value: its
files are read as they are (:data:`READS`).

A varint is the unsigned LEB128 encoding: seven bits a byte, low bits first.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import struct
from typing import Any

from ..errors import TableFileError, UnsupportedGameError, short_repr
from ._classes import Classes, member_data

__all__ = ["CODEC", "MAX_BYTES", "MAX_DEPTH", "MAX_INT_BYTES", "READS", "decode", "encode"]

CODEC = "gamesearch-codec 2"
"""The name a file records for this codec."""

READS = ("gamesearch-codec 1", CODEC)
"""The codecs whose files this one reads (codec 1's are read only: see the module's notes)."""

MAX_BYTES = 1 << 20
"""The longest encoded key or tuple of actions (1 MiB)."""

MAX_INT_BYTES = 4096
"""The longest integer, in bytes (32,768 bits: any bitboard, any float's integer value)."""

MAX_DEPTH = 64
"""How deeply tuples may nest."""

_NONE, _INT, _FLOAT, _STR, _BYTES, _TUPLE, _OBJECT, _MEMBER = range(8)
_DOUBLE = struct.Struct(">d")
_SMALL_INTS = {n: bytes((_INT, 1)) + n.to_bytes(1, "big", signed=True) for n in range(-128, 128)}


def encode(value: object, classes: Classes | None = None) -> bytes:
    """The canonical bytes of ``value``, a key or a tuple of actions.

    Args:
        value: The key or the tuple of actions.
        classes: The file's classes, which number the classes of dataclass objects and enum
            members (a new class is added, unless the registry is frozen); ``None``: a
            registry of this call's own (to check that ``value`` can be stored).

    Raises:
        UnsupportedGameError: ``value`` holds something other than the types above, a NaN, an
            integer over :data:`MAX_INT_BYTES` bytes, tuples nested deeper than
            :data:`MAX_DEPTH`, or encodes to more than :data:`MAX_BYTES`.

    Example:
        >>> encode(1) == encode(1.0) == encode(True)
        True
        >>> decode(encode(((1, "a"), None, b"x", 0.5)))
        ((1, 'a'), None, b'x', 0.5)
        >>> from gamesearch.limit import Limit
        >>> classes = Classes()  # a file's classes: Limit becomes class number 0
        >>> decode(encode((Limit(depth=3), "x"), classes), classes)
        (Limit(depth=3), 'x')
    """
    if type(value) is int:  # the common key: an int (a bitboard)
        if -128 <= value < 128:
            return _SMALL_INTS[value]
        size = (value.bit_length() + 8) // 8
        if size < 0x80:  # its length fits in one byte of varint
            return bytes((_INT, size)) + value.to_bytes(size, "big", signed=True)
    out = bytearray()
    _encode(value, out, 0, value, Classes() if classes is None else classes)
    if len(out) > MAX_BYTES:
        raise UnsupportedGameError(
            f"a key or tuple of actions encodes to {len(out):,} bytes, over the {MAX_BYTES:,} a "
            "table file takes: give the game a key(state) method that returns a smaller key"
        )
    return bytes(out)


def _encode(value: object, out: bytearray, depth: int, whole: object, classes: Classes) -> None:
    if isinstance(value, enum.Enum):
        out.append(_MEMBER)
        _put_varint(classes.number(type(value)), out)
        _encode(member_data(value), out, depth + 1, whole, classes)
    elif value is None:
        out.append(_NONE)
    elif isinstance(value, int):  # bool too: True is the key 1
        _put_int(int(value), out, whole)
    elif isinstance(value, float):
        if math.isnan(value):
            raise UnsupportedGameError(
                f"cannot store {whole!r} in a table file: it holds a NaN, which equals nothing "
                "(not even itself), so it could never be looked up"
            )
        if value.is_integer():
            _put_int(int(value), out, whole)
        else:
            out.append(_FLOAT)
            out += _DOUBLE.pack(value)
    elif isinstance(value, str):
        data = value.encode("utf-8", "surrogatepass")
        out.append(_STR)
        _put_varint(len(data), out)
        out += data
    elif isinstance(value, (bytes, bytearray, memoryview)):
        data = bytes(value)
        out.append(_BYTES)
        _put_varint(len(data), out)
        out += data
    elif isinstance(value, tuple):
        if depth >= MAX_DEPTH:
            _too_deep(whole)
        out.append(_TUPLE)
        _put_varint(len(value), out)
        for item in value:
            _encode(item, out, depth + 1, whole, classes)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        if depth >= MAX_DEPTH:
            _too_deep(whole)
        try:
            number = classes.number(type(value))
        except UnsupportedGameError as exc:
            raise UnsupportedGameError(f"{exc} (in {short_repr(whole)})") from None
        out.append(_OBJECT)
        _put_varint(number, out)
        fields = tuple(getattr(value, name) for name in classes.fields(number))
        _encode(fields, out, depth + 1, whole, classes)
        try:
            classes.check_made_again(number, value, fields)
        except UnsupportedGameError as exc:
            raise UnsupportedGameError(f"{exc} (in {short_repr(whole)})") from None
    else:
        raise UnsupportedGameError(
            f"cannot store a {type(value).__qualname__} in a table file (in {short_repr(whole)}): "
            "keys and actions are stored as plain data (ints, floats, strings, bytes, bools, "
            "None, tuples, enum members and frozen dataclasses of them); give the game a "
            "key(state) method that returns such a key, such as a tuple of the board's cells "
            "(or pass solve(..., key=...))"
        )


def _too_deep(whole: object) -> None:
    raise UnsupportedGameError(
        f"cannot store {short_repr(whole)} in a table file: its tuples and objects nest deeper "
        f"than {MAX_DEPTH}"
    )


def _put_int(number: int, out: bytearray, whole: object) -> None:
    size = (number.bit_length() + 8) // 8
    if size > MAX_INT_BYTES:
        raise UnsupportedGameError(
            f"cannot store {short_repr(whole)} in a table file: it holds an integer of "
            f"{number.bit_length():,} bits, over the {8 * MAX_INT_BYTES:,} a file takes"
        )
    out.append(_INT)
    _put_varint(size, out)
    out += number.to_bytes(size, "big", signed=True)


def _put_varint(number: int, out: bytearray) -> None:
    while number >= 0x80:
        out.append((number & 0x7F) | 0x80)
        number >>= 7
    out.append(number)


def decode(data: object, classes: Classes | None = None) -> Any:
    """The value whose bytes are ``data`` (as :func:`encode` wrote them).

    Args:
        data: The stored bytes.
        classes: The file's classes, which make dataclass objects and enum members again;
            ``None``: ``data`` may hold none.

    Raises:
        TableFileError: ``data`` is not bytes, or not a value this codec wrote (see the
            bounds in the module's docstring), or names a class that cannot be made again.
    """
    if type(data) is bytes and len(data) > 1 and data[0] == 1 and len(data) == 2 + data[1]:
        return int.from_bytes(data[2:], "big", signed=True)  # an int, the common key
    if not isinstance(data, bytes):
        raise TableFileError(
            f"a stored key or action list is a {type(data).__name__}, not bytes: the file is "
            "damaged"
        )
    if len(data) > MAX_BYTES:
        raise TableFileError(
            f"a stored key or action list is {len(data):,} bytes long, over the {MAX_BYTES:,} "
            "this codec writes: the file is damaged or hostile"
        )
    value, end = _decode(data, 0, 0, classes)
    if end != len(data):
        raise TableFileError(
            f"a stored key or action list has {len(data) - end} bytes after its value: the file "
            "is damaged"
        )
    return value


def _decode(data: bytes, at: int, depth: int, classes: Classes | None) -> tuple[Any, int]:
    if at >= len(data):
        raise TableFileError("a stored key or action list ends too soon: the file is damaged")
    tag = data[at]
    at += 1
    if tag == _NONE:
        return None, at
    if tag == _FLOAT:
        if at + 8 > len(data):
            raise TableFileError("a stored float ends too soon: the file is damaged")
        return _DOUBLE.unpack_from(data, at)[0], at + 8
    if tag == _TUPLE:
        if depth >= MAX_DEPTH:
            raise TableFileError(
                f"a stored key nests tuples deeper than {MAX_DEPTH}: the file is damaged or hostile"
            )
        count, at = _get_varint(data, at)
        items = []
        for _ in range(count):  # each item takes at least a byte: a lying count runs out
            item, at = _decode(data, at, depth + 1, classes)
            items.append(item)
        return tuple(items), at
    if tag in (_OBJECT, _MEMBER):
        return _decode_class(data, at, depth, classes, tag)
    if tag in (_INT, _STR, _BYTES):
        size, at = _get_varint(data, at)
        end = at + size
        if end > len(data):
            raise TableFileError("a stored value is longer than its key: the file is damaged")
        chunk = data[at:end]
        if tag == _INT:
            if size > MAX_INT_BYTES:
                raise TableFileError(
                    f"a stored integer is {size:,} bytes long, over the {MAX_INT_BYTES:,} this "
                    "codec writes: the file is damaged or hostile"
                )
            return int.from_bytes(chunk, "big", signed=True), end
        if tag == _BYTES:
            return chunk, end
        try:
            return chunk.decode("utf-8", "surrogatepass"), end
        except UnicodeDecodeError as exc:
            raise TableFileError(
                f"a stored string is not UTF-8 ({exc}): the file is damaged"
            ) from None
    raise TableFileError(f"a stored key has the unknown tag {tag}: the file is damaged")


def _decode_class(
    data: bytes, at: int, depth: int, classes: Classes | None, tag: int
) -> tuple[Any, int]:
    """A dataclass object or an enum member, made again by the file's ``classes``."""
    if classes is None:
        raise TableFileError("a stored key names a class where none was expected: damaged")
    if depth >= MAX_DEPTH:
        raise TableFileError(
            f"a stored key nests objects deeper than {MAX_DEPTH}: the file is damaged or hostile"
        )
    number, at = _get_varint(data, at)
    inner, at = _decode(data, at, depth + 1, classes)
    if tag == _MEMBER:
        return classes.member(number, inner), at
    if not isinstance(inner, tuple):
        raise TableFileError("a stored object's fields are not a tuple: the file is damaged")
    return classes.make(number, inner), at


def _get_varint(data: bytes, at: int) -> tuple[int, int]:
    number = shift = 0
    for _ in range(5):  # up to 2**35: more than MAX_BYTES
        if at >= len(data):
            break
        byte = data[at]
        at += 1
        number |= (byte & 0x7F) << shift
        if byte < 0x80:
            return number, at
        shift += 7
    raise TableFileError("a stored length is cut short or too long: the file is damaged")
