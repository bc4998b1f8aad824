"""Core benchmark: how fast the library's searchers are, and what their generality costs.

All measurements solve tic-tac-toe from the empty board. For ``minimax``, ``alphabeta`` and
``negamax`` the script reports the nodes visited, the best wall-clock time of N runs and
nodes per second. It also times two hand-written searchers, the AIMA-style MAX-VALUE /
MIN-VALUE pair with and without alpha-beta pruning, which call the very same ``TicTacToe``
methods but keep no principal variation, no statistics beyond the node count and do no
validation, and take maxima with comparisons rather than calls to ``max()``: they are the
"overhead floor", the fastest plain loop over the same game. The ratio library time / floor
time says what the library's extra bookkeeping costs; 1.0 would mean none.

The floors must visit exactly the nodes the library does (root plus every child generated),
or the comparison would be meaningless, so the script checks the counts and the game values
and exits with status 1 if they disagree. Library and floor runs are interleaved and the best
time of each is kept, because a shared machine is noisy; the garbage collector is disabled
during every timed run. Output is JSON lines on stdout, one dict per line.

Usage: ``python bench/bench_core.py [--quick] [--repeat N]``
"""

from __future__ import annotations

import argparse
import functools
import math
import sys
from collections.abc import Callable
from typing import Any

from _common import emit, emit_env, run_timed

import gamesearch
from gamesearch import alphabeta, iterative_deepening, minimax, negamax
from gamesearch._recursion import on_fresh_stack
from gamesearch.games import TicTacToe
from gamesearch.twoplayer._enhanced import Enhancements, enhanced_search

Run = Callable[[TicTacToe], tuple[float, int]]
"""A searcher under test: solves the game and returns (root value, nodes visited)."""

TARGET_RATIO = {"alphabeta": 1.3, "negamax": 1.3}
"""How much slower than the hand-written floor the pruning searchers may be (the issue's target).
``minimax`` has none: it is written to be read, as the textbook writes it."""
TARGET_SPEED = 2_000_000
"""The issue's target for library alpha-beta on tic-tac-toe, in nodes per second."""
TARGET_BITMASK = 2.5
"""How much slower than the bitmask floor alpha-beta with ``TicTacToe.children`` may be."""
TARGET_FRESH_MS = 2.0
"""The issue's target for ``iterative_deepening(TicTacToe())`` with a new game, in ms."""
FAST_FACTOR = 10
"""Alpha-beta searches take milliseconds, so they run this many times more often."""
FLOOR = {"minimax": "minimax", "alphabeta": "alphabeta", "negamax": "alphabeta"}
"""The hand-written searcher each library searcher is compared with."""
EXPECTED_NODES = {"minimax": 549_946, "alphabeta": 18_297}
"""Nodes each hand-written searcher, and so its library counterparts, must visit."""


def hand_alphabeta(game: TicTacToe) -> tuple[float, int]:
    """Textbook alpha-beta (AIMA fig. 5.7) for player 0: (value, nodes visited)."""
    is_terminal, utility = game.is_terminal, game.utility
    actions, result = game.actions, game.result
    nodes = 1  # the root

    def max_value(state: int, alpha: float, beta: float) -> float:
        """MAX-VALUE: the value of ``state`` for player 0, who is to move."""
        nonlocal nodes
        if is_terminal(state):
            return utility(state, 0)
        v = -math.inf
        for action in actions(state):
            nodes += 1
            child = min_value(result(state, action), alpha, beta)
            if child > v:
                v = child
                if v >= beta:
                    return v
                if v > alpha:
                    alpha = v
        return v

    def min_value(state: int, alpha: float, beta: float) -> float:
        """MIN-VALUE: the value of ``state`` for player 0, with player 1 to move."""
        nonlocal nodes
        if is_terminal(state):
            return utility(state, 0)
        v = math.inf
        for action in actions(state):
            nodes += 1
            child = max_value(result(state, action), alpha, beta)
            if child < v:
                v = child
                if v <= alpha:
                    return v
                if v < beta:
                    beta = v
        return v

    value = max_value(game.initial_state(), -math.inf, math.inf)
    return value, nodes


