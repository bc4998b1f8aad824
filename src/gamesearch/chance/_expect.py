"""The expectation search shared by :func:`expectiminimax` (unpruned) and :func:`expectimax`.

A node's value is MAX's expected utility: the highest child value where MAX moves, the lowest
where MIN moves (expectiminimax), and the probability-weighted sum of the children's values at
a chance node (Michie 1966; AIMA 3rd ed., section 5.5). Expectimax has no MIN: every other
player's node is a chance node too, weighted by an opponent model.

Values are the game's own numbers, never converted to float inside the search: with integer or
``Fraction`` utilities and ``Fraction`` probabilities the arithmetic is exact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .._core import no_actions_error, on_fresh_stack, recursion_guard
from .._validation import cycle_error, mover_error, translate
from ..errors import IllegalActionError
from ..game import CHANCE, Game, Player
from ..result import SearchResult
from ..trace.events import Enter, Leaf, Leave, Observer
from ._common import (
    ChanceProblem,
    LeafScorer,
    distribution,
    infinite_mix_error,
)
from ._unpruned import unpruned_search

__all__ = ["Opponent", "expect_search", "uniform_opponent"]

_NOTHING: Any = object()

Opponent = Callable[[Any, Any], Sequence[tuple[Any, float]]]
"""``opponent(game, state)``: how likely each action of the player to move in ``state`` is."""


def uniform_opponent(game: Game[Any, Any], state: Any) -> list[tuple[Any, float]]:
    """Every legal action in ``state`` with the same probability: a random opponent."""
    actions = game.actions(state)
    if not actions:
        raise no_actions_error(state)
    share = 1 / len(actions)
    return [(action, share) for action in actions]


def expect_search(
    game: Game[Any, Any],
    problem: ChanceProblem,
    depth: int | None,
    evaluate: Callable[[Any, Player], float] | None,
    *,
    opponent: Opponent | None,
    bounds: tuple[Any, Any] | None,
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
            every other player's node into a chance node (expectimax).
        bounds: ``(lower, upper)`` that every utility and evaluation must respect, or ``None``.
        searcher: The public name, for error messages.
        started: ``time.perf_counter()`` when the search was called.
        trace: The observer of the search's events, or ``None``.
    """
    checked_opponent = opponent is not None and opponent is not uniform_opponent
    if trace is None:  # the same search, without hooks and cheaper per node
        return unpruned_search(
            game,
            problem,
            depth,
            evaluate,
            opponent=opponent,
            legal_check=check_legal if checked_opponent else None,
            bounds=bounds,
            searcher=searcher,
            started=started,
        )
    root, limit, max_player, outcomes_of = problem
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


def check_legal(pairs: list[Any], legal: Sequence[Any], state: Any) -> None:
    """Raise :class:`IllegalActionError` unless the opponent model's actions are legal.

    ``pairs`` are the model's actions of probability above 0 in ``state``.
    """
    for action, _ in pairs:
        if action not in legal:
            raise IllegalActionError(action, tuple(legal), f"the opponent model at {state!r}")
