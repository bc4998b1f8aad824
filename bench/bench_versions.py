"""Before and after: the same searches timed on two checkouts of gamesearch, interleaved.

A refactoring must not cost speed. This script runs a fixed set of searches (the plain
alpha-beta and minimax loops, the enhanced loop with each enhancement, iterative deepening)
in fresh processes, alternating between this checkout's ``src`` and another's (``--base``,
for example a ``git worktree`` of the previous commit), and prints one JSON line per search
with the minimum time of each side and their ratio (this checkout's time over the base's:
above 1 is slower), and both node counts: a refactoring must keep them (``same_nodes``), a
change of algorithm may not. ``--same-nodes`` makes a difference fail the script.

    git worktree add /tmp/base HEAD~1
    python bench/bench_versions.py --base /tmp/base --quick
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
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
for name, run in cases.items():
    run()  # warm the game's memos
    gc.collect(); gc.disable()
    start = time.perf_counter(); result = run(); elapsed = time.perf_counter() - start
    gc.enable()
    print(json.dumps({"case": name, "seconds": elapsed, "nodes": result.stats.nodes}))
"""


def measure(src: Path) -> dict[str, tuple[float, int]]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", WORKLOAD], env=env, capture_output=True, text=True, check=True
    ).stdout
    rows = [json.loads(line) for line in out.splitlines()]
    return {row["case"]: (row["seconds"], row["nodes"]) for row in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="a checkout to compare with")
    parser.add_argument("--quick", action="store_true", help="3 passes instead of 7")
    parser.add_argument(
        "--same-nodes", action="store_true", help="fail if a search's node count differs"
    )
    args = parser.parse_args()
    passes = 3 if args.quick else 7
    emit_env("versions")
    ours, base = HERE.parent / "src", args.base.resolve() / "src"
    best: dict[str, dict[str, float]] = {}
    nodes: dict[str, dict[str, int]] = {}
    for _ in range(passes):
        for side, src in (("this", ours), ("base", base)):
            for case, (seconds, count) in measure(src).items():
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
