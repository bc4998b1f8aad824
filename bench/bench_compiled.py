"""The exact Connect Four solver, pure and compiled, against Pascal Pons's C++ solver (issue 30).

The positions of ``bench_c4_solver.py`` (random 7x6 games, seeded; no immediate win for the
player to move), each solved in one run by:

- the pure build: this checkout's ``src/`` on the path of ``--pure-python`` (default: this
  interpreter);
- the compiled build: ``--compiled-python``, an interpreter where the wheel built with
  ``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 python -m build`` is installed (README, Installing);
- Pons's solver (``--pons``): a small driver around his ``Solver`` (github.com/PascalPons/
  connect4, built with g++ -O3 outside the package: a reference, never a dependency) that reads
  one move string a line, resets the table, solves, and prints ``score nodes solve_us reset_us``
  (CPU microseconds; ratios are given to the solve alone and to the solve with the reset).

Each Python solve is ``mtdf`` with a table of 4 M entries, as ``bench_c4_solver.py`` does, in a
worker process that checks which build it runs (``gamesearch.build_info()``). Lines (JSON): one
``compiled.positions`` per set (begin: 10-14 stones, middle: 18-24) with the mean CPU
milliseconds and nodes of each solver, and the ratios compiled/pure and compiled/C++. Checks:
every build and Pons's solver give the same scores, and both builds the same node counts.

Usage: ``python bench/bench_compiled.py [--quick] [--compiled-python PY] [--pons BINARY]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from _common import emit, emit_env, fail

ROOT = Path(__file__).resolve().parents[1]
SETS = {"begin": (10, 14), "middle": (18, 24)}


def positions(low: int, high: int, count: int, seed: int) -> list[str]:
    """Move strings (Pons's: columns from 1) of ``bench_c4_solver.random_positions``' games."""
    from gamesearch.games import ConnectFour

    game, rng, found = ConnectFour(), random.Random(seed), []
    while len(found) < count:
        state, target, moves = game.initial_state(), rng.choice(range(low, high + 1)), ""
        for _ in range(target):
            if game.is_terminal(state):
                break
            action = rng.choice(game.actions(state))
            state, moves = game.result(state, action), moves + str(action + 1)
        if game.is_terminal(state) or len(moves) != target:
            continue
        if any(game.winner(game.result(state, a)) is not None for a in game.actions(state)):
            continue
        found.append(moves)
    return found


def worker(expected: str) -> None:
    """Solve the move strings read from stdin (JSON); print ``[score, nodes, cpu_s]`` each."""
    import gc
    import time

    from gamesearch import TranspositionTable, build_info, mtdf
    from gamesearch.games import ConnectFour

    if build_info().kind != expected:
        fail(f"expected the {expected} build, found {build_info()}")
    game = ConnectFour()
    for moves in json.loads(sys.stdin.read()):
        state = game.from_moves(moves)
        gc.collect()
        gc.disable()
        cpu = time.process_time()
        result = mtdf(game, state, table=TranspositionTable(4_000_000))
        cpu = time.process_time() - cpu
        gc.enable()
        print(json.dumps([game.pons_score(state, result), result.stats.nodes, cpu]), flush=True)


def run_python(python: str, build: str, moves: list[str]) -> list[list[Any]]:
    """Each position's ``[score, nodes, cpu_s]`` by ``python`` running ``build``'s gamesearch."""
    env = dict(os.environ)
    if build == "pure":
        paths = [str(ROOT / "src"), env.get("PYTHONPATH", "")]
        env["PYTHONPATH"] = os.pathsep.join(path for path in paths if path)
    else:
        env.pop("PYTHONPATH", None)  # the installed wheel, not this checkout's source
    done = subprocess.run(
        [python, str(Path(__file__).resolve()), "--worker", build],
        input=json.dumps(moves),
        capture_output=True,
        text=True,
        env=env,
        cwd=str(Path(__file__).resolve().parent),
        check=False,
    )
    if done.returncode:
        fail(f"the {build} build's worker failed:\n{done.stdout}{done.stderr}")
    return [json.loads(line) for line in done.stdout.splitlines()]


def run_pons(binary: str, moves: list[str]) -> tuple[list[list[Any]], list[list[Any]]]:
    """Each position's ``[score, nodes, cpu_s]`` by Pons's solver, twice: the solve alone.

    And the solve with the reset of his table before it (2^24 entries cleared, about 2.5 ms:
    a figure per position counts it if it times runs of his program).
    """
    done = subprocess.run(
        [binary], input="\n".join(moves) + "\n", capture_output=True, text=True, check=True
    )
    rows = [[int(field) for field in line.split()] for line in done.stdout.splitlines()]
    solve = [[score, nodes, us / 1e6] for score, nodes, us, _ in rows]
    with_reset = [[score, nodes, (us + reset) / 1e6] for score, nodes, us, reset in rows]
    return solve, with_reset


def mean_ms(rows: list[list[Any]]) -> float:
    return 1000 * statistics.fmean(row[2] for row in rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer positions (~1 min)")
    parser.add_argument("--pure-python", default=sys.executable, help="runs this src/")
    parser.add_argument("--compiled-python", help="an interpreter with the compiled wheel")
    parser.add_argument("--pons", help="Pons's solver's driver (see the docstring)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return
    emit_env("compiled.env")
    counts = {"begin": 2, "middle": 8} if args.quick else {"begin": 6, "middle": 20}
    for name, (low, high) in SETS.items():
        moves = positions(low, high, counts[name], seed=low)
        runs = {"pure": run_python(args.pure_python, "pure", moves)}
        if args.compiled_python:
            runs["compiled"] = run_python(args.compiled_python, "compiled", moves)
        if args.pons:
            runs["cpp"], runs["cpp_with_reset"] = run_pons(args.pons, moves)
        scores = {build: [row[0] for row in rows] for build, rows in runs.items()}
        if any(found != scores["pure"] for found in scores.values()):
            fail(f"{name}: the scores differ: {scores}")
        if "compiled" in runs and [r[1] for r in runs["compiled"]] != [r[1] for r in runs["pure"]]:
            fail(f"{name}: the compiled build's node counts differ from the pure build's")
        ms = {build: round(mean_ms(rows), 2) for build, rows in runs.items()}
        emit(
            bench="compiled.positions",
            set=name,
            stones=f"{low}-{high}",
            positions=len(moves),
            cpu_mean_ms=ms,
            mean_nodes={b: round(statistics.fmean(r[1] for r in rows)) for b, rows in runs.items()},
            compiled_speedup=round(ms["pure"] / ms["compiled"], 2) if "compiled" in ms else None,
            compiled_over_cpp=round(ms["compiled"] / ms["cpp"], 1)
            if {"compiled", "cpp"} <= ms.keys()
            else None,
            pure_over_cpp=round(ms["pure"] / ms["cpp"], 1) if "cpp" in ms else None,
            compiled_over_cpp_with_reset=round(ms["compiled"] / ms["cpp_with_reset"], 1)
            if {"compiled", "cpp"} <= ms.keys()
            else None,
            pure_over_cpp_with_reset=round(ms["pure"] / ms["cpp_with_reset"], 1)
            if "cpp" in ms
            else None,
            scores=scores["pure"],
        )


if __name__ == "__main__":
    main()
