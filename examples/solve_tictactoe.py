"""Solve tic-tac-toe from the empty board, with minimax and with alpha-beta.

Both searchers prove that tic-tac-toe is a draw (value 0 for X, who moves first) and agree on
the best move and the principal variation; alpha-beta gets there visiting about 30 times fewer
nodes. Run it from the repository root::

    python examples/solve_tictactoe.py
"""

from __future__ import annotations

from collections.abc import Callable

from gamesearch import SearchResult, alphabeta, minimax
from gamesearch.games import TicTacToe

Searcher = Callable[[TicTacToe], SearchResult[int]]

MARKS = "XO"
"""The mark of each player: X is player 0, O is player 1."""


def describe_value(value: float, player: int) -> str:
    """A value with whose it is, e.g. ``0 for X (player 0): a draw``."""
    outcome = {1.0: "a win", 0.0: "a draw", -1.0: "a loss"}.get(value, "")
    suffix = f": {outcome}" if outcome else ""
    return f"{value:g} for {MARKS[player]} (player {player}){suffix}"


def describe_square(game: TicTacToe, square: int) -> str:
    """A square by number and by row and column, e.g. ``square 4 (row 1, col 1)``."""
    row, col = divmod(square, game.size)
    return f"square {square} (row {row}, col {col})"


def describe_line(game: TicTacToe, pv: tuple[int, ...], first_player: int) -> list[str]:
    """One line per move of the principal variation: ``1. X square 0 (row 0, col 0)``."""
    return [
        f"{ply:>2}. {MARKS[(first_player + ply - 1) % 2]} {describe_square(game, square)}"
        for ply, square in enumerate(pv, start=1)
    ]


def final_board(game: TicTacToe, pv: tuple[int, ...]) -> str:
    """The board after playing the principal variation from the empty board."""
    state = game.initial_state()
    for square in pv:
        state = game.result(state, square)
    return game.render(state)


def report(name: str, search: Searcher) -> int:
    """Search the empty board, print what the search found, and return its node count."""
    game = TicTacToe()
    result = search(game)
    stats = result.stats
    print(f"== {name} ==")
    print(f"value:      {describe_value(result.value, result.player)}")
    if result.action is not None:
        print(f"best move:  {describe_square(game, result.action)}")
    print(f"principal variation ({len(result.pv)} moves):")
    for line in describe_line(game, result.pv, result.player):
        print(f"  {line}")
    print("  final board:")
    for row in final_board(game, result.pv).splitlines():
        print(f"    {row}")
    print(f"nodes:      {stats.nodes:,}")
    print(f"leaves:     {stats.leaves:,}")
    print(f"cutoffs:    {stats.cutoffs:,}")
    print(f"time:       {stats.elapsed * 1000:.1f} ms")
    print(f"speed:      {stats.nodes_per_second:,.0f} nodes/s")
    print()
    return stats.nodes


def main() -> None:
    minimax_nodes = report("minimax", minimax)
    alphabeta_nodes = report("alphabeta", alphabeta)
    print(
        f"node ratio minimax/alphabeta: {minimax_nodes:,} / {alphabeta_nodes:,} "
        f"= {minimax_nodes / alphabeta_nodes:.1f}"
    )


if __name__ == "__main__":
    main()
