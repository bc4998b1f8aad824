"""The check every bundled game makes of its size parameters: an int within bounds.

Private to the bundled games (:mod:`gamesearch.games` and :mod:`gamesearch.imperfect`).
"""

from __future__ import annotations

__all__ = ["check_size"]


def check_size(game: str, name: str, value: object, low: int, high: int) -> int:
    """``value``, a game's parameter, if it is an int from ``low`` to ``high``.

    Raises:
        ValueError: it is not (a bool is not an int here).

    Example:
        >>> check_size("Pig", "goal", 0, 1, 100_000)
        Traceback (most recent call last):
        ...
        ValueError: Pig: goal must be an int from 1 to 100,000, got 0
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{game}: {name} must be an int from {low:,} to {high:,}, got {value!r}")
    return value
