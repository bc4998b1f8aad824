"""The information-set checker reports a game that raises, as the conformance checker does.

Issue 45 found ``check_game`` letting a game's own ``ValueError`` out; its sibling for games of
imperfect information, :func:`~gamesearch.imperfect.check_information_sets`, did the same.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamesearch import CHANCE, GameProtocolError
from gamesearch.imperfect import KuhnPoker, check_information_sets


class Raising(KuhnPoker):
    """Kuhn poker whose ``member`` raises a ``KeyError`` at the decisions after the deal."""

    def __init__(self, member: str) -> None:
        super().__init__()
        self.member = member

    def _fails(self, member: str, state: Any) -> None:
        if member == self.member and KuhnPoker.to_move(self, state) != CHANCE:
            raise KeyError(f"{member} lost its way")

    def actions(self, state: Any) -> Any:
        self._fails("actions", state)
        return super().actions(state)

    def result(self, state: Any, action: Any) -> Any:
        self._fails("result", state)
        return super().result(state, action)

    def information_set(self, state: Any, player: int) -> Any:
        self._fails("information_set", state)
        return super().information_set(state, player)

    def sample_state(self, state: Any, player: int, rng: Any) -> Any:
        self._fails("sample_state", state)
        return super().sample_state(state, player, rng)


@pytest.mark.parametrize("member", ["actions", "result", "information_set", "sample_state"])
def test_a_member_that_raises_is_reported_with_its_line(member: str) -> None:
    with pytest.raises(GameProtocolError) as found:
        check_information_sets(Raising(member))
    message = str(found.value)
    assert f"Raising.{member}(KuhnState(" in message
    assert "raised KeyError" in message
    assert "(at the state after actions [" in message


def test_a_move_that_result_refuses_is_reported() -> None:
    class Teacher(KuhnPoker):
        def actions(self, state: Any) -> Any:
            listed = list(super().actions(state))
            return [*listed, "fold!"] if listed and self.to_move(state) != CHANCE else listed

        def result(self, state: Any, action: Any) -> Any:
            if action == "fold!":
                raise ValueError("no such move")
            return super().result(state, action)

    with pytest.raises(GameProtocolError, match=r"Teacher\.result\(.*'fold!'\) raised ValueError"):
        check_information_sets(Teacher())
