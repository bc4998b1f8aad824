"""Proven wins and losses ranked by distance: the engine's mate scores.

A game that offers ``win_utility`` (a number ``W > 0``: a won game is worth ``W`` to the
winner and ``-W`` to the loser) lets the engine tell won and lost values from estimates. Inside
the search such a terminal value, reached ``p`` plies below the root, becomes a *distance score*
(the mate scores of chess engines, e.g. Marsland 1986)::

    won at ply p   ->  TOP - p        lost at ply p  ->  -(TOP - p)        TOP = MATE + MAX_PLIES

far above every evaluation (which must stay inside ``[-W, W]``), so that a shorter win is worth
more than a longer one, and a longer loss more than a shorter one: windows, cutoffs and the
transposition table keep the fastest win and the slowest loss with no extra comparison. The
table holds values relative to the state stored (distance from it, not from the root), so a
transposition reached at another ply reads its own distance (:func:`to_table`,
:func:`from_table`).

Such a value is a proof: a depth-limited search of depth ``L`` whose value is a distance score
of distance ``d <= L`` sees every line of at most ``L`` plies, so no faster win (no slower loss)
exists; evaluations, which are below ``MATE``, never outrank it. So a distance score is stored
as valid at any depth, and a root whose value is one is solved (``exact``), whatever the
estimates of its other moves. :func:`public` turns it back into the game's utility and the
number of plies to the end.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .._validation import is_positive_number
from ..capabilities import Capabilities
from ..errors import GameProtocolError, InvalidUtilityError
from ..game import Player

__all__ = [
    "MATE",
    "NO_WIN",
    "TOP",
    "evaluation_range_error",
    "from_table",
    "public",
    "public_pairs",
    "shown_value",
    "to_table",
    "win_utility",
]

MATE = float(1 << 40)
"""Every distance score has an absolute value above this; evaluations stay far below it."""

MAX_PLIES = 1 << 20
"""More plies than any search reaches (the recursion limit is far smaller)."""

TOP = MATE + MAX_PLIES
"""The distance score of a win at ply 0; a win at ply ``p`` scores ``TOP - p``."""

NO_WIN = math.nan
"""The win value of a game without ``win_utility``: no value equals it, so none is encoded."""


def win_utility(capabilities: Capabilities) -> float:
    """The game's ``win_utility``, from its record ``capabilities`` (``NO_WIN`` if it has none).

    Raises:
        GameProtocolError: ``win_utility`` is not a finite number > 0.
    """
    win = capabilities.win_utility
    if win is None:
        return NO_WIN
    if callable(win):
        win = win()
    if not is_positive_number(win):
        raise GameProtocolError(
            f"{capabilities.game_name}.win_utility must be a finite number > 0 (the utility of "
            f"a won game, its negation that of a lost one), not {win!r}"
        )
    return float(win)


def to_table(value: float, ply: int) -> float:
    """A search value at ``ply`` as the table keeps it: distances counted from the state."""
    if value >= MATE:
        return value + ply
    if value <= -MATE:
        return value - ply
    return value


def from_table(value: float, ply: int) -> float:
    """A table value read at ``ply``, as the search uses it: distances from the root."""
    if value >= MATE:
        return value - ply
    if value <= -MATE:
        return value + ply
    return value


def public(value: float, win: float) -> tuple[float, int | None]:
    """A search value as the game's utility, and the plies to the end if it is a distance score.

    ``value`` is relative to the root (ply 0), or to the state a table entry belongs to.
    """
    if value >= MATE:
        return win, int(TOP - value)
    if value <= -MATE:
        return -win, int(TOP + value)
    return value, None


def public_pairs(scored: list[tuple[Any, float]], win: float) -> list[tuple[Any, float]]:
    """The root's ``(action, value)`` pairs with the game's values for distance scores."""
    return [(action, public(value, win)[0]) for action, value in scored]


def shown_value(win: float) -> Callable[[float], float] | None:
    """What a trace shows for a search value or window end: the game's value, or ``None``.

    ``None`` (no conversion) when ``win`` is ``NO_WIN``: then no distance score is formed. Else
    a function that turns a distance score into the game's win or loss (its distance is the
    search's business, not the picture's) and keeps every other value, the infinite ends of a
    window included. A window whose two ends are distance scores, a faster and a slower win
    say, shows both as the win: the search is then only telling wins apart by distance.
    """
    if win != win:
        return None
    inf = math.inf

    def shown(value: float) -> float:
        if MATE <= value < inf:
            return win
        if -inf < value <= -MATE:
            return -win
        return value

    return shown


def evaluation_range_error(
    game: object, state: object, player: Player, value: float, win: float
) -> InvalidUtilityError:
    """The error for an evaluation outside ``[-win, win]`` in a game that ranks wins by distance.

    A game that declares ``win_utility`` lets the engine score a won line above every
    evaluation (:mod:`._distances`); an evaluation beyond the utility of a win would be outranked
    by it, and the search's value would no longer be minimax's.
    """
    return InvalidUtilityError(
        f"evaluate(state, {player}) returned {value!r} for state {state!r}, but "
        f"{type(game).__name__} declares win_utility={win!r}: an evaluation must lie within "
        f"[{-win!r}, {win!r}], the utilities of a loss and a win, so that the engine can rank "
        "wins and losses by their distance (scale the evaluation down)"
    )
