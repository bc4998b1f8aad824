"""Parallel solve benchmark: a table built in one process, on 2 worker processes, on Dask.

For each game, ``gamesearch.solve`` builds the strong solution three ways, best-of-N: in this
process (``executor=None``), on a ``ProcessPoolExecutor(2)`` and on a ``dask.distributed``
``LocalCluster`` of 2 worker processes (``Client.get_executor()``; skipped without the
``distributed`` extra). The pool and the cluster are started before the clock, as a long-lived
pool would be. Two rounds, each interleaved: serial against the pool while no cluster runs (so
that nothing else wakes up during the speedup's runs), then, with the cluster up, the pool
against Dask, for Dask's overhead (``process2_slowed_by_idle_cluster`` compares the pool's two
rounds: 1.015-1.019 in a full run, within this machine's noise). The garbage collector stays on,
in the driver as in the workers, as a user runs them (it costs the memo pass much: about 55%
more CPU for the tree below, whose keys are tuples; other scripts here time with it off). Each
run gets a new game object (games keep memos, which would travel with the game to every part).
The three tables must be identical (same keys, values and distances), or the script exits with
status 1.

The games:

- ``tree``: a uniform game tree defined by arithmetic (node numbers, leaf values from a hash),
  with no transpositions: every state lies below exactly one frontier state, so the parts
  share nothing and the split pays in full;
- Connect Four (4 x 3 with ``--quick``, 5 x 4 otherwise, keyed by ``ConnectFour.key``), rich
  in transpositions: cut below a frontier, the parts would solve much of it again (a position
  is reached from most of the frontier); the game offers ``region`` (the colour of the bottom
  centre stone), so the split is by region: two parts, no state solved twice (``duplicates``
  is 0), and the 4.5% of the states with an empty centre column solved by the driver.

Two more table builds run serially and on the pool only: the tree in eight parts
(``split=8``), and an opening book (``opening_book``) of Connect Four 6 x 4 to two plies (4 x 4
with ``--quick``), whose six parts are the positions one ply from the root, each solved exactly.

Lines: ``parallel_solve.speedup`` (serial seconds / 2-process seconds, the issue's target
1.7; and, as the machine may be shared, the CPU seconds each way used, the driver and the
workers together: ``work_ratio`` = 2-process CPU / serial CPU, and ``bound_on_idle_cores`` =
2 / work_ratio, the most two idle cores could gain), ``parallel_solve.dask`` (Dask seconds /
process-pool seconds, Dask's overhead).

Usage: ``python bench/bench_parallel_solve.py [--quick] [--repeat N]``
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from _common import emit, emit_env, fail

from gamesearch.games import ConnectFour
from gamesearch.solving import Solution, opening_book, solve

TARGET = 1.7
"""The speedup with 2 workers the issue asks for, on this 2-core machine."""


class HashTree:
    """A uniform tree of ``branching`` moves per node and ``depth`` plies, by node number.

    A state is ``(node, ply)``; the children of node ``n`` are ``n * b + 1 ... n * b + b``.
    A leaf is worth -1, 0 or +1 to player 0 (a hash of its number) and the opposite to player 1.
    """

    num_players = 2

    def __init__(self, branching: int, depth: int) -> None:
        self.branching, self.depth = branching, depth

    def __repr__(self) -> str:
        return f"HashTree(branching={self.branching}, depth={self.depth})"

    def initial_state(self) -> tuple[int, int]:
        """The root: node 0 at ply 0."""
        return (0, 0)

    def to_move(self, state: tuple[int, int]) -> int:
        """Player 0 on even plies."""
        return state[1] % 2

    def is_terminal(self, state: tuple[int, int]) -> bool:
        """The leaves, at ply ``depth``."""
        return state[1] == self.depth

    def actions(self, state: tuple[int, int]) -> range:
        """``0 .. branching - 1`` above the leaves."""
        return range(self.branching) if state[1] < self.depth else range(0)

    def result(self, state: tuple[int, int], action: int) -> tuple[int, int]:
        """The ``action``-th child."""
        return (state[0] * self.branching + action + 1, state[1] + 1)

    def utility(self, state: tuple[int, int], player: int) -> float:
        """-1, 0 or +1 for player 0 (a hash of the leaf's number), the opposite for player 1."""
        value = float((state[0] * 2654435761 >> 13) % 3 - 1)
        return value if player == 0 else -value


def pool_of_two() -> ProcessPoolExecutor:
    """Two worker processes, started (a pool starts its processes on demand)."""
    pool = ProcessPoolExecutor(2)
    list(pool.map(abs, [-1, -2, -3, -4]))
    return pool


def dask_of_two(stack: ExitStack) -> Executor | None:
    """A LocalCluster of 2 worker processes, or ``None`` without the extra."""
    try:
        import distributed
    except ImportError:
        return None
    cluster = stack.enter_context(
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
        )
    )
    client = stack.enter_context(distributed.Client(cluster))
    executor: Executor = client.get_executor()
    list(executor.map(abs, [-1, -2, -3, -4]))
    return executor


def entries(solution: Solution) -> dict[Any, Any]:
    return dict(solution._table)


def cpu_seconds(executor: Executor | None) -> float:
    """CPU seconds used so far by this process and, for a process pool, by its workers.

    Read from ``/proc`` (Linux); elsewhere the workers count 0. On a shared machine wall-clock
    ratios depend on the other load, CPU seconds much less: they tell the work each way does.
    """
    used = time.process_time()
    workers = getattr(executor, "_processes", None) or {}
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for pid in list(workers):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return used


