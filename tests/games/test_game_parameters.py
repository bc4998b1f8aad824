"""Every bundled game refuses a size out of range with the same words (_parameters.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gamesearch.games import ConnectFour, Hog, Pig, TicTacToe
from gamesearch.imperfect import KuhnPoker, OhHell


@pytest.mark.parametrize(
    ("make", "options", "message"),
    [
        (Pig, {"goal": 0}, "Pig: goal must be an int from 1 to 100,000, got 0"),
        (Pig, {"die_sides": 1001}, "Pig: die_sides must be an int from 2 to 1,000, got 1001"),
        (Hog, {"goal": 2.5}, "Hog: goal must be an int from 1 to 100,000, got 2.5"),
        (Hog, {"turns": True}, "Hog: turns must be an int from 1 to 1,000, got True"),
        (ConnectFour, {"width": "7"}, "ConnectFour: width must be an int from 1 to 16, got '7'"),
        (ConnectFour, {"height": 17}, "ConnectFour: height must be an int from 1 to 16, got 17"),
        (TicTacToe, {"size": 0}, "TicTacToe: size must be an int from 1 to 16, got 0"),
        (OhHell, {"suits": 5}, "OhHell: suits must be an int from 1 to 4, got 5"),
        (KuhnPoker, {"players": 11}, "KuhnPoker: players must be an int from 2 to 10, got 11"),
    ],
)
def test_a_size_out_of_range_is_refused_by_name_with_its_range(
    make: Any, options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        make(**options)
