"""Ties: every exact searcher returns the first of equally good actions in ``actions()`` order.

The rule of docs/getting-started.md, checked across ``minimax``, ``alphabeta``, ``negamax``,
``mtdf`` and ``solve(...).best_actions()[0]`` on tic-tac-toe, 4 x 4 Connect Four and random
trees. "Equally good" is judged as each searcher compares values: on a game with
``win_utility`` the engine (``mtdf``) and ``solve`` rank a sooner win above a later one and a
later loss above a sooner one, where the plain loops see only the value; so in a won or lost
position the plain loops agree with each other, and ``mtdf`` with ``solve``; in a drawn one,
all agree. ``iterative_deepening`` keeps the rule where wins are ranked by distance
(``win_utility``); without it, its first proof is the fastest win, as its docstring says.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

import pytest
from hypothesis import given

from gamesearch import alphabeta, iterative_deepening, minimax, mtdf, negamax, solve
from gamesearch.games import ConnectFour, GameTree, TicTacToe
from gamesearch.testing import game_trees

TICTACTOE = TicTacToe()
CONNECT4 = ConnectFour(width=4, height=4)


def positions(game: Any, plies: int) -> Iterator[Any]:
    """The distinct non-terminal states ``plies`` moves from the start (by ``game.key``)."""
    layer, seen = [game.initial_state()], set()
    for _ in range(plies):
        layer = [game.result(state, action) for state in layer for action in game.actions(state)]
    for state in layer:
        if not game.is_terminal(state) and game.key(state) not in seen:
            seen.add(game.key(state))
            yield state


def check_ties(game: Any, state: Any, *, plain: bool = True) -> None:
    """The searchers' actions at ``state`` agree as the rule says (see the module's docstring)."""
    first = solve(game, state).best_actions(state)[0]
    exact = mtdf(game, state)
    assert exact.action == first
    assert exact.pv[0] == first
    end, mover = state, game.to_move(state)
    for action in exact.pv:  # the principal variation is a legal line that keeps the value
        end = game.result(end, action)
    if game.is_terminal(end):
        assert game.utility(end, mover) == exact.value
    if not plain:
        return
    plain_actions = {alphabeta(game, state).action, negamax(game, state).action}
    plain_actions.add(minimax(game, state).action)
    assert len(plain_actions) == 1
    if exact.value == 0:  # a draw: no distance to rank by, one notion of equally good
        assert plain_actions == {first}


def test_tictactoe_from_the_start() -> None:
    # Every opening draws: the first square, 0 (mtdf answered 4, the table's centre-first order).
    assert mtdf(TICTACTOE).action == 0
    assert solve(TICTACTOE).best_actions(TICTACTOE.initial_state())[0] == 0
    assert alphabeta(TICTACTOE).action == negamax(TICTACTOE).action == 0


@pytest.mark.slow
@pytest.mark.parametrize("plies", [2, 3, 5])
def test_tictactoe_positions(plies: int) -> None:
    for state in positions(TICTACTOE, plies):
        check_ties(TICTACTOE, state)


def test_mtdf_names_an_action_when_the_root_wins_at_once() -> None:
    # The last null window sits above a win in one ply; mate-distance pruning answered it at the
    # root without a line, and mtdf returned the action None.
    state = TICTACTOE.parse("XO. / XO. / ...")
    result = mtdf(TICTACTOE, state)
    assert (result.action, result.value, result.plies_to_end) == (6, 1.0, 1)
    assert result.pv == (6,)


@pytest.mark.slow
def test_connect_four_positions() -> None:
    for state in islice(positions(CONNECT4, 9), 6):
        check_ties(CONNECT4, state)


@pytest.mark.slow
@pytest.mark.parametrize("plies", [6, 8])
def test_connect_four_earlier_positions(plies: int) -> None:
    for state in positions(CONNECT4, plies):
        check_ties(CONNECT4, state)


@pytest.mark.slow
def test_connect_four_from_the_start() -> None:
    # minimax and the plain loops would take minutes here: the engine and solve only.
    for state in [CONNECT4.initial_state(), *positions(CONNECT4, 2)]:
        check_ties(CONNECT4, state, plain=False)


@given(game_trees(max_depth=4, max_branching=3))
def test_random_trees(tree: GameTree) -> None:
    # No win_utility: every searcher compares values alone, but solve, which ranks a value
    # above the draw (0) as a win by its distance, ties with the others in a drawn root only.
    root = tree.initial_state()
    if tree.is_terminal(root):
        return
    reference = minimax(tree)
    assert alphabeta(tree).action == negamax(tree).action == reference.action
    assert mtdf(tree).action == reference.action
    if reference.value == 0:
        assert solve(tree).best_actions(root)[0] == reference.action


@pytest.mark.slow
def test_iterative_deepening_keeps_the_rule() -> None:
    # It tries the table's move and the game's order first; once a value is proven, with
    # win_utility's distances, it tests the earlier actions as mtdf does.
    assert iterative_deepening(TICTACTOE).action == 0
    for plies in (2, 3, 5):
        for state in positions(TICTACTOE, plies):
            first = solve(TICTACTOE, state).best_actions(state)[0]
            assert iterative_deepening(TICTACTOE, state).action == first
    for state in islice(positions(CONNECT4, 9), 6):
        assert iterative_deepening(CONNECT4, state).action == mtdf(CONNECT4, state).action
