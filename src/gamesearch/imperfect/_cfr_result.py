"""What :func:`~gamesearch.imperfect.cfr` and :meth:`CFRSolver.result` return: :class:`CFRResult`.

A frozen dataclass, in a module of its own: :class:`~gamesearch.imperfect.CFRSolver`'s module
loads it (and :mod:`dataclasses`) at its first result, not when a solver is made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ._pickling import reduce_result
from .protocol import InfoSetKey

__all__ = ["CFRResult"]


@dataclass(frozen=True)
class CFRResult:
    """What :func:`cfr` returns: the average strategy and how good it is.

    ``exploitability`` is ``None`` only for a game whose utilities do not sum to the same
    constant at every end (a general-sum game); ``nash_conv`` is always a number.
    """

    strategy: Mapping[InfoSetKey, Mapping[Any, float]]
    """The average strategy profile: each information set's key to the probability of each of
    its actions (read-only). This is the strategy that converges to an equilibrium."""

    values: tuple[float, ...]
    """Each player's expected utility when every player follows ``strategy``, indexed by
    player (the game's value for each, at an equilibrium)."""

    nash_conv: float
    """The sum over the players of what each would gain by a best response to the others'
    ``strategy``: 0 exactly at a Nash equilibrium."""

    exploitability: float | None
    """``nash_conv`` divided by the number of players (OpenSpiel's ``exploitability``: for two
    players, what a best-responding opponent wins on average per seat); ``None`` where the
    utilities do not sum to the same constant at every end of the game."""

    variant: Literal["vanilla", "plus"]
    """``"vanilla"`` or ``"plus"``."""

    iterations: int
    """Iterations run (each updates every player once)."""

    elapsed: float
    """Wall-clock seconds of the iterations (not of enumerating the tree)."""

    infosets: int
    """Information sets of the game (of all players)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its strategy as plain dicts, read-only again when loaded."""
        return reduce_result(self)
