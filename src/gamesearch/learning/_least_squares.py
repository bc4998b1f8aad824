"""Least squares in pure Python: ridge-regularised normal equations solved by Cholesky.

A linear evaluation has tens of weights, so its normal equations are a small dense system:
accumulating ``X^T X`` costs ``n d^2 / 2`` multiplications for ``n`` rows of ``d`` features
(zeros skipped: board cells are mostly empty), and the Cholesky factorisation ``d^3 / 6``.
The logistic fit is Gauss-Newton on the same equations (each step a weighted linear least
squares, Nocedal and Wright, *Numerical Optimization*, 2006, section 10.3), halving a step that
does not lower the error.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..errors import InvalidSearchOptionError

__all__ = ["fit_linear", "fit_logistic", "solve_cholesky", "squared_error"]

Rows = Sequence[Sequence[float]]


def solve_cholesky(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix @ x == vector``, for a symmetric positive definite ``matrix``.

    Only the upper triangle of ``matrix`` is read (``matrix[i][j]`` for ``j >= i``).

    Raises:
        InvalidSearchOptionError: the matrix is not positive definite (a pivot <= 0).

    Example:
        >>> solve_cholesky([[4.0, 2.0], [0.0, 3.0]], [2.0, 1.0])
        [0.5, 0.0]
    """
    size = len(vector)
    lower = [[0.0] * size for _ in range(size)]
    for i in range(size):
        row = lower[i]
        for j in range(i + 1):
            other = lower[j]
            total = matrix[j][i] - math.fsum(row[k] * other[k] for k in range(j))
            if i == j:
                if not total > 0:
                    raise InvalidSearchOptionError(
                        "least squares: the normal equations are not positive definite (give "
                        "a ridge above 0)"
                    )
                row[i] = math.sqrt(total)
            else:
                row[j] = total / other[j]
    forward = [0.0] * size
    for i in range(size):
        ahead = math.fsum(lower[i][k] * forward[k] for k in range(i))
        forward[i] = (vector[i] - ahead) / lower[i][i]
    solution = [0.0] * size
    for i in reversed(range(size)):
        tail = math.fsum(lower[k][i] * solution[k] for k in range(i + 1, size))
        solution[i] = (forward[i] - tail) / lower[i][i]
    return solution


def _normal_equations(
    rows: Rows, targets: Sequence[float], scales: Sequence[float] | None, ridge: float
) -> tuple[list[list[float]], list[float]]:
    """``(X^T S X + ridge I, X^T S y)`` over rows with a 1 appended (the bias, not penalised).

    ``S`` holds ``scales`` squared (Gauss-Newton's derivatives), or ones.
    """
    size = len(rows[0]) + 1
    matrix = [[0.0] * size for _ in range(size)]
    vector = [0.0] * size
    for number, (row, target) in enumerate(zip(rows, targets, strict=True)):
        scale = 1.0 if scales is None else scales[number]
        full = [value * scale for value in row]
        full.append(scale)
        present = [(i, value) for i, value in enumerate(full) if value]
        for i, value in present:
            line = matrix[i]
            for j, other in present:
                if j >= i:
                    line[j] += value * other
            vector[i] += value * target
    for i in range(size - 1):
        matrix[i][i] += ridge
    matrix[-1][-1] += 1e-12  # a constant feature would leave the bias's pivot at 0
    return matrix, vector


def fit_linear(rows: Rows, targets: Sequence[float], ridge: float) -> tuple[list[float], float]:
    """The weights and bias minimising ``sum((w . x + b - y)^2) + ridge |w|^2``.

    Example:
        >>> rows = [[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [2.0, 1.0]]
        >>> weights, bias = fit_linear(rows, [2 * a - b + 0.5 for a, b in rows], 1e-9)
        >>> [round(w, 6) for w in weights], round(bias, 6)
        ([2.0, -1.0], 0.5)
    """
    matrix, vector = _normal_equations(rows, targets, None, ridge)
    solution = solve_cholesky(matrix, vector)
    return solution[:-1], solution[-1]


def squared_error(
    rows: Rows, targets: Sequence[float], weights: Sequence[float], bias: float, squash: bool
) -> float:
    """The mean squared error of the (squashed) linear model on the rows."""
    total = 0.0
    for row, target in zip(rows, targets, strict=True):
        value = bias + sum(w * x for w, x in zip(weights, row, strict=True) if x)
        if squash:
            value = math.tanh(value / 2)
        total += (value - target) ** 2
    return total / len(targets)


def fit_logistic(
    rows: Rows, targets: Sequence[float], ridge: float, iterations: int
) -> tuple[list[float], float]:
    """The weights and bias of ``tanh((w . x + b) / 2)`` fitted to targets in [-1, 1].

    Gauss-Newton from the linear fit (doubled: ``tanh(z / 2)`` is ``z / 2`` near 0): each step
    solves the linear least squares of the residuals against the model's derivatives, and
    is halved (up to ten times) while it does not lower the squared error.
    """
    weights, bias = fit_linear(rows, targets, ridge)
    params = [2 * w for w in weights] + [2 * bias]
    error = squared_error(rows, targets, params[:-1], params[-1], True)
    for _ in range(iterations):
        values = [math.tanh(_dot(params, row) / 2) for row in rows]
        slopes = [(1 - value * value) / 2 for value in values]
        residuals = [target - value for target, value in zip(targets, values, strict=True)]
        matrix, vector = _normal_equations(rows, residuals, slopes, ridge)
        for i in range(len(params) - 1):
            vector[i] -= ridge * params[i]  # the ridge penalises the weights, not the step
        step = solve_cholesky(matrix, vector)
        for _ in range(10):
            trial = [p + s for p, s in zip(params, step, strict=True)]
            trial_error = squared_error(rows, targets, trial[:-1], trial[-1], True)
            if trial_error < error:
                params, error = trial, trial_error
                break
            step = [s / 2 for s in step]
        else:
            break
    return params[:-1], params[-1]


def _dot(params: Sequence[float], row: Sequence[float]) -> float:
    """``w . x + b`` for ``params = w + [b]`` (zip stops at the row's end, before ``b``)."""
    return params[-1] + sum(w * x for w, x in zip(params, row, strict=False) if x)
