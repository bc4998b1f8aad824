"""Draw the pictures of the documentation from real searches: DOT and SVG files in docs/figures.

Each picture is the trace of a search made by the library (a ``SearchTree``), written as
Graphviz DOT text (``NAME.dot``) and drawn by Graphviz (``NAME.svg``); some also get the page
that steps through the search (``NAME.html``, ``SearchTree.to_html``). All are committed, so
that the site builds without Graphviz; the tests check that the DOT files and the pages are
what the library draws today. After changing the library's pictures, run from the repository
root::

    python docs/make_pictures.py            # rewrite docs/figures/*.dot, *.svg and *.html
    python docs/make_pictures.py --check    # exit 1 if a committed DOT file or page is stale
    python docs/make_pictures.py --curves   # redraw the exploitability curves (minutes)

Drawing the SVG files of the searches needs the ``viz`` extra and Graphviz's ``dot`` program;
the ratings of a tournament and the weights of a learned evaluation (``RATINGS``, drawn by
``Ratings.to_svg`` and ``gamesearch.learning.weights_svg``) need nothing installed,
and ``--check`` compares them too. The curves of
exploitability against iterations and seconds (``RUNS``, drawn by
:func:`gamesearch.imperfect.convergence_svg`, which needs nothing installed) come from runs of
the solvers, which take minutes: ``python docs/make_pictures.py --curves`` draws them (and
only them); the other runs leave them as they are.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gamesearch import (
    MCTSPlayer,
    RandomOpenings,
    alphabeta,
    elo_ratings,
    minimax,
    negamax,
    pns,
    random_player,
    round_robin,
)
from gamesearch.games import GameTree, Hex, TicTacToe
from gamesearch.imperfect import KuhnPoker, LeducPoker, convergence, convergence_svg
from gamesearch.learning import fit_to_solution, weights_svg
from gamesearch.solving import solve
from gamesearch.trace import SearchTree

HERE = Path(__file__).resolve().parent / "figures"

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""AIMA 3rd ed., figure 5.2, in list form."""
BEST_ORDER = [[3, 12, 8], [2, 4, 6], [2, 5, 14]]
"""The same tree with D's leaves in the best order (AIMA section 5.3.1)."""
DEEP = {
    "B": {"B1": {"b11": 10, "b12": 6}, "B2": {"b21": 100, "b22": 8}},
    "C": {"C1": {"c11": 1, "c12": 2}, "C2": {"c21": 20, "c22": 4}},
}
"""Three plies: a cutoff at C removes a whole subtree."""
ENDGAME = "X O X / . O . / . X ."
"""Tic-tac-toe, O to move: four squares left, and a draw with best play."""
WIN_LOSS = {
    "a1": {"b1": {"x": 1, "y": -1}, "b2": {"x": -1, "y": -1}},
    "a2": {"c1": {"x": -1, "y": 1}, "c2": 1},
}
"""A win/loss tree whose proof docs/proof-number.md works out by hand (a win is 1)."""
WORKED = "X.. / ... / ..O"
"""Tic-tac-toe, X to move after O's reply in the opposite corner: X wins (the worked example)."""


def endgame(searcher: Callable[..., Any]) -> SearchTree:
    """The trace of ``searcher`` on the tic-tac-toe endgame."""
    game = TicTacToe()
    tree = SearchTree(game)
    searcher(game, game.parse(ENDGAME), trace=tree)
    return tree


def game_tree(searcher: Callable[..., Any], nested: Any) -> SearchTree:
    """The trace of ``searcher`` on the game tree ``nested``."""
    game = GameTree(nested)
    tree = SearchTree(game)
    searcher(game, trace=tree)
    return tree


def proof(game: Any, state: Any = None) -> SearchTree:
    """The trace of ``pns`` on ``game`` from ``state``."""
    tree = SearchTree(game)
    pns(game, state, trace=tree)
    return tree


FOLD: dict[str, int] = {"tictactoe-endgame": 2}
"""Pictures whose runs of pruned children hiding more than so many nodes are folded, to fit a
slide (see ``SearchTree.to_dot``)."""

PAGES = {"textbook-alphabeta", "tictactoe-endgame", "pns-win-loss", "pns-tictactoe", "pns-hex4"}
"""Pictures that also get a step-through page."""

