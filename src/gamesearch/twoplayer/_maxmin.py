"""Alpha-beta's plain loop in the textbook's form: MAX-VALUE and MIN-VALUE, one per side.

:func:`~gamesearch.alphabeta` scores every leaf by one player's utility (the root player's,
or the ``viewer``'s) and lets the other side minimise it, as AIMA's figure 5.7 does. Written
that way, a value never changes sign on its way up and the window travels down unchanged, which
spares the negamax loop of :mod:`._window` three negations a node and one a leaf; the two
functions are near twins on purpose (as MAX-VALUE and MIN-VALUE are in the textbook), since a
test of the side at every child would cost what the split saves. The loop visits the nodes of
the negamax loop in the same order and backs up the same values, bounds and line (tested node
for node against the traced loop).
"""

from __future__ import annotations

import math
import sys
from typing import Any

from .._core import no_actions_error, on_fresh_stack
from .._validation import mover_error, non_finite_error, translate
from ..game import Evaluation, Game, Player, S
from ._enhanced import Outcome

__all__ = ["maxmin_alphabeta"]

_NO_ACTION: Any = object()


def maxmin_alphabeta(
    game: Game[S, Any],
    root: S,
    limit: int,
    evaluate: Evaluation[S] | None,
    *,
    unwound: list[Any],
    window: tuple[float, float] = (-math.inf, math.inf),
    viewer: Player | None = None,
) -> Outcome:
    """:func:`._window.plain_search` for ``alphabeta`` (leaves scored by one player), MAX/MIN.

    Args:
        game: A two-player game.
        root: The state to search, not terminal.
        limit: The ply at which states are evaluated, or -1 for none.
        evaluate: The evaluation used at ``limit``.
        unwound: Where the frames put their states when a ``RecursionError`` unwinds them.
        window: The root's window (alpha, beta) for the player to move there, as in
            ``plain_search``; outside it the value is a bound (fail-soft).
        viewer: The player whose utility leaves are scored by, if not the root's mover.

    Returns:
        The outcome, its value for the player to move at ``root``.
    """
    mover_at_root = game.to_move(root)
    me = mover_at_root if viewer is None else viewer  # MAX: leaves are scored by its utility
    opponent = 1 - me
    actions, result, is_terminal = game.actions, game.result, game.is_terminal
    to_move, utility = game.to_move, game.utility
    expanded, leaves, cutoffs, max_depth, estimates = 0, 0, 0, 0, 0
    inf, neg_inf = math.inf, -math.inf  # neg_inf: a local, not a negation per check
    # The principal variation, as in plain_search: lines[p] holds the best line below the node
    # searched last at ply p, as linked (action, rest) pairs.
    lines: list[Any] = [None] * ((limit if limit > 0 else sys.getrecursionlimit()) + 1)

    def max_value(state: S, alpha: float, beta: float, ply: int) -> float:
        """MAX-VALUE: the value of the non-terminal ``state`` for MAX, who is to move there.

        Exact inside (alpha, beta); at most alpha is an upper bound, at least beta a lower one.
        """
        nonlocal expanded, leaves, cutoffs, max_depth, estimates
        expanded += 1
        best, best_action = -inf, _NO_ACTION
        child_ply = ply + 1
        try:
            for action in actions(state):
                child = result(state, action)
                if is_terminal(child):
                    value = utility(child, me)
                    if not neg_inf < value < inf:  # NaN, +inf or -inf
                        raise non_finite_error(value, child, me, "utility")
                    below = None
                    leaves += 1
                    if child_ply > max_depth:
                        max_depth = child_ply
                elif child_ply == limit:
                    value = evaluate(child, me)  # type: ignore[misc]  # a limit implies evaluate
                    if not neg_inf < value < inf:  # NaN, +inf or -inf
                        raise non_finite_error(value, child, me, "evaluate")
                    below = None
                    leaves += 1
                    estimates += 1
                    max_depth = limit
                else:
                    mover = to_move(child)
                    if mover == opponent:
                        value = min_value(child, alpha, beta, child_ply)
                    elif mover == me:
                        value = max_value(child, alpha, beta, child_ply)
                    else:
                        raise mover_error(child, mover, 2, chance=False)
                    below = lines[child_ply]
                if value > best or best_action is _NO_ACTION:
                    best, best_action = value, action
                    lines[ply] = (action, below)
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            cutoffs += 1
                            break
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, game, state, evaluate)
        except RecursionError:  # tell recursion_guard the line, to look for a cycle in it
            unwound.append(state)
            raise
        if best_action is _NO_ACTION:
            raise no_actions_error(state)
        return best

    def min_value(state: S, alpha: float, beta: float, ply: int) -> float:
        """MIN-VALUE: the value for MAX of the non-terminal ``state``, with MIN to move there."""
        nonlocal expanded, leaves, cutoffs, max_depth, estimates
        expanded += 1
        best, best_action = inf, _NO_ACTION
        child_ply = ply + 1
        try:
            for action in actions(state):
                child = result(state, action)
                if is_terminal(child):
                    value = utility(child, me)
                    if not neg_inf < value < inf:  # NaN, +inf or -inf
                        raise non_finite_error(value, child, me, "utility")
                    below = None
                    leaves += 1
                    if child_ply > max_depth:
                        max_depth = child_ply
                elif child_ply == limit:
                    value = evaluate(child, me)  # type: ignore[misc]  # a limit implies evaluate
                    if not neg_inf < value < inf:  # NaN, +inf or -inf
                        raise non_finite_error(value, child, me, "evaluate")
                    below = None
                    leaves += 1
                    estimates += 1
                    max_depth = limit
                else:
                    mover = to_move(child)
                    if mover == me:
                        value = max_value(child, alpha, beta, child_ply)
                    elif mover == opponent:
                        value = min_value(child, alpha, beta, child_ply)
                    else:
                        raise mover_error(child, mover, 2, chance=False)
                    below = lines[child_ply]
                if value < best or best_action is _NO_ACTION:
                    best, best_action = value, action
                    lines[ply] = (action, below)
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            cutoffs += 1
                            break
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, game, state, evaluate)
        except RecursionError:  # tell recursion_guard the line, to look for a cycle in it
            unwound.append(state)
            raise
        if best_action is _NO_ACTION:
            raise no_actions_error(state)
        return best

    alpha, beta = window
    if mover_at_root == me:
        value = on_fresh_stack(max_value, root, alpha, beta, 0)
    else:  # the window and the value are the root mover's: MAX's are their negations
        value = -on_fresh_stack(min_value, root, -beta, -alpha, 0)
    return Outcome(value, lines[0], expanded, leaves, cutoffs, max_depth, estimates, None)
