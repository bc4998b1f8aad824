"""One whole CFR+ run in a process of its own, for ``bench_cfr.py``'s ``cfr.whole_run`` lines.

``python bench/_cfr_worker.py SIDE GAME ITERATIONS [--exploitability]`` runs, from nothing, the
import, the game's and the solver's construction and ``ITERATIONS`` iterations, and prints one
JSON line: the seconds of each part, the wall-clock time (``time.time()``) when the iterations
were done (the parent subtracts the time it started the process: the whole process), and with
``--exploitability`` the exploitability of the average strategy (measured after the clock
stops). ``SIDE`` is ``ours`` (gamesearch's ``CFRSolver(game, variant="plus")``) or ``openspiel``
(``pyspiel.CFRPlusSolver`` on ``pyspiel.load_game(GAME)``, OpenSpiel's C++ solver).

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
    measure = "--exploitability" in sys.argv[4:]
    if side == "ours":
        from gamesearch.imperfect import CFRSolver, KuhnPoker, LeducPoker, LiarsDice

        imported = time.perf_counter()
        games = {"kuhn_poker": KuhnPoker, "leduc_poker": LeducPoker, "liars_dice": LiarsDice}
        solver: object = CFRSolver(games[name](), variant="plus")
        built = time.perf_counter()
        solver.iterate(iterations)  # type: ignore[attr-defined]
        done = time.perf_counter()
        wall = time.time()
        exploitability = solver.result().exploitability if measure else None  # type: ignore[attr-defined]
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
        wall = time.time()
        exploitability = (
            pyspiel.exploitability(game, solver.average_policy()) if measure else None  # type: ignore[attr-defined]
        )
        build = "C++"
    print(
        json.dumps(
            {
                "import_s": imported - START,
                "construction_s": built - imported,
                "iterations_s": done - built,
                "done_wall": wall,
                "exploitability": exploitability,
                "build": build,
            }
        ),
        flush=True,
    )


if __name__ == "__main__":
    main()
