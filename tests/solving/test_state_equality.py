"""A table file keys a state by data that equal states share, or refuses the state.

Issue 45 (the fourth audit): a frozen dataclass state with an ``__eq__`` and ``__hash__`` of
its own (positions equal whatever the move that reached them) was stored under the bytes of
all its fields, so two states that are ``==`` got different keys: the solution in memory gave
the value of a state that ``Solution.load(path, game)`` said "is not reachable from the
roots". A file now stores only classes whose equal objects have equal stored data (the
``__eq__`` that ``dataclass`` writes, over every field ``__init__`` takes; an enum's own
identity), and refuses the others before the file is touched, saying to give the game a
``key(state)``.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sqlite3
from contextlib import closing

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import Solution, TableFileError, UnsupportedGameError
from gamesearch.solving import solve
from gamesearch.solving._classes import Classes
from gamesearch.solving._codec import decode, encode
from gamesearch.solving._equality import kind_of, why_not


@dataclasses.dataclass(frozen=True)
class Position:
    """Stones left and the side to move; ``last``, the move that reached it, is not compared."""

    stones: int
    side: int
    last: int

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and (self.stones, self.side) == (
            other.stones, other.side,
        )  # fmt: skip

    def __hash__(self) -> int:
        return hash((self.stones, self.side))


class TakeOneOrTwo:
    """Take one or two stones; whoever takes the last stone wins. States are :class:`Position`."""

    num_players = 2

    def __init__(self, stones: int = 4) -> None:
        self.stones = stones

    def initial_state(self) -> Position:
        return Position(self.stones, 0, 0)

    def to_move(self, state: Position) -> int:
        return state.side

    def actions(self, state: Position) -> list[int]:
        return [take for take in (1, 2) if take <= state.stones]

    def result(self, state: Position, action: int) -> Position:
        return Position(state.stones - action, 1 - state.side, action)

    def is_terminal(self, state: Position) -> bool:
        return state.stones == 0

    def utility(self, state: Position, player: int) -> float:
        return 1.0 if player != state.side else -1.0


class KeyedTakeOneOrTwo(TakeOneOrTwo):
    """The same game with the key the refusal asks for: the data equal positions share."""

    def key(self, state: Position) -> tuple[int, int]:
        return (state.stones, state.side)


def test_a_state_whose_equality_is_its_own_is_refused_before_the_file_is_touched(tmp_path):
    game = TakeOneOrTwo(4)
    path = tmp_path / "take.sqlite"
    with pytest.raises(UnsupportedGameError, match=r"defines its own __eq__.*key\(state\)"):
        solve(game, path=path)
    assert not path.exists()
    # In memory, the states are a dict's keys: equal positions are one entry, as they should.
    solution = solve(game)
    assert solution.value(Position(2, 0, 1)) == solution.value(Position(2, 0, 2)) == 1.0


def test_the_key_the_refusal_asks_for_gives_equal_states_one_entry_in_the_file(tmp_path):
    game = KeyedTakeOneOrTwo(4)
    path = tmp_path / "take.sqlite"
    in_memory = solve(game, path=path)
    # (2 stones, side 0) is reached by 1 then 1 (last=1) and by 2 (last=2): the same position.
    reached = [Position(2, 0, 1), Position(2, 0, 2)]
    for lazy in (True, False):
        with Solution.load(path, game, in_memory=not lazy) as table:
            for state in reached:
                assert table.value(state) == in_memory.value(state) == 1.0
                assert table.best_actions(state) == in_memory.best_actions(state) == (2,)


@dataclasses.dataclass(frozen=True)
class Loose:
    """A field ``__init__`` takes that equality ignores."""

    stones: int
    note: str = dataclasses.field(compare=False, default="")


@dataclasses.dataclass(frozen=True)
class Base:
    stones: int


@dataclasses.dataclass(frozen=True, eq=False)
class Inherited(Base):
    """Base's ``__eq__``, which compares ``stones`` only, over a field of its own."""

    side: int = 0


