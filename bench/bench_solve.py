"""Solve benchmark: states solved per second, memory and file size per state.

For each game, ``gamesearch.solve`` builds the strong solution from the initial state and the
script reports the states, the best wall-clock time of N runs (garbage collector off) and the
states solved per second. Beside it, in the same run, a hand-written floor over the same game
methods, without checks, distances, progress or constant-sum bookkeeping:

- tic-tac-toe (every distinct board: ``key="state"``) and Connect Four 4 x 4 (keyed by
  ``ConnectFour.key``): a recursive memoised negamax that stores one value per key;
- Pig with a small goal: Neller and Presser's value iteration over ``(i, j, k)`` written as
  arithmetic on the scores, not over the game's graph (it needs about half the states, since
  it never builds the chance nodes).

The ratio library / floor is what the library's generality costs. The floor must find the
library's value of the initial state (exactly; within 1e-6 for Pig), or the script exits with
status 1. Then ``file``: the solution saved to SQLite (``Solution.save``), its size in bytes
per state; and ``memory``: the peak traced by ``tracemalloc`` during one solve, per state.

Usage: ``python bench/bench_solve.py [--quick] [--repeat N]``
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile
import tracemalloc
from collections.abc import Callable
from typing import Any

from _common import emit, emit_env, fail, run_timed

from gamesearch.games import ConnectFour, Pig, TicTacToe
from gamesearch.solving import Solution, solve


def memo_negamax(game: Any, key: Callable[[Any], Any]) -> tuple[float, int]:
    """The value of the initial state for its mover, and the states memoised (the floor)."""
    memo: dict[Any, float] = {}
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility

    def value(state: Any) -> float:
        k = key(state)
        known = memo.get(k)
        if known is not None:
            return known
        mover = to_move(state)
        if is_terminal(state):
            best = utility(state, mover)
        else:
            best = -2.0
            for action in actions(state):
                child = result(state, action)
                v = value(child)
                best = max(best, v if to_move(child) == mover else -v)
        memo[k] = best
        return best

    return value(game.initial_state()), len(memo)


def neller_presser(goal: int, sides: int, tolerance: float = 1e-9) -> tuple[float, int]:
    """Player 0's chance to win Pig from the start, and the states iterated (the floor)."""
    p: dict[tuple[int, int, int], float] = {}
    for i in range(goal):
        for j in range(goal):
            for k in range(goal - i):
                p[(i, j, k)] = 0.5
    # Layers by banked total i + j, highest first, as Neller and Presser iterate them.
    layers: dict[int, list[tuple[int, int, int]]] = {}
    for i, j, k in p:
        layers.setdefault(i + j, []).append((i, j, k))
    for total in sorted(layers, reverse=True):
        layer = layers[total]
        while True:
            change = 0.0
            for i, j, k in layer:
                rest = sum(
                    1.0 if i + k + r >= goal else p[(i, j, k + r)] for r in range(2, sides + 1)
                )
                new = (1 - p[(j, i, 0)] + rest) / sides
                if k:
                    new = max(new, 1 - p[(j, i + k, 0)] if i + k < goal else 1.0)
                change = max(change, abs(new - p[(i, j, k)]))
                p[(i, j, k)] = new
            if change <= tolerance:
                break
    return p[(0, 0, 0)], len(p)


def line(
    name: str,
    make: Callable[[], Any],
    floor: Callable[[Any], tuple[float, int]],
    repeat: int,
    **options: Any,
) -> None:
    """Time the library and the floor on one game; emit both and the ratio.

    Each run gets a new game from ``make``, so that both start with the game's memos cold.
    """
    library_times, floor_times = [], []
    solution: Solution | None = None
    for _ in range(repeat):
        game = make()
        seconds, solution = run_timed(lambda game=game: solve(game, **options))
        library_times.append(seconds)
        fresh = make()
        seconds, (floor_value, floor_states) = run_timed(lambda fresh=fresh: floor(fresh))
        floor_times.append(seconds)
    assert solution is not None
    root = game.initial_state()
    value = solution.value(root)
    if name == "pig":
        value = (1 + value) / 2
    if abs(value - floor_value) > 1e-6:
        fail(f"{name}: the library finds {value} and the floor {floor_value}")
    best, floor_best = min(library_times), min(floor_times)
    emit(
        bench="solve.speed",
        game=name,
        impl="library",
        method=solution.method,
        states=len(solution),
        seconds=round(best, 4),
        states_per_second=round(len(solution) / best),
    )
    emit(
        bench="solve.speed",
        game=name,
        impl="hand-written floor",
        states=floor_states,
        seconds=round(floor_best, 4),
        states_per_second=round(floor_states / floor_best),
    )
    emit(bench="solve.overhead", game=name, ratio=round(best / floor_best, 2), value=value)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "table.sqlite")
        seconds, _ = run_timed(lambda: solution.save(path))
        size = os.path.getsize(path)
    emit(
        bench="solve.file",
        game=name,
        bytes=size,
        bytes_per_state=round(size / len(solution), 1),
        write_seconds=round(seconds, 4),
    )
    tracemalloc.start()
    solve(game, **options)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    emit(
        bench="solve.memory",
        game=name,
        peak_bytes=peak,
        bytes_per_state=round(peak / len(solution)),
    )


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run the measurements and print the JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="small sizes, one run (~5 s)")
    parser.add_argument("--repeat", type=int, help="timed runs of each implementation")
    args = parser.parse_args(argv)
    repeat = args.repeat if args.repeat is not None else (1 if args.quick else 3)
    if repeat < 1:
        parser.error("--repeat must be >= 1")
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    emit_env("solve.env")
    line("tictactoe", TicTacToe, lambda game: memo_negamax(game, lambda s: s), repeat, key="state")
    width, height = (4, 3) if args.quick else (4, 4)
    line(
        f"connect4-{width}x{height}",
        functools.partial(ConnectFour, width, height),
        lambda game: memo_negamax(game, game.key),
        repeat,
    )
    goal = 10 if args.quick else 25
    line("pig", functools.partial(Pig, goal=goal), lambda game: neller_presser(goal, 6), repeat)


if __name__ == "__main__":
    main()
