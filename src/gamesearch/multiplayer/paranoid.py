"""Paranoid search: the root player against a coalition of all the others, with alpha-beta."""

from __future__ import annotations

from .._faults import examined
from ..game import A, Evaluation, Game, S
from ..limit import Limit
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._reduced import Paranoid, search_reduced

__all__ = ["paranoid"]


@examined
def paranoid(
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
    """Paranoid search (Sturtevant and Korf 2000): assume that everyone else plays against you.

    The player to move at ``state``, the root player, maximises its utility; every other
    player is taken to minimise it, as if all of them had formed a coalition. That reduces the
    n-player game to a two-player one, root player against coalition, which is searched with
    alpha-beta (:func:`~gamesearch.alphabeta`): deep cutoffs are sound again, unlike in max-n.
    The states and actions are the game's, so the principal variation is a line of the game
    and ``stats`` counts the game's states.

    Args:
        game: A game of one or more players.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``depth`` as a :class:`~gamesearch.Limit` (its other fields are refused).
        depth: Plies to search (an int >= 1), or ``None`` to search to terminal states.
        evaluate: ``evaluate(state, player)``, the estimated utility for ``player`` of a
            non-terminal state at the depth limit; with ``depth``, the game's own
            ``evaluate`` method if not given. Paranoid search
            asks only for the root player's.
        trace: An observer given every event of the search (see :mod:`gamesearch.trace`), as
            the two-player search of the reduced game sees it: player 0 is the root player,
            player 1 the coalition (or the replying opponent).
        time_limit: Not taken: this searcher searches to its depth, then returns (an
            ``InvalidSearchOptionError`` if given); ``iterative_deepening`` and ``mcts``
            take a time limit.
        node_limit: Not taken either, likewise.

    Returns:
        ``value``, the utility the root player (``player``) can secure against the coalition,
        its first best action in ``actions()`` order, the principal variation and the node
        counts; ``values`` is ``None``. With two players this is :func:`~gamesearch.alphabeta`'s
        answer.

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), or ``game.num_players`` is not an int >= 1.
        InvalidSearchOptionError: a bad ``depth``, or ``depth`` without ``evaluate``.
        InvalidUtilityError: a utility or evaluation is NaN.
        GameProtocolError: a non-terminal state has no actions, or the root is not hashable.
        SearchTooDeepError: the tree is deeper than Python's recursion limit.

    Example:
        Player 1 gains nothing by hurting player 0 on the left, so max-n expects it to leave
        player 0 with 5 there; paranoid search expects the worst, 1, and settles for the 3 it
        is sure of on the right.

        >>> from gamesearch import maxn
        >>> from gamesearch.games import GameTree
        >>> tree = GameTree([[(5, 5, 0), (1, 0, 9)], [(3, 3, 3), (4, 1, 1)]], num_players=3)
        >>> maxn(tree).value, maxn(tree).action
        (5.0, 0)
        >>> result = paranoid(tree)
        >>> result.value, result.action, result.pv, result.player
        (3.0, 1, (1, 0), 0)
    """
    return search_reduced(
        Paranoid, game, state, depth, evaluate, trace, (limit, time_limit, node_limit), "paranoid"
    )
