"""A round-robin of max-n, paranoid and best-reply search at three-player Rolit.

Each game starts from a few random opening moves (seeded), and is then played once for every
seating of the three searchers, six games an opening, so that no searcher gains from its seat
or its opening. Every searcher searches to the same depth with the same evaluation, Rolit's
share of the pieces (corners counting extra); max-n uses shallow pruning, which changes none
of its moves. A win scores 1, a win shared by k players 1/k each.

Schadd and Winands (2011) found best-reply search ahead of max-n in all their games, and level
with paranoid search in Rolit, at equal thinking time on 8 x 8 boards. This script plays at
equal depth, on a 6 x 6 board by default, and prints what it measures with its standard error,
nothing more: a hundred games tell two searchers apart only if they differ by ten points or so.
Run it from the repository root::

    python examples/three_player_tournament.py                    # 120 games, ~3 s
    python examples/three_player_tournament.py --games 50 --depth 4   # 300 games
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gamesearch import SearchResult, best_reply, maxn, paranoid
from gamesearch.games import Rolit, RolitState

Searcher = Callable[[Rolit, RolitState, int], SearchResult[Any]]


def search_maxn(game: Rolit, state: RolitState, depth: int) -> SearchResult[Any]:
    """Max-n with shallow pruning: utilities and evaluations lie in [0, 1] and sum to <= 1."""
    return maxn(
        game, state, depth=depth, evaluate=game.evaluate, pruning="shallow", sum_bounds=(0, 1)
    )


def search_paranoid(game: Rolit, state: RolitState, depth: int) -> SearchResult[Any]:
    """Paranoid search."""
    return paranoid(game, state, depth=depth, evaluate=game.evaluate)


def search_best_reply(game: Rolit, state: RolitState, depth: int) -> SearchResult[Any]:
    """Best-reply search."""
    return best_reply(game, state, depth=depth, evaluate=game.evaluate)


SEARCHERS: dict[str, Searcher] = {
    "max-n": search_maxn,
    "paranoid": search_paranoid,
    "best-reply": search_best_reply,
}


@dataclass
class Record:
    """One searcher's results over the tournament."""

    games: int = 0
    points: float = 0.0
    by_opening: list[float] = field(default_factory=list)
    """Points per game from each opening, over its seatings."""
    sole_wins: int = 0
    pieces: int = 0
    nodes: int = 0
    searches: int = 0
    seconds: float = 0.0


def opening(game: Rolit, moves: int, rng: random.Random) -> RolitState:
    """The state after ``moves`` random legal moves from the start."""
    state = game.initial_state()
    for _ in range(moves):
        state = game.result(state, rng.choice(game.actions(state)))
    return state


def play(
    game: Rolit, start: RolitState, seats: tuple[str, ...], depth: int, records: dict[str, Record]
) -> None:
    """Play one game from ``start``, ``seats[i]`` moving for player ``i``, and record it."""
    state = start
    while not game.is_terminal(state):
        name = seats[game.to_move(state)]
        began = time.perf_counter()
        found = SEARCHERS[name](game, state, depth)
        records[name].seconds += time.perf_counter() - began
        records[name].nodes += found.stats.nodes
        records[name].searches += 1
        state = game.result(state, found.action)
    pieces = game.pieces(state)
    for player, name in enumerate(seats):
        record = records[name]
        record.games += 1
        record.points += game.utility(state, player)
        record.sole_wins += game.utility(state, player) == 1.0
        record.pieces += pieces[player]


def main(argv: list[str] | None = None) -> None:
    """Parse the options, play the tournament and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20, help="openings, 6 games each (20)")
    parser.add_argument("--depth", type=int, default=3, help="plies every searcher searches (3)")
    parser.add_argument("--size", type=int, default=6, help="side of the board, even (6)")
    parser.add_argument("--opening", type=int, default=3, help="random opening moves (3)")
    parser.add_argument("--seed", type=int, default=2011, help="seed of the openings (2011)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.depth < 1 or args.opening < 0:
        parser.error("--games and --depth must be >= 1, --opening >= 0")

    try:
        game = Rolit(size=args.size, players=3)
    except ValueError as exc:
        parser.error(str(exc))
    rng = random.Random(args.seed)
    records = {name: Record() for name in SEARCHERS}
    seatings = list(itertools.permutations(SEARCHERS))
    print(
        f"Three-player Rolit, {args.size} x {args.size}: {args.games} openings of "
        f"{args.opening} random moves (seed {args.seed}), each played with all "
        f"{len(seatings)} seatings: {args.games * len(seatings)} games; every searcher at "
        f"depth {args.depth}."
    )
    for _ in range(args.games):
        start = opening(game, args.opening, rng)
        before = {name: record.points for name, record in records.items()}
        for seats in seatings:
            play(game, start, seats, args.depth, records)
        for name, record in records.items():
            record.by_opening.append((record.points - before[name]) / len(seatings))

    print()
    print(
        f"{'searcher':<11} {'games':>5} {'win rate':>8} {'s.e.':>6} {'sole wins':>9} "
        f"{'pieces/game':>11} {'nodes/search':>12} {'ms/search':>9}"
    )
    for name, record in records.items():
        spread = statistics.stdev(record.by_opening) if args.games > 1 else 0.0
        print(
            f"{name:<11} {record.games:>5} {record.points / record.games:>8.3f} "
            f"{spread / args.games**0.5:>6.3f} {record.sole_wins:>9} "
            f"{record.pieces / record.games:>11.1f} {record.nodes / record.searches:>12.0f} "
            f"{1000 * record.seconds / record.searches:>9.1f}"
        )
    print()
    print("win rate: points per game, a win 1 and a shared win 1/k; 1/3 is an even share.")
    print("s.e.: the standard error of the win rate over the openings (seatings averaged).")
    print("Depth counts each searcher's own plies: best-reply's alternate the root player and")
    print("one replying opponent, so at equal depth it sees more of its own moves.")


if __name__ == "__main__":
    main()
