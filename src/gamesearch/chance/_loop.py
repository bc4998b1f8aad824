"""The chance loop: expectiminimax and expectimax, and the core Star1 and Star2 build on.

One search is one :class:`ChanceLoop`, a :class:`~._context.SearchContext` (the game's members,
the options, the counters and the checks of a node) whose methods are the recursion. At a MAX
or MIN node ``decide`` runs alpha-beta; every other node is averaged by ``at_chance``:
nature's, weighted by ``chance_outcomes``, and in expectimax another player's, weighted by the
opponent model. Star1 and Star2 (``_star1.py``, ``_star2.py``) are subclasses that prune at
chance nodes: they override ``at_chance``. Every value is MAX's (the root player's), in the
game's own numbers (int, ``Fraction``, float), never converted.

What a node costs (``bench/bench_chance.py``):

- A leaf child is scored in its parent's loop, without a call of its own: only a child that
  is expanded gets a Python frame, one (its parent dispatches it by its kind of node).
- A value is checked with one class test and one comparison with the bounds (the largest
  finite floats without bounds, which NaN and infinities fail); only one that fails is looked
  at closely (``checked``).
- A chance node's checked distribution is kept while ``chance_outcomes`` keeps returning the
  same tuple, as games with one die do; the sums Star1's and Star2's formulas need of it
  (:class:`~._sums.Sums`) are kept for each list of probabilities met.
- A method reads the attributes its loop uses into local variables once, before the loop
  (see ``_context.py``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .._validation import no_actions_error, translate
from ..game import CHANCE
from ._context import NOT_LEAF, SearchContext

if TYPE_CHECKING:
    from ..trace.events import NodeKind

__all__ = ["ChanceLoop"]


class ChanceLoop(SearchContext):
    """One search below a root: expectiminimax or expectimax, without pruning.

    Without pruning the window is ``(+inf, -inf)``, which no value narrows and none crosses,
    so that ``decide`` visits every child.
    """

    __slots__ = ()

    def root_window(self) -> tuple[Any, Any]:
        """The root's window: the bounds ``(L, U)``, or without pruning ``(+inf, -inf)``.

        No value narrows the latter, and none crosses it.
        """
        return (self.low, self.high) if self.windowed else (math.inf, -math.inf)

    def visit(self, state: Any, ply: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        """The value of any node ``state`` for MAX and its line: the root's."""
        value = self.leaf(state, ply)
        if value is NOT_LEAF:
            return self.expand(state, ply, alpha, beta, None)
        if self.tracing:
            via, probability, level = self.edge
            self.teller.leaf(state, via, probability, level, value)
        return value, None

    def expand(self, state: Any, ply: int, alpha: Any, beta: Any, first: Any) -> tuple[Any, Any]:
        """The value and line of the inner node ``state``, by its kind of node; told as left.

        ``first`` is Star2's probe of a MAX or MIN node, as ``decide`` takes it, or ``None``.
        """
        level = self.edge[2]
        found = self.descend(state, ply, alpha, beta, first)
        if self.tracing:
            self.teller.leave(state, level, found, alpha, beta)
        return found

    def child_value(
        self, child: Any, ply: int, alpha: Any, beta: Any, edge: Any
    ) -> tuple[Any, Any]:
        """A child's value and line, at decision ply ``ply``: a leaf scored, else searched.

        With a trace, ``edge`` is the action (or outcome), its probability and the child's
        tree depth, told with the child; ``None`` without one. The unpruned loop's one step a
        child, at MAX, MIN and chance nodes alike.
        """
        value, line = self.leaf(child, ply), None
        if value is NOT_LEAF:
            if edge is not None:
                self.edge = edge
            value, line = self.descend(child, ply, alpha, beta, None)
        if edge is not None:
            action, probability, level = edge
            self.teller.child(child, action, probability, level, (value, line), alpha, beta)
        return value, line

    def descend(self, state: Any, ply: int, alpha: Any, beta: Any, first: Any) -> tuple[Any, Any]:
        """The value and line of the inner node ``state``: its kind's search, on the line.

        Every node kind's loop searches its inner children so (the line watched for cycles
        without a depth limit); ``first`` is as :meth:`expand` takes it.
        """
        if self.track:
            self.step_on(state)
        to_move = self.to_move  # a local: see _context.py's docstring
        try:
            if first is not None:
                found = self.decide(state, ply, alpha, beta, first[0], first)
            elif (mover := to_move(state)) == self.max_player:
                found = self.decide(state, ply, alpha, beta, True, None)
            elif mover == self.min_player:
                found = self.decide(state, ply, alpha, beta, False, None)
            else:
                found = self.at_chance(state, ply, alpha, beta, mover)
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, self.game, state, self.evaluate)
        if self.track:
            self.on_line.discard(state)
        return found

    def decide(
        self, state: Any, ply: int, alpha: Any, beta: Any, maximise: bool, first: Any
    ) -> tuple[Any, Any]:
        """Alpha-beta at a MAX or MIN node: its value for MAX, exact strictly inside the window.

        Recursive core, fail-soft: a value at or below alpha is an upper bound on the node's,
        one at or above beta a lower bound. ``first`` is Star2's probe of the node (maximise,
        the actions, the first one's exact value, its line), the search going on from the
        second action; else ``None``. Leaf children are scored here; the others are
        dispatched here, one frame each.
        """
        actions, result = self.actions, self.result
        tracing = self.tracing
        best: Any = None
        best_line = None
        if first is None:
            moves = options = actions(state)
            if tracing:
                level = self.edge[2]
                kind: NodeKind = "max" if maximise else "min"
                self.teller.enter(state, self.edge, self.to_move(state), kind, alpha, beta, moves)
        else:  # Star2's probe searched the first action: go on from the second
            _, moves, best, line = first
            options = iter(moves)
            best_line = (next(options), line)
            alpha, beta = (max(alpha, best), beta) if maximise else (alpha, min(beta, best))
            if alpha >= beta:
                self.cutoffs += 1
                return best, best_line
        child_ply = ply + 1
        for action in options:
            self.nodes += 1
            edge = (action, None, level + 1) if tracing else None
            value, line = self.child_value(result(state, action), child_ply, alpha, beta, edge)
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
        self.cutoffs += 1
        if tracing:
            self.teller.prune(state, level, moves, action, value, alpha, beta)
        return best, best_line

    def at_chance(self, state: Any, ply: int, alpha: Any, beta: Any, mover: Any) -> tuple[Any, Any]:
        """The expectation at nature's node ``state`` without pruning, and its line.

        At another player's node (expectimax), the expectation over the opponent model's
        actions, a decision ply deeper. The line is the most probable outcome's (the first of
        equally likely ones). The window, ``(+inf, -inf)``, is passed on as it is. Leaf
        children are scored here; the others are dispatched here, one frame each.
        """
        result, outcomes_of = self.result, self.outcomes_of
        if mover == CHANCE:
            raw = None if outcomes_of is None else outcomes_of(state)
            known = self.known
            pairs = known[1] if raw is known[0] else self.outcomes_at(state, raw)[1]
            next_ply = ply  # chance layers do not count toward the depth
        else:
            pairs = self.opponent_pairs(state, mover)
            next_ply = ply + 1
        tracing = self.tracing
        if tracing:
            level = self.edge[2]
            outcomes = [outcome for outcome, _ in pairs]
            self.teller.enter(state, self.edge, mover, "chance", alpha, beta, outcomes)
        total: Any = 0  # an int, so that exact values stay exact
        likeliest: Any = -1  # a probability: the game's own number, as every value
        best_line = None
        self.nodes += len(pairs)  # no cutoff without pruning: every child is searched
        for outcome, probability in pairs:
            edge = (outcome, probability, level + 1) if tracing else None
            value, line = self.child_value(result(state, outcome), next_ply, alpha, beta, edge)
            total += probability * value
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, line)
        return self.expectation(state, total, best_line)
