"""How far a proven win is: questions with a depth against a brute-force count of plies.

``win_distance`` proves the fewest plies in which the player to move forces a win by asking
"a win within n plies?" for growing n (:mod:`gamesearch.proofs._within`). The reference here
tries every line to each depth.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamesearch import InvalidSearchOptionError, UnsupportedGameError
from gamesearch.capabilities import Capabilities
from gamesearch.games import Hex, Nim, TicTacToe
from gamesearch.proofs import dfpn, pns
from gamesearch.proofs._within import WithinPlies, win_distance

PROVERS = [pns, dfpn]


def wins_within(game: Any, state: Any, attacker: int, plies: int) -> bool:
    """Whether ``attacker`` forces a win from ``state`` in at most ``plies`` plies."""
    if game.is_terminal(state):
        return bool(game.utility(state, attacker) == game.win_utility)
    if plies == 0:
        return False
    outcomes = (
        wins_within(game, game.result(state, action), attacker, plies - 1)
        for action in game.actions(state)
    )
    return any(outcomes) if game.to_move(state) == attacker else all(outcomes)


def brute_distance(game: Any, state: Any, most: int) -> int | None:
    """The fewest plies of a forced win for the player to move, trying every line."""
    attacker = game.to_move(state)
    return next((n for n in range(1, most + 1) if wins_within(game, state, attacker, n)), None)


BOARDS = [
    "XX. / OO. / ...",
    "XO. / .X. / ..O",
    "XO. / ... / ...",
    "X.. / .O. / ..X",
    "... / ... / ...",
]
"""Tic-tac-toe positions: X wins at once, in three plies, in five (a fork after a corner);
O to move cannot win against X's corners, nor can X on the empty board (a draw)."""


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@pytest.mark.parametrize("board", BOARDS)
def test_the_win_distance_in_tic_tac_toe_is_the_fewest_plies_of_a_forced_win(
    prover: Any, board: str
) -> None:
    game = TicTacToe()
    state = game.parse(board)
    found = win_distance(prover, game, state, most=5)
    expected = brute_distance(game, state, 5)
    assert found.settled
    assert found.plies == expected
    if expected is not None:
        after = game.result(state, found.action)
        assert wins_within(game, after, game.to_move(state), expected - 1)


def test_a_cut_line_is_a_loss_for_the_attacker_and_the_game_s_win_a_win() -> None:
    game = TicTacToe()
    cut = WithinPlies(game, game.parse("XX. / OO. / ..."), 1)
    won = cut.result(cut.initial_state(), 2)
    not_yet = cut.result(cut.initial_state(), 8)
    assert cut.is_terminal(won)
    assert cut.is_terminal(not_yet)
    assert (cut.utility(won, 0), cut.utility(not_yet, 0), cut.utility(not_yet, 1)) == (
        1.0,
        -1.0,
        1.0,
    )


def test_a_question_stopped_at_its_node_limit_leaves_the_distance_unsettled() -> None:
    game = TicTacToe()
    found = win_distance(dfpn, game, game.initial_state(), most=9, node_limit=50)
    assert (found.plies, found.settled) == (None, False)


def test_bad_counts_and_a_game_without_win_utility_are_refused() -> None:
    game = TicTacToe()
    with pytest.raises(InvalidSearchOptionError, match="most"):
        win_distance(dfpn, game, game.initial_state(), most=0)
    with pytest.raises(InvalidSearchOptionError, match="step"):
        win_distance(dfpn, game, game.initial_state(), most=3, step=0)
    with pytest.raises(InvalidSearchOptionError, match="plies"):
        WithinPlies(game, game.initial_state(), None)  # type: ignore[arg-type]
    with pytest.raises(UnsupportedGameError, match="win_utility"):
        WithinPlies(Nim((1, 2)), Nim((1, 2)).initial_state(), 3)


def test_a_question_within_plies_does_not_take_the_game_s_must_play() -> None:
    # A move outside Hex's must-play region loses, but perhaps after the cut: not a loss here.
    game = Hex(4)
    state = game.result(0, "d1")
    assert len(game.must_play(state)) < len(game.actions(state))
    assert Capabilities.of(WithinPlies(game, state, 3)).must_play is None
