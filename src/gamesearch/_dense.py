"""The inverse of a dense symmetric positive definite matrix, by Cholesky's factors, in pure Python.

``O(n^3)`` steps: the one part of the ratings whose cost grows with the entrants cubed. The
inner products run in C (``sum(map(mul, ...))``), the loops over rows in Python.
"""

from __future__ import annotations

import math
from operator import mul

__all__ = ["Matrix", "NotInvertible", "inverse"]

Matrix = list[list[float]]


class NotInvertible(ArithmeticError):
    """The matrix is not positive definite in floating point, or its inverse overflows."""


def _cholesky(matrix: Matrix) -> Matrix:
    """The rows of the lower triangle ``L`` with ``L L^T == matrix`` (row ``i`` has ``i + 1``).

    Raises:
        NotInvertible: a pivot that is not a positive finite number.
    """
    lower: Matrix = []
    for i, row in enumerate(matrix):
        own = [0.0] * (i + 1)
        for j in range(i):
            # own[j:] are still 0, so the products run over k < j; lower[j][j] is its pivot.
            other = lower[j]
            own[j] = (row[j] - sum(map(mul, own, other))) / other[j]
        pivot = row[i] - sum(map(mul, own, own))
        if not 0 < pivot < math.inf:
            raise NotInvertible("the information matrix is not positive definite in floating point")
        own[i] = math.sqrt(pivot)
        lower.append(own)
    return lower


def inverse(matrix: Matrix) -> Matrix:
    """The inverse of a symmetric positive definite matrix: ``L^-T L^-1`` from Cholesky's ``L``.

    Raises:
        NotInvertible: the matrix is not positive definite in floating point, or an entry of the
            inverse is not finite.
    """
    size = len(matrix)
    lower = _cholesky(matrix)
    # Column a of M = L^-1 from row a down, by forward substitution of e_a: a lower triangle.
    columns = []
    for a in range(size):
        column: list[float] = []
        for i in range(a, size):
            own = lower[i]
            start = 1.0 if i == a else 0.0
            column.append((start - sum(map(mul, own[a:i], column))) / own[i])
        columns.append(column)
    # (M^T M)[a][b] = sum over i >= max(a, b) of M[i][a] M[i][b]: dot products of M's columns.
    inverse = [[0.0] * size for _ in range(size)]
    for a in range(size):
        column = columns[a]
        for b in range(a, size):
            value = sum(map(mul, column[b - a :], columns[b]))
            inverse[a][b] = inverse[b][a] = value
    if not all(math.isfinite(value) for row in inverse for value in row):
        raise NotInvertible("a variance is too large for floating point")
    return inverse
