"""Learned evaluations (issues 40 and 48): fitted, then weighed on openings they never saw.

Each benchmark line is one function below; every line is a JSON dict on stdout.

The protocol (issue 48): the 1,120 distinct positions four plies into Connect Four 7 x 6 (each
reached by the first of its move orders), shuffled by seed 48. The first 200 are the *measuring*
suite (B): nothing was fitted, chosen or tuned on them, and every match below is played on them,
each opening twice with the colours swapped (a pair), alpha-beta at equal depth on both sides,
the learned evaluation against ``ConnectFour.evaluate``; the result is the pairs' counts
(``Ptnml(0-2)``) and the Elo difference with the pentanomial 95% interval. The other 920 are the
*choosing* suite (A): ``--choose`` replays the matches that chose (on A's first 150 openings the
three counts 17-19 of ``ConnectFour.features``, on A's next 300 the check of that choice), and
the 7 x 6 training games of ``learn.label`` start from A's openings.

- ``learn.fit``: ``fit_to_solution`` on Connect Four 5 x 4 (solved strongly by ``solve``): on all
  its features (the twenty counts and the twenty cells), on the seventeen counts of issue 40,
  and on the twenty counts (the evaluation that ships as ``connect_four_evaluation()``); on Pig
  to 30 (solved by value iteration); ``fit_to_values`` on the 7 x 6 positions of ``learn.label``.
- ``learn.shipped``: whether the twenty counts' fit is the package's ``connect_four.json``.
- ``learn.c4_match``: a route's evaluation on B at depth 3 and at depth 4 (400 games each).
- ``learn.c4_cost``: seconds per node of those searches with each evaluation (a ratio, same run).
- ``learn.label``: games on 7 x 6 from A's openings (alpha-beta at depth 3 with
  ``ConnectFour.evaluate``, one move in twenty random; seed 7), whose positions of 20 stones or
  more are solved exactly by ``mtdf``; their twenty counts are fitted by ``fit_to_values``.
- ``learn.td_leaf``: ``td_leaf`` self-play on 7 x 6 (seed 7, depth 3, step 0.002, 1,000 games)
  from the shipped weights. Its games open with four random moves of its own (``td_leaf``'s
  ``opening_moves``), which may reach positions of B: this route's figure is not held out.
- ``learn.pig_match``: Pig to 30, expectiminimax at depth 2 with the fitted evaluation, and with
  ``Pig.evaluate``, each against the optimal player (the solved table's best move) from both
  seats: their win rates.

``--quick`` plays 12 pairs a match at depths 2 and 3, 30 games for labels, 20 of self-play and
fewer positions. Wall times on a shared machine are noisy: the cost is a ratio from one run.

Usage: ``python bench/bench_learning.py [--quick] [--choose] [--workers N] [--svg docs/figures]
[--write-shipped PATH]`` (``--svg`` draws the weights of the 5 x 4 fit's cells, the picture in
docs/ratings.md; ``--write-shipped`` writes the twenty counts' fit as the package's file).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from _common import emit, emit_env

from gamesearch import Pentanomial, alphabeta, expectiminimax, mtdf, searcher_player, tournament
from gamesearch.games import ConnectFour, Pig
from gamesearch.learning import (
    FitReport,
    LinearEvaluation,
    connect_four_evaluation,
    fit_to_solution,
    fit_to_values,
    td_leaf,
    weights_svg,
)
from gamesearch.solving import Solution, solve

Evaluate = Callable[[Any, int], float]
OLD_COUNTS = range(17)
"""Connect Four's size-free counts of issue 40: open threes and twos, centre stones, turn, wins
at once, threats by the parity of their rows, the lowest threats of their columns."""
COUNTS = range(20)
"""The seventeen and, 17-19, the wins of the next three plies that the threats show (the side
to move wins at once; the other side has two playable threats, or one under another of its
own): chosen on the openings A[:150], checked on A[150:450]."""
OPENINGS_SEED = 48
"""Shuffles the four-ply positions: the first MEASURING are B, the rest A."""
MEASURING = 200
TRAINING_SEED = 7
"""The seed of the training games on 7 x 6 and of self-play."""
TD_GAMES, TD_DEPTH, TD_RATE = 1_000, 3, 0.002
"""Self-play's games, depth and step (those of issue 40)."""
LATE = 20
"""Stones on the 7 x 6 board from which a position is solved for a label (well under 2 s)."""


