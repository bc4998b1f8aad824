"""Parallel benchmark: tournaments, one position split below its root, root-parallel MCTS.

Every line compares a run on 2 workers (``ProcessPoolExecutor(2)``, created and warmed up
before the clock starts, as a long-running program keeps its pool) with the same work done
serially in the same run, interleaved, best of N (garbage collector off in this process): the
speed-up is serial seconds / parallel seconds, at most 2 on 2 cores. The results of both are
checked equal first (the script exits with status 1 if not). The Dask line compares a
``dask.distributed`` ``LocalCluster`` of 2 worker processes with the process pool on the same
tournament (the ratio Dask / pool is Dask's overhead), and says so when Dask is missing.

- ``parallel.tournament``: ``MCTSPlayer`` (200 iterations a move) against ``MCTSPlayer``
  (100) at Connect Four 7 x 6, 24 games (``--quick``: 60 iterations against
  ``random_player``, 8 games); target (issue 19) >= 1.7x.
- ``parallel.search``: ``parallel_search`` of Connect Four 7 x 6 from the empty board at a
  depth that takes about a second serially (``order=game.order``), against ``alphabeta`` with
  the same options: the speed-up and the node overhead (parallel nodes / serial nodes), at
  ``split_depth`` 1 and 3.
- ``parallel.mcts``: ``mcts(trees=2)`` on the pool against ``mcts(trees=2)`` serially (the
  same two trees): iterations per second and the speed-up.
- ``parallel.mcts_strength``: four merged trees of N iterations against one tree of N
  iterations, a match at Connect Four (seats alternating): the merged search's score and a
  95% Wilson interval (draws count half, an approximation).
- ``parallel.dask``: the tournament on Dask against the pool.

- ``parallel.baseline``: two equal loops of pure Python, serially and on the pool: the
  speed-up the machine gives two workers at the moment of the run (2.0 on two idle cores),
  against which to read the other lines.

The garbage collector is off in this process and in the workers. The machine may be busy: the
ratios are only as good as the quiet of the run, which the baseline line tells.

Usage: ``python bench/bench_parallel.py [--quick] [--repeat N]``
"""

from __future__ import annotations

import argparse
import gc
import math
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from _common import emit, emit_env, fail, run_timed

from gamesearch import MCTSPlayer, alphabeta, mcts, parallel_search, random_player, tournament
from gamesearch.games import ConnectFour


def best_of(runs: dict[str, Callable[[], Any]], repeat: int) -> dict[str, tuple[float, Any]]:
    """Best-of-``repeat`` seconds of each run, the runs interleaved; the last value of each."""
    best: dict[str, tuple[float, Any]] = {}
    for _ in range(repeat):
        for name, run in runs.items():
            seconds, value = run_timed(run)
            if name not in best or seconds < best[name][0]:
                best[name] = (seconds, value)
            else:
                best[name] = (best[name][0], value)
    return best


def spin(count: int) -> int:
    """Pure Python work with no game: the calibration of what the machine gives two workers."""
    total = 0
    for number in range(count):
        total += number * number % 7
    return total


def bench_baseline(pool: Executor, quick: bool, repeat: int) -> None:
    count = 2_000_000 if quick else 6_000_000
    timed = best_of(
        {
            "serial": lambda: [spin(count), spin(count)],
            "pool": lambda: list(pool.map(spin, [count, count])),
        },
        repeat,
    )
    emit(
        bench="parallel.baseline", work="two equal loops of pure Python", workers=2,
        serial_s=round(timed["serial"][0], 4), pool_s=round(timed["pool"][0], 4),
        speedup=round(timed["serial"][0] / timed["pool"][0], 3),
    )  # fmt: skip


def warm(pool: Executor) -> None:
    """Start the pool's workers and import gamesearch in them before any clock starts."""
    list(pool.map(_touch, range(8)))


def _touch(_: int) -> int:
    return len(ConnectFour().actions(ConnectFour().initial_state()))


def bench_tournament(pool: Executor, quick: bool, repeat: int) -> Callable[[Executor], Any]:
    game = ConnectFour()
    games = 8 if quick else 24
    if quick:
        players: list[Any] = [MCTSPlayer(game, iterations=60, reuse=False), random_player()]
    else:  # longer games: a part of about a second
        players = [MCTSPlayer(game, iterations=200), MCTSPlayer(game, iterations=100)]

    def run(executor: Executor | None) -> Any:
        return tournament(game, players, games=games, seed=1, executor=executor)

    timed = best_of({"serial": lambda: run(None), "pool": lambda: run(pool)}, repeat)
    if timed["serial"][1] != timed["pool"][1]:
        fail("tournament: the pool's records differ from the serial ones")
    serial, parallel = timed["serial"][0], timed["pool"][0]
    emit(
        bench="parallel.tournament", games=games, workers=2, serial_s=round(serial, 4),
        pool_s=round(parallel, 4), speedup=round(serial / parallel, 3), target=1.7,
        met=serial / parallel >= 1.7, score=timed["serial"][1].score,
    )  # fmt: skip
    return run


