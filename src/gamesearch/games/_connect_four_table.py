"""The exact Connect Four solver's own table: Pons's packed table, in a list of floats.

The engine's transposition table (:class:`gamesearch.TranspositionTable`) is a ``dict`` of
tuples, which any searcher of any game can read; each entry costs a boxed key, a tuple and a
boxed value, some 150 bytes, and a lookup hashes a Python ``int``. The compiled solver's probe
on words (:mod:`._connect_four_probe`) keeps its proven bounds here instead, as Pascal Pons's
solver does (``TranspositionTable.hpp``, "Solving Connect 4", 2019): one slot per hashed key,
a new entry replacing whatever held its slot, and in each slot only what the slot's number does
not already say about the key. A slot is ``None`` (empty, which a lookup tells without reading
an object) or one Python ``float``, whose 53 bits of mantissa hold an ``int`` exactly: the
key's hash above the first size's bits, then 13 bits of entry (the bound's kind, the value and
the best column). A lookup is a list read; a store, a float from CPython's free list.

Pons's table has a fixed prime size and keeps the key modulo ``2^32``, the slot being the key
modulo the prime (two remainders name the key, by the Chinese remainder theorem). This one
starts small (``2^12`` slots) and grows, so that a position solved in a few thousand nodes
neither clears megabytes nor scatters its entries over them. The slot is the low bits of a
fixed bijective hash of the key and the stored tag its bits above the first size's, which stay
valid as the table grows (an entry moves to one of four slots, as one object, without being
made again). It grows by four times when half its slots are filled, until it holds
``capacity`` slots (the ``max_entries`` of the transposition table it stands beside).

Nothing here is shared between tables or searches (no global state): a table belongs to one
:class:`gamesearch.TranspositionTable` (see its ``side_table``), which a caller may reuse.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Final, cast, final

from ..capabilities import TableAccess

if TYPE_CHECKING:  # mypyc's fixed-width int; plain int in pure Python
    from mypy_extensions import i64

__all__ = ["DATA_BITS", "EXACT", "LOWER", "SCALE", "UPPER", "SolvingTable", "fewest_slots"]

DATA_BITS: Final = 13
"""The bits of an entry beside its key's tag: 2 for the bound (:data:`LOWER`, :data:`UPPER`,
:data:`EXACT`), 7 for the value plus :data:`SCALE` (counted from the state), 4 for the best
column plus one (0 for none)."""

SCALE: Final = 64
"""A win ``d`` plies on is worth ``SCALE - d``, a loss ``-(SCALE - d)``, a draw 0: integers, on
boards of at most 62 cells."""

LOWER: Final = 1
"""An entry that bounds the value from below (a cutoff)."""
UPPER: Final = 2
"""One that bounds it from above (no move reached the window)."""
EXACT: Final = 3
"""One that is the value."""

_FIRST_BITS: Final = 12
"""A new table has ``2^12`` slots (fewer bits than that never pay for their growth)."""

_MANTISSA: Final = 53
"""The bits of an ``int`` a ``float`` holds exactly."""

_MULTIPLIER: Final = 0x2545F4914F6CDD1D
"""An odd multiplier (Marsaglia's xorshift64*'s), below ``2^62`` (a literal mypyc keeps
unboxed)."""


def fewest_slots(key_bits: int) -> int:
    """The slots a :class:`SolvingTable` of keys of ``key_bits`` bits has at least.

    Whatever its capacity: enough that a slot's tag and entry fit a float's mantissa (512 on
    7 x 6, whose keys have 49 bits).

    >>> fewest_slots(49)
    512
    """
    return 1 << max(key_bits + DATA_BITS - _MANTISSA, 1)


@final
class SolvingTable:
    """Proven bounds of Connect Four positions, each in one slot chosen by a hash of its key.

    ``key_bits`` is the width of a key (a board's ``width * (height + 1)``, at most 62);
    ``capacity`` the most slots the table may reach (rounded down to a power of two; more only
    where a key of ``key_bits`` needs more slots to fit its tag, ``2^(key_bits - 40)``).
    :meth:`get` gives an entry's 13 bits, or 0 for none; :meth:`put` stores them.
    ``access`` is the engine's table it stands beside (a :class:`~gamesearch.capabilities.
    SideTable` of it), whose encoding :meth:`raw_entry` answers in.
    """

    def __init__(self, key_bits: int, capacity: int, access: TableAccess) -> None:
        self.top: float = access.top
        self.codes: tuple[int, int, int, int] = (0, access.lower, access.upper, access.exact)
        self.key_bits: i64 = key_bits
        self.keys: i64 = (1 << key_bits) - 1
        self.half: i64 = (key_bits + 1) // 2
        self.one: i64 = 1  # shifted, never a literal (see _connect_four_probe's note on mypyc)
        # The first size: 2^12 slots, fewer if the capacity is smaller; the tag keeps the hash
        # above ``base`` bits, which must fit the mantissa with the entry.
        first = min(_FIRST_BITS, capacity.bit_length() - 1)
        base = max(first, key_bits + DATA_BITS - _MANTISSA, 1)
        self.base: i64 = base
        most = base
        while most < 62 and 1 << (most + 1) <= capacity:
            most += 1
        self.most_bits: i64 = most
        self.size_bits: i64 = base
        self.mask: i64 = (1 << base) - 1
        self.slots: list[object] = [None] * (1 << base)
        self.filled: i64 = 0
        self.limit: i64 = 1 << (base - 1)  # grow when half the slots are filled

    def hash(self, key: i64) -> i64:
        """A bijection of the keys of ``key_bits`` bits, spreading every bit down to the low ones.

        An xor-shift, a multiplication by an odd number modulo ``2^key_bits`` (its carries past
        64 bits dropped, as CPython's C compiler is told, ``-fwrapv``; plain ``int`` arithmetic
        in pure Python, masked the same), an xor-shift: each step can be undone.
        """
        half = self.half
        h = (key ^ key >> half) * _MULTIPLIER & self.keys
        return h ^ h >> half

    def get(self, key: i64) -> i64:
        """The entry stored for ``key`` (its 13 bits), or 0 if its slot holds another key's."""
        h = self.hash(key)
        index = h & self.mask
        slots = self.slots
        if slots[index] is None:  # an empty slot, told apart without reading an object
            return 0
        payload: i64 = int(cast(float, slots[index]))
        if payload >> DATA_BITS != h >> self.base:
            return 0
        return payload & (1 << DATA_BITS) - 1

    def put(self, key: i64, data: i64) -> None:
        """Store ``data`` (13 bits, not 0) for ``key``, over whatever its slot held."""
        h = self.hash(key)
        index = h & self.mask
        slots = self.slots
        if slots[index] is None:
            if self.filled >= self.limit and self.size_bits < self.most_bits:
                self.grow()
                index = h & self.mask
                slots = self.slots
            if slots[index] is None:
                self.filled += 1
        slots[index] = float(h >> self.base << DATA_BITS | data)

    def grow(self) -> None:
        """Four times the slots (or as many as the capacity allows): each entry moves as it is.

        An entry's tag holds the hash's bits above the first size's, so its new slot is read
        from the tag: no two entries of the old table meet in the new one.
        """
        added = min(2, self.most_bits - self.size_bits)
        old = self.slots
        size_bits = self.size_bits + added
        grown: list[object] = [None] * (self.one << size_bits)
        above = self.size_bits - self.base  # the tag's bits already in the old slot's number
        extra = (self.one << added) - 1
        index: i64 = 0
        size = len(old)
        while index < size:
            payload = old[index]
            if payload is not None:
                tag: i64 = int(cast(float, payload)) >> DATA_BITS
                grown[index | (tag >> above & extra) << self.size_bits] = payload
            index += 1
        self.slots = grown
        self.size_bits = size_bits
        self.mask = (self.one << size_bits) - 1
        self.limit = self.one << (size_bits - 1)

    def __len__(self) -> int:
        """How many slots hold an entry."""
        return int(self.filled)

    def raw_entry(self, key: Hashable) -> tuple[int, float, Any] | None:
        """``(bound, value, action)`` for ``key`` in the engine's encoding, or ``None``."""
        if not isinstance(key, int) or not 0 <= key < 1 << int(self.key_bits):
            return None
        data = self.get(key)
        if not data:
            return None
        value = (data >> 2 & 127) - SCALE
        score = 0.0
        if value > 0:
            score = self.top - float(SCALE - value)
        elif value < 0:
            score = float(SCALE + value) - self.top
        column = (data >> 9) - 1
        return self.codes[data & 3], score, None if column < 0 else int(column)