def four_ply_suites(board: ConnectFour) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The measuring suite B and the choosing suite A: every four-ply position once, shuffled.

    Each position is reached by the first of its move orders (in the order of
    ``itertools.product``); none of them has ended the game.
    """
    found: dict[int, tuple[int, ...]] = {}
    for moves in itertools.product(range(board.width), repeat=4):
        state = board.initial_state()
        for move in moves:
            state = board.result(state, move)
        found.setdefault(state, moves)
    lines = sorted(found.values())
    random.Random(OPENINGS_SEED).shuffle(lines)
    return lines[:MEASURING], lines[MEASURING:]


def fit_line(name: str, report: FitReport, solve_seconds: float) -> None:
    """One ``learn.fit`` line (its agreement ``null`` where there is no table to agree with)."""
    emit(
        line="learn.fit",
        table=name,
        features=len(report.evaluation.weights),
        trained=report.trained,
        held_back=report.held_back,
        training_rmse=round(report.training_error, 4),
        held_back_rmse=round(report.held_back_error, 4),
        agreement=None if math.isnan(report.agreement) else round(report.agreement, 4),
        compared=report.compared,
        fit_seconds=round(report.seconds, 2),
        solve_seconds=round(solve_seconds, 2),
        weights=[round(w, 4) for w in report.evaluation.weights],
        bias=round(report.evaluation.bias, 4),
    )


def fit_connect_four(positions: int, pictures: Path | None) -> dict[str, LinearEvaluation]:
    """Fit 5 x 4 on every feature, on the old counts and on the counts; the last two, by name.

    With ``pictures``, the cells' weights of the first fit are drawn there, as
    ``weights-connect-four-5x4.svg``.
    """
    small = ConnectFour(5, 4)
    started = time.perf_counter()
    solution = solve(small)
    solve_seconds = time.perf_counter() - started
    every = fit_to_solution(small, solution, positions=positions)
    fit_line("connect_four_5x4", every, solve_seconds)
    if pictures is not None:
        title = "Connect Four 5x4: the weight of a stone of one's own, fitted with the counts"
        picture = weights_svg(
            every.evaluation, first=len(COUNTS), columns=5, rows=4, by="columns", title=title
        )
        (pictures / "weights-connect-four-5x4.svg").write_text(picture, encoding="utf-8")
    fitted = {}
    for name, indices in (("5x4 fit, 17 counts", OLD_COUNTS), ("5x4 fit, 20 counts", COUNTS)):
        report = fit_to_solution(small, solution, positions=positions, indices=indices)
        fit_line(f"connect_four_5x4_{len(indices)}_counts", report, solve_seconds)
        fitted[name] = on_the_large_board(report.evaluation)
    return fitted


def on_the_large_board(learned: LinearEvaluation) -> LinearEvaluation:
    """The counts' weights of a small board, weighing the same counts on 7 x 6."""
    return LinearEvaluation(
        ConnectFour(), learned.weights, learned.bias, learned.squash, learned.indices
    )


def shipped_line(fitted: LinearEvaluation, write: Path | None) -> None:
    """The ``learn.shipped`` line: is the fit the package's file? ``write`` writes it there."""
    if write is not None:
        fitted.save(write)
    shipped = connect_four_evaluation()
    gap = max(abs(a - b) for a, b in zip(shipped.weights, fitted.weights, strict=True))
    emit(line="learn.shipped", same=gap < 1e-9 and shipped.indices == fitted.indices,
         largest_weight_gap=gap, written=None if write is None else str(write))  # fmt: skip


def stones(board: ConnectFour, state: int) -> int:
    """The stones on the board."""
    return board.stones(state, 0).bit_count() + board.stones(state, 1).bit_count()


def late_positions(board: ConnectFour, starts: Sequence[tuple[int, ...]], seed: int) -> list[int]:
    """Distinct positions of ``LATE`` stones or more, from seeded games on ``board``.

    Each game starts from one of ``starts`` (openings of the choosing suite), then both sides
    play alpha-beta at depth 3 with ``ConnectFour.evaluate``, one move in twenty random (drawn
    from ``seed`` and the game).
    """
    found: dict[int, None] = {}
    for number, opening in enumerate(starts):
        rng = random.Random(f"{seed}:{number}")
        state = board.initial_state()
        for move in opening:
            state = board.result(state, move)
        while not board.is_terminal(state):
            if stones(board, state) >= LATE:
                found[state] = None
            if rng.random() < 0.05:
                move = rng.choice(list(board.actions(state)))
            else:
                move = alphabeta(board, state, depth=3, evaluate=board.evaluate).action
            state = board.result(state, move)
    return list(found)