def hand_alphabeta_to_move(game: TicTacToe) -> tuple[float, int]:
    """Alpha-beta that asks ``to_move`` whose turn it is, as the library does: (value, nodes).

    The textbook pair above assumes that turns alternate; a general searcher cannot, and pays
    one ``to_move`` call a node. This floor has that generality and nothing else.
    """
    is_terminal, utility, to_move = game.is_terminal, game.utility, game.to_move
    actions, result = game.actions, game.result
    nodes = 1  # the root

    def value(state: int, alpha: float, beta: float) -> float:
        """The value of ``state`` for player 0, whoever is to move."""
        nonlocal nodes
        if is_terminal(state):
            return utility(state, 0)
        if to_move(state) == 0:
            v = -math.inf
            for action in actions(state):
                nodes += 1
                child = value(result(state, action), alpha, beta)
                if child > v:
                    v = child
                    if v >= beta:
                        return v
                    if v > alpha:
                        alpha = v
            return v
        v = math.inf
        for action in actions(state):
            nodes += 1
            child = value(result(state, action), alpha, beta)
            if child < v:
                v = child
                if v <= alpha:
                    return v
                if v < beta:
                    beta = v
        return v

    return value(game.initial_state(), -math.inf, math.inf), nodes


def hand_minimax(game: TicTacToe) -> tuple[float, int]:
    """Textbook minimax (AIMA fig. 5.3) for player 0: (value, nodes visited)."""
    is_terminal, utility = game.is_terminal, game.utility
    actions, result = game.actions, game.result
    nodes = 1  # the root

    def max_value(state: int) -> float:
        """MAX-VALUE: the value of ``state`` for player 0, who is to move."""
        nonlocal nodes
        if is_terminal(state):
            return utility(state, 0)
        v = -math.inf
        for action in actions(state):
            nodes += 1
            child = min_value(result(state, action))
            if child > v:
                v = child
        return v

    def min_value(state: int) -> float:
        """MIN-VALUE: the value of ``state`` for player 0, with player 1 to move."""
        nonlocal nodes
        if is_terminal(state):
            return utility(state, 0)
        v = math.inf
        for action in actions(state):
            nodes += 1
            child = max_value(result(state, action))
            if child < v:
                v = child
        return v

    value = max_value(game.initial_state())
    return value, nodes


_WINS = tuple(
    any(mask & line == line for line in (7, 56, 448, 73, 146, 292, 273, 84)) for mask in range(512)
)
"""For each set of one player's squares (9 bits), whether it holds three in a row."""
_FREE = tuple(
    tuple((square, 1 << square) for square in range(9) if not taken >> square & 1)
    for taken in range(512)
)
"""For each set of taken squares, the empty ones in increasing order, with their bits."""


def hand_bitmask_alphabeta(game: TicTacToe) -> tuple[float, int]:
    """The bitmask floor: alpha-beta on two 9-bit masks with table lookups, no game object.

    What a program written for tic-tac-toe alone can do in Python: a state is the two
    players' masks, the empty squares and the wins are looked up in tables of 512 entries, and
    turns alternate. It searches the squares in increasing order, as ``TicTacToe.actions``
    gives them, so it visits the library's nodes. ``game`` is not used.
    """
    nodes = 1  # the root
    wins, free = _WINS, _FREE

    def max_value(x: int, o: int, alpha: float, beta: float) -> float:
        """The value for X of the position ``(x, o)`` with X to move."""
        nonlocal nodes
        v = -math.inf
        for _, bit in free[x | o]:
            nodes += 1
            mine = x | bit
            if wins[mine]:
                child = 1.0
            elif mine | o == 511:
                child = 0.0
            else:
                child = min_value(mine, o, alpha, beta)
            if child > v:
                v = child
                if v >= beta:
                    return v
                if v > alpha:
                    alpha = v
        return v

    def min_value(x: int, o: int, alpha: float, beta: float) -> float:
        """The value for X of the position ``(x, o)`` with O to move."""
        nonlocal nodes
        v = math.inf
        for _, bit in free[x | o]:
            nodes += 1
            mine = o | bit
            if wins[mine]:
                child = -1.0
            elif x | mine == 511:
                child = 0.0
            else:
                child = max_value(x, mine, alpha, beta)
            if child < v:
                v = child
                if v <= alpha:
                    return v
                if v < beta:
                    beta = v
        return v

    return max_value(0, 0, -math.inf, math.inf), nodes


