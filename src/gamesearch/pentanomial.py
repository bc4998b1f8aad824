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
from collections.abc import Sequence
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


@dataclass(frozen=True)
class Pentanomial:
    """How many pairs of games scored 0, 1/2, 1, 3/2 and 2 points for the first entrant.

    Example:
        >>> match = Pentanomial((1, 2, 10, 5, 2))
        >>> match.pairs, match.score
        (20, 0.5625)
        >>> print(match.difference())
        first minus second: +43.7 Elo (95% interval -28.4 .. +119.7)
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
        """The Elo difference of the score, with the 95% interval of the pairs' variance.

        The mean score a game ``s`` over ``N`` pairs has the variance of a pair's mean score
        divided by ``N`` (the counts regularised as :func:`regularised` does); the interval's
        ends are the Elo differences of ``s -+ 1.96`` standard errors (so it is not symmetric
        about the difference).

        Raises:
            InvalidSearchOptionError: no pair was counted.
        """
        if not self.pairs:
            raise InvalidSearchOptionError("Pentanomial.difference: no pair was counted")
        counts = regularised(self.counts)
        total = sum(counts)
        mean = sum(count * k / 4 for k, count in enumerate(counts)) / total
        variance = sum(count * (k / 4 - mean) ** 2 for k, count in enumerate(counts)) / total
        spread = _Z * math.sqrt(variance / total)
        low, high = elo_of_score(mean - spread), elo_of_score(mean + spread)
        return RatingDifference(first, second, elo_of_score(self.score), low, high)

    def __str__(self) -> str:
        return f"Ptnml(0-2): {', '.join(str(count) for count in self.counts)}"
