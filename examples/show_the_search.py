"""Show the work of a search: the tree of AIMA figure 5.2 drawn, narrated and pictured.

Alpha-beta searches the tree with a :class:`~gamesearch.trace.SearchTree` as its ``trace``;
the recorder then draws the tree in text, tells the search step by step with each node's range
of possible values (AIMA 3rd ed., figure 5.5), and writes a Graphviz picture. Run it from the
repository root::

    python examples/show_the_search.py                    # text, narration and DOT
    python examples/show_the_search.py --svg tree.svg     # also an SVG (the viz extra)
    python examples/show_the_search.py --tree '[[1, 5], [4, [2, 7]]]' --searcher minimax
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

from gamesearch import MissingDependencyError, alphabeta, minimax, negamax
from gamesearch.games import GameTree
from gamesearch.trace import SearchTree

TEXTBOOK = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
SEARCHERS = {"alphabeta": alphabeta, "minimax": minimax, "negamax": negamax}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", default=TEXTBOOK, help="nested lists of MAX's utilities")
    parser.add_argument("--searcher", choices=sorted(SEARCHERS), default="alphabeta")
    parser.add_argument("--svg", type=Path, help="write an SVG picture here")
    args = parser.parse_args()

    game = GameTree(ast.literal_eval(args.tree))
    tree = SearchTree(game)
    result = SEARCHERS[args.searcher](game, trace=tree)
    print(f"{args.searcher} on {args.tree}: value {result.value:g}, best action {result.action}")
    visited = ", ".join(f"{leaf.value:g}" for leaf in tree.leaves())
    pruned = ", ".join(f"{leaf.value:g}" for leaf in tree.pruned()) or "none"
    print(f"leaves scored: {visited}; pruned: {pruned}")
    print()
    print("== the tree (* marks the principal variation) ==")
    print(tree.to_text())
    print()
    print("== the search, step by step ==")
    print(tree.narrate())
    print()
    print("== Graphviz DOT (paste into any Graphviz viewer, or run dot -Tsvg) ==")
    print(tree.to_dot(), end="")
    if args.svg is not None:
        try:
            args.svg.write_text(tree.to_svg(), encoding="utf-8")
        except MissingDependencyError as missing:
            print(f"no SVG: {missing}")
        else:
            print(f"wrote {args.svg}")


if __name__ == "__main__":
    main()