@dataclasses.dataclass(frozen=True)
class OwnEqualityOnly(Base):
    """An ``__eq__`` of its own beside the ``__hash__`` that ``dataclass`` writes."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Base)

    __hash__ = Base.__hash__


class Colour(enum.Enum):
    """Members equal to each other: an enum with an ``__eq__`` of its own."""

    RED = 1
    CRIMSON = 2

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Colour)

    def __hash__(self) -> int:
        return 0


@dataclasses.dataclass(frozen=True)
class Remembering:
    """A field ``__init__`` does not take that equality compares: set after, not stored."""

    stones: int
    last: int = dataclasses.field(init=False, default=0)


@dataclasses.dataclass(frozen=True)
class DerivedCompared:
    """The same field worked out in ``__post_init__``, but compared: a file cannot tell."""

    stones: int
    double: int = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "double", 2 * self.stones)


@dataclasses.dataclass(frozen=True)
class FromInitVar:
    """A compared field set from an ``InitVar``, which ``__init__`` takes but no field keeps."""

    stones: int
    start: dataclasses.InitVar[int] = 0
    last: int = dataclasses.field(init=False, default=0)

    def __post_init__(self, start: int) -> None:
        object.__setattr__(self, "last", start)


@dataclasses.dataclass(frozen=True)
class RemembersBelow(Remembering):
    """A subclass: the field its base compares and does not store is still there."""

    side: int = 0


@dataclasses.dataclass(frozen=True)
class HashedOnly:
    """A field hashed but not compared: equal objects with different hashes."""

    stones: int
    last: int = dataclasses.field(init=False, compare=False, hash=True, default=0)


@pytest.mark.parametrize(
    ("example", "reason"),
    [
        (Position(3, 0, 1), "its class defines its own __eq__"),
        (Loose(3, "a note"), "its field note is not compared (compare=False)"),
        (Inherited(3, 1), "it is neither an enum nor a frozen dataclass (frozen=True, eq=True)"),
        (OwnEqualityOnly(3), "its class defines its own __eq__"),
        (Colour.RED, "its class defines its own __eq__"),
        (Remembering(3), "its field last is compared but not taken by __init__ (init=False)"),
        (DerivedCompared(3), "its field double is compared but not taken by __init__"),
        (FromInitVar(3, 1), "its field last is compared but not taken by __init__"),
        (RemembersBelow(3), "its field last is compared but not taken by __init__"),
        (HashedOnly(3), "its field last is hashed but not compared (hash=True, compare=False)"),
    ],
)
def test_a_class_whose_equal_objects_may_differ_in_data_is_refused(example, reason):
    cls = type(example)
    assert kind_of(cls) is None
    assert str(why_not(cls)).startswith(reason)
    with pytest.raises(UnsupportedGameError, match=f"cannot store a {cls.__qualname__}"):
        encode((example, 1))


@dataclasses.dataclass(frozen=True, slots=True, order=True)
class Slotted:
    stones: int
    side: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class KeywordsOnly:
    stones: int
    tag: str = ""


@dataclasses.dataclass(frozen=True)
class Extended(Base):
    side: int = 0


@dataclasses.dataclass(frozen=True)
class Derived:
    """A field ``__init__`` does not take, worked out from those it does: not compared."""

    stones: int
    double: int = dataclasses.field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "double", 2 * self.stones)


class Side(enum.IntEnum):
    FIRST = 0
    SECOND = 1


class Perm(enum.Flag):
    R = 1
    W = 2


@pytest.mark.parametrize(
    ("cls", "example"),
    [
        (Slotted, Slotted(3, 1)),
        (KeywordsOnly, KeywordsOnly(stones=3, tag="x")),
        (Extended, Extended(3, 1)),
        (Derived, Derived(4)),
        (Side, Side.SECOND),
        (Perm, Perm.W),
    ],
)
def test_a_class_whose_equality_is_its_data_is_stored_and_made_again(cls, example):
    assert kind_of(cls) is not None
    classes = Classes()
    back = decode(encode(example, classes), classes)
    assert back == example
    assert type(back) is cls


@given(st.integers(0, 3), st.integers(0, 1), st.integers(0, 3), st.integers(0, 1))
def test_objects_of_a_stored_class_are_equal_exactly_when_their_keys_are(a, b, c, d):
    first, second = Extended(a, b), Extended(c, d)
    assert (first == second) == (encode(first) == encode(second))


def test_a_file_whose_class_has_since_taken_an_equality_of_its_own_is_refused(tmp_path):
    path = tmp_path / "take.sqlite"
    game = KeyedTakeOneOrTwo(3)
    solve(game, path=path)
    # A file that stored Position by its fields, as before its __eq__ was written: crafted.
    listed = json.dumps([[f"{__name__}:Position", ["stones", "side", "last"]]])
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("INSERT OR REPLACE INTO meta VALUES ('classes', ?)", (listed,))
    with pytest.raises(TableFileError, match=r"Position is not what .* stored .*rebuild"):
        Solution.load(path, game)


class LastMoveDecides:
    """One move, 0 or 1; the end remembers it (in ``Remembering.last``) and decides the winner.

    The walk of issue 45 (adv45, r2): ``Remembering(0)`` with ``last`` 0 and with ``last`` 1
    are unequal, worth -1 and +1 to player 0, and were stored under one key: the file answered
    +1 for both, where the solution in memory answers -1 and +1.
    """

    num_players = 2

    def initial_state(self) -> Remembering:
        return Remembering(1)

    def to_move(self, state: Remembering) -> int:
        return 0

    def actions(self, state: Remembering) -> list[int]:
        return [0, 1]

    def result(self, state: Remembering, action: int) -> Remembering:
        end = Remembering(state.stones - 1)
        object.__setattr__(end, "last", action)
        return end

    def is_terminal(self, state: Remembering) -> bool:
        return state.stones == 0

    def utility(self, state: Remembering, player: int) -> float:
        return (1.0 if state.last == 1 else -1.0) * (1 if player == 0 else -1)


def test_states_unequal_in_a_field_init_does_not_take_are_refused_not_merged(tmp_path):
    game = LastMoveDecides()
    ends = [game.result(game.initial_state(), action) for action in (0, 1)]
    in_memory = solve(game)
    assert ends[0] != ends[1]
    assert [in_memory.value(end) for end in ends] == [-1.0, 1.0]
    path = tmp_path / "last.sqlite"
    with pytest.raises(UnsupportedGameError, match=r"field last is compared but not taken"):
        solve(game, path=path)
    assert not path.exists()


class KeyedLastMoveDecides(LastMoveDecides):
    """The same game with a key of all it compares: the file then agrees with memory."""

    def key(self, state: Remembering) -> tuple[int, int]:
        return (state.stones, state.last)


def test_the_key_of_every_compared_field_gives_the_values_in_memory(tmp_path):
    game = KeyedLastMoveDecides()
    ends = [game.result(game.initial_state(), action) for action in (0, 1)]
    in_memory = solve(game)
    path = tmp_path / "last.sqlite"
    solve(game, path=path)
    for lazy in (True, False):
        with Solution.load(path, game, in_memory=not lazy) as table:
            assert [table.value(end) for end in ends] == [in_memory.value(end) for end in ends]
            assert [table.value(end) for end in ends] == [-1.0, 1.0]


@dataclasses.dataclass(frozen=True)
class Shifted:
    """A ``__post_init__`` that changes a field: called again with it, it changes it again."""

    stones: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "stones", self.stones + 1)


@dataclasses.dataclass(frozen=True)
class Sorted:
    """A ``__post_init__`` that puts a field in order: called again, it makes the same."""

    heaps: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "heaps", tuple(sorted(self.heaps)))


@dataclasses.dataclass(frozen=True, init=False)
class Doubled:
    """An ``__init__`` of its own, whose argument is not the field it keeps."""

    stones: int

    def __init__(self, stones: int) -> None:
        object.__setattr__(self, "stones", 2 * stones)


@dataclasses.dataclass(frozen=True)
class Picky:
    """A ``__post_init__`` that refuses the field it keeps, once set after."""

    stones: int

    def __post_init__(self) -> None:
        if self.stones > 3:
            raise ValueError("too many stones")


def picky(stones: int) -> Picky:
    made = Picky(0)
    object.__setattr__(made, "stones", stones)
    return made


@pytest.mark.parametrize(
    ("example", "made"),
    [(Shifted(1), "Shifted(stones=3)"), (Doubled(2), "Doubled(stones=8)"),
     (picky(5), "ValueError: too many stones")],
    ids=["a __post_init__ that shifts", "an __init__ of its own", "a __post_init__ that refuses"],
)  # fmt: skip
def test_an_object_its_class_would_not_make_again_from_its_fields_is_refused(example, made):
    """A file calls the class with the stored fields: here it would make another object.

    A wrong state, or a wrong action of a book, or a failure on reading: refused as written.
    """
    with pytest.raises(UnsupportedGameError, match=r"called with its fields .* gives") as refused:
        encode((example, 1))
    assert made in str(refused.value)


def test_an_object_its_class_makes_again_from_its_fields_is_stored():
    example = Sorted((3, 1, 2))
    classes = Classes()
    back = decode(encode(example, classes), classes)
    assert back == example
    assert back.heaps == (1, 2, 3)