class PlainMembers:
    """``TicTacToe`` with only the six members of the ``Game`` protocol: no ``children``.

    The library's loops then call ``actions``, ``result``, ``is_terminal`` and ``to_move`` as
    the hand-written floors do, so that their ratio is the library's bookkeeping alone.
    """

    num_players = 2

    def __init__(self, game: TicTacToe) -> None:
        self.initial_state, self.to_move = game.initial_state, game.to_move
        self.actions, self.result = game.actions, game.result
        self.is_terminal, self.utility = game.is_terminal, game.utility


def fresh(run: Run) -> Run:
    """``run`` started on a stack chunk of its own, as the library's loops start theirs.

    Otherwise a hand-written loop's speed would depend on how deep this script's stack is when
    it is called (CPython's frame chunks: see ``docs/speed.md``), by up to several times.
    """

    def started_fresh(game: TicTacToe) -> tuple[float, int]:
        return on_fresh_stack(run, game)

    return started_fresh


def library(search: Callable[[TicTacToe], gamesearch.SearchResult[int]]) -> Run:
    """Wrap a library searcher as a :data:`Run`."""

    def run(game: TicTacToe) -> tuple[float, int]:
        """Solve ``game`` with the library searcher."""
        found = search(game)
        return found.value, found.stats.nodes

    return run


def plain(search: Callable[[Any], gamesearch.SearchResult[int]]) -> Run:
    """Wrap a library searcher as a :data:`Run` over the game's plain members only."""

    def run(game: TicTacToe) -> tuple[float, int]:
        """Solve ``game`` through :class:`PlainMembers`."""
        found = search(PlainMembers(game))
        return found.value, found.stats.nodes

    return run


def engine(root_view: bool) -> Run:
    """The engine's loop (the searchers' with options) with every option off, as a Run."""

    def run(game: TicTacToe) -> tuple[float, int]:
        members = PlainMembers(game)
        outcome = enhanced_search(
            members, members.initial_state(), -1, None, root_view=root_view,
            options=Enhancements(distances=False),
        )  # fmt: skip
        return outcome.value, outcome.expanded + outcome.leaves

    return run


def plain_loop(repeat: int, game: TicTacToe) -> None:
    """``core.plain_loop``: what the plain alpha-beta loop gains over the engine's, no option on.

    The plain loop (``twoplayer/_plain.py``) is kept beside the engine's loop, which serves
    every option, only while it pays at least 1.3 times on a real workload (issue 28); both
    solve tic-tac-toe over the plain members here, visiting the same nodes.
    """
    for searcher, root_view in (("alphabeta", True), ("negamax", False)):
        runs = {"plain": plain(alphabeta if root_view else negamax), "engine": engine(root_view)}
        for name, run in runs.items():
            check(f"{name} loop {searcher}", run(game), EXPECTED_NODES["alphabeta"])
        best = dict.fromkeys(runs, math.inf)
        for i in range(repeat):
            for name in runs if i % 2 == 0 else list(runs)[::-1]:
                best[name] = min(best[name], timed(runs[name], game))
        emit(
            bench="core.plain_loop",
            searcher=searcher,
            nodes=EXPECTED_NODES["alphabeta"],
            plain_seconds=round(best["plain"], 6),
            engine_seconds=round(best["engine"], 6),
            speedup=round(best["engine"] / best["plain"], 3),
            keeps_the_loop=best["engine"] / best["plain"] >= 1.3,
        )


