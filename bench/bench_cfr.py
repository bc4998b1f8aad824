"""CFR benchmark: CFR+ iterations per second on Kuhn and Leduc poker, against OpenSpiel's solvers.

Lines (JSON, one dict per line on stdout):

- ``cfr.env``: Python, platform, library version; ``cfr.versions``: OpenSpiel's version.
- ``cfr.speed``: for each game, gamesearch's CFR+ (``CFRSolver(game, variant="plus")``): the
  seconds to enumerate and compile the tree, iterations per second, and the exploitability
  after the iterations run.
- ``cfr.openspiel``: in the same run, OpenSpiel's Python ``CFRPlusSolver`` and its C++
  ``pyspiel.CFRPlusSolver`` on OpenSpiel's game of the same name: iterations per second,
  gamesearch's speed-up over each, and whether the issue's targets hold (at least 10 times the
  Python solver on both games; on Leduc, at least the C++ solver's speed).
- ``cfr.skipped``: in place of the ``cfr.openspiel`` lines, where OpenSpiel is not installed.

The script checks, in the same run, that gamesearch's exploitability after the Python solver's
iterations equals OpenSpiel's (within 1e-9): both implement the same CFR+ on the same rules.
It exits with status 1 if not. The targets are reported, not enforced: the figures depend on
the machine's load.

Usage: ``python bench/bench_cfr.py [--quick] [--repeat N]``
"""

from __future__ import annotations

import argparse
import importlib.util
from typing import Any

from _common import emit, emit_env, fail, run_timed

from gamesearch.imperfect import CFRSolver, KuhnPoker, LeducPoker

ITERATIONS = {
    # game: (gamesearch and C++ iterations, OpenSpiel Python iterations), full and --quick
    "kuhn_poker": ((5000, 300), (1000, 50)),
    "leduc_poker": ((200, 10), (30, 2)),
}
"""How many iterations each solver runs for its figure."""

GAMES = {"kuhn_poker": KuhnPoker, "leduc_poker": LeducPoker}


def ours(name: str, iterations: int, repeat: int) -> dict[str, Any]:
    """The library's CFR+ on ``name``: setup seconds, best iterations per second, exploitability."""
    setup, solver = run_timed(lambda: CFRSolver(GAMES[name](), variant="plus"))
    best = 0.0
    for _ in range(repeat):
        solver = CFRSolver(GAMES[name](), variant="plus")
        seconds, _ = run_timed(lambda solver=solver: solver.iterate(iterations))
        best = max(best, iterations / seconds)
    return {
        "setup_s": round(setup, 4),
        "iterations": iterations,
        "iterations_per_s": round(best, 1),
        "exploitability": solver.result().exploitability,
    }


def openspiel_rates(
    name: str, iterations: int, python_iterations: int, repeat: int, rate: float
) -> None:
    """Time OpenSpiel's two CFR+ solvers on ``name``; check the iterates; print the line."""
    import pyspiel
    from open_spiel.python.algorithms import cfr as openspiel_cfr
    from open_spiel.python.algorithms import exploitability

    game = pyspiel.load_game(name)
    python_best = cpp_best = 0.0
    for _ in range(repeat):
        solver = openspiel_cfr.CFRPlusSolver(game)
        seconds, _ = run_timed(lambda solver=solver: _iterate(solver, python_iterations))
        python_best = max(python_best, python_iterations / seconds)
        cpp = pyspiel.CFRPlusSolver(game)
        seconds, _ = run_timed(lambda cpp=cpp: _iterate(cpp, iterations))
        cpp_best = max(cpp_best, iterations / seconds)
    theirs = exploitability.exploitability(game, solver.average_policy())
    mine = CFRSolver(GAMES[name](), variant="plus")
    mine.iterate(python_iterations)
    found = mine.result().exploitability
    if found is None or abs(found - theirs) > 1e-9:
        fail(f"{name}: exploitability after {python_iterations} CFR+ iterations is {found}, "
             f"OpenSpiel's {theirs}")  # fmt: skip
    emit(
        bench="cfr.openspiel",
        game=name,
        gamesearch_per_s=rate,
        openspiel_python_per_s=round(python_best, 1),
        openspiel_cpp_per_s=round(cpp_best, 1),
        speedup_over_python=round(rate / python_best, 1),
        speedup_over_cpp=round(rate / cpp_best, 2),
        target_10x_python=rate >= 10 * python_best,
        target_cpp=rate >= cpp_best if name == "leduc_poker" else None,
        same_exploitability_after=python_iterations,
    )


def _iterate(solver: Any, iterations: int) -> None:
    for _ in range(iterations):
        solver.evaluate_and_update_policy()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer iterations, one run each")
    parser.add_argument("--repeat", type=int, default=None, help="runs per figure (best kept)")
    args = parser.parse_args()
    repeat = args.repeat or (1 if args.quick else 3)
    has_openspiel = importlib.util.find_spec("pyspiel") is not None
    emit_env("cfr.env")
    if has_openspiel:
        from importlib.metadata import version

        emit(bench="cfr.versions", open_spiel=version("open_spiel"))
    for name, (full, quick) in ITERATIONS.items():
        iterations, python_iterations = quick if args.quick else full
        speed = ours(name, iterations, repeat)
        emit(bench="cfr.speed", game=name, variant="plus", **speed)
        if has_openspiel:
            openspiel_rates(name, iterations, python_iterations, repeat, speed["iterations_per_s"])
        else:
            emit(
                bench="cfr.skipped",
                game=name,
                note="OpenSpiel (pyspiel) is not installed: no side-by-side figures",
            )


if __name__ == "__main__":
    main()