PICTURES: dict[str, Callable[[], SearchTree]] = {
    "textbook-alphabeta": lambda: game_tree(alphabeta, TEXTBOOK),
    "textbook-minimax": lambda: game_tree(minimax, TEXTBOOK),
    "textbook-best-order": lambda: game_tree(alphabeta, BEST_ORDER),
    "deep-cutoff": lambda: game_tree(alphabeta, DEEP),
    "tictactoe-endgame": lambda: endgame(negamax),
    "pns-win-loss": lambda: proof(GameTree(WIN_LOSS, win_utility=1)),
    "pns-tictactoe": lambda: proof(TicTacToe(), TicTacToe().parse(WORKED)),
    "pns-hex4": lambda: proof(Hex(4)),
}
"""Each picture's file name, and the search it shows."""


def tictactoe_ratings() -> str:
    """The ratings of docs/ratings.md's round robin: MCTS at three budgets and a random player."""
    game = TicTacToe()
    players = [MCTSPlayer(game, iterations=n, rng=0) for n in (10, 40, 160)]
    result = round_robin(game, [*players, random_player()], games_per_pair=10, seed=1,
                         openings=RandomOpenings(1))
    names = ["mcts 10", "mcts 40", "mcts 160", "random"]
    ratings = elo_ratings(result, names=names, anchor="random")
    return ratings.to_svg(title="Tic-tac-toe: MCTS by iterations, random at 0")


def tictactoe_weights() -> str:
    """The weights of docs/ratings.md's fit of tic-tac-toe's cells (and whose turn it is)."""
    game = TicTacToe()
    report = fit_to_solution(game, solve(game), seed=1, indices=(4, *range(5, 14)))
    title = "Tic-tac-toe: the weight of a mark of one's own, fitted to the solved table"
    return weights_svg(report.evaluation, first=1, columns=3, rows=3, title=title)


RATINGS: dict[str, Callable[[], str]] = {
    "ratings-tictactoe": tictactoe_ratings,
    "weights-tictactoe": tictactoe_weights,
}
"""Each picture drawn as SVG text by the library (ratings, learned weights), by file name."""

RUNS: dict[str, tuple[Any, dict[str, int], int]] = {
    "kuhn": (KuhnPoker(), {"vanilla": 1000, "plus": 1000, "external": 30_000,
                           "outcome": 30_000}, 14),
    "leduc": (LeducPoker(), {"vanilla": 300, "plus": 300, "external": 30_000,
                             "outcome": 300_000}, 10),
}  # fmt: skip
"""The runs of the curves: each game, each method's iterations, and the checkpoints."""


def curves() -> dict[str, str]:
    """Each curve picture's file name and SVG text: per game, by iterations and by seconds."""
    pictures = {}
    for name, (game, iterations, points) in RUNS.items():
        measured = convergence(game, iterations, points=points)
        title = f"{type(game).__name__}: exploitability of the average strategy"
        pictures[f"{name}-exploitability"] = convergence_svg(measured, title=title)
        pictures[f"{name}-exploitability-time"] = convergence_svg(
            measured, x="seconds", title=title
        )
    return pictures


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check``, compare) every picture; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare the DOT files")
    parser.add_argument("--out", type=Path, default=HERE, help="where to write (docs/figures)")
    parser.add_argument("--curves", action="store_true", help="draw the CFR curves (only)")
    args = parser.parse_args(argv)
    if args.curves:
        args.out.mkdir(parents=True, exist_ok=True)
        for name, text in curves().items():
            (args.out / f"{name}.svg").write_text(text, encoding="utf-8")
            print(f"wrote {args.out / name}.svg")
        return 0
    stale = []
    for name, draw in RATINGS.items():
        file = args.out / f"{name}.svg"
        text = draw()
        if args.check:
            if not file.exists() or file.read_text(encoding="utf-8") != text:
                stale.append(file.name)
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        file.write_text(text, encoding="utf-8")
        print(f"wrote {file}")
    for name, make in PICTURES.items():
        tree = make()
        fold = FOLD.get(name)
        path = args.out / f"{name}.dot"
        texts = {path: tree.to_dot(fold=fold)}
        if name in PAGES:
            texts[path.with_suffix(".html")] = tree.to_html(fold=fold)
        if args.check:
            stale.extend(
                file.name
                for file, text in texts.items()
                if not file.exists() or file.read_text(encoding="utf-8") != text
            )
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        for file, text in texts.items():
            file.write_text(text, encoding="utf-8")
        path.with_suffix(".svg").write_text(tree.to_svg(fold=fold), encoding="utf-8")
        print(f"wrote {path.with_suffix('.svg')}")
    if stale:
        print(f"out of date: {', '.join(stale)}; run python docs/make_pictures.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
