"""Before and after: the same searches timed on two checkouts of gamesearch, interleaved.

A refactoring must not cost speed. This script runs a fixed set of searches (the plain
alpha-beta and minimax loops, the enhanced loop with each enhancement, iterative deepening)
in fresh processes, alternating between this checkout's ``src`` and another's (``--base``,
for example a ``git worktree`` of the previous commit), and prints one JSON line per search
with the minimum time of each side and their ratio (this checkout's time over the base's:
above 1 is slower), and both node counts: a refactoring must keep them (``same_nodes``), a
change of algorithm may not. ``--same-nodes`` makes a difference fail the script.

The chance loop's searches are among them: expectiminimax unpruned, with Star1 and with Star2
(Ballard 1983) on an endgame of Pig to 20 to depth 8 and on Hog (``Hog()``, to the end, with
exact ``Fraction`` probabilities), expectimax on both, and expectiminimax and Star1 traced.
``--only TEXT`` runs the searches whose name contains it (``--only expecti``: the chance loop's).
``--repeat N`` times each search N times in a pass (the best kept), and ``--clock process_time``
times the worker's CPU rather than the wall clock, which a machine shared with other jobs makes
steadier. ``--instructions`` counts instead the instructions each search takes on each side,
with ``valgrind --tool=callgrind``, which noise does not move (a worker that runs the search
once, less one that runs none).

Two installed builds compare the same way: ``--this-python`` and ``--base-python`` are
interpreters whose environments have each a wheel installed (for example the compiled ones,
built with ``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 python -m build``); the checkouts' ``src`` then stay
off the path, and each worker prints the build it ran (``gamesearch.build_info()``).

    git worktree add /tmp/base HEAD~1
    python bench/bench_versions.py --base /tmp/base --quick
    python bench/bench_versions.py --this-python NEW/bin/python --base-python OLD/bin/python
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import emit, emit_env, fail

HERE = Path(__file__).resolve().parent

WORKLOAD = r"""
import gc, json, sys, time
from gamesearch import alphabeta, iterative_deepening, minimax, negamax
from gamesearch.games import ConnectFour, TicTacToe
try:
    from gamesearch import TranspositionTable
except ImportError:  # versions before it was exported here (gamesearch.table: gone in 0.3.0)
    from gamesearch.table import TranspositionTable

ttt, c4 = TicTacToe(), ConnectFour()
cases = {
    "alphabeta plain, tic-tac-toe": lambda: alphabeta(ttt),
    "negamax plain, tic-tac-toe": lambda: negamax(ttt),
    "minimax plain, tic-tac-toe 3 stones": lambda: minimax(ttt, ttt.parse("X.. / .O. / ..X")),
    "alphabeta order, connect4 d7": lambda: alphabeta(
        c4, depth=7, evaluate=c4.evaluate, order=c4.order),
    "alphabeta table, connect4 d6": lambda: alphabeta(
        c4, depth=6, evaluate=c4.evaluate, table=TranspositionTable()),
    "alphabeta killers+history, connect4 d7": lambda: alphabeta(
        c4, depth=7, evaluate=c4.evaluate, killers=True, history=True),
    "iterative_deepening, connect4 d8": lambda: iterative_deepening(c4, depth=8),
    "iterative_deepening, tic-tac-toe": lambda: iterative_deepening(ttt),
}
from gamesearch import expectimax, expectiminimax
from gamesearch.games import Hog, Pig, PigState

pig, hog, end = Pig(goal=20), Hog(), PigState(14, 12, 0, 0, False)
star = {"pruning": "star1", "bounds": (-1, 1)}
star2 = {"pruning": "star2", "bounds": (-1, 1)}
pig8 = {"depth": 8, "evaluate": pig.evaluate}
cases |= {
    "expectiminimax, pig endgame d8": lambda: expectiminimax(pig, end, **pig8),
    "expectiminimax star1, pig endgame d8": lambda: expectiminimax(pig, end, **pig8, **star),
    "expectiminimax star2, pig endgame d8": lambda: expectiminimax(pig, end, **pig8, **star2),
    "expectiminimax, hog to the end": lambda: expectiminimax(hog),
    "expectiminimax star1, hog to the end": lambda: expectiminimax(hog, **star),
    "expectiminimax star2, hog to the end": lambda: expectiminimax(hog, **star2),
    "expectimax, pig endgame d8": lambda: expectimax(pig, end, **pig8),
    "expectimax, hog to the end": lambda: expectimax(hog),
    "expectiminimax traced, pig endgame d8": lambda: expectiminimax(
        pig, end, **pig8, trace=lambda event: None),
    "expectiminimax star1 traced, pig endgame d8": lambda: expectiminimax(
        pig, end, **pig8, **star, trace=lambda event: None),
}
only, mode, repeat, clock = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
clock = getattr(time, clock)
if mode == "one":  # the search named ``only`` once (none if no name is ``only``), untimed
    for name, run in cases.items():
        if name == only:
            run()
    raise SystemExit
