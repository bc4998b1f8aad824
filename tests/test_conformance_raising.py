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
