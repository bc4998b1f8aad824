"""The results of paired games: how many pairs scored 0, 1/2, 1, 3/2 and 2 points.

Two games from one opening, the colours swapped, are not two independent samples: an opening
that favours the first player gives each side a win, and the pair scores 1 whoever is
stronger. Counting games as if independent (the *trinomial* model: each game a win, a draw or
a loss) then overstates how much the games vary, and understates how much they tell. The
*pentanomial* model counts pairs instead: each scores 0, 1/2, 1, 3/2 or 2 points for one side,
and the variance of the score is the variance of the pairs' (Laskos on TalkChess; Van den
Bergh; fishtest and fastchess report a match as ``Ptnml(0-2)`` counts).

:class:`Pentanomial` holds the counts of a match between two entrants; its :meth:`~Pentanomial.
difference` is the Elo difference with the 95% interval of the pairs' variance.
:class:`~gamesearch.sprt.SPRT` decides a match from the same counts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from ._intervals import CONFIDENCE
from .errors import InvalidSearchOptionError, short_repr
from .ratings import RatingDifference
from .tournaments import TournamentResult

__all__ = ["Pentanomial", "elo_of_score"]

_Z = NormalDist().inv_cdf((1 + CONFIDENCE) / 2)
MAX_COUNT = 2**53
"""The most pairs (or games) a count may hold: every int up to it is a float exactly."""
_EMPTY = 1e-3
"""The count an outcome no pair had is given, as fishtest regularises its frequencies: so that
a match of pairs that all scored alike has a variance above 0."""


def elo_of_score(score: float) -> float:
    """The Elo difference whose expected score is ``score``: ``400 log10(s / (1 - s))``.

    Example:
        >>> round(elo_of_score(0.64), 1), elo_of_score(0.5)
        (100.0, 0.0)
    """
    if not 0 < score < 1:
        return math.copysign(math.inf, score - 0.5)
    return 400 * math.log10(score / (1 - score))


def check_counts(counts: object, sizes: tuple[int, ...], caller: str) -> tuple[int, ...]:
    """``counts`` as a tuple of ints from 0 to 2**53, as many as one of ``sizes``.

    Raises:
        InvalidSearchOptionError: anything else (a bool, a float, NaN, a negative or huge count).
    """
    if (
        isinstance(counts, (str, bytes))
        or not isinstance(counts, Sequence)
        or len(counts) not in sizes
        or not all(
            isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= MAX_COUNT for c in counts
        )
    ):
        told = "five ints from 0 to 2**53 (pairs scoring 0, 1/2, 1, 3/2 and 2)"
        if 3 in sizes:
            told += ", or three (games lost, drawn and won)"
        raise InvalidSearchOptionError(f"{caller}: counts must be {told}, not {short_repr(counts)}")
    return tuple(counts)


def regularised(counts: Sequence[float]) -> list[float]:
    """``counts`` with every 0 raised to 0.001 (fishtest's regularisation)."""
    return [count if count > 0 else _EMPTY for count in counts]


def score_interval(counts: Sequence[int], z: float = _Z) -> tuple[float, float]:
    """The ends of the score interval of ``counts`` (pairs, or games: losses, draws, wins).

    Every mean score a game ``s`` with ``(m - s)**2 <= z**2 v(s) / N`` (see
    :meth:`Pentanomial.difference`), its ends found by bisection from ``m`` outwards.
    """
    total = sum(counts)
    top = len(counts) - 1
    mean = sum(count * k / top for k, count in enumerate(counts)) / total
    shares = regularised(counts)
    weight = sum(shares)
    outcomes = [(k / top, share / weight) for k, share in enumerate(shares)]

    last = [0.0]  # the tilt of the score tried last: the next one's is near it

    def excess(score: float) -> float:
        """Above 0 where ``score`` is rejected: ``(m - s)**2 - z**2 v(s) / N``."""
        if score in (0.0, 1.0):
            return (mean - score) ** 2  # a score of 0 or 1 has no spread
        tilt = last[0] = tilt_of(outcomes, score, last[0])
        variance = sum(p * (a - score) ** 2 / (1 + tilt * (a - score)) for a, p in outcomes)
        return (mean - score) ** 2 - z * z * variance / total

    ends = []
    for edge in (0.0, 1.0):
        last[0] = 0.0
        ends.append(edge if mean == edge else _root(excess, mean, edge))
    return ends[0], ends[1]


def _root(function: Callable[[float], float], inside: float, outside: float) -> float:
    """The point between ``inside`` (``function`` <= 0) and ``outside`` (> 0) where it is 0.

    The Illinois method (regula falsi, the stale end's value halved): a few dozen steps at
    most; the ``inside`` end is returned, so the interval is never narrower than the root.
    """
    low, high = function(inside), function(outside)
    if high <= 0:
        return outside
    for _ in range(200):
        if abs(outside - inside) <= 1e-13:
            break
        point = outside - high * (outside - inside) / (high - low)
        if not min(inside, outside) < point < max(inside, outside):
            point = (inside + outside) / 2
        value = function(point)
        if value <= 0:
            inside, low = point, value
            high /= 2
        else:
            outside, high = point, value
            low /= 2
    return inside


def tilt_of(outcomes: Sequence[tuple[float, float]], target: float, start: float = 0.0) -> float:
    """``x`` with ``f(x) = sum p (a - s) / (1 + x (a - s)) == 0``, by Newton's method, bracketed.

    ``outcomes`` are ``(a, p)``: each outcome's score and share; ``s`` is ``target``. The
    distribution ``p / (1 + x (a - s))`` is then the one of greatest likelihood (for the
    shares seen) whose expected score is ``s``. ``f`` falls from ``+inf`` to ``-inf`` where
    every ``1 + x (a - s)`` is above 0: between ``-1 / (max a - s)`` and ``-1 / (min a - s)``
    (the outcomes span 0 to 1, and ``s`` lies strictly inside). A Newton step that leaves the
    bracket is a bisection instead; ``start`` (inside the bracket, or 0 is taken) is where
    Newton's method starts.
    """
    low = -1 / (max(a for a, _ in outcomes) - target)
    high = -1 / (min(a for a, _ in outcomes) - target)
    x = start if low < start < high else 0.0
    for _ in range(200):
        value = slope = 0.0
        for a, p in outcomes:
            term = (a - target) / (1 + x * (a - target))
            value += p * term
            slope -= p * term * term
        if value > 0:
            low = x
        else:
            high = x
        step = x - value / slope if slope else (low + high) / 2
        if not low < step < high:
            step = (low + high) / 2
        if step == x or abs(step - x) <= 1e-15 * (1 + abs(x)):
            return step
        x = step
    return x


@dataclass(frozen=True)
class Pentanomial:
    """How many pairs of games scored 0, 1/2, 1, 3/2 and 2 points for the first entrant.

    Example:
        >>> match = Pentanomial((1, 2, 10, 5, 2))
        >>> match.pairs, match.score
        (20, 0.5625)
        >>> print(match.difference())
        first minus second: +43.7 Elo (95% interval -39.4 .. +122.8)
    """

    counts: tuple[int, int, int, int, int]
    """Pairs scoring 0 (two losses), 1/2 (a loss and a draw), 1 (two draws, or a win and a
    loss), 3/2 (a win and a draw) and 2 (two wins), in that order: ``Ptnml(0-2)``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "counts", check_counts(self.counts, (5,), "Pentanomial"))

    @classmethod
    def of(cls, result: TournamentResult[Any, Any], first: int = 0, second: int = 1) -> Pentanomial:
        """The pairs of ``first`` against ``second`` in a tournament: both games finished.

        A pair is two games of the result's ``pairs`` between the two entrants; pairs with a
        game unfinished or repeated (see :attr:`~gamesearch.TournamentResult.repeats`) are
        left out.

        Raises:
            InvalidSearchOptionError: the result has no pairs, or ``first`` and ``second`` are
                not two of its entrants.
        """
        entrants = len(result.wins)
        if (
            all(pair is None for pair in result.pairs)
            or not all(
                isinstance(e, int) and not isinstance(e, bool) and 0 <= e < entrants
                for e in (first, second)
            )
            or first == second
        ):
            raise InvalidSearchOptionError(
                f"Pentanomial.of: needs a result whose games came in pairs, and two of its "
                f"{entrants} entrants, not {short_repr(first)} and {short_repr(second)}"
            )
        points: dict[int, list[float]] = {}
        skipped = set(result.repeats)
        for index, (seated, record) in enumerate(zip(result.seats, result.records, strict=True)):
            pair = result.pairs[index]
            if pair is None or set(seated) != {first, second}:
                continue
            scored = points.setdefault(pair, [])
            if index in skipped or not record.finished:
                scored.append(math.nan)
            else:
                scored.append(
                    0.5 if record.winner is None else float(seated[record.winner] == first)
                )
        counts = [0] * 5
        for scored in points.values():
            if len(scored) == 2 and not any(math.isnan(value) for value in scored):
                counts[round(2 * sum(scored))] += 1
        return cls(tuple(counts))  # type: ignore[arg-type]

    @property
    def pairs(self) -> int:
        """The pairs counted."""
        return sum(self.counts)

    @property
    def score(self) -> float:
        """The first entrant's mean score a game (``nan`` with no pair)."""
        if not self.pairs:
            return math.nan
        return sum(count * k / 4 for k, count in enumerate(self.counts)) / self.pairs

    def difference(self, first: str = "first", second: str = "second") -> RatingDifference:
        """The Elo difference of the score, with the 95% score interval of the pairs.

        The interval holds every expected score ``s`` that the pairs do not reject at the 5%
        level: ``(m - s)**2 <= 1.96**2 v(s) / N``, with ``m`` the mean score a game over ``N``
        pairs and ``v(s)`` the variance of a pair's mean score under the distribution of pair
        results nearest the counts (greatest likelihood) whose expected score is ``s``: the
        distribution :func:`~gamesearch.log_likelihood_ratio` weighs, the counts regularised
        as :func:`regularised` does. It is Wilson's score interval carried over from games to
        pairs: the spread is the one ``s`` itself would give, not the one the few pairs seen
        happen to show, so 5 pairs that all scored alike (all won, or all split) are not taken
        for certainty. For many pairs it is the usual ``m -+ 1.96 sd / sqrt(N)``. The ends are
        the Elo differences of those scores (so the interval is not symmetric about the
        difference, and a score of 1 gives ``+inf``).

        Raises:
            InvalidSearchOptionError: no pair was counted.

        Example:
            >>> print(Pentanomial((0, 0, 5, 0, 0)).difference())   # five pairs, each split
            first minus second: +0.0 Elo (95% interval -161.7 .. +161.7)
        """
        if not self.pairs:
            raise InvalidSearchOptionError("Pentanomial.difference: no pair was counted")
        low, high = score_interval(self.counts)
        return RatingDifference(first, second, elo_of_score(self.score), elo_of_score(low),
                                elo_of_score(high))  # fmt: skip

    def __str__(self) -> str:
        return f"Ptnml(0-2): {', '.join(str(count) for count in self.counts)}"
