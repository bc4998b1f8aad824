"""The conformance checker catches a key that merges states of different values (issue 45).

A ``key`` that leaves out a past that decides the value (a documented misuse: a chess engine's
Zobrist key, where a repetition ends the game) made df-pn prove a false value with
``exact=True`` while ``check_game`` passed. Where it walks every state, the checker now works
out every state's value by itself and finds two states of one key with different values (or
players to move): every false proof below is caught, and no sound key is blamed.
"""

from __future__ import annotations

import random

import pytest
from test_cycles import PositionKeyed, Superko, textbook_ghi

from gamesearch import CyclicGameError, GameProtocolError, alphabeta
from gamesearch.conformance import check_game
from gamesearch.games import Hex
from gamesearch.proofs import dfpn


def test_the_textbook_graph_history_interaction_is_caught() -> None:
    game = PositionKeyed(textbook_ghi())
    assert dfpn(game).value != alphabeta(textbook_ghi()).value  # the false proof
    with pytest.raises(GameProtocolError, match=r"key\(\('D', frozenset") as found:
        check_game(game, utility_anywhere=True)
    assert "their values (player 0's, under best play) are 1.0 and -1.0" in str(found.value)


def _superko(rng: random.Random) -> Superko:
    positions = "ABCDEFG"[: rng.randint(3, 7)]
    movers = {p: rng.randint(0, 1) for p in positions}
    arrows = {
        p: tuple(rng.sample(positions, rng.randint(1, min(3, len(positions)))))
        for p in positions
    }
    return Superko(movers, arrows)


@pytest.mark.slow
def test_every_false_proof_of_a_key_that_forgets_the_past_is_caught() -> None:
    rng = random.Random(45)  # chosen by nothing: 8 false proofs in the 300 games
    false = 0
    for _ in range(300):
        game = _superko(rng)
        keyed = PositionKeyed(game)
        try:
            proven = dfpn(keyed)
        except CyclicGameError:
            continue
        check_game(game, utility_anywhere=True)  # the whole state as the key: sound, passes
        if proven.exact and proven.value != alphabeta(game).value:
            false += 1
            with pytest.raises(GameProtocolError, match=r"key\(.*\) is .*, as for"):
                check_game(keyed, utility_anywhere=True)
    assert false >= 3


def test_a_false_proof_of_a_key_that_forgets_the_past_is_caught() -> None:
    rng = random.Random(45)
    for _ in range(135):  # the 135th game of this generator: dfpn proves a false value
        game = _superko(rng)
    keyed = PositionKeyed(game)
    assert dfpn(keyed).value != alphabeta(game).value
    with pytest.raises(GameProtocolError, match=r"key\(.*\) is .*, as for"):
        check_game(keyed, utility_anywhere=True)
    check_game(game, utility_anywhere=True)


def test_a_key_of_symmetries_is_sound() -> None:
    # Hex's key merges a position with its half-turn; tic-tac-toe's (test_conformance) its
    # rotations and reflections: states of equal value.
    assert check_game(Hex(2)).exhaustive
