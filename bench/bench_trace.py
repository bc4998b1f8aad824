"""Trace benchmark: what showing the work costs, against the plain alpha-beta loop.

All runs solve tic-tac-toe from the empty board with alpha-beta (18,297 nodes):

- ``plain``: ``alphabeta(game)``, the plain loop, which has no trace hooks at all; this is the
  reference, and what every search without ``trace=`` runs.
- ``enhanced``: the engine's loop with no enhancement switched on and no observer, on a
  tic-tac-toe without ``win_utility`` (with it, the loop ranks wins by distance and visits
  other nodes). It visits the same nodes as the plain loop; its hooks cost one ``is not None``
  test each.
- ``traced, no-op``: ``alphabeta(game, trace=lambda event: None)``: the engine's loop making
  every event (one per node, one per cutoff) for an observer that ignores them.
- ``traced, SearchTree``: ``alphabeta(game, trace=SearchTree())``: recording the whole tree.

Each line gives nodes, the best time of N runs (garbage collector off), nodes per second and
the ratio of its time to the plain loop's in the same run. The script checks that every run
visits 18,297 nodes and that the traces have one ``Enter`` or ``Leaf`` event per node, and
exits with status 1 if not. Output is JSON lines.

Usage: ``python bench/bench_trace.py [--quick] [--repeat N]``
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from _common import emit, run_timed

from gamesearch import alphabeta
from gamesearch.games import TicTacToe
from gamesearch.trace import Enter, Leaf, SearchTree
from gamesearch.twoplayer._enhanced import Enhancements, enhanced_search

NODES = 18_297


def plain(game: TicTacToe) -> int:
    return alphabeta(game).stats.nodes


class WithoutDistances(TicTacToe):
    """Tic-tac-toe without ``win_utility``: no win is ranked by its distance, as in ``plain``."""

    win_utility = None  # type: ignore[assignment]


def enhanced(game: TicTacToe) -> int:
    game = WithoutDistances(game.size, game.k)
    outcome = enhanced_search(
        game, game.initial_state(), -1, None, root_view=True, options=Enhancements()
    )
    return outcome.expanded + outcome.leaves


def no_op(game: TicTacToe) -> int:
    return alphabeta(game, trace=lambda event: None).stats.nodes


def recorded(game: TicTacToe) -> int:
    return alphabeta(game, trace=SearchTree()).stats.nodes


RUNS: dict[str, Callable[[TicTacToe], int]] = {
    "plain": plain,
    "enhanced": enhanced,
    "traced, no-op": no_op,
    "traced, SearchTree": recorded,
}


def best_time(run: Callable[[TicTacToe], int], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        game = TicTacToe()
        seconds, nodes = run_timed(lambda game=game: run(game))
        best = min(best, seconds)
        if nodes != NODES:
            print(f"{run.__name__} visited {nodes} nodes, not {NODES}", file=sys.stderr)
            sys.exit(1)
    return best




def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="few repetitions (~3 s)")
    parser.add_argument("--repeat", type=int, help="runs of each search (default 30, quick 3)")
    args = parser.parse_args(argv)
    repeat = args.repeat or (3 if args.quick else 30)

    events: list[Any] = []
    alphabeta(TicTacToe(), trace=events.append)
    per_node = sum(isinstance(event, (Enter, Leaf)) for event in events)
    if per_node != NODES:
        print(f"the trace has {per_node} Enter and Leaf events, not {NODES}", file=sys.stderr)
        sys.exit(1)
    emit(bench="trace.events", events=len(events), nodes=NODES)

    times = {name: float("inf") for name in RUNS}
    for _ in range(3):  # interleaved rounds: a shared machine is noisy
        for name, run in RUNS.items():
            times[name] = min(times[name], best_time(run, repeat))
    for name, seconds in times.items():
        emit(
            bench="trace.tictactoe",
            run=name,
            nodes=NODES,
            seconds=round(seconds, 6),
            nodes_per_s=round(NODES / seconds),
            ratio_to_plain=round(seconds / times["plain"], 3),
            repeat=3 * repeat,
            timing="best-of-repeat",
            gc_disabled=True,
        )


if __name__ == "__main__":
    main()
