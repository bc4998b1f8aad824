"""pns and dfpn on the 7x6 Connect Four positions the exact solver scores (issue 38).

The solver's position sets (``bench/bench_c4_solver.py``, ``bench/bench_pns_connect_four.py``)
are random legal games scored to Pascal Pons's exact score by ``mtdf``: above 0 the player to
move wins, below 0 loses, 0 a draw. A proof search proves the win, the loss or the draw, so
the sign of its proven value must be the sign of the score.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamesearch import mtdf
from gamesearch.games import ConnectFour
from gamesearch.proofs import dfpn, pns

GAME = ConnectFour()
STONES = (24, 26, 28, 30)
"""The positions' stones: late enough in the game that no proof takes more than some thousands
of nodes."""


def scored_set_position(stones: int, rng: random.Random) -> int:
    """A position as the solver's sets draw them.

    ``stones`` random legal moves, the game not over and no column winning at once for the
    player to move (else another game is drawn).
    """
    while True:
        state = GAME.initial_state()
        for _ in range(stones):
            state = GAME.result(state, rng.choice(GAME.actions(state)))
            if GAME.is_terminal(state):
                break
        else:
            if all(GAME.winner(GAME.result(state, a)) is None for a in GAME.actions(state)):
                return state


def sign(value: float) -> int:
    """-1, 0 or 1 as ``value`` is below, at or above 0."""
    return (value > 0) - (value < 0)


@pytest.mark.slow
@pytest.mark.parametrize("prover", [dfpn, pns])
@pytest.mark.parametrize("seed", range(8))
def test_the_proven_sign_is_the_sign_of_pons_s_score(prover: Any, seed: int) -> None:
    state = scored_set_position(STONES[seed % len(STONES)], random.Random(seed))
    score = GAME.pons_score(state, mtdf(GAME, state))
    proven = prover(GAME, state)
    assert proven.exact
    assert sign(proven.value) == sign(score)
    assert proven.value_range == (proven.value, proven.value)
