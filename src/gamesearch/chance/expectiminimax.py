"""Expectiminimax: minimax for two-player games with dice, with Star1 and Star2 pruning."""

from __future__ import annotations

import time
from typing import Literal

from .._entry import check_trace, depth_limit, game_evaluation
from .._faults import examined
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError
from ..game import A, Evaluation, S, StochasticGame
from ..limit import Limit
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._common import check_bounds, prepare_chance
from ._search import chance_search

__all__ = ["expectiminimax"]


@examined
def expectiminimax(
    game: StochasticGame[S, A],
    state: S | None = None,
    *,
    limit: Limit | None = None,
    depth: int | None = None,
    evaluate: Evaluation[S] | None = None,
    pruning: Literal["star1", "star2"] | None = None,
    bounds: tuple[float, float] | None = None,
    trace: Observer | None = None,
    time_limit: None = None,
    node_limit: None = None,
) -> SearchResult[A]:
    """Search a two-player game with chance nodes: MAX and MIN nodes, and expectations.

    MAX is the player to move at ``state`` and maximises its expected utility, MIN minimises
    it, and a chance node (``game.to_move(state) == CHANCE``) is worth the probability-weighted
    sum of its outcomes' values, as ``game.chance_outcomes(state)`` weighs them (Michie 1966;
    AIMA 3rd ed., section 5.5). A game without chance nodes is searched as minimax searches it.

    ``depth`` counts decision plies only: chance nodes do not use depth, as in OpenSpiel's
    ``expectiminimax``. A state reached after ``depth`` decisions is evaluated, a chance node
    included. With ``pruning="star1"`` or ``"star2"`` the search prunes at chance nodes as
    well as at MAX and MIN nodes (Ballard 1983; see ``gamesearch.chance._search``), which needs
    ``bounds=(lower, upper)`` that no utility and no evaluation goes outside; the value and the
    action are those of the unpruned search, found with fewer nodes. The values are the game's
    own numbers until the result is built: with ``Fraction`` probabilities and integer
    utilities the search computes exactly.

    Args:
        game: A two-player game; chance nodes need a ``chance_outcomes`` method.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``depth`` as a :class:`~gamesearch.Limit` (its other fields are refused).
        depth: Decision plies to search (an int >= 1), or ``None`` to search to terminal states.
        evaluate: ``evaluate(state, player)``, the estimated utility for ``player`` of a
            non-terminal state at the depth limit (possibly a chance node); with ``depth``,
            the game's own ``evaluate`` method if not given.
        pruning: ``None`` (search every node), ``"star1"`` or ``"star2"``.
        bounds: ``(lower, upper)``, finite, with every utility and evaluation between them;
            required with ``pruning``, and checked whenever it is given.
        trace: An observer given every event of the search (see :mod:`gamesearch.trace`):
            chance nodes are ``"chance"`` nodes, and their children carry their probability.
            Not with ``pruning="star2"``, whose probes start on every child of a chance node
            before it finishes any, which a trace of nested nodes cannot show.
        time_limit: Not taken: this searcher searches to its depth, then returns (an
            ``InvalidSearchOptionError`` if given); ``iterative_deepening`` and ``mcts``
            take a time limit.
        node_limit: Not taken either, likewise.

    Returns:
        The expected utility for MAX (``result.player``): the player to move at ``state``, or
        player 0 if ``state`` is a chance node, whose ``action`` is then ``None``, since
        nature moves. The ``pv`` follows the best action at decision nodes and the most
        probable outcome (the first of equally probable ones) at chance nodes; with pruning it
        is a line the search saw, not always the unpruned search's. ``stats.max_depth`` counts
        decision plies; ``stats.cutoffs`` counts prunings at MAX, MIN and chance nodes.

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), ``game.num_players`` not 2, or a chance node met in a game
            without ``chance_outcomes``.
        InvalidSearchOptionError: a bad ``depth``, ``depth`` without ``evaluate``, an unknown
            ``pruning``, pruning without ``bounds``, or bounds that are not finite with
            ``lower < upper``.
        InvalidDistributionError: a chance node's probabilities are negative, do not sum to 1
            within 1e-9, or there are none.
        InvalidUtilityError: a utility or evaluation is NaN or outside ``bounds``.
        GameProtocolError: a non-terminal state has no actions, or the root is not hashable.
        SearchTooDeepError: a state repeats on a line searched without a depth limit (the game
            has a cycle, as Pig has), or the tree is deeper than Python's recursion limit.

    Example:
        The lecture notes' chance node: 8, 24 and -12 with probabilities 1/2, 1/3 and 1/6 are
        worth 4 + 8 - 2 = 10. MAX chooses between it and a sure 9:

        >>> from fractions import Fraction
        >>> from gamesearch.games import Chance, GameTree
        >>> third, sixth = Fraction(1, 3), Fraction(1, 6)
        >>> tree = GameTree({"gamble": Chance([(Fraction(1, 2), 8), (third, 24), (sixth, -12)]),
        ...                  "sure": 9})
        >>> result = expectiminimax(tree)
        >>> result.value, result.action, result.pv
        (10.0, 'gamble', ('gamble', 0))
        >>> pruned = expectiminimax(tree, pruning="star1", bounds=(-12, 24))
        >>> pruned.value, pruned.action
        (10.0, 'gamble')
    """
    depth = depth_limit("expectiminimax", limit, depth, time_limit, node_limit)
    members = Capabilities.of(game)  # the game's optional members, read once
    evaluate = game_evaluation(game, depth, evaluate, members)
    started = time.perf_counter()
    request = prepare_chance(game, state, depth, evaluate, members, "expectiminimax")
    span = check_bounds(bounds, pruning, "expectiminimax")
    check_trace(trace, "expectiminimax")
    if trace is not None and pruning == "star2":
        raise InvalidSearchOptionError(
            "expectiminimax: pruning='star2' cannot be traced: its probing phase starts on every "
            "child of a chance node before it finishes any, which a trace of nested nodes cannot "
            "show; trace pruning='star1' or no pruning"
        )
    return chance_search(
        game,
        request,
        depth,
        evaluate,
        opponent=None,
        bounds=span,
        pruning=pruning,
        searcher="expectiminimax" if pruning is None else f"expectiminimax (pruning={pruning!r})",
        started=started,
        trace=trace,
    )
