"""A win or a loss that a depth-limited search has proven, labelled exact in the page.

Alpha-beta to a depth calls its value exact only when no position at its limit was scored by
an evaluation. Its value may still be proven: when the value is the game's win (or loss) and
every line that keeps it ends, within the depth, in a finished game. The page must not call
such a win "an estimate" beside "game over: O wins".

The check is a second search to the same depth in which every unfinished position at the
limit is scored as the worst outcome for the side whose value it is (the best, for a loss): if
the value stays the win (the loss), no estimate made it, and it is proven. It applies to a
two-player zero-sum game whose ``win_utility`` is its best outcome, without chance.

>>> from gamesearch import alphabeta
>>> from gamesearch.games import ConnectFour
>>> from gamesearch.web._positions import position_of
>>> where = position_of("connect4", "", "0,3,0,3,1,3,6")
>>> found = alphabeta(where.game, where.state, depth=3)
>>> found.value, found.exact, proven_at_depth(where, found).exact
(1.0, False, True)
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from ..result import SearchResult
from ..twoplayer.alphabeta import alphabeta
from ._positions import Position

__all__ = ["proven_at_depth"]


def _win(where: Position) -> float:
    """The game's ``win_utility`` (NaN if it has none or it is not a number > 0)."""
    win = where.members.win_utility
    if callable(win):
        win = win()
    if isinstance(win, bool) or not isinstance(win, (int, float)) or not win > 0:
        return math.nan
    return float(win)


def proven_at_depth(where: Position, result: SearchResult[Any]) -> SearchResult[Any]:
    """``result`` of a depth-limited search of ``where``, marked exact if its win is proven.

    Args:
        where: The position searched.
        result: A two-player search's result to ``result.depth`` plies.

    Returns:
        ``result`` with ``exact`` set when its value is the game's win or loss and a search
        to the same depth that scores every unfinished position as the other outcome keeps
        it; else ``result`` itself.
    """
    win = _win(where)
    two = where.game.num_players == 2 and where.entry.zero_sum
    two = two and where.members.chance_outcomes is None
    if result.exact or result.depth is None or not two or abs(result.value) != win:
        return result
    root, other = result.player, -result.value

    def doubting(state: Any, player: int) -> float:
        """Every unfinished position: the outcome ``root`` does not have."""
        return other if player == root else -other

    again = alphabeta(where.game, where.state, depth=result.depth, evaluate=doubting)
    return replace(result, exact=True) if again.value == result.value else result