def fit_late_positions(board: ConnectFour, starts: Sequence[tuple[int, ...]]) -> LinearEvaluation:
    """The 7 x 6 route: late positions of seeded games, solved exactly, the counts fitted.

    Emits a ``learn.label`` line (positions, their wins, draws and losses for X, the seconds of
    play and of solving) and a ``learn.fit`` line; returns the evaluation.
    """
    started = time.perf_counter()
    states = late_positions(board, starts, TRAINING_SEED)
    played = time.perf_counter() - started
    values = {}
    for state in states:
        value = mtdf(board, state).value  # exact (Pons's solver), for the player to move
        for_x = value if board.to_move(state) == 0 else -value
        values[state] = (for_x, -for_x)
    solved = time.perf_counter() - started - played
    emit(
        line="learn.label",
        board="7x6",
        games=len(starts),
        positions=len(values),
        x_wins=sum(x > 0 for x, _ in values.values()),
        draws=sum(x == 0 for x, _ in values.values()),
        x_losses=sum(x < 0 for x, _ in values.values()),
        seconds_playing=round(played, 1),
        seconds_solving=round(solved, 1),
    )
    report = fit_to_values(board, values, indices=COUNTS, seed=TRAINING_SEED)
    fit_line("connect_four_7x6_late_solved", report, solved)
    return report.evaluation


def self_play(start: LinearEvaluation, games: int) -> LinearEvaluation:
    """The ``learn.td_leaf`` line: TD-Leaf on 7 x 6 from ``start``; the evaluation learned."""
    result = td_leaf(start.game, start, games=games, depth=TD_DEPTH, rate=TD_RATE,
                     seed=TRAINING_SEED)  # fmt: skip
    emit(
        line="learn.td_leaf",
        board="7x6",
        depth=TD_DEPTH,
        rate=TD_RATE,
        games=result.games,
        searches=result.searches,
        seconds=round(result.seconds, 1),
        weights=[round(w, 4) for w in result.evaluation.weights],
        bias=round(result.evaluation.bias, 4),
    )
    return result.evaluation


def connect_four_match(
    route: str,
    evaluation: LinearEvaluation,
    suite: tuple[str, Sequence[tuple[int, ...]]],
    depth: int,
    executor: Executor | None,
) -> dict[str, Any]:
    """The ``learn.c4_match`` line: learned (first) against hand-written, pairs of ``suite``."""
    board = evaluation.game
    name, openings = suite
    players = [searcher_player(alphabeta, depth=depth, evaluate=evaluation),
               searcher_player(alphabeta, depth=depth, evaluate=board.evaluate)]  # fmt: skip
    started = time.perf_counter()
    result = tournament(board, players, games=2 * len(openings), openings=list(openings),
                        executor=executor)  # fmt: skip
    pairs = Pentanomial.of(result)
    difference = pairs.difference("learned", "hand-written")
    line = {
        "line": "learn.c4_match",
        "route": route,
        "suite": name,
        "board": "7x6",
        "depth": depth,
        "games": 2 * pairs.pairs,
        "ptnml": list(pairs.counts),
        "wins": result.wins[0],
        "draws": result.draws[0],
        "losses": result.losses[0],
        "repeats": len(result.repeats),
        "score": round(pairs.score, 4),
        "elo": finite(difference.elo),
        "low": finite(difference.low),
        "high": finite(difference.high),
        "seconds": round(time.perf_counter() - started, 1),
    }
    emit(**line)
    return line


def finite(value: float) -> float | None:
    """``value`` to a tenth, or ``None`` for an infinite one (JSON has no infinity)."""
    return round(value, 1) if math.isfinite(value) else None


def connect_four_cost(board: ConnectFour, learned: Evaluate, hand: Evaluate, depth: int) -> None:
    """The ``learn.c4_cost`` line: seconds per node of each, interleaved, same positions."""
    rng = random.Random(41)
    positions = []
    for _ in range(30):
        state = board.initial_state()
        for _ in range(3):
            state = board.result(state, rng.choice(list(board.actions(state))))
        positions.append(state)
    spent = {"learned": [0.0, 0], "hand": [0.0, 0]}
    for state in positions:
        for name, evaluate in (("learned", learned), ("hand", hand)):
            started = time.perf_counter()
            result = alphabeta(board, state, depth=depth, evaluate=evaluate)
            spent[name][0] += time.perf_counter() - started
            spent[name][1] += result.stats.nodes
    per_node = {name: seconds / nodes for name, (seconds, nodes) in spent.items()}
    emit(
        line="learn.c4_cost",
        depth=depth,
        positions=len(positions),
        learned_us_per_node=round(per_node["learned"] * 1e6, 2),
        hand_us_per_node=round(per_node["hand"] * 1e6, 2),
        ratio=round(per_node["learned"] / per_node["hand"], 2),
    )


