"""Every enum member a table file stores comes back: flags' combinations and empty flags too.

Issue 45 (the fourth audit): an ``enum.Flag`` combination (``Lamp.RED | Lamp.GREEN``) or an
empty flag (``Lamp(0)``) was written to a table file by its name (``'RED|GREEN'``, or
``None``) and refused on reading ("which the enum no longer has: rebuild the table"), though
nothing had changed. A member without a name of its own is now stored by its value, from which
the flag makes it again; a named member by its name, as before.
"""

from __future__ import annotations

import enum
import sqlite3
import sys
from contextlib import closing
from dataclasses import dataclass
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import Solution, TableFileError
from gamesearch.solving import solve
from gamesearch.solving._classes import Classes, member_data
from gamesearch.solving._codec import decode, encode


class Lamp(enum.Flag):
    RED = 1
    GREEN = 2
    BLUE = 4
    YELLOW = RED | GREEN  # a named member of two bits


class Mode(enum.IntFlag):
    READ = 1
    WRITE = 2
    RUN = 4


class Kept(enum.IntFlag, boundary=enum.KEEP):
    """Bits outside the named members are kept: ``Kept(8)`` is a member of no name."""

    LOW = 1


class Strict(enum.Flag, boundary=enum.STRICT):
    ONE = 1
    TWO = 2


class Colour(enum.Enum):
    RED = 1
    CRIMSON = 1  # an alias: Colour.CRIMSON is Colour.RED


class Rank(enum.IntEnum):
    LOW = 1
    HIGH = 2


def every_member(flag: type[enum.Flag]) -> list[enum.Flag]:
    """Each value a flag's named bits make: every combination, the empty flag among them."""
    bits = [member for member in flag if member._value_.bit_count() == 1]
    found = []
    for size in range(len(bits) + 1):
        for chosen in combinations(bits, size):
            value = flag(0)
            for member in chosen:
                value |= member
            found.append(value)
    return found


MEMBERS = [
    *every_member(Lamp),
    *every_member(Mode),
    *every_member(Strict),
    ~Lamp.RED,
    ~Mode.WRITE,
    Kept(8),
    Kept(9),
    Kept(0),
    Colour.RED,
    Colour.CRIMSON,
    Rank.HIGH,
]
if sys.version_info >= (3, 11):

    class Letter(enum.StrEnum):
        A = "a"

    MEMBERS.append(Letter.A)


def round_trip(value: object) -> object:
    """``value`` written by one registry and read by another, as another process would."""
    written = Classes()
    data = encode(value, written)
    read = Classes.from_meta({"classes": written.to_json()}, "a file", frozen=True)
    back = decode(data, read)
    assert encode(back, read) == data  # the same bytes again: a lookup finds the entry
    return back


@pytest.mark.parametrize("member", MEMBERS, ids=repr)
def test_every_member_comes_back_as_itself(member):
    back = round_trip(member)
    assert back is member
    assert round_trip((member, 2)) == (member, 2)


@given(st.integers(0, 1 << 80))
def test_any_value_of_a_flag_that_keeps_its_bits_comes_back(value):
    member = Kept(value)
    assert round_trip(member) is member


def test_a_named_member_is_stored_by_its_name_and_a_combination_by_its_value():
    assert member_data(Lamp.YELLOW) == "YELLOW"  # two bits, but a name of its own
    assert member_data(Lamp.RED | Lamp.BLUE) == 5
    assert member_data(Lamp(0)) == 0
    assert member_data(Colour.CRIMSON) == "RED"  # an alias is its member


@dataclass(frozen=True)
class Board:
    """The lamps lit so far, and whose turn it is."""

    lit: Lamp
    side: int


class LightsOut:
    """Players light a lamp in turn (red, green or blue); whoever lights the last one wins.

    Every state's key holds a flag: the empty flag at the start, then combinations.
    """

    num_players = 2

    def initial_state(self) -> Board:
        return Board(Lamp(0), 0)

    def to_move(self, state: Board) -> int:
        return state.side

    def actions(self, state: Board) -> list[Lamp]:
        return [lamp for lamp in (Lamp.RED, Lamp.GREEN, Lamp.BLUE) if lamp not in state.lit]

    def result(self, state: Board, action: Lamp) -> Board:
        return Board(state.lit | action, 1 - state.side)

    def is_terminal(self, state: Board) -> bool:
        return not self.actions(state)

    def utility(self, state: Board, player: int) -> float:
        return 1.0 if player != state.side else -1.0


def test_a_game_whose_states_hold_flags_keeps_its_table(tmp_path):
    game = LightsOut()
    path = tmp_path / "lights.sqlite"
    solution = solve(game, path=path)
    assert len(solution) == 8  # every subset of three lamps
    for in_memory in (False, True):
        with Solution.load(path, game, in_memory=in_memory) as table:
            assert set(table) == set(solution)
            for state in solution:
                assert table.value(state) == solution.value(state)
            assert table.value(game.initial_state()) == 1.0  # three lamps: the first lights two


@pytest.mark.parametrize(
    ("member", "stored"),
    [
        (Lamp.RED, 1),  # a named member stored by its value: not what the codec writes
        (Colour.RED, "CRIMSON"),  # an alias's name
        (Strict.ONE, 4),  # a value the strict flag refuses
        (Rank.LOW, 1),  # a value for an enum that is not a flag
        (Lamp.RED, "RED|GREEN"),  # a combination's name, as the earlier codec wrote it
        (Lamp.RED, None),
    ],
)
def test_a_member_stored_as_the_codec_never_writes_it_is_refused(tmp_path, member, stored):
    written = Classes()
    encode(member, written)
    data = bytes((7, 0)) + encode(stored)  # tag 7 (a member) of class #0, then the data
    read = Classes.from_meta({"classes": written.to_json()}, "a file", frozen=True)
    with pytest.raises(TableFileError, match="which the enum no longer has"):
        decode(data, read)


def test_a_damaged_member_in_a_file_is_refused_by_the_files_name(tmp_path):
    game = LightsOut()
    path = tmp_path / "lights.sqlite"
    solve(game, path=path)
    empty = encode(Lamp(0), Classes([("x:Board", ("lit", "side")), (f"{__name__}:Lamp", "enum")]))
    red = empty[:-1] + b"\x01"  # Lamp.RED by its value, where the codec writes its name
    with closing(sqlite3.connect(path)) as connection, connection:
        keys = [key for (key,) in connection.execute("SELECT key FROM entries") if empty in key]
        assert keys
        damaged = keys[0].replace(empty, red)
        connection.execute("UPDATE entries SET key = ? WHERE key = ?", (damaged, keys[0]))
    with pytest.raises(TableFileError, match=r"lights\.sqlite .*Lamp\.1, which the enum no longer"):
        Solution.load(path, game, in_memory=True)
