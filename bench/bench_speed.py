"""The compiled build against every C++ reference, each on its own work, in one run (issue 49).

Each comparison times a user's whole run on both sides (a new process, its imports, the game
and the solver made, the work, the answer printed), the best of ``--repeat`` runs with the
spread (min, median, max), and the pure build beside it; a reference that is not here is
skipped with its reason on a ``speed.skipped`` line. The lines (JSON):

- ``speed.c4``: Connect Four's exact solver, per set of positions (``begin``: 10-14 stones,
  ``middle``: 18-24; random legal games without an immediate win, those of
  ``bench_compiled.py``: ``tuned`` are the seeds the solver was tuned on, ``held_out`` seeds
  never looked at before this run). Pascal Pons's ``c4solver`` (``--pons BINARY``, built from
  his repository as its README says; no opening book) reads the move strings on stdin as his
  README runs it; ours is the user's program below (``USER_C4``), run by each build. Both
  processes are also run with no positions: ``startup`` is that run (his table's allocation;
  our interpreter and imports), ``solve`` the whole run less it. Scores must agree.
- ``speed.cfr``: CFR+ on Kuhn, Leduc and Liar's Dice against OpenSpiel's C++
  ``CFRPlusSolver`` (pyspiel), 30 and 300 iterations, construction counted on both sides
  (``bench_cfr.cfr_whole_runs``); exploitabilities must agree.
- ``speed.mcts``: MCTS simulations a second on Connect Four's empty board against OpenSpiel's
  C++ ``MCTSBot`` (one random rollout a simulation, UCT c = 2), and a match at equal time
  (``bench_mcts.mcts_speed`` and ``bench_mcts.mcts_match``).
- ``speed.summary``: one ratio per comparison, the reference's time over the compiled
  build's (above 1: the compiled build is faster), and ``--markdown`` prints the table of
  docs/speed.md from the same run.

Usage: ``python bench/bench_speed.py [--quick] [--compiled-python PY] [--pons BINARY]
[--repeat N] [--only c4,cfr,mcts] [--markdown]``
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from _common import emit, emit_env, fail
from bench_compiled import positions

ROOT = Path(__file__).resolve().parents[1]

USER_C4 = """\
import sys
from gamesearch import mtdf
from gamesearch.games import ConnectFour

game = ConnectFour()
for line in sys.stdin:
    state = game.from_moves(line.strip())
    print(line.strip(), game.pons_score(state, mtdf(game, state)), flush=True)
"""
"""A user's program that solves Connect Four positions as Pons's ``c4solver`` does: one move
string a line on stdin, the move string and its score a line on stdout."""

SETS = {"begin": (10, 14), "middle": (18, 24)}
"""Stones on the board in each set of positions."""

TIMEOUT = 1200
"""Seconds a whole run may take before it is killed and the benchmark fails (a reference that
never answers would otherwise hang it)."""

HELD_OUT = 1000
"""Added to a set's seed for positions no change was tuned on."""


def environment(build: str) -> dict[str, str]:
    """The environment of a process of ``build``.

    The pure build is this checkout's source; any other runs the wheel installed for its
    interpreter, with this checkout off its path.
    """
    env = dict(os.environ)
    # as a user's Python does, the pure build keeps its bytecode between runs
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if build == "pure":
        env["PYTHONPATH"] = os.pathsep.join(
            path for path in (str(ROOT / "src"), env.get("PYTHONPATH", "")) if path
        )
    else:
        env.pop("PYTHONPATH", None)
    return env