def pig_match(positions: int, games: int, depth: int) -> None:
    """Fit Pig to 30, then the ``learn.pig_match`` line against the optimal player."""
    game = Pig(goal=30)
    started = time.perf_counter()
    solution = solve(game)
    solve_seconds = time.perf_counter() - started
    report = fit_to_solution(game, solution, positions=positions)
    fit_line("pig_30", report, solve_seconds)
    rates = {}
    for name, evaluate in (("learned", report.evaluation), ("built_in", game.evaluate)):
        won = 0.0
        for number in range(games):
            seat = number % 2
            won += pig_game(game, solution, evaluate, seat, depth, random.Random(number)) == seat
        rates[name] = won / games
    emit(
        line="learn.pig_match",
        goal=30,
        depth=depth,
        games=games,
        learned_win_rate=round(rates["learned"], 4),
        built_in_win_rate=round(rates["built_in"], 4),
        optimal_first_player_win=round((1 + solution.value(game.initial_state(), 0)) / 2, 4),
    )


def pig_game(
    game: Pig, solution: Solution, evaluate: Evaluate, seat: int, depth: int, rng: random.Random
) -> int | None:
    """A game: expectiminimax with ``evaluate`` in ``seat``; the table's best moves in the other."""
    state = game.initial_state()
    while not game.is_terminal(state):
        mover = game.to_move(state)
        if mover == -1:
            faces = game.chance_outcomes(state)
            action = rng.choices([f for f, _ in faces], [p for _, p in faces])[0]
        elif mover == seat:
            action = expectiminimax(game, state, depth=depth, evaluate=evaluate).action
        else:
            action = solution.best_actions(state)[0]
        state = game.result(state, action)
    return game.winner(state)


def choose(fitted: dict[str, LinearEvaluation], choosing: Sequence[tuple[int, ...]],
           executor: Executor | None) -> None:  # fmt: skip
    """The matches that chose the three counts 17-19 (A[:150]) and checked them (A[150:450])."""
    for name, suite in (("A[:150]", choosing[:150]), ("A[150:450]", choosing[150:450])):
        for route, evaluation in fitted.items():
            for depth in (3, 4):
                connect_four_match(route, evaluation, (name, suite), depth, executor)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="few positions and games")
    parser.add_argument("--choose", action="store_true", help="replay the choosing matches (A)")
    parser.add_argument("--workers", type=int, default=1, help="processes for the matches")
    parser.add_argument("--svg", type=Path, help="draw the 5x4 cells' weights in this folder")
    parser.add_argument("--write-shipped", type=Path, help="write the 20 counts' fit there")
    arguments = parser.parse_args()
    quick = arguments.quick
    emit_env("bench_learning", gc_disabled=False)
    board = ConnectFour()
    measuring, choosing = four_ply_suites(board)
    suite = ("B", measuring[:12] if quick else measuring)
    depths = (2, 3) if quick else (3, 4)
    with ExitStack() as stack:
        executor = None
        if arguments.workers > 1:
            executor = stack.enter_context(ProcessPoolExecutor(arguments.workers))
        fitted = fit_connect_four(3_000 if quick else 20_000, arguments.svg)
        shipped_line(fitted["5x4 fit, 20 counts"], arguments.write_shipped)
        if arguments.choose:
            choose(fitted, choosing, executor)
        for route, evaluation in fitted.items():
            for depth in depths:
                connect_four_match(route, evaluation, suite, depth, executor)
        shipped = fitted["5x4 fit, 20 counts"]
        connect_four_cost(board, shipped, board.evaluate, depths[-1] + 1)
        late = fit_late_positions(board, choosing[:30] if quick else choosing[:500])
        refined = self_play(shipped, 20 if quick else TD_GAMES)
        for route, evaluation in (("7x6 late positions, solved, 20 counts", late),
                                  ("5x4 fit, 20 counts, then td_leaf 7x6", refined)):  # fmt: skip
            for depth in depths:
                connect_four_match(route, evaluation, suite, depth, executor)
    pig_match(2_000 if quick else 10_000, 40 if quick else 400, 2)


if __name__ == "__main__":
    main()
