"""The dangers of optimism and pessimism: minimax and expectimax Pacman against two ghosts.

Pacman (player 0) eats the dots of a small maze while a ghost (player 1) hunts him. Pacman
searches a few plies ahead, either with minimax (``alphabeta``: the ghost is assumed to play
its best, a pessimistic model) or with ``expectimax`` (the ghost is assumed to move at random,
an optimistic one). Each Pacman plays N games against an *adversarial* ghost, which searches
with alpha-beta and closes in on Pacman, and N against a *random* ghost, which moves to a
random neighbouring square. The script prints the 2 x 2 table of win rates and average scores.

The lecture notes (Berkeley CS 188, after Russell and Norvig, AIMA 3rd ed., section 5.5)
report that expectimax does better against the random ghost, and minimax is the safer choice
against the adversarial one. The numbers below are what this small version measures; the
README says whether they match.

Scores follow CS 188: -1 per Pacman move, +10 per dot, +500 for eating the last dot (a win),
-500 for being caught (a loss). A game also ends after ``MOVE_LIMIT`` Pacman moves. Game ``i``
starts Pacman and the ghost on squares drawn with ``random.Random(i)``, the same for every
pairing, and the random ghost draws its moves from its own seeded generator.

Usage::

    python examples/pacman_ghost.py              # 100 games per pairing, about 8 s
    python examples/pacman_ghost.py --games 1000 # a longer run
    python examples/pacman_ghost.py --depth 2    # Pacman searches 2 plies instead of 4
"""

from __future__ import annotations

import argparse
import random
import time
from collections import deque
from collections.abc import Callable
from typing import NamedTuple

from gamesearch import alphabeta, expectimax, play, random_player, searcher_player

MAZE = """
%%%%%%%%%
%.......%
%.%%.%%.%
%.......%
%.%%.%%.%
%.......%
%%%%%%%%%
"""
"""``%`` is a wall, ``.`` a square with a dot; every other square is free and empty."""

MOVE_LIMIT = 100
"""Pacman moves after which a game ends, won by neither side."""

PACMAN_DEPTH = 4
"""Plies Pacman searches: his move and the ghost's, twice."""

GHOST_DEPTH = 2
"""Plies the adversarial ghost searches."""


class Position(NamedTuple):
    """A state of the Pacman game."""

    pacman: int
    """Pacman's square."""

    ghost: int
    """The ghost's square."""

    dots: int
    """The squares that still have a dot, as a bit set."""

    player: int
    """0 when Pacman moves next, 1 when the ghost does."""

    moves: int
    """How many moves Pacman has made."""

    score: int
    """Pacman's score so far."""


class Pacman:
    """A two-player, zero-sum game of Pacman and one ghost in a maze without power pellets.

    Args:
        maze: The maze: ``%`` walls, ``.`` dots.
        move_limit: Pacman moves after which the game ends.
    """

    num_players = 2

    def __init__(self, maze: str = MAZE, move_limit: int = MOVE_LIMIT) -> None:
        rows = maze.strip().splitlines()
        self.width = max(len(row) for row in rows)
        self.squares = [
            (r, c) for r, row in enumerate(rows) for c, char in enumerate(row) if char != "%"
        ]
        index = {square: i for i, square in enumerate(self.squares)}
        self.neighbours = [
            tuple(
                index[(r + dr, c + dc)]
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if (r + dr, c + dc) in index
            )
            for r, c in self.squares
        ]
        self.all_dots = sum(
            1 << index[(r, c)]
            for r, row in enumerate(rows)
            for c, char in enumerate(row)
            if char == "."
        )
        self.distance = [self._distances_from(i) for i in range(len(self.squares))]
        self.move_limit = move_limit
        self.start = Position(0, len(self.squares) - 1, self.all_dots, 0, 0, 0)

    def _distances_from(self, source: int) -> list[int]:
        """Maze distances from ``source`` to every square, by breadth-first search."""
        distance = [-1] * len(self.squares)
        distance[source] = 0
        queue = deque([source])
        while queue:
            square = queue.popleft()
            for neighbour in self.neighbours[square]:
                if distance[neighbour] < 0:
                    distance[neighbour] = distance[square] + 1
                    queue.append(neighbour)
        return distance

    def random_start(self, rng: random.Random) -> Position:
        """Pacman and the ghost on random squares at least 4 steps apart.

        The square under Pacman has no dot left (no points for it).
        """
        while True:
            pacman, ghost = rng.sample(range(len(self.squares)), 2)
            if self.distance[pacman][ghost] >= 4:
                return Position(pacman, ghost, self.all_dots & ~(1 << pacman), 0, 0, 0)

    def initial_state(self) -> Position:
        """Pacman in the top left corner, the ghost in the bottom right one."""
        return self.start

    def to_move(self, state: Position) -> int:
        """Pacman (0) and the ghost (1) take turns."""
        return state.player

    def actions(self, state: Position) -> tuple[int, ...]:
        """The squares next to the player's, walls excepted; none once the game is over."""
        if self.is_terminal(state):
            return ()
        return self.neighbours[state.ghost if state.player else state.pacman]

    def result(self, state: Position, action: int) -> Position:
        """The position after the player to move steps onto the square ``action``."""
        pacman, ghost, dots, player, moves, score = state
        if player == 1:
            return Position(pacman, action, dots, 0, moves, score - 500 * (action == pacman))
        score -= 1
        if action == ghost:
            score -= 500
        elif dots >> action & 1:
            dots &= ~(1 << action)
            score += 10 if dots else 510
        return Position(action, ghost, dots, 1, moves + 1, score)

    def is_terminal(self, state: Position) -> bool:
        """Caught, all dots eaten, or out of time."""
        return state.pacman == state.ghost or not state.dots or state.moves >= self.move_limit

    def utility(self, state: Position, player: int) -> float:
        """Pacman's score, and its negation for the ghost."""
        return state.score if player == 0 else -state.score

    def won(self, state: Position) -> bool:
        """Whether Pacman ate every dot."""
        return not state.dots and state.pacman != state.ghost

    def nearest_dot(self, state: Position) -> int:
        """The maze distance from Pacman to the closest dot (0 if there is none)."""
        distances = self.distance[state.pacman]
        dots, best, square = state.dots, 0, 0
        while dots:
            if dots & 1:
                d = distances[square]
                if best == 0 or d < best:
                    best = d
            dots >>= 1
            square += 1
        return best

    def pacman_evaluation(self, state: Position, player: int) -> float:
        """Pacman's estimate, "an evaluation function that avoids trouble" (the notes).

        The score, minus twice the way to the nearest dot, minus 200 next to the ghost.
        """
        value = state.score - 2 * self.nearest_dot(state)
        if self.distance[state.pacman][state.ghost] <= 1:
            value -= 200
        return value if player == 0 else -value

    def ghost_evaluation(self, state: Position, player: int) -> float:
        """The ghost's estimate, "an evaluation function that seeks Pacman".

        Pacman's score, negated, minus ten times the distance to Pacman.
        """
        value = -state.score - 10 * self.distance[state.pacman][state.ghost]
        return value if player == 1 else -value


