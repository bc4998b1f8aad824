"""What Monte Carlo CFR draws with: a seeded generator, regret matching, and samples.

Shared by the sampling algorithms of :mod:`gamesearch.imperfect`; private.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import InvalidDistributionError, InvalidSearchOptionError

__all__ = ["generator", "normalised", "regret_matching", "sample", "sample_chance"]

_TOLERANCE = 1e-9
"""How far chance probabilities may sum from 1."""


def sample_chance(state: Any, given: Any, r: float) -> tuple[Any, float]:
    """The outcome of ``chance_outcomes(state)`` (``given``) that ``r`` in [0, 1) falls on.

    Returns:
        The outcome and its probability.

    Raises:
        InvalidDistributionError: ``given`` is not a list of ``(outcome, probability)`` pairs
            with probabilities >= 0 that sum to 1.
    """
    outcomes = list(given or ())
    total, chosen = 0.0, None
    try:
        for outcome, probability in outcomes:
            if not probability >= 0.0:
                raise TypeError
            total += probability
            if chosen is None and r < total:
                chosen = (outcome, float(probability))
    except (TypeError, ValueError):
        raise InvalidDistributionError(
            f"chance_outcomes({state!r}) gave {outcomes!r}; it must give (outcome, "
            "probability) pairs with finite probabilities >= 0 that sum to 1"
        ) from None
    if not abs(total - 1.0) <= _TOLERANCE:
        raise InvalidDistributionError(
            f"the probabilities of chance_outcomes({state!r}) sum to {total!r}, not 1"
        )
    if chosen is None:  # r fell in the rounding below 1: the last outcome of weight > 0
        outcome, probability = next(o for o in reversed(outcomes) if o[1] > 0)
        chosen = (outcome, float(probability))
    return chosen


def generator(rng: object, searcher: str) -> random.Random:
    """The generator for ``rng``: a ``random.Random`` as given, a new one seeded by an int.

    Raises:
        InvalidSearchOptionError: anything else, in a message that names ``searcher``.
    """
    if isinstance(rng, random.Random):
        return rng
    if rng is None or (isinstance(rng, int) and not isinstance(rng, bool)):
        return random.Random(rng)
    raise InvalidSearchOptionError(
        f"{searcher}: rng must be an int seed, a random.Random or None, not {rng!r}"
    )


def regret_matching(regret: list[float]) -> list[float]:
    """Each action in proportion to its positive regret; uniform when none is positive.

    Regret matching (Hart and Mas-Colell 2000).
    """
    positive = 0.0
    for r in regret:
        if r > 0.0:
            positive += r
    if positive > 0.0:
        return [r / positive if r > 0.0 else 0.0 for r in regret]
    return [1.0 / len(regret)] * len(regret)


def sample(probabilities: list[float], r: float) -> int:
    """The index that ``r``, uniform in [0, 1), falls on in the cumulative ``probabilities``."""
    total = 0.0
    for j, probability in enumerate(probabilities):
        total += probability
        if r < total:
            return j
    return max(j for j, probability in enumerate(probabilities) if probability > 0.0)


def normalised(weights: list[float]) -> list[float]:
    """``weights`` divided by their sum; uniform when they sum to 0."""
    total = sum(weights)
    if total > 0.0:
        return [w / total for w in weights]
    return [1.0 / len(weights)] * len(weights)
