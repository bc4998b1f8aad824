"""Small games with cycles: every searcher answers right or raises, and never runs for ever.

The adversarial walk of issue 45 (adv45, r4) found a seven-state cyclic game on which
``iterative_deepening`` without a limit deepened for ever: estimates its earlier iterations
stored cut each cycle before a state could repeat on the line it watches. Here that game, then
seeded random small games with cycles (the walk's recipe: up to 12 states, one to three moves
each, no move to itself), searched by every searcher of the registry that runs without a limit.
Each must give the game's value (found below by retrograde analysis) or raise
:class:`CyclicGameError`; a table solver answers every state, a draw where no line ends.
"""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest
from helpers import caused_by, duty, row_id, rows_accepting, search_by_row, time_limit

from gamesearch import CyclicGameError, GameSearchError, SearchResult, iterative_deepening
from gamesearch.solving import Solution


class Graph:
    """A two-player zero-sum game on a graph of numbered states, ``0`` the initial one.

    ``moves[s]`` lists the states the moves of ``s`` lead to, ``mover[s]`` its player to move,
    ``ends[s]`` player 0's utility at a terminal state (player 1's is its negation).
    """

    num_players = 2

    def __init__(
        self, moves: dict[int, list[int]], mover: dict[int, int], ends: dict[int, float]
    ) -> None:
        self.moves, self.mover, self.ends = moves, mover, ends

    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> int:
        return self.mover.get(state, 0)

    def actions(self, state: int) -> list[int]:
        return list(range(len(self.moves[state])))

    def result(self, state: int, action: int) -> int:
        return self.moves[state][action]

    def is_terminal(self, state: int) -> bool:
        return state in self.ends

    def utility(self, state: int, player: int) -> float:
        return self.ends[state] if player == 0 else -self.ends[state]

    def __repr__(self) -> str:
        return f"Graph({self.moves}, {self.mover}, {self.ends})"


def random_cyclic_graph(seed: int) -> Graph:
    """A random small game with cycles, by the walk's recipe.

    2 to 12 states; a state past the first ends the game with chance 0.35 (and the last two
    always do); the others move to one to three random states (not itself).
    """
    draw = random.Random(seed)
    size = draw.randint(2, 12)
    moves: dict[int, list[int]] = {}
    mover: dict[int, int] = {}
    ends: dict[int, float] = {}
    for state in range(size):
        if state > 0 and (draw.random() < 0.35 or state >= size - 2):
            ends[state] = float(draw.choice((-1, 0, 1)))
        else:
            targets = [draw.randrange(size) for _ in range(draw.randint(1, 3))]
            moves[state] = list(dict.fromkeys(t for t in targets if t != state))
            if not moves[state]:
                del moves[state]
                ends[state] = float(draw.choice((-1, 0, 1)))
        mover[state] = draw.randrange(2)
    return Graph(moves, mover, ends)


def retrograde_value(game: Graph) -> float:
    """The initial state's value for its player to move, by retrograde analysis.

    The least and the greatest fixed points of the minimax equations agree where a player can
    force the game's end, else the state is a draw (0: play that never ends).
    """
    reached, stack = {0}, [0]
    while stack:
        for child in game.moves.get(stack.pop(), []):
            if child not in reached:
                reached.add(child)
                stack.append(child)

    def fixed_point(start: float) -> dict[int, float]:
        values = {s: game.ends.get(s, start) for s in reached}
        changed = True
        while changed:
            changed = False
            for s in reached - game.ends.keys():
                children = [values[c] for c in game.moves[s]]
                new = max(children) if game.mover[s] == 0 else min(children)
                changed = changed or new != values[s]
                values[s] = new
        return values

    high, low = fixed_point(1.0)[0], fixed_point(-1.0)[0]
    value = high if high == low else 0.0
    return value if game.mover[0] == 0 else -value


