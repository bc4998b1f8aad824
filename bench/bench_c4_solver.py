"""Connect Four solver benchmark (issue 13): the engine's exact solver against its targets.

Lines (JSON, one dict per line on stdout):

- ``c4solver.board``: a board solved from the empty board by ``mtdf`` (the exact solver the
  game's hooks select: ``non_losing_children``, ``solving_key``, ``win_utility``): value,
  plies to the end, nodes, seconds, and the target (<= 20 s from 5x5 up), with a table of
  4 M entries. ``--quick``: 4x4
  and 5x4, each also by the general engine loop (``mtdf`` with ``order=game.order``, which
  bypasses the hooks' loop) for the ratio; full: 6x4, 5x5 and 7x4 (the ratio only where the
  general loop takes under a minute: 4x4 and 5x4, also run).
- ``c4solver.positions``: random 7x6 positions (random legal games, no immediate win for the
  player to move, seeded) solved to Pons's exact score: mean and worst milliseconds and
  nodes, with the general loop's mean time on the same positions where it is quick enough
  (18-24 stones), and the target (<= 50 ms mean for 18-24 stones, <= 1 s for 10-14).

Checks (exit status 1 on a failure): every score equals the general loop's where it runs, the
mirror image's (solved by the general loop), and, for positions with 32 stones or more, a
plain memoized distance-to-end search's; a win's plies to the end are odd (the winner's stone
ends the game), a loss's even; the published values of the 4x4 and 5x4 boards (draws).

Usage: ``python bench/bench_c4_solver.py [--quick] [--seed N]``
"""

from __future__ import annotations

import argparse
import functools
import gc
import statistics
import time
from collections.abc import Callable
from typing import Any, TypeVar

from _common import emit, emit_env, fail
from _engine_techniques import mirror, random_positions

from gamesearch import SearchResult, TranspositionTable, mtdf
from gamesearch.games import ConnectFour

PUBLISHED = {(4, 4): 0.0, (5, 4): 0.0}
"""Values of empty boards for the first player (Tromp: draws)."""
BOARD_TARGET_S = 20.0
POSITION_TARGETS_MS = {(18, 24): 50.0, (10, 14): 1000.0, (32, 36): None}
TABLE_ENTRIES = 4_000_000
"""The solver's table: room for 7x4's 2.8 M states (the default million would be emptied by
halves, costing 10% more nodes there and up to half more on 10-14-stone positions)."""


T = TypeVar("T")


def timed(run: Callable[[], T]) -> tuple[float, float, T]:
    """Wall-clock and CPU seconds of one ``run()`` (GC off), and what it returned.

    Both are reported: the CPU time of this process is the figure to read when other work
    shares the machine's cores (it is then far below the wall-clock time).
    """
    gc.collect()
    gc.disable()
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        return time.perf_counter() - wall, time.process_time() - cpu, result
    finally:
        gc.enable()


def solver(game: ConnectFour, state: int | None = None) -> SearchResult[int]:
    """The engine's exact solver: ``mtdf`` without a depth, on the game's hooks."""
    return mtdf(game, state, table=TranspositionTable(TABLE_ENTRIES))


def general(game: ConnectFour, state: int | None = None) -> SearchResult[int]:
    """The general engine loop on the same game: ``mtdf`` with an explicit ``order``."""
    return mtdf(game, state, order=game.order)


def plain_distance(game: ConnectFour, state: int) -> tuple[float, int | None]:
    """The value for the mover and the plies to the end by a plain memoized full search."""

    @functools.cache
    def solve(state: int) -> tuple[float, int | None]:
        best: tuple[float, int | None] | None = None
        for action in game.actions(state):
            child = game.result(state, action)
            if game.is_terminal(child):
                value, plies = game.utility(child, game.to_move(state)), 1
            else:
                value, below = solve(child)
                value, plies = -value, None if below is None else below + 1
            pair = (value, plies if value else None)
            if best is None or _rank(pair) > _rank(best):
                best = pair
        assert best is not None
        return best

    return solve(state)


def _rank(pair: tuple[float, int | None]) -> tuple[float, int]:
    value, plies = pair
    return (value, 0 if plies is None else -plies if value > 0 else plies)


