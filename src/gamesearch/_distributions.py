"""A chance node's distribution, checked: what ``chance_outcomes`` (or an opponent model) returns.

Every searcher that meets chance nodes (the chance family, Monte Carlo search through them,
the table solver, CFR's trees, the playing of games) reads a distribution the same way, with
the same messages: :func:`distribution`.
"""

from __future__ import annotations

from collections.abc import Iterable
from numbers import Real
from typing import Any

from .errors import InvalidDistributionError, UnsupportedGameError

TOLERANCE = 1e-9
"""How far from 1 the probabilities of a distribution may sum (float rounding)."""


def distribution(
    pairs: Iterable[tuple[Any, Any]], state: object, source: str, *, keep_zero: bool = False
) -> list[Any]:
    """The ``(outcome, probability)`` pairs of ``pairs`` whose probability is not 0.

    Args:
        pairs: What ``source`` returned for ``state``.
        state: The chance node (or opponent's node), for the error message.
        source: Where the pairs came from, e.g. ``"chance_outcomes"``.
        keep_zero: Keep the pairs of probability 0 too.

    Raises:
        InvalidDistributionError: ``pairs`` is empty or not pairs, a probability is not a
            number or is negative (or NaN), or the probabilities do not sum to 1 within 1e-9.
    """
    try:
        items = list(pairs)
    except TypeError:
        raise InvalidDistributionError(
            f"{source}(state) returned {pairs!r} for state {state!r}: expected a sequence of "
            "(outcome, probability) pairs"
        ) from None
    if not items:
        raise InvalidDistributionError(
            f"{source}(state) returned no outcomes for state {state!r}; a chance node needs at "
            "least one"
        )
    kept = []
    total: Any = 0
    for item in items:
        try:
            outcome, probability = item
        except (TypeError, ValueError):
            raise InvalidDistributionError(
                f"{source}(state) for state {state!r} returned {item!r}, which is not an "
                "(outcome, probability) pair"
            ) from None
        if probability.__class__ is not float and not is_number(probability):
            raise InvalidDistributionError(
                f"{source}(state) gave outcome {outcome!r} of state {state!r} the probability "
                f"{probability!r}, which is not a number"
            )
        if not probability >= 0:  # negative, or NaN
            raise InvalidDistributionError(
                f"{source}(state) gave outcome {outcome!r} of state {state!r} the probability "
                f"{probability!r}; probabilities must be >= 0"
            )
        total += probability
        if probability or keep_zero:
            kept.append((outcome, probability))
    if not abs(total - 1) <= TOLERANCE:
        raise InvalidDistributionError(
            f"the probabilities that {source}(state) gave for state {state!r} sum to {total}, "
            f"not 1 (within {TOLERANCE:g})"
        )
    return kept


def is_number(value: object) -> bool:
    """Whether ``value`` is a real number (``bool`` excluded), as probabilities must be."""
    return isinstance(value, Real) and not isinstance(value, bool)


def no_chance_outcomes_error(game: object, state: object) -> UnsupportedGameError:
    """The error for a chance node in a game without ``chance_outcomes``."""
    return UnsupportedGameError(
        f"to_move returned CHANCE for state {state!r}, but {type(game).__name__} has no "
        "chance_outcomes(state) method to give the outcomes' probabilities"
    )