def fresh_game(repeat: int) -> None:
    """Solve tic-tac-toe with a new ``TicTacToe()`` each time and with one reused game.

    ``iterative_deepening`` (the engine: table, ordering) and plain ``alphabeta``; best of
    ``repeat`` each, interleaved. A game's memos are shared by every game of its size, so a
    fresh object should be as fast as a warm one (the issue's target: <= 2 ms).
    """
    warm = TicTacToe()
    searches: dict[str, Callable[[Any], Any]] = {
        "iterative_deepening": iterative_deepening,
        "alphabeta": alphabeta,
    }
    for name, search in searches.items():
        search(warm)
        engine = name == "iterative_deepening"
        fresh = reused = math.inf
        for _ in range(repeat):
            fresh = min(fresh, run_timed(lambda: search(TicTacToe()))[0])  # noqa: B023
            reused = min(reused, run_timed(lambda: search(warm))[0])  # noqa: B023
        emit(
            bench="core.fresh_game",
            searcher=name,
            fresh_ms=round(fresh * 1000, 3),
            warm_ms=round(reused * 1000, 3),
            ratio=round(fresh / reused, 3),
            target_ms=TARGET_FRESH_MS if engine else None,
            within_target=fresh * 1000 <= TARGET_FRESH_MS if engine else None,
        )


def called_from(frames: int, function: Callable[[], Any]) -> Any:
    """``function()``, called ``frames`` Python frames deeper than here."""
    return function() if frames == 0 else called_from(frames - 1, function)


def stack_depth(repeat: int) -> None:
    """``iterative_deepening(TicTacToe())`` called from 0 to 114 frames deep, best of ``repeat``.

    CPython 3.11 keeps frames in chunks; a search whose frames straddle a chunk boundary maps
    and unmaps memory at every call there. The searchers start their recursion on a chunk of
    their own, so the spread (slowest depth / fastest depth) should stay near 1; it was 5.8-7.5
    for the engine before it did (``docs/speed.md``).
    """
    times = []
    for frames in range(0, 120, 6):
        run = functools.partial(called_from, frames, lambda: iterative_deepening(TicTacToe()))
        times.append(min(run_timed(run)[0] for _ in range(repeat)))
    emit(
        bench="core.stack_depth",
        searcher="iterative_deepening",
        caller_frames="0-114, every 6",
        fastest_ms=round(min(times) * 1000, 3),
        slowest_ms=round(max(times) * 1000, 3),
        spread=round(max(times) / min(times), 3),
    )


def timed(run: Run, game: TicTacToe) -> float:
    """Seconds one ``run(game)`` takes, with the garbage collector off."""
    return run_timed(lambda: run(game))[0]




def check(name: str, got: tuple[float, int], expected_nodes: int) -> None:
    """Exit with status 1 unless ``got`` is the value 0 and ``expected_nodes`` nodes."""
    value, nodes = got
    if value != 0 or nodes != expected_nodes:
        print(
            f"bench_core: {name} gave value {value} and {nodes} nodes; "
            f"expected value 0 and {expected_nodes} nodes",
            file=sys.stderr,
        )
        sys.exit(1)


