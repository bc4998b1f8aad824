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
every build and Pons's solver give the same scores, and both builds the same best action and
distance to the end. Their node counts differ: the compiled build solves Connect Four with its
own probe on words (``ConnectFour.solving_kernel``, Pons's search with a packed table), the pure
build with the general loop (the pure build's node counts are ``bench_c4_solver.py``'s guard).

The loops (``compiled.loops``, one line each, pure and compiled measured in the same run, each
build in a worker process of its own, the two workers alternating ``--rounds`` times; the best
of the rounds is kept):

- ``engine``: the depth ``iterative_deepening`` (its default options: the table, the game's
  order, killers and history) completes on the empty 7x6 Connect Four board in 1 s (``--quick``
  as well), and the nodes of a fixed-depth run (depth 8, 7 with ``--quick``), which must agree;
- ``tictactoe``: alpha-beta's tic-tac-toe solve over ``TicTacToe.children`` against the
  bitmask floor of ``bench_core.py`` (pure Python in both workers), per node;
- ``chance``: expectiminimax unpruned, Star1 and Star2 on endgames of Pig to 20 at depth 8
  (``bench_chance.py``'s), the time of each pruned search over the unpruned one;
- ``mcts``: MCTS iterations per second (without the solver) on tic-tac-toe and on 7x6
  Connect Four, seeded, whose visits must agree.

Usage: ``python bench/bench_compiled.py [--quick] [--compiled-python PY] [--pons BINARY]
[--rounds N] [--loops-only]``
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
    """Solve the move strings read from stdin (JSON); print each one's solve.

    As ``[score, nodes, cpu_s, action, plies_to_end]``.
    """
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
        score = game.pons_score(state, result)
        row = [score, result.stats.nodes, cpu, result.action, result.plies_to_end]
        print(json.dumps(row), flush=True)


def run_worker(python: str, build: str, arguments: list[str], given: str = "") -> str:
    """The output of this script run as a worker (``arguments``) by ``python`` on ``build``.

    The pure build is this checkout's source; the compiled build is the wheel installed for
    ``python``, so the checkout's source is kept off its path.
    """
    env = dict(os.environ)
    if build == "pure":
        paths = [str(ROOT / "src"), env.get("PYTHONPATH", "")]
        env["PYTHONPATH"] = os.pathsep.join(path for path in paths if path)
    else:
        env.pop("PYTHONPATH", None)  # the installed wheel, not this checkout's source
    done = subprocess.run(
        [python, str(Path(__file__).resolve()), *arguments],
        input=given,
        capture_output=True,
        text=True,
        env=env,
        cwd=str(Path(__file__).resolve().parent),
        check=False,
    )
    if done.returncode:
        worker = " ".join(arguments)
        fail(f"the {build} build's worker ({worker}) failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def run_python(python: str, build: str, moves: list[str]) -> list[list[Any]]:
    """Each position's ``[score, nodes, cpu_s, action, plies]`` by ``build``'s gamesearch."""
    output = run_worker(python, build, ["--worker", build], json.dumps(moves))
    return [json.loads(line) for line in output.splitlines()]


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


def loops_worker(expected: str, quick: bool) -> None:
    """Measure the loops in this build; print one JSON dict of figures and node counts."""
    import gc
    import math
    import time

    from bench_chance import pig_endgames, pruning_times
    from bench_core import hand_bitmask_alphabeta

    from gamesearch import alphabeta, build_info, expectiminimax, iterative_deepening, mcts
    from gamesearch.games import ConnectFour, Pig, TicTacToe

    if build_info().kind != expected:
        fail(f"expected the {expected} build, found {build_info()}")
    figures: dict[str, Any] = {}
    engine = iterative_deepening(ConnectFour(), time_limit=1.0)
    fixed = iterative_deepening(ConnectFour(), depth=7 if quick else 8)
    figures["engine"] = {
        "depth_in_1s": engine.depth,
        "nodes_per_second": round(engine.stats.nodes_per_second),
        "fixed_depth_nodes": fixed.stats.nodes,
        "fixed_depth_value": fixed.value,
    }

    def best_of(run: Any, times: int) -> tuple[float, Any]:
        best, found = math.inf, None
        for _ in range(times):
            gc.collect()
            gc.disable()
            started = time.perf_counter()
            found = run()
            best = min(best, time.perf_counter() - started)
            gc.enable()
        return best, found

    game = TicTacToe()
    times = 5 if quick else 15
    library, result = best_of(lambda: alphabeta(game), times)
    floor, (value, floor_nodes) = best_of(lambda: hand_bitmask_alphabeta(game), times)
    if (result.value, result.stats.nodes) != (value, floor_nodes):
        fail(f"tic-tac-toe: the library {result.stats} and the floor {floor_nodes} differ")
    figures["tictactoe"] = {
        "nodes": result.stats.nodes,
        "library_ns_per_node": round(1e9 * library / result.stats.nodes),
        "floor_ns_per_node": round(1e9 * floor / floor_nodes),
        "over_floor": round(library / floor, 2),
    }

    race = Pig(goal=20)
    cases = [(race, state) for state in pig_endgames(3 if quick else 8)]
    options: dict[str, Any] = {"depth": 8, "evaluate": race.evaluate}
    seconds = pruning_times(cases, (-1, 1), 2 if quick else 3, options)
    prunings: dict[str, dict[str, Any]] = {
        "none": {},
        "star1": {"pruning": "star1", "bounds": (-1, 1)},
        "star2": {"pruning": "star2", "bounds": (-1, 1)},
    }
    nodes = {
        name: sum(expectiminimax(g, s, **options, **extra).stats.nodes for g, s in cases)
        for name, extra in prunings.items()
    }
    figures["chance"] = {
        "seconds": {name: round(value, 4) for name, value in seconds.items()},
        "nodes": nodes,
        "star1_over_none": round(seconds["star1"] / seconds["none"], 3),
        "star2_over_none": round(seconds["star2"] / seconds["none"], 3),
    }

    figures["mcts"] = {}
    for name, make, iterations in (
        ("tictactoe", TicTacToe, 2_000 if quick else 20_000),
        ("connect4", ConnectFour, 1_000 if quick else 5_000),
    ):
        spent, found = best_of(
            lambda make=make, n=iterations: mcts(make(), iterations=n, rng=0, solver=False),
            2 if quick else 3,
        )
        figures["mcts"][name] = {
            "iterations": iterations,
            "iterations_per_second": round(iterations / spent),
            "nodes": found.stats.nodes,
            "action": found.action,
        }
    print(json.dumps(figures), flush=True)


def run_loops(python: str, build: str, quick: bool) -> dict[str, Any]:
    """The figures of :func:`loops_worker`, run by ``python`` on ``build``'s gamesearch."""
    arguments = ["--loops-worker", build, *(["--quick"] if quick else [])]
    result: dict[str, Any] = json.loads(run_worker(python, build, arguments).splitlines()[-1])
    return result


def best_round(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """The best figures of a build's rounds (the counts of the first: all must agree)."""
    best = rounds[0]
    for other in rounds[1:]:
        for field, key in (
            ("engine", "depth_in_1s"),
            ("engine", "nodes_per_second"),
        ):
            best[field][key] = max(best[field][key], other[field][key])
        tic = other["tictactoe"]
        if tic["over_floor"] < best["tictactoe"]["over_floor"]:
            best["tictactoe"] = tic
        if other["chance"]["star2_over_none"] < best["chance"]["star2_over_none"]:
            best["chance"] = other["chance"]
        for game, row in other["mcts"].items():
            if row["iterations_per_second"] > best["mcts"][game]["iterations_per_second"]:
                best["mcts"][game] = row
    return best


COUNTS = {
    "engine": ("fixed_depth_nodes", "fixed_depth_value"),
    "tictactoe": ("nodes",),
    "chance": ("nodes",),
    "mcts": None,
}


def compare_loops(pure_python: str, compiled_python: str | None, quick: bool, rounds: int) -> None:
    """Measure the loops in both builds, alternating; emit a line each; fail on other counts."""
    found: dict[str, list[dict[str, Any]]] = {"pure": []}
    if compiled_python:
        found["compiled"] = []
    for _ in range(rounds):
        found["pure"].append(run_loops(pure_python, "pure", quick))
        if compiled_python:
            found["compiled"].append(run_loops(compiled_python, "compiled", quick))
    builds = {build: best_round(runs) for build, runs in found.items()}
    for build, runs in found.items():
        for run in runs:
            for part, keys in COUNTS.items():
                mine, theirs = run[part], found["pure"][0][part]
                if keys is None:  # MCTS: the nodes and action of each game
                    mine = {g: (r["nodes"], r["action"]) for g, r in mine.items()}
                    theirs = {g: (r["nodes"], r["action"]) for g, r in theirs.items()}
                else:
                    mine = [mine[key] for key in keys]
                    theirs = [theirs[key] for key in keys]
                if mine != theirs:
                    fail(f"{part}: the {build} build found {mine}, the pure build {theirs}")
    for part in COUNTS:
        emit(bench="compiled.loops", part=part, **{b: f[part] for b, f in builds.items()})


def mean_ms(rows: list[list[Any]]) -> float:
    return 1000 * statistics.fmean(row[2] for row in rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer positions (~1 min)")
    parser.add_argument("--pure-python", default=sys.executable, help="runs this src/")
    parser.add_argument("--compiled-python", help="an interpreter with the compiled wheel")
    parser.add_argument("--pons", help="Pons's solver's driver (see the docstring)")
    parser.add_argument("--rounds", type=int, default=2, help="alternate the loops' workers")
    parser.add_argument("--loops-only", action="store_true", help="the loops' lines alone")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--loops-worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return
    if args.loops_worker:
        loops_worker(args.loops_worker, args.quick)
        return
    emit_env("compiled.env")
    compare_loops(args.pure_python, args.compiled_python, args.quick, args.rounds)
    if args.loops_only:
        return
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
        answers = {build: [row[3:] for row in rows] for build, rows in runs.items()}
        if "compiled" in runs and answers["compiled"] != answers["pure"]:
            fail(f"{name}: the compiled build's best actions or distances differ from the pure's")
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
