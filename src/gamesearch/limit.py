"""When a search stops, as one value: a depth, a time, a node count, a number of iterations.

Every searcher takes ``limit=Limit(...)`` (as python-chess's engines take a ``Limit``); each
field means one thing wherever it goes, and a searcher refuses by name a field it cannot keep.
The fields have the names of the searchers' keywords ``depth=``, ``time_limit=``,
``node_limit=`` and ``iterations=``, which give the same limits one by one.

Example:
    >>> from gamesearch import Limit, alphabeta
    >>> from gamesearch.games import ConnectFour
    >>> alphabeta(ConnectFour(), limit=Limit(depth=2)).depth
    2
    >>> Limit(depth=4) == Limit(depth=4), Limit(time_limit=0.5)
    (True, Limit(time_limit=0.5))
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from ._validation import is_positive_number
from .errors import InvalidSearchOptionError, short_repr

__all__ = ["Limit"]


@dataclass(frozen=True)
class Limit:
    """The limits of a search; ``None`` fields are unlimited. Checked when made.

    Example:
        >>> Limit(depth=0)
        Traceback (most recent call last):
        ...
        gamesearch.errors.InvalidSearchOptionError: Limit: depth must be an int >= 1 or None, not 0
    """

    depth: int | None = None
    """Plies to search below the root (players' moves; nature's are not counted); for
    ``iterative_deepening``, the deepest iteration."""

    time_limit: float | None = None
    """Seconds to search: a number > 0 that a float holds (not NaN nor infinite, nor an int
    beyond the largest float such as ``10**400``, refused rather than taken for "no limit",
    which is ``None``)."""

    node_limit: int | None = None
    """The most nodes the search may count in its ``stats.nodes`` (visited by alpha-beta,
    created by MCTS)."""

    iterations: int | None = None
    """Iterations of the algorithm's loop: MCTS's select-expand-playout-backup, CFR's updates of
    every player, the worlds PIMC samples and searches."""

    def __post_init__(self) -> None:
        for name, count in (
            ("depth", self.depth),
            ("node_limit", self.node_limit),
            ("iterations", self.iterations),
        ):
            if count is not None and (
                isinstance(count, bool) or not isinstance(count, int) or count < 1
            ):
                raise InvalidSearchOptionError(
                    f"Limit: {name} must be an int >= 1 or None, not {short_repr(count)}"
                )
        if self.time_limit is not None and not is_positive_number(self.time_limit):
            raise InvalidSearchOptionError(
                "Limit: time_limit must be a finite number of seconds > 0 or None, not "
                f"{short_repr(self.time_limit)} (seconds are a float: at most "
                f"{sys.float_info.max:.3g})"
            )

    def __repr__(self) -> str:
        given = [
            f"{name}={short_repr(value)}"
            for name, value in (
                ("depth", self.depth),
                ("time_limit", self.time_limit),
                ("node_limit", self.node_limit),
                ("iterations", self.iterations),
            )
            if value is not None
        ]
        return f"Limit({', '.join(given)})"
