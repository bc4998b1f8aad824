"""Cycles are not proofs: a proof search refuses a state that repeats on its line.

Two kinds of game repeat positions. In the first the states themselves come round again and
the game does not say what endless play is worth: alpha-beta refuses it (a cycle), and so do
``pns`` and ``dfpn`` wherever their search meets the cycle; a proof that never needs it (a win
at once beside a loop) is still a proof. In the second, as in chess, a repeated position ends
the game (a draw), so that the state must carry the positions seen: a table keyed by the
position alone would mix up two histories (the graph-history interaction). The proof searches
key their table by the game's ``solving_key``, which such a game gives as the whole state, and
prove what alpha-beta computes from every state.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch import CyclicGameError, alphabeta
from gamesearch.proofs import dfpn, pns

PROVERS = [pns, dfpn]


class Loop:
    """X at A may take a draw or go to B; O at B may lose or go back to A; C is a win at once.

    States are ``"A"``, ``"B"`` and ``"C"`` (X, O, X to move) and the ends ``"draw"`` and
    ``"X wins"``. Nothing says what going round A-B-A for ever is worth.
    """

    num_players = 2
    moves: ClassVar = {"A": ("loop", "draw"), "B": ("back", "lose"), "C": ("loop", "win")}
    going: ClassVar = {"loop": "B", "draw": "draw", "back": "A", "lose": "X wins", "win": "X wins"}

    def initial_state(self) -> str:
        return "A"

    def to_move(self, state: str) -> int:
        return 1 if state == "B" else 0

    def actions(self, state: str) -> tuple[str, ...]:
        return self.moves.get(state, ())

    def result(self, state: str, action: str) -> str:
        return self.going[action]

    def is_terminal(self, state: str) -> bool:
        return state not in self.moves

    def utility(self, state: str, player: int) -> float:
        value = 1.0 if state == "X wins" else 0.0
        return value if player == 0 else -value


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_cycle_the_value_would_rest_on_is_refused_as_alpha_beta_refuses_it(prover: Any) -> None:
    with pytest.raises(CyclicGameError):
        alphabeta(Loop())
    with pytest.raises(CyclicGameError, match=prover.__name__):
        prover(Loop())


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_win_at_once_beside_a_loop_is_proven_without_it(prover: Any) -> None:
    result = prover(Loop(), "C")
    assert (result.value, result.action, result.exact) == (1.0, "win", True)


class Repetition:
    """A walk on a small graph of positions that ends at an exit, or in a draw on repetition.

    The players move a token in turn along the graph's arrows; an exit pays its value to X (O
    gets its negation); a position that stands, with the same player to move, for the second
    time is a draw, as in chess. A state is the position, the mover and the positions seen:
    ``key`` is the position and mover alone (a chess engine's Zobrist key, which merges
    histories), ``solving_key`` the whole state.
    """

    num_players = 2
    win_utility = 1.0

    def __init__(self, arrows: dict[int, tuple[int, ...]], exits: dict[int, float]) -> None:
        self.arrows, self.exits = arrows, exits

    def initial_state(self) -> tuple[int, int, frozenset[tuple[int, int]]]:
        return (0, 0, frozenset())

    def to_move(self, state: Any) -> int:
        return state[1]  # type: ignore[no-any-return]

    def is_terminal(self, state: Any) -> bool:
        position, mover, seen = state
        return position in self.exits or (position, mover) in seen

    def actions(self, state: Any) -> tuple[int, ...]:
        return () if self.is_terminal(state) else self.arrows[state[0]]

    def result(self, state: Any, action: int) -> Any:
        position, mover, seen = state
        return (action, 1 - mover, seen | {(position, mover)})

    def utility(self, state: Any, player: int) -> float:
        value = self.exits.get(state[0], 0.0) if state[0] in self.exits else 0.0
        return value if player == 0 else -value

    def key(self, state: Any) -> tuple[int, int]:
        return state[0], state[1]

    def solving_key(self, state: Any) -> Any:
        return state


@st.composite
def walks(draw: st.DrawFn) -> Repetition:
    """A graph of 3 to 6 positions, each with 1 to 3 arrows, some of them exits."""
    size = draw(st.integers(3, 6))
    exits = draw(
        st.dictionaries(st.integers(1, size - 1), st.sampled_from([-1.0, 0.0, 1.0]), max_size=3)
    )
    arrows = {
        position: tuple(
            draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=3, unique=True))
        )
        for position in range(size)
    }
    return Repetition(arrows, exits)


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@settings(deadline=None)
@given(game=walks())
def test_a_game_drawn_by_repetition_is_proven_as_alpha_beta_computes_it(
    prover: Any, game: Repetition
) -> None:
    result = prover(game)
    assert result.exact
    assert result.value == alphabeta(game).value
