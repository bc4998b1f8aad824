"""Minimax: the reference searcher.

MINIMAX-DECISION picks the action whose result has the highest minimax value for MAX, the
player to move at the root; MAX-VALUE and MIN-VALUE back values up the tree (Russell and
Norvig, AIMA 3rd ed., figure 5.3). Minimax is alpha-beta whose window never closes: with alpha
above every value and beta below (the window ``(+inf, -inf)``), no node raises a bound and
none is cut off, so alpha-beta's loops search every node, back up the same values and keep the
first best action. ``minimax`` runs them so (the plain loop, or the engine's when traced);
``tests/oracles.py`` holds the textbook's own form, which it is checked against node for node.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .._entry import check_trace, depth_limit, game_evaluation, prepare
from .._faults import examined
from .._recursion import recursion_guard
from .._results import make_result
from ..capabilities import Capabilities
from ..game import A, Evaluation, Game, S
from ..limit import Limit
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._enhanced import Enhancements, Guard, Session, enhanced_search
from ._plain import plain_search
from ._window import terminal_root

if TYPE_CHECKING:
    from ..trace.events import Event

__all__ = ["minimax"]

NEVER_CLOSES = (math.inf, -math.inf)
"""The window that makes alpha-beta minimax: no value rises above alpha, nor falls below beta."""


@examined
def minimax(
    game: Game[S, A],
    state: S | None = None,
    *,
    limit: Limit | None = None,
    depth: int | None = None,
    evaluate: Evaluation[S] | None = None,
    trace: Observer | None = None,
    time_limit: None = None,
    node_limit: None = None,
) -> SearchResult[A]:
    """Search the whole tree below ``state`` and back up minimax values.

    The player to move at ``state`` is MAX and maximises its own utility; the other player,
    MIN, minimises it. Turns need not alternate: a node's kind follows ``game.to_move``.

    Args:
        game: A two-player game.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``depth`` as a :class:`~gamesearch.Limit` (its other fields are refused).
        depth: Plies to search (an int >= 1), or ``None`` to search to terminal states.
        evaluate: ``evaluate(state, player)``, the estimated utility for ``player`` of a
            non-terminal state at the depth limit; with ``depth``, the game's own
            ``evaluate`` method if not given.
        trace: An observer given every step of the search (see :mod:`gamesearch.trace`), or
            ``None``.
        time_limit: Not taken: this searcher searches to its depth, then returns (an
            ``InvalidSearchOptionError`` if given); ``iterative_deepening`` and ``mcts``
            take a time limit.
        node_limit: Not taken either, likewise.

    Returns:
        The minimax value for the player to move at ``state``, the first best action in
        ``actions()`` order, the principal variation and the node counts.

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), or ``game.num_players`` is not 2.
        InvalidSearchOptionError: a bad ``depth``, or ``depth`` without ``evaluate``.
        InvalidUtilityError: a utility or evaluation is NaN.
        GameProtocolError: a non-terminal state has no actions, or the root is not hashable.
        SearchTooDeepError: the tree is deeper than Python's recursion limit.

    Example:
        >>> from gamesearch.games import GameTree
        >>> tree = GameTree({"a1": {"b1": 3, "b2": 12, "b3": 8},
        ...                  "a2": {"c1": 2, "c2": 4, "c3": 6},
        ...                  "a3": {"d1": 14, "d2": 5, "d3": 2}})
        >>> result = minimax(tree)
        >>> result.value, result.action, result.pv, result.stats.leaves
        (3.0, 'a1', ('a1', 'b1'), 9)
    """
    depth = depth_limit("minimax", limit, depth, time_limit, node_limit)
    found = Capabilities.of(game)  # the game's optional members, read once for the search
    evaluate = game_evaluation(game, depth, evaluate, found)
    started = time.perf_counter()
    root, horizon = prepare(game, state, depth, evaluate, searcher="minimax", capabilities=found)
    check_trace(trace, "minimax")
    if game.is_terminal(root):
        return terminal_root(game, root, depth=depth, started=started, trace=trace)
    unwound: list[Any] = []
    with recursion_guard("minimax", unwound, found.key):
        if trace is None:
            searched = plain_search(
                game, root, horizon, evaluate, root_view=True, unwound=unwound, window=NEVER_CLOSES,
                capabilities=found,
            )  # fmt: skip
        else:  # the engine's loop tells the trace, with nothing switched on
            searched = enhanced_search(
                game, root, horizon, evaluate, root_view=True,
                options=Enhancements(distances=False),
                session=Session("minimax", trace=_windowless(trace), capabilities=found),
                guard=Guard(unwound=unwound), window=NEVER_CLOSES,
            )  # fmt: skip
    return make_result(
        searched.value,
        searched.line,
        game.to_move(root),
        nodes=searched.expanded + searched.leaves,
        leaves=searched.leaves,
        cutoffs=0,
        max_depth=searched.max_depth,
        started=started,
        depth=depth,
        exact=searched.estimates == 0,
    )


def _windowless(trace: Observer) -> Observer:
    """``trace``, told of nodes without their window: minimax has none (it is never closed)."""
    from ..trace.events import Enter, Leave  # a search without a trace never loads the events

    def observe(event: Event) -> object:
        if isinstance(event, (Enter, Leave)):
            event = replace(event, alpha=None, beta=None)
        return trace(event)

    return observe
