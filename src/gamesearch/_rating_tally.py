"""The games of :func:`~gamesearch.elo_ratings` as its fit reads them, and what they must be.

The duels become a sparse tally (a row for each two entrants that met, with the virtual draws
of ``prior_draws``) and, when they come in pairs, clusters for the pairs' variance; the tally
must determine the ratings (every entrant linked by games, no group that scored nothing).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Protocol

from . import _bradley_terry
from .errors import InvalidSearchOptionError, UndeterminedRatingsError, short_repr

__all__ = [
    "Game",
    "check_determined",
    "check_prior",
    "clusters",
    "count_text",
    "listed",
    "tally",
    "totals",
    "with_draws",
]

CALLER = "elo_ratings"


class Game(Protocol):
    """What the tally reads of a duel (:class:`~gamesearch.ratings.Duel`)."""

    @property
    def first(self) -> int: ...
    @property
    def second(self) -> int: ...
    @property
    def score(self) -> float: ...
    @property
    def pair(self) -> int | None: ...


def count_text(count: int) -> str:
    """A count as a message writes it: with commas, or shortened past 15 digits."""
    return f"{count:,}" if count < 10**15 else short_repr(count)


def clusters(duel_list: Sequence[Game]) -> list[_bradley_terry.Cluster] | None:
    """The games as clusters, one a pair (a game of no pair alone); ``None`` when no pair.

    Raises:
        InvalidSearchOptionError: a pair holds games of more than two entrants.
    """
    if all(duel.pair is None for duel in duel_list):
        return None
    found: dict[object, list[float]] = {}
    for index, duel in enumerate(duel_list):
        first, second = sorted((duel.first, duel.second))
        score = duel.score if first == duel.first else 1 - duel.score
        key = ("game", index) if duel.pair is None else ("pair", duel.pair)
        row = found.setdefault(key, [first, second, 0, 0.0])
        if (row[0], row[1]) != (first, second):
            raise InvalidSearchOptionError(
                f"{CALLER}: the pair {short_repr(duel.pair)} holds games of more than two "
                f"entrants ({int(row[0])}, {int(row[1])} and {first}, {second}): a pair is the "
                "games of two entrants from one opening"
            )
        row[2] += 1
        row[3] += score
    return [_bradley_terry.Cluster(int(a), int(b), int(k), points)
            for a, b, k, points in found.values()]  # fmt: skip


def tally(duel_list: Sequence[Game], count: int) -> _bradley_terry.Tally:
    """The games and scores of every pair of entrants that met (sparse: one row a pair)."""
    found: dict[tuple[int, int], list[float]] = {}
    for duel in duel_list:
        first, second, score = duel.first, duel.second, float(duel.score)
        if first < second:
            row = found.setdefault((first, second), [0.0, 0.0, 0.0])
            row[1] += score
            row[2] += 1.0 - score
        else:
            row = found.setdefault((second, first), [0.0, 0.0, 0.0])
            row[1] += 1.0 - score
            row[2] += score
        row[0] += 1.0
    pairs = tuple(_bradley_terry.Pair(i, j, *row) for (i, j), row in sorted(found.items()))
    return _bradley_terry.Tally(count, pairs)


def totals(tally: _bradley_terry.Tally) -> tuple[list[float], list[float]]:
    """Each entrant's games and points, from the pairs."""
    games, points = [0.0] * tally.count, [0.0] * tally.count
    for pair in tally.pairs:
        for entrant, score in ((pair.first, pair.first_score), (pair.second, pair.second_score)):
            games[entrant] += pair.games
            points[entrant] += score
    return games, points


def check_prior(prior_draws: object) -> None:
    if (
        isinstance(prior_draws, bool)
        or not isinstance(prior_draws, (int, float))
        or not 0 <= prior_draws < sys.float_info.max
    ):
        raise InvalidSearchOptionError(
            f"{CALLER}: prior_draws must be a finite number >= 0, not {short_repr(prior_draws)}"
        )
    if prior_draws > 0 and float(prior_draws) / 2 == 0:
        raise InvalidSearchOptionError(
            f"{CALLER}: prior_draws={prior_draws!r} is too small to count: half a virtual draw "
            "rounds to 0 in floating point (give 0 for none, or at least 1e-300)"
        )


def with_draws(tally: _bradley_terry.Tally, draws: float) -> _bradley_terry.Tally:
    """The tally with ``draws`` virtual draws more between every pair that met."""
    if not draws:
        return tally
    half = float(draws) / 2
    return _bradley_terry.Tally(
        tally.count,
        tuple(pair._replace(games=pair.games + draws, first_score=pair.first_score + half,
                            second_score=pair.second_score + half)
              for pair in tally.pairs),
    )  # fmt: skip


def check_determined(tally: _bradley_terry.Tally, labels: Sequence[str]) -> None:
    """Raise unless the likelihood has a finite maximum: every entrant linked, no split."""
    groups = _bradley_terry.components(tally)
    if len(groups) > 1:
        told = "; ".join("{" + listed([labels[i] for i in group]) + "}" for group in groups[:5])
        told += "; ..." if len(groups) > 5 else ""
        raise UndeterminedRatingsError(
            f"{CALLER}: no games link these groups of entrants, so nothing tells how far apart "
            f"they are: {told}"
        )
    found = _bradley_terry.split(tally)
    if found is not None:
        losers, winners = (listed([labels[i] for i in group]) for group in found)
        raise UndeterminedRatingsError(
            f"{CALLER}: {losers} scored nothing (no win, no draw) against {winners}: the "
            "maximum-likelihood ratings are infinitely far apart: play more games, or give "
            "prior_draws"
        )


def listed(names: Sequence[str], shown: int = 10) -> str:
    """Names joined by commas, the first ``shown`` of them and how many more."""
    text = ", ".join(short_repr(name)[1:-1] if len(name) > 40 else name for name in names[:shown])
    return text + (f", and {len(names) - shown:,} more" if len(names) > shown else "")


