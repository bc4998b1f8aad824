"""Lines of ``bench_engine.py`` for issue 13: null-window search, extensions, reductions, solving.

Every ratio is against plain ``iterative_deepening`` (or plain alpha-beta with a table for the
solver lines) measured in the same run.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from _common import emit, fail

from gamesearch import SearchResult, iterative_deepening, mtdf
from gamesearch.games import ConnectFour, TicTacToe


def forced_replies(game: ConnectFour) -> Callable[[int, int, int], int]:
    """Extend by one ply where the player to move in ``child`` has one move that does not lose."""

    def extend(state: int, action: int, child: int) -> int:
        return 1 if len(game.non_losing_actions(child)) == 1 else 0

    return extend


def line_techniques(repeat: int, quick: bool) -> None:
    """Nodes and time of each technique, on tic-tac-toe (solved) and Connect Four (depth d)."""
    ttt, c4 = TicTacToe(), ConnectFour()
    depth = 7 if quick else 10
    cases: list[tuple[str, Any, dict[str, Any]]] = [
        ("tictactoe", ttt, {}),
        (f"c4.depth{depth}", c4, {"depth": depth}),
    ]
    for name, game, limits in cases:
        variants = _variants(game, limits)
        variants["plain"]()  # warm the game's memos up, so that the first variant is fair
        base: tuple[float, int, float] | None = None
        for variant, run in variants.items():
            best, result = float("inf"), None
            for _ in range(max(1, repeat // 4)):
                started = time.perf_counter()
                result = run()
                best = min(best, time.perf_counter() - started)
            assert result is not None
            if base is None:
                base = (best, result.stats.nodes, result.value)
            exact_technique = "approximate" not in variant
            if exact_technique and result.value != base[2]:
                fail(f"{name}: {variant} gave {result.value}, plain {base[2]}")
            emit(
                bench="engine.techniques",
                case=name,
                technique=variant,
                value=round(result.value, 5),
                same_value=result.value == base[2],
                nodes=result.stats.nodes,
                ms=round(best * 1000, 2),
                nodes_vs_plain=round(result.stats.nodes / base[1], 3),
                time_vs_plain=round(best / base[0], 3),
            )


def _variants(game: Any, limits: dict[str, Any]) -> dict[str, Callable[[], SearchResult[Any]]]:
    """The searches to compare, plain first."""
    variants: dict[str, Callable[[], SearchResult[Any]]] = {
        "plain": lambda: iterative_deepening(game, **limits),
        "pvs": lambda: iterative_deepening(game, pvs=True, **limits),
        "aspiration": lambda: iterative_deepening(game, aspiration=0.05, **limits),
        "pvs+aspiration": lambda: iterative_deepening(game, pvs=True, aspiration=0.05, **limits),
        "mtdf": lambda: mtdf(game, depth=limits.get("depth")),
        "reductions (approximate)": lambda: iterative_deepening(
            game, reductions=True, pvs=True, **limits
        ),
        "singular (approximate)": lambda: iterative_deepening(game, singular=0.05, **limits),
    }
    if isinstance(game, ConnectFour):
        variants["extend forced replies (approximate)"] = lambda: iterative_deepening(
            game, extend=forced_replies(game), **limits
        )
    return variants


def _solve(game: ConnectFour, name: str, limit: float) -> SearchResult[int]:
    if name == "mtdf":
        return mtdf(game)
    return iterative_deepening(game, time_limit=limit)


def line_solver(quick: bool, limit: float) -> None:
    """Connect Four boards solved from the empty board: plain deepening against MTD(f)."""
    for width, height in [(4, 4)] if quick else [(4, 4), (5, 4), (6, 4), (5, 5), (7, 4)]:
        game = ConnectFour(width, height)
        seconds: dict[str, float] = {}
        for name in ("iterative_deepening", "mtdf"):
            if name == "iterative_deepening" and width * height > (16 if quick else 20):
                continue  # far slower (6x4 in 41 s, 5x5 unsolved in 60 s): see the README
            started = time.perf_counter()
            result = _solve(game, name, limit)
            seconds[name] = time.perf_counter() - started
            emit(
                bench="engine.solver",
                board=f"{width}x{height}",
                searcher=name,
                solved=result.exact,
                value=result.value if result.exact else None,
                plies_to_end=result.plies_to_end,
                nodes=result.stats.nodes,
                seconds=round(seconds[name], 3),
                target_seconds=20.0 if width * height > 16 else None,
            )


def random_positions(game: ConnectFour, stones: range, count: int, seed: int) -> list[int]:
    """Positions after random legal games with no immediate win for the player to move."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state, target = game.initial_state(), rng.choice(stones)
        for _ in range(target):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if game.is_terminal(state) or bin(state & game._full).count("1") != target:
            continue
        if any(game.winner(game.result(state, a)) is not None for a in game.actions(state)):
            continue
        found.append(state)
    return found


