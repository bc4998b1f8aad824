"""Minimax: the reference searcher.

MINIMAX-DECISION picks the action whose result has the highest minimax value for MAX, the
player to move at the root; MAX-VALUE and MIN-VALUE back values up the tree (Russell and
Norvig, AIMA 3rd ed., figure 5.3), here as the two branches of one function, one Python frame
per node expanded. Every other searcher is tested against this one, and this one against the
textbook's own form (``tests/oracles.py``).
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
    terminal_value,
)
from .._validation import checked_number, mover_error, translate
from ..game import A, Evaluation, Game, Player, S
from ..result import SearchResult
from ..trace.events import Enter, Leaf, Leave, NodeKind, Observer
from ._children import children_alphabeta
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
    max_player = game.to_move(root)
    if game.is_terminal(root):
        value = terminal_value(game, root, max_player)
        if trace is not None:
            trace(Leaf(root, None, 0, value, True))
        outcome = Outcome(value, None, 0, 1, 0, 0, 0, None)
    else:
        unwound: list[Any] = []
        with recursion_guard("minimax", unwound, getattr(game, "key", None)):
            if trace is None and hasattr(game, "children"):  # the game's fast member
                # Alpha-beta's loop over it, with a window that can never close: alpha above
                # every value and beta below, so that no bound is ever raised, nor a node cut.
                outcome = children_alphabeta(
                    game, root, limit, evaluate, root_view=True, unwound=unwound,
                    window=(math.inf, -math.inf),
                )  # fmt: skip
            else:
                outcome = minimax_loop(game, root, limit, evaluate, unwound=unwound, trace=trace)
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


def minimax_loop(
    game: Game[S, Any],
    root: S,
    limit: int,
    evaluate: Evaluation[S] | None,
    *,
    unwound: list[Any],
    trace: Observer | None = None,
) -> Outcome:
    """Minimax's loop: MINIMAX(s) of the textbook, made cheap per node.

    It visits the textbook's nodes in the same order and backs up the same values and line
    (``tests/oracles.py``'s ``textbook_minimax`` is its oracle), but scores leaf children in
    their parent (a Python frame is made only for a node that is expanded) and keeps the
    principal variation in a triangular table, as the alpha-beta loop does, instead of making
    a pair for every node. A game with a ``children`` member is searched, untraced, by the
    alpha-beta loop over that member (:func:`._children.children_alphabeta`) with a window
    that never closes, which visits the same nodes: 1.7 times as fast as this loop on the
    tic-tac-toe solve (``bench_core.py``'s ``core.children`` line for ``minimax``).

    Args:
        game: A two-player game.
        root: The state to search, not terminal.
        limit: The ply at which states are evaluated, or -1 for none.
        evaluate: The evaluation used at ``limit``.
        unwound: Where the frames put their states when a ``RecursionError`` unwinds them.
        trace: The observer to tell each step, values for MAX: a node's ``Enter`` is told by
            its parent (the root's here), a leaf's ``Leaf`` too, and its ``Leave`` by itself.
    """
    max_player = game.to_move(root)
    min_player = 1 - max_player
    actions, result, is_terminal = game.actions, game.result, game.is_terminal
    to_move, utility = game.to_move, game.utility
    inf, neg_inf = math.inf, -math.inf  # neg_inf: a local, not a negation per check
    expanded, leaves, max_depth, estimates = 0, 0, 0, 0
    lines: list[Any] = [None] * ((limit if limit > 0 else sys.getrecursionlimit()) + 1)

    def enter(state: S, action: Any, ply: int, mover: Player, maximizing: bool) -> None:
        """Tell ``trace`` that the search enters ``state``, reached by ``action``."""
        kind: NodeKind = "max" if maximizing else "min"
        moves = tuple(actions(state))
        trace(Enter(state, action, ply, mover, kind, None, None, moves))  # type: ignore[misc]

    def search(state: S, maximizing: bool, ply: int) -> float:
        """MINIMAX(s) for MAX of the non-terminal ``state``; its line is left in ``lines[ply]``."""
        nonlocal expanded, leaves, max_depth, estimates
        expanded += 1
        best, best_action = (neg_inf if maximizing else inf), _NO_ACTION
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
                    if trace is not None:
                        trace(Leaf(child, action, child_ply, value, True))
                elif child_ply == limit:
                    value = evaluate(child, max_player)  # type: ignore[misc]  # limit: evaluate
                    if value.__class__ is not float or not neg_inf < value < inf:
                        value = checked_number(value, child, max_player, "evaluate")
                    below = None
                    leaves += 1
                    estimates += 1
                    max_depth = limit
                    if trace is not None:
                        trace(Leaf(child, action, child_ply, value, False))
                else:
                    mover = to_move(child)
                    if mover == max_player:
                        child_max = True  # MAX-VALUE
                    elif mover == min_player:
                        child_max = False  # MIN-VALUE
                    else:
                        raise mover_error(child, mover, 2, chance=False)
                    if trace is not None:
                        enter(child, action, child_ply, mover, child_max)
                    value = search(child, child_max, child_ply)
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
        if trace is not None:
            trace(Leave(state, ply, best, best_action, None, None))
        return best

    if trace is not None:
        enter(root, None, 0, max_player, True)
    value = on_fresh_stack(search, root, True, 0)
    return Outcome(value, lines[0], expanded, leaves, 0, max_depth, estimates, None)
