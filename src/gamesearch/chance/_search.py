"""The one search loop of games of chance: expectiminimax, Star1, Star2 and expectimax.

A node's value is MAX's expected utility: the highest child value where MAX moves, the lowest
where MIN moves, and the probability-weighted sum of the children's values at a chance node
(Michie 1966; AIMA 3rd ed., section 5.5). Expectimax has no MIN: every other player's node is
averaged too, weighted by an opponent model. Values are the game's own numbers, never
converted to float inside the search: with integer or ``Fraction`` utilities and ``Fraction``
probabilities the arithmetic is exact.

**Star1** (Ballard, "The *-minimax search procedure for trees containing chance nodes",
Artificial Intelligence 21, 1983; Hauk, Buro and Schaeffer, "Rediscovering *-Minimax Search",
Computers and Games 2004) prunes at chance nodes as well. If every value lies within known
bounds ``L <= v <= U``, the children not yet searched are worth at least ``L`` and at most
``U``, so after the children ``1 .. i-1`` (values ``v_j``, probabilities ``p_j``) the node's
value ``V`` satisfies

    sum_{j<i} p_j v_j + p_i v_i + L * Q_i  <=  V  <=  sum_{j<i} p_j v_j + p_i v_i + U * Q_i

where ``Q_i`` is the probability of the children after ``i``. ``V <= alpha`` is then certain
once ``v_i <= A_i = (alpha - sum_{j<i} p_j v_j - U * Q_i) / p_i``, and ``V >= beta`` once
``v_i >= B_i = (beta - sum_{j<i} p_j v_j - L * Q_i) / p_i``: child ``i`` is searched with the
window ``(max(A_i, L), min(B_i, U))`` and a value outside ``(A_i, B_i)`` cuts the node off.

**Star2** first *probes*: for each child that is a MAX node it searches only the child's first
action, whose value is a lower bound on the child (and for a MIN child, an upper bound); the
bounds replace ``L`` and ``U`` in the formulas above and may cut the chance node off before any
child is searched in full. A probe that does not cut off returns an exact value (its window
reaches down to ``L``, or up to ``U``), so the search phase goes on from the child's second
action: no node is visited twice, and Star2 visits no more nodes than the unpruned search.
A probe is made only where its bound could cut the chance node off: a MAX child's lower bound
only when ``beta < U``, a MIN child's upper one only when ``alpha > L`` (on Pig endgames four
chance nodes in five have the full window, where a probe would only cost).

Values are fail-soft, and every value is MAX's (the root player's). A cut-off chance node
returns its bound, clamped to the window edge it crossed, so that rounding in the formulas can
never make it look exact.

The options are resolved once, as the search starts, into the procedures the loop calls:
``decide`` at MAX and MIN nodes (alpha-beta); ``average``, ``star1`` or ``star2`` at chance
nodes; and at another player's node ``average`` again (expectimax) or an error. Without
pruning the window is ``(+inf, -inf)``, which no value narrows and none crosses, so that
``decide`` visits every child. What a node costs (``bench/bench_chance.py``):

- A leaf child is scored in its parent's loop, without a call of its own: only a child that
  is expanded gets a Python frame, one (its parent dispatches it by its kind of node).
- A value is checked with one class test and one comparison with the bounds (the largest
  finite floats without bounds, which NaN and infinities fail); only one that fails is looked
  at closely.
- A chance node's checked distribution is kept while ``chance_outcomes`` keeps returning the
  same tuple, as games with one die do; the sums Star1's and Star2's formulas need of it
  (:class:`Sums`) are kept for each list of probabilities met.
- A leaf under a chance node is exact: Star1 tests it against the node's bounds with two
  additions, without A_i and B_i (two divisions), which only an inner child's window needs.
- Star2 allocates its per-node lists only once a child is not a leaf (most chance nodes have
  only leaves).

The trace is an observer: the loop tells it each node as it searches it (one test of
``tracing`` a child) and the search is the same with it or without. Star2 is not traced (its
probes start on every child before finishing any, which a trace of nested nodes cannot show).
The textbook loops this one is tested against are in ``tests/chance_oracles.py``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .._recursion import on_fresh_stack, recursion_guard
from .._results import make_result
from .._validation import (
    cycle_error,
    mover_error,
    no_actions_error,
    number_error,
    translate,
    unchecked_members,
)
from ..errors import IllegalActionError
from ..game import CHANCE, Game, Player
from ..result import SearchResult
from ..trace.events import Enter, Leaf, Leave, NodeKind, Observer, Prune
from ._common import ChanceProblem, bounds_error, chance_result, distribution, infinite_mix_error

__all__ = ["Opponent", "chance_search", "uniform_opponent"]

Opponent = Callable[[Any, Any], Sequence[tuple[Any, float]]]
"""``opponent(game, state)``: how likely each action of the player to move in ``state`` is."""


class Sums(NamedTuple):
    """What Star1's and Star2's formulas need of one list of probabilities, for each outcome."""

    below: list[Any]
    """The least the outcomes after it can add to the value: L times their probabilities."""
    above: list[Any]
    """The most they can add: U times their probabilities."""
    low_after: list[Any]
    """L times the probability of the outcomes after it, as Star2's probe phase writes it."""
    high_after: list[Any]
    """U times that probability."""
    first: int
    """The index of the first most probable outcome (whose line a node's line follows)."""


