"""The plain alpha-beta loop: ``alphabeta``'s, ``negamax``'s and ``minimax``'s, with no option on.

It runs over a game's ``children`` (``children(state)``, giving ``(action, child, mover)``
triples in ``actions`` order, ``mover`` being ``to_move(child)`` or ``None`` for a terminal
child), the game's own member where it has one (which saves three or four method calls a node),
else the same triples made from its ``actions``, ``result``, ``is_terminal`` and ``to_move``
(:func:`children_of`). ``minimax`` runs it with a window that never closes (alpha above every
value, beta below). The engine's loop (:mod:`._engine`) serves every option and the trace; with
none, it visits exactly these nodes, more slowly (``bench/bench_loops.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
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
from ..capabilities import Capabilities
from ..game import Evaluation, Game, Player, S
from ._enhanced import Searched

__all__ = ["children_of", "deepest_ply", "plain_search"]

_NO_ACTION: Any = object()


def plain_search(
    game: Game[S, Any],
    root: S,
    horizon: int,
    evaluate: Evaluation[S] | None,
    *,
    root_view: bool,
    unwound: list[Any],
    window: tuple[float, float] = (-math.inf, math.inf),
    viewer: Player | None = None,
    capabilities: Capabilities | None = None,
) -> Searched:
    """Alpha-beta with no option and no hook: ``alphabeta``'s and ``negamax``'s loop.

    The one loop beside :func:`._enhanced.enhanced_search`, which serves every option, kept
    because it pays: with no option switched on, the engine's loop visits exactly these nodes,
    but this one takes a third of its time a node over ``TicTacToe.children`` (3.1 times as
    fast in the pure build, 3.0 compiled), and on tic-tac-toe over the protocol's members 1.4
    times (1.3 in instructions) pure, 1.2 compiled (``bench/bench_loops.py``; Connect Four at
    depth 6, whose own members cost most of a node: 1.2 and 1.04). It runs over a game's
    ``children`` member, or over the same triples made from its ``actions``, ``result``,
    ``is_terminal`` and ``to_move`` (:func:`children_of`): the loop written for those members
    alone gained 1.23 times over that (instructions; 1.17 compiled) on tic-tac-toe and 1.08
    (1.13) on Connect Four, below the 1.3 that keeps a second loop, and was merged into this one
    (issue 47).

    Values are MAX's, MAX being the player whose utility leaves are scored by (``viewer``, by
    default the root's mover), as in the textbook's MAX-VALUE and MIN-VALUE (AIMA figure 5.7),
    here one function whose ``maximizing`` flag picks the comparisons: a value keeps its sign on
    the way up and the window goes down unchanged, where negamax form would negate both at
    every node. ``negamax`` (not ``root_view``) reads a leaf below MIN by MIN's utility,
    negated. The value found and ``window`` are for the root's mover.

    Args:
        game: A two-player game.
        root: The state to search, not terminal.
        horizon: The ply at which states are evaluated, or -1 for none.
        evaluate: The evaluation used at ``horizon``.
        root_view: Score leaves by MAX's utility (``alphabeta``), else by the utility of the
            player to move above them (``negamax``).
        unwound: Where the frames put their states when a ``RecursionError`` unwinds them.
        window: The root's window (alpha, beta); outside it the value is a bound (fail-soft).
        viewer: With ``root_view``, the player whose utility leaves are scored by, if not the
            root's mover: a search of a child below a root searched by ``alphabeta`` (as
            :func:`gamesearch.parallel.parallel_search` splits one) keeps that root's view.
        capabilities: The game's record, if the searcher has read it (else it is read here).
    """
    found = Capabilities.of(game) if capabilities is None else capabilities
    children = children_of(game) if found.children is None else found.children
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
                    if mover != me and mover != opponent:  # read, so checked, as below
                        raise mover_error(child, mover, 2, chance=False)
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


def children_of(game: Game[S, Any]) -> Callable[[S], Iterable[tuple[Any, S, Player | None]]]:
    """The game's ``children`` made from its members: ``(action, child, mover)`` triples.

    ``mover`` is ``to_move(child)``, or ``None`` for a terminal child, in ``actions`` order: what
    a game's own ``children`` member gives, for a game without one.
    """
    actions, result = game.actions, game.result
    is_terminal, to_move = game.is_terminal, game.to_move

    def children(state: S) -> Iterator[tuple[Any, S, Player | None]]:
        for action in actions(state):
            child = result(state, action)
            if is_terminal(child):
                yield action, child, None
            elif (mover := to_move(child)) is None:  # not "terminal": no player to move
                raise mover_error(child, mover, 2, chance=False)
            else:
                yield action, child, mover

    return children


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
