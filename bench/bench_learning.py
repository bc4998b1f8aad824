"""Learned evaluations (issue 40): fitted to solved tables, then rated against the hand-written.

Each benchmark line is one function below; every line is a JSON dict on stdout.

- ``learn.fit``: ``fit_to_solution`` on Connect Four 5 x 4 (solved strongly by ``solve``), once
  on all of its features (the thirteen counts and the twenty cells) and once on the thirteen
  counts alone, which mean the same on every board; and on Pig to 30 (solved by value iteration).
  Each line gives the positions fitted and held back, the root mean squared error on both,
  the agreement of the one-ply choice with the table's best moves on held-back positions,
  and the seconds the fit took (the solve's seconds apart).
- ``learn.c4_match``: the counts' weights from 5 x 4 on the 7 x 6 board: alpha-beta at equal
  depth with the learned evaluation against the same search with ``ConnectFour.evaluate``,
  from a seeded sample of the three-ply openings, each played twice with the colours
  swapped. Rated by ``elo_ratings`` (the hand-written evaluation at 0), with the 95% interval
  of the difference.
- ``learn.c4_cost``: seconds per node of those searches with each evaluation, from the same
  openings (a ratio, same run).
- ``learn.td_leaf``: the second route: ``td_leaf`` by self-play on 7 x 6 at depth 2, from the
  5 x 4 counts' weights; then ``learn.c4_match`` again with what it learned.
- ``learn.pig_match``: Pig to 30, expectiminimax at a depth short of exact with the fitted
  evaluation, and with ``Pig.evaluate``, each against the optimal player (the solved table's
  best move) from both seats: their win rates.

The full mode plays 400 Connect Four games a match at depth 4 and 2,000 of self-play;
``--quick`` 24 at depth 2, 20 of self-play and fewer positions. Wall times on a shared
machine are noisy: the cost is a ratio from one run.

Usage: ``python bench/bench_learning.py [--quick] [--svg docs/figures]`` (``--svg`` draws the
weights of the 5 x 4 fit's cells, the picture in docs/ratings.md).
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _common import emit, emit_env

from gamesearch import alphabeta, expectiminimax
from gamesearch.games import ConnectFour, Pig
from gamesearch.learning import (
    FitReport,
    LinearEvaluation,
    fit_to_solution,
    td_leaf,
    weights_svg,
)
from gamesearch.ratings import Duel, elo_ratings
from gamesearch.solving import Solution, solve

Evaluate = Callable[[Any, int], float]
COUNTS = range(13)
"""Connect Four's size-free features: open threes and twos, centre stones, turn, wins at once,
threats by the parity of their rows."""


def fit_line(name: str, report: FitReport, solve_seconds: float) -> None:
    """One ``learn.fit`` line."""
    emit(
        line="learn.fit",
        table=name,
        features=len(report.evaluation.weights),
        trained=report.trained,
        held_back=report.held_back,
        training_rmse=round(report.training_error, 4),
        held_back_rmse=round(report.held_back_error, 4),
        agreement=round(report.agreement, 4),
        compared=report.compared,
        fit_seconds=round(report.seconds, 2),
        solve_seconds=round(solve_seconds, 2),
        weights=[round(w, 4) for w in report.evaluation.weights],
        bias=round(report.evaluation.bias, 4),
    )


def fit_connect_four(positions: int, pictures: Path | None) -> LinearEvaluation:
    """Fit 5 x 4 on every feature and on the counts; return the counts' evaluation.

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
            every.evaluation, first=13, columns=5, rows=4, by="columns", title=title
        )
        (pictures / "weights-connect-four-5x4.svg").write_text(picture, encoding="utf-8")
    counts = fit_to_solution(small, solution, positions=positions, indices=COUNTS)
    fit_line("connect_four_5x4_counts", counts, solve_seconds)
    return counts.evaluation


def openings(game: ConnectFour, count: int, seed: int) -> list[int]:
    """``count`` distinct three-ply openings of ``game``, drawn with ``seed`` (none over)."""
    found = []
    for moves in itertools.product(range(game.width), repeat=3):
        state = game.initial_state()
        for move in moves:
            state = game.result(state, move)
        if not game.is_terminal(state):
            found.append(state)
    random.Random(seed).shuffle(found)
    return found[:count]


