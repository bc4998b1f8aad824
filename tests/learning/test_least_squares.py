"""Least squares in pure Python: the normal equations, Cholesky, and Gauss-Newton's logistic fit."""

from __future__ import annotations

import math
import random

import pytest

from gamesearch.errors import InvalidSearchOptionError
from gamesearch.learning._least_squares import fit_linear, fit_logistic, solve_cholesky

TRUE_WEIGHTS = (0.5, -1.0, 2.0, 0.0, 0.25)
TRUE_BIAS = 0.3


def synthetic_rows(count: int, seed: int) -> list[list[float]]:
    rng = random.Random(seed)
    return [[rng.uniform(-1, 1) for _ in TRUE_WEIGHTS] for _ in range(count)]


def linear_target(row: list[float]) -> float:
    return TRUE_BIAS + sum(w * x for w, x in zip(TRUE_WEIGHTS, row, strict=True))


def test_cholesky_solves_a_symmetric_positive_definite_system() -> None:
    matrix = [[4.0, 2.0, 0.4], [2.0, 5.0, 1.0], [0.4, 1.0, 3.0]]
    wanted = [1.0, -2.0, 0.5]
    vector = [sum(a * x for a, x in zip(row, wanted, strict=True)) for row in matrix]
    assert solve_cholesky(matrix, vector) == pytest.approx(wanted, abs=1e-12)


def test_cholesky_refuses_a_matrix_that_is_not_positive_definite() -> None:
    with pytest.raises(InvalidSearchOptionError, match="not positive definite"):
        solve_cholesky([[1.0, 2.0], [2.0, 1.0]], [1.0, 1.0])


def test_the_linear_fit_recovers_known_weights_of_a_linear_target() -> None:
    rows = synthetic_rows(300, seed=1)
    weights, bias = fit_linear(rows, [linear_target(row) for row in rows], ridge=1e-9)
    assert weights == pytest.approx(TRUE_WEIGHTS, abs=1e-6)
    assert bias == pytest.approx(TRUE_BIAS, abs=1e-6)


def test_the_logistic_fit_recovers_known_weights_of_a_squashed_target() -> None:
    rows = synthetic_rows(300, seed=2)
    targets = [math.tanh(linear_target(row) / 2) for row in rows]
    weights, bias = fit_logistic(rows, targets, ridge=1e-9, iterations=20)
    assert weights == pytest.approx(TRUE_WEIGHTS, abs=1e-6)
    assert bias == pytest.approx(TRUE_BIAS, abs=1e-6)


def test_the_ridge_shrinks_the_weights_but_not_the_bias() -> None:
    rows = synthetic_rows(50, seed=3)
    targets = [linear_target(row) for row in rows]
    loose, _ = fit_linear(rows, targets, ridge=1e-9)
    tight, _ = fit_linear(rows, targets, ridge=1e6)
    assert sum(w * w for w in tight) < 1e-6 * sum(w * w for w in loose)
    _, bias = fit_linear([[0.0]] * 4, [1.0, 2.0, 3.0, 4.0], ridge=1e6)
    assert bias == pytest.approx(2.5)
