"""Using the library as a newcomer would (issue 12): players, check_game, typed user code."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gamesearch import (
    GameProtocolError,
    InvalidSearchOptionError,
    RandomPlayer,
    SearcherPlayer,
    alphabeta,
    expectiminimax,
    play,
    random_player,
    searcher_player,
)
from gamesearch.games import Nim, Pig, TicTacToe
from gamesearch.testing import check_game

USER_FILE = Path(__file__).parent / "data" / "typed_user.py"


def test_a_searcher_player_needs_no_game_until_it_plays():
    perfect = searcher_player(alphabeta)
    assert isinstance(perfect, SearcherPlayer)
    assert play(TicTacToe(), [perfect, perfect]).utilities == (0.0, 0.0)
    assert play(Nim(piles=(1, 2), players=2), [perfect, perfect]).finished  # any game


def test_a_searcher_player_passes_its_options():
    shallow = searcher_player(expectiminimax, depth=1)
    record = play(Pig(goal=10), [shallow, random_player(seed=3)], seed=2)
    assert record.finished


def test_the_older_forms_keep_working():
    game = TicTacToe()
    perfect = searcher_player(game, alphabeta)
    wild = random_player(game, random.Random(0))
    assert isinstance(wild, RandomPlayer)
    assert play(game, [perfect, wild]).winner in (0, None)


def test_a_seed_replays_the_same_game():
    game = TicTacToe()
    first = play(game, [random_player(seed=5), random_player(seed=6)])
    again = play(game, [random_player(seed=5), random_player(seed=6)])
    assert first.moves == again.moves
    shared = random.Random(9)
    assert play(game, [random_player(seed=shared), random_player(seed=shared)]).finished


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: searcher_player(), "takes a searcher"),
        (lambda: searcher_player(3), "is not a searcher"),
        (lambda: random_player(seed="x"), "seed must be an int"),
        (lambda: random_player(TicTacToe()), "random_player takes seed="),
    ],
)
def test_bad_player_arguments_are_refused(make: Any, message: str):
    with pytest.raises(InvalidSearchOptionError, match=message):
        make()


def test_an_unbound_player_says_how_to_bind_it():
    with pytest.raises(InvalidSearchOptionError, match="plays no game yet"):
        searcher_player(alphabeta)(TicTacToe().initial_state())
    with pytest.raises(InvalidSearchOptionError, match="plays no game yet"):
        random_player(seed=0)(TicTacToe().initial_state())
    bound = random_player(seed=0).bind(TicTacToe())
    assert bound(TicTacToe().initial_state()) in range(9)


class Returns(Nim):
    """Nim whose utility also answers before the end, as OpenSpiel's ``returns()`` does."""

    def utility(self, state: Any, player: int) -> float:
        return 0.0 if not self.is_terminal(state) else super().utility(state, player)


def test_check_game_can_let_utility_answer_before_the_end():
    game = Returns(piles=(1, 2), players=2)
    with pytest.raises(GameProtocolError, match="not terminal"):
        check_game(game)
    assert check_game(game, utility_anywhere=True).exhaustive


def test_the_user_file_runs():
    namespace: dict[str, Any] = {}
    exec(compile(USER_FILE.read_text(), str(USER_FILE), "exec"), namespace)
    assert namespace["main"]() in (1.0, -1.0)


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("mypy") is None, reason="mypy (the dev extra) is not installed"
)
def test_a_users_typed_code_passes_mypy_strict():
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(USER_FILE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
