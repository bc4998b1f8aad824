"""Minimax: the reference searcher, written as the textbook writes it.

MINIMAX-DECISION picks the action whose result has the highest minimax value for MAX, the
player to move at the root; MAX-VALUE and MIN-VALUE back values up the tree (Russell and
Norvig, AIMA 3rd ed., figure 5.3), here as the two branches of one function, one Python frame
per ply. Every other searcher is tested against this one.
"""

from __future__ import annotations

import math
import sys
import time
from typing import Any

from .._core import (
    check_trace,
    game_evaluation,
    make_result,
    no_actions_error,
    on_fresh_stack,
    prepare,
    recursion_guard,
    refuse_limits,
)
from .._validation import checked_number, mover_error, translate
from ..game import A, Evaluation, Game, S
from ..result import SearchResult
from ..trace.events import Enter, Leaf, Leave, NodeKind, Observer
from ._children import children_minimax
from ._enhanced import Outcome

__all__ = ["minimax", "minimax_loop"]

_NO_ACTION: Any = object()


def minimax(
    game: Game[S, A],
    state: S | None = None,
    *,
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
    refuse_limits("minimax", time_limit, node_limit)
    evaluate = game_evaluation(game, depth, evaluate)
    started = time.perf_counter()
    root, limit = prepare(game, state, depth, evaluate, searcher="minimax")
    check_trace(trace, "minimax")
    nodes, leaves, max_depth, estimates = 1, 0, 0, 0
    max_player = game.to_move(root)
    min_player = 1 - max_player
    actions, result, is_terminal = game.actions, game.result, game.is_terminal
    to_move, utility = game.to_move, game.utility
    inf, neg_inf = math.inf, -math.inf  # neg_inf: a local, not a negation per check

    def minimax_value(state: S, ply: int, action: Any = None) -> tuple[float, Any]:
        """MINIMAX(s): the value of ``state`` for MAX, with the line that achieves it.

        MAX-VALUE and MIN-VALUE of the textbook are the two branches of one function here, so
        that a ply costs one Python frame. ``action`` led to ``state``; it serves only to tell
        the ``trace`` observer.
        """
        nonlocal nodes, leaves, max_depth, estimates
        terminal = is_terminal(state)
        if terminal or ply == limit:  # a leaf: its utility, or its evaluation at the limit
            if terminal:
                value = utility(state, max_player)
                source = "utility"
            else:
                value = evaluate(state, max_player)
                source = "evaluate"
                estimates += 1
            if value.__class__ is not float or not neg_inf < value < inf:
                value = checked_number(value, state, max_player, source)
            leaves += 1
            max_depth = max(max_depth, ply)
            if trace is not None:
                trace(Leaf(state, action, ply, value, terminal))
            return value, None
        mover = to_move(state)
        maximizing = mover == max_player  # MAX-VALUE(s); else MIN-VALUE(s)
        if not maximizing and mover != min_player:
            raise mover_error(state, mover, 2, chance=False)
        if trace is not None:
            moves = tuple(actions(state))
            kind: NodeKind = "max" if maximizing else "min"
            trace(Enter(state, action, ply, mover, kind, None, None, moves))
        best, best_line = (-math.inf if maximizing else math.inf), None
        try:
            for action in actions(state):
                nodes += 1
                value, line = minimax_value(result(state, action), ply + 1, action)
                if best_line is None or (value > best if maximizing else value < best):
                    best, best_line = value, (action, line)
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, game, state, evaluate)
        except RecursionError:  # tell recursion_guard the line, to look for a cycle in it
            unwound.append(state)
            raise
        if best_line is None:
            raise no_actions_error(state, actions(state))
        if trace is not None:
            trace(Leave(state, ply, best, best_line[0], None, None))
        return best, best_line

    unwound: list[Any] = []
    with recursion_guard("minimax", unwound, getattr(game, "key", None)):
        if trace is None and not is_terminal(root):  # the fast loops: the same nodes, no hooks
            loop = children_minimax if hasattr(game, "children") else minimax_loop
            outcome = loop(game, root, limit, evaluate, unwound=unwound)
            return make_result(
                outcome.value,
                outcome.line,
                max_player,
                nodes=outcome.expanded + outcome.leaves,
                leaves=outcome.leaves,
                cutoffs=0,
                max_depth=outcome.max_depth,
                started=started,
                depth=depth,
                exact=outcome.estimates == 0,
            )
        value, line = on_fresh_stack(minimax_value, root, 0)
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


def minimax_loop(
    game: Game[S, Any],
    root: S,
    limit: int,
    evaluate: Evaluation[S] | None,
    *,
    unwound: list[Any],
) -> Outcome:
    """Minimax's loop without hooks: :func:`minimax`'s ``minimax_value``, made cheap per node.

    It visits the same nodes in the same order and backs up the same values and line, but
    scores leaf children in their parent (a Python frame is made only for a node that is
    expanded) and keeps the principal variation in a triangular table, as the alpha-beta loop
    does, instead of making a pair for every node.

    Args:
        game: A two-player game.
        root: The state to search, not terminal.
        limit: The ply at which states are evaluated, or -1 for none.
        evaluate: The evaluation used at ``limit``.
        unwound: Where the frames put their states when a ``RecursionError`` unwinds them.
    """
    max_player = game.to_move(root)
    min_player = 1 - max_player
    actions, result, is_terminal = game.actions, game.result, game.is_terminal
    to_move, utility = game.to_move, game.utility
    inf, neg_inf = math.inf, -math.inf  # neg_inf: a local, not a negation per check
    expanded, leaves, max_depth, estimates = 0, 0, 0, 0
    lines: list[Any] = [None] * ((limit if limit > 0 else sys.getrecursionlimit()) + 1)

    def search(state: S, maximizing: bool, ply: int) -> float:
        """MINIMAX(s) for MAX of the non-terminal ``state``; its line is left in ``lines[ply]``."""
        nonlocal expanded, leaves, max_depth, estimates
        expanded += 1
        best, best_action = (-math.inf if maximizing else math.inf), _NO_ACTION
        child_ply = ply + 1
        try:
            for action in actions(state):
                child = result(state, action)
                if is_terminal(child):
                    value = utility(child, max_player)
                    if value.__class__ is not float or not neg_inf < value < inf:
                        value = checked_number(value, child, max_player, "utility")
                    below = None
                    leaves += 1
                    if child_ply > max_depth:
                        max_depth = child_ply
                elif child_ply == limit:
                    value = evaluate(child, max_player)  # type: ignore[misc]  # limit: evaluate
                    if value.__class__ is not float or not neg_inf < value < inf:
                        value = checked_number(value, child, max_player, "evaluate")
                    below = None
                    leaves += 1
                    estimates += 1
                    max_depth = limit
                else:
                    mover = to_move(child)
                    if mover == max_player:
                        value = search(child, True, child_ply)
                    elif mover == min_player:
                        value = search(child, False, child_ply)
                    else:
                        raise mover_error(child, mover, 2, chance=False)
                    below = lines[child_ply]
                if (value > best if maximizing else value < best) or best_action is _NO_ACTION:
                    best, best_action = value, action
                    lines[ply] = (action, below)
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, game, state, evaluate)
        except RecursionError:  # tell recursion_guard the line, to look for a cycle in it
            unwound.append(state)
            raise
        if best_action is _NO_ACTION:
            raise no_actions_error(state, actions(state))
        return best

    value = on_fresh_stack(search, root, True, 0)
    return Outcome(value, lines[0], expanded, leaves, 0, max_depth, estimates, None)
