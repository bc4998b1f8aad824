"""The pairs' Elo intervals with few pairs: their exact coverage (issue 48's user walk).

Each benchmark line is a JSON dict on stdout. No random numbers: every count of ``N`` pairs
(each pair 0, 1/2, 1, 3/2 or 2 points) is enumerated, weighted by its multinomial probability
under a model of pairs, and the coverage is the total probability of the counts whose 95%
interval holds the truth. The model is bench_sprt.py's, widened: each opening favours the first
player by ``bias`` Elo or the second (half the openings each way), ``draws`` of the games are
drawn (fewer where a side's expected score leaves no room), and the players' strength is set so
that the expected score a game is the truth's.

- ``pairs.pentanomial``: ``Pentanomial.difference`` (the score interval of the pairs).
- ``pairs.elo_ratings``: ``elo_ratings`` of the pairs' duels (the sandwich over the pairs),
  with ``prior_draws`` 0 (a sample it refuses, every pair won, counts as no claim, and its share
  is given) and 1 (the tournament command's advice).

The grids: ``chosen`` (truths 0, 50, 150, 300, 500 Elo; bias 0 and 150; draws 0, 0.2 and 0.6)
is the one the prior of the pairs' variance was chosen on; ``held_out`` (truths 25, 100, 250,
400, 700; bias 75 and 300; draws 0.1 and 0.4) was only measured.

Usage: ``python bench/bench_pair_intervals.py [--quick]`` (``--quick``: 5 and 10 pairs only).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Iterator

from _common import emit, emit_env

from gamesearch import Duel, Pentanomial, UndeterminedRatingsError, elo_ratings
from gamesearch.pentanomial import elo_of_score

GRIDS = {
    "chosen": [
        (t, b, d) for t in (0, 50, 150, 300, 500) for b in (0, 150) for d in (0, 0.2, 0.6)
    ],
    "held_out": [
        (t, b, d) for t in (25, 100, 250, 400, 700) for b in (75, 300) for d in (0.1, 0.4)
    ],
}
GAMES = {0: (0.0, 0.0), 1: (0.0, 0.5), 2: (1.0, 0.0), 3: (1.0, 0.5), 4: (1.0, 1.0)}
"""A pair of each outcome as the first entrant's two scores."""


def logistic(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


def pair_model(truth: float, bias: float, draws: float) -> list[float]:
    """The probabilities of a pair's 0, 1/2, 1, 3/2 and 2 points, its expected score truth's."""

    def score(elo: float) -> float:
        return (logistic(elo + bias) + logistic(elo - bias)) / 2

    low, high = -3000.0, 3000.0
    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if elo_of_score(score(middle)) < truth else (low, middle)
    strength = (low + high) / 2
    penta = [0.0] * 5
    for sign in (1, -1):
        games = []
        for edge in (sign * bias, -sign * bias):
            expected = logistic(strength + edge)
            drawn = min(draws, 2 * min(expected, 1 - expected))
            games.append({1.0: expected - drawn / 2, 0.5: drawn, 0.0: 1 - expected - drawn / 2})
        for a, p in games[0].items():
            for b, q in games[1].items():
                penta[round(2 * (a + b))] += p * q / 2
    return penta


def compositions(total: int, parts: int = 5) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in compositions(total - first, parts - 1):
            yield (first, *rest)


def duels_of(counts: tuple[int, ...]) -> list[Duel]:
    found, number = [], 0
    for outcome, count in enumerate(counts):
        first, second = GAMES[outcome]
        for _ in range(count):
            found += [Duel(0, 1, first, number), Duel(1, 0, 1 - second, number)]
            number += 1
    return found


Interval = Callable[[tuple[int, ...]], tuple[float, float] | None]


def pentanomial(counts: tuple[int, ...]) -> tuple[float, float] | None:
    gap = Pentanomial(counts).difference()  # type: ignore[arg-type]
    return gap.low, gap.high


def ratings_with(prior: float) -> Interval:
    def interval(counts: tuple[int, ...]) -> tuple[float, float] | None:
        try:
            gap = elo_ratings(duels_of(counts), prior_draws=prior).difference(0, 1)
        except UndeterminedRatingsError:
            return None
        return gap.low, gap.high

    return interval


def coverage(name: str, interval: Interval, pairs: int, grid: str) -> None:
    counts = list(compositions(pairs))
    ends = {c: interval(c) for c in counts}
    rows = []
    for truth, bias, draws in GRIDS[grid]:
        model = pair_model(truth, bias, draws)
        score = sum(k / 4 * p for k, p in enumerate(model))
        held = elo_of_score(score)
        covered = refused = 0.0
        for c in counts:
            if any(n and not p for n, p in zip(c, model, strict=True)):
                continue
            weight = math.exp(math.lgamma(pairs + 1) + sum(
                n * math.log(p) - math.lgamma(n + 1) for n, p in zip(c, model, strict=True) if n
            ))
            found = ends[c]
            if found is None:
                refused += weight
            elif found[0] <= held <= found[1]:
                covered += weight
        rows.append((truth, bias, draws, covered, refused))
    worst = min(rows, key=lambda row: row[3] / max(1e-300, 1 - row[4]))
    emit(name=name, grid=grid, pairs=pairs,
         min_coverage=round(min(r[3] / (1 - r[4]) for r in rows), 4),
         mean_coverage=round(sum(r[3] / (1 - r[4]) for r in rows) / len(rows), 4),
         most_refused=round(max(r[4] for r in rows), 4),
         worst=dict(zip(("truth", "bias", "draws"), worst[:3], strict=True)))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 and 10 pairs only")
    args = parser.parse_args()
    emit_env("pair_intervals")
    for pairs in (5, 10) if args.quick else (5, 10, 20):
        for grid in GRIDS:
            coverage("pairs.pentanomial", pentanomial, pairs, grid)
            for prior in (0.0, 1.0):
                coverage(f"pairs.elo_ratings(prior_draws={prior:g})", ratings_with(prior), pairs,
                         grid)  # fmt: skip


if __name__ == "__main__":
    main()