_NOTHING: Any = object()
_PLAIN = frozenset((float, int))
"""The classes whose values need only the bounds checked (NaN fails them)."""
_LARGEST: Any = sys.float_info.max
"""The largest finite float: the bounds when none are given, which infinities fail."""
_LEAF: Any = object()
_SUMS_LIMIT = 256
"""The most lists of probabilities whose sums one search keeps."""


def uniform_opponent(game: Game[Any, Any], state: Any) -> list[tuple[Any, float]]:
    """Every legal action in ``state`` with the same probability: a random opponent."""
    actions = game.actions(state)
    if not actions:
        raise no_actions_error(state)
    share = 1 / len(actions)
    return [(action, share) for action in actions]


def check_legal(pairs: list[Any], legal: Sequence[Any], state: Any) -> None:
    """Raise :class:`IllegalActionError` unless the opponent model's actions are legal.

    ``pairs`` are the model's actions of probability above 0 in ``state``.
    """
    for action, _ in pairs:
        if action not in legal:
            raise IllegalActionError(action, tuple(legal), f"the opponent model at {state!r}")


def sums_of(probabilities: tuple[Any, ...], low: Any, high: Any) -> Sums:
    """What the formulas need of a list of probabilities with bounds ``(low, high)``."""
    count = len(probabilities)
    after: list[Any] = [0] * count
    below: list[Any] = [0] * count
    above: list[Any] = [0] * count
    for i in range(count - 1, 0, -1):
        probability = probabilities[i]
        after[i - 1] = after[i] + probability
        below[i - 1] = below[i] + probability * low
        above[i - 1] = above[i] + probability * high
    return Sums(
        below,
        above,
        [low * rest for rest in after],
        [high * rest for rest in after],
        probabilities.index(max(probabilities)),
    )


