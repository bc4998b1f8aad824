"""Best-reply search: the root player against the single strongest reply of any opponent."""

from __future__ import annotations

from typing import Protocol

from .._faults import examined
from ..game import A, Evaluation, Game, S
from ..limit import Limit
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._reduced import BestReply, Reply, search_reduced

__all__ = ["PassingGame", "Reply", "best_reply"]


class PassingGame(Game[S, A], Protocol):
    """A game in which the player to move can pass, as best-reply search needs.

    Example:
        :class:`~gamesearch.games.Rolit` and :class:`~gamesearch.games.Nim` can pass:

        >>> from gamesearch.games import Nim
        >>> Nim((2, 2)).pass_turn(((2, 2), 0))
        ((2, 2), 1)
    """

    def pass_turn(self, state: S) -> S:
        """The state in which the player to move has passed: the next player is to move."""
        ...


@examined
def best_reply(
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
    """Best-reply search (Schadd and Winands 2011): only the strongest opponent replies.

    The player to move at ``state``, the root player (MAX), alternates with a MIN layer in
    which one opponent moves: the one, of all opponents, whose reply is worst for the root
    player; the other opponents pass. MIN minimises the root player's utility, as in paranoid
    search, and the tree is searched with alpha-beta (:func:`~gamesearch.alphabeta`). Passing
    is not always legal, so best reply can look at positions play never reaches; in return the
    root player's own moves come every other ply instead of every n-th, so a search to a given
    depth looks further ahead for the root player, and no opponent is assumed to help another.

    A MIN node's actions are :class:`Reply` pairs ``(player, action)``: each opponent in turn
    order, from the one to move, with each of its actions in ``actions()`` order. Ties go to
    the first. With three or more players the game needs ``pass_turn(state)``
    (:class:`PassingGame`); with two, best reply is alpha-beta and no opponent passes.

    Args:
        game: A game of one or more players; with three or more, a :class:`PassingGame`.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``depth`` as a :class:`~gamesearch.Limit` (its other fields are refused).
        depth: Plies of the best-reply tree to search, a MAX or a MIN layer each (an int
            >= 1), or ``None`` to search to terminal states.
        evaluate: ``evaluate(state, player)``, the estimated utility for ``player`` of a
            non-terminal state at the depth limit; with ``depth``, the game's own
            ``evaluate`` method if not given. Only the root
            player's is asked for.
        trace: An observer given every event of the search (see :mod:`gamesearch.trace`), as
            the two-player search of the reduced game sees it: player 0 is the root player,
            player 1 the coalition (or the replying opponent).
        time_limit: Not taken: this searcher searches to its depth, then returns (an
            ``InvalidSearchOptionError`` if given); ``iterative_deepening`` and ``mcts``
            take a time limit.
        node_limit: Not taken either, likewise.

    Returns:
        ``value``, the utility the root player (``player``) secures against the best reply at
        every MIN layer; its first best action; the principal variation, whose MIN moves are
        :class:`Reply` pairs; and the node counts of the best-reply tree (one node per reply,
        the passes around it not counted). ``values`` is ``None``.

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), ``game.num_players`` not an int >= 1, or three or more
            players and no ``pass_turn``.
        InvalidSearchOptionError: a bad ``depth``, or ``depth`` without ``evaluate``.
        InvalidUtilityError: a utility or evaluation is NaN.
        GameProtocolError: a non-terminal state has no actions, the root is not hashable, or
            passing does not bring the turn back to the root player.
        SearchTooDeepError: the tree is deeper than Python's recursion limit.

    Example:
        Three-player Nim, one pile of 4, taking 1 or 2 sticks. In the real game player 0
        cannot win: after it takes 1, player 1 takes 1 and player 2 the last 2. Best reply
        lets only one opponent move before player 0 moves again, and any single reply to 3
        sticks leaves 1 or 2, which player 0 takes: it expects to win, a position play never
        reaches.

        >>> from gamesearch import maxn
        >>> from gamesearch.games import Nim
        >>> game = Nim((4,), max_take=2)
        >>> maxn(game).value, maxn(game).pv
        (0.0, ((0, 1), (0, 1), (0, 2)))
        >>> result = best_reply(game)
        >>> result.value, result.pv
        (1.0, ((0, 1), Reply(player=1, action=(0, 1)), (0, 2)))
    """
    limits = (limit, time_limit, node_limit)
    return search_reduced(BestReply, game, state, depth, evaluate, trace, limits, "best_reply")
