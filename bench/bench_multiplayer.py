"""Multi-player benchmark: how much shallow pruning, paranoid and best-reply search save over max-n.

Every searcher searches the same positions of three-player Rolit to the same depth with Rolit's
evaluation (each player's share of the pieces, corners counting extra): plain max-n, the
reference; max-n with Korf's shallow pruning (``sum_bounds=(0, 1)``: utilities and evaluations lie
in [0, 1] and sum to at most 1); paranoid search; and best-reply search. The positions are
reached by seeded random play from the start, a few moves apart, so that openings and middle
games are both measured. For each searcher and depth the script reports the nodes summed over
the positions, the best wall-clock time of N runs (garbage collector off, runs interleaved),
nodes per second, and the ratios of nodes and of time to plain max-n's.

Node counts are the library's ``stats.nodes``: the root plus every child state generated. For
paranoid search they are the game's own states (the reduction to two players changes whose
turn it is, not the tree); for best-reply search they are the nodes of the best-reply tree,
one a reply, the passes that let one opponent reply not counted. Depth means plies of each
searcher's own tree: best-reply's MIN layer is one ply, in which any one opponent moves.

Shallow-pruned max-n must give plain max-n's values and moves: the script checks it on every
position and exits with status 1 if not. A last group searches three-player Nim to the end,
where a winner takes all and shallow pruning has more to prune. Output is JSON lines.

Usage: ``python bench/bench_multiplayer.py [--quick] [--repeat N]``
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable
from typing import Any

from _common import emit, emit_env, run_timed

from gamesearch import SearchResult, best_reply, maxn, paranoid
from gamesearch.games import Nim, Rolit

Search = Callable[[Any, Any, "int | None"], SearchResult[Any]]
"""A searcher under test: (game, state, depth) to its result."""


def evaluation(game: Any) -> Any:
    """The game's evaluation, or ``None`` for games searched to the end."""
    return getattr(game, "evaluate", None)


def run_maxn(game: Any, state: Any, depth: int | None) -> SearchResult[Any]:
    """Plain max-n: the reference."""
    return maxn(game, state, depth=depth, evaluate=evaluation(game) if depth else None)


def run_shallow(game: Any, state: Any, depth: int | None) -> SearchResult[Any]:
    """Max-n with shallow pruning, utilities in [0, 1] summing to at most 1."""
    evaluate = evaluation(game) if depth else None
    return maxn(game, state, depth=depth, evaluate=evaluate, pruning="shallow", sum_bounds=(0, 1))


def run_paranoid(game: Any, state: Any, depth: int | None) -> SearchResult[Any]:
    """Paranoid search."""
    return paranoid(game, state, depth=depth, evaluate=evaluation(game) if depth else None)


def run_best_reply(game: Any, state: Any, depth: int | None) -> SearchResult[Any]:
    """Best-reply search."""
    return best_reply(game, state, depth=depth, evaluate=evaluation(game) if depth else None)


SEARCHERS: dict[str, Search] = {
    "maxn": run_maxn,
    "maxn-shallow": run_shallow,
    "paranoid": run_paranoid,
    "best_reply": run_best_reply,
}
REFERENCE = "maxn"


def positions(game: Rolit, count: int, gap: int, seed: int) -> list[Any]:
    """``count`` states of one seeded random game: after moves 1, 1 + gap, 1 + 2 * gap, ..."""
    rng = random.Random(seed)
    state, found = game.initial_state(), []
    for move in range(1, (count - 1) * gap + 2):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(game.actions(state)))
        if (move - 1) % gap == 0:
            found.append(state)
    return found


def timed(search: Search, game: Any, states: list[Any], depth: int | None) -> tuple[float, int]:
    """Seconds to search every state, garbage collector off, and the nodes visited."""
    return run_timed(lambda: sum(search(game, state, depth).stats.nodes for state in states))




def check_shallow(game: Any, states: list[Any], depth: int | None) -> None:
    """Exit with status 1 unless shallow pruning gives plain max-n's values and moves."""
    for state in states:
        plain, pruned = run_maxn(game, state, depth), run_shallow(game, state, depth)
        if (plain.values, plain.pv) != (pruned.values, pruned.pv):
            print(
                f"bench_multiplayer: shallow pruning gave {pruned.values} {pruned.pv}, plain "
                f"max-n {plain.values} {plain.pv}, at depth {depth} on {game!r} {state!r}",
                file=sys.stderr,
            )
            sys.exit(1)


