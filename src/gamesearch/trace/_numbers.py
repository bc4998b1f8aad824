"""Numbers as pictures and stories write them: three significant figures, infinities in words."""

from __future__ import annotations

import math

__all__ = ["SIGNIFICANT", "number", "numbers_apart"]

SIGNIFICANT = 3
"""The significant figures pictures and stories round a value that is not a whole number to."""


def number(value: float | None, *, unicode: bool = False, digits: int = SIGNIFICANT) -> str:
    """``value`` written briefly, to ``digits`` significant figures where it is not whole.

    A whole number is written whole (``3`` for 3.0, ``1000``); any other is rounded to three
    significant figures (``-0.0165`` for -0.0164835, ``0.667`` for 2/3), or to a whole number
    from 1,000 up; infinities are ``+inf`` (``+∞`` in ``unicode``).

    >>> [number(v) for v in (3.0, -0.0, 2 / 3, -0.0164835, 1234.5, float("inf"))]
    ['3', '0', '0.667', '-0.0165', '1234', '+inf']
    """
    if value is None:
        return "?"
    value += 0.0  # -0.0 reads as 0
    if math.isinf(value):
        sign = "+" if value > 0 else "-"
        return sign + ("∞" if unicode else "inf")
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    text = f"{value:.{digits}g}"
    if "e+" in text:  # 1,000 or more, and not whole: a whole number, not 1.23e+03
        return f"{value:.0f}"
    return text


def numbers_apart(first: float, second: float, *, unicode: bool = False) -> tuple[str, str]:
    """Two values written as :func:`number` does, with more figures if they would read alike.

    A comparison told in words (``-0.0275 < alpha = -0.0165``) must not read ``0.123 <
    0.123``: where two different values round to the same text, both get more figures.

    >>> numbers_apart(0.12341, 0.12349)
    ('0.1234', '0.1235')
    """
    digits = SIGNIFICANT
    while True:
        shown = number(first, unicode=unicode, digits=digits)
        other = number(second, unicode=unicode, digits=digits)
        if shown != other or first == second or digits >= 17:
            return shown, other
        digits += 1
