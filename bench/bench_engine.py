"""Engine benchmark: what the table, ordering, killers, history and deepening buy.

Lines (JSON, one dict per line on stdout):

- ``engine.tictactoe``: tic-tac-toe solved from the empty board by alpha-beta with the table
  and the game's ordering, and by ``iterative_deepening``: nodes and best milliseconds, against
  plain alpha-beta measured in the same run. The issue's target is <= 3 ms.
- ``engine.pruning``: nodes to a fixed depth of Connect Four 7x6 from the empty board with the
  built-in evaluation, plain and with each enhancement; the gain is plain nodes / nodes.
- ``engine.depth``: the depth ``iterative_deepening`` completes on the empty 7x6 board in 1 s
  and 5 s (``--quick``: 0.5 s), with nodes per second.
- ``engine.deadline``: how far past ``time_limit`` the engine returns, against the allowance
  (5% of the limit or 20 ms, whichever is larger).
- ``engine.solve``: seconds to solve Connect Four boards from the empty board (4x4 in
  ``--quick``; also 5x4, 6x4 and 5x5 otherwise, each given ``--solve-limit`` seconds). Reported,
  not asserted; 4x4 and 5x4 must come out as the published draws.
- ``engine.techniques`` (issue 13): nodes and milliseconds of principal-variation search,
  aspiration windows, MTD(f), late-move reductions and a forced-reply extension, on tic-tac-toe
  (solved) and Connect Four 7x6 to depth 10 (``--quick``: 7), with ratios against plain
  ``iterative_deepening`` in the same run; the exact techniques must give its value.
- ``engine.singular_match``: Connect Four games at equal depth (5 in ``--quick``, else 7) from
  seeded random openings, sides swapped, singular extensions against the plain engine: the
  extended side's wins, draws and losses, and the nodes of each side.
- ``engine.solver``: Connect Four boards solved from the empty board by ``mtdf`` (with the
  game's ``non_losing_actions``, ``key`` and ``order``) against ``iterative_deepening``.
- ``engine.positions``: mean time to solve random 7x6 positions of 18-24 and 10-14 stones
  with ``mtdf`` (Pons scores, each checked against its mirror image's).

The script exits with status 1 if a value is wrong.

Usage: ``python bench/bench_engine.py [--quick] [--repeat N] [--solve-limit S]``
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from _common import emit, emit_env, fail, run_timed
from _engine_techniques import line_positions, line_singular_match, line_solver, line_techniques

from gamesearch import SearchResult, TranspositionTable, alphabeta, iterative_deepening
from gamesearch.games import ConnectFour, TicTacToe

BOARDS = [(4, 4), (5, 4), (6, 4), (5, 5)]
"""Boards to solve: width x height."""
PUBLISHED = {(4, 4): 0.0, (5, 4): 0.0}
"""Values of empty boards for the first player, as the issue cites them (Tromp: draws)."""
TICTACTOE_TARGET_MS = 3.0


def best_time(run: Callable[[], SearchResult[Any]], repeat: int) -> tuple[float, SearchResult[Any]]:
    """The best wall-clock seconds of ``repeat`` runs, GC off, with the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        seconds, result = run_timed(run)
        best = min(best, seconds)
    assert result is not None
    return best, result


def line_tictactoe(repeat: int, quick: bool) -> None:
    game = TicTacToe()
    runs: dict[str, Callable[[], SearchResult[Any]]] = {
        "alphabeta": lambda: alphabeta(game),
        "table+order": lambda: alphabeta(game, table=TranspositionTable(), order=game.order),
        "iterative_deepening": lambda: iterative_deepening(game),
    }
    plain_seconds = None
    for name, run in runs.items():
        seconds, result = best_time(run, repeat * 5)
        if result.value != 0.0:
            fail(f"tic-tac-toe: {name} gave {result.value}, not 0")
        plain_seconds = plain_seconds or seconds
        emit(
            bench="engine.tictactoe",
            search=name,
            nodes=result.stats.nodes,
            ms=round(seconds * 1000, 3),
            speedup_vs_alphabeta=round(plain_seconds / seconds, 2),
            target_ms=TICTACTOE_TARGET_MS if name == "table+order" else None,
        )


