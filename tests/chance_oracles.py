"""The textbook loops of expectiminimax, Star1, Star2 and expectimax: the production loop's oracles.

These were the library's traced loops until issue 28 made one production loop
(``gamesearch/chance/_search.py``) serve with a trace and without. They are kept here, as
written then, to check that loop against: one frame a node, every leaf scored by
:class:`LeafScorer`, Star2's probes and Star1's search phase in one
chance procedure (``probe=True`` runs Star2 here, traced or not), and no inlining. A test calls
them with a checked :class:`~gamesearch.chance._common.ChanceRequest` (see
``reference_search``) and compares value, action, line, statistics and trace events.

Star1 and Star2, as these loops do them:
Star1 and Star2: alpha-beta pruning at the chance nodes of expectiminimax (Ballard 1983).

Alpha-beta cannot prune below a chance node by comparing one child with the window: the node's
value is a weighted sum, and any child can still move it. But if every value lies within known
bounds ``L <= v <= U``, the children not yet searched are worth at least ``L`` and at most
``U``, so after the children ``1 .. i-1`` (values ``v_j``, probabilities ``p_j``) the node's
value ``V`` satisfies

    sum_{j<i} p_j v_j + p_i v_i + L * Q_i  <=  V  <=  sum_{j<i} p_j v_j + p_i v_i + U * Q_i

where ``Q_i`` is the probability of the children after ``i``. ``V <= alpha`` is then certain
once ``v_i <= A_i = (alpha - sum_{j<i} p_j v_j - U * Q_i) / p_i``, and ``V >= beta`` once
``v_i >= B_i = (beta - sum_{j<i} p_j v_j - L * Q_i) / p_i``: child ``i`` is searched with the
window ``(max(A_i, L), min(B_i, U))`` and a value outside ``(A_i, B_i)`` cuts the node off.
This is **Star1** (Ballard, "The *-minimax search procedure for trees containing chance
nodes", Artificial Intelligence 21, 1983; Hauk, Buro and Schaeffer, "Rediscovering *-Minimax
Search", Computers and Games 2004, give it for uniform probabilities, as here generalised).

**Star2** first *probes*: for each child that is a MAX node it searches only the child's first
action, whose value is a lower bound on the child (and for a MIN child, an upper bound); the
bounds replace ``L`` and ``U`` in the formulas above and may cut the chance node off before any
child is searched in full. A probe that does not cut off returns an exact value (its window
reaches down to ``L``, or up to ``U``), so the search phase goes on from the child's second
action instead of searching the first again: no node is visited twice, and Star2 visits no
more nodes than the unpruned search. Leaf children are scored once, in the probe phase.

A probe is made only where its bound could cut the chance node off: a MAX child's lower bound
only when ``beta < U``, a MIN child's upper bound only when ``alpha > L``. Where the window
reaches a bound (at the root, and down every probe, which searches with ``L`` or ``U`` as
one edge) no such cutoff can happen, and the probe would only add to the node's cost: on Pig
endgames four chance nodes in five had the full window ``(L, U)``. A chance node whose
children all turn out to be leaves has its exact value after the probe phase, and returns it.

Values are fail-soft, the MAX and MIN nodes are ordinary alpha-beta, and every value is MAX's
(the root player's). A cut-off chance node returns its bound, clamped to the window edge it
crossed, so that rounding in the formulas can never make it look exact.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from gamesearch._distributions import distribution
from gamesearch._recursion import cycle_error, on_fresh_stack, recursion_guard
from gamesearch._results import make_result
from gamesearch._validation import (
    mover_error,
    no_actions_error,
    number_error,
    translate,
)
from gamesearch.capabilities import Capabilities
from gamesearch.chance._common import (
    ChanceRequest,
    bounds_error,
    chance_result,
    infinite_mix_error,
    prepare_chance,
)
from gamesearch.chance._search import Opponent, check_legal, uniform_opponent
from gamesearch.game import CHANCE, Game, Player
from gamesearch.result import SearchResult
from gamesearch.trace.events import Enter, Leaf, Leave, NodeKind, Observer, Prune

_NOTHING: Any = object()
_INF, _NEG_INF = math.inf, -math.inf


class LeafScorer:
    """Scores the leaves of a chance search for MAX, and counts them.

    A state is a leaf when it is terminal (scored by ``utility``) or at the ply limit (scored
    by ``evaluate``); values are checked for NaN and, with ``bounds``, against them.
    """

    __slots__ = (
        "bounds",
        "estimates",
        "evaluate",
        "game",
        "leaves",
        "limit",
        "max_depth",
        "player",
    )

    def __init__(
        self,
        game: Game[Any, Any],
        player: Player,
        limit: int,
        evaluate: Callable[[Any, Player], float] | None,
        bounds: tuple[Any, Any] | None,
    ) -> None:
        self.game, self.player, self.limit = game, player, limit
        self.evaluate, self.bounds = evaluate, bounds
        self.leaves = 0
        """Leaves scored."""
        self.max_depth = 0
        """The deepest decision ply of a leaf scored."""
        self.estimates = 0
        """Leaves scored by ``evaluate``: none means the value is exact."""

    def value(self, state: Any, ply: int) -> Any:
        """The value of ``state`` for MAX if it is a leaf at decision ply ``ply``, else None."""
        game, player = self.game, self.player
        if game.is_terminal(state):
            value = game.utility(state, player)
            source = "utility"
        elif ply == self.limit:
            value = self.evaluate(state, player)  # type: ignore[misc]  # a limit implies it
            source = "evaluate"
            self.estimates += 1
        else:
            return None
        kind = value.__class__
        # None, a string, NaN, +inf or -inf?
        if (kind is not float and kind is not int) or not _NEG_INF < value < _INF:
            error = number_error(value, state, player, source)
            if error is not None:
                raise error
        bounds = self.bounds
        if bounds is not None and not bounds[0] <= value <= bounds[1]:
            raise bounds_error(state, player, source, value, bounds)
        self.leaves += 1
        if ply > self.max_depth:
            self.max_depth = ply
        return value

    def result(
        self,
        root: Any,
        value: Any,
        line: Any,
        *,
        nodes: int,
        cutoffs: int,
        depth: int | None,
        started: float,
    ) -> SearchResult[Any]:
        """The search's result for MAX, with the leaves counted here.

        There is no action to report at a root where nature moves.
        """
        found = make_result(
            value,
            line,
            self.player,
            nodes=nodes,
            leaves=self.leaves,
            cutoffs=cutoffs,
            max_depth=self.max_depth,
            exact=self.estimates == 0,
            depth=depth,
            started=started,
        )
        return chance_result(self.game, root, found)


def reference_search(
    game: Any,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Any = None,
    pruning: str | None = None,
    bounds: tuple[Any, Any] | None = None,
    opponent: Any = None,
    expectimax: bool = False,
    trace: Observer | None = None,
) -> SearchResult[Any]:
    """The oracle's search of ``game`` from ``state``, with the public searchers' options.

    ``expectimax`` searches as :func:`gamesearch.expectimax` (``opponent`` ``None`` is the
    uniform model), else as :func:`gamesearch.expectiminimax` with ``pruning``; Star2 may be
    traced here.
    """
    name = "expectimax" if expectimax else "expectiminimax"
    request = prepare_chance(game, state, depth, evaluate, Capabilities.of(game), name)
    if pruning is None:
        return expect_search(
            game,
            request,
            depth,
            evaluate,
            opponent=(opponent or uniform_opponent) if expectimax else None,
            bounds=bounds,
            searcher=name,
            started=0.0,
            trace=trace,
        )
    assert bounds is not None
    return star_search(
        game,
        request,
        depth,
        evaluate,
        bounds=bounds,
        probe=pruning == "star2",
        searcher=f"{name} (pruning={pruning!r})",
        started=0.0,
        trace=trace,
    )


def expect_search(
    game: Game[Any, Any],
    request: ChanceRequest,
    depth: int | None,
    evaluate: Callable[[Any, Player], float] | None,
    *,
    opponent: Opponent | None,
    bounds: tuple[Any, Any] | None,
    searcher: str,
    started: float,
    trace: Observer | None = None,
) -> SearchResult[Any]:
    """Search below ``request.root`` and back up expected values for ``request.player``.

    Args:
        game: The game.
        request: The checked request: root, ply limit, MAX and ``chance_outcomes``.
        depth: The depth limit as given, for the result.
        evaluate: The estimate at the depth limit (decision plies only: chance nodes do not
            count).
        opponent: ``None`` for MIN nodes (expectiminimax); otherwise the model that turns
            every other player's node into a chance node (expectimax).
        bounds: ``(lower, upper)`` that every utility and evaluation must respect, or ``None``.
        searcher: The public name, for error messages.
        started: ``time.perf_counter()`` when the search was called.
        trace: The observer of the search's events, or ``None``.
    """
    checked_opponent = opponent is not None and opponent is not uniform_opponent
    root, limit, max_player, outcomes_of = request
    is_terminal, to_move = game.is_terminal, game.to_move
    actions, result = game.actions, game.result
    nodes = 1
    track = limit < 0  # without a depth limit a cycle would never end: watch the line
    on_line: set[Any] = set()
    known: list[Any] = [_NOTHING, None]  # the last tuple of chance_outcomes, and its check
    # With a trace: the action, probability and tree depth of the edge into the next node,
    # set by the parent just before it searches the child (chance layers count here).
    edge: tuple[Any, Any, int] = (None, None, 0)

    scorer = LeafScorer(game, max_player, limit, evaluate, bounds)
    leaf_value = scorer.value
    players = game.num_players
    others = tuple(player for player in range(players) if player != max_player)

    def value_of(state: Any, ply: int, inner: bool = False) -> tuple[Any, Any]:
        """The value of ``state`` for MAX, with the line that achieves it.

        At a chance node (and, for expectimax, a node of another player) the value is the
        expectation over the checked ``(outcome, probability)`` pairs, with the line of the
        most probable outcome (the first of equally likely ones); at MAX's nodes it is the
        highest value of the children, at MIN's the lowest. One Python frame per ply. Without
        a trace the parent scores its leaf children itself and calls this for the others only
        (``inner``), saving a frame a leaf.
        """
        nonlocal nodes, edge
        via, chance, level = edge
        value = None if inner else leaf_value(state, ply)
        if value is not None:
            if trace is not None:
                trace(Leaf(state, via, level, float(value), is_terminal(state), probability=chance))
            return value, None
        if track:
            if state in on_line:
                raise cycle_error(state, searcher)
            on_line.add(state)
        mover = to_move(state)
        try:
            if mover == CHANCE or (mover != max_player and opponent is not None):
                if mover == CHANCE:
                    pairs = chance_pairs(state)
                    next_ply = ply  # chance layers do not count toward the depth
                else:
                    if mover not in others:
                        raise mover_error(state, mover, players, chance=outcomes_of is not None)
                    pairs = distribution(opponent(game, state), state, "opponent")  # type: ignore[misc]
                    if checked_opponent:
                        check_legal(pairs, actions(state), state)
                    next_ply = ply + 1
                if trace is not None:
                    tell_enter(state, via, level, mover, "chance", pairs, chance)
                total: Any = 0  # an int, so that exact values stay exact
                likeliest, best_line = -1, None
                for outcome, probability in pairs:
                    nodes += 1
                    if trace is not None:
                        edge = (outcome, probability, level + 1)
                    child = result(state, outcome)
                    value = None if trace is not None else leaf_value(child, next_ply)
                    if value is None:
                        value, line = value_of(child, next_ply, trace is None)
                    else:
                        line = None
                    total += probability * value
                    if probability > likeliest:
                        likeliest, best_line = probability, (outcome, line)
                if total != total:
                    raise infinite_mix_error(state)
                found = total, best_line
            else:
                maximise = mover == max_player
                if not maximise and mover not in others:
                    raise mover_error(state, mover, players, chance=outcomes_of is not None)
                best, best_line = None, None
                moves = actions(state)
                if trace is not None:
                    kind = "max" if maximise else "min"
                    tell_enter(state, via, level, mover, kind, [(a, None) for a in moves], chance)
                for action in moves:
                    nodes += 1
                    if trace is not None:
                        edge = (action, None, level + 1)
                    child = result(state, action)
                    value = None if trace is not None else leaf_value(child, ply + 1)
                    if value is None:
                        value, line = value_of(child, ply + 1, trace is None)
                    else:
                        line = None
                    if best_line is None or (value > best if maximise else value < best):
                        best, best_line = value, (action, line)
                if best_line is None:
                    raise no_actions_error(state, moves)
                found = best, best_line
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, game, state, evaluate)
        if track:
            on_line.discard(state)
        if trace is not None:
            best_action = None if found[1] is None else found[1][0]
            trace(Leave(state, level, float(found[0]), best_action, None, None))
        return found

    def chance_pairs(state: Any) -> list[Any]:
        """The checked ``chance_outcomes`` of ``state``; a tuple met last time is not rechecked."""
        if outcomes_of is None:
            raise mover_error(state, CHANCE, players, chance=False)
        raw = outcomes_of(state)
        if raw is known[0]:  # the same tuple as last time: checked already
            return known[1]  # type: ignore[no-any-return]
        pairs = distribution(raw, state, "chance_outcomes")
        if raw.__class__ is tuple:  # immutable, so the same next time
            known[:] = raw, pairs
        return pairs

    def tell_enter(
        state: Any, via: Any, level: int, mover: Player, kind: Any, pairs: Any, chance: Any
    ) -> None:
        assert trace is not None
        moves = tuple(action for action, _ in pairs)
        trace(Enter(state, via, level, mover, kind, None, None, moves, probability=chance))

    with recursion_guard(searcher):
        value, line = on_fresh_stack(value_of, root, 0)
    return scorer.result(root, value, line, nodes=nodes, cutoffs=0, depth=depth, started=started)


def star_search(
    game: Game[Any, Any],
    request: ChanceRequest,
    depth: int | None,
    evaluate: Callable[[Any, Player], float] | None,
    *,
    bounds: tuple[Any, Any],
    probe: bool,
    searcher: str,
    started: float,
    trace: Observer | None = None,
) -> SearchResult[Any]:
    """Expectiminimax with Star1 (``probe=False``) or Star2 (``probe=True``) pruning.

    Args:
        game: A two-player game, possibly with chance nodes.
        request: The checked request: root, ply limit, MAX and ``chance_outcomes``.
        depth: The depth limit as given, for the result.
        evaluate: The estimate at the depth limit.
        bounds: ``(L, U)``: no utility or evaluation lies outside them.
        probe: Star2's probing phase at every chance node.
        searcher: The public name, for error messages.
        started: ``time.perf_counter()`` when the search was called.
        trace: The observer of the search's events (Star1 only), or ``None``.
    """
    root, limit, max_player, outcomes_of = request
    is_terminal, to_move = game.is_terminal, game.to_move
    actions, result = game.actions, game.result
    low, high = bounds
    nodes, cutoffs = 1, 0
    track = limit < 0  # without a depth limit a cycle would never end: watch the line
    on_line: set[Any] = set()
    # With a trace: the action, probability and tree depth of the edge into the next node,
    # set by the parent just before it searches the child (chance layers count here).
    edge: tuple[Any, Any, int] = (None, None, 0)

    scorer = LeafScorer(game, max_player, limit, evaluate, bounds)
    leaf_value = scorer.value
    min_player = 1 - max_player

    def enter(state: Any) -> None:
        if state in on_line:
            raise cycle_error(state, searcher)
        on_line.add(state)

    def search(state: Any, ply: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        """The value of ``state`` for MAX, exact if strictly inside (alpha, beta); else a bound.

        A value <= alpha is an upper bound on the true value, one >= beta a lower bound.
        """
        value = leaf(state, ply)
        if value is not None:
            return value, None
        level = edge[2]
        if track:
            enter(state)
        mover = to_move(state)
        try:
            if mover == CHANCE:
                found = chance(state, ply, alpha, beta)
            elif mover in (max_player, min_player):
                found = decide(state, ply, alpha, beta, mover == max_player, None)
            else:
                raise mover_error(state, mover, 2, chance=True)
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, game, state, evaluate)
        if track:
            on_line.discard(state)
        if trace is not None:
            best = None if found[1] is None else found[1][0]
            trace(Leave(state, level, float(found[0]), best, float(alpha), float(beta)))
        return found

    def leaf(state: Any, ply: int) -> Any:
        """The value of ``state`` for MAX if it is a leaf (told to the trace), else ``None``."""
        value = leaf_value(state, ply)
        if value is not None and trace is not None:
            via, probability, level = edge
            terminal = is_terminal(state)
            trace(Leaf(state, via, level, float(value), terminal, probability=probability))
        return value

    def decide(
        state: Any, ply: int, alpha: Any, beta: Any, maximise: bool, first: Any
    ) -> tuple[Any, Any]:
        """Alpha-beta at a MAX or MIN node, values for MAX.

        ``first`` is ``(action, exact value, line)`` for the node's first action when Star2's
        probe has already searched it, else ``None``.
        """
        nonlocal nodes, cutoffs, edge
        moves = actions(state)
        options = iter(moves)
        level = edge[2]
        if trace is not None:
            via, probability, _ = edge
            kind: NodeKind = "max" if maximise else "min"
            trace(
                Enter(
                    state,
                    via,
                    level,
                    to_move(state),
                    kind,
                    float(alpha),
                    float(beta),
                    tuple(moves),
                    probability=probability,
                )
            )
        best: Any = None
        best_line = None
        if first is not None:
            next(options)
            action, value, line = first
            best, best_line = value, (action, line)
            if maximise and value > alpha:
                alpha = value
            elif not maximise and value < beta:
                beta = value
            if alpha >= beta:
                cutoffs += 1
                return best, best_line
        for action in options:
            nodes += 1
            if trace is not None:
                edge = (action, None, level + 1)
            value, line = search(result(state, action), ply + 1, alpha, beta)
            if maximise:
                if best_line is None or value > best:
                    best, best_line = value, (action, line)
                    if value > alpha:
                        if value >= beta:
                            cutoffs += 1
                            if trace is not None:
                                tell_prune(state, level, moves, action, value, alpha, beta)
                            break
                        alpha = value
            elif best_line is None or value < best:
                best, best_line = value, (action, line)
                if value < beta:
                    if alpha >= value:
                        cutoffs += 1
                        if trace is not None:
                            tell_prune(state, level, moves, action, value, alpha, beta)
                        break
                    beta = value
        if best_line is None:
            raise no_actions_error(state)
        return best, best_line

    def tell_prune(
        state: Any, level: int, moves: Any, last: Any, value: Any, alpha: Any, beta: Any
    ) -> None:
        """Tell the trace of a cutoff at ``state`` after ``last``, of its moves or outcomes."""
        assert trace is not None
        order = list(moves)
        rest = tuple(order[order.index(last) + 1 :])
        trace(Prune(state, level, rest, float(value), float(alpha), float(beta)))

    def chance(state: Any, ply: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        """Star1 (and Star2's probing) at the chance node ``state``: its value for MAX and line.

        The contract is the one of alpha-beta: the value is exact when it lies strictly inside
        (alpha, beta), an upper bound when at or below alpha, a lower bound when at or above
        beta. Star1 (Ballard 1983) narrows the window of each outcome with the bounds of the
        utilities and the outcomes already searched, and cuts off once the expectation cannot
        reach the window; Star2 first probes every outcome cheaply (:func:`probe_phase`).
        """
        nonlocal nodes, cutoffs, edge
        if outcomes_of is None:
            raise mover_error(state, CHANCE, 2, chance=False)
        outcomes = distribution(outcomes_of(state), state, "chance_outcomes")
        count = len(outcomes)
        level = edge[2]
        if trace is not None:
            via, chance_of, _ = edge
            trace(
                Enter(
                    state,
                    via,
                    level,
                    CHANCE,
                    "chance",
                    float(alpha),
                    float(beta),
                    tuple(outcome for outcome, _ in outcomes),
                    probability=chance_of,
                )
            )
        after: list[Any] = [0] * count  # after[i]: the probability of the outcomes after i
        for i in range(count - 1, 0, -1):
            after[i - 1] = after[i] + outcomes[i][1]
        children: list[Any] = [None] * count
        scored: list[Any] = [None] * count  # the value of each child that is a leaf...
        probed: list[Any] = [None] * count  # ...or (action, exact value, line) of its probe
        lows: list[Any] = [low] * count  # what each child is known to be worth at least...
        highs: list[Any] = [high] * count  # ...and at most
        if probe:
            cut = probe_phase(
                state, ply, alpha, beta, outcomes, after, children, scored, probed, lows, highs
            )
            if cut is not None:
                return cut
            if None not in scored:  # every child a leaf: the probes made the expectation
                return expectation(state, outcomes, scored)
            # The leading leaves are not tested again: after the probe phase's last test, which
            # did not cut the node off, theirs cannot (in exact arithmetic they are the same).
        # below[i], above[i]: the least and the most the outcomes after i can add to the value.
        below, above = [0] * count, [0] * count
        for i in range(count - 1, 0, -1):
            probability = outcomes[i][1]
            below[i - 1] = below[i] + probability * lows[i]
            above[i - 1] = above[i] + probability * highs[i]
        total: Any = 0  # the probability-weighted values of the outcomes searched so far
        likeliest, best_line = -1, None
        start = 0
        if probe:  # Star2's search phase starts at the first child that is not a leaf
            start = scored.index(None)
            for (outcome, probability), value in zip(outcomes[:start], scored, strict=False):
                total += probability * value
                if probability > likeliest:
                    likeliest, best_line = probability, (outcome, None)
        for i in range(start, count):
            outcome, probability = outcomes[i]
            child = children[i]
            if child is None:
                nodes += 1
                child = result(state, outcome)
            if trace is not None:
                edge = (outcome, probability, level + 1)
            value = scored[i]  # Star2's probes scored every leaf child
            if value is None and not probe:
                value = leaf(child, ply)
            if value is not None:  # exact: the node's own bounds decide, without A_i and B_i
                total += probability * value
                if total + above[i] <= alpha or total + below[i] >= beta:
                    cutoffs += 1
                    bound = total + (above[i] if total + above[i] <= alpha else below[i])
                    if trace is not None:
                        order = [o for o, _ in outcomes]
                        tell_prune(state, level, order, outcome, bound, alpha, beta)
                    return bound, (outcome, None)
                if probability > likeliest:
                    likeliest, best_line = probability, (outcome, None)
                continue
            cut_low = (alpha - total - above[i]) / probability  # Ballard's A_i
            cut_high = (beta - total - below[i]) / probability  # Ballard's B_i
            if probed[i] is None:
                value, line = search(child, ply, max(cut_low, low), min(cut_high, high))
            else:
                if track:
                    enter(child)
                value, line = decide(
                    child,
                    ply,
                    max(cut_low, low),
                    min(cut_high, high),
                    to_move(child) == max_player,
                    probed[i],
                )
                if track:
                    on_line.discard(child)
            if value <= cut_low:  # V <= alpha whatever the other outcomes bring
                cutoffs += 1
                if trace is not None:
                    bound = min(total + probability * value + above[i], alpha)
                    tell_prune(state, level, [o for o, _ in outcomes], outcome, bound, alpha, beta)
                return min(total + probability * value + above[i], alpha), (outcome, line)
            if value >= cut_high:  # V >= beta whatever the other outcomes bring
                cutoffs += 1
                if trace is not None:
                    bound = max(total + probability * value + below[i], beta)
                    tell_prune(state, level, [o for o, _ in outcomes], outcome, bound, alpha, beta)
                return max(total + probability * value + below[i], beta), (outcome, line)
            total += probability * value
            if probability > likeliest:  # the first of the most probable outcomes
                likeliest, best_line = probability, (outcome, line)
        if total != total:
            raise infinite_mix_error(state)
        return total, best_line

    def expectation(state: Any, outcomes: list[Any], values: list[Any]) -> tuple[Any, Any]:
        """The expected value of a chance node whose children are worth ``values``."""
        total: Any = 0
        for (_, probability), value in zip(outcomes, values, strict=True):
            total += probability * value
        if total != total:
            raise infinite_mix_error(state)
        first = max(range(len(outcomes)), key=lambda i: (outcomes[i][1], -i))
        return total, (outcomes[first][0], None)

    def probe_phase(
        state: Any,
        ply: int,
        alpha: Any,
        beta: Any,
        outcomes: list[Any],
        after: list[Any],
        children: list[Any],
        scored: list[Any],
        probed: list[Any],
        lows: list[Any],
        highs: list[Any],
    ) -> tuple[Any, Any] | None:
        """Star2's probing phase: bound each child cheaply; a cutoff, if the bounds give one.

        Fills ``children``, ``scored``, ``probed``, ``lows`` and ``highs`` for the search phase.
        """
        nonlocal nodes, cutoffs
        least: Any = 0  # sum of p_j * lows[j] over the children probed so far
        most: Any = 0  # sum of p_j * highs[j]
        for i, (outcome, probability) in enumerate(outcomes):
            nodes += 1
            child = children[i] = result(state, outcome)
            rest = after[i]
            value = leaf_value(child, ply)
            if value is not None:
                scored[i] = value
                lows[i] = highs[i] = value
            elif (mover := to_move(child)) == CHANCE:
                pass  # a chance node has no first action to probe
            elif (beta >= high) if mover == max_player else (alpha <= low and mover == min_player):
                # A probe is worth its cost only where its bound can cut this node off: a MAX
                # child's lower bound where beta < U, a MIN child's upper bound where alpha > L.
                pass
            else:
                choices = actions(child)
                if not choices:
                    raise no_actions_error(child)
                action = choices[0]
                if track:
                    enter(child)
                nodes += 1
                grandchild = result(child, action)
                if mover == max_player:  # the first action's value is a lower bound
                    cut_high = (beta - least - low * rest) / probability
                    value, line = search(grandchild, ply + 1, low, min(cut_high, high))
                    if track:
                        on_line.discard(child)
                    if value >= cut_high:
                        cutoffs += 1
                        bound = least + probability * value + low * rest
                        return max(bound, beta), (outcome, (action, line))
                    lows[i] = value
                elif mover == min_player:  # MIN's first action: an upper bound
                    cut_low = (alpha - most - high * rest) / probability
                    value, line = search(grandchild, ply + 1, max(cut_low, low), high)
                    if track:
                        on_line.discard(child)
                    if value <= cut_low:
                        cutoffs += 1
                        bound = most + probability * value + high * rest
                        return min(bound, alpha), (outcome, (action, line))
                    highs[i] = value
                else:
                    raise mover_error(child, mover, 2, chance=True)
                probed[i] = (action, value, line)  # exact: its window reached L (or U)
            least += probability * lows[i]
            most += probability * highs[i]
            if least + low * rest >= beta:
                cutoffs += 1
                return max(least + low * rest, beta), (outcome, None)
            if most + high * rest <= alpha:
                cutoffs += 1
                return min(most + high * rest, alpha), (outcome, None)
        return None

    with recursion_guard(searcher, frames_per_ply=2):
        value, line = on_fresh_stack(search, root, 0, low, high)
    return scorer.result(
        root, value, line, nodes=nodes, cutoffs=cutoffs, depth=depth, started=started
    )
