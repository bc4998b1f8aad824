"""Chance benchmark: expectiminimax's speed on Pig, and how many nodes Star1 and Star2 save.

Speed. ``expectiminimax`` searches Pig (goal 100, six-sided die) to a fixed depth from a set
of positions reached by seeded random play; the script reports nodes, the best wall-clock time
of N runs and nodes per second. A hand-written expectiminimax over the same ``Pig`` methods,
without validation of the distributions, principal variation, statistics or cycle checks, is
timed in the same run as the floor; the ratio library / floor is what the library's
bookkeeping costs. The floor must visit exactly the library's nodes and find the same values,
or the script exits with status 1.

Pruning. For Star1 and Star2 (Ballard 1983), the nodes visited against unpruned
expectiminimax, on

- Pig, from the same positions, with bounds (-1, 1) (a loss and a win; ``Pig.evaluate`` lies
  strictly between them), with the game's natural action order (roll, then hold) and with a
  good order (each player's actions sorted by a one-ply lookahead of ``Pig.evaluate``);
- random trees of the kind Ballard measured: MAX, chance, MIN, chance, ... with uniform
  probabilities and integer leaves uniform in [-100, 100], bounds (-100, 100), with their
  children in random order (natural) and in the best order (every decision node's children
  sorted best first by their exact values: perfect ordering).

Every pruned search must return the unpruned value (within 1e-9 on Pig, whose probabilities
1/6 round; exactly on the trees) and visit no more nodes, or the script exits with status 1.
Ballard reports a node reduction of about 25-30 % for Star1 and over 50 % for Star2 with random
ordering. Output is JSON lines on stdout, one dict per line.

Usage: ``python bench/bench_chance.py [--quick] [--repeat N]``
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from _common import emit, emit_env, fail, run_timed

from gamesearch import CHANCE, expectiminimax
from gamesearch.games import Chance, GameTree, Pig, PigState

PIG = Pig()
"""The game of the speed benchmark: goal 100, a six-sided die."""






def pig_positions(count: int, seed: int = 2024) -> list[PigState]:
    """``count`` decision positions of Pig reached by seeded random play, the start included."""
    rng = random.Random(seed)
    found = [PIG.initial_state()]
    while len(found) < count:
        state = PIG.initial_state()
        for _ in range(rng.randrange(5, 120)):
            if PIG.is_terminal(state):
                break
            if state.rolling:
                state = PIG.result(state, rng.randint(1, 6))
            else:
                state = PIG.result(state, rng.choice(PIG.actions(state)))
        if not PIG.is_terminal(state) and not state.rolling:
            found.append(state)
    return found


def hand_expectiminimax(game: Pig, state: PigState, depth: int) -> tuple[float, int]:
    """Expectiminimax as the textbook writes it (AIMA 3rd ed., section 5.5): (value, nodes)."""
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility, evaluate = game.is_terminal, game.utility, game.evaluate
    outcomes = game.chance_outcomes
    root = to_move(state)
    nodes = 1

    def value(state: PigState, ply: int) -> float:
        """The value of ``state`` for ``root``."""
        nonlocal nodes
        if is_terminal(state):
            return utility(state, root)
        if ply == depth:
            return evaluate(state, root)
        mover = to_move(state)
        if mover == CHANCE:
            total = 0.0
            for outcome, probability in outcomes(state):
                nodes += 1
                total += probability * value(result(state, outcome), ply)
            return total
        if mover == root:
            best = -math.inf
            for action in actions(state):
                nodes += 1
                child = value(result(state, action), ply + 1)
                if child > best:
                    best = child
            return best
        best = math.inf
        for action in actions(state):
            nodes += 1
            child = value(result(state, action), ply + 1)
            if child < best:
                best = child
        return best

    return value(state, 0), nodes


def timed(run: Callable[[], Any]) -> float:
    """Seconds one ``run()`` takes, with the garbage collector off."""
    return run_timed(run)[0]


def speed(positions: Sequence[PigState], depth: int, repeat: int) -> None:
    """Time library and hand-written expectiminimax on Pig; check they agree; print 2 lines.

    Each position is timed on its own, ``repeat`` times each, the two alternating; an
    implementation's time is the sum of its best times.
    """

    def library() -> tuple[list[float], int]:
        found = [expectiminimax(PIG, s, depth=depth, evaluate=PIG.evaluate) for s in positions]
        return [r.value for r in found], sum(r.stats.nodes for r in found)

    def hand() -> tuple[list[float], int]:
        found = [hand_expectiminimax(PIG, s, depth) for s in positions]
        return [value for value, _ in found], sum(nodes for _, nodes in found)

    (library_values, nodes), (hand_values, hand_nodes) = library(), hand()
    if (library_values, nodes) != (hand_values, hand_nodes):
        fail(f"library and hand-written expectiminimax disagree: {nodes} vs {hand_nodes} nodes")
    best = {"library": 0.0, "hand-written": 0.0}
    for state in positions:  # each position on its own: the sum of the best times
        lowest = {"library": math.inf, "hand-written": math.inf}
        for i in range(repeat):  # interleaved, the order alternating, best time kept
            for impl in ("library", "hand-written") if i % 2 == 0 else ("hand-written", "library"):
                seconds = timed(
                    partial(expectiminimax, PIG, state, depth=depth, evaluate=PIG.evaluate)
                    if impl == "library"
                    else partial(hand_expectiminimax, PIG, state, depth)
                )
                lowest[impl] = min(lowest[impl], seconds)
        for impl in best:
            best[impl] += lowest[impl]
    for impl, seconds in best.items():
        emit(
            bench="chance.pig_speed",
            searcher="expectiminimax",
            impl=impl,
            depth=depth,
            positions=len(positions),
            nodes=nodes,
            seconds=round(seconds, 6),
            nodes_per_s=round(nodes / seconds),
            repeat=repeat,
            timing="best-of-repeat",
            gc_disabled=True,
        )
    emit(
        bench="chance.overhead",
        searcher="expectiminimax",
        floor="hand-written expectiminimax",
        ratio=round(best["library"] / best["hand-written"], 3),
    )


class GoodOrder:
    """Pig with each player's actions sorted best first by a one-ply lookahead.

    A hold is scored by ``evaluate`` of the state it leads to; a roll by the expected
    ``evaluate`` over the faces of the die. Everything else is Pig's.
    """

    def __init__(self, game: Pig) -> None:
        self.game = game
        self.num_players = game.num_players
        self.chance_outcomes = game.chance_outcomes
        self.initial_state, self.to_move = game.initial_state, game.to_move
        self.result, self.is_terminal = game.result, game.is_terminal
        self.utility = game.utility

    def lookahead(self, state: PigState, player: int) -> float:
        """The one-ply estimate of ``state`` for ``player``."""
        game = self.game
        if game.is_terminal(state):
            return game.utility(state, player)
        if state.rolling:
            return sum(
                p * self.lookahead(game.result(state, face), player)
                for face, p in game.chance_outcomes(state)
            )
        return game.evaluate(state, player)

    def actions(self, state: PigState) -> Sequence[Any]:
        """Pig's actions, best first for the player to move."""
        actions = self.game.actions(state)
        if state.rolling or len(actions) < 2:
            return actions
        player = state.player
        return sorted(actions, key=lambda a: -self.lookahead(self.game.result(state, a), player))


