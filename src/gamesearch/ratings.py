"""Elo ratings with 95% intervals, fitted to a tournament's games by maximum likelihood.

The model is Bradley and Terry's (1952) on Elo's scale: an entrant rated ``d`` points above
another beats it with probability ``1 / (1 + 10 ** (-d / 400))``, so 400 points are odds of 10
to 1. A draw counts as half a win and half a loss (the chess convention: a game's score, 1, 1/2
or 0, weighs the log-probabilities of winning and losing); no separate draw parameter is
fitted, as Davidson's (1970) or Rao and Kupper's (1967) models would. The ratings are those of
greatest likelihood for any number of entrants and any schedule of pairings
(:mod:`gamesearch._bradley_terry` fits them by Newton's method, in pure Python).

Ratings only say how far apart entrants are: one point is fixed by the *anchor*, a named entrant
at 0 or the mean of all the ratings at 0. Each rating's 95% interval is ``rating +- 1.96 *
sqrt(variance)``, and each difference's likewise, the variances read from the inverse of the
observed Fisher information at the fit (the anchor's constraint taken into account: a named
anchor's own interval is 0 wide). With many draws the intervals are a little wide, since the
model takes a draw for a coin that fell half each way. Games that come in pairs (one opening,
the seats swapped: a tournament's, or duels with a ``pair``) are not independent: the variances
are then the pairs' own, the sandwich estimate over the pairs (the pentanomial variance of
fishtest for two entrants), made honest for a few pairs by a small-sample factor and a prior of
two pairs' worth of the independent games' variance (see ``_bradley_terry.paired_covariance``).

No regularisation: when the games cannot tell how far apart some entrants are (no game, a
group of entrants that scored nothing against the rest, or groups that never met) the
likelihood has no finite maximum, and :func:`elo_ratings` raises
:class:`~gamesearch.errors.UndeterminedRatingsError` saying which entrants, rather than invent a
number.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from . import _bradley_terry
from ._intervals import CONFIDENCE
from ._rating_tally import (
    check_determined,
    check_prior,
    clusters,
    count_text,
    listed,
    tally,
    totals,
    with_draws,
)
from .errors import (
    InvalidSearchOptionError,
    UndeterminedRatingsError,
    UnsupportedGameError,
    short_repr,
)
from .tournaments import TournamentResult

__all__ = ["Duel", "Rating", "RatingDifference", "Ratings", "duels", "elo_ratings"]

ELO_PER_NAT = 400 / math.log(10)
"""Elo points per unit of natural-log strength: 400 points are a factor of 10 in the odds."""

_Z = NormalDist().inv_cdf((1 + CONFIDENCE) / 2)
_CALLER = "elo_ratings"


@dataclass(frozen=True)
class Duel:
    """One finished game between two entrants, and the first one's score in it."""

    first: int
    """An entrant's number (its index among the tournament's players)."""

    second: int
    """The other entrant's number."""

    score: float
    """``first``'s score: 1 for a win, 0.5 for a draw, 0 for a loss (any number from 0 to 1)."""

    pair: int | None = None
    """The number of the pair the game belongs to: games of one pair (of the same two
    entrants, from one opening, the seats swapped) are not independent, and the intervals
    take them as one sample (see :func:`elo_ratings`); ``None`` for a game of no pair."""


@dataclass(frozen=True)
class Rating:
    """One entrant's Elo rating, with its 95% interval, its games and its score."""

    entrant: int
    """The entrant's number."""

    name: str
    """The entrant's name (its number written out when none was given)."""

    elo: float
    """The rating, in Elo points relative to the anchor."""

    low: float
    """The lower end of the rating's 95% interval."""

    high: float
    """The upper end of the rating's 95% interval."""

    games: int
    """The finished games the entrant played."""

    score: float
    """Its points in them: a win 1, a draw 1/2."""


@dataclass(frozen=True)
class RatingDifference:
    """How far ``first`` is rated above ``second``, with a 95% interval (any anchor's)."""

    first: str
    """The name of the entrant whose rating comes first in the difference."""

    second: str
    """The name of the entrant whose rating is taken away."""

    elo: float
    """``first``'s rating minus ``second``'s, in Elo points."""

    low: float
    """The lower end of the difference's 95% interval."""

    high: float
    """The upper end of the difference's 95% interval."""

    def __str__(self) -> str:
        return (f"{self.first} minus {self.second}: {_elo_text(self.elo)} Elo "
                f"(95% interval {_elo_text(self.low)} .. {_elo_text(self.high)})")  # fmt: skip