Player = Callable[[Position], int]


def pacmen(game: Pacman, depth: int) -> dict[str, Player]:
    """The two Pacman agents: both search ``depth`` plies with the same evaluation."""
    options = {"depth": depth, "evaluate": game.pacman_evaluation}
    return {
        "minimax Pacman": searcher_player(game, alphabeta, **options),
        "expectimax Pacman": searcher_player(game, expectimax, **options),
    }


def ghosts(game: Pacman, seed: int) -> dict[str, Player]:
    """The two ghosts, for game ``seed``."""
    hunter = searcher_player(game, alphabeta, depth=GHOST_DEPTH, evaluate=game.ghost_evaluation)
    return {"adversarial ghost": hunter, "random ghost": random_player(game, random.Random(seed))}


def main(argv: list[str] | None = None) -> None:
    """Play every pairing ``--games`` times and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument(
        "--depth", type=int, default=PACMAN_DEPTH, help=f"Pacman's plies (default {PACMAN_DEPTH})"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.depth < 1:
        parser.error("--games and --depth must be >= 1")

    game = Pacman()
    started = time.perf_counter()
    outcomes: dict[tuple[str, str], list[tuple[str, float]]] = {}
    for seed in range(args.games):
        start = game.random_start(random.Random(seed))
        for pacman_name, pacman in pacmen(game, args.depth).items():
            for ghost_name, ghost in ghosts(game, seed).items():
                final = play(game, [pacman, ghost], seed=seed, state=start).final_state
                ending = (
                    "won"
                    if game.won(final)
                    else "caught"
                    if final.pacman == final.ghost
                    else "time"
                )
                outcomes.setdefault((pacman_name, ghost_name), []).append((ending, final.score))

    print(
        f"{args.games} games per pairing; Pacman searches {args.depth} plies, the adversarial "
        f"ghost {GHOST_DEPTH}; a game ends after at most {MOVE_LIMIT} Pacman moves"
    )
    print()
    columns = ["adversarial ghost", "random ghost"]
    print(f"{'':18}" + "".join(f"{name:>38}" for name in columns))
    for pacman_name in ("minimax Pacman", "expectimax Pacman"):
        cells = []
        for ghost_name in columns:
            games = outcomes[pacman_name, ghost_name]
            won = sum(ending == "won" for ending, _ in games)
            caught = sum(ending == "caught" for ending, _ in games)
            average = sum(score for _, score in games) / len(games)
            cells.append(f"won {won}/{len(games)}, caught {caught}, avg {average:.1f}")
        print(f"{pacman_name:18}" + "".join(f"{cell:>38}" for cell in cells))
    print()
    print("won: every dot eaten; caught: by the ghost; the other games ran out of time.")
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
