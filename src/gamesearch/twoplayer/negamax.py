"""Negamax: alpha-beta search for two-player zero-sum games, values for the side to move."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .._core import game_evaluation, refuse_limits
from ..game import A, Evaluation, Game, Order, S
from ..result import SearchResult
from ..trace.events import Observer
from ._window import window_search
from .table import TranspositionTable

__all__ = ["negamax"]


def negamax(
    game: Game[S, A],
    state: S | None = None,
    *,
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
    """Negamax with alpha-beta pruning (Knuth and Moore 1975).

    In a zero-sum game one player's gain is the other's loss, so a node's value for the player
    to move is the negation of its value for the opponent: max(a, b) serves both sides, and the
    window (alpha, beta) becomes (-beta, -alpha) one ply down. Leaves are scored by the utility
    of the player to move above them; the game must be zero-sum
    (``utility(s, 0) == -utility(s, 1)``) for the result to be minimax's.

    Args:
        game: A two-player zero-sum game.
        state: The root; ``None`` means ``game.initial_state()``.
        depth: Plies to search (an int >= 1), or ``None`` to search to terminal states.
        evaluate: ``evaluate(state, player)``, the estimated utility for ``player`` of a
            non-terminal state at the depth limit; with ``depth``, the game's own
            ``evaluate`` method if not given.
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
        The value for the player to move at ``state``, its best action (the first optimal one
        in the order tried, as for :func:`alphabeta`: ``actions()`` order without ``order``
        or ``table``), the principal variation and the node counts.

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: ``game.num_players`` is not 2 (negamax needs two players).
        InvalidSearchOptionError: a bad ``depth``, ``depth`` without ``evaluate``, an option of
            the wrong type, or a ``table`` already used with another game.
        InvalidUtilityError: a utility or evaluation is NaN.
        GameProtocolError: a non-terminal state has no actions.
        SearchTooDeepError: the tree is deeper than Python's recursion limit.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> state = game.parse("XX. / OO. / ...")   # X to move can win at once
        >>> result = negamax(game, state)
        >>> result.value, result.action, result.pv
        (1.0, 2, (2,))
    """
    refuse_limits("negamax", time_limit, node_limit)
    evaluate = game_evaluation(game, depth, evaluate)
    return window_search(
        game, state, searcher="negamax", root_view=False, depth=depth, evaluate=evaluate,
        order=order, table=table, killers=killers, history=history, quiescence=quiescence,
        root_values=root_values, trace=trace,
    )  # fmt: skip