@dataclass(frozen=True)
class Ratings:
    """The fitted ratings of every entrant, and their covariance."""

    ratings: tuple[Rating, ...]
    """One per entrant, in the entrants' order."""

    anchor: str | None
    """The entrant held at 0, or ``None`` when the mean of the ratings is 0."""

    covariance: tuple[tuple[float, ...], ...]
    """The ratings' covariance in Elo points squared, under the anchor's constraint."""

    pairs: int = 0
    """The pairs of games (one opening, the seats swapped) the intervals took as one sample
    each (the pairs' variance, pentanomial for two entrants); 0 when every game was taken as
    independent of the others."""

    def rating(self, entrant: int | str) -> Rating:
        """The rating of an entrant, by number or name.

        Raises:
            InvalidSearchOptionError: no entrant has that number or name.
        """
        return self.ratings[_entrant(entrant, [r.name for r in self.ratings], "Ratings")]

    def difference(self, first: int | str, second: int | str) -> RatingDifference:
        """``first``'s rating minus ``second``'s, with its 95% interval.

        Raises:
            InvalidSearchOptionError: no entrant has that number or name.
        """
        a, b = self.rating(first).entrant, self.rating(second).entrant
        c = self.covariance
        spread = _Z * math.sqrt(max(0.0, c[a][a] + c[b][b] - 2 * c[a][b]))
        elo = self.ratings[a].elo - self.ratings[b].elo
        return RatingDifference(self.ratings[a].name, self.ratings[b].name, elo,
                                elo - spread, elo + spread)  # fmt: skip

    def ranked(self) -> tuple[Rating, ...]:
        """The ratings from the highest down (entrants of equal rating in their order)."""
        return tuple(sorted(self.ratings, key=lambda r: (-r.elo, r.entrant)))

    def table(self) -> str:
        """A text table, highest rating first: rating, 95% interval, games and score."""
        width = max(len("entrant"), *(len(r.name) for r in self.ratings))
        lines = [f"{'rank':>4}  {'entrant':<{width}}  {'Elo':>7}  {'95% interval':>17}  "
                 f"{'games':>5}  {'score':>7}"]  # fmt: skip
        for rank, r in enumerate(self.ranked(), 1):
            interval = f"{_elo_text(r.low):>7} .. {_elo_text(r.high):>7}"
            lines.append(f"{rank:>4}  {r.name:<{width}}  {_elo_text(r.elo):>7}  {interval:>17}  "
                         f"{r.games:>5}  {r.score:>7g}")  # fmt: skip
        held = "the mean" if self.anchor is None else self.anchor
        sample = f"; intervals from {_count(self.pairs, 'pair')} of games" if self.pairs else ""
        lines.append(f"Elo: Bradley-Terry, a draw half a win; {held} at 0{sample}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def to_svg(self, *, title: str = "") -> str:
        """The ratings as SVG text: a dot per entrant, highest first, and its 95% interval."""
        from ._rating_picture import rating_svg

        held = "the mean" if self.anchor is None else self.anchor
        pairs = f", from {_count(self.pairs, 'pair')}" if self.pairs else ""
        axis = f"Elo, {held} at 0 (95% interval{pairs})"
        return rating_svg(self.ranked(), title=title, axis=axis)


def _count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless one: ``1 pair``, ``1,200 pairs``."""
    return f"{number:,} {noun}" + ("" if number == 1 else "s")


def _elo_text(value: float) -> str:
    """A number of Elo points as the tables write it: one decimal, or three digits past 1e6.

    Example:
        >>> _elo_text(120.44), _elo_text(-3.4e10)
        ('+120.4', '-3.4e+10')
    """
    return f"{value:+.1f}" if abs(value) < 1e6 else f"{value:+.3g}"


def duels(result: TournamentResult[Any, Any]) -> tuple[Duel, ...]:
    """The finished games of a two-player tournament, as duels, each with its pair.

    Unfinished games are left out, and so are the games that repeat an earlier one (the
    result's ``repeats``): each counts once.

    Raises:
        UnsupportedGameError: a game had other than two seats.
    """
    found = []
    repeats = set(result.repeats)
    pairs = result.pairs or (None,) * len(result.records)
    for index, (seated, record) in enumerate(zip(result.seats, result.records, strict=True)):
        if len(seated) != 2:
            raise UnsupportedGameError(
                f"{_CALLER}: rates games of two players; a game had {len(seated)} seats"
            )
        if record.finished and index not in repeats:
            score = 0.5 if record.winner is None else float(record.winner == 0)
            found.append(Duel(seated[0], seated[1], score, pairs[index]))
    return tuple(found)


def elo_ratings(
    results: TournamentResult[Any, Any] | Iterable[Duel],
    *,
    names: Sequence[str] | None = None,
    anchor: int | str | None = None,
    prior_draws: float = 0.0,
) -> Ratings:
    """The maximum-likelihood Elo ratings of the entrants of ``results``, with 95% intervals.

    Args:
        results: The games: a two-player :class:`~gamesearch.TournamentResult` (its unfinished
            games and its repeats left out, its pairs kept), or :class:`Duel` s (with a
            ``pair`` number where they come in pairs).
        names: The entrants' names, one per entrant (default: their numbers); from a
            tournament, one per player.
        anchor: The entrant held at 0, by number or name; ``None`` holds the mean at 0.
        prior_draws: Virtual draws added to every pair of entrants that met, as BayesElo's
            prior does (Coulom 2005): with any above 0 the ratings are finite when a group
            won every game (they are then the posterior mode under that prior, pulled
            towards each other), and the intervals include the virtual games. 0 (the
            default) is the plain maximum likelihood. The games and scores shown are the
            real ones.

    Returns:
        A :class:`Ratings`, one rating per entrant; with pairs, the intervals are the pairs'.

    Raises:
        UndeterminedRatingsError: no finished game, an entrant without a game (found before
            anything is made for every entrant), entrants that no games link, a group that
            scored nothing against the rest (an infinite maximum): the message names the
            entrants; or ratings further apart than floating point follows (a score or
            ``prior_draws`` of 1e-307, say).
        InvalidSearchOptionError: a duel that is not two different entrants' numbers, a score
            from 0 to 1 and a pair that is an int or ``None``, a pair of games of more than two
            entrants, names of the wrong number or repeated, an unknown anchor,
            ``prior_draws`` not a finite number >= 0 (or so small that half of it rounds to
            0), or more than 1,000 entrants (the intervals need a dense inverse, ``O(n^3)``).
        UnsupportedGameError: a tournament of a game of other than two players.

    Example:
        >>> r = elo_ratings([Duel(0, 1, 1), Duel(0, 1, 1), Duel(0, 1, 0)], names=["A", "B"],
        ...                 anchor="B")
        >>> round(r.rating("A").elo, 1)   # two wins in three: odds 2 to 1
        120.4
    """
    duel_list = duels(results) if isinstance(results, TournamentResult) else tuple(results)
    count = len(results.wins) if isinstance(results, TournamentResult) else None
    if count is not None and names is not None and len(names) != count:
        raise InvalidSearchOptionError(
            f"{_CALLER}: {len(names)} names for a tournament of {count} entrants"
        )
    count = _check_duels(duel_list, count if names is None else len(names), names)
    labels = _names(names, count)
    pivot = 0 if anchor is None else _entrant(anchor, labels, _CALLER)
    check_prior(prior_draws)
    played = tally(duel_list, count)
    fitted = with_draws(played, prior_draws)
    check_determined(fitted, labels)
    grouped = clusters(duel_list)
    try:
        theta = _bradley_terry.fit(fitted, pivot)
        if grouped is None:
            cov = _bradley_terry.covariance(fitted, theta, pivot)
        else:
            cov = _bradley_terry.paired_covariance(fitted, theta, pivot, grouped)
    except _bradley_terry.FitFailed as failure:
        raise UndeterminedRatingsError(
            f"{_CALLER}: no ratings in floating point: {failure} (scores or prior_draws so "
            "near 0 that the entrants are astronomically far apart, or so many games that the "
            "sums overflow)"
        ) from None
    elo = [value * ELO_PER_NAT for value in theta]
    cov = [[value * ELO_PER_NAT**2 for value in row] for row in cov]
    if anchor is None:
        elo, cov = _centred(elo, cov)
    games_of, score_of = totals(played)
    ratings = []
    for i in range(count):
        spread = _Z * math.sqrt(max(0.0, cov[i][i]))
        ratings.append(Rating(i, labels[i], elo[i], elo[i] - spread, elo[i] + spread,
                              round(games_of[i]), score_of[i]))  # fmt: skip
    if not all(math.isfinite(r.low) and math.isfinite(r.high) for r in ratings):
        raise UndeterminedRatingsError(
            f"{_CALLER}: no ratings in floating point: an interval overflows (scores or "
            "prior_draws so near 0 that the entrants are astronomically far apart)"
        )
    held = None if anchor is None else labels[pivot]
    pairs = 0 if grouped is None else sum(cluster.games > 1 for cluster in grouped)
    return Ratings(tuple(ratings), held, tuple(tuple(row) for row in cov), pairs)


MAX_ENTRANTS = 1_000
"""The most entrants :func:`elo_ratings` rates: the intervals need the inverse of a dense
matrix of that order, ``O(n^3)`` steps in pure Python (400 entrants take about 3 s, 1,000
entrants most of a minute)."""


def _check_duels(
    duel_list: Sequence[object], count: int | None, names: Sequence[object] | None
) -> int:
    """The number of entrants (``count``, or found from the duels), every duel checked.

    Every entrant must have played (checked before anything is allocated for them all), and
    there must be at most :data:`MAX_ENTRANTS`.
    """
    if not duel_list:
        raise UndeterminedRatingsError(f"{_CALLER}: no finished game to rate")
    for duel in duel_list:
        _check_duel(duel, count)
    found = {entrant for duel in duel_list for entrant in (duel.first, duel.second)}  # type: ignore[attr-defined]
    if count is None:
        count = 1 + max(found)
    if len(found) < count:
        missing = count - len(found)
        first = list(itertools.islice((i for i in range(count) if i not in found), 5))
        shown = [str(i) if names is None else short_repr(names[i]) for i in first]
        listed = ", ".join(shown) + (", ..." if missing > len(first) else "")
        raise UndeterminedRatingsError(
            f"{_CALLER}: {count_text(missing)} of the {count_text(count)} entrants played no "
            "finished game, so "
            f"nothing rates them: {listed} (number the entrants from 0 without gaps, or give "
            "their games)"
        )
    if count > MAX_ENTRANTS:
        raise InvalidSearchOptionError(
            f"{_CALLER}: {count_text(count)} entrants, more than the {MAX_ENTRANTS:,} it rates: "
            "the 95% intervals need the inverse of a dense matrix of that order, O(n^3) steps "
            "in pure Python (1,000 entrants take most of a minute)"
        )
    return count


def _check_duel(duel: object, count: int | None) -> None:
    if not isinstance(duel, Duel):
        raise InvalidSearchOptionError(
            f"{_CALLER}: results must be Duels, not {short_repr(duel)}"
        )
    entrants = (duel.first, duel.second)
    numbers = all(isinstance(e, int) and not isinstance(e, bool) and e >= 0 for e in entrants)
    score = duel.score
    if (
        not numbers
        or duel.first == duel.second
        or (count is not None and max(entrants) >= count)
        or isinstance(score, bool)
        or not isinstance(score, (int, float))
        or not 0 <= score <= 1
        or not (duel.pair is None or (isinstance(duel.pair, int) and duel.pair is not True
                                      and duel.pair is not False))
    ):
        below = "" if count is None else f" below {count_text(count)}"
        raise InvalidSearchOptionError(
            f"{_CALLER}: {_duel_text(duel)} is not two different entrants' numbers{below} and "
            "a score from 0 to 1 (and a pair that is an int or None)"
        )


def _names(names: Sequence[str] | None, count: int) -> list[str]:
    if names is None:
        return [str(i) for i in range(count)]
    labels = list(names)
    if isinstance(names, str) or not all(isinstance(name, str) for name in labels):
        raise InvalidSearchOptionError(
            f"{_CALLER}: names must be a sequence of str: {short_repr(names)}"
        )
    if len(set(labels)) != len(labels):
        repeated = sorted({name for name in labels if labels.count(name) > 1})
        raise InvalidSearchOptionError(f"{_CALLER}: the names repeat: {listed(repeated)}")
    return labels


def _entrant(entrant: object, labels: Sequence[str], caller: str) -> int:
    """An entrant's number, given by number or name."""
    if isinstance(entrant, str) and entrant in labels:
        return labels.index(entrant)
    if isinstance(entrant, int) and not isinstance(entrant, bool) and 0 <= entrant < len(labels):
        return entrant
    raise InvalidSearchOptionError(
        f"{caller}: no entrant {short_repr(entrant)}: the entrants are {listed(labels)} "
        f"(or their numbers 0 to {len(labels) - 1})"
    )


def _duel_text(duel: Duel) -> str:
    """A duel as a message shows it, its numbers shortened."""
    pair = "" if duel.pair is None else f", pair={short_repr(duel.pair)}"
    return (f"Duel(first={short_repr(duel.first)}, second={short_repr(duel.second)}, "
            f"score={short_repr(duel.score)}{pair})")  # fmt: skip


def _centred(elo: list[float], cov: list[list[float]]) -> tuple[list[float], list[list[float]]]:
    """The ratings less their mean, and their covariance: ``P C P`` with ``P = I - J / n``."""
    count = len(elo)
    mean = sum(elo) / count
    rows = [sum(row) / count for row in cov]
    total = sum(rows) / count
    centred = [[cov[i][j] - rows[i] - rows[j] + total for j in range(count)] for i in range(count)]
    return [value - mean for value in elo], centred
