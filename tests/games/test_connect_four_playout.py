"""ConnectFour's own random playout for mcts (games/_connect_four_playout.py), and mcts's own.

The playout on 64-bit words is a second loop for one game, kept because it pays
(bench/README.md): it must draw what mcts's own playout draws and play the same moves, so that
a search visits the same nodes with it or without it. Each check runs a search twice, once by a
ConnectFour whose ``playout_kernel`` gives the loop (whatever the build) and once by one whose
``playout_kernel`` gives none, and compares the results in full.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import comparable
from hypothesis import given, settings
from hypothesis import strategies as st

import gamesearch.games.connect_four as connect_four
from gamesearch import MCTSTree, build_info, mcts
from gamesearch.capabilities import Capabilities
from gamesearch.games import ConnectFour
from gamesearch.games._connect_four_playout import ConnectFourPlayout, native
from gamesearch.trace import Recorder


class WithPlayout(ConnectFour):
    """ConnectFour that plays every random playout on words, in the pure build too."""

    def playout_kernel(self, root: object) -> ConnectFourPlayout | None:
        return ConnectFourPlayout(self._board_words())


class WithoutPlayout(ConnectFour):
    """ConnectFour played out by mcts's own loop, in the compiled build too."""

    def playout_kernel(self, root: object) -> ConnectFourPlayout | None:
        return None


def searched_both_ways(width: int, height: int, moves: str, **options: Any) -> None:
    """Search the position of ``moves`` with and without the loop: both must agree in full."""
    with_loop, without = (
        comparable(mcts(game, game.from_moves(moves), **options))
        for game in (WithPlayout(width, height), WithoutPlayout(width, height))
    )
    assert with_loop == without


@pytest.mark.parametrize(
    ("width", "height", "moves"),
    [(7, 6, ""), (7, 6, "4453"), (4, 4, "12"), (5, 4, ""), (3, 3, "21"), (1, 4, "")],
)
def test_the_same_search_with_and_without_the_loop(width: int, height: int, moves: str) -> None:
    searched_both_ways(width, height, moves, iterations=400, rng=7)
    searched_both_ways(width, height, moves, iterations=300, rng=8, solver=False)


def test_a_reused_tree_and_a_trace_see_the_same_playouts() -> None:
    reused = []
    for game in (WithPlayout(), WithoutPlayout()):
        tree = MCTSTree()
        first = mcts(game, iterations=200, rng=3, tree=tree)
        state = game.result(game.result(game.initial_state(), first.action), 0)
        reused.append(comparable(mcts(game, state, iterations=200, rng=3, tree=tree)))
    assert reused[0] == reused[1]
    untraced = mcts(WithPlayout(5, 4), iterations=50, rng=1)
    traced = mcts(WithPlayout(5, 4), iterations=50, rng=1, trace=Recorder())
    assert comparable(untraced) == comparable(traced)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 6), max_size=30))
def test_a_playout_draws_and_ends_as_mcts_does(seed: int, columns: list[int]) -> None:
    game = ConnectFour()
    state = game.initial_state()
    for col in columns:
        if not game.is_terminal(state) and col in game.actions(state):
            following = game.result(state, col)
            if not game.is_terminal(following):
                state = following
    mine, theirs = random.Random(seed), random.Random(seed)
    utilities = ConnectFourPlayout(game._board_words()).run(state, mine.random)
    while not game.is_terminal(state):  # mcts's own playout, as _playout.py plays it
        moves = game.actions(state)
        state = game.result(state, moves[int(theirs.random() * len(moves))])
    assert utilities == (game.utility(state, 0), game.utility(state, 1))
    assert mine.random() == theirs.random()  # as many draws


def test_connect_four_gives_its_playout_only_when_compiled() -> None:
    given_loop = ConnectFour().playout_kernel(0)
    assert (given_loop is not None) == native()
    assert native() == ("gamesearch.games._connect_four_playout" in build_info().compiled)
    assert Capabilities.of(ConnectFour()).playout_kernel is not None


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the compiled build: ConnectFour gives its playout (where the board and rules allow)."""
    if not native():
        monkeypatch.setattr(connect_four, "playout_native", lambda: True)


class OtherResult(ConnectFour):
    """A variant whose moves differ: the loop on words would not stand for it."""

    def result(self, state: int, action: object) -> int:
        return super().result(state, action)


class Renamed(ConnectFour):
    """A subclass that keeps the rules: the loop still stands for it."""


@pytest.mark.usefixtures("compiled")
def test_no_playout_for_other_rules_boards_or_states() -> None:
    assert ConnectFour().playout_kernel(0) is not None
    assert Renamed().playout_kernel(0) is not None
    assert OtherResult().playout_kernel(0) is None
    assert ConnectFour(9, 7).playout_kernel(0) is None  # wider than a word
    floating = 0b101 | 0b100 << 49  # X's stone above an empty cell
    for state in (-5, 1 << 200, floating, "4453"):
        assert ConnectFour().playout_kernel(state) is None, state
