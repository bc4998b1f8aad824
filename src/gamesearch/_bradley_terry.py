"""The Bradley-Terry model's maximum-likelihood fit and its covariance, in pure Python.

Entrant ``i`` beats entrant ``j`` with probability ``p_ij = 1 / (1 + exp(theta_j - theta_i))``
(Bradley and Terry 1952; the strengths ``theta`` are natural logarithms of odds). A game's
score ``s`` (1 a win, 1/2 a draw, 0 a loss) adds ``s log p_ij + (1 - s) log p_ji`` to the
log-likelihood: a draw counts as half a win and half a loss. The log-likelihood is concave, so
Newton's method climbs to the maximum (Hunter 2004 gives the MM alternative); the maximum is
finite and unique exactly when the entrants cannot be split into two groups one of which
scored nothing against the other (Ford 1957, Zermelo 1929), which :func:`split` finds.

The games are kept sparse, a :class:`Pair` per two entrants that met, so that a tournament of
many entrants who each met a few costs what its games cost: each Newton step solves its linear
system by conjugate gradients (Hestenes and Stiefel 1952, preconditioned by the diagonal), each
product with the information matrix one pass over the pairs. Its line search doubles a step
that keeps rising (the strengths of a score near nothing lie tens of units out, where Newton's
steps are about one unit each) and halves one that does not. ``p_ij`` and ``p_ji`` are both
worked out directly (never one as ``1 - `` the other, which rounds to 0 near certainty), and
the gradient as ``s_ij p_ji - s_ji p_ij``, so that a score of ``1e-16`` counts.

The strengths are fixed up to a constant: one entrant's (the *pivot*) is held at 0. The
covariance of the others is the inverse of the observed Fisher information (the negated
Hessian of the log-likelihood) with the pivot's row and column taken out, by a dense Cholesky
factorisation (``O(n^3)``: the one step whose cost grows with the entrants cubed); the pivot's
variance and covariances are 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul
from typing import NamedTuple

from ._dense import Matrix, NotInvertible, inverse

__all__ = [
    "Cluster",
    "FitFailed",
    "Pair",
    "Tally",
    "components",
    "covariance",
    "fit",
    "paired_covariance",
    "split",
]


_STEPS = 500
"""Newton steps at most; a fit that exists converges in a few dozen (the line search doubles
a step that keeps rising, so even strengths hundreds of units apart are reached in a few)."""
_SCALINGS = 60
"""The most times a step is doubled or halved in the line search."""
_WIDEST = 700.0
"""The widest gap in strength a fit may put between two entrants who met (natural-log units,
121,600 Elo): beyond it ``p q`` leaves the normal floats (``exp(-700)`` is ``1e-304``)."""
_SMALL = 1e-10
"""A full Newton step of the strengths smaller than this (natural-log units) ends the fit."""


class Pair(NamedTuple):
    """The games two entrants played each other, and the score each made in them."""

    first: int
    """One entrant's number (the smaller)."""
    second: int
    """The other's."""
    games: float
    """How many games they played (virtual draws included)."""
    first_score: float
    """``first``'s points in them."""
    second_score: float
    """``second``'s points in them."""


class Cluster(NamedTuple):
    """Games that are one sample together (a pair: one opening, the seats swapped)."""

    first: int
    """One entrant's number (the smaller)."""
    second: int
    """The other's."""
    games: int
    """How many games the cluster holds."""
    first_score: float
    """``first``'s points in them."""


_PRIOR_PAIRS = 2
"""Pairs' worth of the model's own variance added to the pairs' (see :func:`paired_covariance`):
two, chosen on the exact coverage of 5, 10 and 20 pairs (bench/bench_pair_intervals.py)."""


@dataclass(frozen=True)
class Tally:
    """Every pair of entrants that met: what the fit reads."""

    count: int
    """The entrants, numbered from 0."""
    pairs: tuple[Pair, ...]
    """One per two entrants that played at least one game."""


class FitFailed(ArithmeticError):
    """The fit did not converge, or its numbers left the floating-point range."""


def components(tally: Tally) -> list[list[int]]:
    """The entrants linked by games, each group sorted, in the order of their first entrant."""
    links: list[list[int]] = [[] for _ in range(tally.count)]
    for pair in tally.pairs:
        links[pair.first].append(pair.second)
        links[pair.second].append(pair.first)
    return _groups(links)