def chance_search(
    game: Game[Any, Any],
    problem: ChanceProblem,
    depth: int | None,
    evaluate: Callable[[Any, Player], float] | None,
    *,
    opponent: Opponent | None,
    bounds: tuple[Any, Any] | None,
    pruning: str | None,
    searcher: str,
    started: float,
    trace: Observer | None = None,
) -> SearchResult[Any]:
    """Search below ``problem.root`` and back up expected values for ``problem.player``.

    Args:
        game: The game.
        problem: The checked request: root, ply limit, MAX and ``chance_outcomes``.
        depth: The depth limit as given, for the result.
        evaluate: The estimate at the depth limit (decision plies only: chance nodes do not
            count).
        opponent: ``None`` for MIN nodes (expectiminimax); otherwise the model that turns
            every other player's node into an average (expectimax).
        bounds: ``(L, U)`` that every utility and evaluation must respect, or ``None``;
            required with ``pruning``.
        pruning: ``None``, ``"star1"`` or ``"star2"`` (not traced).
        searcher: The public name, for error messages.
        started: ``time.perf_counter()`` when the search was called.
        trace: The observer of the search's events, or ``None``.
    """
    root, limit, max_player, outcomes_of = problem
    # Values are the game's own numbers (int, Fraction, float), never converted.
    is_terminal, to_move, utility, estimate = unchecked_members(game, evaluate)
    actions, result = game.actions, game.result
    windowed = pruning is not None
    # Without bounds, every finite float: an infinite value (or NaN) goes to ``checked``.
    low, high = (-_LARGEST, _LARGEST) if bounds is None else bounds
    # Expectimax has no MIN: there the test for MIN's nodes, after MAX's, always fails.
    min_player = 1 - max_player if opponent is None else max_player
    others = tuple(player for player in range(game.num_players) if player != max_player)
    legal_check = opponent is not None and opponent is not uniform_opponent
    # Counted: nodes, cutoffs, terminal leaves (``ends``) with the deepest one's decision ply,
    # and the leaves scored by ``evaluate`` (``estimates``), all at the depth limit, the
    # deepest ply there is.
    nodes, cutoffs, ends, max_depth, estimates = 1, 0, 0, 0, 0
    track = limit < 0  # without a depth limit a cycle would never end: watch the line
    on_line: set[Any] = set()
    # The last distribution checked: what chance_outcomes returned, the checked pairs, and
    # (with pruning) their sums; and the sums of each list of probabilities met.
    known: list[Any] = [_NOTHING, None, None]
    sums: dict[tuple[Any, ...], Sums] = {}
    tracing = trace is not None
    # With a trace: the action, probability and tree depth of the edge into the next node,
    # set by the parent just before it expands the child (chance layers count here).
    edge: tuple[Any, Any, int] = (None, None, 0)

    def checked(value: Any, state: Any, source: str) -> Any:
        """``value``, a leaf's, if it is a number (within the bounds, if any); else raise."""
        error = number_error(value, state, max_player, source)
        if error is not None:
            raise error
        if bounds is not None and not low <= value <= high:
            raise bounds_error(state, max_player, source, value, bounds)
        return value

    def visit(state: Any, ply: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        """The value of any node ``state`` for MAX and its line: the root's."""
        nonlocal ends, max_depth, estimates
        if is_terminal(state):
            value = utility(state, max_player)
            if value.__class__ not in _PLAIN or not low <= value <= high:
                value = checked(value, state, "utility")
            ends += 1
            if ply > max_depth:
                max_depth = ply
        elif ply == limit:
            value = estimate(state, max_player)  # type: ignore[misc]  # a limit implies it
            if value.__class__ not in _PLAIN or not low <= value <= high:
                value = checked(value, state, "evaluate")
            estimates += 1
        else:
            return expand(state, ply, alpha, beta, None)
        if tracing:
            tell_leaf(state, edge[0], edge[1], edge[2], value)
        return value, None

    def expand(state: Any, ply: int, alpha: Any, beta: Any, first: Any) -> tuple[Any, Any]:
        """The value and line of the inner node ``state``, by its kind of node.

        ``first`` is Star2's probe of a MAX or MIN node, as ``decide`` takes it, or ``None``.
        """
        if track:
            step_on(state)
        level = edge[2]
        try:
            if first is not None:
                found = decide(state, ply, alpha, beta, first[0], first)
            elif (mover := to_move(state)) == CHANCE:
                found = at_chance(state, ply, alpha, beta)
            elif mover == max_player:
                found = decide(state, ply, alpha, beta, True, None)
            elif mover == min_player:
                found = decide(state, ply, alpha, beta, False, None)
            else:
                found = at_other(state, ply, alpha, beta, mover)
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, game, state, evaluate)
        if track:
            on_line.discard(state)
        if tracing:
            tell_leave(state, level, found, alpha, beta)
        return found

    def decide(
        state: Any, ply: int, alpha: Any, beta: Any, maximise: bool, first: Any
    ) -> tuple[Any, Any]:
        """Alpha-beta at a MAX or MIN node: its value for MAX, exact strictly inside the window.

        Recursive core, fail-soft: a value at or below alpha is an upper bound on the node's,
        one at or above beta a lower bound. ``first`` is Star2's probe of the node (maximise,
        the actions, the first one's exact value, its line), the search going on from the
        second action; else ``None``. Leaf children are scored here; the others are
        dispatched here, one frame each.
        """
        nonlocal nodes, cutoffs, ends, max_depth, estimates, edge
        best: Any = None
        best_line = None
        if first is None:
            moves = options = actions(state)
            if tracing:
                level = edge[2]
                tell_enter(state, to_move(state), "max" if maximise else "min", alpha, beta, moves)
        else:  # Star2's probe searched the first action: go on from the second
            _, moves, best, line = first
            options = iter(moves)
            best_line = (next(options), line)
            if maximise and best > alpha:
                alpha = best
            elif not maximise and best < beta:
                beta = best
            if alpha >= beta:
                cutoffs += 1
                return best, best_line
        child_ply = ply + 1
        for action in options:
            nodes += 1
            child = result(state, action)
            line = None
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "utility")
                ends += 1
                if child_ply > max_depth:
                    max_depth = child_ply
            elif child_ply == limit:
                value = estimate(child, max_player)  # type: ignore[misc]  # a limit implies it
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "evaluate")
                estimates += 1
            else:  # ``expand``, inline: one frame a node
                if track:
                    step_on(child)
                if tracing:
                    edge = (action, None, level + 1)
                try:
                    if (mover := to_move(child)) == CHANCE:
                        value, line = at_chance(child, child_ply, alpha, beta)
                    elif mover == max_player:
                        value, line = decide(child, child_ply, alpha, beta, True, None)
                    elif mover == min_player:
                        value, line = decide(child, child_ply, alpha, beta, False, None)
                    else:
                        value, line = at_other(child, child_ply, alpha, beta, mover)
                except TypeError as exc:  # a member returned something of the wrong kind
                    translate(exc, game, child, evaluate)
                if track:
                    on_line.discard(child)
            if tracing:
                tell_child(child, action, None, level + 1, (value, line), alpha, beta)
            if maximise:
                if best_line is None or value > best:
                    best, best_line = value, (action, line)
                    if value > alpha:
                        if value >= beta:
                            break
                        alpha = value
            elif best_line is None or value < best:
                best, best_line = value, (action, line)
                if value < beta:
                    if alpha >= value:
                        break
                    beta = value
        else:  # no cutoff
            if best_line is None:
                raise no_actions_error(state, moves)
            return best, best_line
        cutoffs += 1
        if tracing:
            tell_prune(state, level, moves, action, value, alpha, beta)
        return best, best_line

    def outcomes_at(state: Any, raw: Any) -> list[Any]:
        """The checked distribution ``raw`` of ``state`` (with its sums), laid out as ``known``."""
        if outcomes_of is None:
            raise mover_error(state, CHANCE, game.num_players, chance=False)
        outcomes = distribution(raw, state, "chance_outcomes")
        found = None
        if windowed:
            probabilities = tuple([probability for _, probability in outcomes])
            try:
                found = sums[probabilities]
            except KeyError:
                found = sums_of(probabilities, low, high)
                if len(sums) < _SUMS_LIMIT:
                    sums[probabilities] = found
        entry = [raw, outcomes, found]
        if raw.__class__ is tuple:  # immutable: the same object next time is the same pairs
            known[:] = entry
        return entry

    def average(
        state: Any, ply: int, alpha: Any, beta: Any, mover: Any = CHANCE
    ) -> tuple[Any, Any]:
        """The expectation at nature's node ``state`` without pruning, and its line.

        At another player's node (expectimax), the expectation over the opponent model's
        actions, a decision ply deeper. The line is the most probable outcome's (the first of
        equally likely ones). The window, ``(+inf, -inf)``, is passed on as it is. Leaf
        children are scored here; the others are dispatched here, one frame each.
        """
        nonlocal nodes, ends, max_depth, estimates, edge
        if mover == CHANCE:
            raw = None if outcomes_of is None else outcomes_of(state)
            pairs = known[1] if raw is known[0] else outcomes_at(state, raw)[1]
            next_ply = ply  # chance layers do not count toward the depth
        else:
            if mover not in others:
                raise mover_error(state, mover, game.num_players, chance=outcomes_of is not None)
            pairs = distribution(opponent(game, state), state, "opponent")  # type: ignore[misc]
            if legal_check:
                check_legal(pairs, actions(state), state)
            next_ply = ply + 1
        if tracing:
            level = edge[2]
            tell_enter(state, mover, "chance", alpha, beta, [outcome for outcome, _ in pairs])
        total: Any = 0  # an int, so that exact values stay exact
        likeliest: Any = -1  # a probability: the game's own number, as every value
        best_line = None
        for outcome, probability in pairs:
            nodes += 1
            child = result(state, outcome)
            line = None
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "utility")
                ends += 1
                if next_ply > max_depth:
                    max_depth = next_ply
            elif next_ply == limit:
                value = estimate(child, max_player)  # type: ignore[misc]  # a limit implies it
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "evaluate")
                estimates += 1
            else:  # ``expand``, inline: one frame a node
                if track:
                    step_on(child)
                if tracing:
                    edge = (outcome, probability, level + 1)
                try:
                    if (mover := to_move(child)) == CHANCE:
                        value, line = average(child, next_ply, alpha, beta)
                    elif mover == max_player:
                        value, line = decide(child, next_ply, alpha, beta, True, None)
                    elif mover == min_player:
                        value, line = decide(child, next_ply, alpha, beta, False, None)
                    else:
                        value, line = at_other(child, next_ply, alpha, beta, mover)
                except TypeError as exc:  # a member returned something of the wrong kind
                    translate(exc, game, child, evaluate)
                if track:
                    on_line.discard(child)
            if tracing:
                tell_child(child, outcome, probability, level + 1, (value, line), alpha, beta)
            total += probability * value
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, line)
        if total != total:
            raise infinite_mix_error(state)
        return total, best_line

    def wrong_mover(state: Any, ply: int, alpha: Any, beta: Any, mover: Any) -> tuple[Any, Any]:
        """Expectiminimax at a node of neither player: an error."""
        raise mover_error(state, mover, game.num_players, chance=outcomes_of is not None)

    def star1(state: Any, ply: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        """Star1 at the chance node ``state``: its value for MAX and its line.

        Recursive core, fail-soft as alpha-beta: exact strictly inside (alpha, beta), else a
        bound on the side it fails. Child ``i`` is searched with the window of Ballard's A_i
        and B_i within (L, U); a leaf child, exact, is tested against the node's own bounds.
        """
        nonlocal nodes, cutoffs, ends, max_depth, estimates, edge
        raw = None if outcomes_of is None else outcomes_of(state)
        _, outcomes, found = known if raw is known[0] else outcomes_at(state, raw)
        below, above = found.below, found.above
        level = edge[2]
        if tracing:
            tell_enter(state, CHANCE, "chance", alpha, beta, [outcome for outcome, _ in outcomes])
        total: Any = 0  # the probability-weighted values of the outcomes searched so far
        likeliest: Any = -1  # a probability: the game's own number, as every value
        best_line = None
        for i, (outcome, probability) in enumerate(outcomes):
            nodes += 1
            child = result(state, outcome)
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "utility")
                ends += 1
                if ply > max_depth:
                    max_depth = ply
            elif ply == limit:
                value = estimate(child, max_player)  # type: ignore[misc]  # a limit implies it
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "evaluate")
                estimates += 1
            else:
                cut_low = (alpha - total - above[i]) / probability  # Ballard's A_i
                cut_high = (beta - total - below[i]) / probability  # Ballard's B_i
                if tracing:
                    edge = (outcome, probability, level + 1)
                value, line = expand(
                    child,
                    ply,
                    cut_low if cut_low >= low else low,
                    cut_high if cut_high <= high else high,
                    None,
                )
                if value <= cut_low:  # V <= alpha whatever the other outcomes bring
                    bound = total + probability * value + above[i]
                    bound = bound if bound <= alpha else alpha
                    cutoffs += 1
                    if tracing:
                        tell_cut(state, level, outcomes, i, bound, alpha, beta)
                    return bound, (outcome, line)
                if value >= cut_high:  # V >= beta whatever the other outcomes bring
                    bound = total + probability * value + below[i]
                    bound = bound if bound >= beta else beta
                    cutoffs += 1
                    if tracing:
                        tell_cut(state, level, outcomes, i, bound, alpha, beta)
                    return bound, (outcome, line)
                total += probability * value
                if probability > likeliest:  # the first of the most probable outcomes
                    likeliest, best_line = probability, (outcome, line)
                continue
            if tracing:
                tell_leaf(child, outcome, probability, level + 1, value)
            # A leaf's value is exact: the node's own bounds decide, without A_i and B_i.
            total += probability * value
            if total + above[i] <= alpha or total + below[i] >= beta:
                cutoffs += 1
                bound = total + (above[i] if total + above[i] <= alpha else below[i])
                if tracing:
                    tell_cut(state, level, outcomes, i, bound, alpha, beta)
                return bound, (outcome, None)
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, None)
        if total != total:
            raise infinite_mix_error(state)
        return total, best_line

    def star2(state: Any, ply: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        """Star2 at the chance node ``state``: its value for MAX and its line, fail-soft.

        The leading leaf children are scored and summed only: a chance node whose children
        are all leaves (most of them) keeps no lists and returns its exact expectation. At the
        first child that is not a leaf the probe phase (``probe_phase``) takes over.
        """
        nonlocal nodes, cutoffs, ends, max_depth, estimates
        raw = None if outcomes_of is None else outcomes_of(state)
        _, outcomes, found = known if raw is known[0] else outcomes_at(state, raw)
        low_after, high_after = found.low_after, found.high_after  # L and U times the rest
        least: Any = 0
        for start, (outcome, probability) in enumerate(outcomes):
            nodes += 1
            child = result(state, outcome)
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "utility")
                ends += 1
                if ply > max_depth:
                    max_depth = ply
            elif ply == limit:
                value = estimate(child, max_player)  # type: ignore[misc]  # a limit implies it
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "evaluate")
                estimates += 1
            else:
                return probe_phase(state, ply, alpha, beta, outcomes, found, start, child, least)
            least += probability * value
            if least + low_after[start] >= beta:
                cutoffs += 1
                bound = least + low_after[start]
                return (bound if bound >= beta else beta), (outcome, None)
            if least + high_after[start] <= alpha:
                cutoffs += 1
                bound = least + high_after[start]
                return (bound if bound <= alpha else alpha), (outcome, None)
        if least != least:  # every child a leaf: least is the exact expectation
            raise infinite_mix_error(state)
        return least, (outcomes[found.first][0], None)

    def probe_phase(
        state: Any,
        ply: int,
        alpha: Any,
        beta: Any,
        outcomes: list[Any],
        found: Sums,
        start: int,
        child: Any,
        least: Any,
    ) -> tuple[Any, Any]:
        """Star2's probes from the chance node's child ``start``, ``child``; then its search.

        Recursive core, fail-soft as alpha-beta. The probe of a MAX child searches its first
        action only, a lower bound on it (a MIN child's, an upper bound), and cuts the node
        off if the bounds already put it outside the window (alpha, beta); ``least`` is the
        sum over the leading leaves, exact. The search phase goes on from each probed child's
        second action (``search_phase``).
        """
        nonlocal nodes, cutoffs, ends, max_depth, estimates
        low_after, high_after = found.low_after, found.high_after
        count = len(outcomes)
        prefix = most = least  # the expectation's part from the leading leaves, exact
        children: list[Any] = [None] * count
        # For each child: _LEAF if it is a leaf (its value in lows and highs), or its probe's
        # (maximise, actions, the first's exact value, line), or None if it was not probed.
        probed: list[Any] = [None] * count
        lows: list[Any] = [low] * count  # what each child is known to be worth at least...
        highs: list[Any] = [high] * count  # ...and at most
        for i in range(start, count):
            outcome, probability = outcomes[i]
            if i > start:
                nodes += 1
                child = result(state, outcome)
            children[i] = child
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "utility")
                ends += 1
                if ply > max_depth:
                    max_depth = ply
                probed[i], lows[i], highs[i] = _LEAF, value, value
            elif ply == limit:
                value = estimate(child, max_player)  # type: ignore[misc]  # a limit implies it
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "evaluate")
                estimates += 1
                probed[i], lows[i], highs[i] = _LEAF, value, value
            elif (mover := to_move(child)) == CHANCE or (
                # A probe is worth its cost only where its bound can cut this node off: a
                # MAX child's lower bound where beta < U, a MIN child's upper one where alpha > L.
                (beta >= high) if (maximise := mover == max_player) else (alpha <= low)
            ):
                if mover != CHANCE and not maximise and mover != min_player:
                    raise mover_error(child, mover, 2, chance=True)
            else:
                if maximise:  # the first action's value is a lower bound on MAX's
                    reach = (beta - least - low_after[i]) / probability
                else:  # MIN's first action: an upper bound
                    reach = (alpha - most - high_after[i]) / probability
                choices, value, line = probe(child, ply + 1, maximise, mover, reach)
                if maximise and value >= reach:
                    cutoffs += 1
                    bound = least + probability * value + low_after[i]
                    return (bound if bound >= beta else beta), (outcome, (choices[0], line))
                if not maximise and value <= reach:
                    cutoffs += 1
                    bound = most + probability * value + high_after[i]
                    return (bound if bound <= alpha else alpha), (outcome, (choices[0], line))
                probed[i] = (maximise, choices, value, line)  # exact: its window reached L or U
                if maximise:
                    lows[i] = value
                else:
                    highs[i] = value
            least += probability * lows[i]
            most += probability * highs[i]
            if least + low_after[i] >= beta:
                cutoffs += 1
                bound = least + low_after[i]
                return (bound if bound >= beta else beta), (outcome, None)
            if most + high_after[i] <= alpha:
                cutoffs += 1
                bound = most + high_after[i]
                return (bound if bound <= alpha else alpha), (outcome, None)
        return search_phase(
            state, ply, alpha, beta, outcomes, start, prefix, (children, probed, lows, highs)
        )

    def probe(child: Any, ply: int, maximise: bool, mover: Any, reach: Any) -> tuple[Any, Any, Any]:
        """Star2's probe of the MAX or MIN node ``child``: its actions, the first's value, line.

        ``reach`` is the value past which the probe cuts its chance node off: the first
        action is searched with the window from L to it (a MAX child) or from it to U.
        """
        nonlocal nodes, ends, max_depth, estimates
        if track and child in on_line:
            raise cycle_error(child, searcher)
        choices = actions(child)
        if not choices:
            raise no_actions_error(child)
        if maximise:
            window = low, (reach if reach <= high else high)
        elif mover == min_player:
            window = (reach if reach >= low else low), high
        else:
            raise mover_error(child, mover, 2, chance=True)
        nodes += 1
        grandchild = result(child, choices[0])
        if is_terminal(grandchild):  # a leaf is scored here, without a frame
            value = utility(grandchild, max_player)
            if value.__class__ not in _PLAIN or not low <= value <= high:
                value = checked(value, grandchild, "utility")
            ends += 1
            if ply > max_depth:
                max_depth = ply
            return choices, value, None
        if ply == limit:
            value = estimate(grandchild, max_player)  # type: ignore[misc]  # a limit implies it
            if value.__class__ not in _PLAIN or not low <= value <= high:
                value = checked(value, grandchild, "evaluate")
            estimates += 1
            return choices, value, None
        if track:
            on_line.add(child)
        value, line = expand(grandchild, ply, *window, None)
        if track:
            on_line.discard(child)
        return choices, value, line

    def search_phase(
        state: Any,
        ply: int,
        alpha: Any,
        beta: Any,
        outcomes: list[Any],
        start: int,
        prefix: Any,
        probes: tuple[list[Any], list[Any], list[Any], list[Any]],
    ) -> tuple[Any, Any]:
        """Star2's search phase: Star1 from child ``start``, with the probes' bounds for L and U.

        Recursive core, fail-soft as alpha-beta. ``prefix`` is the exact sum over the leading
        leaves, whose tests could not cut the node off here after the probe phase's last one
        did not; ``probes`` are the children, their probes, and what each is worth at least
        and at most (see ``probe_phase``).
        """
        nonlocal cutoffs
        children, probed, lows, highs = probes
        count = len(outcomes)
        below: list[Any] = [0] * count  # sums of probabilities times values: the game's numbers
        above: list[Any] = [0] * count
        for i in range(count - 1, start, -1):
            probability = outcomes[i][1]
            below[i - 1] = below[i] + probability * lows[i]
            above[i - 1] = above[i] + probability * highs[i]
        total: Any = prefix
        likeliest: Any = -1  # a probability: the game's own number, as every value
        best_line = None
        for outcome, probability in outcomes[:start]:
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, None)
        for i in range(start, count):
            outcome, probability = outcomes[i]
            entry = probed[i]
            if entry is _LEAF:  # exact: the node's own bounds decide, as in ``star1``
                total += probability * lows[i]
                if total + above[i] <= alpha:
                    cutoffs += 1
                    return total + above[i], (outcome, None)
                if total + below[i] >= beta:
                    cutoffs += 1
                    return total + below[i], (outcome, None)
                if probability > likeliest:
                    likeliest, best_line = probability, (outcome, None)
                continue
            cut_low = (alpha - total - above[i]) / probability
            cut_high = (beta - total - below[i]) / probability
            window_low = cut_low if cut_low >= low else low
            window_high = cut_high if cut_high <= high else high
            child = children[i]
            if track:
                step_on(child)
            try:  # ``expand``, inline (Star2 is not traced): one frame a node
                if entry is not None:  # probed: go on from its second action
                    value, line = decide(child, ply, window_low, window_high, entry[0], entry)
                elif (mover := to_move(child)) == CHANCE:
                    value, line = star2(child, ply, window_low, window_high)
                elif mover == max_player:
                    value, line = decide(child, ply, window_low, window_high, True, None)
                elif mover == min_player:
                    value, line = decide(child, ply, window_low, window_high, False, None)
                else:
                    raise mover_error(child, mover, 2, chance=True)
            except TypeError as exc:  # a member returned something of the wrong kind
                translate(exc, game, child, evaluate)
            if track:
                on_line.discard(child)
            if value <= cut_low:
                cutoffs += 1
                bound = total + probability * value + above[i]
                return (bound if bound <= alpha else alpha), (outcome, line)
            if value >= cut_high:
                cutoffs += 1
                bound = total + probability * value + below[i]
                return (bound if bound >= beta else beta), (outcome, line)
            total += probability * value
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, line)
        if total != total:
            raise infinite_mix_error(state)
        return total, best_line

    def step_on(state: Any, deepest: int = sys.getrecursionlimit()) -> None:
        """Put ``state`` on the line searched, unless it is on it already: a cycle.

        ``deepest`` is the longest line (one frame a node in the pure build; compiled, the
        loop's C calls are not counted by the recursion limit: see
        :func:`gamesearch.twoplayer._children.deepest_ply`).
        """
        if state in on_line:
            raise cycle_error(state, searcher)
        if len(on_line) >= deepest:
            raise RecursionError("maximum recursion depth exceeded")
        on_line.add(state)

    def tell_child(
        state: Any, via: Any, probability: Any, level: int, found: Any, alpha: Any, beta: Any
    ) -> None:
        """Tell the trace of a child searched: a leaf scored (no line), or a node left."""
        if found[1] is None:
            tell_leaf(state, via, probability, level, found[0])
        else:
            tell_leave(state, level, found, alpha, beta)

    def tell_cut(
        state: Any, level: int, outcomes: list[Any], i: int, bound: Any, alpha: Any, beta: Any
    ) -> None:
        """Tell the trace of Star1's cutoff at the chance node ``state`` after outcome ``i``."""
        moves = [outcome for outcome, _ in outcomes]
        tell_prune(state, level, moves, outcomes[i][0], bound, alpha, beta)

    def shown(value: Any) -> float | None:
        """A window edge as the trace tells it: none without pruning."""
        return float(value) if windowed else None

    def tell_enter(
        state: Any, mover: Any, kind: NodeKind, alpha: Any, beta: Any, moves: Any
    ) -> None:
        """Tell the trace the search enters ``state`` through ``edge``."""
        assert trace is not None
        via, probability, level = edge
        trace(
            Enter(
                state,
                via,
                level,
                mover,
                kind,
                shown(alpha),
                shown(beta),
                tuple(moves),
                probability=probability,
            )
        )

    def tell_leaf(state: Any, via: Any, probability: Any, level: int, value: Any) -> None:
        """Tell the trace the search scores the leaf ``state``."""
        assert trace is not None
        terminal = is_terminal(state)
        trace(Leaf(state, via, level, float(value), terminal, probability=probability))

    def tell_leave(state: Any, level: int, found: Any, alpha: Any, beta: Any) -> None:
        """Tell the trace the search leaves ``state`` with ``found``, its value and line."""
        assert trace is not None
        best = None if found[1] is None else found[1][0]
        trace(Leave(state, level, float(found[0]), best, shown(alpha), shown(beta)))

    def tell_prune(
        state: Any, level: int, moves: Any, last: Any, value: Any, alpha: Any, beta: Any
    ) -> None:
        """Tell the trace of a cutoff at ``state`` after ``last``, of its moves or outcomes."""
        assert trace is not None
        order = list(moves)
        rest = tuple(order[order.index(last) + 1 :])
        trace(Prune(state, level, rest, float(value), float(alpha), float(beta)))

    procedures: dict[str | None, Callable[[Any, int, Any, Any], tuple[Any, Any]]]
    procedures = {None: average, "star1": star1, "star2": star2}
    at_chance = procedures[pruning]
    at_other = wrong_mover if opponent is None else average
    # Without pruning, the window (+inf, -inf): no value narrows it, and none crosses it.
    alpha, beta = (low, high) if windowed else (math.inf, -math.inf)
    with recursion_guard(searcher):
        value, line = on_fresh_stack(visit, root, 0, alpha, beta)
    found = make_result(
        value,
        line,
        max_player,
        nodes=nodes,
        leaves=ends + estimates,
        cutoffs=cutoffs,
        max_depth=max(max_depth, limit) if estimates else max_depth,
        exact=estimates == 0,
        depth=depth,
        started=started,
    )
    return chance_result(game, root, found)