def random_tree(rng: random.Random, turns: int, width: int, outcomes: int) -> Any:
    """A Ballard-style tree: ``turns`` x (decision, chance) levels, uniform probabilities."""
    share = 1 / outcomes if outcomes & (outcomes - 1) == 0 else None  # exact when a power of 2

    def build(level: int) -> Any:
        if level == 2 * turns:
            return rng.randint(-100, 100)
        if level % 2 == 0:
            return [build(level + 1) for _ in range(width)]
        probability = share if share is not None else 1 / outcomes
        return Chance([(probability, build(level + 1)) for _ in range(outcomes)])

    return build(0)


def best_ordered(node: Any, mover: int = 0) -> tuple[Any, Any]:
    """``(value, node)``: the tree with every decision node's children sorted best first."""
    if isinstance(node, Chance):
        parts = [(p, best_ordered(child, mover)) for p, child in node.outcomes]
        total = sum(p * value for p, (value, _) in parts)
        return total, Chance([(p, child) for p, (_, child) in parts])
    if not isinstance(node, list):
        return node, node
    children = sorted((best_ordered(child, 1 - mover) for child in node), key=lambda vc: vc[0])
    if mover == 0:
        children.reverse()
    return children[0][0], [child for _, child in children]


def reduction(
    name: str,
    ordering: str,
    cases: Sequence[tuple[Any, Any]],
    bounds: tuple[float, float],
    tolerance: float,
    repeat: int = 1,
    **options: Any,
) -> None:
    """Search every ``(game, state)`` unpruned, with Star1 and with Star2; print the totals.

    Each line also gives the time of all the searches, best of ``repeat`` rounds in which the
    three searchers alternate, and ``time_ratio``: pruned time / unpruned time in the same run.
    Where pruning saves at least 30 % of the nodes it should save time too (``pays``).
    """
    totals = {"none": 0, "star1": 0, "star2": 0}
    for game, state in cases:
        full = expectiminimax(game, state, **options)
        totals["none"] += full.stats.nodes
        for pruning in ("star1", "star2"):
            pruned = expectiminimax(game, state, pruning=pruning, bounds=bounds, **options)
            if abs(pruned.value - full.value) > tolerance or pruned.stats.nodes > full.stats.nodes:
                fail(
                    f"{pruning} on {name} ({ordering}) gave {pruned.value} with "
                    f"{pruned.stats.nodes} nodes; unpruned {full.value} with {full.stats.nodes}"
                )
            totals[pruning] += pruned.stats.nodes
    seconds = pruning_times(cases, bounds, repeat, options)
    for pruning in ("star1", "star2"):
        saved = 1 - totals[pruning] / totals["none"]
        time_ratio = seconds[pruning] / seconds["none"]
        emit(
            bench="chance.pruning",
            game=name,
            ordering=ordering,
            pruning=pruning,
            searches=len(cases),
            nodes=totals[pruning],
            unpruned_nodes=totals["none"],
            node_ratio=round(totals[pruning] / totals["none"], 4),
            reduction_percent=round(100 * saved, 1),
            seconds=round(seconds[pruning], 6),
            unpruned_seconds=round(seconds["none"], 6),
            time_ratio=round(time_ratio, 3),
            pays=time_ratio < 1 if saved >= 0.3 else None,
            **{key: value for key, value in options.items() if key == "depth"},
        )


