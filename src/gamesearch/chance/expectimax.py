"""Expectimax: the player to move maximises, and everyone else is modelled as chance."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from .._entry import check_trace, depth_limit, game_evaluation
from .._faults import examined
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError
from ..game import A, Evaluation, Game, S
from ..limit import Limit
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._common import prepare_chance
from ._opponent import uniform_opponent
from ._search import chance_search

__all__ = ["expectimax"]


@examined
def expectimax(
    game: Game[S, A],
    state: S | None = None,
    *,
    limit: Limit | None = None,
    depth: int | None = None,
    evaluate: Evaluation[S] | None = None,
    opponent: Callable[[Any, S], Sequence[tuple[A, float]]] | None = None,
    trace: Observer | None = None,
    time_limit: None = None,
    node_limit: None = None,
) -> SearchResult[A]:
    """Maximise the expected utility against opponents who play at random.

    The player to move at ``state`` is MAX. Every other player's decision node is searched as
    a chance node whose distribution is ``opponent(game, state)`` (by default uniform over
    ``game.actions(state)``), and the game's own chance nodes stay chance nodes, weighted by
    ``game.chance_outcomes(state)``. This is the model of the lecture notes' random ghost:
    right against an opponent that does play at random, too optimistic against one that plays
    well (compare :func:`~gamesearch.expectiminimax`, which assumes the worst). It needs no
    particular number of players, so it also searches one-player games against nature.

    ``depth`` counts decision plies, MAX's and the opponents' alike; the game's chance nodes
    do not use depth.

    Args:
        game: Any game, with ``chance_outcomes`` if it has chance nodes.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``depth`` as a :class:`~gamesearch.Limit` (its other fields are refused).
        depth: Decision plies to search (an int >= 1), or ``None`` to search to terminal states.
        evaluate: ``evaluate(state, player)``, the estimated utility for ``player`` of a
            non-terminal state at the depth limit; with ``depth``, the game's own
            ``evaluate`` method if not given.
        opponent: ``opponent(game, state)``: ``(action, probability)`` pairs for the player to
            move in ``state``, who is not MAX; the actions must be legal, and the
            probabilities must be >= 0 and sum to 1. ``None`` means uniform.
        trace: An observer given every event of the search (see :mod:`gamesearch.trace`): the
            other players' nodes, averaged by the opponent model, are ``"chance"`` nodes.
        time_limit: Not taken: this searcher searches to its depth, then returns (an
            ``InvalidSearchOptionError`` if given); ``iterative_deepening`` and ``mcts``
            take a time limit.
        node_limit: Not taken either, likewise.

    Returns:
        The expected utility for MAX (``result.player``): the player to move at ``state``, or
        player 0 if ``state`` is a chance node (``action`` is then ``None``). The ``pv``
        follows MAX's best action and the most probable move or outcome elsewhere (the first
        of equally probable ones).

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), ``game.num_players`` not an int >= 1, or a chance node met in
            a game without ``chance_outcomes``.
        InvalidSearchOptionError: a bad ``depth``, ``depth`` without ``evaluate``, or an
            ``opponent`` that is not callable.
        InvalidDistributionError: an opponent's or a chance node's probabilities are negative,
            do not sum to 1 within 1e-9, or there are none.
        IllegalActionError: the opponent model gives an action that is not legal.
        InvalidUtilityError: a utility or evaluation is NaN.
        GameProtocolError: a non-terminal state has no actions, or the root is not hashable.
        SearchTooDeepError: a state repeats on a line searched without a depth limit, or the
            tree is deeper than Python's recursion limit.

    Example:
        MAX picks a row; MIN then picks a column. Minimax expects MIN to pick the worst, so it
        prefers the row worth at least 3; against a MIN who picks at random, the other row is
        worth (0 + 10) / 2 = 5 on average:

        >>> from gamesearch import minimax
        >>> from gamesearch.games import GameTree
        >>> tree = GameTree({"safe": [3, 4], "risky": [0, 10]})
        >>> minimax(tree).action, minimax(tree).value
        ('safe', 3.0)
        >>> result = expectimax(tree)
        >>> result.action, result.value
        ('risky', 5.0)
    """
    depth = depth_limit("expectimax", limit, depth, time_limit, node_limit)
    members = Capabilities.of(game)  # the game's optional members, read once
    evaluate = game_evaluation(game, depth, evaluate, members)
    started = time.perf_counter()
    request = prepare_chance(game, state, depth, evaluate, members, "expectimax")
    check_trace(trace, "expectimax")
    if opponent is not None and not callable(opponent):
        raise InvalidSearchOptionError(
            f"expectimax: opponent must be a function (game, state) -> [(action, "
            f"probability), ...] or None, not {opponent!r}"
        )
    return chance_search(
        game,
        request,
        depth,
        evaluate,
        opponent=uniform_opponent if opponent is None else opponent,
        bounds=None,
        pruning=None,
        searcher="expectimax",
        started=started,
        trace=trace,
    )
