"""The first of equally good root actions, in ``actions()`` order, for the engine's searchers.

Every searcher keeps one rule for ties (docs/getting-started.md): when several actions are
equally good, it returns the first of them in ``actions()`` order. A search that tries the
root's actions in another order (the table's move first, the game's ``order``, the exact
solver's ``non_losing_children``) finds *a* best action ``b`` of value ``v``; then each action
before ``b`` in ``actions()`` order is tested with one null-window search of its child: "is it
worth at least ``v`` to the player to move at the root?" The first that is replaces ``b``.
"Equally good" is judged as the search compares values: with ``win_utility``, a win is worth
more the sooner it comes (a distance score, :mod:`._distances`), so only a win as fast ties.

A null-window test of a child the search has already met costs little: the transposition
table the search filled bounds most of the child's subtree (Plaat, Schaeffer, Pijls and de
Bruin 1996 make the same point of MTD(f)'s passes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._validation import nan_error
from ..game import Game, Player
from ._distances import MATE, TOP
from ._enhanced import Searched, with_work_of

__all__ = ["ChildSearch", "first_best"]

ChildSearch = Callable[[Any, float, bool], Searched]
"""``search(child, target, same)``: a fail-soft search of the non-terminal root child ``child``
(counted as ply 0, its horizon one ply nearer than the root's) that tells whether its value for
its mover is at least ``target`` (``same``: the root's mover moves there too) or at most
``target`` (the opponent moves there): the record's ``score`` is on the same side of
``target`` as the value, and its ``line`` a principal variation of the child or ``None``."""

ONE_LEAF = Searched(0.0, None, 0, 1, 0, 1, 0, None)
"""The work of a child scored without a search: a terminal state."""

ONE_ESTIMATE = Searched(0.0, None, 0, 1, 0, 1, 1, None)
"""The work of a child scored by the evaluation, at the horizon."""


def first_best(
    game: Game[Any, Any],
    root: Any,
    searched: Searched,
    search: ChildSearch,
    *,
    evaluate: Callable[[Any, Player], float] | None,
    at_horizon: bool,
    win: float,
    tell: Callable[[Any, float, bool], object] | None = None,
) -> Searched:
    """``searched`` with the first root action as good as its own, and the tests' work added.

    Args:
        game: A two-player game.
        root: The non-terminal root searched.
        searched: What the search found: ``score`` the root's value for its mover, as the search
            compares values, and ``line`` starting with a best action.
        search: Searches a root child with a window (see :data:`ChildSearch`).
        evaluate: The evaluation, scored by the root's mover, of a child at the horizon.
        at_horizon: Whether the root's children lie at the depth limit (a depth of 1).
        win: The game's ``win_utility`` (:func:`._distances.win_utility`), ``NO_WIN`` for none.
        tell: Told ``(child, value, terminal)`` of each child scored here without a search (a
            terminal child, or one at the horizon), the value for the root's mover: so that
            an observer hears of every node the tests count.

    Returns:
        ``searched`` unchanged but for its work if no earlier action is as good; else with the
        line of that action (the caller completes it from the table where it stops).
    """
    best = searched.line[0] if searched.line is not None else None
    score = searched.score
    if best is None or score != score:
        return searched
    mover = game.to_move(root)
    distances = win == win
    total = searched
    for action in game.actions(root):
        if action == best:
            break
        child = game.result(root, action)
        if game.is_terminal(child):
            value = game.utility(child, mover)
            if value != value:
                raise nan_error(child, mover, "utility")
            if distances and (value == win or value == -win):  # won or lost at ply 1
                value = TOP - 1 if value > 0 else 1 - TOP
            good = value >= score
            total = with_work_of(ONE_LEAF, total)
            if tell is not None:
                tell(child, game.utility(child, mover), True)
        elif at_horizon:
            assert evaluate is not None  # a depth limit implies an evaluation
            value = evaluate(child, mover)
            if value != value:
                raise nan_error(child, mover, "evaluate")
            good = value >= score
            total = with_work_of(ONE_ESTIMATE, total)
            if tell is not None:
                tell(child, value, False)
        else:
            same = game.to_move(child) == mover
            target = _from_child(score, same, distances)
            found = search(child, target, same)
            total = with_work_of(found, total)
            # As good for the root's mover: at least the target for the same mover, at most
            # the target (the root's value negated) for the opponent.
            if found.score >= target if same else found.score <= target:
                return total.with_line((action, found.line))
            continue
        if good:
            return total.with_line((action, None))
    return total


def _from_child(score: float, same: bool, distances: bool) -> float:
    """The root's value ``score``, seen from a child one ply down: for the child's mover.

    A distance score counts plies from the root: from the child, the end is one ply nearer.
    """
    if distances and score >= MATE:
        score += 1
    elif distances and score <= -MATE:
        score -= 1
    return score if same else -score
