"""Solve Connect Four on a small board from the empty position, with iterative deepening.

Prints the proven value for the first player (X), every best first move, the principal
variation, and the nodes and time it took. John Tromp's published results: 4x4, 5x4, 6x4 and
5x5 are draws; 7x6, the standard board, is a first-player win (out of reach here). Columns are
numbered from 0 on the left, as the game's actions. Run it from the repository root::

    python examples/solve_connect_four.py                       # 4x4, well under a second
    python examples/solve_connect_four.py --width 5 --height 4  # about 10 s
"""

from __future__ import annotations

import argparse

from gamesearch import SearchResult, TranspositionTable, alphabeta, iterative_deepening
from gamesearch.games import ConnectFour

OUTCOME = {1.0: "a first-player win", 0.0: "a draw", -1.0: "a second-player win"}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--width", type=int, default=4)
    parser.add_argument("--height", type=int, default=4)
    args = parser.parse_args(argv)
    game = ConnectFour(args.width, args.height)

    def progress(result: SearchResult[int]) -> None:
        print(
            f"  depth {result.depth:>2}: value {result.value:+.3f}, "
            f"{result.stats.nodes:,} nodes, {result.stats.elapsed:.2f} s"
        )

    print(f"solving Connect Four {args.width}x{args.height} by iterative deepening")
    table = TranspositionTable()
    result = iterative_deepening(game, table=table, on_iteration=progress)
    assert result.exact, "a search with no limit runs until the value is proven"
    print(f"value:            {result.value:+g} for X: {OUTCOME[result.value]}")
    print(f"best first move:  column {result.action}")
    print(f"best play:        {' '.join(str(column) for column in result.pv)}")
    print(f"nodes:            {result.stats.nodes:,}")
    print(f"time:             {result.stats.elapsed:.2f} s")

    # Every optimal first move: each root action searched with a full window, reusing the table.
    every = alphabeta(game, table=TranspositionTable(), order=game.order, root_values=True)
    columns = ", ".join(str(action) for action in sorted(every.best_actions))
    print(f"all best moves:   columns {columns} ({every.stats.elapsed:.2f} s more)")


if __name__ == "__main__":
    main()