Build = Callable[[Any, Executor | None], Solution]
"""How a table is built from a new game, on an executor or (``None``) in this process."""


def strong_in(parts: int | None) -> Build:
    """The strong solution, ``solve``'s memo pass split into ``parts`` (``None``: per worker)."""

    def build(game: Any, executor: Executor | None) -> Solution:
        return solve(game, executor=executor, split=parts)

    return build


strong = strong_in(None)
"""The strong solution with one part per worker, ``solve``'s default."""


def book_of(plies: int) -> Build:
    """An opening book of ``plies`` plies, its parts (one per first move) on ``executor``."""

    def build(game: Any, executor: Executor | None) -> Solution:
        return opening_book(game, plies, executor=executor)

    return build


def measure(
    name: str,
    make: Callable[[], Any],
    runners: dict[str, Executor | None],
    repeat: int,
    serial: Solution | None = None,
    build: Build = strong,
) -> dict[str, tuple[float, float, Solution]]:
    """Best-of-``repeat`` (seconds, CPU seconds) of each way, interleaved; tables must agree.

    Every table must be the serial one: ``serial``'s, or the one the ``"serial"`` runner built.
    """
    best: dict[str, tuple[float, float, Solution]] = {}
    for _ in range(repeat):
        for label, executor in runners.items():
            gc.collect()
            cpu, start = cpu_seconds(executor), time.perf_counter()
            solution = build(make(), executor)
            seconds, cpu = time.perf_counter() - start, cpu_seconds(executor) - cpu
            if label not in best or seconds < best[label][0]:
                best[label] = (seconds, cpu, solution)
    reference = entries(serial if serial is not None else best["serial"][2])
    for label, (_, _, solution) in best.items():
        if entries(solution) != reference:
            fail(f"{name}: the table built by {label} is not the serial one")
    return best


def report(name: str, best: dict[str, tuple[float, float, Solution]], table: str) -> None:
    serial, serial_cpu, solution = best["serial"]
    process, process_cpu, split = best["process2"]
    states = len(solution)
    work = process_cpu / serial_cpu
    emit(
        bench="parallel_solve.speedup",
        game=name,
        table=table,
        states=states,
        identical=True,
        workers=2,
        parts=split.stats.parts,
        duplicates=split.stats.duplicates,
        solved_by_parts_per_state=round((states + split.stats.duplicates) / states, 3),
        serial_s=round(serial, 3),
        process2_s=round(process, 3),
        speedup=round(serial / process, 3),
        target=TARGET,
        met=serial / process >= TARGET,
        serial_cpu_s=round(serial_cpu, 3),
        process2_cpu_s=round(process_cpu, 3),
        work_ratio=round(work, 3),
        bound_on_idle_cores=round(min(2.0, 2.0 / work), 3),
        cpus=os.cpu_count(),
        gc="on",
    )
    if "dask2" in best:
        dask, beside = best["dask2"][0], best["process2, cluster up"][0]
        emit(
            bench="parallel_solve.dask",
            game=name,
            process2_s=round(beside, 3),
            dask2_s=round(dask, 3),
            dask_over_process=round(dask / beside, 3),
            process2_slowed_by_idle_cluster=round(beside / process, 3),
            timing="interleaved with the cluster up",
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="small games, one run each")
    parser.add_argument("--repeat", type=int, default=None, help="runs per way (best of N)")
    args = parser.parse_args()
    repeat = args.repeat or (1 if args.quick else 2)
    emit_env("parallel_solve", gc_disabled=False)
    games: list[tuple[str, Callable[[], Any]]] = [
        ("tree 4^7" if args.quick else "tree 4^10", lambda: HashTree(4, 7 if args.quick else 10)),
        (
            "connect4 4x3" if args.quick else "connect4 5x4",
            (lambda: ConnectFour(4, 3)) if args.quick else (lambda: ConnectFour(5, 4)),
        ),
    ]
    # The book: Connect Four 6 x 4 (4 x 4 with --quick) to two plies, six parts (four).
    book_name = "connect4 4x4" if args.quick else "connect4 6x4"
    book_game = (lambda: ConnectFour(4, 4)) if args.quick else (lambda: ConnectFour(6, 4))
    with ExitStack() as stack:
        pool = stack.enter_context(pool_of_two())
        best = {
            name: measure(name, make, {"serial": None, "process2": pool}, repeat)
            for name, make in games
        }
        tree_name, tree = games[0]
        finer = measure(
            tree_name, tree, {"serial": None, "process2": pool}, repeat, build=strong_in(8)
        )
        book = measure(
            book_name, book_game, {"serial": None, "process2": pool}, repeat, build=book_of(2)
        )
        dask = dask_of_two(stack)
        if dask is None:
            emit(bench="parallel_solve.dask", skipped="dask.distributed is not installed")
        for name, make in games:
            if dask is not None:
                ways = {"process2": pool, "dask2": dask}
                with_cluster = measure(name, make, ways, repeat, best[name]["serial"][2])
                best[name]["dask2"] = with_cluster["dask2"]
                best[name]["process2, cluster up"] = with_cluster["process2"]
            report(name, best[name], "strong solution (solve)")
        report(tree_name, finer, "strong solution (solve, split=8)")
        report(book_name, book, "opening book, 2 plies (opening_book)")


if __name__ == "__main__":
    sys.exit(main())
