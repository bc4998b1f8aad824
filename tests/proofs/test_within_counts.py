"""A win distance asked up to a billion plies stops where the game does (issue 45)."""

from __future__ import annotations

import pytest

from gamesearch.games import TicTacToe
from gamesearch.proofs import dfpn, pns
from gamesearch.proofs._within import win_distance


@pytest.mark.parametrize(
    "prover", [pytest.param(pns, marks=pytest.mark.slow), dfpn], ids=lambda prover: prover.__name__
)
def test_no_win_within_a_billion_plies_is_settled_when_the_game_ends(prover) -> None:
    # It asked n = 1, 2, ... up to most, each question disproven again after the game's end.
    game = TicTacToe()
    found = win_distance(prover, game, game.initial_state(), most=10**9)
    assert (found.plies, found.settled) == (None, True)
    assert found.questions <= 9  # no line of tic-tac-toe is longer