def split(tally: Tally) -> tuple[list[int], list[int]] | None:
    """A group that scored nothing against the rest, and the rest; ``None`` when none does.

    With entrant 0 as the root: the entrants it reaches along "scored against" links never
    scored against the others (or those would be reached); and the others never scored
    against the entrants that reach it. Either group, when not everyone, has an infinite
    maximum-likelihood distance from the rest.
    """
    forward: list[list[int]] = [[] for _ in range(tally.count)]
    backward: list[list[int]] = [[] for _ in range(tally.count)]
    for first, second, _, first_score, second_score in tally.pairs:
        if first_score > 0:
            forward[first].append(second)
            backward[second].append(first)
        if second_score > 0:
            forward[second].append(first)
            backward[first].append(second)
    for links, losers_reached in ((forward, True), (backward, False)):
        reached = _reached(links, 0)
        if len(reached) < tally.count:
            rest = [i for i in range(tally.count) if i not in reached]
            return (sorted(reached), rest) if losers_reached else (rest, sorted(reached))
    return None


def _groups(links: list[list[int]]) -> list[list[int]]:
    seen: set[int] = set()
    groups = []
    for start in range(len(links)):
        if start not in seen:
            group = _reached(links, start)
            seen |= group
            groups.append(sorted(group))
    return groups


def _reached(links: list[list[int]], start: int) -> set[int]:
    reached, stack = {start}, [start]
    while stack:
        for j in links[stack.pop()]:
            if j not in reached:
                reached.add(j)
                stack.append(j)
    return reached


def fit(tally: Tally, pivot: int) -> list[float]:
    """The maximum-likelihood strengths (natural log), the ``pivot``'s held at 0.

    The tally must link every entrant and have no :func:`split` (the maximum is then finite).

    Raises:
        FitFailed: Newton's method did not converge in 500 steps (the maximum puts two entrants
            who met further apart than floating point can follow).
    """
    theta = [0.0] * tally.count
    level = _log_likelihood(tally.pairs, theta)
    for _ in range(_STEPS):
        gradient, weights = _gradient_weights(tally.pairs, theta)
        gradient[pivot] = 0.0
        step = _newton_step(tally, weights, gradient, pivot)
        if max(map(abs, step)) < _SMALL:
            final = [value + change for value, change in zip(theta, step, strict=True)]
            return final if _representable(tally.pairs, final) else theta
        found, level = _line_search(tally.pairs, theta, level, step)
        if found is theta:  # no multiple of the step rises
            if max(map(abs, step)) < 1e-6:  # the maximum, to rounding
                return theta
            raise FitFailed(
                "the maximum puts two entrants who met further apart than floating point "
                f"follows ({_WIDEST:.0f} in natural-log units)"
            )
        theta = found
    raise FitFailed(f"Newton's method did not converge in {_STEPS} steps")


def _line_search(
    pairs: Sequence[Pair], theta: list[float], level: float, step: list[float]
) -> tuple[list[float], float]:
    """A multiple of the step: doubled while the likelihood rises, halved until it does not fall.

    A fall within rounding (``1e-12`` of the level, relative: a level of 1e-28 is the sum of
    terms that small, and is exact to their last digits) counts as no fall: near the maximum a
    Newton step changes the level by less than the level's last digits. The first multiple
    tried moves no strength by more than :data:`_WIDEST`: past the maximum of a lopsided pair
    (a score of 1e-30) ``p q`` is tiny and the full step astronomically long, and halving it
    would not bring it back within reach. ``theta`` itself when every multiple tried falls, or
    leaves :func:`_representable`.
    """
    tolerance = 1e-12 * abs(level)
    best, best_level = theta, level
    longest = max(map(abs, step), default=0.0)
    scale = first = min(1.0, _WIDEST / longest) if longest > 0 else 1.0
    for _ in range(_SCALINGS):
        trial = [value + scale * change for value, change in zip(theta, step, strict=True)]
        trial_level = _log_likelihood(pairs, trial)
        if not _representable(pairs, trial):
            trial_level = -math.inf
        if trial_level > best_level or (best is theta and trial_level >= level - tolerance):
            rose = trial_level > best_level
            best, best_level = trial, max(trial_level, best_level)
            if scale < 1 or not rose:
                break
            scale *= 2
        elif best is not theta or scale < 1e-12 * first:
            break
        else:
            scale /= 2
    return best, best_level


