"""The compiled Connect Four solver's own table (games/_connect_four_table.py): Pons's packed table.

A slot holds one entry, a float that packs the key's hash above the first size's bits and 13
bits of entry; a new entry replaces what its slot held. The table must never answer for a key
it does not hold, must keep its entries as it grows, and must read back in the engine's encoding.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch import TranspositionTable
from gamesearch.capabilities import TableAccess
from gamesearch.games import ConnectFour
from gamesearch.games._connect_four_table import DATA_BITS, EXACT, LOWER, SCALE, UPPER, SolvingTable
from gamesearch.twoplayer._distances import MATE, TOP
from gamesearch.twoplayer.table import UNLIMITED, Bound

ACCESS = TableAccess(None, print, 1, TOP, MATE, 0, 1, 2, UNLIMITED)
"""The engine's encoding, as the solver hands it over (no dict of its own needed here)."""


def _data(bound: int, value: int, column: int) -> int:
    """An entry's 13 bits: the bound, the value counted from the state, the best column."""
    return bound | (value + SCALE) << 2 | (column + 1) << 9


def test_the_hash_is_a_bijection_of_the_keys() -> None:
    table = SolvingTable(12, 1 << 20, ACCESS)
    hashes = {table.hash(key) for key in range(1 << 12)}
    assert hashes == set(range(1 << 12))


def test_an_entry_reads_back_and_another_key_reads_nothing() -> None:
    table = SolvingTable(49, 1 << 20, ACCESS)
    key = 0b1011 << 30 | 12345
    table.put(key, _data(LOWER, 20, 3))
    assert table.get(key) == _data(LOWER, 20, 3)
    assert table.get(key + 1) == 0
    assert len(table) == 1


def test_a_new_entry_replaces_the_one_in_its_slot() -> None:
    # Keys whose hashes agree on the slot's bits share a slot: the later entry wins, and the
    # earlier key is no longer found (never answered with the other key's entry).
    table = SolvingTable(20, 1 << 20, ACCESS)
    by_slot: dict[int, int] = {}
    for key in range(1 << 20):
        slot = table.hash(key) & table.mask
        if slot in by_slot:
            first, second = by_slot[slot], key
            break
        by_slot[slot] = key
    table.put(first, _data(UPPER, -5, 0))
    table.put(second, _data(LOWER, 7, 1))
    assert table.get(second) == _data(LOWER, 7, 1)
    assert table.get(first) == 0


@settings(max_examples=5, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_growing_keeps_every_entry(seed: int) -> None:
    rng = random.Random(seed)
    table = SolvingTable(49, 1 << 16, ACCESS)
    stored: dict[int, int] = {}
    for _ in range(6_000):  # past the first size's half, twice
        key = rng.getrandbits(49)
        data = _data(rng.choice((LOWER, UPPER, EXACT)), rng.randint(-62, 62), rng.randint(-1, 6))
        table.put(key, data)
        stored[key] = data
    assert table.size_bits > table.base
    found = {key: table.get(key) for key in stored}
    kept = {key: data for key, data in found.items() if data}
    assert all(stored[key] == data for key, data in kept.items())  # never another key's entry
    assert len(kept) == len(table)  # what it holds, it finds


def test_a_full_table_stops_growing() -> None:
    table = SolvingTable(49, 1 << 13, ACCESS)
    rng = random.Random(1)
    for _ in range(50_000):
        table.put(rng.getrandbits(49), _data(LOWER, 1, 0))
    assert table.size_bits == 13
    assert len(table) <= 1 << 13


def test_a_small_capacity_gives_a_small_table() -> None:
    assert len(SolvingTable(20, 100, ACCESS).slots) == 64
    assert len(SolvingTable(20, 1 << 30, ACCESS).slots) == 1 << 12  # the first size
    # A wide key needs more slots: its hash above them, with the entry, fits a float's 53 bits.
    assert len(SolvingTable(49, 100, ACCESS).slots) == 1 << (49 + DATA_BITS - 53)


def test_entries_read_back_in_the_engines_encoding() -> None:
    table = SolvingTable(49, 1 << 16, ACCESS)
    table.put(7, _data(LOWER, SCALE - 5, 2))  # a win 5 plies on, at least
    table.put(8, _data(UPPER, -(SCALE - 4), -1))  # a loss 4 plies on, at most; no column
    table.put(9, _data(EXACT, 0, 6))  # a draw
    assert table.raw_entry(7) == (int(Bound.LOWER), TOP - 5, 2)
    assert table.raw_entry(8) == (int(Bound.UPPER), -(TOP - 4), None)
    assert table.raw_entry(9) == (int(Bound.EXACT), 0.0, 6)
    assert table.raw_entry(10) is None
    for other in (-1, 1 << 49, "7", 7.0, None):
        assert table.raw_entry(other) is None


def test_the_transposition_table_reads_its_side_table() -> None:
    table = TranspositionTable()
    table.begin_search(ConnectFour())  # whose win_utility, 1.0, the entries' values are
    side = table.side_table("solver", lambda: SolvingTable(49, 1 << 16, ACCESS))
    assert table.side_table("solver", lambda: SolvingTable(49, 1, ACCESS)) is side
    side.put(7, _data(LOWER, SCALE - 5, 2))  # type: ignore[attr-defined]
    entry = table.get(7)
    assert entry is not None
    assert (entry.bound, entry.value, entry.distance, entry.action) == (Bound.LOWER, 1.0, 5, 2)
    assert entry.proven
    assert entry.search == table.searches
    assert len(table) == 1
    table.clear()
    assert len(table) == 0
    assert table.get(7) is None
