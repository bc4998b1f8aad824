"""Quiescence search: past the depth limit, follow only the forcing actions until it is quiet.

A position in the middle of an exchange is scored badly by a static evaluation (the horizon
effect); quiescence search (Shannon 1950; Harris 1975) searches on from the depth limit through
the actions the game names (captures, say) until none is left, and lets the player to move
*stand pat* on the evaluation, since it need not take any of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .._validation import checked_number, mover_error
from ..errors import InvalidSearchOptionError
from ..game import Game, Player
from ._distances import evaluation_range_error

__all__ = ["Quiesce", "QuiescenceCount", "make_quiescence"]

Quiesce = Callable[[Any, Player, float, float, int], float]
"""``quiesce(state, mover, alpha, beta, ply)``: the value of ``state`` for ``mover``."""


class QuiescenceCount:
    """The leaves, evaluations and deepest ply of the quiescence searches so far."""

    __slots__ = ("estimates", "leaves", "max_depth")

    def __init__(self) -> None:
        self.leaves = 0
        self.estimates = 0
        self.max_depth = 0


def make_quiescence(
    game: Game[Any, Any],
    evaluate: Callable[[Any, Player], float] | None,
    quiescence: Callable[[Any], Sequence[Any]] | None,
    *,
    root_player: Player,
    root_view: bool,
    count: QuiescenceCount,
    check_limits: Callable[[], None] | None,
    win: float | None = None,
) -> Quiesce | None:
    """The quiescence search of a game, in negamax form, fail-soft, counting into ``count``.

    ``None`` without ``quiescence``: no quiescence search.

    Args:
        game: The game.
        evaluate: The evaluation at which a player may stand pat (a search with quiescence
            has a depth limit, hence an evaluation).
        quiescence: ``quiescence(state)``, the actions worth following, or ``None``.
        root_player: The root's player, whose view ``root_view`` takes.
        root_view: Score by the root player's utility (alpha-beta), else the mover's (negamax).
        count: Where to count the leaves, evaluations and depth.
        check_limits: Called before each child is generated; raises to stop the search.
        win: The game's ``win_utility`` when the search ranks wins by distance: then an
            evaluation must lie within ``[-win, win]``, as at the depth limit.
    """
    if quiescence is None:
        return None
    assert evaluate is not None  # the options' check: quiescence needs a depth limit
    result, is_terminal = game.result, game.is_terminal
    to_move, utility = game.to_move, game.utility

    def quiesce(state: Any, mover: Player, alpha: float, beta: float, ply: int) -> float:
        count.leaves += 1
        count.estimates += 1
        count.max_depth = max(count.max_depth, ply)
        view = root_player if root_view else mover
        best = evaluate(state, view)
        if best != best or (best.__class__ is not float and best.__class__ is not int):
            best = checked_number(best, state, view, "evaluate")
        if win is not None and not -win <= best <= win:
            raise evaluation_range_error(game, state, view, best, win)
        if view != mover:
            best = -best
        if best >= beta:  # standing pat already fails high
            return best
        alpha = max(alpha, best)
        moves = quiescence(state)
        if moves is None or not isinstance(moves, Iterable):
            raise InvalidSearchOptionError(
                f"quiescence(state) returned {moves!r} for state {state!r}; it must return a "
                "sequence of the actions to follow (empty when the state is quiet)"
            )
        for action in moves:
            if check_limits is not None:
                check_limits()
            child = result(state, action)
            if is_terminal(child):
                count.leaves += 1
                value = checked_number(utility(child, view), child, view, "utility")
                if view != mover:
                    value = -value
            else:
                next_mover = to_move(child)
                if next_mover != mover and next_mover != 1 - mover:
                    raise mover_error(child, next_mover, 2, chance=False)
                if next_mover == mover:
                    value = quiesce(child, mover, alpha, beta, ply + 1)
                else:
                    value = -quiesce(child, next_mover, -beta, -alpha, ply + 1)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    return quiesce
