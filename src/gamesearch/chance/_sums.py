"""What Star1's and Star2's formulas (Ballard 1983) need of a chance node's probabilities.

With every value within ``L <= v <= U``, the outcomes after child ``i`` of a chance node add
at least ``L`` and at most ``U`` times their probability to its value. These sums depend only
on the list of probabilities and the bounds, so a search works them out once for each list it
meets (see :mod:`gamesearch.chance._search` for the formulas they enter).
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Sums", "sums_of"]


class Sums(NamedTuple):
    """What Star1's and Star2's formulas need of one list of probabilities, for each outcome."""

    below: list[Any]
    """The least the outcomes after it can add to the value: L times their probabilities."""
    above: list[Any]
    """The most they can add: U times their probabilities."""
    low_after: list[Any]
    """L times the probability of the outcomes after it, as Star2's probe phase writes it."""
    high_after: list[Any]
    """U times that probability."""
    first: int
    """The index of the first most probable outcome (whose line a node's line follows)."""


def sums_of(probabilities: tuple[Any, ...], low: Any, high: Any) -> Sums:
    """What the formulas need of a list of probabilities with bounds ``(low, high)``."""
    count = len(probabilities)
    after: list[Any] = [0] * count
    below: list[Any] = [0] * count
    above: list[Any] = [0] * count
    for i in range(count - 1, 0, -1):
        probability = probabilities[i]
        after[i - 1] = after[i] + probability
        below[i - 1] = below[i] + probability * low
        above[i - 1] = above[i] + probability * high
    return Sums(
        below,
        above,
        [low * rest for rest in after],
        [high * rest for rest in after],
        probabilities.index(max(probabilities)),
    )