def line_pruning(repeat: int, quick: bool) -> None:
    game = ConnectFour()
    depth = 6 if quick else 8
    variants: dict[str, dict[str, Any]] = {
        "plain": {},
        "order": {"order": game.order},
        "table": {"table": True},
        "killers+history": {"killers": True, "history": True},
        "order+table": {"order": game.order, "table": True},
        "all": {"order": game.order, "table": True, "killers": True, "history": True},
    }
    plain_nodes, value = None, None
    for name, options in variants.items():

        def run(options: dict[str, Any] = options) -> SearchResult[int]:
            fresh = {**options, "table": TranspositionTable()} if "table" in options else options
            return alphabeta(game, depth=depth, evaluate=game.evaluate, **fresh)

        seconds, result = best_time(run, max(1, repeat // 5))
        if value is None:
            plain_nodes, value = result.stats.nodes, result.value
        elif result.value != value:
            fail(f"pruning: {name} gave {result.value}, plain alpha-beta {value}")
        emit(
            bench="engine.pruning",
            depth=depth,
            options=name,
            nodes=result.stats.nodes,
            gain=round(plain_nodes / result.stats.nodes, 2),  # type: ignore[operator]
            nodes_per_second=round(result.stats.nodes / seconds),
        )


def line_depth(repeat: int, quick: bool) -> None:
    game = ConnectFour()
    for limit in (0.5,) if quick else (1.0, 5.0):
        result = iterative_deepening(game, time_limit=limit)
        emit(
            bench="engine.depth",
            time_limit=limit,
            depth=result.depth,
            nodes=result.stats.nodes,
            nodes_per_second=round(result.stats.nodes_per_second),
            elapsed=round(result.stats.elapsed, 4),
            action=result.action,
        )


def line_deadline(repeat: int, quick: bool) -> None:
    game = ConnectFour()
    for limit in (0.05, 0.2) if quick else (0.02, 0.05, 0.2, 1.0, 3.0):
        overruns = []
        for _ in range(3 if quick else 5):
            started = time.perf_counter()
            iterative_deepening(game, time_limit=limit)
            overruns.append(time.perf_counter() - started - limit)
        allowed = max(0.05 * limit, 0.020)
        emit(
            bench="engine.deadline",
            time_limit=limit,
            worst_overrun_ms=round(max(overruns) * 1000, 2),
            allowed_ms=round(allowed * 1000, 1),
            within=max(overruns) <= allowed,
        )


def line_solve(repeat: int, quick: bool, solve_limit: float) -> None:
    for width, height in [(4, 4)] if quick else BOARDS:
        game = ConnectFour(width, height)
        result = iterative_deepening(game, time_limit=solve_limit)
        published = PUBLISHED.get((width, height))
        if result.exact and published is not None and result.value != published:
            fail(f"{width}x{height}: value {result.value}, published {published}")
        emit(
            bench="engine.solve",
            board=f"{width}x{height}",
            solved=result.exact,
            value=result.value if result.exact else None,
            best_first_move=result.action if result.exact else None,
            nodes=result.stats.nodes,
            seconds=round(result.stats.elapsed, 3),
            depth=result.depth,
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="short runs (~10 s)")
    parser.add_argument("--repeat", type=int, default=None, help="timed runs of each search")
    parser.add_argument(
        "--solve-limit", type=float, default=300.0, help="seconds allowed per board solved"
    )
    args = parser.parse_args(argv)
    repeat = args.repeat if args.repeat is not None else (4 if args.quick else 20)
    if repeat < 1:
        parser.error("--repeat must be >= 1")
    emit_env("engine.env")
    for line in (line_tictactoe, line_pruning, line_depth, line_deadline):
        line(repeat, args.quick)
    line_solve(repeat, args.quick, args.solve_limit)
    line_techniques(repeat, args.quick)
    line_singular_match(args.quick)
    line_solver(args.quick, args.solve_limit)
    line_positions(args.quick)


if __name__ == "__main__":
    main()
