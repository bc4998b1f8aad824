"""A leaf value that is not a finite real number is refused the same way by every searcher.

``minimax`` always refused a ``bool``, and an ``int`` too large for a float, with an
``InvalidUtilityError``; ``alphabeta`` and ``negamax`` read ``True`` as 1 and raised a raw
``OverflowError`` for a huge ``int``. Their loops now check a leaf's value as ``minimax``'s did,
plain, over a game's ``children``, and traced (the engine's loop), with ``utility`` and with
``evaluate``.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_fast_paths import WithChildren, ignore

from gamesearch import InvalidUtilityError, alphabeta, iterative_deepening, minimax, negamax
from gamesearch.games import GameTree

BAD = [True, False, 10**400, -(10**400)]


class Odd(GameTree):
    """A two-leaf tree whose first leaf's utility, and every evaluation, is ``odd``."""

    def __init__(self, odd: Any) -> None:
        super().__init__({"a": {"c": 1, "d": 2}, "b": 0})
        self.odd = odd

    def utility(self, state: Any, player: int) -> Any:
        return self.odd if state == ("a", "c") else super().utility(state, player)

    def evaluate(self, state: Any, player: int) -> Any:
        return self.odd


@pytest.mark.parametrize("odd", BAD, ids=["True", "False", "huge", "-huge"])
@pytest.mark.parametrize("searcher", [minimax, alphabeta, negamax])
@pytest.mark.parametrize("how", ["plain", "children", "traced"])
def test_a_bool_or_a_huge_int_is_refused(searcher: Any, odd: Any, how: str) -> None:
    game: Any = WithChildren(Odd(odd)) if how == "children" else Odd(odd)
    options = {"trace": ignore} if how == "traced" else {}
    with pytest.raises(InvalidUtilityError, match="utility"):
        searcher(game, **options)
    with pytest.raises(InvalidUtilityError, match="evaluate"):
        searcher(game, depth=1, evaluate=Odd(odd).evaluate, **options)


@pytest.mark.parametrize("odd", BAD, ids=["True", "False", "huge", "-huge"])
def test_the_engine_refuses_them_too(odd: Any) -> None:
    with pytest.raises(InvalidUtilityError):
        iterative_deepening(Odd(odd))
    with pytest.raises(InvalidUtilityError):
        alphabeta(Odd(odd), order=lambda state, actions: list(actions))
