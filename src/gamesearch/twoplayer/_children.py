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
import sys
from collections.abc import Callable, Iterable
from typing import Any, Final, final

from .._recursion import on_fresh_stack
from .._validation import checked_number, mover_error, no_actions_error, translate
from ..game import Evaluation, Game, Player, S
from ._enhanced import Outcome

__all__ = ["children_alphabeta", "deepest_ply"]

_NO_ACTION: Any = object()
_INF: Final = math.inf
_NEG_INF: Final = -math.inf  # module constants: one global read each, where math.inf takes two

Children = Callable[[Any], Iterable[tuple[Any, Any, Player | None]]]
"""A game's ``children(state)``: ``(action, child, mover or None)`` in ``actions`` order."""


def children_alphabeta(
    game: Game[S, Any],
    root: S,
    limit: int,
    evaluate: Evaluation[S] | None,
    *,
    root_view: bool,
    unwound: list[Any],
    window: tuple[float, float] = (-math.inf, math.inf),
    viewer: Player | None = None,
    children: Callable[[S], Iterable[tuple[Any, S, Player | None]]],
) -> Outcome:
    """The loop of :func:`._window.plain_search`, over ``children``, the game's member.

    Its arguments are ``plain_search``'s, and ``children`` from the game's record.

    Kept beside it because it pays: 1.45 times as fast as the plain loop on the tic-tac-toe
    solve for ``alphabeta``, 1.52 times for ``negamax`` (``bench_core.py``'s ``core.children``
    lines).
    """
    mover_at_root = game.to_move(root)
    me = mover_at_root if viewer is None or not root_view else viewer  # MAX
    run = _ChildrenSearch(game, limit, evaluate, me, root_view, unwound, children)
    alpha, beta = window
    if mover_at_root == me:
        value = on_fresh_stack(run.search, root, True, alpha, beta, 0)
    else:  # the window and the value are the root mover's: MAX's are their negations
        value = -on_fresh_stack(run.search, root, False, -beta, -alpha, 0)
    return Outcome(
        value, run.lines[0], run.expanded, run.leaves, run.cutoffs, run.max_depth,
        run.estimates, None,
    )  # fmt: skip


def deepest_ply(limit: int) -> int:
    """The deepest ply a plain loop expands a node at: ``limit``, or the recursion limit.

    Nodes are expanded above the depth limit only, and each ply takes at least one Python
    frame of the pure build, so the depth limit or else the recursion limit bounds the plies.
    Compiled by mypyc, the loop recurses by C calls, which Python's recursion limit does not
    count: the loop checks the ply against this one instead, and raises the same
    ``RecursionError`` (where the pure build's frames have raised it already).
    """
    return limit if limit > 0 else sys.getrecursionlimit()


@final
class _ChildrenSearch:
    """One search's members, counts and principal-variation table, bound once.

    A class of typed attributes rather than a closure over local variables, so that mypyc
    (the compiled build, README) makes it a native class: its recursive :meth:`search` is then
    a direct C call with unboxed floats and ints, where a closure's would go through Python.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        limit: int,
        evaluate: Evaluation[Any] | None,
        me: Player,
        root_view: bool,
        unwound: list[Any],
        children: Children,
    ) -> None:
        self.game = game
        self.limit = limit
        self.evaluate: Callable[[Any, Player], object] | None = evaluate
        self.me = me
        self.opponent = 1 - me
        self.min_view = me if root_view else 1 - me  # whose utility scores a leaf below MIN
        self.unwound = unwound
        self.children = children
        self.utility: Callable[[Any, Player], object] = game.utility
        self.expanded = 0
        self.leaves = 0
        self.cutoffs = 0
        self.max_depth = 0
        self.estimates = 0
        # A triangular principal-variation table: after the search of a node at ply p returns,
        # lines[p] holds the best line found below it, as linked (action, rest) pairs.
        self.deepest = deepest_ply(limit)
        self.lines: list[Any] = [None] * (self.deepest + 1)

    def search(self, state: Any, maximizing: bool, alpha: float, beta: float, ply: int) -> float:
        """MAX-VALUE or MIN-VALUE of the non-terminal ``state``, as in ``plain_search``."""
        self.expanded += 1
        me, lines, limit = self.me, self.lines, self.limit
        view = me if maximizing else self.min_view
        best, best_action = (_NEG_INF if maximizing else _INF), _NO_ACTION
        child_ply = ply + 1
        leaves = 0  # counted here, added to the search's count once (one attribute write)
        value: float
        try:
            for action, child, mover in self.children(state):
                if mover is None:
                    raw = self.utility(child, view)
                    if type(raw) is float and _NEG_INF < raw < _INF:
                        value = raw
                    else:
                        value = checked_number(raw, child, view, "utility")
                    if view != me:  # negamax below MIN: MIN's utility, negated
                        value = -value
                    below = None
                    leaves += 1
                elif child_ply == limit:
                    raw = self.evaluate(child, view)  # type: ignore[misc]  # a limit implies it
                    if type(raw) is float and _NEG_INF < raw < _INF:
                        value = raw
                    else:
                        value = checked_number(raw, child, view, "evaluate")
                    if view != me:
                        value = -value
                    below = None
                    leaves += 1
                    self.estimates += 1
                else:
                    if child_ply >= self.deepest:  # compiled: see deepest_ply
                        raise RecursionError("maximum recursion depth exceeded")
                    if mover == me:
                        value = self.search(child, True, alpha, beta, child_ply)
                    elif mover == self.opponent:
                        value = self.search(child, False, alpha, beta, child_ply)
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
                                self.cutoffs += 1
                                break
                elif value < best:
                    best, best_action = value, action
                    lines[ply] = (action, below)
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            self.cutoffs += 1
                            break
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, self.game, state, self.evaluate)
        except RecursionError:  # tell recursion_guard the line, to look for a cycle in it
            self.unwound.append(state)
            raise
        if leaves:
            self.leaves += leaves
            if child_ply > self.max_depth:
                self.max_depth = child_ply
        if best_action is _NO_ACTION:
            raise no_actions_error(state)
        return best