def check_parity(state: int, result: SearchResult[int]) -> None:
    if result.plies_to_end is not None and result.plies_to_end % 2 != (result.value > 0):
        fail(f"position {state}: a {result.value} in {result.plies_to_end} plies")


def line_boards(quick: bool) -> None:
    boards = [(4, 4), (5, 4)] if quick else [(4, 4), (5, 4), (6, 4), (5, 5), (7, 4)]
    for width, height in boards:
        game = ConnectFour(width, height)
        seconds, cpu, result = timed(lambda game=game: solver(game))
        check_parity(game.initial_state(), result)
        reference: dict[str, Any] = {}
        if width * height <= 20:
            _, general_seconds, general_result = timed(lambda game=game: general(game))
            if (general_result.value, general_result.plies_to_end) != (
                result.value,
                result.plies_to_end,
            ):
                fail(f"{width}x{height}: the general loop gives {general_result.value}")
            reference = {
                "general_nodes": general_result.stats.nodes,
                "general_seconds": round(general_seconds, 3),
                "speedup_vs_general": round(general_seconds / cpu, 2),
            }
        published = PUBLISHED.get((width, height))
        if published is not None and result.value != published:
            fail(f"{width}x{height}: value {result.value}, published {published}")
        emit(
            bench="c4solver.board",
            board=f"{width}x{height}",
            value=result.value,
            plies_to_end=result.plies_to_end,
            best_first_move=result.action,
            nodes=result.stats.nodes,
            seconds=round(seconds, 3),
            cpu_seconds=round(cpu, 3),
            target_seconds=BOARD_TARGET_S if width * height >= 24 else None,
            **reference,
        )


def line_positions(quick: bool, seed: int) -> None:
    game = ConnectFour()
    sets = [(18, 24, 8 if quick else 20), (32, 36, 4 if quick else 10)]
    if not quick:
        sets.append((10, 14, 6))
    for low, high, count in sets:
        times, cpus, nodes, general_times, scores = [], [], [], [], []
        for state in random_positions(game, range(low, high + 1), count, seed=seed + low):
            seconds, cpu, result = timed(lambda state=state: solver(game, state))
            score = game.pons_score(state, result)
            times.append(seconds)
            cpus.append(cpu)
            nodes.append(result.stats.nodes)
            scores.append(score)
            check_parity(state, result)
            verify(game, state, result, score, low, general_times)
        emit(
            bench="c4solver.positions",
            stones=f"{low}-{high}",
            positions=len(times),
            mean_ms=round(1000 * statistics.fmean(times), 1),
            max_ms=round(1000 * max(times), 1),
            cpu_mean_ms=round(1000 * statistics.fmean(cpus), 1),
            cpu_max_ms=round(1000 * max(cpus), 1),
            mean_nodes=round(statistics.fmean(nodes)),
            max_nodes=max(nodes),
            general_cpu_mean_ms=round(1000 * statistics.fmean(general_times), 1)
            if general_times
            else None,
            speedup_vs_general=round(statistics.fmean(general_times) / statistics.fmean(cpus), 2)
            if general_times
            else None,
            target_mean_ms=POSITION_TARGETS_MS[(low, high)],
            scores=scores,
        )


def verify(
    game: ConnectFour,
    state: int,
    result: SearchResult[int],
    score: int,
    low: int,
    general_times: list[float],
) -> None:
    """Check ``score`` independently: the general loop and the mirror image, or a plain search."""
    if low >= 32:
        value, plies = plain_distance(game, state)
        if (value, plies) != (result.value, result.plies_to_end):
            fail(f"position {state}: {value} in {plies} plies by a plain search")
        return
    if low < 18:
        return  # the general loop would take minutes a position
    _, seconds, other = timed(lambda: general(game, state))
    general_times.append(seconds)
    if game.pons_score(state, other) != score:
        fail(f"position {state}: the general loop scores {game.pons_score(state, other)}")
    twin = mirror(game, state)
    if twin >= 0 and game.pons_score(twin, general(game, twin)) != score:
        fail(f"position {state}: its mirror image scores differently")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="small boards and sets (~20 s)")
    parser.add_argument("--seed", type=int, default=0, help="offset of the positions' seeds")
    args = parser.parse_args(argv)
    emit_env("c4solver.env")
    line_boards(args.quick)
    line_positions(args.quick, args.seed)


if __name__ == "__main__":
    main()
