"""The conformance checker reports a game that raises; it never lets the game's error out.

Issue 45: a teacher's game whose ``actions`` listed a move its ``result`` refused made
``check_game`` itself raise the game's ``ValueError``, with no report and no line of play.
Whatever member of the game raises, whatever it raises, the checker reports it as a defect,
with the member, what it was given and the line of play to the state, and goes on with the
other states.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamesearch import GameProtocolError
from gamesearch.conformance import check_game


class Countdown:
    """Players take 1 or 2 from 5 in turn; whoever takes the last wins. ``(count, mover)``."""

    num_players = 2

    def initial_state(self) -> Any:
        return (5, 0)

    def to_move(self, state: Any) -> int:
        return int(state[1])

    def actions(self, state: Any) -> list[int]:
        return [take for take in (1, 2) if take <= state[0]]

    def result(self, state: Any, action: int) -> Any:
        return (state[0] - action, 1 - state[1])

    def is_terminal(self, state: Any) -> bool:
        return bool(state[0] == 0)

    def utility(self, state: Any, player: int) -> float:
        if state[0] != 0:
            raise GameProtocolError("not over")
        return 1.0 if player != state[1] else -1.0

    def key(self, state: Any) -> Any:
        return state

    def order(self, state: Any, actions: Any) -> list[int]:
        return list(actions)[::-1]


def test_the_countdown_is_sound() -> None:
    assert check_game(Countdown()).exhaustive


class Teacher(Countdown):
    """``actions`` lists "pass", which ``result`` refuses."""

    def actions(self, state: Any) -> list[Any]:
        listed: list[Any] = super().actions(state)
        return [*listed, "pass"] if listed else []

    def result(self, state: Any, action: Any) -> Any:
        if action == "pass":
            raise ValueError(f"{action!r} is no move of this game")
        return super().result(state, action)


def test_a_move_that_result_refuses_is_reported_with_its_line() -> None:
    # check_game raised the game's ValueError itself.
    with pytest.raises(GameProtocolError) as found:
        check_game(Teacher())
    message = str(found.value)
    assert "Teacher.result((5, 0), 'pass') raised ValueError: 'pass' is no move" in message
    assert "must take every action that actions(state) lists (raised at line " in message
    assert "of test_conformance_raising.py, in result) (at the initial state)" in message


class Bomb(Exception):
    """An exception of the game's own, of no kind the library knows."""


ERRORS = [
    ValueError("bad"), KeyError("gone"), ZeroDivisionError("zero"), RuntimeError("run"),
    AssertionError("assert"), IndexError("index"), AttributeError("attr"), Bomb("bomb"),
    TypeError("type"), RecursionError("deep"), OverflowError("big"), StopIteration(),
]  # fmt: skip
"""What a game's member may raise."""

MEMBERS = ["to_move", "actions", "result", "is_terminal", "utility", "key", "order"]


def raising(member: str, error: Exception) -> Countdown:
    """A :class:`Countdown` whose ``member`` raises ``error`` once two stones are taken."""

    class Raising(Countdown):
        pass

    original = getattr(Countdown, member)

    def failing(self: Any, state: Any, *rest: Any) -> Any:
        if state[0] <= 3:
            raise type(error)(*error.args)  # a new one each time, with a traceback of its own
        return original(self, state, *rest)

    setattr(Raising, member, failing)
    failing.__name__ = failing.__qualname__ = member
    failing.__code__ = failing.__code__.replace(co_name=member)
    return Raising()


@pytest.mark.parametrize("member", MEMBERS)
@pytest.mark.parametrize("error", ERRORS, ids=lambda error: type(error).__name__)
def test_whatever_a_member_raises_is_reported_with_the_line_of_play(
    member: str, error: Exception
) -> None:
    with pytest.raises(GameProtocolError) as found:
        check_game(raising(member, error))
    message = str(found.value)
    assert f"raised {type(error).__name__}" in message
    assert "(at the " in message  # the line of play to the state whose check met it
    if member != "utility":  # utility is asked of the end only: its own report names it
        assert f"Raising.{member}((" in message


def test_an_initial_state_that_raises_is_reported() -> None:
    class NoStart(Countdown):
        def initial_state(self) -> Any:
            raise KeyError("no board")

    with pytest.raises(GameProtocolError, match=r"NoStart.initial_state\(\) raised KeyError"):
        check_game(NoStart())


def test_a_num_players_that_raises_is_reported() -> None:
    class Unknown(Countdown):
        @property
        def num_players(self) -> int:  # type: ignore[override]
            raise RuntimeError("not yet")

    with pytest.raises(GameProtocolError, match="num_players must be an int >= 1"):
        check_game(Unknown())


class Touchy:
    """A state whose ``__hash__``, ``__eq__`` or ``__repr__`` raises (``broken`` says which)."""

    def __init__(self, count: int, mover: int, broken: str) -> None:
        self.count, self.mover, self.broken = count, mover, broken

    def __hash__(self) -> int:
        if self.broken == "hash" and self.count <= 3:
            raise ValueError("no hash")
        return hash((self.count, self.mover))

    def __eq__(self, other: object) -> bool:
        if self.broken == "eq" and self.count <= 3:
            raise ValueError("no eq")
        return isinstance(other, Touchy) and (self.count, self.mover) == (other.count, other.mover)

    def __repr__(self) -> str:
        if self.broken == "repr" and self.count <= 3:
            raise ValueError("no repr")
        return f"Touchy({self.count}, {self.mover})"


