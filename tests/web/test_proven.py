"""A depth-limited search's win is proven when every line that keeps it ends in a finished game."""

from __future__ import annotations

from typing import Any

from gamesearch import alphabeta
from gamesearch.web._positions import position_of
from gamesearch.web._proven import proven_at_depth


def test_a_win_in_one_found_at_depth_three_is_proven() -> None:
    where = position_of("connect4", "", "0,3,0,3,1,3,6")  # O has three in column 3
    found = alphabeta(where.game, where.state, depth=3)
    assert (found.value, found.exact) == (1.0, False)  # the evaluation scored other lines
    assert proven_at_depth(where, found).exact


def test_a_loss_that_cannot_be_escaped_is_proven() -> None:
    where = position_of("connect4", "", "6,2,6,3,0,4")  # O's open three: X blocks one end
    found = alphabeta(where.game, where.state, depth=3)
    assert (found.value, found.exact) == (-1.0, False)
    assert proven_at_depth(where, found).exact


def test_a_win_an_evaluation_claims_is_not_proven() -> None:
    where = position_of("tictactoe", "", "4")
    mover = where.game.to_move(where.state)

    def boastful(state: Any, player: int) -> float:
        """Every unfinished position a win for the side to move here: a guess."""
        return 1.0 if player == mover else -1.0

    found = alphabeta(where.game, where.state, depth=1, evaluate=boastful)
    assert found.value == 1.0
    assert not found.exact
    assert not proven_at_depth(where, found).exact


def test_a_value_other_than_a_win_or_loss_is_left_as_it_is() -> None:
    where = position_of("connect4", "", "3,3,4")
    found = alphabeta(where.game, where.state, depth=2)
    assert abs(found.value) < 1
    assert proven_at_depth(where, found) is found
