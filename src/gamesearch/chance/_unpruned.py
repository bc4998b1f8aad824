"""Expectiminimax and expectimax without trace hooks, at a cost per node near a hand loop's.

The algorithm is :mod:`._expect`'s, node for node: the same children in the same order, the
same values, lines and counts. What changes is what a node costs (measured against a
hand-written expectiminimax in ``bench/bench_chance.py``):

- A leaf child is scored in its parent's loop, without a call of its own: only a child that
  is expanded gets a Python frame, one (its parent dispatches it by its kind of node).
- A value is checked with one class test and one comparison with the bounds (the largest
  finite floats when none are given, which NaN and infinities fail); only a value that fails
  them is looked at closely.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from .._core import no_actions_error, on_fresh_stack, recursion_guard
from .._validation import cycle_error, mover_error, number_error, translate
from ..game import CHANCE, Game, Player
from ..result import SearchResult
from ._common import ChanceProblem, LeafScorer, bounds_error, distribution, infinite_mix_error

__all__ = ["unpruned_search"]

_NOTHING: Any = object()
_PLAIN = frozenset((float, int))
"""The classes whose values need only the bounds checked (NaN fails them)."""
_LARGEST = sys.float_info.max
"""The largest finite float: the bounds when none are given, which infinities fail."""


def unpruned_search(
    game: Game[Any, Any],
    problem: ChanceProblem,
    depth: int | None,
    evaluate: Callable[[Any, Player], float] | None,
    *,
    opponent: Any,
    legal_check: Callable[[list[Any], Any, Any], None] | None,
    bounds: tuple[Any, Any] | None,
    searcher: str,
    started: float,
) -> SearchResult[Any]:
    """Expectiminimax (``opponent=None``) or expectimax, no trace.

    The arguments are :func:`._expect.expect_search`'s, which calls this when there is no
    trace; ``legal_check(pairs, legal, state)`` refuses an opponent model's illegal action
    (``None`` for the uniform model, which cannot make one).
    """
    root, limit, max_player, outcomes_of = problem
    is_terminal, to_move, utility = game.is_terminal, game.to_move, game.utility
    actions, result = game.actions, game.result
    # Without bounds, every finite float: an infinite value (or NaN) goes to ``checked``.
    low, high = (-_LARGEST, _LARGEST) if bounds is None else bounds
    nodes, leaves, max_depth, estimates = 1, 0, 0, 0
    track = limit < 0  # without a depth limit a cycle would never end: watch the line
    on_line: set[Any] = set()
    known: list[Any] = [_NOTHING, None]  # the last tuple of chance_outcomes, and its check
    players = game.num_players
    others = tuple(player for player in range(players) if player != max_player)
    modelled = opponent is not None  # expectimax: every other player's node is a chance node

    def checked(value: Any, state: Any, source: str) -> Any:
        """``value``, a leaf's, if it is a number (within the bounds, if any); else raise."""
        error = number_error(value, state, max_player, source)
        if error is not None:
            raise error
        if bounds is not None and not low <= value <= high:
            raise bounds_error(state, max_player, source, value, bounds)
        return value

    def average(state: Any, ply: int, mover: Any) -> tuple[Any, Any]:
        """The expectation at ``state``, nature's node (or, for expectimax, another player's).

        The line is the most probable outcome's (the first of equally likely ones). Leaf
        children are scored here; the others are dispatched here, one frame each.
        """
        nonlocal nodes, leaves, max_depth, estimates
        if mover != CHANCE and mover not in others:
            raise mover_error(state, mover, players, chance=outcomes_of is not None)
        if mover == CHANCE:
            if outcomes_of is None:
                raise mover_error(state, CHANCE, players, chance=False)
            raw = outcomes_of(state)
            if raw is known[0]:  # the same tuple as last time: checked already
                pairs = known[1]
            else:
                pairs = distribution(raw, state, "chance_outcomes")
                if raw.__class__ is tuple:  # immutable, so the same next time
                    known[:] = raw, pairs
            next_ply = ply  # chance layers do not count toward the depth
        else:
            pairs = distribution(opponent(game, state), state, "opponent")
            if legal_check is not None:
                legal_check(pairs, actions(state), state)
            next_ply = ply + 1
        total: Any = 0  # an int, so that exact values stay exact
        likeliest, best_line = -1, None
        for outcome, probability in pairs:
            nodes += 1
            child = result(state, outcome)
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "utility")
                leaves += 1
                if next_ply > max_depth:
                    max_depth = next_ply
                line = None
            elif next_ply == limit:
                value = evaluate(child, max_player)  # type: ignore[misc]  # a limit implies it
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "evaluate")
                leaves += 1
                estimates += 1
                max_depth = limit
                line = None
            else:  # ``expand``, inline: one frame a node
                if track:
                    if child in on_line:
                        raise cycle_error(child, searcher)
                    on_line.add(child)
                mover = to_move(child)
                try:
                    if mover == CHANCE or (modelled and mover != max_player):
                        value, line = average(child, next_ply, mover)
                    else:
                        value, line = extreme(child, next_ply, mover)
                except TypeError as exc:  # a member returned something of the wrong kind
                    translate(exc, game, child, evaluate)
                if track:
                    on_line.discard(child)
            total += probability * value
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, line)
        if total != total:
            raise infinite_mix_error(state)
        return total, best_line

    def extreme(state: Any, ply: int, mover: Any) -> tuple[Any, Any]:
        """The highest child value at MAX's ``state``, the lowest at MIN's, with its line."""
        nonlocal nodes, leaves, max_depth, estimates
        maximise = mover == max_player
        if not maximise and mover not in others:
            raise mover_error(state, mover, players, chance=outcomes_of is not None)
        best: Any = None
        best_line = None
        moves = actions(state)
        child_ply = ply + 1
        for action in moves:
            nodes += 1
            child = result(state, action)
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "utility")
                leaves += 1
                if child_ply > max_depth:
                    max_depth = child_ply
                line = None
            elif child_ply == limit:
                value = evaluate(child, max_player)  # type: ignore[misc]  # a limit implies it
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "evaluate")
                leaves += 1
                estimates += 1
                max_depth = limit
                line = None
            else:  # ``expand``, inline: one frame a node
                if track:
                    if child in on_line:
                        raise cycle_error(child, searcher)
                    on_line.add(child)
                mover = to_move(child)
                try:
                    if mover == CHANCE or (modelled and mover != max_player):
                        value, line = average(child, child_ply, mover)
                    else:
                        value, line = extreme(child, child_ply, mover)
                except TypeError as exc:  # a member returned something of the wrong kind
                    translate(exc, game, child, evaluate)
                if track:
                    on_line.discard(child)
            if best_line is None or (value > best if maximise else value < best):
                best, best_line = value, (action, line)
        if best_line is None:
            raise no_actions_error(state, moves)
        return best, best_line

    def expand(state: Any, ply: int) -> tuple[Any, Any]:
        """The value for MAX of the non-leaf root ``state`` and its line, by its kind of node."""
        if track:
            if state in on_line:
                raise cycle_error(state, searcher)
            on_line.add(state)
        mover = to_move(state)
        try:
            if mover == CHANCE or (modelled and mover != max_player):
                found = average(state, ply, mover)
            else:
                found = extreme(state, ply, mover)
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, game, state, evaluate)
        if track:
            on_line.discard(state)
        return found

    scorer = LeafScorer(game, max_player, limit, evaluate, bounds)
    value = scorer.value(root, 0)
    if value is not None:
        return scorer.result(root, value, None, nodes=1, cutoffs=0, depth=depth, started=started)
    with recursion_guard(searcher):
        value, line = on_fresh_stack(expand, root, 0)
    scorer.leaves, scorer.max_depth, scorer.estimates = leaves, max_depth, estimates
    return scorer.result(root, value, line, nodes=nodes, cutoffs=0, depth=depth, started=started)
