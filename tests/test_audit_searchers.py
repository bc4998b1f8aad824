"""The searchers' audit (issue 26, part 2): each fault found, then every searcher x game.

A game that breaks the ``Game`` protocol gets a :class:`~gamesearch.GameSearchError` that
names what it did wrong, from every searcher: never a raw ``OverflowError``, ``IndexError`` or
``TypeError``, and never an answer (least of all a wrong one that claims to be exact).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import pytest
from helpers import (
    MISBEHAVIOURS,
    MOVER_DUTY,
    Countdown,
    Misbehaving,
    TakeAway,
    best_action,
    caused_by,
    duty,
    rows_accepting,
    search_by_row,
)

from gamesearch import (
    GameProtocolError,
    GameSearchError,
    InvalidUtilityError,
    TranspositionTable,
    alphabeta,
    iterative_deepening,
    mcts,
    minimax,
    mtdf,
    solve,
)
from gamesearch.cli import main
from gamesearch.games import ConnectFour, GameTree
from gamesearch.trace import SearchTree

# 1. A result that changes the state it is given: iterative deepening answered wrongly.


class ListTakeAway(TakeAway):
    """Take-away with list states (hashed by ``key``) whose ``result`` changes its input."""

    def initial_state(self) -> Any:
        return [self.stones, 0]

    def key(self, state: Any) -> Any:
        return tuple(state)

    def result(self, state: Any, action: Any) -> Any:
        state[0] -= action
        state[1] = 1 - state[1]
        return state


def test_the_sound_take_away_game_is_won_by_taking_two_of_five():
    result = iterative_deepening(TakeAway(5))
    assert (result.value, result.action, result.exact) == (1.0, 2, True)


def test_iterative_deepening_refuses_a_result_that_changes_its_state():
    # It answered 1 with exact=True (only 2 wins): its table was keyed by corrupted states.
    with pytest.raises(GameProtocolError, match=r"result\(state, action\) changed the state"):
        iterative_deepening(ListTakeAway(5))


@pytest.mark.parametrize("method", ["memo", "retrograde"])
def test_solve_refuses_a_result_that_changes_its_state(method):
    # Retrograde analysis returned a table of the corrupted states.
    with pytest.raises(GameProtocolError, match=r"result\(state, action\) changed the state"):
        solve(ListTakeAway(5), method=method)


def test_iterative_deepening_on_a_sound_game_with_list_states():
    class Sound(ListTakeAway):
        def result(self, state: Any, action: Any) -> Any:
            return [state[0] - action, 1 - state[1]]

    result = iterative_deepening(Sound(5))
    assert (result.value, result.action, result.exact) == (1.0, 2, True)


# 2. Infinite utilities: an OverflowError from the engine's distance scores; now refused.

INFINITY_SEARCHERS: dict[str, Callable[[Any], Any]] = {
    **{row.name: functools.partial(search_by_row, row) for row in rows_accepting(2)},
    "traced alphabeta": lambda game: alphabeta(game, trace=SearchTree(game)),
}
"""Every searcher of the registry that takes a two-player game (mtdf, iterative_deepening,
parallel_search and the traced alphabeta raised OverflowError; minimax returned inf)."""


@pytest.mark.parametrize("name", list(INFINITY_SEARCHERS))
@pytest.mark.parametrize("leaf", [math.inf, -math.inf])
def test_an_infinite_utility_is_refused(name, leaf):
    # mtdf, iterative_deepening, parallel_search and the traced alphabeta raised OverflowError.
    with pytest.raises(GameSearchError) as info:
        INFINITY_SEARCHERS[name](GameTree([[leaf, 2], [3]]))
    assert caused_by(info.value, InvalidUtilityError, "must be a finite number")


def test_an_infinite_evaluation_is_refused():
    for search in (alphabeta, iterative_deepening, mtdf, minimax):
        with pytest.raises(InvalidUtilityError, match=r"evaluate\(state, \d\) returned inf"):
            search(Countdown(6), depth=2, evaluate=lambda state, player: math.inf)


class InfiniteDraw(ConnectFour):
    """Connect Four on a small board whose draws are worth +inf: the exact solver's path."""

    def utility(self, state: Any, player: int) -> float:
        value = super().utility(state, player)
        return math.inf if value == 0 else value


@pytest.mark.parametrize(
    "search",
    [iterative_deepening, lambda game: alphabeta(game, table=TranspositionTable())],
    ids=["iterative_deepening", "alphabeta+table"],
)
def test_the_exact_solver_refuses_an_infinite_utility(search):
    # Games with win_utility and non_losing_children are solved by null-window probes, which
    # read no value but wins and losses closely: 3x3 raised OverflowError, 4x4 answered 1.0.
    with pytest.raises(InvalidUtilityError, match=r"returned inf .* must be a finite"):
        search(InfiniteDraw(3, 3))


def test_the_tree_command_refuses_an_infinite_leaf_in_one_line(capsys):
    try:
        status = main(["tree", "[1e999, 2]"])
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    captured = capsys.readouterr()
    assert status == 2  # bad input, as every other bad TREE
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "TREE: utility(state, 0) returned inf" in captured.err


