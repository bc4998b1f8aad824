"""BlindSearchWarning: a depth-limited search with no evaluation says it chose blind."""

from __future__ import annotations

import warnings

import pytest

from gamesearch import (
    BlindSearchWarning,
    iterative_deepening,
    play,
    random_player,
    searcher_player,
)
from gamesearch.games import ConnectFour, TicTacToe


def caught(action, *, simple="always"):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter(simple)
        action()
    return [w for w in seen if issubclass(w.category, BlindSearchWarning)]


@pytest.mark.parametrize("limit", [{"depth": 2}, {"node_limit": 200}, {"time_limit": 0.01}])
def test_a_limit_that_stops_a_search_without_evaluation_warns(limit):
    # Before: no word; every position at the limit counted 0.
    with pytest.warns(BlindSearchWarning, match=r"TicTacToe has no evaluate method.*evaluate="):
        result = iterative_deepening(TicTacToe(size=4), **limit)
    assert not result.exact


def test_an_evaluation_or_a_proof_gives_no_warning():
    game = TicTacToe(size=4)
    assert not caught(lambda: iterative_deepening(game, depth=2, evaluate=lambda s, p: 0.0))
    assert not caught(lambda: iterative_deepening(ConnectFour(5, 4), depth=2))  # its own evaluate
    assert not caught(lambda: iterative_deepening(TicTacToe(), depth=9))  # proven to the end
    won = game.parse("XXX. / OOO. / .... / ....")  # X wins at once: proven at depth 1
    assert not caught(lambda: iterative_deepening(game, won, depth=1))


def test_a_blind_player_is_warned_about_once_a_game_not_once_a_move():
    blind = searcher_player(iterative_deepening, depth=1)
    found = caught(
        lambda: play(TicTacToe(size=4), [blind, random_player(seed=0)], seed=0), simple="default"
    )
    assert len(found) == 1
    assert "evaluate=" in str(found[0].message)


def test_the_warning_can_be_filtered():
    def search():
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", category=BlindSearchWarning)
            iterative_deepening(TicTacToe(size=4), depth=1)

    assert not caught(search)


def test_the_warning_points_at_the_users_call():
    # The user's walk (2026-12-02): it named a line of gamesearch/_faults.py (the wrapper every
    # searcher has), so a student could not tell which of their lines it was about.
    found = caught(lambda: iterative_deepening(TicTacToe(size=4), depth=1))
    assert [warning.filename for warning in found] == [__file__]
    blind = searcher_player(iterative_deepening, depth=1)
    played = caught(lambda: play(TicTacToe(size=4), [blind, random_player(seed=0)], seed=0))
    assert played
    assert {warning.filename for warning in played} == {__file__}
