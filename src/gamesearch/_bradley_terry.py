"""The Bradley-Terry model's maximum-likelihood fit and its covariance, in pure Python.

Entrant ``i`` beats entrant ``j`` with probability ``p_ij = 1 / (1 + exp(theta_j - theta_i))``
(Bradley and Terry 1952; the strengths ``theta`` are natural logarithms of odds). A game's
score ``s`` (1 a win, 1/2 a draw, 0 a loss) adds ``s log p_ij + (1 - s) log p_ji`` to the
log-likelihood: a draw counts as half a win and half a loss. The log-likelihood is concave, so
Newton's method with its step halved until the likelihood rises climbs to the maximum
(Hunter 2004 gives the MM alternative); the maximum is finite and unique exactly when the
entrants cannot be split into two groups one of which scored nothing against the other
(Ford 1957, Zermelo 1929), which :func:`split` finds.

The strengths are fixed up to a constant: one entrant's (the *pivot*) is held at 0. The
covariance of the others is the inverse of the observed Fisher information (the negated
Hessian of the log-likelihood) with the pivot's row and column taken out; the pivot's variance
and covariances are 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Tally", "components", "covariance", "fit", "split"]

Matrix = list[list[float]]

Tally = tuple[Matrix, Matrix]
"""``(games, scored)``: ``games[i][j]`` the games between ``i`` and ``j`` (symmetric),
``scored[i][j]`` the score ``i`` made in them (``scored[i][j] + scored[j][i] == games[i][j]``)."""

_STEPS = 200
"""Newton steps at most; a fit that exists converges in a few dozen."""
_HALVINGS = 60
_SMALL = 1e-13
"""A step of the strengths smaller than this (in natural-log units) ends the fit."""


def components(games: Matrix) -> list[list[int]]:
    """The entrants linked by games, each group sorted, in the order of their first entrant."""
    count = len(games)
    seen = [False] * count
    groups = []
    for start in range(count):
        if seen[start]:
            continue
        seen[start] = True
        group, stack = [], [start]
        while stack:
            i = stack.pop()
            group.append(i)
            for j in range(count):
                if games[i][j] > 0 and not seen[j]:
                    seen[j] = True
                    stack.append(j)
        groups.append(sorted(group))
    return groups


def split(scored: Matrix) -> tuple[list[int], list[int]] | None:
    """A group that scored nothing against the rest, and the rest; ``None`` when none does.

    With entrant 0 as the root: the entrants it reaches along "scored against" links never
    scored against the others (or those would be reached); and the others never scored
    against the entrants that reach it. Either group, when not everyone, has an infinite
    maximum-likelihood distance from the rest.
    """
    count = len(scored)
    for forward in (True, False):
        reached = _reached(scored, forward)
        if len(reached) < count:
            rest = [i for i in range(count) if i not in reached]
            return (sorted(reached), rest) if forward else (rest, sorted(reached))
    return None


def _reached(scored: Matrix, forward: bool) -> set[int]:
    reached, stack = {0}, [0]
    while stack:
        i = stack.pop()
        for j in range(len(scored)):
            link = scored[i][j] if forward else scored[j][i]
            if link > 0 and j not in reached:
                reached.add(j)
                stack.append(j)
    return reached


def fit(tally: Tally, pivot: int) -> list[float]:
    """The maximum-likelihood strengths (natural log), the ``pivot``'s held at 0.

    The tally must link every entrant and have no :func:`split` (the maximum is then finite).
    """
    games, scored = tally
    count = len(games)
    theta = [0.0] * count
    level = _log_likelihood(games, scored, theta)
    free = [i for i in range(count) if i != pivot]
    for _ in range(_STEPS):
        gradient, information = _gradient_information(games, scored, theta)
        step = _solve(
            [[information[i][j] for j in free] for i in free], [gradient[i] for i in free]
        )
        scale = 1.0
        for _ in range(_HALVINGS):
            trial = theta[:]
            for index, i in enumerate(free):
                trial[i] += scale * step[index]
            trial_level = _log_likelihood(games, scored, trial)
            if trial_level >= level - 1e-12 * (1 + abs(level)):
                break
            scale /= 2
        theta, level = trial, trial_level
        if max((abs(scale * value) for value in step), default=0.0) < _SMALL:
            break
    return theta


def covariance(games: Matrix, theta: Sequence[float], pivot: int) -> Matrix:
    """The strengths' covariance (natural-log units squared), the ``pivot`` held at 0.

    The inverse of the observed Fisher information with the pivot's row and column taken out;
    the pivot's row and column are 0.
    """
    count = len(games)
    _, information = _gradient_information(games, [[0.0] * count] * count, theta)
    free = [i for i in range(count) if i != pivot]
    inverse = _inverse([[information[i][j] for j in free] for i in free])
    full = [[0.0] * count for _ in range(count)]
    for a, i in enumerate(free):
        for b, j in enumerate(free):
            full[i][j] = inverse[a][b]
    return full


def _win(theta_i: float, theta_j: float) -> float:
    """``p_ij``, the probability that ``i`` beats ``j``."""
    return 1.0 / (1.0 + math.exp(theta_j - theta_i))


def _log_win(difference: float) -> float:
    """``log(1 / (1 + exp(-difference)))``, without overflow either way."""
    if difference >= 0:
        return -math.log1p(math.exp(-difference))
    return difference - math.log1p(math.exp(difference))


def _log_likelihood(games: Matrix, scored: Matrix, theta: Sequence[float]) -> float:
    total = 0.0
    for i, row in enumerate(scored):
        for j, score in enumerate(row):
            if score > 0:
                total += score * _log_win(theta[i] - theta[j])
    return total


def _gradient_information(
    games: Matrix, scored: Matrix, theta: Sequence[float]
) -> tuple[list[float], Matrix]:
    """The log-likelihood's gradient, and the observed information (its negated Hessian)."""
    count = len(games)
    gradient = [0.0] * count
    information = [[0.0] * count for _ in range(count)]
    for i in range(count):
        for j in range(count):
            if i == j or games[i][j] == 0:
                continue
            p = _win(theta[i], theta[j])
            gradient[i] += scored[i][j] - games[i][j] * p
            weight = games[i][j] * p * (1.0 - p)
            information[i][i] += weight
            information[i][j] -= weight
    return gradient, information