def _representable(pairs: Sequence[Pair], theta: Sequence[float]) -> bool:
    """Whether every pair's ``p q`` is a normal float (the information and step need it)."""
    return all(abs(theta[pair.first] - theta[pair.second]) <= _WIDEST for pair in pairs)


def _newton_step(
    tally: Tally, weights: Sequence[float], gradient: list[float], pivot: int
) -> list[float]:
    """``d`` with ``I d == gradient`` (the pivot's entry held at 0), by conjugate gradients.

    ``I`` is the information matrix, a weighted graph Laplacian (each pair's weight
    ``n p q``): positive definite once the pivot's row and column are taken out. The
    diagonal preconditions it.
    """
    # Scaled so that the largest weight and gradient entry are 1: products of entries far
    # below 1 (a pair whose p q is 1e-222) would underflow to 0 before the division.
    largest, steepest = max(weights, default=0.0), max(map(abs, gradient))
    if largest == 0 or steepest == 0:
        return [0.0] * tally.count
    weights = [weight / largest for weight in weights]
    diagonal = [0.0] * tally.count
    for pair, weight in zip(tally.pairs, weights, strict=True):
        diagonal[pair.first] += weight
        diagonal[pair.second] += weight
    diagonal[pivot] = 1.0
    preconditioner = [1.0 / d if d > 0 else 0.0 for d in diagonal]
    x = [0.0] * tally.count
    residual = [value / steepest for value in gradient]
    z = list(map(mul, preconditioner, residual))
    direction = z[:]
    rz = sum(map(mul, residual, z))
    for _ in range(2 * tally.count + 20):
        product = _times(tally.pairs, weights, direction, pivot)
        curvature = sum(map(mul, direction, product))
        if not 0 < curvature < math.inf or not 0 < rz < math.inf:
            break
        alpha = rz / curvature
        x = [a + alpha * d for a, d in zip(x, direction, strict=True)]
        residual = [r - alpha * p for r, p in zip(residual, product, strict=True)]
        if max(map(abs, residual)) <= 1e-13:
            break
        z = list(map(mul, preconditioner, residual))
        rz, before = sum(map(mul, residual, z)), rz
        direction = [a + rz / before * d for a, d in zip(z, direction, strict=True)]
    factor = steepest / largest
    return [value * factor for value in x]


def _times(
    pairs: Sequence[Pair], weights: Sequence[float], vector: Sequence[float], pivot: int
) -> list[float]:
    """The information matrix times ``vector``, the pivot's row and column left out."""
    out = [0.0] * len(vector)
    for pair, weight in zip(pairs, weights, strict=True):
        i, j = pair.first, pair.second
        flow = weight * (vector[i] - vector[j])
        out[i] += flow
        out[j] -= flow
    out[pivot] = 0.0
    return out


def covariance(tally: Tally, theta: Sequence[float], pivot: int) -> Matrix:
    """The strengths' covariance (natural-log units squared), the ``pivot`` held at 0.

    The inverse of the observed Fisher information with the pivot's row and column taken out;
    the pivot's row and column are 0.

    Raises:
        FitFailed: the information is too small or too large for floating point (a variance
            that is not finite).
    """
    count = tally.count
    free = [i for i in range(count) if i != pivot]
    place = {entrant: index for index, entrant in enumerate(free)}
    information = [[0.0] * len(free) for _ in free]
    for pair, weight in zip(tally.pairs, _gradient_weights(tally.pairs, theta)[1], strict=True):
        a, b = place.get(pair.first), place.get(pair.second)
        for one, other in ((a, b), (b, a)):
            if one is not None:
                information[one][one] += weight
                if other is not None:
                    information[one][other] -= weight
    try:
        found = inverse(information)
    except NotInvertible as exc:
        raise FitFailed(str(exc)) from None
    full = [[0.0] * count for _ in range(count)]
    for a, i in enumerate(free):
        row = full[i]
        for b, j in enumerate(free):
            row[j] = found[a][b]
    return full


