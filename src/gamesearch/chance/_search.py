"""The one search loop of games of chance: expectiminimax, Star1, Star2 and expectimax.

A node's value is MAX's expected utility: the highest child value where MAX moves, the lowest
where MIN moves, and the probability-weighted sum of the children's values at a chance node
(Michie 1966; AIMA 3rd ed., section 5.5). Expectimax has no MIN: every other player's node is
averaged too, weighted by an opponent model. Values are the game's own numbers, never
converted to float inside the search: with integer or ``Fraction`` utilities and ``Fraction``
probabilities the arithmetic is exact.

**Star1** (Ballard, "The *-minimax search procedure for trees containing chance nodes",
Artificial Intelligence 21, 1983; Hauk, Buro and Schaeffer, "Rediscovering *-Minimax Search",
Computers and Games 2004) prunes at chance nodes as well. If every value lies within known
bounds ``L <= v <= U``, the children not yet searched are worth at least ``L`` and at most
``U``, so after the children ``1 .. i-1`` (values ``v_j``, probabilities ``p_j``) the node's
value ``V`` satisfies

    sum_{j<i} p_j v_j + p_i v_i + L * Q_i  <=  V  <=  sum_{j<i} p_j v_j + p_i v_i + U * Q_i

where ``Q_i`` is the probability of the children after ``i``. ``V <= alpha`` is then certain
once ``v_i <= A_i = (alpha - sum_{j<i} p_j v_j - U * Q_i) / p_i``, and ``V >= beta`` once
``v_i >= B_i = (beta - sum_{j<i} p_j v_j - L * Q_i) / p_i``: child ``i`` is searched with the
window ``(max(A_i, L), min(B_i, U))`` and a value outside ``(A_i, B_i)`` cuts the node off.

**Star2** first *probes* each MAX child's first action (a MIN child's, for an upper bound),
whose bounds replace ``L`` and ``U`` in those formulas; how and when, :mod:`._star2` says.

Values are fail-soft, and every value is MAX's (the root player's). A cut-off chance node
returns its bound, clamped to the window edge it crossed, so that rounding in the formulas can
never make it look exact.

The options are resolved once, as the search starts, into the class of the loop that runs
it: :class:`~._loop.ChanceLoop` (expectiminimax without pruning, and expectimax), whose
``decide`` runs alpha-beta at MAX and MIN nodes and whose ``at_chance`` averages every other
node; :class:`~._star1.Star1Loop` and :class:`~._star2.Star2Loop` override ``at_chance``. Where
a node's time goes is said in ``_loop.py``.

The trace is an observer (``_telling.py``): the loop tells it each node as it searches it (one
test of ``tracing`` a child) and the search is the same with it or without. Star2 is not traced
(its probes start on every child before finishing any, which a trace of nested nodes cannot
show). The textbook loops this one is tested against are in ``tests/chance_oracles.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._recursion import on_fresh_stack, recursion_guard
from .._results import make_result
from ..game import Game, Player
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._common import ChanceRequest, chance_result
from ._loop import ChanceLoop
from ._opponent import Opponent, check_legal, uniform_opponent
from ._star1 import Star1Loop
from ._star2 import Star2Loop

__all__ = ["Opponent", "chance_search", "check_legal", "uniform_opponent"]
"""The opponent models are ``_opponent.py``'s, named here too for the loops' oracles
(``tests/chance_oracles.py``)."""

LOOPS: dict[str | None, type[ChanceLoop]] = {
    None: ChanceLoop,
    "star1": Star1Loop,
    "star2": Star2Loop,
}
"""The loop of each value of ``pruning``."""


def chance_search(
    game: Game[Any, Any],
    request: ChanceRequest,
    depth: int | None,
    evaluate: Callable[[Any, Player], float] | None,
    *,
    opponent: Opponent | None,
    bounds: tuple[Any, Any] | None,
    pruning: str | None,
    searcher: str,
    started: float,
    trace: Observer | None = None,
) -> SearchResult[Any]:
    """Search below ``request.root`` and back up expected values for ``request.player``.

    Args:
        game: The game.
        request: The checked request: root, ply limit, MAX and ``chance_outcomes``.
        depth: The depth limit as given, for the result.
        evaluate: The estimate at the depth limit (decision plies only: chance nodes do not
            count).
        opponent: ``None`` for MIN nodes (expectiminimax); otherwise the model that turns
            every other player's node into an average (expectimax).
        bounds: ``(L, U)`` that every utility and evaluation must respect, or ``None``;
            required with ``pruning``.
        pruning: ``None``, ``"star1"`` or ``"star2"`` (not traced).
        searcher: The public name, for error messages.
        started: ``time.perf_counter()`` when the search was called.
        trace: The observer of the search's events, or ``None``.

    Returns:
        The root's expected utility for MAX, its principal variation and the search's counts.
    """
    loop = LOOPS[pruning](
        game,
        request,
        evaluate,
        opponent=opponent,
        bounds=bounds,
        windowed=pruning is not None,
        searcher=searcher,
        trace=trace,
    )
    with recursion_guard(searcher, frames_per_ply=3):  # a node, a child, the descent into it
        value, line = on_fresh_stack(loop.visit, request.root, 0, *loop.root_window())
    estimates = loop.estimates
    found = make_result(
        value,
        line,
        request.player,
        nodes=loop.nodes,
        leaves=loop.ends + estimates,
        cutoffs=loop.cutoffs,
        max_depth=max(loop.max_depth, request.horizon) if estimates else loop.max_depth,
        exact=estimates == 0,
        depth=depth,
        started=started,
    )
    return chance_result(game, request.root, found)