def pruning_times(
    cases: Sequence[tuple[Any, Any]],
    bounds: tuple[float, float],
    repeat: int,
    options: dict[str, Any],
) -> dict[str, float]:
    """Seconds to search every case unpruned, with Star1 and with Star2.

    Each case is timed on its own, ``repeat`` times for each searcher, the three alternating
    (in turn reversed); a searcher's time is the sum over the cases of its best time on each.
    The minimum of each short search, rather than of one long run of them all, keeps a burst
    of load from another process out of the figure.
    """
    prunings: dict[str, dict[str, Any]] = {
        "none": {},
        "star1": {"pruning": "star1", "bounds": bounds},
        "star2": {"pruning": "star2", "bounds": bounds},
    }
    totals = dict.fromkeys(prunings, 0.0)
    names = list(prunings)
    for game, state in cases:
        best = dict.fromkeys(prunings, math.inf)
        gc.collect()  # once a case: collecting before each short run would also hand the
        gc.disable()  # allocator's memory back, and time getting it again
        try:
            for round_ in range(repeat):
                for name in names if round_ % 2 == 0 else names[::-1]:
                    run = partial(expectiminimax, game, state, **options, **prunings[name])
                    started = time.perf_counter()
                    run()
                    best[name] = min(best[name], time.perf_counter() - started)
        finally:
            gc.enable()
        for name in names:
            totals[name] += best[name]
    return totals


def pig_endgames(count: int, seed: int = 14) -> list[PigState]:
    """Positions of Pig to 20 with both players 10 to 17 points in, player 0 to move."""
    rng = random.Random(seed)
    return [PigState(rng.randint(10, 17), rng.randint(10, 17), 0, 0, False) for _ in range(count)]


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run the measurements and print the JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="small sizes, few repeats (~5 s)")
    parser.add_argument("--repeat", type=int, help="timed runs of each implementation")
    args = parser.parse_args(argv)
    repeat = args.repeat if args.repeat is not None else (3 if args.quick else 10)
    if repeat < 1:
        parser.error("--repeat must be >= 1")
    depth = 4 if args.quick else 6
    positions = pig_positions(6 if args.quick else 20)

    emit_env("chance.env")
    speed(positions, depth, repeat)

    good = GoodOrder(PIG)
    for ordering, game in (("natural", PIG), ("good", good)):
        reduction(
            "pig",
            ordering,
            [(game, state) for state in positions],
            (-1, 1),
            1e-9,
            repeat,
            depth=depth,
            evaluate=PIG.evaluate,
        )
    # Near the end of a short race, evaluations come close to the bounds and Star1 and Star2
    # save a third of the nodes or more: there pruning must pay in time as well.
    race = Pig(goal=20)
    reduction(
        "pig to 20, endgames",
        "natural",
        [(race, state) for state in pig_endgames(3 if args.quick else 8)],
        (-1, 1),
        1e-9,
        repeat,
        depth=6 if args.quick else 8,
        evaluate=race.evaluate,
    )

    shapes = [(2, 5, 4, 10)] if args.quick else [(2, 5, 4, 40), (3, 4, 4, 20), (4, 3, 2, 20)]
    for turns, width, outcomes, count in shapes:
        rng = random.Random(1983)
        trees = [random_tree(rng, turns, width, outcomes) for _ in range(count)]
        best = [best_ordered(tree)[1] for tree in trees]
        for ordering, nested in (("random", trees), ("best", best)):
            reduction(
                f"random-tree {turns}x(decision {width}, chance {outcomes})",
                ordering,
                [(GameTree(tree), None) for tree in nested],
                (-100, 100),
                0.0,
                repeat,
            )


if __name__ == "__main__":
    main()
