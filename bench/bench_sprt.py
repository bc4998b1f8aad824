"""The SPRT and the pentanomial intervals (issue 48): published numbers, simulation, Connect Four.

Each benchmark line is one function below; every line is a JSON dict on stdout.

- ``sprt.published``: ``log_likelihood_ratio`` on results fishtest published (Stockfish's commit
  of tests 5fe50b9d and 5fe552e4, December 2020: "LLR: 2.95 (-2.94,2.94) {-0.25,1.25}" and
  "LLR: 2.92 (-2.94,2.94) {0.25,1.25}", logistic Elo, with their ``Ptnml(0-2)`` counts).
- ``sprt.simulated``: matches drawn pair by pair from a known Elo difference, each run until the
  test decides (the ratio weighed every 4 pairs, as fishtest weighs batches). The pairs are
  correlated as real openings make them: each opening favours the first player or the second
  by 150 Elo (half each way), draws are 20% of the games, and the players' strength is set so
  that the expected score is the truth's. The share of runs that accepted each hypothesis,
  with its Monte Carlo standard error, at the truth ``elo0``, ``elo1`` and beyond.
- ``sprt.coverage``: fixed matches of 150 pairs from the same model: how often the 95%
  interval of the pentanomial difference, of ``elo_ratings`` with the pairs, and of
  ``elo_ratings`` taking the games as independent (the trinomial model) covers the truth.
- ``sprt.connect_four``: ``sprt_match`` on Connect Four 7 x 6, alpha-beta with
  ``ConnectFour.evaluate``, four random moves an opening, the test ``SPRT(0, 10)`` (the
  command's ``--sprt 0,10``), one run a seed: depth 4 against depth 2 (H1 holds), and two copies
  of the depth-2 player (H0 holds): the verdicts, and the games each run played.

Usage: ``python bench/bench_sprt.py [--quick]`` (``--quick``: fewer runs).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from _common import emit, emit_env

from gamesearch import (
    SPRT,
    Duel,
    Pentanomial,
    RandomOpenings,
    alphabeta,
    elo_ratings,
    searcher_player,
    sprt_match,
)
from gamesearch.games import ConnectFour
from gamesearch.pentanomial import elo_of_score
from gamesearch.sprt import log_likelihood_ratio

PUBLISHED = (
    ("5fe50b9d (STC)", (292, 5905, 28939, 6129, 299), -0.25, 1.25, 2.95),
    ("5fe552e4 (LTC)", (5, 418, 6043, 506, 12), 0.25, 1.25, 2.92),
)
BIAS, DRAWS = 150.0, 0.2
"""The simulated openings' advantage to one side, and the share of drawn games."""


