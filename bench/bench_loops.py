"""Each alpha-beta loop's gain per node, pure and compiled, in one run (issue 47).

Alpha-beta runs in the engine's loop (``twoplayer/_engine.py``), which serves every option, and
beside it in the plain loop (``twoplayer/_plain.py``'s ``plain_search``), which runs when no
option is on, over a game's ``children`` or the same made from its members; before issue 47 the
plain loop over the members (``_window.py``) had a twin over ``children`` (``_children.py``). A
loop beside the engine's is kept only where it gains at least 1.3 times per node on its
benchmark (issue 28); the same nodes are visited (checked here).

The benchmarks, each solved by every loop that can, the nodes of each checked equal:

- ``tictactoe``: alpha-beta's tic-tac-toe solve over the six members of the protocol
  (``bench_core.py``'s ``PlainMembers``: the loops call ``actions``, ``result``, ...);
- ``tictactoe.children``: the same solve with ``TicTacToe.children`` (the plain loop reads it;
  the engine's does not);
- ``connect4``: 7x6 Connect Four from the empty board at depth 6 (the game's evaluation; its
  own 64-bit loop not used: distance scores off, as the plain loop has none).

Each build runs in a worker process of its own (the pure one on this checkout's ``src/``, the
compiled one on ``--compiled-python``, an interpreter where the wheel built with
``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 python -m build`` is installed); the workers alternate
``--rounds`` times and the best time of each loop is kept. Lines (JSON): ``loops.time`` per
build, benchmark and loop (seconds, nodes, nanoseconds a node), and ``loops.gain`` per build
and benchmark: each loop's time over the plain loop's, and whether the plain loop keeps
(>= 1.3).

Usage: ``python bench/bench_loops.py [--quick] [--rounds N] [--compiled-python PY]
[--build NAME=PYTHON[@SRC] ...]``; ``--build`` adds a build to the run, such as the one before a
change (a git worktree's ``src``, or an interpreter with that version's compiled wheel).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from _common import emit, emit_env, fail

ROOT = Path(__file__).resolve().parents[1]
KEEP = 1.3
"""The least gain per node that keeps a loop beside the engine's (issue 28)."""


def worker(repeat: int, clock: str = "perf_counter") -> None:
    """Time each loop on each benchmark ``repeat`` times; print ``{name: [seconds, nodes]}``."""
    import gc
    import math
    import time

    import gamesearch
    from gamesearch.games import ConnectFour, TicTacToe
    from gamesearch.twoplayer._enhanced import Enhancements, enhanced_search

    try:
        from gamesearch.twoplayer._plain import plain_search
    except ImportError:  # before issue 47: the plain loop over the members, in _window
        from gamesearch.twoplayer._window import plain_search  # type: ignore[attr-defined]

    sys.path.insert(0, str(ROOT / "bench"))
    from bench_core import PlainMembers

    def plain(game: Any, horizon: int, evaluate: Any) -> tuple[float, int]:
        found = plain_search(
            game, game.initial_state(), horizon, evaluate, root_view=True, unwound=[]
        )
        return found.value, found.expanded + found.leaves

    def engine(game: Any, horizon: int, evaluate: Any) -> tuple[float, int]:
        found = enhanced_search(
            game, game.initial_state(), horizon, evaluate, root_view=True,
            options=Enhancements(distances=False),
        )  # fmt: skip
        return found.value, found.expanded + found.leaves

    ttt, c4 = TicTacToe(), ConnectFour()
    benchmarks = {
        "tictactoe": (PlainMembers(ttt), -1, None),
        "tictactoe.children": (ttt, -1, None),
        "connect4": (c4, 6, c4.evaluate),
    }
    runs = {(bench, loop): (bench, loop) for bench in benchmarks for loop in ("plain", "engine")}
    loops = {"plain": plain, "engine": engine}
    best: dict[str, list[float]] = {}
    now = getattr(time, clock)
    gc.disable()
    for i in range(repeat):
        for bench, loop in runs if i % 2 == 0 else list(runs)[::-1]:
            game, horizon, evaluate = benchmarks[bench]
            started = now()
            value, nodes = loops[loop](game, horizon, evaluate)
            seconds = now() - started
            name = f"{bench}/{loop}"
            if name not in best or seconds < best[name][0]:
                best[name] = [seconds, nodes, value]
    gc.enable()
    compiled = len(gamesearch.build_info().compiled)
    print(json.dumps({"compiled": compiled, "best": best, "inf": math.inf}))


