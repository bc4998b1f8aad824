"""Hex's openings classified by the proof searchers as a reference held out from the code says.

``tests/data/hex_openings.json`` records X's result after each opening of 5x5 and 6x6: 5x5's
thirteen winning openings as issue 50 gives them (two independent solvers, before Hex had its
knowledge), 6x6's as Benzene's solver classified them, with how it was run. Nothing in the
library produced it: a wrong ``proven_value``, ``must_play`` or ``inferior_moves`` that
changed a class would show here. ``bench/bench_pns.py`` compares all 36 openings of 6x6 with
it; the test takes the few it proves quickly.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gamesearch import dfpn, pns
from gamesearch.games import Hex

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "hex_openings.json"


def reference(board: str) -> dict[str, str]:
    """X's result after each opening of ``board`` ("5x5"), ``won`` or ``lost``, as recorded."""
    entry = json.loads(REFERENCE.read_text(encoding="utf-8"))["boards"][board]
    return {
        opening: x_result for x_result in ("won", "lost") for opening in entry[x_result].split()
    }


def x_result(prover: Any, game: Hex, opening: str) -> str:
    """X's result after ``opening`` as ``prover`` proves it, with O to move."""
    proven = prover(game, game.result(game.initial_state(), opening))
    assert proven.exact, opening
    return "won" if proven.value < 0 else "lost"  # the value is O's, who moves


def test_the_reference_gives_every_opening_one_class() -> None:
    for size in (5, 6):
        classes = reference(f"{size}x{size}")
        assert sorted(classes) == sorted(Hex(size).actions(0))
    won = [opening for opening, found in reference("5x5").items() if found == "won"]
    thirteen = ["e1", "b2", "c2", "d2", "e2", "b3", "c3", "d3", "a4", "b4", "c4", "d4", "a5"]
    assert won == thirteen  # issue 50's


@pytest.mark.slow
@pytest.mark.parametrize("prover", [dfpn, pns], ids=["dfpn", "pns"])
def test_every_five_by_five_opening_is_classified_as_the_reference_says(prover: Any) -> None:
    game = Hex(5)
    found = {opening: x_result(prover, game, opening) for opening in game.actions(0)}
    assert found == reference("5x5")


@pytest.mark.slow
@pytest.mark.parametrize("opening", ["a1", "d1", "c4", "b6", "f6"])
def test_six_by_six_openings_are_classified_as_the_reference_says(opening: str) -> None:
    assert x_result(dfpn, Hex(6), opening) == reference("6x6")[opening]
