"""Connect Four against the engine, or the engine against itself, with a time limit per move.

The engine is :func:`gamesearch.iterative_deepening`: it searches one ply deeper at a time
until the clock runs out, and plays the best move of the deepest search it completed. Each
side keeps its own transposition table for the whole game. Columns are numbered from 0 on the
left, as the game's actions and the ``gamesearch`` command number them, and the board is drawn
with the numbers under it. Run it from the repository root::

    python examples/connect_four.py                 # engine against engine, 0.1 s a move
    python examples/connect_four.py --human X       # you play X (first); type a column 0-6
    python examples/connect_four.py --time 1 --width 5 --height 4
"""

from __future__ import annotations

import argparse
import sys

from gamesearch import SearchResult, TranspositionTable, iterative_deepening
from gamesearch.games import ConnectFour

MARKS = "XO"


def engine_move(
    game: ConnectFour, state: int, table: TranspositionTable, seconds: float
) -> SearchResult[int]:
    return iterative_deepening(game, state, time_limit=seconds, table=table)


def describe(result: SearchResult[int]) -> str:
    verdict = "proven" if result.exact else f"depth {result.depth}"
    return (
        f"column {result.action} ({verdict}, value {result.value:+.3f}, "
        f"{result.stats.nodes:,} nodes in {result.stats.elapsed:.2f} s)"
    )


def board(game: ConnectFour, state: int) -> str:
    """The board with its column numbers under it."""
    return game.render(state) + "\n" + " ".join(str(column % 10) for column in range(game.width))


def ask_column(game: ConnectFour, state: int) -> int | None:
    """A legal column from the person at the terminal (from 0 on the left), or None on EOF."""
    legal = game.actions(state)
    while True:
        try:
            answer = input(f"{MARKS[game.to_move(state)]} to move, column 0-{game.width - 1}: ")
        except EOFError:
            return None
        answer = answer.strip()
        if answer.isdigit() and int(answer) in legal:
            return int(answer)
        print(f"  not a legal column; choose one of {', '.join(str(c) for c in legal)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--time", type=float, default=0.1, help="seconds per engine move")
    parser.add_argument("--human", choices=MARKS, help="play X (first) or O yourself")
    parser.add_argument("--width", type=int, default=7)
    parser.add_argument("--height", type=int, default=6)
    args = parser.parse_args(argv)
    game = ConnectFour(args.width, args.height)
    tables = (TranspositionTable(), TranspositionTable())
    state = game.initial_state()
    print(board(game, state), "\n")
    while not game.is_terminal(state):
        player = game.to_move(state)
        if args.human is not None and MARKS[player] == args.human:
            column = ask_column(game, state)
            if column is None:
                print("\nbye")
                return 0
            print(f"{MARKS[player]} plays column {column}")
        else:
            result = engine_move(game, state, tables[player], args.time)
            column = result.action
            print(f"{MARKS[player]} plays {describe(result)}")
        state = game.result(state, column)
        print(board(game, state), "\n")
    winner = game.winner(state)
    print("result: a draw" if winner is None else f"result: {MARKS[winner]} wins")
    return 0


if __name__ == "__main__":
    sys.exit(main())
