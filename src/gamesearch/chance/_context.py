"""What one search of the chance loop knows and counts, and the checks its nodes need.

A :class:`SearchContext` holds the game's members, the options and the counters as typed
attributes, read once as the search starts, and the steps a node takes besides its recursion:
a leaf's value checked, a distribution checked and kept, the opponent model's asked, the line
watched for cycles. The loop (``_loop.py``) is a subclass: a class rather than a closure, so
that mypyc makes it a native class in the compiled build, whose methods call one another
directly.

A method of the loop reads the attributes it uses into local variables once, before its loop:
a local is read faster than an attribute, and CPython 3.11 calls a function held in an
instance's slot (``self.to_move(state)``) by a slow path, which it does not specialise, where
it calls a local variable directly. A leaf child is scored by one method for every kind of
node, :meth:`SearchContext.leaf`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from .._distributions import distribution
from .._recursion import cycle_error, recursion_limit
from .._validation import mover_error, number_error, unchecked_members
from ..errors import GameProtocolError
from ..game import CHANCE, Game
from ..trace.observer_type import Observer
from ._common import ChanceRequest, bounds_error, infinite_mix_error
from ._opponent import Opponent, check_legal, uniform_opponent
from ._sums import Sums, sums_of
from ._telling import Teller

__all__ = ["NOT_LEAF", "PLAIN", "SearchContext"]

PLAIN = frozenset((float, int))
"""The classes whose values need only the bounds checked (NaN fails them)."""
_LARGEST: Any = sys.float_info.max
"""The largest finite float: the bounds when none are given, which infinities fail."""
_NOTHING: Any = object()
NOT_LEAF: Any = object()
"""What :meth:`SearchContext.leaf` gives for a state that is not a leaf: it is searched below."""
_SUMS_LIMIT = 256
"""The most lists of probabilities whose sums one search keeps."""


def _nobody(event: object) -> None:
    """The observer of a search without a trace: never told, as the loop tests ``tracing``."""


class SearchContext:
    """One search's game members, options and counters, and the checks of its nodes."""

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
        "horizon",
        "is_terminal",
        "known",
        "legal_check",
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
        request: ChanceRequest,
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
        _, self.horizon, self.max_player, self.outcomes_of = request
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
        self.track = self.horizon < 0
        """Without a depth limit a cycle would never end: the line is watched."""
        self.on_line: set[Any] = set()
        self.deepest = recursion_limit()
        """The longest line: one frame a node in the pure build; compiled, the loop's C calls
        are not counted by the recursion limit (see
        :func:`gamesearch.twoplayer._plain.deepest_ply`)."""
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
        self.nodes = 1
        """Nodes generated, the root included."""
        self.cutoffs = 0
        """Nodes left before their last child: alpha-beta's cutoffs and Star1's and Star2's."""
        self.ends = 0
        """Terminal leaves; ``max_depth`` is the deepest one's decision ply."""
        self.max_depth = 0
        self.estimates = 0
        """Leaves scored by ``evaluate``, all at the depth limit, the deepest ply there is."""

    def leaf(self, state: Any, ply: int) -> Any:
        """The value for MAX of ``state`` if it is a leaf at decision ply ``ply``; else NOT_LEAF.

        A leaf is a terminal state (its utility) or a state at the depth limit (its evaluation),
        checked and counted here for every node kind of every loop: one call a child, which
        the loops once wrote out six times (issue 47).
        """
        is_terminal = self.is_terminal  # locals, called directly: see the module's docstring
        if is_terminal(state):
            utility = self.utility
            value = utility(state, self.max_player)
            if value.__class__ not in PLAIN or not self.low <= value <= self.high:
                value = self.checked(value, state, "utility")
            self.ends += 1
            if ply > self.max_depth:
                self.max_depth = ply
            return value
        if ply == self.horizon:
            estimate = self.estimate
            value = estimate(state, self.max_player)
            if value.__class__ not in PLAIN or not self.low <= value <= self.high:
                value = self.checked(value, state, "evaluate")
            self.estimates += 1
            return value
        return NOT_LEAF

    def expectation(self, state: Any, total: Any, line: Any) -> tuple[Any, Any]:
        """The chance node ``state``'s value ``total`` and ``line``, unless it is NaN.

        Raises:
            InvalidUtilityError: ``total`` is NaN, its outcomes worth both +inf and -inf.
        """
        if total != total:
            raise infinite_mix_error(state)
        return total, line

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

    def step_on(self, state: Any) -> None:
        """Put ``state`` on the line searched, unless it is on it already: a cycle."""
        if state in self.on_line:
            raise cycle_error(state, self.searcher)
        if len(self.on_line) >= self.deepest:
            raise RecursionError("maximum recursion depth exceeded")
        self.on_line.add(state)
