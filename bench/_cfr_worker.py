"""One whole CFR+ run in a process of its own, for ``bench_cfr.py``'s ``cfr.whole_run`` lines.

``python bench/_cfr_worker.py SIDE GAME ITERATIONS`` runs, from nothing, the import, the game's
and the solver's construction, ``ITERATIONS`` iterations and the answer read (the average
strategy and its exploitability), and prints one JSON line: the seconds of each part, the
wall-clock time (``time.time()``) when the answer was read (the parent subtracts the time it
started the process: the whole process) and the exploitability. ``SIDE`` is ``ours``
(gamesearch's ``CFRSolver(game, variant="plus")``, then ``average_strategy()`` and
``exploitability()``) or ``openspiel`` (``pyspiel.CFRPlusSolver`` on
``pyspiel.load_game(GAME)``, OpenSpiel's C++ solver, then ``average_policy()`` and
``pyspiel.exploitability``).

Nothing is imported before the clock starts, so that the import is counted; the garbage
collector runs as in a user's program.
"""

from __future__ import annotations

import time

START = time.perf_counter()

import json  # noqa: E402  # after the clock: the import of the library is measured
import sys  # noqa: E402


def main() -> None:
    side, name, iterations = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if side == "ours":
        from gamesearch.imperfect import CFRSolver, KuhnPoker, LeducPoker, LiarsDice

        imported = time.perf_counter()
        games = {"kuhn_poker": KuhnPoker, "leduc_poker": LeducPoker, "liars_dice": LiarsDice}
        solver: object = CFRSolver(games[name](), variant="plus")
        built = time.perf_counter()
        solver.iterate(iterations)  # type: ignore[attr-defined]
        done = time.perf_counter()
        strategy = solver.average_strategy()  # type: ignore[attr-defined]
        exploitability = solver.exploitability()  # type: ignore[attr-defined]
        answered = time.perf_counter()
        wall = time.time()
        assert strategy
        from gamesearch import build_info

        build = build_info().kind
    else:
        import pyspiel

        imported = time.perf_counter()
        game = pyspiel.load_game(name)
        solver = pyspiel.CFRPlusSolver(game)
        built = time.perf_counter()
        for _ in range(iterations):
            solver.evaluate_and_update_policy()  # type: ignore[attr-defined]
        done = time.perf_counter()
        policy = solver.average_policy()  # type: ignore[attr-defined]
        exploitability = pyspiel.exploitability(game, policy)
        answered = time.perf_counter()
        wall = time.time()
        build = "C++"
    print(
        json.dumps(
            {
                "import_s": imported - START,
                "construction_s": built - imported,
                "iterations_s": done - built,
                "answer_s": answered - done,
                "done_wall": wall,
                "exploitability": exploitability,
                "build": build,
            }
        ),
        flush=True,
    )


if __name__ == "__main__":
    main()
