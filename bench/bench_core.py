"""Core benchmark: how fast the library's searchers are, and what their generality costs.

All measurements solve tic-tac-toe from the empty board. For ``minimax``, ``alphabeta`` and
``negamax`` the script reports the nodes visited, the best wall-clock time of N runs and
nodes per second. It also times two hand-written searchers, the AIMA-style MAX-VALUE /
MIN-VALUE pair with and without alpha-beta pruning, which call the very same ``TicTacToe``
methods but keep no principal variation, no statistics beyond the node count and do no
validation, and take maxima with comparisons rather than calls to ``max()``: they are the
"overhead floor", the fastest plain loop over the same game. The ratio library time / floor
time says what the library's extra bookkeeping costs; 1.0 would mean none.

The floors must visit exactly the nodes the library does (root plus every child generated),
or the comparison would be meaningless, so the script checks the counts and the game values
and exits with status 1 if they disagree. Library and floor runs are interleaved and the best
time of each is kept, because a shared machine is noisy; the garbage collector is disabled
during every timed run. Output is JSON lines on stdout, one dict per line.

Usage: ``python bench/bench_core.py [--quick] [--repeat N]``
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable

from _common import emit, emit_env, run_timed

import gamesearch
from gamesearch import alphabeta, minimax, negamax
from gamesearch.games import TicTacToe

Run = Callable[[TicTacToe], tuple[float, int]]
"""A searcher under test: solves the game and returns (root value, nodes visited)."""

TARGET_RATIO = {"alphabeta": 1.3, "negamax": 1.3}
"""How much slower than the hand-written floor the pruning searchers may be (the issue's target).
``minimax`` has none: it is written to be read, as the textbook writes it."""
TARGET_SPEED = 2_000_000
"""The issue's target for library alpha-beta on tic-tac-toe, in nodes per second."""
FAST_FACTOR = 10
"""Alpha-beta searches take milliseconds, so they run this many times more often."""
FLOOR = {"minimax": "minimax", "alphabeta": "alphabeta", "negamax": "alphabeta"}
"""The hand-written searcher each library searcher is compared with."""
EXPECTED_NODES = {"minimax": 549_946, "alphabeta": 18_297}
"""Nodes each hand-written searcher, and so its library counterparts, must visit."""


def hand_alphabeta(game: TicTacToe) -> tuple[float, int]:
    """Textbook alpha-beta (AIMA fig. 5.7) for player 0: (value, nodes visited)."""
    is_terminal, utility = game.is_terminal, game.utility
    actions, result = game.actions, game.result
    nodes = 1  # the root

    def max_value(state: int, alpha: float, beta: float) -> float:
        """MAX-VALUE: the value of ``state`` for player 0, who is to move."""
        nonlocal nodes
        if is_terminal(state):
            return utility(state, 0)
        v = -math.inf
        for action in actions(state):
            nodes += 1
            child = min_value(result(state, action), alpha, beta)
            if child > v:
                v = child
                if v >= beta:
                    return v
                if v > alpha:
                    alpha = v
        return v

    def min_value(state: int, alpha: float, beta: float) -> float:
        """MIN-VALUE: the value of ``state`` for player 0, with player 1 to move."""
        nonlocal nodes
        if is_terminal(state):
            return utility(state, 0)
        v = math.inf
        for action in actions(state):
            nodes += 1
            child = max_value(result(state, action), alpha, beta)
            if child < v:
                v = child
                if v <= alpha:
                    return v
                if v < beta:
                    beta = v
        return v

    value = max_value(game.initial_state(), -math.inf, math.inf)
    return value, nodes


def hand_alphabeta_to_move(game: TicTacToe) -> tuple[float, int]:
    """Alpha-beta that asks ``to_move`` whose turn it is, as the library does: (value, nodes).

    The textbook pair above assumes that turns alternate; a general searcher cannot, and pays
    one ``to_move`` call a node. This floor has that generality and nothing else.
    """
    is_terminal, utility, to_move = game.is_terminal, game.utility, game.to_move
    actions, result = game.actions, game.result
    nodes = 1  # the root

    def value(state: int, alpha: float, beta: float) -> float:
        """The value of ``state`` for player 0, whoever is to move."""
        nonlocal nodes
        if is_terminal(state):
            return utility(state, 0)
        if to_move(state) == 0:
            v = -math.inf
            for action in actions(state):
                nodes += 1
                child = value(result(state, action), alpha, beta)
                if child > v:
                    v = child
                    if v >= beta:
                        return v
                    if v > alpha:
                        alpha = v
            return v
        v = math.inf
        for action in actions(state):
            nodes += 1
            child = value(result(state, action), alpha, beta)
            if child < v:
                v = child
                if v <= alpha:
                    return v
                if v < beta:
                    beta = v
        return v

    return value(game.initial_state(), -math.inf, math.inf), nodes


def hand_minimax(game: TicTacToe) -> tuple[float, int]:
    """Textbook minimax (AIMA fig. 5.3) for player 0: (value, nodes visited)."""
    is_terminal, utility = game.is_terminal, game.utility
    actions, result = game.actions, game.result
    nodes = 1  # the root

    def max_value(state: int) -> float:
        """MAX-VALUE: the value of ``state`` for player 0, who is to move."""
        nonlocal nodes
        if is_terminal(state):
            return utility(state, 0)
        v = -math.inf
        for action in actions(state):
            nodes += 1
            child = min_value(result(state, action))
            if child > v:
                v = child
        return v

    def min_value(state: int) -> float:
        """MIN-VALUE: the value of ``state`` for player 0, with player 1 to move."""
        nonlocal nodes
        if is_terminal(state):
            return utility(state, 0)
        v = math.inf
        for action in actions(state):
            nodes += 1
            child = max_value(result(state, action))
            if child < v:
                v = child
        return v

    value = max_value(game.initial_state())
    return value, nodes


def library(search: Callable[[TicTacToe], gamesearch.SearchResult[int]]) -> Run:
    """Wrap a library searcher as a :data:`Run`."""

    def run(game: TicTacToe) -> tuple[float, int]:
        """Solve ``game`` with the library searcher."""
        found = search(game)
        return found.value, found.stats.nodes

    return run


def timed(run: Run, game: TicTacToe) -> float:
    """Seconds one ``run(game)`` takes, with the garbage collector off."""
    return run_timed(lambda: run(game))[0]




def check(name: str, got: tuple[float, int], expected_nodes: int) -> None:
    """Exit with status 1 unless ``got`` is the value 0 and ``expected_nodes`` nodes."""
    value, nodes = got
    if value != 0 or nodes != expected_nodes:
        print(
            f"bench_core: {name} gave value {value} and {nodes} nodes; "
            f"expected value 0 and {expected_nodes} nodes",
            file=sys.stderr,
        )
        sys.exit(1)


def main(argv: list[str] | None = None) -> None:
    """Parse the options, verify the searchers, time them and print the JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="few repetitions (~5 s)")
    parser.add_argument("--repeat", type=int, help="runs of minimax (alpha-beta: 10x as many)")
    args = parser.parse_args(argv)
    repeat = args.repeat if args.repeat is not None else (3 if args.quick else 15)
    if repeat < 1:
        parser.error("--repeat must be >= 1")

    emit_env("core.env")
    runs: dict[tuple[str, str], Run] = {
        ("minimax", "library"): library(minimax),
        ("minimax", "hand-written"): hand_minimax,
        ("alphabeta", "library"): library(alphabeta),
        ("alphabeta", "hand-written"): hand_alphabeta,
        ("alphabeta", "hand-written, to_move"): hand_alphabeta_to_move,
        ("negamax", "library"): library(negamax),
    }
    game = TicTacToe()  # shared, so every searcher sees the same warm actions() memo
    for (searcher, impl), run in runs.items():  # untimed warm-up that verifies the results
        check(f"{impl} {searcher}", run(game), EXPECTED_NODES[FLOOR[searcher]])

    groups = [(["minimax"], repeat), (["alphabeta", "negamax"], repeat * FAST_FACTOR)]
    best: dict[tuple[str, str], float] = dict.fromkeys(runs, math.inf)
    for searchers, count in groups:
        keys = [key for key in runs if key[0] in searchers]
        for i in range(count):
            for key in keys if i % 2 == 0 else keys[::-1]:  # alternate the order too
                best[key] = min(best[key], timed(runs[key], game))
        for key in keys:
            nodes = EXPECTED_NODES[FLOOR[key[0]]]
            emit(
                bench="core.tictactoe",
                searcher=key[0],
                impl=key[1],
                nodes=nodes,
                seconds=round(best[key], 6),
                nodes_per_s=round(nodes / best[key]),
                repeat=count,
                timing="best-of-repeat",
                gc_disabled=True,
            )

    for searcher, floor in FLOOR.items():
        ratio = best[searcher, "library"] / best[floor, "hand-written"]
        emit(
            bench="core.overhead",
            searcher=searcher,
            floor=f"hand-written {floor}",
            ratio=round(ratio, 3),
            target=TARGET_RATIO.get(searcher),
            within_target=ratio <= TARGET_RATIO[searcher] if searcher in TARGET_RATIO else None,
        )
    for searcher in ("alphabeta", "negamax"):
        emit(
            bench="core.overhead",
            searcher=searcher,
            floor="hand-written alphabeta dispatching on to_move",
            ratio=round(best[searcher, "library"] / best["alphabeta", "hand-written, to_move"], 3),
            target=None,
            within_target=None,
        )
    speed = EXPECTED_NODES["alphabeta"] / best["alphabeta", "library"]
    emit(
        bench="core.speed",
        searcher="alphabeta",
        nodes_per_s=round(speed),
        target_nodes_per_s=TARGET_SPEED,
        within_target=speed >= TARGET_SPEED,
        floor_nodes_per_s=round(EXPECTED_NODES["alphabeta"] / best["alphabeta", "hand-written"]),
    )


if __name__ == "__main__":
    main()