class TouchyCountdown(Countdown):
    """A :class:`Countdown` of :class:`Touchy` states."""

    def __init__(self, broken: str) -> None:
        self.broken = broken

    def initial_state(self) -> Any:
        return Touchy(5, 0, self.broken)

    def to_move(self, state: Any) -> int:
        return int(state.mover)

    def actions(self, state: Any) -> list[int]:
        return [take for take in (1, 2) if take <= state.count]

    def result(self, state: Any, action: int) -> Any:
        return Touchy(state.count - action, 1 - state.mover, self.broken)

    def is_terminal(self, state: Any) -> bool:
        return bool(state.count == 0)

    def utility(self, state: Any, player: int) -> float:
        if state.count != 0:
            raise GameProtocolError("not over")
        return 1.0 if player != state.mover else -1.0

    def key(self, state: Any) -> Any:
        return state


@pytest.mark.parametrize("broken", ["hash", "eq"])
def test_a_state_whose_own_methods_raise_is_reported(broken: str) -> None:
    with pytest.raises(GameProtocolError, match="breaks the Game protocol"):
        check_game(TouchyCountdown(broken))


def test_a_state_whose_repr_raises_is_no_defect_while_nothing_is_said_of_it() -> None:
    assert check_game(TouchyCountdown("repr")).exhaustive


# Walk adv45 (r7): a state's key, __hash__ or __eq__ raising below the root was blamed on the
# initial state, whose check met the child first: it is reported at the state that raised.


class Pile:
    """A Countdown state ``(count, mover)`` whose ``broken`` method raises at ``(3, 1)``."""

    def __init__(self, count: int, mover: int, broken: str) -> None:
        self.count, self.mover, self.broken = count, mover, broken

    def __hash__(self) -> int:
        if self.broken == "hash" and (self.count, self.mover) == (3, 1):
            raise Bomb("hash")
        return hash((self.count, self.mover))

    def __eq__(self, other: object) -> bool:
        if self.broken == "eq" and (self.count, self.mover) == (3, 1):
            raise Bomb("eq")
        return isinstance(other, Pile) and (self.count, self.mover) == (other.count, other.mover)

    def __repr__(self) -> str:
        return f"Pile({self.count}, {self.mover})"


class PileCountdown(TouchyCountdown):
    """A :class:`Countdown` of :class:`Pile` states; ``key`` raises at ``(3, 1)`` if broken."""

    def initial_state(self) -> Any:
        return Pile(5, 0, self.broken)

    def result(self, state: Any, action: int) -> Any:
        return Pile(state.count - action, 1 - state.mover, self.broken)

    def key(self, state: Any) -> Any:
        if self.broken == "key" and (state.count, state.mover) == (3, 1):
            raise Bomb("key")
        return state


class PlainPileCountdown(PileCountdown):
    """Without ``key``: the states' own ``__hash__`` and ``__eq__`` identify them."""

    key = None  # type: ignore[assignment]


@pytest.mark.parametrize(
    ("game", "where"),
    [
        (PileCountdown("key"), "key(Pile(3, 1)) raised Bomb"),
        (PlainPileCountdown("hash"), "checking Pile(3, 1) raised Bomb: 'hash'"),
        (PlainPileCountdown("eq"), "checking Pile(3, 1) raised Bomb: 'eq'"),
    ],
    ids=["key", "__hash__", "__eq__"],
)
def test_a_state_whose_key_hash_or_eq_raises_deep_is_reported_at_it_with_its_line(
    game: Any, where: str
) -> None:
    with pytest.raises(GameProtocolError) as raised:
        check_game(game)
    report = str(raised.value)
    assert where in report
    assert "(at the state after actions [2])" in report  # Pile(5, 0) -> take 2 -> Pile(3, 1)
    assert "initial state" not in report
    assert "Pile(5, 0)" not in report


class NoneActions(Countdown):
    """``actions`` returns ``None`` at ``(3, 1)``: no sequence."""

    def actions(self, state: Any) -> Any:
        return None if state == (3, 1) else super().actions(state)


class GeneratorActions(Countdown):
    """``actions`` returns a generator: iterable once, without a length or an index."""

    def actions(self, state: Any) -> Any:
        return (take for take in super().actions(state))


def test_actions_returning_none_is_reported_as_actions_not_as_the_librarys_type_error() -> None:
    with pytest.raises(GameProtocolError) as raised:
        check_game(NoneActions())
    report = str(raised.value)
    assert "actions((3, 1)) returned None, not a sequence" in report
    assert "(at the state after actions [2])" in report
    assert "conformance.py" not in report


def test_actions_returning_a_generator_is_reported() -> None:
    with pytest.raises(GameProtocolError, match=r"actions\(\(5, 0\)\) returned a generator, not a "
                       r"sequence.*\(at the initial state\)"):  # fmt: skip
        check_game(GeneratorActions())
