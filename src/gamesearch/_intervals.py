"""The confidence interval of a mean, by Student's t, in pure Python (no statistics package).

A tournament's mean utility per game is the mean of a sample of games; its 95% interval is
``mean +- t * s / sqrt(n)``, with ``s`` the sample standard deviation (``n - 1`` in its
denominator) and ``t`` the 97.5% quantile of Student's t distribution with ``n - 1`` degrees of
freedom (Student 1908). The normal quantile, 1.96, would be too narrow for a few games: with
10 games ``t`` is 2.262. The t distribution's function is the finite series of Abramowitz and
Stegun (1964), 26.7.3 and 26.7.4, exact for whole degrees of freedom; its quantile is found by
Newton's method.
"""

from __future__ import annotations

import functools
import math
import statistics
from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["MeanInterval", "mean_interval", "t_quantile"]

CONFIDENCE = 0.95
"""The confidence of the intervals shown: 95%."""


class MeanInterval(NamedTuple):
    """A sample's mean and its confidence interval (``None`` ends for fewer than two values)."""

    mean: float
    low: float | None
    high: float | None


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> MeanInterval:
    """The mean of ``values`` and its ``confidence`` interval by Student's t.

    One value has no spread to measure: the ends are ``None``. Values that are all equal give
    an interval of zero width (the sample shows no spread; that is not a certainty).

    Raises:
        ValueError: ``values`` is empty.

    Example:
        >>> low, high = mean_interval([1.0, -1.0, 1.0, 1.0])[1:]
        >>> round(low, 3), round(high, 3)
        (-1.091, 2.091)
    """
    mean = statistics.fmean(values)
    if len(values) < 2:
        return MeanInterval(mean, None, None)
    half = t_quantile((1 + confidence) / 2, len(values) - 1) * statistics.stdev(values)
    half /= math.sqrt(len(values))
    return MeanInterval(mean, mean - half, mean + half)


@functools.lru_cache(maxsize=64)
def t_quantile(probability: float, freedom: int) -> float:
    """The ``probability`` quantile of Student's t with ``freedom`` degrees of freedom.

    Args:
        probability: Above one half and below 1 (0.975 for a two-sided 95% interval).
        freedom: An int >= 1.

    Example:
        >>> round(t_quantile(0.975, 1), 3), round(t_quantile(0.975, 10), 3)
        (12.706, 2.228)
    """
    target = 2 * probability - 1  # the probability of |T| <= t
    # Newton's method from the normal quantile, which is below every t quantile. For t > 0,
    # P(|T| <= t) is increasing and concave: each step stays below the root and nears it.
    t = statistics.NormalDist().inv_cdf(probability)
    scale = math.exp(math.lgamma((freedom + 1) / 2) - math.lgamma(freedom / 2))
    scale *= 2 / math.sqrt(freedom * math.pi)  # twice the density's constant: |T| has two tails
    for _ in range(200):
        slope = scale * (1 + t * t / freedom) ** (-(freedom + 1) / 2)
        step = (target - _within(t, freedom)) / slope
        t += step
        if step <= 1e-14 * t:
            break
    return t


def _within(t: float, freedom: int) -> float:
    """``P(|T| <= t)`` for Student's t with ``freedom`` degrees (Abramowitz and Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(freedom))
    sine, cosine = math.sin(theta), math.cos(theta)
    square = cosine * cosine
    if freedom % 2:  # 2/pi (theta + sin (cos + 2/3 cos^3 + ... + 2.4..(v-3)/1.3..(v-2) cos^(v-2)))
        term = total = cosine if freedom > 1 else 0.0
        for k in range(1, (freedom - 1) // 2):
            term *= square * (2 * k) / (2 * k + 1)
            total += term
        return 2 / math.pi * (theta + sine * total)
    # sin (1 + 1/2 cos^2 + 1.3/2.4 cos^4 + ... + 1.3..(v-3)/2.4..(v-2) cos^(v-2))
    term = total = 1.0
    for k in range(1, freedom // 2):
        term *= square * (2 * k - 1) / (2 * k)
        total += term
    return sine * total
