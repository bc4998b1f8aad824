"""Negamax: alpha-beta search for two-player zero-sum games, values for the side to move."""

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

__all__ = ["negamax"]


@examined
def negamax(
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
    """Negamax with alpha-beta pruning (Knuth and Moore 1975).

    In a zero-sum game one player's gain is the other's loss, so a node's value for the player
    to move is the negation of its value for the opponent: max(a, b) serves both sides, and the
    window (alpha, beta) becomes (-beta, -alpha) one ply down. Leaves are scored by the utility
    of the player to move above them; the game must be zero-sum
    (``utility(s, 0) == -utility(s, 1)``) for the result to be minimax's, and negamax checks it
    at every terminal state it scores (at the cost of the other player's utility there): a
    game whose utilities add up to anything else, such as Nim's 1 and 0, is refused, where the
    value would have been neither player's. :func:`alphabeta` searches any two-player game.

    Args:
        game: A two-player zero-sum game.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``depth`` as a :class:`~gamesearch.Limit` (its other fields are refused).
        depth: As for :func:`alphabeta`.
        evaluate: As for :func:`alphabeta`.
        order: As for :func:`alphabeta`.
        table: As for :func:`alphabeta`.
        killers: As for :func:`alphabeta`.
        history: As for :func:`alphabeta`.
        quiescence: As for :func:`alphabeta`.
        root_values: As for :func:`alphabeta`.
        trace: As for :func:`alphabeta`.
        time_limit: Not taken, as by :func:`alphabeta`.
        node_limit: Not taken either.

    Returns:
        The value for the player to move at ``state``, its best action (the first optimal one
        in the order tried, as for :func:`alphabeta`: ``actions()`` order without ``order``
        or ``table``), the principal variation and the node counts.

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), or ``game.num_players`` is not 2 (negamax needs two players),
            or a terminal state whose two utilities do not add up to 0 (not zero-sum).
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
    depth = depth_limit("negamax", limit, depth, time_limit, node_limit)
    found = Capabilities.of(game)  # the game's optional members, read once for the search
    evaluate = game_evaluation(game, depth, evaluate, found)
    return window_search(
        game, state, searcher="negamax", root_view=False, depth=depth, evaluate=evaluate,
        order=order, table=table, killers=killers, history=history, quiescence=quiescence,
        root_values=root_values, trace=trace, capabilities=found,
    )  # fmt: skip