def logistic(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


def pair_model(truth: float) -> list[float]:
    """The probabilities of a pair's 0, 1/2, 1, 3/2 and 2 points, its expected score truth's."""

    def score(elo: float) -> float:
        return (logistic(elo + BIAS) + logistic(elo - BIAS)) / 2

    low, high = -2000.0, 2000.0
    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if elo_of_score(score(middle)) < truth else (low, middle)
    strength = (low + high) / 2
    penta = [0.0] * 5
    for sign in (1, -1):
        games = []
        for edge in (sign * BIAS, -sign * BIAS):
            expected = logistic(strength + edge)
            games.append({1.0: expected - DRAWS / 2, 0.5: DRAWS, 0.0: 1 - expected - DRAWS / 2})
        for a, p in games[0].items():
            for b, q in games[1].items():
                penta[round(2 * (a + b))] += p * q / 2
    return penta


def published() -> None:
    """The ``sprt.published`` lines."""
    for test, counts, elo0, elo1, theirs in PUBLISHED:
        ours = log_likelihood_ratio(counts, elo0, elo1)
        emit(line="sprt.published", test=test, ptnml=list(counts), elo0=elo0, elo1=elo1,
             fishtest=theirs, ours=round(ours, 4), agree=round(ours, 2) == theirs)  # fmt: skip


def one_run(test: SPRT, model: list[float], rng: random.Random, limit: int) -> tuple[str, int]:
    """A simulated match until the verdict (``"none"`` at ``limit`` pairs), and its pairs."""
    counts = [0] * 5
    for pair in range(1, limit + 1):
        counts[rng.choices(range(5), model)[0]] += 1
        if pair % 4 == 0:
            verdict = test.status(counts).verdict
            if verdict is not None:
                return verdict, pair
    return "none", limit


def simulated(runs: int) -> None:
    """The ``sprt.simulated`` lines: SPRT(0, 10) at five truths."""
    test = SPRT(0, 10)
    rng = random.Random(48)
    for truth in (-5.0, 0.0, 5.0, 10.0, 15.0):
        model = pair_model(truth)
        found = [one_run(test, model, rng, 100_000) for _ in range(runs)]
        rates = {v: sum(verdict == v for verdict, _ in found) / runs for v in ("H0", "H1")}
        emit(
            line="sprt.simulated", elo0=test.elo0, elo1=test.elo1, alpha=test.alpha,
            beta=test.beta, truth=truth, runs=runs, accepted_h0=rates["H0"],
            accepted_h1=rates["H1"],
            standard_error=round(math.sqrt(0.05 * 0.95 / runs), 4),
            mean_pairs=round(statistics.fmean(pairs for _, pairs in found)),
        )  # fmt: skip


def coverage(runs: int, pairs: int = 150) -> None:
    """The ``sprt.coverage`` line: three intervals' coverage of the truth (+35 Elo)."""
    truth = 35.0
    model = pair_model(truth)
    rng = random.Random(49)
    covered = {"pentanomial": 0, "elo_ratings_pairs": 0, "elo_ratings_games": 0}
    shape = ((0.0, 0.0), (0.0, 0.5), (0.5, 0.5), (1.0, 0.5), (1.0, 1.0))
    for _ in range(runs):
        outcomes = rng.choices(range(5), model, k=pairs)
        counts = [outcomes.count(k) for k in range(5)]
        gap = Pentanomial(tuple(counts)).difference()  # type: ignore[arg-type]
        covered["pentanomial"] += gap.low <= truth <= gap.high
        duels = []
        for number, outcome in enumerate(outcomes):
            first, second = shape[outcome]
            if rng.random() < 0.5:
                first, second = second, first
            duels += [Duel(0, 1, first, number), Duel(1, 0, 1 - second, number)]
        for name, rated in (("elo_ratings_pairs", duels),
                            ("elo_ratings_games", [Duel(d.first, d.second, d.score)
                                                   for d in duels])):  # fmt: skip
            interval = elo_ratings(rated, anchor=1).rating(0)
            covered[name] += interval.low <= truth <= interval.high
    emit(line="sprt.coverage", truth=truth, pairs=pairs, runs=runs,
         **{name: round(count / runs, 4) for name, count in covered.items()},
         standard_error=round(math.sqrt(0.05 * 0.95 / runs), 4))  # fmt: skip


def connect_four(runs: int) -> None:
    """The ``sprt.connect_four`` lines: depth 4 against depth 2, and depth 2 against itself."""
    board = ConnectFour()
    test = SPRT(0, 10)
    shallow = searcher_player(alphabeta, depth=2)
    for name, players in (("depth 4 against depth 2", [searcher_player(alphabeta, depth=4),
                                                       shallow]),
                          ("depth 2 against depth 2", [shallow, shallow])):  # fmt: skip
        verdicts, games = [], []
        started = time.perf_counter()
        for seed in range(runs):
            done = sprt_match(board, players, test, max_games=4_000, seed=seed,
                              openings=RandomOpenings(4))  # fmt: skip
            verdicts.append(done.status.verdict or "none")
            games.append(len(done.result.records))
        emit(line="sprt.connect_four", match=name, elo0=test.elo0, elo1=test.elo1, runs=runs,
             seeds=f"0..{runs - 1}", h1=verdicts.count("H1"), h0=verdicts.count("H0"),
             undecided=verdicts.count("none"), mean_games=round(statistics.fmean(games)),
             most_games=max(games), seconds=round(time.perf_counter() - started, 1))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    quick = parser.parse_args().quick
    emit_env("bench_sprt", gc_disabled=False)
    published()
    simulated(100 if quick else 1_000)
    coverage(100 if quick else 1_000)
    connect_four(2 if quick else 20)


if __name__ == "__main__":
    main()