def bench_search(pool: Executor, quick: bool, repeat: int) -> None:
    game = ConnectFour()
    depth = 9 if quick else 13
    serial_runs = {"serial": lambda: alphabeta(game, depth=depth, order=game.order)}
    for split in (1, 3):
        runs = {
            **serial_runs,
            "pool": lambda split=split: parallel_search(
                game, depth=depth, order=game.order, executor=pool, split_depth=split
            ),
        }
        timed = best_of(runs, repeat)
        serial, parallel = timed["serial"][1], timed["pool"][1]
        answer = (parallel.value, parallel.action, parallel.pv)
        if answer != (serial.value, serial.action, serial.pv):
            fail(f"search: split_depth={split} differs from alphabeta: {parallel} != {serial}")
        emit(
            bench="parallel.search", game="ConnectFour 7x6", depth=depth, split_depth=split,
            workers=2, serial_s=round(timed["serial"][0], 4), pool_s=round(timed["pool"][0], 4),
            speedup=round(timed["serial"][0] / timed["pool"][0], 3),
            serial_nodes=serial.stats.nodes, pool_nodes=parallel.stats.nodes,
            node_overhead=round(parallel.stats.nodes / serial.stats.nodes, 3),
        )  # fmt: skip


def bench_mcts(pool: Executor, quick: bool, repeat: int) -> None:
    game = ConnectFour()
    iterations = 1000 if quick else 5000
    timed = best_of(
        {
            "serial": lambda: mcts(game, iterations=iterations, trees=2, rng=3),
            "pool": lambda: mcts(game, iterations=iterations, trees=2, rng=3, executor=pool),
        },
        repeat,
    )
    serial, parallel = timed["serial"][1], timed["pool"][1]
    if (serial.action, serial.action_values) != (parallel.action, parallel.action_values):
        fail("mcts: the pool's merged trees differ from the serial ones")
    emit(
        bench="parallel.mcts", game="ConnectFour 7x6", trees=2, iterations_per_tree=iterations,
        workers=2, serial_iterations_per_s=round(2 * iterations / timed["serial"][0]),
        pool_iterations_per_s=round(2 * iterations / timed["pool"][0]),
        speedup=round(timed["serial"][0] / timed["pool"][0], 3),
    )  # fmt: skip


def bench_strength(pool: Executor, quick: bool) -> None:
    game = ConnectFour(5, 4) if quick else ConnectFour()
    iterations, games = (100, 8) if quick else (300, 40)
    merged = MCTSPlayer(game, iterations=iterations, trees=4, reuse=False)
    single = MCTSPlayer(game, iterations=iterations, reuse=False)
    result = tournament(game, [merged, single], games=games, seed=7, executor=pool)
    score = result.score[0] / games
    low, high = wilson(score, games)
    emit(
        bench="parallel.mcts_strength", game=f"ConnectFour {game.width}x{game.height}",
        iterations=iterations, trees=4, games=games, wins=result.wins[0],
        draws=result.draws[0], losses=result.losses[0], score=round(score, 3),
        interval95=[round(low, 3), round(high, 3)],
    )  # fmt: skip


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% score interval for a proportion ``score`` over ``games`` trials."""
    centre = (score + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(score * (1 - score) / games + z * z / (4 * games * games))
    return centre - spread / (1 + z * z / games), centre + spread / (1 + z * z / games)


def bench_dask(pool: Executor, run: Callable[[Executor], Any], repeat: int) -> None:
    try:
        import distributed
    except ImportError:
        emit(bench="parallel.dask", skipped="dask.distributed is not installed")
        return
    cluster = distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    )
    client = distributed.Client(cluster)
    try:
        client.run(gc.disable)  # as in this process and the pool's workers
        dask = client.get_executor()
        warm(dask)
        timed = best_of({"pool": lambda: run(pool), "dask": lambda: run(dask)}, repeat)
        if timed["pool"][1] != timed["dask"][1]:
            fail("dask: the cluster's records differ from the pool's")
        emit(
            bench="parallel.dask", work="the tournament of parallel.tournament", workers=2,
            pool_s=round(timed["pool"][0], 4), dask_s=round(timed["dask"][0], 4),
            overhead=round(timed["dask"][0] / timed["pool"][0], 3),
        )  # fmt: skip
    finally:
        client.close()
        cluster.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs (~1 min)")
    parser.add_argument("--repeat", type=int, default=None, help="best of N (default 2, 3)")
    args = parser.parse_args()
    repeat = args.repeat or (2 if args.quick else 3)
    emit_env("parallel")
    # The garbage collector is off in the workers as in this process (run_timed), so that
    # both sides of every ratio run alike.
    with ProcessPoolExecutor(2, initializer=gc.disable) as pool:
        warm(pool)
        bench_baseline(pool, args.quick, repeat)
        run = bench_tournament(pool, args.quick, repeat)
        bench_search(pool, args.quick, repeat)
        bench_mcts(pool, args.quick, repeat)
        bench_strength(pool, args.quick)
        bench_dask(pool, run, repeat)


if __name__ == "__main__":
    main()
