"""Each entrant's mean utility per game, with its 95% interval: what chips count, not wins."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._intervals import CONFIDENCE, mean_interval
from .playing import GameRecord

__all__ = ["MeanUtility", "mean_utility"]


@dataclass(frozen=True)
class MeanUtility:
    """One entrant's mean utility per finished game, with its 95% confidence interval.

    The utility is the game's own number for the entrant's seat (chips in poker, 1/0/-1 for a
    win, draw and loss in tic-tac-toe). The interval is Student's t interval of the mean:
    ``mean +- t * s / sqrt(games)``, with ``s`` the sample standard deviation of the games'
    utilities and ``t`` the 97.5% quantile of Student's t with ``games - 1`` degrees of freedom
    (wider than the normal approximation's 1.96 for a few games: 2.262 for 10).
    """

    games: int
    """The finished games the mean is taken over (unfinished games have no utility; a
    tournament's repeats are left out, each distinct game counted once)."""

    mean: float | None
    """The mean utility per game; ``None`` when no game finished."""

    low: float | None
    """The interval's lower end; ``None`` for fewer than two games (one game shows no spread).
    Equal to ``mean`` when every game gave the same utility."""

    high: float | None
    """The interval's upper end; ``None`` as ``low`` is."""

    def __str__(self) -> str:
        if self.mean is None:
            return "no finished game"
        if self.low is None or self.high is None:
            return f"{self.mean:+.3f} (one game: no interval)"
        return f"{self.mean:+.3f} (95% interval {self.low:+.3f} .. {self.high:+.3f})"


def mean_utility(
    records: Sequence[GameRecord[Any, Any]], seats: Sequence[tuple[int, ...]], entrant: int
) -> MeanUtility:
    """``entrant``'s mean utility over the finished games of ``records``, seated as ``seats``.

    Example:
        >>> from gamesearch import play, random_player
        >>> from gamesearch.games import GameTree
        >>> game = GameTree({"left": 1, "right": -1})  # one move, player 0's
        >>> moves = ["left", "right", "left"]
        >>> records = [play(game, [lambda state, m=m: m, random_player()]) for m in moves]
        >>> print(mean_utility(records, [(0, 1)] * 3, 0))
        +0.333 (95% interval -2.535 .. +3.202)
    """
    found = [
        record.utilities[seated.index(entrant)]
        for record, seated in zip(records, seats, strict=True)
        if record.utilities is not None
    ]
    if not found:
        return MeanUtility(games=0, mean=None, low=None, high=None)
    mean, low, high = mean_interval(found, CONFIDENCE)
    return MeanUtility(games=len(found), mean=mean, low=low, high=high)
