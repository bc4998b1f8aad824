"""Learned evaluations (issue 40): fitted to solved tables, then rated against the hand-written.

Each benchmark line is one function below; every line is a JSON dict on stdout.

- ``learn.fit``: ``fit_to_solution`` on Connect Four 5 x 4 (solved strongly by ``solve``), once
  on all of its features (the seventeen counts and the twenty cells) and once on the counts
  alone, which mean the same on every board; on Pig to 30 (solved by value iteration); and
  ``fit_to_values`` on the 7 x 6 positions of ``learn.label``. Each line gives the positions
  fitted and held back, the root mean squared error on both, the agreement of the one-ply
  choice with the table's best moves on held-back positions (none for 7 x 6), and the seconds
  the fit took (the solve's seconds apart).
- ``learn.c4_match``: an evaluation on the 7 x 6 board: alpha-beta at equal depth with it
  against the same search with ``ConnectFour.evaluate``, from a seeded sample (seed 40) of the
  three-ply openings, each played twice with the colours swapped. Rated by ``elo_ratings``
  (the hand-written evaluation at 0), with the 95% interval of the difference. Played by
  the 5 x 4 counts' weights, by the 7 x 6 fit and by what self-play learned.
- ``learn.c4_cost``: seconds per node of those searches with each evaluation, from the same
  openings (a ratio, same run).
- ``learn.label``: the first route on the board itself: games on 7 x 6 (four random moves,
  then alpha-beta at depth 3 with ``ConnectFour.evaluate``, one move in twenty random; seed
  7, not the openings' 40), whose positions of 20 stones or more are solved exactly by
  ``mtdf`` (Pons's solver); their counts are fitted by ``fit_to_values``.
- ``learn.td_leaf``: the second route: ``td_leaf`` by self-play on 7 x 6 (seed 7) from the
  5 x 4 counts' weights; then ``learn.c4_match`` again with what it learned.
- ``learn.pig_match``: Pig to 30, expectiminimax at a depth short of exact with the fitted
  evaluation, and with ``Pig.evaluate``, each against the optimal player (the solved table's
  best move) from both seats: their win rates.

The full mode plays 400 Connect Four games a match at depth 4, 500 games for labels and 1,000
of self-play at depth 3; ``--quick`` 24 at depth 2, 30 for labels, 20 of self-play and fewer
positions. The four lowest-threat counts and self-play's depth and step were chosen by matches
on other openings (the four-ply ones, seeds 7 and 8), never on the measured ones. Wall times on
a shared machine are noisy: the cost is a ratio from one run.

Usage: ``python bench/bench_learning.py [--quick] [--svg docs/figures]`` (``--svg`` draws the
weights of the 5 x 4 fit's cells, the picture in docs/ratings.md).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _common import emit, emit_env

from gamesearch import alphabeta, expectiminimax, mtdf
from gamesearch.games import ConnectFour, Pig
from gamesearch.learning import (
    FitReport,
    LinearEvaluation,
    fit_to_solution,
    fit_to_values,
    td_leaf,
    weights_svg,
)
from gamesearch.ratings import Duel, elo_ratings
from gamesearch.solving import Solution, solve

Evaluate = Callable[[Any, int], float]
COUNTS = range(17)
"""Connect Four's size-free features: open threes and twos, centre stones, turn, wins at once,
threats by the parity of their rows, the lowest threats of their columns by that parity."""
TRAINING_SEED = 7
"""The seed of the training games on 7 x 6 (and of self-play): not the match openings' 40."""
TD_GAMES, TD_DEPTH, TD_RATE = 1_000, 3, 0.002
"""Self-play's games, depth and step: chosen from (2, 0.002, 2,000), (2, 0.01, 1,000) and these,
each from the 5 x 4 counts' weights, by 400 games on the four-ply openings of seed 8."""
LATE = 20
"""Stones on the 7 x 6 board from which a position is solved for a label (well under 2 s)."""


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
            every.evaluation, first=len(COUNTS), columns=5, rows=4, by="columns", title=title
        )
        (pictures / "weights-connect-four-5x4.svg").write_text(picture, encoding="utf-8")
    counts = fit_to_solution(small, solution, positions=positions, indices=COUNTS)
    fit_line("connect_four_5x4_counts", counts, solve_seconds)
    return counts.evaluation


def stones(board: ConnectFour, state: int) -> int:
    """The stones on the board."""
    return board.stones(state, 0).bit_count() + board.stones(state, 1).bit_count()


def late_positions(board: ConnectFour, games: int, seed: int) -> list[int]:
    """Distinct positions of ``LATE`` stones or more, from seeded games on ``board``.

    Each game opens with four random moves, then both sides play alpha-beta at depth 3 with
    ``ConnectFour.evaluate``, one move in twenty random (drawn from ``seed`` and the game).
    """
    found: dict[int, None] = {}
    for number in range(games):
        rng = random.Random(f"{seed}:{number}")
        state = board.initial_state()
        for ply in itertools.count():
            if board.is_terminal(state):
                break
            if stones(board, state) >= LATE:
                found[state] = None
            moves = list(board.actions(state))
            if ply < 4 or rng.random() < 0.05:
                move = rng.choice(moves)
            else:
                move = alphabeta(board, state, depth=3, evaluate=board.evaluate).action
            state = board.result(state, move)
    return list(found)


def fit_late_positions(board: ConnectFour, games: int) -> LinearEvaluation:
    """The 7 x 6 route: late positions of seeded games, solved exactly, the counts fitted.

    Emits a ``learn.label`` line (positions, their wins, draws and losses for the mover, the
    seconds of play and of solving) and a ``learn.fit`` line; returns the evaluation.
    """
    started = time.perf_counter()
    states = late_positions(board, games, TRAINING_SEED)
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
        games=games,
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


def self_play(start: LinearEvaluation, games: int, depth: int, rate: float) -> LinearEvaluation:
    """The ``learn.td_leaf`` line: TD-Leaf on 7 x 6 from ``start``; the evaluation learned."""
    result = td_leaf(start.game, start, games=games, depth=depth, rate=rate, seed=TRAINING_SEED)
    emit(
        line="learn.td_leaf",
        board="7x6",
        depth=depth,
        rate=rate,
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
    late = fit_late_positions(ConnectFour(), 30 if quick else 500)
    connect_four_match("fit 7x6 late positions, solved", late, games, depth)
    refined = self_play(fitted, 20 if quick else TD_GAMES, TD_DEPTH, TD_RATE)
    connect_four_match("fit 5x4 counts, then td_leaf 7x6", refined, games, depth)
    pig_match(2_000 if quick else 10_000, 40 if quick else 400, 2)


if __name__ == "__main__":
    main()