def _cholesky(matrix: Matrix) -> Matrix:
    """The lower triangle ``L`` with ``L L^T == matrix`` (symmetric positive definite)."""
    size = len(matrix)
    lower = [[0.0] * size for _ in range(size)]
    for i in range(size):
        for j in range(i + 1):
            total = matrix[i][j] - sum(lower[i][k] * lower[j][k] for k in range(j))
            if i == j:
                lower[i][i] = math.sqrt(max(total, 0.0)) or math.inf  # inf: a singular pivot
            else:
                lower[i][j] = total / lower[j][j]
    return lower


def _solve(matrix: Matrix, vector: Sequence[float]) -> list[float]:
    """``x`` with ``matrix x == vector`` (symmetric positive definite), by Cholesky's factors."""
    return _substitute(_cholesky(matrix), vector)


def _substitute(lower: Matrix, vector: Sequence[float]) -> list[float]:
    """``x`` with ``L L^T x == vector``: forward substitution, then back."""
    size = len(vector)
    middle = [0.0] * size
    for i in range(size):
        middle[i] = (vector[i] - sum(lower[i][k] * middle[k] for k in range(i))) / lower[i][i]
    solution = [0.0] * size
    for i in reversed(range(size)):
        later = sum(lower[k][i] * solution[k] for k in range(i + 1, size))
        solution[i] = (middle[i] - later) / lower[i][i]
    return solution


def _inverse(matrix: Matrix) -> Matrix:
    """The inverse of a symmetric positive definite matrix, a column at a time."""
    size = len(matrix)
    lower = _cholesky(matrix)
    columns = [_substitute(lower, [1.0 if i == j else 0.0 for i in range(size)])
               for j in range(size)]  # fmt: skip
    return [[columns[j][i] for j in range(size)] for i in range(size)]