def whole_run(command: Sequence[str], given: str, env: dict[str, str] | None = None) -> Any:
    """CPU seconds of one run of ``command`` fed ``given``, its wall seconds, what it printed.

    CPU time (user and system) is the figure compared: on a shared machine it moves far less
    than the wall clock (both are reported).
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    try:
        done = subprocess.run(
            list(command),
            input=given,
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=False,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        fail(f"{command[0]} did not finish within {TIMEOUT} s (killed)")
    except OSError as error:
        fail(f"{command[0]} could not be run: {error}")
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode:
        said = done.stdout[-2000:] + done.stderr[-2000:]
        fail(f"{command[0]} failed ({done.returncode}):\n{said}")
    return cpu, wall, done.stdout


def spread(times: list[float]) -> dict[str, float]:
    """The best, median and worst of ``times``, in milliseconds."""
    return {
        "best_ms": round(1000 * min(times), 2),
        "median_ms": round(1000 * statistics.median(times), 2),
        "worst_ms": round(1000 * max(times), 2),
    }


def c4_sides(args: argparse.Namespace) -> dict[str, list[str]]:
    """The command of each side of the Connect Four comparison that is here."""
    sides = {"pure": [sys.executable, "-c", USER_C4]}
    if args.compiled_python:
        sides["compiled"] = [args.compiled_python, "-c", USER_C4]
    if args.pons:
        sides["cpp"] = [str(Path(args.pons).resolve())]
    return sides


def c4_scores(side: str, printed: str) -> list[int]:
    """The scores a side printed, one a position (Pons prints ``moves score``, as ours does)."""
    scores = []
    for line in printed.splitlines():
        fields = line.split()
        if not fields:
            continue
        if len(fields) != 2 or not fields[1].lstrip("-").isdigit():
            fail(f"the {side} side printed {line[:80]!r}, not 'moves score'")
        scores.append(int(fields[1]))
    return scores


def compare_c4(args: argparse.Namespace, summary: dict[str, Any]) -> None:
    """The ``speed.c4`` lines: each side's whole runs over each set, and its startup."""
    sides = c4_sides(args)
    if "cpp" not in sides:
        emit(bench="speed.skipped", part="c4", reason="no --pons: Pons's c4solver not given")
    if "compiled" not in sides:
        emit(bench="speed.skipped", part="c4.compiled", reason="no --compiled-python")
    if args.quick or args.no_pure_begin:
        emit(
            bench="speed.skipped",
            part="c4.pure.begin",
            reason="the pure build's begin set takes minutes a run (--quick or --no-pure-begin)",
        )
    counts = {"begin": 2, "middle": 6} if args.quick else {"begin": 6, "middle": 20}
    kinds = {"tuned": 0} if args.quick else {"tuned": 0, "held_out": HELD_OUT}
    for kind, offset in kinds.items():
        for name, (low, high) in SETS.items():
            moves = positions(low, high, counts[name], seed=low + offset)
            given = "\n".join(moves) + "\n"
            times: dict[str, list[float]] = {side: [] for side in sides}
            startup: dict[str, list[float]] = {side: [] for side in sides}
            walls: dict[str, list[float]] = {side: [] for side in sides}
            scores: dict[str, list[int]] = {}
            runs = args.repeat
            for run in range(runs):  # the sides alternate, so that a slow spell hits all of them
                for side, command in sides.items():
                    if side == "pure" and (
                        run >= args.pure_repeat
                        or (name == "begin" and (args.quick or args.no_pure_begin))
                    ):
                        continue
                    env = environment(side)
                    seconds, wall, printed = whole_run(command, given, env)
                    times[side].append(seconds)
                    walls[side].append(wall)
                    scores[side] = c4_scores(side, printed)
                    startup[side].append(whole_run(command, "", env)[0])
            reference = next(iter(scores.values()))
            if any(found != reference for found in scores.values()):
                fail(f"c4 {kind} {name}: the scores differ: {scores}")
            measured = {side: t for side, t in times.items() if t}
            line: dict[str, Any] = {
                side: {
                    "whole": spread(t),
                    "whole_wall": spread(walls[side]),
                    "startup": spread(startup[side]),
                    "solve_ms_per_position": round(
                        1000 * (min(t) - min(startup[side])) / len(moves), 2
                    ),
                }
                for side, t in measured.items()
            }
            ratios = {}
            if {"cpp", "compiled"} <= measured.keys():
                ratios["cpp_over_compiled_whole"] = round(
                    min(measured["cpp"]) / min(measured["compiled"]), 2
                )
                ratios["cpp_over_compiled_solve"] = round(
                    line["cpp"]["solve_ms_per_position"]
                    / max(line["compiled"]["solve_ms_per_position"], 1e-3),
                    2,
                )
                rounds = [c / o for c, o in zip(measured["cpp"], measured["compiled"], strict=True)]
                ratios["cpp_over_compiled_each_run"] = {
                    "lowest": round(min(rounds), 2),
                    "median": round(statistics.median(rounds), 2),
                    "highest": round(max(rounds), 2),
                }
                summary[f"c4.{name}.{kind}"] = {
                    "what": f"Connect Four solver, {name} set ({len(moves)} positions, "
                    f"{low}-{high} stones, {kind.replace('_', '-')} seeds), whole run",
                    "reference": "Pons's c4solver",
                    "unit": "CPU ms",
                    "cpp": round(1000 * min(measured["cpp"]), 1),
                    "compiled": round(1000 * min(measured["compiled"]), 1),
                    "pure": round(1000 * min(measured["pure"]), 1) if "pure" in measured else None,
                    "ratio": ratios["cpp_over_compiled_whole"],
                    "ratio_each_run": ratios["cpp_over_compiled_each_run"],
                }
            if {"pure", "compiled"} <= measured.keys():
                ratios["pure_over_compiled_whole"] = round(
                    min(measured["pure"]) / min(measured["compiled"]), 2
                )
            emit(
                bench="speed.c4",
                set=name,
                seeds=kind,
                seed=low + offset,
                stones=f"{low}-{high}",
                positions=len(moves),
                runs=runs,
                scores=reference,
                **line,
                **ratios,
            )


