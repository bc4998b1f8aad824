"""The chance loop: expectiminimax and expectimax, and the core Star1 and Star2 build on.

One search is one :class:`ChanceLoop`: the game's members, the options and the counters are
its typed attributes, read once as the search starts, and the recursion is its methods (a class
rather than a closure, so that mypyc makes it a native class in the compiled build, whose
methods call one another directly). At a MAX or MIN node ``decide`` runs alpha-beta; every
other node is averaged by ``at_chance``: nature's, weighted by ``chance_outcomes``, and in
expectimax another player's, weighted by the opponent model. Star1 and Star2 (``_star1.py``,
``_star2.py``) are subclasses that prune at chance nodes: they override ``at_chance``.

What a node costs (``bench/bench_chance.py``):

- A leaf child is scored in its parent's loop, without a call of its own: only a child that
  is expanded gets a Python frame, one (its parent dispatches it by its kind of node).
- A value is checked with one class test and one comparison with the bounds (the largest
  finite floats without bounds, which NaN and infinities fail); only one that fails is looked
  at closely (``checked``).
- A chance node's checked distribution is kept while ``chance_outcomes`` keeps returning the
  same tuple, as games with one die do; the sums Star1's and Star2's formulas need of it
  (:class:`~._sums.Sums`) are kept for each list of probabilities met.
- A method reads the attributes its loop uses into local variables once, before the loop,
  from two tuples (``members`` and ``scoring``): a local is read faster than an attribute, and
  CPython 3.11 calls a function held in an instance's slot (``self.to_move(state)``) by a slow
  path, which it does not specialise, where it calls a local variable directly.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from typing import Any

from .._validation import (
    cycle_error,
    mover_error,
    no_actions_error,
    number_error,
    translate,
    unchecked_members,
)
from ..errors import GameProtocolError
from ..game import CHANCE, Game
from ..trace.events import Event, NodeKind, Observer
from ._common import ChanceProblem, bounds_error, distribution, infinite_mix_error
from ._opponent import Opponent, check_legal, uniform_opponent
from ._sums import Sums, sums_of
from ._telling import Teller

__all__ = ["PLAIN", "ChanceLoop"]

PLAIN = frozenset((float, int))
"""The classes whose values need only the bounds checked (NaN fails them)."""
_LARGEST: Any = sys.float_info.max
"""The largest finite float: the bounds when none are given, which infinities fail."""
_NOTHING: Any = object()
_SUMS_LIMIT = 256
"""The most lists of probabilities whose sums one search keeps."""


def _nobody(event: Event) -> None:
    """The observer of a search without a trace: never told, as the loop tests ``tracing``."""


class ChanceLoop:
    """One search below a root: expectiminimax or expectimax, without pruning.

    Every value is MAX's (the root player's), in the game's own numbers (int, ``Fraction``,
    float), never converted. Without pruning the window is ``(+inf, -inf)``, which no value
    narrows and none crosses, so that ``decide`` visits every child.
    """

    __slots__ = (
        "actions",
        "bounds",
        "cutoffs",
        "deepest",
        "edge",
        "ends",
        "estimate",
        "estimates",
        "evaluate",
        "game",
        "high",
        "is_terminal",
        "known",
        "legal_check",
        "limit",
        "low",
        "max_depth",
        "max_player",
        "members",
        "min_player",
        "nodes",
        "on_line",
        "opponent",
        "others",
        "outcomes_of",
        "result",
        "scoring",
        "searcher",
        "sums",
        "teller",
        "to_move",
        "tracing",
        "track",
        "utility",
        "windowed",
    )

    def __init__(
        self,
        game: Game[Any, Any],
        problem: ChanceProblem,
        evaluate: Callable[[Any, int], Any] | None,
        *,
        opponent: Opponent | None,
        bounds: tuple[Any, Any] | None,
        windowed: bool,
        searcher: str,
        trace: Observer | None,
    ) -> None:
        self.game = game
        self.evaluate = evaluate
        self.searcher = searcher
        """The public name, for error messages."""
        _, self.limit, self.max_player, self.outcomes_of = problem
        members = unchecked_members(game, evaluate)
        self.is_terminal: Any = members[0]
        self.to_move: Any = members[1]
        self.utility: Any = members[2]
        self.estimate: Any = members[3]
        self.actions: Any = game.actions
        self.result: Any = game.result
        self.opponent = opponent
        """``None`` for MIN nodes (expectiminimax); else the model of the other players."""
        # Expectimax has no MIN: there the test for MIN's nodes, after MAX's, always fails.
        self.min_player = 1 - self.max_player if opponent is None else self.max_player
        self.others = tuple(p for p in range(game.num_players) if p != self.max_player)
        self.legal_check = opponent is not None and opponent is not uniform_opponent
        self.bounds = bounds
        # Without bounds, every finite float: an infinite value (or NaN) goes to ``checked``.
        self.low: Any = -_LARGEST if bounds is None else bounds[0]
        self.high: Any = _LARGEST if bounds is None else bounds[1]
        self.windowed = windowed
        """Whether the search prunes: else its window is ``(+inf, -inf)``."""
        self.track = self.limit < 0
        """Without a depth limit a cycle would never end: the line is watched."""
        self.on_line: set[Any] = set()
        self.deepest = sys.getrecursionlimit()
        """The longest line: one frame a node in the pure build; compiled, the loop's C calls
        are not counted by the recursion limit (see
        :func:`gamesearch.twoplayer._children.deepest_ply`)."""
        self.known: list[Any] = [_NOTHING, None, None]
        """The last distribution checked: what ``chance_outcomes`` returned, the checked
        pairs, and (with pruning) their sums."""
        self.sums: dict[tuple[Any, ...], Sums] = {}
        """The sums of each list of probabilities met (with pruning)."""
        self.tracing = trace is not None
        self.teller = Teller(_nobody if trace is None else trace, windowed, self.is_terminal)
        self.edge: tuple[Any, Any, int] = (None, None, 0)
        """With a trace: the action, probability and tree depth of the edge into the next
        node, set by the parent just before it expands the child (chance layers count)."""
        self.members: tuple[Any, Any, Any, Any, Any, Any, Any] = (
            self.actions,
            self.result,
            self.is_terminal,
            self.to_move,
            self.utility,
            self.estimate,
            self.outcomes_of,
        )
        """The game's members the loops call, and ``evaluate``: a method unpacks them into
        local variables once, before its loop (see the module's docstring)."""
        self.scoring = (self.max_player, self.low, self.high, self.limit)
        """Whose values, within which bounds, and at which ply ``evaluate`` scores a state."""
        self.nodes = 1
        self.cutoffs = 0
        self.ends = 0
        """Terminal leaves; ``max_depth`` is the deepest one's decision ply."""
        self.max_depth = 0
        self.estimates = 0
        """Leaves scored by ``evaluate``, all at the depth limit, the deepest ply there is."""

    def root_window(self) -> tuple[Any, Any]:
        """The root's window: the bounds ``(L, U)``, or without pruning ``(+inf, -inf)``.

        No value narrows the latter, and none crosses it.
        """
        return (self.low, self.high) if self.windowed else (math.inf, -math.inf)

    def checked(self, value: Any, state: Any, source: str) -> Any:
        """``value``, a leaf's, if it is a number (within the bounds, if any); else raise."""
        error = number_error(value, state, self.max_player, source)
        if error is not None:
            raise error
        if self.bounds is not None and not self.low <= value <= self.high:
            raise bounds_error(state, self.max_player, source, value, self.bounds)
        return value

    def wrong_mover(self, state: Any, mover: Any) -> GameProtocolError:
        """The error for a node of neither MAX, nor MIN, nor (expectimax) an opponent."""
        return mover_error(state, mover, self.game.num_players, chance=self.outcomes_of is not None)

    def visit(self, state: Any, ply: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        """The value of any node ``state`` for MAX and its line: the root's."""
        if self.is_terminal(state):
            value = self.utility(state, self.max_player)
            if value.__class__ not in PLAIN or not self.low <= value <= self.high:
                value = self.checked(value, state, "utility")
            self.ends += 1
            if ply > self.max_depth:
                self.max_depth = ply
        elif ply == self.limit:
            value = self.estimate(state, self.max_player)
            if value.__class__ not in PLAIN or not self.low <= value <= self.high:
                value = self.checked(value, state, "evaluate")
            self.estimates += 1
        else:
            return self.expand(state, ply, alpha, beta, None)
        if self.tracing:
            via, probability, level = self.edge
            self.teller.leaf(state, via, probability, level, value)
        return value, None

    def expand(self, state: Any, ply: int, alpha: Any, beta: Any, first: Any) -> tuple[Any, Any]:
        """The value and line of the inner node ``state``, by its kind of node.

        ``first`` is Star2's probe of a MAX or MIN node, as ``decide`` takes it, or ``None``.
        """
        if self.track:
            self.step_on(state)
        level = self.edge[2]
        to_move = self.to_move  # a local: see the module's docstring
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
        if self.tracing:
            self.teller.leave(state, level, found, alpha, beta)
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
        actions, result, is_terminal, to_move, utility, estimate, _ = self.members
        max_player, low, high, limit = self.scoring
        tracing, track = self.tracing, self.track
        best: Any = None
        best_line = None
        if first is None:
            moves = options = actions(state)
            if tracing:
                level = self.edge[2]
                kind: NodeKind = "max" if maximise else "min"
                self.teller.enter(state, self.edge, to_move(state), kind, alpha, beta, moves)
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
            child = result(state, action)
            line = None
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in PLAIN or not low <= value <= high:
                    value = self.checked(value, child, "utility")
                self.ends += 1
                if child_ply > self.max_depth:
                    self.max_depth = child_ply
            elif child_ply == limit:
                value = estimate(child, max_player)
                if value.__class__ not in PLAIN or not low <= value <= high:
                    value = self.checked(value, child, "evaluate")
                self.estimates += 1
            else:  # ``expand``, inline: one frame a node
                if track:
                    self.step_on(child)
                if tracing:
                    self.edge = (action, None, level + 1)
                try:
                    if (mover := to_move(child)) == max_player:
                        value, line = self.decide(child, child_ply, alpha, beta, True, None)
                    elif mover == self.min_player:
                        value, line = self.decide(child, child_ply, alpha, beta, False, None)
                    else:
                        value, line = self.at_chance(child, child_ply, alpha, beta, mover)
                except TypeError as exc:  # a member returned something of the wrong kind
                    translate(exc, self.game, child, self.evaluate)
                if track:
                    self.on_line.discard(child)
            if tracing:
                self.teller.child(child, action, None, level + 1, (value, line), alpha, beta)
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

    def outcomes_at(self, state: Any, raw: Any) -> list[Any]:
        """The checked distribution ``raw`` of ``state`` (with its sums), laid out as ``known``."""
        if self.outcomes_of is None:
            raise mover_error(state, CHANCE, self.game.num_players, chance=False)
        outcomes = distribution(raw, state, "chance_outcomes")
        found = None
        if self.windowed:
            probabilities = tuple([probability for _, probability in outcomes])
            try:
                found = self.sums[probabilities]
            except KeyError:
                found = sums_of(probabilities, self.low, self.high)
                if len(self.sums) < _SUMS_LIMIT:
                    self.sums[probabilities] = found
        entry = [raw, outcomes, found]
        if raw.__class__ is tuple:  # immutable: the same object next time is the same pairs
            self.known[:] = entry
        return entry

    def opponent_pairs(self, state: Any, mover: Any) -> list[Any]:
        """The opponent model's checked pairs ``(action, probability)`` at ``state`` (expectimax).

        Raises:
            GameProtocolError: ``mover`` is not a player of the game.
        """
        if mover not in self.others:
            raise self.wrong_mover(state, mover)
        opponent, actions = self.opponent, self.actions  # locals: see the module's docstring
        pairs = distribution(opponent(self.game, state), state, "opponent")  # type: ignore[misc]
        if self.legal_check:
            check_legal(pairs, actions(state), state)
        return pairs

    def at_chance(self, state: Any, ply: int, alpha: Any, beta: Any, mover: Any) -> tuple[Any, Any]:
        """The expectation at nature's node ``state`` without pruning, and its line.

        At another player's node (expectimax), the expectation over the opponent model's
        actions, a decision ply deeper. The line is the most probable outcome's (the first of
        equally likely ones). The window, ``(+inf, -inf)``, is passed on as it is. Leaf
        children are scored here; the others are dispatched here, one frame each.
        """
        _, result, is_terminal, to_move, utility, estimate, outcomes_of = self.members
        max_player, low, high, limit = self.scoring
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
        track = self.track
        total: Any = 0  # an int, so that exact values stay exact
        likeliest: Any = -1  # a probability: the game's own number, as every value
        best_line = None
        self.nodes += len(pairs)  # no cutoff without pruning: every child is searched
        for outcome, probability in pairs:
            child = result(state, outcome)
            line = None
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in PLAIN or not low <= value <= high:
                    value = self.checked(value, child, "utility")
                self.ends += 1
                if next_ply > self.max_depth:
                    self.max_depth = next_ply
            elif next_ply == limit:
                value = estimate(child, max_player)
                if value.__class__ not in PLAIN or not low <= value <= high:
                    value = self.checked(value, child, "evaluate")
                self.estimates += 1
            else:  # ``expand``, inline: one frame a node
                if track:
                    self.step_on(child)
                if tracing:
                    self.edge = (outcome, probability, level + 1)
                try:
                    if (player := to_move(child)) == max_player:
                        value, line = self.decide(child, next_ply, alpha, beta, True, None)
                    elif player == self.min_player:
                        value, line = self.decide(child, next_ply, alpha, beta, False, None)
                    else:
                        value, line = self.at_chance(child, next_ply, alpha, beta, player)
                except TypeError as exc:  # a member returned something of the wrong kind
                    translate(exc, self.game, child, self.evaluate)
                if track:
                    self.on_line.discard(child)
            if tracing:
                found = (value, line)
                self.teller.child(child, outcome, probability, level + 1, found, alpha, beta)
            total += probability * value
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, line)
        if total != total:
            raise infinite_mix_error(state)
        return total, best_line

    def step_on(self, state: Any) -> None:
        """Put ``state`` on the line searched, unless it is on it already: a cycle."""
        if state in self.on_line:
            raise cycle_error(state, self.searcher)
        if len(self.on_line) >= self.deepest:
            raise RecursionError("maximum recursion depth exceeded")
        self.on_line.add(state)