def mirror(game: ConnectFour, state: int) -> int:
    """The position with the columns reversed, replayed from its stones."""
    width, height = game.width, game.height
    moves_by_column = []
    for col in range(width):
        column = []
        for row in range(height):
            cell = 1 << (col * (height + 1) + row)
            if game.stones(state, 0) & cell:
                column.append(0)
            elif game.stones(state, 1) & cell:
                column.append(1)
        moves_by_column.append(column)
    # Replay: alternate players, taking the lowest free stone of the right colour in any column.
    mirrored, heights = game.initial_state(), [0] * width
    total = sum(len(column) for column in moves_by_column)
    for _ in range(total):
        player = game.to_move(mirrored)
        for col in range(width):
            source = moves_by_column[width - 1 - col]
            if heights[col] < len(source) and source[heights[col]] == player:
                mirrored = game.result(mirrored, col)
                heights[col] += 1
                break
        else:
            return -1  # no replay order found (rare): skip the check
    return mirrored


def line_positions(quick: bool) -> None:
    """Mean time to solve 7x6 positions (exact Pons score), checked against their mirrors.

    The solver is ``mtdf`` with ``ConnectFour.threat_order`` (Pons's ordering); each mirror
    image is solved with the game's own ``order``, an independent check of the score.
    """
    game = ConnectFour()
    for low, high, count in ((18, 24, 4 if quick else 20), (10, 14, 0 if quick else 2)):
        if not count:
            continue
        times, scores = [], []
        for state in random_positions(game, range(low, high + 1), count, seed=low):
            started = time.perf_counter()
            result = mtdf(game, state, order=game.threat_order)
            times.append(time.perf_counter() - started)
            score = game.pons_score(state, result)
            scores.append(score)
            twin = mirror(game, state)
            if twin >= 0 and game.pons_score(twin, mtdf(game, twin)) != score:
                fail(f"7x6 position {state}: its mirror image scores differently")
        emit(
            bench="engine.positions",
            stones=f"{low}-{high}",
            positions=len(times),
            mean_ms=round(1000 * sum(times) / len(times), 1),
            max_ms=round(1000 * max(times), 1),
            target_mean_ms=50 if low == 18 else 1000,
            scores=scores,
        )


def line_singular_match(quick: bool) -> None:
    """Strength of singular extensions: Connect Four games at equal depth against the plain engine.

    Each opening (four random moves, seeded) is played twice, the sides swapped; both players
    are ``iterative_deepening`` to the same depth, one with ``singular=0.05``. Reported: the
    extended side's wins, draws and losses, and the nodes each side searched.
    """
    game, depth = ConnectFour(), 5 if quick else 7
    rng, record, nodes = random.Random(13), {"wins": 0, "draws": 0, "losses": 0}, [0, 0]
    for _ in range(1 if quick else 6):
        opening = game.initial_state()
        for _ in range(4):
            opening = game.result(opening, rng.choice(game.actions(opening)))
        for extended_side in (0, 1):
            state = opening
            while not game.is_terminal(state):
                singular = game.to_move(state) == extended_side
                result = iterative_deepening(
                    game, state, depth=depth, singular=0.05 if singular else None
                )
                nodes[singular] += result.stats.nodes
                state = game.result(state, result.action)
            utility = game.utility(state, extended_side)
            record["wins" if utility > 0 else "losses" if utility < 0 else "draws"] += 1
    emit(
        bench="engine.singular_match",
        depth=depth,
        games=sum(record.values()),
        **record,
        singular_nodes=nodes[1],
        plain_nodes=nodes[0],
        nodes_vs_plain=round(nodes[1] / nodes[0], 3),
    )
