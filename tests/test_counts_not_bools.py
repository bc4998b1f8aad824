"""A bool is no count: every parameter that takes a count (or a seed) refuses True and False.

Issue 45: ``search_page(depth=True)`` searched one ply deep. ``True`` is an ``int`` to Python
(``isinstance(True, int)``), so a check that reads ``isinstance(n, int) and n >= 1`` takes it;
the audit of every count-taking parameter found the same in the page's own game, ``play``'s and
the conformance checkers' seeds, ``Recorder``'s ``max_pruned`` and the test strategies' sizes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from gamesearch import (
    Duel,
    GameSearchError,
    TranspositionTable,
    dfpn,
    elo_ratings,
    iterative_deepening,
    mcts,
    parallel_search,
    play,
    random_player,
    round_robin,
    solve,
    tournament,
)
from gamesearch.conformance import check_game
from gamesearch.games import ConnectFour, Nim, Pig
from gamesearch.imperfect import KuhnPoker, check_information_sets, convergence, mccfr
from gamesearch.learning import LinearEvaluation, td_leaf
from gamesearch.solving import opening_book
from gamesearch.testing import game_trees, maxn_trees, nested_trees, states
from gamesearch.trace import Recorder

NIM = Nim((1, 2), players=2)
FOUR = ConnectFour(4, 4)
START = LinearEvaluation(FOUR, (0.0,) * len(FOUR.features(FOUR.initial_state(), 0)))


def _players() -> list[Any]:
    return [random_player(seed=1), random_player(seed=2)]


def _page(depth: Any) -> None:
    from gamesearch.web._stepping import search_page

    at = {"game": "tictactoe", "params": "", "moves": ""}
    asked = {"searcher": "alphabeta", "amount": depth, "evaluation": "zero"}
    answer = json.loads(search_page(at, asked))
    if "error" in answer:
        raise GameSearchError(answer["error"])


def _own_game(depth: Any) -> None:
    from gamesearch.web._own_game import own_game

    source = (
        "from gamesearch.games import Nim\n"
        "class Mine(Nim):\n"
        "    def __init__(self):\n"
        "        super().__init__((1, 2), players=2)\n"
    )
    answer = json.loads(own_game(source, "Mine", "", depth))
    if not answer["ok"]:
        raise GameSearchError(answer["report"])


def _timed(repeat: Any) -> None:
    from gamesearch.web._runtime import time_alphabeta

    answer = json.loads(time_alphabeta(repeat))
    if "error" in answer:
        raise GameSearchError(answer["error"])


COUNTS: dict[str, Callable[[Any], Any]] = {
    "TranspositionTable max_entries": lambda v: TranspositionTable(max_entries=v),
    "dfpn max_entries": lambda v: dfpn(NIM, max_entries=v),
    "iterative_deepening extend": lambda v: iterative_deepening(NIM, extend=v),
    "mcts trees": lambda v: mcts(NIM, iterations=5, trees=v, rng=1),
    "parallel_search split_depth": lambda v: parallel_search(NIM, split_depth=v),
    "parallel_search wave_size": lambda v: parallel_search(NIM, wave_size=v),
    "parallel_search retries": lambda v: parallel_search(NIM, retries=v),
    "play seed": lambda v: play(NIM, _players(), seed=v),
    "play max_moves": lambda v: play(NIM, _players(), max_moves=v),
    "random_player seed": lambda v: random_player(seed=v),
    "round_robin games_per_pair": lambda v: round_robin(NIM, _players(), games_per_pair=v),
    "tournament games": lambda v: tournament(NIM, _players(), games=v),
    "tournament seed": lambda v: tournament(NIM, _players(), games=2, seed=v),
    "solve batch": lambda v: solve(NIM, batch=v),
    "solve max_sweeps": lambda v: solve(Pig(goal=3), max_sweeps=v),
    "solve split": lambda v: solve(NIM, split=v),
    "opening_book plies": lambda v: opening_book(NIM, plies=v),
    "opening_book split_ply": lambda v: opening_book(NIM, 2, split_ply=v),
    "elo_ratings anchor": lambda v: elo_ratings([Duel(0, 1, 1.0), Duel(1, 0, 0.5)], anchor=v),
    "check_information_sets max_histories": lambda v: check_information_sets(
        KuhnPoker(), max_histories=v
    ),
    "check_information_sets samples": lambda v: check_information_sets(KuhnPoker(), samples=v),
    "check_information_sets seed": lambda v: check_information_sets(KuhnPoker(), seed=v),
    "convergence iterations": lambda v: convergence(KuhnPoker(), iterations=v),
    "convergence points": lambda v: convergence(KuhnPoker(), iterations=10, points=v),
    "mccfr rng": lambda v: mccfr(KuhnPoker(), iterations=3, rng=v),
    "check_game max_states": lambda v: check_game(NIM, max_states=v),
    "check_game lines": lambda v: check_game(NIM, lines=v),
    "check_game seed": lambda v: check_game(NIM, seed=v),
    "Recorder max_pruned": lambda v: Recorder(max_pruned=v),
    "game_trees max_depth": lambda v: game_trees(max_depth=v),
    "nested_trees max_branching": lambda v: nested_trees(max_branching=v),
    "maxn_trees max_depth": lambda v: maxn_trees(3, max_depth=v),
    "states max_moves": lambda v: states(NIM, max_moves=v),
    "td_leaf games": lambda v: td_leaf(FOUR, START, games=v, depth=1),
    "td_leaf depth": lambda v: td_leaf(FOUR, START, games=1, depth=v),
    "td_leaf opening_moves": lambda v: td_leaf(FOUR, START, games=1, depth=1, opening_moves=v),
    "search_page depth": _page,
    "own_game depth": _own_game,
    "time_alphabeta repeat": _timed,
}
"""Every count-taking (or seed-taking) parameter of the public functions, given a value."""


@pytest.mark.parametrize("name", list(COUNTS))
@pytest.mark.parametrize("flag", [True, False])
def test_a_bool_is_no_count(name: str, flag: bool) -> None:
    with pytest.raises(GameSearchError):
        COUNTS[name](flag)
