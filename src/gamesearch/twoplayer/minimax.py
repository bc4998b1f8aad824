"""Minimax: the reference searcher, written as the textbook writes it.

MINIMAX-DECISION picks the action whose result has the highest minimax value for MAX, the
player to move at the root; MAX-VALUE and MIN-VALUE back values up the tree (Russell and
Norvig, AIMA 3rd ed., figure 5.3). Every other searcher is tested against this one.
"""

from __future__ import annotations

import math
import time
from typing import Any

from .._core import (
    check_trace,
    make_result,
    nan_error,
    no_actions_error,
    prepare,
    recursion_guard,
    terminal_value,
)
from ..game import A, Evaluation, Game, S
from ..result import SearchResult
from ..trace.events import Enter, Leaf, Leave, NodeKind, Observer

__all__ = ["minimax"]


def minimax(
    game: Game[S, A],
    state: S | None = None,
    *,
    depth: int | None = None,
    evaluate: Evaluation[S] | None = None,
    trace: Observer | None = None,
) -> SearchResult[A]:
    """Search the whole tree below ``state`` and back up minimax values.

    The player to move at ``state`` is MAX and maximises its own utility; the other player,
    MIN, minimises it. Turns need not alternate: a node's kind follows ``game.to_move``.

    Args:
        game: A two-player game.
        state: The root; ``None`` means ``game.initial_state()``.
        depth: Plies to search (an int >= 1), or ``None`` to search to terminal states.
        evaluate: ``evaluate(state, player)``, the estimated utility for ``player`` of a
            non-terminal state at the depth limit; required with ``depth``.
        trace: An observer given every step of the search (see :mod:`gamesearch.trace`), or
            ``None``.

    Returns:
        The minimax value for the player to move at ``state``, the first best action in
        ``actions()`` order, the principal variation and the node counts.

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: ``game.num_players`` is not 2.
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
    started = time.perf_counter()
    root, limit = prepare(game, state, depth, evaluate, searcher="minimax")
    check_trace(trace, "minimax")
    nodes, leaves, max_depth, estimates = 1, 0, 0, 0
    max_player = game.to_move(root)

    def leaf_value(state: S, ply: int) -> float | None:
        """The value of a leaf for MAX: its utility, its evaluation at the limit, else None."""
        nonlocal leaves, max_depth, estimates
        if game.is_terminal(state):
            value = terminal_value(game, state, max_player)
        elif ply == limit:
            assert evaluate is not None  # prepare() guarantees it when there is a limit
            value = float(evaluate(state, max_player))
            if math.isnan(value):
                raise nan_error(state, max_player, "evaluate")
            estimates += 1
        else:
            return None
        leaves += 1
        max_depth = max(max_depth, ply)
        return value

    def minimax_value(state: S, ply: int, action: Any = None) -> tuple[float, Any]:
        """MINIMAX(s): the value of ``state`` for MAX, with the line that achieves it.

        ``action`` led to ``state``; it serves only to tell the ``trace`` observer.
        """
        value = leaf_value(state, ply)
        if value is not None:
            if trace is not None:
                trace(Leaf(state, action, ply, value, game.is_terminal(state)))
            return value, None
        mover = game.to_move(state)
        if trace is not None:
            kind: NodeKind = "max" if mover == max_player else "min"
            moves = tuple(game.actions(state))
            trace(Enter(state, action, ply, mover, kind, None, None, moves))
        if mover == max_player:
            value, line = max_value(state, ply)
        else:
            value, line = min_value(state, ply)
        if trace is not None:
            trace(Leave(state, ply, value, line[0], None, None))
        return value, line

    def max_value(state: S, ply: int) -> tuple[float, Any]:
        """MAX-VALUE(s): the highest value among the results of the actions in ``state``."""
        nonlocal nodes
        best, best_line = -math.inf, None
        for action in game.actions(state):
            nodes += 1
            value, line = minimax_value(game.result(state, action), ply + 1, action)
            if value > best or best_line is None:
                best, best_line = value, (action, line)
        if best_line is None:
            raise no_actions_error(state)
        return best, best_line

    def min_value(state: S, ply: int) -> tuple[float, Any]:
        """MIN-VALUE(s): the lowest value among the results of the actions in ``state``."""
        nonlocal nodes
        best, best_line = math.inf, None
        for action in game.actions(state):
            nodes += 1
            value, line = minimax_value(game.result(state, action), ply + 1, action)
            if value < best or best_line is None:
                best, best_line = value, (action, line)
        if best_line is None:
            raise no_actions_error(state)
        return best, best_line

    with recursion_guard("minimax"):
        value, line = minimax_value(root, 0)
    return make_result(
        value,
        line,
        max_player,
        nodes=nodes,
        leaves=leaves,
        cutoffs=0,
        max_depth=max_depth,
        started=started,
        depth=depth,
        exact=estimates == 0,
    )