def play_out(game: ConnectFour, state: int, sides: tuple[Evaluate, Evaluate], depth: int) -> float:
    """Play from ``state`` with alpha-beta at ``depth``; ``sides[p]`` evaluates for player p.

    Returns:
        Player 0's utility at the end.
    """
    while not game.is_terminal(state):
        mover = game.to_move(state)
        result = alphabeta(game, state, depth=depth, evaluate=sides[mover])
        state = game.result(state, result.action)
    return game.utility(state, 0)


def on_the_large_board(learned: LinearEvaluation) -> LinearEvaluation:
    """The counts' weights of a small board, weighing the same counts on 7 x 6."""
    return LinearEvaluation(ConnectFour(), learned.weights, learned.bias, learned.squash, COUNTS)


def self_play(start: LinearEvaluation, games: int, depth: int) -> LinearEvaluation:
    """The ``learn.td_leaf`` line: TD-Leaf on 7 x 6 from ``start``; the evaluation learned."""
    result = td_leaf(start.game, start, games=games, depth=depth, rate=0.01, seed=40)
    emit(
        line="learn.td_leaf",
        board="7x6",
        depth=depth,
        games=result.games,
        searches=result.searches,
        seconds=round(result.seconds, 1),
        weights=[round(w, 4) for w in result.evaluation.weights],
        bias=round(result.evaluation.bias, 4),
    )
    return result.evaluation


def connect_four_match(route: str, evaluation: LinearEvaluation, games: int, depth: int) -> None:
    """The ``learn.c4_match`` line: learned (entrant 0) against hand-written (entrant 1)."""
    board = evaluation.game
    hand: Evaluate = board.evaluate
    duels = []
    started = time.perf_counter()
    for state in openings(board, games // 2, seed=40):
        as_first = play_out(board, state, (evaluation, hand), depth)
        as_second = play_out(board, state, (hand, evaluation), depth)
        duels += [Duel(0, 1, (1 + as_first) / 2), Duel(0, 1, (1 - as_second) / 2)]
    ratings = elo_ratings(duels, names=["learned", "hand-written"], anchor="hand-written")
    difference = ratings.difference("learned", "hand-written")
    emit(
        line="learn.c4_match",
        route=route,
        board="7x6",
        depth=depth,
        games=len(duels),
        score=round(sum(d.score for d in duels) / len(duels), 4),
        wins=sum(d.score == 1 for d in duels),
        draws=sum(d.score == 0.5 for d in duels),
        losses=sum(d.score == 0 for d in duels),
        elo=round(difference.elo, 1),
        low=round(difference.low, 1),
        high=round(difference.high, 1),
        seconds=round(time.perf_counter() - started, 1),
    )


def connect_four_cost(board: ConnectFour, learned: Evaluate, hand: Evaluate, depth: int) -> None:
    """The ``learn.c4_cost`` line: seconds per node of each, interleaved, same positions."""
    positions = openings(board, 30, seed=41)
    spent = {"learned": [0.0, 0], "hand": [0.0, 0]}
    for state in positions:
        for name, evaluate in (("learned", learned), ("hand", hand)):
            started = time.perf_counter()
            result = alphabeta(board, state, depth=depth + 1, evaluate=evaluate)
            spent[name][0] += time.perf_counter() - started
            spent[name][1] += result.stats.nodes
    per_node = {name: seconds / nodes for name, (seconds, nodes) in spent.items()}
    emit(
        line="learn.c4_cost",
        depth=depth + 1,
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="few positions and games")
    parser.add_argument("--svg", type=Path, help="draw the 5x4 cells' weights in this folder")
    arguments = parser.parse_args()
    quick = arguments.quick
    emit_env("bench_learning", gc_disabled=False)
    games, depth = (24, 2) if quick else (400, 4)
    fitted = on_the_large_board(fit_connect_four(3_000 if quick else 20_000, arguments.svg))
    connect_four_match("fit 5x4 counts", fitted, games, depth)
    connect_four_cost(fitted.game, fitted, fitted.game.evaluate, depth)
    refined = self_play(fitted, 20 if quick else 2_000, 2)
    connect_four_match("fit 5x4 counts, then td_leaf 7x6", refined, games, depth)
    pig_match(2_000 if quick else 10_000, 40 if quick else 400, 2)


if __name__ == "__main__":
    main()
