"""An opening book of more plies than the game lasts stops where the game does (issue 45).

``opening_book(TicTacToe(), plies=10**9)`` never returned: it made a layer of positions for
every ply asked, long after every line had ended.
"""

from __future__ import annotations

import pytest

from gamesearch.games import Nim, TicTacToe
from gamesearch.solving import Solution, opening_book


def test_a_book_of_a_billion_plies_is_the_book_of_the_whole_game() -> None:
    game = Nim((1, 2), players=2)
    whole = opening_book(game, plies=10**9)
    assert whole.plies == 10**9  # what was asked, as asked
    assert _entries(whole) == _entries(opening_book(game, plies=3))


def _entries(book: Solution) -> dict[object, tuple[float, int | None]]:
    return {key: (book.value(key, 0), book.distance(key)) for key in book}


def test_a_split_below_the_last_ply_splits_at_the_last() -> None:
    game = Nim((1, 2), players=2)
    split = opening_book(game, plies=10**9, split_ply=10**8)
    assert _entries(split) == _entries(opening_book(game, plies=3))


@pytest.mark.slow
def test_tic_tac_toe_to_a_billion_plies_is_every_position() -> None:
    assert len(opening_book(TicTacToe(), plies=10**9)) == 5478
