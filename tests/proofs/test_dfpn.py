"""df-pn's own arithmetic: how an OR node's numbers follow from its children's (issue 38)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from gamesearch import SearchResult, dfpn, mtdf
from gamesearch._budget import Budget
from gamesearch._keyed import KeyedTable
from gamesearch.capabilities import Capabilities
from gamesearch.errors import GameProtocolError, InvalidSearchOptionError
from gamesearch.games import GameTree, TicTacToe
from gamesearch.proofs._question import INFINITE, Question
from gamesearch.proofs.dfpn import EPSILON, MIN_ENTRIES, DepthFirst
from gamesearch.trace.events import Ask

OPEN = {"a": (2, 5), "b": (3, 3), "c": (INFINITE, 0)}
"""An OR node's children by action, their proof and disproof numbers: ``c`` is disproven."""


def or_node_numbers(children: dict[str, tuple[int, int]], *, weak: bool) -> tuple[int, int]:
    """The proof and disproof numbers df-pn gives an OR node whose children have ``children``."""
    game = TicTacToe()
    root = game.initial_state()
    question = Question(game, root, Capabilities.of(game), None, None)
    table: KeyedTable[Any] = KeyedTable(MIN_ENTRIES)
    search = DepthFirst(question, root, table, EPSILON, Budget(), weak=weak)
    search.view = lambda item, is_or, fresh: (*children[item[0]], -1.0, 1.0)  # type: ignore[method-assign]
    listed = [(action, None, action, 1, float("nan")) for action in children]
    phi, delta, *_ = search.gather(listed, True, None, {})
    return phi, delta


@pytest.mark.parametrize("weak", [True, False])
def test_an_or_node_s_proof_number_is_its_least_child_s(weak: bool) -> None:
    assert or_node_numbers(OPEN, weak=weak)[0] == 2


def test_a_weak_disproof_number_is_the_largest_plus_one_per_other_open_child() -> None:
    # Ueda et al. 2008: max(5, 3) + 1 for the other open child; the disproven child counts 0.
    assert or_node_numbers(OPEN, weak=True)[1] == 5 + 1


def test_without_weak_numbers_the_disproof_number_is_the_sum() -> None:
    assert or_node_numbers(OPEN, weak=False)[1] == 5 + 3 + 0


@pytest.mark.parametrize("weak", [True, False])
def test_an_or_node_whose_every_child_is_disproven_is_disproven(weak: bool) -> None:
    disproven = {"a": (INFINITE, 0), "b": (INFINITE, 0)}
    assert or_node_numbers(disproven, weak=weak) == (INFINITE, 0)


LOST = GameTree({"a1": {"b1": {"x": -1, "y": -1}, "b2": 1},
                 "a2": {"c1": 0, "c2": {"x": -1, "y": -1}}}, win_utility=1)  # fmt: skip
"""MAX loses: a1 is answered by b1, a2 by c2; c1, a draw, refutes a2's win at once."""


def asked(result_and_log: tuple[SearchResult[Any], list[Any]]) -> list[float]:
    """The thresholds of the questions a traced search asked."""
    return [event.threshold for event in result_and_log[1] if isinstance(event, Ask)]


def traced_dfpn(game: Any, **options: Any) -> tuple[SearchResult[Any], list[Any]]:
    """``dfpn`` on ``game`` with ``options``, and the events it told."""
    log: list[Any] = []
    return dfpn(game, trace=log.append, **options), log


def test_a_first_guess_of_a_draw_proves_a_loss_with_one_question() -> None:
    usual, guessed = traced_dfpn(LOST), traced_dfpn(LOST, first_guess=0.0)
    assert usual[0].value == guessed[0].value == -1.0
    assert usual[0].exact
    assert guessed[0].exact
    assert asked(usual) == [1.0, 0.0]  # the win disproven through the draw c1, then the draw
    assert asked(guessed) == [0.0]  # "can MAX avoid losing?": no, a loss at once


def test_a_first_guess_gives_the_same_values_on_tic_tac_toe() -> None:
    game = TicTacToe()
    for text in ("X.. / .O. / ...", "X.. / ... / ..O", "XO. / ... / ..."):
        state = game.parse(text)
        expected = dfpn(game, state)
        for guess in (-1.0, 0.0, 0.5, 1.0, 7.0):
            found = dfpn(game, state, first_guess=guess)
            assert (found.value, found.exact) == (expected.value, True)


@pytest.mark.parametrize("guess", [math.nan, math.inf, -math.inf, 10**400, "0", True])
def test_a_first_guess_must_be_a_finite_number(guess: Any) -> None:
    # as mtdf's: 10**400 raised a bare OverflowError, inf was taken (the adversary's walk)
    for searcher in (dfpn, mtdf):
        with pytest.raises(InvalidSearchOptionError, match="first_guess must be a finite"):
            searcher(TicTacToe(), first_guess=guess)


class _Pile:
    """A Nim pile that compares by identity (no ``__eq__`` or ``__hash__``): a beginner's state."""

    __slots__ = ("player", "sticks")

    def __init__(self, sticks: int, player: int) -> None:
        self.sticks, self.player = sticks, player


class _IdentityNim:
    """Nim (take 1-3, the last stick wins) over states that compare by identity."""

    num_players = 2

    def __init__(self, sticks: int) -> None:
        self.sticks = sticks

    def initial_state(self) -> _Pile:
        return _Pile(self.sticks, 0)

    def to_move(self, state: _Pile) -> int:
        return state.player

    def actions(self, state: _Pile) -> list[int]:
        return [take for take in (1, 2, 3) if take <= state.sticks]

    def result(self, state: _Pile, action: int) -> _Pile:
        return _Pile(state.sticks - action, 1 - state.player)

    def is_terminal(self, state: _Pile) -> bool:
        return state.sticks == 0

    def utility(self, state: _Pile, player: int) -> float:
        return 1.0 if player == 1 - state.player else -1.0


@pytest.mark.parametrize("sticks", [5, 6, 7, 9, 10, 11])
def test_dfpn_says_why_it_cannot_name_the_move_of_states_that_compare_by_identity(
    sticks: int,
) -> None:
    # The adversary's walk (2026-12-03): with states that compare by identity, its table never
    # found a child again, and dfpn answered a won position with the first move, exact=True.
    with pytest.raises(GameProtocolError, match="made twice gives two states that differ"):
        dfpn(_IdentityNim(sticks))