# The walk's game (adv45, r4): 0 -> {10, 7}; 7 (player 1) -> {10, 4}; a cycle among 1, 4 and 5
# that only 5 -> 2 leaves. Player 1 wins at once from 7, so player 0 loses; the cycle is off
# the line alpha-beta reads, but on the one iterative deepening orders first.
WALK_R4 = Graph(
    {0: [10, 7], 1: [5, 4], 4: [5, 1], 5: [1, 4, 2], 7: [10, 4]},
    {0: 0, 1: 0, 4: 1, 5: 0, 7: 1},
    {2: -1.0, 10: -1.0},
)


def test_the_walks_cyclic_game_ends_iterative_deepening_with_cyclic_game_error():
    with time_limit(10), pytest.raises(CyclicGameError, match="repeat"):
        iterative_deepening(WALK_R4)


def answer_of(row: Any, game: Graph) -> float | None:
    """What ``row``'s searcher says the initial state is worth to its mover.

    ``None`` when it raised :class:`CyclicGameError`; the test fails on a hang or another error.
    """
    with (
        duty(
            "on a game with a cycle, answer the game's value or raise CyclicGameError (a "
            "depth-first search: _recursion.cycle_error when a state repeats on the line), "
            "within seconds"
        ),
        time_limit(10),
    ):
        try:
            found: Any = search_by_row(row, game)
        except GameSearchError as error:
            if caused_by(error, CyclicGameError):
                return None
            raise
    if isinstance(found, Solution):
        return float(found.value(0))
    assert isinstance(found, SearchResult), found
    return float(found.value)


SEEDS_QUICK = range(0, 100, 10)
"""Ten seeds for the default run (each searcher reads the twelve games in about 0.2 s, but
``parallel_search``, whose executor is marked slow below); the slow run reads the walk's 1,500."""
SEEDS_WALK = (142, 1339)
"""The seeds of the walk's fuzz on which ``iterative_deepening`` deepened for ever."""


MODELS_THE_OPPONENT = frozenset({"expectimax"})
"""Searchers whose value is against a model of the other player (uniformly random, by
default), not the minimax value: they must answer or raise, and any value is theirs."""


@pytest.fixture(autouse=True)
def _no_garbage_of_earlier_tests() -> None:
    # CI (2026-12-02, once in three runs): a finalizer of an earlier test's garbage, run by the
    # collector while a search here was near the recursion limit, raised RecursionError into
    # sys.unraisablehook and failed this test (best_reply, 1,500 games); collected here first.
    gc.collect()


def _check_rows_on(seeds: Any, row: Any) -> None:
    # The collector runs between games, never within a search near the recursion limit: there,
    # a finalizer of garbage made meanwhile (by another thread too) raised RecursionError into
    # sys.unraisablehook and failed the 1,500 games (CI: best_reply 2026-12-02, maxn 2026-12-03,
    # though the earlier tests' garbage was collected first; neither seen in 6 runs alone).
    gc.disable()
    try:
        for number, seed in enumerate(seeds):
            game = random_cyclic_graph(seed)
            answer = answer_of(row, game)
            if answer is not None and row.name not in MODELS_THE_OPPONENT:
                assert answer == retrograde_value(game), (row.name, seed, game)
            if number % 100 == 99:
                gc.collect()
    finally:
        gc.enable()


@pytest.mark.parametrize(
    "row",
    [
        pytest.param(row, marks=[pytest.mark.slow] if row.name == "parallel_search" else [])
        for row in rows_accepting(2, unlimited=True)
    ],
    ids=row_id,
)
def test_every_searcher_answers_right_or_raises_on_small_cyclic_games(row):
    _check_rows_on((*SEEDS_WALK, *SEEDS_QUICK), row)


@pytest.mark.slow
@pytest.mark.parametrize(
    "row",
    rows_accepting(2, unlimited=True),
    ids=row_id,
)
def test_every_searcher_on_the_walks_1500_cyclic_games(row):
    # The walk's whole fuzz: 1,500 seeds (two of which iterative deepening never ended).
    _check_rows_on(range(1500), row)