def run_worker(python: str, src: str | None, repeat: int, clock: str) -> dict[str, Any]:
    """One worker's best times, from ``python``, with ``src`` first on its path if given."""
    code = (
        f"import sys; sys.path[:0] = [{src!r}] if {src is not None} else []; "
        f"sys.path.insert(0, {str(ROOT / 'bench')!r}); "
        f"import bench_loops; bench_loops.worker({repeat}, {clock!r})"
    )
    done = subprocess.run([python, "-c", code], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        fail(f"the worker of {python} failed: {done.stderr[-2000:]}")
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def _builds(given: list[str], compiled: str | None) -> dict[str, tuple[str, str | None]]:
    """The builds to time, by name: (interpreter, checkout's src or None for an installed one)."""
    builds: dict[str, tuple[str, str | None]] = {"pure": (sys.executable, str(ROOT / "src"))}
    if compiled:
        builds["compiled"] = (compiled, None)
    for item in given:
        name, _, rest = item.partition("=")
        python, _, src = rest.partition("@")
        builds[name] = (python or sys.executable, src or None)
    return builds


def main(argv: list[str] | None = None) -> None:
    """Run both builds' workers in turn, keep the best, print the lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="one round of three repeats")
    parser.add_argument("--rounds", type=int, default=None, help="worker runs per build")
    parser.add_argument("--compiled-python", help="an interpreter with the compiled wheel")
    parser.add_argument(
        "--build", action="append", default=[], metavar="NAME=PYTHON[@SRC]",
        help="one more build: an interpreter, and a checkout's src to put first (for a build "
        "before a change: a git worktree of it); repeat for more",
    )  # fmt: skip
    parser.add_argument(
        "--clock", choices=("perf_counter", "process_time"), default="perf_counter",
        help="the worker's clock: process_time counts its CPU only, steadier on a busy machine",
    )  # fmt: skip
    args = parser.parse_args(argv)
    rounds = args.rounds or (1 if args.quick else 3)
    repeat = 3 if args.quick else 7
    emit_env("loops.env")
    emit(bench="loops.clock", clock=args.clock, rounds=rounds, repeat=repeat)
    builds = _builds(args.build, args.compiled_python)
    best: dict[str, dict[str, list[float]]] = {name: {} for name in builds}
    for i in range(rounds):
        for build in builds if i % 2 == 0 else list(builds)[::-1]:
            python, src = builds[build]
            found = run_worker(python, src, repeat, args.clock)
            if src is None and not found["compiled"]:
                fail(f"{python} runs the pure build: install the compiled wheel there")
            for name, (seconds, nodes, value) in found["best"].items():
                kept = best[build].get(name)
                if kept is None or seconds < kept[0]:
                    best[build][name] = [seconds, nodes, value]
    for build, times in best.items():
        for bench in sorted({name.split("/")[0] for name in times}):
            plain, engine = times[f"{bench}/plain"], times[f"{bench}/engine"]
            if plain[1:] != engine[1:]:
                fail(f"{build} {bench}: the loops differ: plain {plain[1:]}, engine {engine[1:]}")
            for loop, (seconds, nodes, _) in (("plain", plain), ("engine", engine)):
                emit(
                    bench="loops.time", build=build, benchmark=bench, loop=loop,
                    seconds=round(seconds, 6), nodes=nodes,
                    ns_per_node=round(seconds / nodes * 1e9, 1),
                )  # fmt: skip
            gain = engine[0] / plain[0]
            emit(
                bench="loops.gain", build=build, benchmark=bench, nodes=plain[1],
                engine_over_plain=round(gain, 3), keeps_the_plain_loop=gain >= KEEP,
            )  # fmt: skip


if __name__ == "__main__":
    main()
