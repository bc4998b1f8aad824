"""Cycles are not proofs: a proof search refuses a state that repeats on its line.

The proof searches key their table by the game's exact key, which keeps a position's past
where its value depends on it (:mod:`gamesearch.proofs`): then no proof rests on a
repetition seen from another line. The textbook case of the graph-history interaction is a
fixture here, with the wrong answer a table keyed by the position alone gives, and random
games with repetitions are checked against a brute-force retrograde analysis.

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

from collections.abc import Hashable
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
    assert result.value == alphabeta(game).value == retrograde(game)


class Superko:
    """A graph game in which no position may come again: a player left without a move loses.

    Each position says who moves there (0 is X, 1 is O) and where a move may go. A move to a
    position already on the line from the start is not legal (Go's positional superko); a
    player with no legal move has lost. A state is the position and the positions of the line
    before it: ``key`` is the position alone (a Zobrist key, which merges the lines) and
    ``solving_key`` the whole state.
    """

    num_players = 2
    win_utility = 1.0

    def __init__(self, movers: dict[str, int], arrows: dict[str, tuple[str, ...]]) -> None:
        self.movers, self.arrows = movers, arrows

    def initial_state(self) -> tuple[str, frozenset[str]]:
        return "A", frozenset()

    def to_move(self, state: Any) -> int:
        return self.movers[state[0]]

    def actions(self, state: Any) -> tuple[str, ...]:
        position, line = state
        return tuple(going for going in self.arrows[position] if going not in line)

    def result(self, state: Any, action: str) -> Any:
        position, line = state
        return action, line | {position}

    def is_terminal(self, state: Any) -> bool:
        return not self.actions(state)

    def utility(self, state: Any, player: int) -> float:
        return -1.0 if self.to_move(state) == player else 1.0

    def key(self, state: Any) -> str:
        return state[0]  # type: ignore[no-any-return]

    def solving_key(self, state: Any) -> Any:
        return state


def textbook_ghi() -> Superko:
    """The graph-history interaction (Campbell 1985; Kishimoto and Mueller 2004).

    X at A goes to P or C, and O at either must go on to D. From D the line runs D, E, F
    (X, O, X to move) and X at F may only go to P. Reached through P, F's one move repeats P:
    X has none and loses, so D is lost for X. Reached through C, F goes to P, where O's one
    move repeats D: O has none and loses, so D is won for X, and so is A. D's value depends
    on the line that reached it.
    """
    movers = {"A": 0, "P": 1, "C": 1, "D": 0, "E": 1, "F": 0}
    arrows = {
        "A": ("P", "C"), "P": ("D",), "C": ("D",), "D": ("E",), "E": ("F",), "F": ("P",),
    }  # fmt: skip
    return Superko(movers, arrows)


class PositionKeyed:
    """``game`` with its ``solving_key`` hidden: a table keyed by the position alone."""

    num_players = 2
    win_utility = 1.0

    def __init__(self, game: Superko) -> None:
        self.game = game
        self.initial_state, self.to_move = game.initial_state, game.to_move
        self.actions, self.result = game.actions, game.result
        self.is_terminal, self.utility, self.key = game.is_terminal, game.utility, game.key


def retrograde(game: Any) -> float:
    """The value at the start, for its mover, by retrograde analysis of every state reachable.

    The states (each carrying its line) are listed depth first from the start, then valued
    from the last found back to the first: a terminal state by its utility, any other by the
    best of its children for its mover, whose values are known by then (a child is always
    found after its parent and valued before it, the states forming no cycle).
    """
    order: list[Any] = []
    seen: set[Hashable] = set()
    stack = [game.initial_state()]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        order.append(state)
        if not game.is_terminal(state):
            stack.extend(game.result(state, action) for action in game.actions(state))
    player = game.to_move(game.initial_state())
    value: dict[Any, float] = {}
    pending = list(order)
    while pending:  # values every state whose children are valued, until none is left
        waiting = []
        for state in pending:
            if game.is_terminal(state):
                value[state] = game.utility(state, player)
                continue
            children = [game.result(state, action) for action in game.actions(state)]
            if all(child in value for child in children):
                pick = max if game.to_move(state) == player else min
                value[state] = pick(value[child] for child in children)
            else:
                waiting.append(state)
        assert len(waiting) < len(pending), "the states of the game form a cycle"
        pending = waiting
    return value[game.initial_state()]


def test_in_the_textbook_ghi_case_x_wins_through_c_by_retrograde_analysis() -> None:
    game = textbook_ghi()
    assert retrograde(game) == 1.0
    assert alphabeta(game).value == 1.0


def p_first(state: Any, actions: tuple[str, ...]) -> list[str]:
    """``actions`` with P before C (the others as they are)."""
    return sorted(actions, key=lambda action: action != "P")


def test_keyed_by_the_position_alone_dfpn_proves_the_textbook_ghi_case_lost() -> None:
    # The naive scheme: D's loss, proven below P, is read back below C, where D is won.
    # This is why chess's solving_key keeps the past that its Zobrist key leaves out. P and
    # C tie on their numbers (one move each), and the order given searches P's line first.
    naive = dfpn(PositionKeyed(textbook_ghi()), order=p_first)
    assert (naive.value, naive.exact) == (-1.0, True)
    assert naive.value != retrograde(textbook_ghi())


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_the_textbook_ghi_case_is_proven_won_through_c(prover: Any) -> None:
    result = prover(textbook_ghi())
    assert (result.value, result.action, result.exact) == (1.0, "C", True)


@st.composite
def superko_games(draw: st.DrawFn) -> Superko:
    """A graph of 2 to 6 positions, A first, each with a mover and 1 to 3 arrows."""
    names = "ABCDEF"[: draw(st.integers(2, 6))]
    movers = {name: draw(st.integers(0, 1)) for name in names}
    arrows = {
        name: tuple(draw(st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True)))
        for name in names
    }
    return Superko(movers, arrows)


@pytest.mark.slow
@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@settings(deadline=None)
@given(game=superko_games())
def test_a_game_without_repeated_positions_is_proven_as_retrograde_analysis_values_it(
    prover: Any, game: Superko
) -> None:
    result = prover(game)
    assert result.exact
    assert result.value == retrograde(game)
