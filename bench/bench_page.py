"""Page benchmark: what drawing a recorded search costs, against recording it.

Three traced searches, from the textbook's to a few thousand nodes:

- ``figure-5.2``: alpha-beta on AIMA figure 5.2 (13 nodes);
- ``tictactoe-endgame``: negamax on the endgame of ``docs/figures`` (61 nodes, boards drawn);
- ``tictactoe-middle``: alpha-beta from ``X.. / .OX / ...``, pruned subtrees expanded up to 200
  nodes (496 nodes, boards drawn: the size of the page's browser test);
- ``tictactoe-opening``: alpha-beta from ``X.. / .O. / ...`` (2,123 nodes, boards drawn).

For each, the reference is the traced search itself (``alphabeta(game, trace=SearchTree(game))``,
which records the tree and expands the pruned subtrees), timed in the same run; then
``to_html`` (layout, replay of every step, narration and the page), ``to_dot`` and
``narrate``. Each line gives the best time of N runs (garbage collector off), the ratio to the
traced search, and for the page its size in bytes, nodes and steps. The script checks that the
page has one step per event of the search and exits with status 1 if not. Output is JSON lines.

Usage: ``python bench/bench_page.py [--quick] [--repeat N]``
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from typing import Any

from _common import emit, emit_env, fail, run_timed

from gamesearch import alphabeta, negamax
from gamesearch.games import GameTree, TicTacToe
from gamesearch.trace import SearchTree

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def figure() -> SearchTree:
    game = GameTree(TEXTBOOK)
    tree = SearchTree(game)
    alphabeta(game, trace=tree)
    return tree


def endgame() -> SearchTree:
    game = TicTacToe()
    tree = SearchTree(game)
    negamax(game, game.parse("X O X / . O . / . X ."), trace=tree)
    return tree


def middle() -> SearchTree:
    game = TicTacToe()
    tree = SearchTree(game, max_pruned=200)
    alphabeta(game, game.parse("X.. / .OX / ..."), trace=tree)
    return tree


def opening() -> SearchTree:
    game = TicTacToe()
    tree = SearchTree(game)
    alphabeta(game, game.parse("X.. / .O. / ..."), trace=tree)
    return tree


SEARCHES: dict[str, Callable[[], SearchTree]] = {
    "figure-5.2": figure,
    "tictactoe-endgame": endgame,
    "tictactoe-middle": middle,
    "tictactoe-opening": opening,
}
DRAWINGS: dict[str, Callable[[SearchTree], Any]] = {
    "to_html": lambda tree: tree.to_html(max_nodes=100_000),
    "to_dot": lambda tree: tree.to_dot(),
    "narrate": lambda tree: tree.narrate(),
}


def best(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    seconds, value = float("inf"), None
    for _ in range(repeat):
        took, value = run_timed(run)
        seconds = min(seconds, took)
    return seconds, value


def check(name: str, tree: SearchTree, page: str) -> tuple[int, int]:
    """The page's nodes and steps; exit with status 1 unless one step per event."""
    found = re.search(r'<script id="search-data" type="application/json">(.*?)</script>', page)
    if found is None:
        fail(f"{name}: the page has no data")
    data = json.loads(found.group(1))
    events = tree.root.closed - tree.root.step + 1
    if len(data["steps"]) != events:
        fail(f"{name}: the page has {len(data['steps'])} steps for {events} events")
    return len(data["nodes"]), len(data["steps"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="few repetitions (~2 s)")
    parser.add_argument("--repeat", type=int, help="runs of each (default 10, quick 2)")
    args = parser.parse_args(argv)
    repeat = args.repeat or (2 if args.quick else 10)
    emit_env("page.env")
    for name, search in SEARCHES.items():
        reference, tree = best(search, repeat)
        emit(bench="page.search", search=name, run="traced search", seconds=round(reference, 6))
        for drawing, draw in DRAWINGS.items():
            seconds, drawn = best(lambda draw=draw, tree=tree: draw(tree), repeat)
            line: dict[str, Any] = {
                "bench": "page.draw",
                "search": name,
                "run": drawing,
                "seconds": round(seconds, 6),
                "ratio_to_search": round(seconds / reference, 2),
                "repeat": repeat,
                "timing": "best-of-repeat",
                "gc_disabled": True,
            }
            if drawing == "to_html":
                line["nodes"], line["steps"] = check(name, tree, drawn)
                line["bytes"] = len(drawn.encode("utf-8"))
            emit(**line)


if __name__ == "__main__":
    main()
