"""pns and dfpn on the 7x6 Connect Four positions the exact solver scores (issue 38).

The solver's position sets (``bench/bench_c4_solver.py``, ``bench/bench_pns_connect_four.py``)
are random legal games scored to Pascal Pons's exact score by ``mtdf``: above 0 the player to
move wins, below 0 loses, 0 a draw. A proof search proves the win, the loss or the draw, so
the sign of its proven value must be the sign of the score. Positions of 24 stones and more
keep each proof to a few thousand nodes.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch import mtdf
from gamesearch.games import ConnectFour
from gamesearch.proofs import dfpn, pns

GAME = ConnectFour()


def random_game(stones: int, rng: random.Random) -> int:
    """The position after up to ``stones`` random legal moves, stopping before one that ends it."""
    state = GAME.initial_state()
    for _ in range(stones):
        child = GAME.result(state, rng.choice(GAME.actions(state)))
        if GAME.is_terminal(child):
            break
        state = child
    return state


def sign(value: float) -> int:
    """-1, 0 or 1 as ``value`` is below, at or above 0."""
    return (value > 0) - (value < 0)


@pytest.mark.slow
@pytest.mark.parametrize("prover", [dfpn, pns])
@settings(max_examples=12, deadline=None)
@given(stones=st.integers(24, 34), rng=st.randoms(use_true_random=False))
def test_the_proven_sign_is_the_sign_of_pons_s_score(
    prover: Any, stones: int, rng: random.Random
) -> None:
    state = random_game(stones, rng)
    score = GAME.pons_score(state, mtdf(GAME, state))
    proven = prover(GAME, state)
    assert proven.exact
    assert sign(proven.value) == sign(score)
    assert proven.value_range == (proven.value, proven.value)
