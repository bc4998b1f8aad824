"""A value as the page shows it: the number, for whom, exact or an estimate, and the scale.

A number alone misleads a student: ``0.00549`` of Connect Four is an evaluation's guess, not a
proof, and means little unless a win is known to be 1. Every value the page shows says whose
it is (the player it is for), whether it is exact (proven: the game's value with best play) or
an estimate (and by what: a depth limit and its evaluation, playouts, a strategy), and what the
game's outcomes are worth. Numbers are shown to three significant figures.

>>> said = worded(0.0054945, "O", exact=False, how="at depth 5", scale="a win is worth +1")
>>> said["shown"], said["words"]
('+0.00549', '+0.00549 for O, an estimate (at depth 5); a win is worth +1')
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["plain", "shown", "worded"]


def shown(value: float) -> str:
    """``value`` to three significant figures, with its sign (``+1``, ``-0.0556``, ``+inf``).

    >>> shown(1.0), shown(-0.0556250315), shown(0.0), shown(12345.0)
    ('+1', '-0.0556', '+0', '+1.23e+04')
    """
    if math.isnan(value):
        return "nan"
    return f"{value:+.3g}"


def worded(value: float, whom: str, *, exact: bool, how: str, scale: str) -> dict[str, Any]:
    """The value ``value`` for the player ``whom``, in words.

    Args:
        value: The number, for ``whom``.
        whom: The player it is for, by the name the page gives them.
        exact: Whether it is proven (else an estimate).
        how: How it was found or estimated, in a few words.
        scale: What the game's outcomes are worth, in words.

    Returns:
        ``value``, ``shown`` (three significant figures), ``whom``, ``exact``, ``how``,
        ``scale``, ``words`` (the sentence the page shows) and ``short`` (the sentence without
        the scale, for where the scale is in view).
    """
    text = shown(value)
    kind = "exact" if exact else "an estimate"
    short = f"{text} for {whom}, {kind} ({how})"
    if math.isnan(value):  # a proof search stopped before its proof has no estimate
        short = f"no value yet for {whom} ({how})"
    return {
        "short": short,
        "value": value,
        "shown": text,
        "whom": whom,
        "exact": exact,
        "how": how,
        "scale": scale,
        "words": f"{short}; {scale}",
    }


def plain(value: Any) -> Any:
    """``value`` as JSON can hold it: an infinite number (or NaN) as its text, ``"+inf"``.

    >>> plain({"value": float("inf"), "pv": [1, -float("inf")]})
    {'value': '+inf', 'pv': [1, '-inf']}
    """
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else f"{value:+}"
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value