def measure(label: str, game: Any, states: list[Any], depth: int | None, repeat: int) -> None:
    """Time every searcher on ``states`` and print a line each, ratios against max-n."""
    check_shallow(game, states, depth)
    best = dict.fromkeys(SEARCHERS, math.inf)
    nodes: dict[str, int] = {}
    names = list(SEARCHERS)
    for i in range(repeat):
        for name in names if i % 2 == 0 else names[::-1]:  # alternate the order
            seconds, nodes[name] = timed(SEARCHERS[name], game, states, depth)
            best[name] = min(best[name], seconds)
    for name in names:
        emit(
            bench="multiplayer.search",
            game=label,
            depth=depth,
            positions=len(states),
            searcher=name,
            nodes=nodes[name],
            seconds=round(best[name], 6),
            nodes_per_s=round(nodes[name] / best[name]),
            node_ratio=round(nodes[name] / nodes[REFERENCE], 3),
            time_ratio=round(best[name] / best[REFERENCE], 3),
            reference=REFERENCE,
            repeat=repeat,
            timing="best-of-repeat",
            gc_disabled=True,
        )


def hand_maxn(game: Any, state: Any, depth: int | None) -> tuple[Any, int]:
    """A hand-written max-n over the same game methods: (root vector, nodes visited).

    Scores each child where it is generated, as the library does, but keeps no principal
    variation or statistics and checks nothing: the floor of a max-n loop over this game.
    """
    actions, result, is_terminal = game.actions, game.result, game.is_terminal
    to_move, utility, evaluate = game.to_move, game.utility, evaluation(game)
    players = range(game.num_players)
    limit = -1 if depth is None else depth
    nodes = 1

    def value(state: Any, ply: int) -> Any:
        nonlocal nodes
        mover = to_move(state)
        best = None
        for action in actions(state):
            nodes += 1
            child = result(state, action)
            if is_terminal(child):
                vector = tuple([utility(child, player) for player in players])
            elif ply + 1 == limit:
                vector = tuple([evaluate(child, player) for player in players])
            else:
                vector = value(child, ply + 1)
            if best is None or vector[mover] > best[mover]:
                best = vector
        return best

    return value(state, 0), nodes


def overhead(label: str, game: Any, states: list[Any], depth: int | None, repeat: int) -> None:
    """``multiplayer.overhead``: plain ``maxn`` against :func:`hand_maxn`, same positions."""
    best = {"library": math.inf, "hand-written": math.inf}
    counts = {}
    for i in range(max(repeat, 3)):
        for impl in ("library", "hand-written")[:: 1 if i % 2 else -1]:

            def run(impl: str = impl) -> int:
                total = 0
                for state in states:
                    if impl == "library":
                        total += run_maxn(game, state, depth).stats.nodes
                    else:
                        total += hand_maxn(game, state, depth)[1]
                return total

            seconds, counts[impl] = run_timed(run)
            best[impl] = min(best[impl], seconds)
    if counts["library"] != counts["hand-written"]:
        print(f"bench_multiplayer: node counts differ: {counts}", file=sys.stderr)
        sys.exit(1)
    emit(
        bench="multiplayer.overhead",
        game=label,
        depth=depth,
        nodes=counts["library"],
        library_seconds=round(best["library"], 6),
        hand_seconds=round(best["hand-written"], 6),
        ratio=round(best["library"] / best["hand-written"], 3),
        target=1.3,
    )


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run the groups and print the JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="6 x 6, depth 2 and 3 (~2 s)")
    parser.add_argument("--repeat", type=int, help="runs of each searcher (best time kept)")
    parser.add_argument("--seed", type=int, default=5, help="seed of the random positions")
    args = parser.parse_args(argv)
    repeat = args.repeat if args.repeat is not None else (2 if args.quick else 3)
    if repeat < 1:
        parser.error("--repeat must be >= 1")

    emit_env("multiplayer.env")
    groups = [(6, 2), (6, 3)] if args.quick else [(6, 2), (6, 3), (6, 4), (6, 5), (8, 3), (8, 4)]
    for size, depth in groups:
        game = Rolit(size=size, players=3)
        states = positions(game, 4 if args.quick else 8, gap=3, seed=args.seed)
        measure(f"rolit-{size}x{size}", game, states, depth, repeat)
    nim = Nim((2, 3, 4) if args.quick else (3, 3, 4), players=3)
    measure(f"nim-{'-'.join(map(str, nim.piles))}", nim, [nim.initial_state()], None, repeat)
    rolit = Rolit(size=6, players=3)
    overhead("rolit-6x6", rolit, positions(rolit, 4, gap=3, seed=args.seed), 3, repeat)
    overhead(f"nim-{'-'.join(map(str, nim.piles))}", nim, [nim.initial_state()], None, repeat)


if __name__ == "__main__":
    main()
