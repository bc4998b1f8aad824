"""The plain alpha-beta loop over a game's optional ``children`` member.

A game that can make every child of a state in one call (``children(state)``, giving
``(action, child, mover)`` triples in ``actions`` order, ``mover`` being ``to_move(child)`` or
``None`` for a terminal child) saves the loop three or four method calls per node. This loop is
the plain loop of :mod:`._window` with ``actions``, ``result``, ``is_terminal`` and ``to_move``
replaced by that one call; it visits the same nodes in the same order, returns the same values,
and checks what the game returns as the plain loop does. ``minimax`` runs it too, with a window
that never closes (alpha above every value, beta below).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from .._recursion import on_fresh_stack, recursion_limit
from .._validation import (
    checked_number,
    mover_error,
    no_actions_error,
    translate,
    unchecked_members,
    zero_sum_negation,
)
from ..game import Evaluation, Game, Player, S
from ._enhanced import Searched

__all__ = ["children_alphabeta", "deepest_ply"]

_NO_ACTION: Any = object()


def children_alphabeta(
    game: Game[S, Any],
    root: S,
    horizon: int,
    evaluate: Evaluation[S] | None,
    *,
    root_view: bool,
    unwound: list[Any],
    window: tuple[float, float] = (-math.inf, math.inf),
    viewer: Player | None = None,
    children: Callable[[S], Iterable[tuple[Any, S, Player | None]]],
) -> Searched:
    """The loop of :func:`._window.plain_search`, over ``children``, the game's member.

    Its arguments are ``plain_search``'s, and ``children`` from the game's record.

    Kept beside it because it pays: 1.45 times as fast as the plain loop on the tic-tac-toe
    solve for ``alphabeta``, 1.52 times for ``negamax`` (``bench_core.py``'s ``core.children``
    lines).
    """
    mover_at_root = game.to_move(root)
    me = mover_at_root if viewer is None or not root_view else viewer  # MAX
    opponent = 1 - me
    min_view = me if root_view else opponent  # whose utility scores a leaf below MIN
    _, _, utility, estimate = unchecked_members(game, evaluate)
    negated = zero_sum_negation(game, "negamax")  # negamax below MIN: checked zero-sum
    expanded, leaves, cutoffs, max_depth, estimates = 0, 0, 0, 0, 0
    inf, neg_inf = math.inf, -math.inf  # neg_inf: a local, not a negation per check
    deepest = deepest_ply(horizon)
    lines: list[Any] = [None] * (deepest + 1)

    def search(state: S, maximizing: bool, alpha: float, beta: float, ply: int) -> float:
        """MAX-VALUE or MIN-VALUE of the non-terminal ``state``, as in ``plain_search``."""
        nonlocal expanded, leaves, cutoffs, max_depth, estimates
        expanded += 1
        view = me if maximizing else min_view
        best, best_action = (neg_inf if maximizing else inf), _NO_ACTION
        child_ply = ply + 1
        try:
            for action, child, mover in children(state):
                if mover is None:
                    raw = utility(child, view)
                    if type(raw) is float and neg_inf < raw < inf:
                        value = raw
                    else:  # (compiled, a float cast would take a bool or an int: see below)
                        value = checked_number(raw, child, view, "utility")
                    if view != me:  # negamax below MIN: MIN's utility, negated
                        value = negated(child, view, value)
                    below = None
                    leaves += 1
                    if child_ply > max_depth:
                        max_depth = child_ply
                elif child_ply == horizon:
                    raw = estimate(child, view)  # type: ignore[misc]  # a limit implies evaluate
                    if type(raw) is float and neg_inf < raw < inf:
                        value = raw
                    else:  # (compiled, a float cast would take a bool or an int: see below)
                        value = checked_number(raw, child, view, "evaluate")
                    if view != me:
                        value = -value
                    below = None
                    leaves += 1
                    estimates += 1
                    max_depth = horizon
                else:
                    if child_ply >= deepest:  # compiled: see deepest_ply
                        raise RecursionError("maximum recursion depth exceeded")
                    if mover == me:
                        value = search(child, True, alpha, beta, child_ply)
                    elif mover == opponent:
                        value = search(child, False, alpha, beta, child_ply)
                    else:
                        raise mover_error(child, mover, 2, chance=False)
                    below = lines[child_ply]
                if maximizing:  # values are finite: the first action always improves on best
                    if value > best:
                        best, best_action = value, action
                        lines[ply] = (action, below)
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                cutoffs += 1
                                break
                elif value < best:
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
        value = on_fresh_stack(search, root, True, alpha, beta, 0)
    else:  # the window and the value are the root mover's: MAX's are their negations
        value = -on_fresh_stack(search, root, False, -beta, -alpha, 0)
    return Searched(value, lines[0], expanded, leaves, cutoffs, max_depth, estimates, None)


def deepest_ply(horizon: int) -> int:
    """The deepest ply a plain loop expands a node at: ``horizon``, or the recursion limit.

    Nodes are expanded above the depth limit only, and each ply takes at least one Python
    frame of the pure build, so the depth limit or else the recursion limit bounds the plies.
    Compiled by mypyc, a loop recurses by C calls, which Python's recursion limit does not
    count: the loops check the ply against this one instead, and raise the same
    ``RecursionError`` (where the pure build's frames have raised it already). A horizon
    deeper than the recursion limit (``depth=10**400``) is no bound: the limit is.
    """
    limit = recursion_limit()
    return horizon if 0 < horizon <= limit else limit
