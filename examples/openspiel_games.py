"""Search OpenSpiel's games with gamesearch: solve small ones, search a dice game to a depth.

Needs the openspiel extra: pip install "gamesearch[openspiel]".

Each game is loaded by its OpenSpiel name (parameters in brackets) and searched as any
gamesearch game. Tic-tac-toe, 3x3 Hex, Breakthrough on 3 columns and 4 rows, and Connect Four
on 4x4 (a draw, as Tromp computed) are solved with alpha-beta. Pig, a dice game, is searched
with expectiminimax to a depth, scored by the difference in banked points.
"""

from __future__ import annotations

import time

from gamesearch import alphabeta, expectiminimax
from gamesearch.adapters.openspiel import OpenSpielGame, OpenSpielState

SOLVED = [
    "tic_tac_toe",
    "hex(board_size=3)",
    "breakthrough(rows=4,columns=3)",
    "connect_four(columns=4,rows=4)",
]


def solve(name: str) -> None:
    game = OpenSpielGame(name)
    start = time.perf_counter()
    result = alphabeta(game)
    seconds = time.perf_counter() - start
    outcome = {1.0: "the first player wins", 0.0: "a draw", -1.0: "the second player wins"}
    move = game.action_name(game.initial_state(), result.action)
    print(
        f"{game.name:32} value {result.value:+.0f} ({outcome[result.value]}), best first move "
        f"{move}, {result.stats.nodes:,} nodes, {seconds:.2f} s"
    )


def pig_difference(state: OpenSpielState, player: int) -> float:
    """Banked points of ``player`` minus the opponent's, over the winning score: in (-1, 1)."""
    text = str(state)  # OpenSpiel's Pig prints "Scores: a b, Turn total: t ..."
    scores = text.split("Scores:")[1].split(",")[0].split()
    mine, theirs = int(scores[player]), int(scores[1 - player])
    return (mine - theirs) / 21


def search_pig() -> None:
    game = OpenSpielGame("pig(diceoutcomes=3,winscore=20)")
    start = time.perf_counter()
    result = expectiminimax(game, depth=6, evaluate=pig_difference)
    seconds = time.perf_counter() - start
    move = game.action_name(game.initial_state(), result.action)
    print(
        f"{game.name:32} depth 6: value {result.value:+.3f} for the first player, best move "
        f"{move}, {result.stats.nodes:,} nodes, {seconds:.2f} s"
    )


def main() -> None:
    for name in SOLVED:
        solve(name)
    search_pig()


if __name__ == "__main__":
    main()
