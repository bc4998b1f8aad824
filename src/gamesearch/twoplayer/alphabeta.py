"""Alpha-beta search: minimax that skips the subtrees which cannot change the decision."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .._entry import depth_limit, game_evaluation
from .._faults import examined
from ..capabilities import Capabilities
from ..game import A, Evaluation, Game, Order, S
from ..limit import Limit
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._window import window_search
from .table import TranspositionTable

__all__ = ["alphabeta"]


@examined
def alphabeta(
    game: Game[S, A],
    state: S | None = None,
    *,
    limit: Limit | None = None,
    depth: int | None = None,
    evaluate: Evaluation[S] | None = None,
    order: Order[S, A] | None = None,
    table: TranspositionTable | None = None,
    killers: bool = False,
    history: bool = False,
    quiescence: Callable[[S], Sequence[A]] | None = None,
    root_values: bool = False,
    trace: Observer | None = None,
    time_limit: None = None,
    node_limit: None = None,
) -> SearchResult[A]:
    """Minimax with alpha-beta pruning (AIMA 3rd ed., figure 5.7).

    Alpha is the best value MAX can already secure on the path to a node, beta the best MIN can;
    once a node's value is known to fall outside (alpha, beta) its remaining actions are pruned.
    The player to move at ``state`` is MAX; leaves are scored by MAX's utility, which MIN
    minimises, so any two-player game can be searched, zero-sum or not. Without options the
    loop is the textbook's MAX-VALUE and MIN-VALUE; with options (or a ``trace``) it is the
    engine's, in negamax form (see :func:`negamax`), one loop serving MAX and MIN nodes alike.
    Both visit the same nodes.

    Returns the same value as :func:`minimax`, visiting at most as many nodes. Of several
    optimal actions it returns the first in the order the root's actions are tried: the
    ``table``'s stored best action for the root (from an earlier search with the same table),
    then ``order``'s sequence; with neither, ``actions()`` order, so the action is
    :func:`minimax`'s too. (At the root the window is (-inf, +inf), so a later action of equal
    value fails low and never replaces the first.)

    Args:
        game: A two-player game.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``depth`` as a :class:`~gamesearch.Limit` (its other fields are refused).
        depth: Plies to search, as for :func:`minimax`.
        evaluate: The evaluation at the depth limit, as for :func:`minimax`.
        order: ``order(state, actions)``, the legal ``actions`` of ``state`` in the order to
            try them (best first); ``None`` keeps ``actions()`` order.
        table: A :class:`~gamesearch.TranspositionTable` to store and reuse values and best
            actions in; the game's ``key(state)`` method, if any, gives the keys.
        killers: Try early the actions that caused cutoffs at the same ply elsewhere (after
            the table's action and the first of ``order``).
        history: Without ``order``, try first the actions that caused the most deep cutoffs
            (actions must be hashable); with ``order``, the order's sequence is kept instead.
        quiescence: ``quiescence(state)``, the actions worth following past the depth limit
            (captures, say), searched with stand-pat until none is left; needs ``depth``.
        root_values: Search every root action with a full window, so that
            ``result.action_values`` holds the exact value of each and ``result.best_actions``
            every optimal move.
        trace: An observer given every step of the search, values and windows for the
            player to move at ``state`` (see :mod:`gamesearch.trace`); ``None`` for none.
        time_limit: Not taken: this searcher searches to its depth, then returns (an
            ``InvalidSearchOptionError`` if given); ``iterative_deepening`` and ``mcts``
            take a time limit.
        node_limit: Not taken either, likewise.

    Returns:
        The minimax value for the player to move at ``state``, its best action, the principal
        variation, and the node counts (``stats.cutoffs`` counts the prunings).

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), or ``game.num_players`` is not 2.
        InvalidSearchOptionError: a bad ``depth``, ``depth`` without ``evaluate``, an option of
            the wrong type, or a ``table`` already used with another game.
        InvalidUtilityError: a utility or evaluation is NaN.
        GameProtocolError: a non-terminal state has no actions.
        SearchTooDeepError: the tree is deeper than Python's recursion limit.

    Example:
        The textbook tree: alpha-beta reads 7 of its 9 leaves (``c2`` and ``c3`` are pruned).

        >>> from gamesearch.games import GameTree
        >>> tree = GameTree({"a1": {"b1": 3, "b2": 12, "b3": 8},
        ...                  "a2": {"c1": 2, "c2": 4, "c3": 6},
        ...                  "a3": {"d1": 14, "d2": 5, "d3": 2}})
        >>> result = alphabeta(tree)
        >>> result.value, result.action, result.stats.leaves, result.stats.cutoffs
        (3.0, 'a1', 7, 2)
    """
    depth = depth_limit("alphabeta", limit, depth, time_limit, node_limit)
    found = Capabilities.of(game)  # the game's optional members, read once for the search
    evaluate = game_evaluation(game, depth, evaluate, found)
    return window_search(
        game, state, searcher="alphabeta", root_view=True, depth=depth, evaluate=evaluate,
        order=order, table=table, killers=killers, history=history, quiescence=quiescence,
        root_values=root_values, trace=trace, capabilities=found,
    )  # fmt: skip
