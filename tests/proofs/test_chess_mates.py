"""The chess adapter's mate problems, proven by df-pn, with their distances.

A proof says the attacker wins, not how soon: the distance is proven by questions with a
depth ("a mate within n plies?", :mod:`gamesearch.proofs._within`), the first proven after
every shorter one is disproven. The problems' keys and distances are the data file's, each
checked there by brute force over python-chess alone. Their lines repeat positions, which
the adapter's ``solving_key`` keeps apart by their past (``tests/proofs/test_cycles.py``
has the graph-history interaction that a table keyed by the position alone would fall into).
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("chess", reason="needs python-chess: pip install 'gamesearch[chess]'")

from helpers import mate_puzzles

from gamesearch.adapters import ChessGame  # after the skip: needs python-chess
from gamesearch.proofs import dfpn, pns
from gamesearch.proofs._within import win_distance

FAST = {"d5f6", "g2g1", "d5g8", "a1a6", "c4f7", "b3b8", "d5d8"}
"""The keys of the problems proven with their distances in about half a second: the mates in
two. The mates in three take 1 to 5 s."""

LONGEST = 5
"""The most plies asked about: a mate in three."""


def params() -> list[Any]:
    return [
        pytest.param(
            puzzle.fen,
            puzzle.moves,
            puzzle.key,
            id=f"mate{puzzle.moves}-{puzzle.key}",
            marks=[] if puzzle.key in FAST else [pytest.mark.slow],
        )
        for puzzle in mate_puzzles()
    ]


@pytest.mark.parametrize(("fen", "moves", "key"), params())
def test_dfpn_proves_each_mate_problem_won_and_its_distance_by_questions_with_a_depth(
    fen: str, moves: int, key: str
) -> None:
    game = ChessGame(fen)
    proof = dfpn(game)
    assert (proof.value, proof.exact) == (1.0, True)
    distance = win_distance(dfpn, game, game.initial_state(), most=LONGEST, step=2)
    assert distance.settled
    assert (distance.plies, game.move_to_uci(distance.action)) == (2 * moves - 1, key)


@pytest.mark.parametrize("prover", [pns, dfpn], ids=lambda p: p.__name__)
def test_morphys_mate_in_two_is_proven_though_its_lines_repeat_positions(prover: Any) -> None:
    # Ra6 bxa6 b7#: the defence's bishop and king shuffle, so positions come again on lines
    # of the search. Keyed by the position alone, dfpn refused them as cycles.
    game = ChessGame("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1")
    result = prover(game)
    assert (result.value, result.exact, game.move_to_uci(result.action)) == (1.0, True, "a1a6")