from gamesearch import build_info
print(json.dumps({"build": str(build_info())}))
for name, run in cases.items():
    if only not in name:
        continue
    if mode == "list":
        print(json.dumps({"case": name, "seconds": 0, "nodes": 0}))
        continue
    run()  # warm the game's memos
    elapsed = float("inf")
    for _ in range(repeat):
        gc.collect(); gc.disable()
        start = clock(); result = run()
        elapsed = min(elapsed, clock() - start)
        gc.enable()
    print(json.dumps({"case": name, "seconds": elapsed, "nodes": result.stats.nodes}))
"""


def environment(src: Path | None) -> dict[str, str]:
    """The worker's environment: ``src`` first on the path, or (``None``) the installed wheel."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if src is None:
        env.pop("PYTHONPATH", None)
    else:
        env["PYTHONPATH"] = str(src)
    return env


def measure(
    python: str,
    src: Path | None,
    only: str,
    mode: str = "time",
    repeat: int = 1,
    clock: str = "perf_counter",
) -> tuple[str, dict[str, tuple[float, int]]]:
    """What ``python`` ran: its build, and each search's best seconds of ``repeat`` and nodes.

    ``mode`` ``"list"`` names the searches without running them.
    """
    out = subprocess.run(
        [python, "-c", WORKLOAD, only, mode, str(repeat), clock],
        env=environment(src),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    build, *rows = [json.loads(line) for line in out.splitlines()]
    return build["build"], {row["case"]: (row["seconds"], row["nodes"]) for row in rows}


def instructions(python: str, src: Path | None, case: str) -> int:
    """The instructions callgrind counts in a worker that runs ``case`` once (``""``: none)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        tool = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        subprocess.run(
            [*tool, python, "-c", WORKLOAD, case, "one", "1", "perf_counter"],
            env=environment(src),
            capture_output=True,
            check=True,
        )
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    fail(f"no total in callgrind's output for {case!r}")


def count_instructions(sides: dict[str, tuple[str, Path | None]], only: str) -> None:
    """Emit the instructions each search takes on each side (less a worker's that runs none)."""
    python, src = sides["this"]
    _, listed = measure(python, src, only, "list")
    empty = {side: instructions(python, src, "") for side, (python, src) in sides.items()}
    for case in listed:
        counts = {
            side: instructions(python, src, case) - empty[side]
            for side, (python, src) in sides.items()
        }
        emit(
            case=case,
            instructions_this=counts["this"],
            instructions_base=counts["base"],
            ratio=round(counts["this"] / counts["base"], 4),
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="a checkout to compare with")
    parser.add_argument("--this-python", help="an interpreter with this side's wheel installed")
    parser.add_argument("--base-python", help="an interpreter with the base's wheel installed")
    parser.add_argument("--only", default="", help="the searches whose name contains this")
    parser.add_argument("--quick", action="store_true", help="3 passes instead of 7")
    parser.add_argument("--repeat", type=int, default=1, help="runs of a search in a pass")
    parser.add_argument(
        "--clock",
        choices=("perf_counter", "process_time"),
        default="perf_counter",
        help="wall-clock time, or the worker's CPU time (steadier on a busy machine)",
    )
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions with callgrind instead"
    )
    parser.add_argument(
        "--same-nodes", action="store_true", help="fail if a search's node count differs"
    )
    args = parser.parse_args()
    installed = args.this_python is not None and args.base_python is not None
    if installed == (args.base is not None):
        parser.error("give either --base or both --this-python and --base-python")
    passes = 3 if args.quick else 7
    emit_env("versions")
    sides: dict[str, tuple[str, Path | None]] = (
        {"this": (args.this_python, None), "base": (args.base_python, None)}
        if installed
        else {
            "this": (sys.executable, HERE.parent / "src"),
            "base": (sys.executable, args.base.resolve() / "src"),
        }
    )
    if args.instructions:
        count_instructions(sides, args.only)
        return
    emit(bench="versions.clock", clock=args.clock, passes=passes, repeat=args.repeat)
    best: dict[str, dict[str, float]] = {}
    nodes: dict[str, dict[str, int]] = {}
    builds: dict[str, str] = {}
    for _ in range(passes):
        for side, (python, src) in sides.items():
            build, found = measure(python, src, args.only, repeat=args.repeat, clock=args.clock)
            if side not in builds:
                builds[side] = build
                emit(bench="versions.build", side=side, build=build)
            for case, (seconds, count) in found.items():
                slot = best.setdefault(case, {})
                slot[side] = min(slot.get(side, seconds), seconds)
                nodes.setdefault(case, {})[side] = count
    for case, times in best.items():
        same = nodes[case]["this"] == nodes[case]["base"]
        if args.same_nodes and not same:
            fail(f"{case}: {nodes[case]['this']} nodes here, {nodes[case]['base']} in the base")
        emit(
            case=case,
            nodes=nodes[case]["this"],
            nodes_base=nodes[case]["base"],
            same_nodes=same,
            seconds_this=round(times["this"], 5),
            seconds_base=round(times["base"], 5),
            ratio=round(times["this"] / times["base"], 3),
            passes=passes,
        )


if __name__ == "__main__":
    main()