def compare_cfr(args: argparse.Namespace, summary: dict[str, Any]) -> None:
    """The ``speed.cfr`` lines: ``bench_cfr.cfr_whole_runs``, one line a game and count."""
    import bench_cfr

    if not hasattr(bench_cfr, "cfr_whole_runs"):
        emit(bench="speed.skipped", part="cfr", reason="bench_cfr has no cfr_whole_runs yet")
        return
    games = ["kuhn_poker", "leduc_poker"]
    if not args.quick:
        games.append("liars_dice")
    iterations = [30] if args.quick else [30, 300]
    for row in bench_cfr.cfr_whole_runs(games, iterations, args.repeat, args.compiled_python):
        emit(bench="speed.cfr", **row)
        if row.get("cpp_over_ours") is None:
            continue
        for part, said in (("total", "construction and iterations"), ("process", "whole run")):
            low, high = row[f"ratio_{part}_spread"]
            summary[f"cfr.{row['game']}.{row['iterations']}.{part}"] = {
                "what": f"CFR+ on {row['game']}, {row['iterations']} iterations, {said}",
                "reference": "OpenSpiel's CFRPlusSolver",
                "unit": "s",
                "cpp": row[f"openspiel_cpp_{part}_s"],
                "compiled": row[f"ours_{part}_s"],
                "pure": None,
                "ratio": row[f"ratio_{part}"],
                "ratio_each_run": {"lowest": low, "highest": high},
            }


def compare_mcts(args: argparse.Namespace, summary: dict[str, Any]) -> None:
    """The ``speed.mcts`` lines: simulations a second, and the match at equal time."""
    import bench_mcts

    if not hasattr(bench_mcts, "mcts_speed"):
        emit(bench="speed.skipped", part="mcts", reason="bench_mcts has no mcts_speed yet")
        return
    speed = bench_mcts.mcts_speed(0.5 if args.quick else 2.0, args.compiled_python)
    emit(bench="speed.mcts", part="speed", **speed)
    if speed.get("summary_row") is not None:
        summary["mcts.simulations"] = speed["summary_row"]
    games = 2 if args.quick else 40
    match = bench_mcts.mcts_match(games, 0.05 if args.quick else 0.1, args.compiled_python, 49)
    emit(bench="speed.mcts", part="match", **match)
    if "gamesearch_score" in match:
        wins, draws, losses = (match[f"gamesearch_{k}"] for k in ("wins", "draws", "losses"))
        low, high = match["ci95"]
        summary["mcts.match"] = {
            "what": f"MCTS match at equal time ({match['seconds_per_move']:g} s a move), "
            f"{games} games, both colours, seed {match['seed']}",
            "reference": "OpenSpiel's MCTSBot",
            "unit": "won, drawn, lost",
            "cpp": f"{losses}-{draws}-{wins}",
            "compiled": f"{wins}-{draws}-{losses}",
            "pure": None,
            "score": match["gamesearch_score"],
            "score_ci95": [low, high],
        }


def _number(value: Any) -> str:
    """A figure as the table shows it: thousands separated, text as it is."""
    return f"{value:,}" if isinstance(value, (int, float)) else str(value)


def markdown(summary: dict[str, Any]) -> str:
    """The table of docs/speed.md from this run's summary."""
    rows = [
        "| comparison | C++ reference | compiled | pure | C++ / compiled (each run) |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for row in summary.values():
        runs = row.get("ratio_each_run")
        spread = f" ({runs['lowest']}-{runs['highest']})" if runs else ""
        pure = "-" if row.get("pure") is None else f"{row['pure']:,}"
        if "score" in row:  # a match: the compiled build's score and its 95 % interval
            low, high = row["score_ci95"]
            shown = f"score **{row['score']}** ({low}-{high})"
        else:
            shown = f"**{row['ratio']}x**{spread}"
        rows.append(
            f"| {row['what']} ({row['unit']}) | {row['reference']}: {_number(row['cpp'])} "
            f"| {_number(row['compiled'])} | {pure} | {shown} |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="small sets, 2 runs a side (~1 min)")
    parser.add_argument("--compiled-python", help="an interpreter with the compiled wheel")
    parser.add_argument("--pons", help="Pons's c4solver, built from his repository")
    parser.add_argument("--repeat", type=int, help="whole runs a side (default 5, --quick 2)")
    parser.add_argument("--only", default="c4,cfr,mcts", help="which comparisons to run")
    parser.add_argument(
        "--pure-repeat", type=int, default=1, help="whole runs of the pure build (default 1)"
    )
    parser.add_argument(
        "--no-pure-begin", action="store_true", help="the pure build skips the begin set"
    )
    parser.add_argument("--markdown", action="store_true", help="print docs/speed.md's table")
    args = parser.parse_args(argv)
    if args.repeat is None:
        args.repeat = 2 if args.quick else 5
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.pons and not Path(args.pons).is_file():
        parser.error(f"--pons {args.pons}: not a file (Pons's c4solver program)")
    if args.pons and not os.access(args.pons, os.X_OK):
        parser.error(f"--pons {args.pons}: not executable")
    emit_env("speed.env", gc_disabled=False)
    if importlib.util.find_spec("pyspiel") is None:
        emit(bench="speed.skipped", part="openspiel", reason="pyspiel is not installed")
    summary: dict[str, Any] = {}
    parts = {"c4": compare_c4, "cfr": compare_cfr, "mcts": compare_mcts}
    for part in args.only.split(","):
        if part not in parts:
            parser.error(f"--only: {part!r} is not one of {', '.join(parts)}")
        parts[part](args, summary)
    emit(bench="speed.summary", **summary)
    if args.markdown:
        print(markdown(summary), file=sys.stderr)


if __name__ == "__main__":
    main()