def test_a_huge_int_utility_is_refused_before_it_overflows_a_float():
    with pytest.raises(InvalidUtilityError, match="finite"):
        solve(Misbehaving("utility", 10**400))


# 3. and 4. solve: players out of range, utilities that are not numbers.


@pytest.mark.parametrize("method", ["memo", "auto", "retrograde"])
@pytest.mark.parametrize("mover", [5, -3, None, "x"])
def test_solve_refuses_a_player_to_move_out_of_range(method, mover):
    with pytest.raises(GameProtocolError, match=rf"to_move\(.*\) returned {mover!r}"):
        solve(Misbehaving("to_move", mover), method=method)


@pytest.mark.parametrize("method", ["memo", "auto", "retrograde"])
@pytest.mark.parametrize(
    ("value", "message"),
    [(None, r"None \(NoneType\)"), ("1", r"'1' \(str\)"), (True, r"True \(bool\)")],
)
def test_solve_refuses_a_utility_that_is_not_a_number(method, value, message):
    # None raised a raw TypeError; "1" was taken as 1.0. A bool is refused, as by every searcher.
    with pytest.raises(InvalidUtilityError, match=rf"utility\(state, 0\) returned {message}"):
        solve(Misbehaving("utility", value), method=method)


class OddTerminalMover(TakeAway):
    """A sound take-away game, except that ``to_move`` says 5 at terminal states.

    The protocol asks nothing of ``to_move`` at a terminal state (the searchers never read it
    there), but retrograde analysis read it, and took player 5 for player 1.
    """

    def to_move(self, state: Any) -> Any:
        return 5 if state[0] == 0 else state[1]


def test_retrograde_analysis_does_not_read_the_mover_of_a_terminal_state():
    # It gave (4, 1) and (3, 0) the opposite of their values.
    game = OddTerminalMover(5)
    states = [(stones, mover) for stones in range(1, 6) for mover in (0, 1)]
    memo = solve(game, roots=states, method="memo")
    retro = solve(game, roots=states, method="retrograde")
    for state in states:
        expected = minimax(TakeAway(), state).value  # for the player to move, as value() gives
        assert memo.value(state) == retro.value(state) == expected


# 5. mcts: a raw IndexError from a player to move out of range.


@pytest.mark.parametrize("mover", [5, -3, 2, None, "x", 1.5, True])
@pytest.mark.parametrize("where", ["below the root", "at the root"])
def test_mcts_refuses_a_player_to_move_out_of_range(mover, where):
    class Bad(TakeAway):
        def to_move(self, state: Any) -> Any:
            at_root = state[0] == self.stones
            return mover if at_root == (where == "at the root") else state[1]

    with pytest.raises(GameProtocolError, match=r"to_move\(.*\) returned"):
        mcts(Bad(4), iterations=50, rng=1)


# Every searcher against every misbehaving game.


SEARCHERS: dict[str, Callable[[Any], Any]] = {
    **{row.name: functools.partial(search_by_row, row) for row in rows_accepting(2)},
    "solve memo": lambda game: solve(game, method="memo"),
    "solve retrograde": lambda game: solve(game, method="retrograde"),
}
"""Every searcher of the registry that takes a two-player game, and the table solver's methods."""

EXPECTED = {"utility": InvalidUtilityError}
"""The error each kind of fault gets; GameProtocolError for the others."""

KNOWN_GAPS: dict[tuple[str, str], str] = {}
"""Misbehaviours a searcher still answers wrongly, each a strict expected failure: when one is
mended, its test passes and fails as unexpected, and its line here goes."""


def _case(misbehaviour: str, name: str) -> Any:
    gap = KNOWN_GAPS.get((misbehaviour, name))
    marks = [] if gap is None else [pytest.mark.xfail(reason=gap, strict=True)]
    return pytest.param(misbehaviour, name, marks=marks, id=f"{misbehaviour}-{name}")


@pytest.mark.parametrize("name", list(SEARCHERS))
def test_every_searcher_answers_the_sound_game(name):
    assert best_action(SEARCHERS[name](TakeAway(4)), TakeAway(4)) == 1  # leave 3: the only win


@pytest.mark.parametrize(
    ("misbehaviour", "name"),
    [_case(misbehaviour, name) for name in SEARCHERS for misbehaviour in MISBEHAVIOURS],
)
def test_a_misbehaving_game_gets_a_library_error_from_every_searcher(misbehaviour, name):
    fault, bad = MISBEHAVIOURS[misbehaviour]
    with (
        duty(
            f"a game whose {fault} misbehaves ({misbehaviour}) gets a library error: {MOVER_DUTY}; "
            "_validation.translate for a member that raises or returns the wrong kind"
        ),
        pytest.raises(GameSearchError) as info,
    ):
        SEARCHERS[name](Misbehaving(fault, bad))
    assert caused_by(info.value, EXPECTED.get(fault, GameProtocolError))