def paired_covariance(
    tally: Tally, theta: Sequence[float], pivot: int, clusters: Sequence[Cluster]
) -> Matrix:
    """The strengths' covariance when games come in clusters (pairs): the sandwich estimate.

    ``I^-1 J I^-1`` (Huber 1967, White 1980), the information ``I`` as in :func:`covariance`
    and ``J`` the sum over the clusters of the outer products of their score vectors (each
    cluster's gradient of the log-likelihood at the fit): the variance the clusters show,
    rather than the variance independent games would have. For two entrants and pairs of
    games this is the pentanomial model's variance of the score (fishtest's). A pair's score
    vector is ``u (e_i - e_j)``, so ``J`` is a weighted Laplacian. With few clusters the
    sandwich is too small (it reads the spread the few pairs happen to show: five pairs each
    won once each way show none), so it is made honest for them as small samples are: ``J`` is
    scaled by ``C / (C - 1)`` (``C`` clusters, the usual small-sample factor), and two pairs'
    worth of the independent games' variance (``2 / C`` of ``I^-1``) is added, a prior as
    BayesElo's virtual draws are one. With 5 to 20 pairs of two entrants the 95% intervals then
    cover the truth at least 91% of the time (exactly, over every count, at 0 to 500 Elo); with
    1,000 pairs they are 0.15% wider than the plain sandwich.

    Raises:
        FitFailed: as :func:`covariance`.
    """
    model = covariance(tally, theta, pivot)
    spread: dict[tuple[int, int], float] = {}
    for first, second, games, first_score in clusters:
        gap = theta[first] - theta[second]
        p, q = _sigmoid(gap), _sigmoid(-gap)
        slope = first_score * q - (games - first_score) * p
        spread[first, second] = spread.get((first, second), 0.0) + slope * slope
    # M = J I^-1, row by row: a Laplacian's row i is the sum over its edges (i, j).
    rows = [[0.0] * tally.count for _ in range(tally.count)]
    for (first, second), weight in spread.items():
        change = [weight * (a - b) for a, b in zip(model[first], model[second], strict=True)]
        rows[first] = [a + c for a, c in zip(rows[first], change, strict=True)]
        rows[second] = [a - c for a, c in zip(rows[second], change, strict=True)]
    columns = [list(column) for column in zip(*rows, strict=True)]
    many = len(clusters)
    scale = many / (many - 1) if many > 1 else 1.0
    prior = _PRIOR_PAIRS / max(1, many)
    out = [[0.0] * tally.count for _ in range(tally.count)]
    for a in range(tally.count):
        for b in range(a, tally.count):
            value = scale * sum(map(mul, model[a], columns[b])) + prior * model[a][b]
            out[a][b] = out[b][a] = value
    if not all(math.isfinite(value) for row in out for value in row):
        raise FitFailed("a variance is too large for floating point")
    return out


def _sigmoid(x: float) -> float:
    """``1 / (1 + exp(-x))``, without overflow either way."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _log_sigmoid(x: float) -> float:
    """``log(1 / (1 + exp(-x)))``, without overflow either way."""
    if x >= 0:
        return -math.log1p(math.exp(-x))
    return x - math.log1p(math.exp(x))


def _log_likelihood(pairs: Sequence[Pair], theta: Sequence[float]) -> float:
    total = 0.0
    for first, second, _, first_score, second_score in pairs:
        gap = theta[first] - theta[second]
        if first_score > 0:
            total += first_score * _log_sigmoid(gap)
        if second_score > 0:
            total += second_score * _log_sigmoid(-gap)
    return total


def _gradient_weights(
    pairs: Sequence[Pair], theta: Sequence[float]
) -> tuple[list[float], list[float]]:
    """The log-likelihood's gradient, and each pair's weight ``n p q`` in the information."""
    gradient = [0.0] * len(theta)
    weights = []
    for first, _second, games, first_score, second_score in pairs:
        gap = theta[first] - theta[_second]
        p, q = _sigmoid(gap), _sigmoid(-gap)  # each exact, even where the other is near 1
        slope = first_score * q - second_score * p
        gradient[first] += slope
        gradient[_second] -= slope
        weights.append(games * p * q)
    return gradient, weights
