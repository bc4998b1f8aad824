"""Solve mate-in-N chess problems with the engine: the key move, the mate distance, the time.

Needs the chess extra: pip install "gamesearch[chess]".

The problems are in examples/data/mate_puzzles.txt (each checked by brute force, see there).
Each is searched with iterative deepening over gamesearch.adapters.chess, which brings the
evaluation, the move order and the Zobrist key. A mate shows as the value 1 (a won game; the
evaluation stays strictly inside (-1, 1)); the first iteration that finds it gives the mate
distance, since a mate in n moves needs 2n - 1 plies. The search stops at the first depth
that finds a mate, and gives up after mate in 3.
"""

from __future__ import annotations

import time
from pathlib import Path

from gamesearch import SearchResult, TranspositionTable, iterative_deepening
from gamesearch.adapters.chess import ChessGame

PUZZLES = Path(__file__).resolve().parent / "data" / "mate_puzzles.txt"
LONGEST = 3
"""The longest mate looked for, in moves."""


def read_puzzles() -> list[tuple[str, int, str]]:
    """``(fen, moves, key)`` for every problem of the data file."""
    puzzles = []
    for line in PUZZLES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            fen, moves, key, _ = (field.strip() for field in line.split("|"))
            puzzles.append((fen, int(moves), key))
    return puzzles


def solve(fen: str) -> tuple[str, int | None, float]:
    """The engine's move, the mate distance in moves (``None``: no mate found), the seconds."""
    game = ChessGame(fen)
    mate_at: list[int] = []

    def note(result: SearchResult[object]) -> None:
        if result.value == 1.0 and not mate_at:
            mate_at.append(result.depth or 0)

    start = time.perf_counter()
    # Deepen a mate at a time (1, 3, 5 plies), stopping at the first that finds one; the table
    # carries each search's best moves to the next, which tries them first.
    table = TranspositionTable()
    for plies in range(1, 2 * LONGEST, 2):
        result = iterative_deepening(game, depth=plies, table=table, on_iteration=note)
        if mate_at:
            break
    seconds = time.perf_counter() - start
    assert result.action is not None
    distance = (mate_at[0] + 1) // 2 if mate_at else None
    return game.move_to_uci(result.action), distance, seconds


def main() -> None:
    solved = 0
    total = 0.0
    for fen, moves, key in read_puzzles():
        move, distance, seconds = solve(fen)
        total += seconds
        right = move == key and distance == moves
        solved += right
        found = f"mate in {distance}" if distance else "no mate found"
        print(f"{fen:72} key {move} ({found}) {seconds:6.2f} s {'ok' if right else 'WRONG'}")
    print(f"solved {solved} of {len(read_puzzles())} problems in {total:.1f} s")


if __name__ == "__main__":
    main()
