"""Max-n: the search of games of n players, each maximising its own utility.

With more than two players a state's value is a vector, one utility per player; the player to
move picks the child whose vector is best for itself (Luckhardt and Irani 1986; AIMA 3rd ed.,
section 5.2.2). Alliances and rivalries arise from the vectors alone. With two zero-sum players
max-n is minimax.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from .._entry import check_trace
from .._faults import examined
from .._recursion import on_fresh_stack, recursion_guard, recursion_limit
from .._results import make_result
from .._validation import checked_number, mover_error, no_actions_error, translate
from ..errors import InvalidSearchOptionError
from ..game import A, Evaluation, Game, Player, S
from ..limit import Limit
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._bounds import Bounds, check_bounds
from ._players import prepare_players

__all__ = ["maxn"]

Vector = tuple[Any, ...]
"""The values of a state, one per player, indexed by player."""

PRUNING = (None, "shallow")
"""The values of ``maxn``'s ``pruning`` option."""


@examined
def maxn(
    game: Game[S, A],
    state: S | None = None,
    *,
    limit: Limit | None = None,
    depth: int | None = None,
    evaluate: Evaluation[S] | None = None,
    pruning: str | None = None,
    sum_bounds: tuple[float, float] | None = None,
    trace: Observer | None = None,
    time_limit: None = None,
    node_limit: None = None,
) -> SearchResult[A]:
    """Search the tree below ``state`` and back up a vector of utilities, one per player.

    At each state the player to move chooses the child whose vector gives it the highest
    utility; of equally good children it takes the first in ``actions()`` order (other tie
    policies, such as assuming the worst for the root player, make other choices). A leaf's
    vector is ``utility(state, p)`` for every player ``p``, or ``evaluate(state, p)`` at the
    depth limit, so ``evaluate`` is called once for each player at each cut-off state.

    With ``pruning="shallow"`` the search uses Korf's shallow pruning (Korf 1991), which
    needs ``sum_bounds=(min_per_player, max_sum)``: every utility and evaluation is at least
    ``min_per_player`` and the utilities of a state sum to at most ``max_sum``. When the player
    to move at a state is sure of ``v``, every other player can get at most
    ``max_sum - v - (n - 2) * min_per_player`` there; once that is no better than what the
    player moving above already has, the state's remaining actions cannot change that player's
    choice and are pruned. A player sure of the most any player can get stops as well
    (immediate pruning). Deeper pruning, as alpha-beta does it, is unsound for max-n (Korf
    1991). The pruned search returns exactly plain max-n's values, action and principal
    variation; each vector it reads is checked against the bounds.

    Args:
        game: A game of one or more players.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``depth`` as a :class:`~gamesearch.Limit` (its other fields are refused).
        depth: Plies to search (an int >= 1), or ``None`` to search to terminal states.
        evaluate: ``evaluate(state, player)``, the estimated utility for ``player`` of a
            non-terminal state at the depth limit; with ``depth``, the game's own
            ``evaluate`` method if not given.
        pruning: ``None`` for plain max-n, or ``"shallow"`` for shallow pruning.
        sum_bounds: ``(min_per_player, max_sum)``, finite numbers: the least utility of any
            player and the most the players' utilities sum to; required with
            ``pruning="shallow"``, and only used by it. (Named so because ``bounds`` is the
            ``(lowest, highest)`` utility in the other searchers.)
        trace: An observer given every event of the search (see :mod:`gamesearch.trace`):
            every node is a ``"max"`` node of the player to move there, and leaves and nodes
            carry every player's ``values``; a ``Prune`` is a shallow or immediate cutoff,
            without a window (its ``alpha`` and ``beta`` are -inf and +inf).
        time_limit: Not taken: this searcher searches to its depth, then returns (an
            ``InvalidSearchOptionError`` if given); ``iterative_deepening`` and ``mcts``
            take a time limit.
        node_limit: Not taken either, likewise.

    Returns:
        ``values``, the vector of the root (one float per player, indexed by player);
        ``value``, its component for ``player``, the player to move at ``state``; the first
        best action, the principal variation and the node counts. ``stats.cutoffs`` counts
        the states whose remaining actions shallow or immediate pruning skipped.

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), or ``game.num_players`` is not an int >= 1.
        InvalidSearchOptionError: a bad ``depth``, ``depth`` without ``evaluate``, an unknown
            ``pruning``, ``sum_bounds`` missing, malformed, impossible or given without
            pruning, or given twice (as ``sum_bounds`` and as ``bounds``).
        InvalidUtilityError: a utility or evaluation is NaN, or breaks the ``sum_bounds``.
        GameProtocolError: a non-terminal state has no actions, ``to_move`` names no player of
            the game, or the root is not hashable.
        SearchTooDeepError: the tree is deeper than Python's recursion limit.

    Example:
        The three-player tree of AIMA figure 5.4: players 0, 1 and 2 move in turn, and each
        leaf gives their utilities. Player 0 can get 1 either way and takes the first move.

        >>> from gamesearch.games import GameTree
        >>> tree = GameTree([[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
        ...                  [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]], num_players=3)
        >>> result = maxn(tree)
        >>> result.values, result.value, result.action, result.pv
        ((1.0, 2.0, 6.0), 1.0, 0, (0, 0, 0))

        Shallow pruning, the utilities summing to at most 10: once player 1 is sure of 5 at
        ``(1,)``, player 0 can get at most 10 - 5 = 5 there, less than the 6 of move 0.

        >>> tree = GameTree([[(6, 3, 1), (7, 1, 2)], [(2, 5, 3), (9, 1, 0), (8, 0, 2)]],
        ...                 num_players=3)
        >>> plain, pruned = maxn(tree), maxn(tree, pruning="shallow", sum_bounds=(0, 10))
        >>> plain.values, plain.action, pruned.values, pruned.action
        ((6.0, 3.0, 1.0), 0, (6.0, 3.0, 1.0), 0)
        >>> plain.stats.leaves, pruned.stats.leaves, pruned.stats.cutoffs
        (5, 3, 1)
    """
    started = time.perf_counter()
    request = prepare_players(game, state, depth, evaluate, (limit, time_limit, node_limit), "maxn")
    root, horizon, players, evaluate, _ = request
    check_trace(trace, "maxn")
    limits = _pruning_bounds(pruning, sum_bounds, players)
    actions, result, is_terminal = game.actions, game.result, game.is_terminal
    to_move = game.to_move
    # The one option the loop asks about at a node, resolved here: whether the player to move
    # can stop once it is sure of a value (shallow and immediate pruning), or never stops.
    stops = None if limits is None else limits.stops
    everyone = range(players)
    inf, neg_inf = math.inf, -math.inf  # neg_inf: a local, not a negation per check
    # Every node generated is either expanded or scored as a leaf in its parent, and the root
    # is expanded unless it is terminal: nodes = expanded + leaves.
    expanded, leaves, cutoffs, max_depth, estimates = 0, 0, 0, 0, 0
    # A triangular principal-variation table, as in alpha-beta: after the search of a node at
    # ply p returns, lines[p] holds the best line below it as linked (action, rest) pairs.
    deepest = recursion_limit()  # a depth beyond the recursion limit (depth=10**400) bounds nothing
    lines: list[Any] = [None] * ((min(horizon, deepest) if horizon > 0 else deepest) + 1)
    unwound: list[Any] = []  # the line, filled as a RecursionError unwinds it

    def score(state: S, ply: int, terminal: bool) -> Vector:
        """The vector of a leaf at ``ply``: its utilities, or else its evaluation."""
        nonlocal leaves, max_depth, estimates
        read: Callable[[S, Player], float]
        if terminal:
            read, source = game.utility, "utility"
        else:
            assert evaluate is not None  # a depth limit implies an evaluation
            read, source = evaluate, "evaluate"
            estimates += 1
        values = tuple([read(state, player) for player in everyone])
        for player, value in enumerate(values):
            if value.__class__ is not float or not neg_inf < value < inf:
                checked_number(value, state, player, source)
        if limits is not None:
            limits.check(values, state, source)
        leaves += 1
        if ply > max_depth:
            max_depth = ply
        return values

    def mover_of(state: S) -> Player:
        """``to_move(state)``, checked to be one of the players."""
        mover = to_move(state)
        if mover not in everyone:  # range membership compares with ==: 1.0 counts as 1
            raise mover_error(state, mover, players, chance=False)
        return int(mover)

    def search(state: S, mover: Player, ply: int, parent: Player, parent_best: float) -> Vector:
        """MAX-N(s) (Luckhardt and Irani 1986): the vector of the non-terminal ``state``.

        ``mover`` is to move at ``state``; ``parent`` moved into it and can already get
        ``parent_best`` from an earlier sibling (-inf if none). Without pruning the vector is
        exact. With shallow pruning (Korf 1991) it is exact unless this node is pruned; a pruned
        node returns a vector of one of its children, which gives ``parent`` at most
        ``parent_best``, so that ``parent``, which keeps the first of equal values, rejects it.
        """
        nonlocal expanded, cutoffs
        expanded += 1
        best: Vector | None = None
        best_own = -inf  # best[mover]
        child_ply = ply + 1
        try:
            moves = actions(state)
            for action in moves:
                child = result(state, action)
                terminal = is_terminal(child)
                if terminal or child_ply == horizon:
                    values, below = score(child, child_ply, terminal), None
                    if trace is not None:
                        tell_leaf(child, action, child_ply, values, terminal)
                else:
                    child_mover = mover_of(child)
                    if trace is not None:
                        tell_enter(child, action, child_ply, child_mover)
                    values = search(child, child_mover, child_ply, mover, best_own)
                    below = lines[child_ply]
                own = values[mover]
                if own > best_own or best is None:
                    best, best_own = values, own
                    lines[ply] = (action, below)
                    if stops is not None and stops(own, mover, parent, parent_best):
                        cutoffs += 1
                        if trace is not None:
                            tell_prune(state, ply, values, moves, action)
                        break
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, game, state, evaluate)
        except RecursionError:  # tell recursion_guard the line, to look for a cycle in it
            unwound.append(state)
            raise
        if best is None:
            raise no_actions_error(state)
        if trace is not None:
            tell_leave(state, ply, best, lines[ply])
        return best

    if trace is not None:
        from ..trace.events import Enter, Leaf, Leave, Prune  # loaded only by a traced search

    def tell_enter(state: S, action: Any, ply: int, mover: Player) -> None:
        assert trace is not None
        moves = tuple(actions(state))
        trace(Enter(state, action, ply, mover, "max", None, None, moves))

    def tell_leaf(state: S, action: Any, ply: int, values: Vector, terminal: bool) -> None:
        assert trace is not None
        vector = tuple(float(value) for value in values)
        trace(Leaf(state, action, ply, vector[root_player], terminal, values=vector))

    def tell_prune(state: S, ply: int, values: Vector, moves: Any, action: Any) -> None:
        assert trace is not None
        moves = tuple(moves)
        rest = moves[moves.index(action) + 1 :]
        trace(Prune(state, ply, rest, float(values[root_player]), -inf, inf))

    def tell_leave(state: S, ply: int, best: Vector, line: Any) -> None:
        assert trace is not None
        vector = tuple(float(value) for value in best)
        action = None if line is None else line[0]
        trace(Leave(state, ply, vector[root_player], action, None, None, values=vector))

    terminal = is_terminal(root)
    with recursion_guard("maxn", unwound, request.members.key):
        root_player = mover_of(root)
        if trace is not None and not terminal:
            tell_enter(root, None, 0, root_player)
        if terminal:
            values = score(root, 0, terminal)
            if trace is not None:
                tell_leaf(root, None, 0, values, True)
        else:
            values = on_fresh_stack(search, root, root_player, 0, root_player, -inf)
    vector = tuple(float(value) for value in values)
    return make_result(
        vector[root_player],
        None if terminal else lines[0],
        root_player,
        nodes=expanded + leaves,
        leaves=leaves,
        cutoffs=cutoffs,
        max_depth=max_depth,
        started=started,
        depth=None if horizon < 0 else horizon,
        exact=estimates == 0,
        values=vector,
    )


def _pruning_bounds(pruning: object, bounds: object, players: int) -> Bounds | None:
    """The checked bounds of shallow pruning, or ``None`` for plain max-n.

    Raises:
        InvalidSearchOptionError: an unknown ``pruning``, shallow pruning without ``bounds``,
            or ``bounds`` without shallow pruning.
    """
    if pruning not in PRUNING:
        raise InvalidSearchOptionError(f"maxn: pruning must be None or 'shallow', not {pruning!r}")
    if pruning == "shallow":
        if bounds is None:
            raise InvalidSearchOptionError(
                "maxn: pruning='shallow' needs sum_bounds=(min_per_player, max_sum), the least "
                "utility of any player and the most the players' utilities sum to"
            )
        return check_bounds(bounds, players, "maxn")
    if bounds is not None:
        raise InvalidSearchOptionError(
            "maxn: sum_bounds are used by pruning='shallow' only; pass pruning='shallow' as "
            "well"
        )
    return None