def main(argv: list[str] | None = None) -> None:
    """Parse the options, verify the searchers, time them and print the JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="few repetitions (~5 s)")
    parser.add_argument("--repeat", type=int, help="runs of minimax (alpha-beta: 10x as many)")
    args = parser.parse_args(argv)
    repeat = args.repeat if args.repeat is not None else (3 if args.quick else 15)
    if repeat < 1:
        parser.error("--repeat must be >= 1")

    emit_env("core.env")
    runs: dict[tuple[str, str], Run] = {
        ("minimax", "library"): plain(minimax),
        ("minimax", "library, children"): library(minimax),
        ("minimax", "hand-written"): fresh(hand_minimax),
        ("alphabeta", "library"): plain(alphabeta),
        ("alphabeta", "library, children"): library(alphabeta),
        ("alphabeta", "hand-written"): fresh(hand_alphabeta),
        ("alphabeta", "hand-written, to_move"): fresh(hand_alphabeta_to_move),
        ("alphabeta", "bitmask floor"): fresh(hand_bitmask_alphabeta),
        ("negamax", "library"): plain(negamax),
        ("negamax", "library, children"): library(negamax),
    }
    game = TicTacToe()  # shared, so every searcher sees the same warm actions() memo
    for (searcher, impl), run in runs.items():  # untimed warm-up that verifies the results
        check(f"{impl} {searcher}", run(game), EXPECTED_NODES[FLOOR[searcher]])

    groups = [(["minimax"], repeat), (["alphabeta", "negamax"], repeat * FAST_FACTOR)]
    best: dict[tuple[str, str], float] = dict.fromkeys(runs, math.inf)
    for searchers, count in groups:
        keys = [key for key in runs if key[0] in searchers]
        for i in range(count):
            for key in keys if i % 2 == 0 else keys[::-1]:  # alternate the order too
                best[key] = min(best[key], timed(runs[key], game))
        for key in keys:
            nodes = EXPECTED_NODES[FLOOR[key[0]]]
            emit(
                bench="core.tictactoe",
                searcher=key[0],
                impl=key[1],
                nodes=nodes,
                seconds=round(best[key], 6),
                nodes_per_s=round(nodes / best[key]),
                repeat=count,
                timing="best-of-repeat",
                gc_disabled=True,
            )

    for searcher, floor in FLOOR.items():
        ratio = best[searcher, "library"] / best[floor, "hand-written"]
        emit(
            bench="core.overhead",
            searcher=searcher,
            floor=f"hand-written {floor}",
            ratio=round(ratio, 3),
            target=TARGET_RATIO.get(searcher),
            within_target=ratio <= TARGET_RATIO[searcher] if searcher in TARGET_RATIO else None,
        )
    for searcher in ("alphabeta", "negamax"):
        emit(
            bench="core.overhead",
            searcher=searcher,
            floor="hand-written alphabeta dispatching on to_move",
            ratio=round(best[searcher, "library"] / best["alphabeta", "hand-written, to_move"], 3),
            target=None,
            within_target=None,
        )
    for searcher in ("minimax", "alphabeta", "negamax"):
        emit(
            bench="core.children",
            searcher=searcher,
            speedup=round(best[searcher, "library"] / best[searcher, "library, children"], 3),
            reference="the same searcher over the plain members (no children)",
        )
    ratio = best["alphabeta", "library, children"] / best["alphabeta", "bitmask floor"]
    emit(
        bench="core.bitmask",
        searcher="alphabeta",
        impl="library, children",
        floor="bitmask floor",
        ratio=round(ratio, 3),
        target=TARGET_BITMASK,
        within_target=ratio <= TARGET_BITMASK,
        floor_nodes_per_s=round(EXPECTED_NODES["alphabeta"] / best["alphabeta", "bitmask floor"]),
    )
    plain_loop(repeat * FAST_FACTOR, game)
    fresh_game(repeat * FAST_FACTOR)
    stack_depth(repeat * 2)
    speed = EXPECTED_NODES["alphabeta"] / best["alphabeta", "library"]
    emit(
        bench="core.speed",
        searcher="alphabeta",
        nodes_per_s=round(speed),
        target_nodes_per_s=TARGET_SPEED,
        within_target=speed >= TARGET_SPEED,
        floor_nodes_per_s=round(EXPECTED_NODES["alphabeta"] / best["alphabeta", "hand-written"]),
    )


if __name__ == "__main__":
    main()
