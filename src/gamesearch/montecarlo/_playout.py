"""The simulation phase: a new leaf's utilities, from a random playout, a rollout or evaluate."""

from __future__ import annotations

import random
from typing import Any

from .._validation import checked_number, translate
from ..capabilities import RandomPlayout
from ..errors import GameProtocolError, InvalidDistributionError, InvalidSearchOptionError
from ..game import CHANCE
from ._node import TOLERANCE, Node, terminal_utilities
from ._options import Settings
from ._solver import Solver

MAX_PLAYOUT = 100_000
"""The most moves a random playout may take before the search gives up on the game: a guard
against games whose random play may never end."""


class Simulator:
    """Scores the leaves of the tree: every player's utility, indexed by player."""

    __slots__ = (
        "draw", "evaluate", "game", "kernel", "outcomes_of", "players", "plies", "rng",
        "rollout", "solver", "stochastic",
    )  # fmt: skip

    def __init__(
        self,
        game: Any,
        settings: Settings,
        rng: random.Random,
        solver: Solver | None = None,
        root: Any = None,
    ) -> None:
        self.game = game
        self.solver = solver
        """The MCTS-Solver, if on: it says what a proven value is worth to the other player."""
        self.players = settings.players
        self.evaluate = settings.evaluate
        self.rollout = settings.rollout
        self.rng = rng
        self.draw = rng.random
        """The generator's ``random``, bound once (not once a playout)."""
        self.outcomes_of = settings.capabilities.chance_outcomes
        self.stochastic = self.outcomes_of is not None
        self.plies = 0
        """The moves played by the last random playout (0 for the other ways of scoring)."""
        kernel = settings.capabilities.playout_kernel
        self.kernel: RandomPlayout | None = None
        """The game's own loop for random playouts from ``root`` on (its ``playout_kernel``),
        asked once: only for random playouts in a game without chance nodes."""
        random_play = self.evaluate is None and self.rollout is None and not self.stochastic
        if kernel is not None and random_play:
            self.kernel = kernel(root)

    def simulate(self, leaf: Node) -> tuple[float, ...]:
        """The utilities ``leaf`` is worth in this iteration."""
        self.plies = 0
        if leaf.utilities is not None:
            return leaf.utilities
        if leaf.proven is not None and self.solver is not None:  # two-player constant-sum
            value, other = leaf.proven, self.solver.other(leaf.proven)
            return (value, other) if leaf.owner == 0 else (other, value)
        if self.evaluate is not None:
            return self._evaluated(leaf.state)
        if self.rollout is not None:
            return self._rolled_out(leaf.state)
        return self._random_playout(leaf.state)

    def _random_playout(self, state: Any) -> tuple[float, ...]:
        """Uniformly random moves to the end of the game; chance outcomes drawn by probability.

        ``to_move`` is asked only in a game that has chance nodes. The game's own loop, if it
        gave one, plays the same moves from the same draws.
        """
        kernel = self.kernel
        if kernel is not None:
            utilities = kernel.run(state, self.draw)
            self.plies = kernel.plies
            return utilities
        game = self.game
        is_terminal, actions, result = game.is_terminal, game.actions, game.result
        stochastic = self.stochastic
        to_move = game.to_move
        outcomes_of: Any = self.outcomes_of
        random = self.draw
        plies = 0
        try:
            while not is_terminal(state):
                if stochastic and to_move(state) == CHANCE:
                    state = result(state, _draw(outcomes_of(state), random(), state))
                else:
                    moves = actions(state)
                    state = result(state, moves[int(random() * len(moves))])
                plies += 1
                if plies >= MAX_PLAYOUT:
                    raise _endless(state)
        except TypeError as exc:  # a member given something that is not a state: name it
            translate(exc, game, state, None)
        self.plies = plies
        return terminal_utilities(game, state, self.players)

    def _evaluated(self, state: Any) -> tuple[float, ...]:
        evaluate = self.evaluate
        assert evaluate is not None
        return tuple(
            checked_number(evaluate(state, player), state, player, "evaluate")
            for player in range(self.players)
        )

    def _rolled_out(self, state: Any) -> tuple[float, ...]:
        assert self.rollout is not None
        given = self.rollout(state, self.rng)
        try:
            values = tuple(float(value) for value in given)
        except (TypeError, ValueError):
            values = ()
        if len(values) != self.players or not all(-_INF < value < _INF for value in values):
            raise InvalidSearchOptionError(
                f"mcts: rollout(state, rng) returned {given!r} for state {state!r}; it must "
                f"return {self.players} finite numbers (not NaN nor infinite), each player's "
                "utility by player"
            )
        return values


_INF = float("inf")


def _draw(pairs: Any, draw: float, state: Any) -> Any:
    """The outcome that ``draw``, uniform in [0, 1), picks from ``(outcome, p)`` pairs."""
    total = 0.0
    chosen = None
    for outcome, probability in pairs:
        if probability > 0:
            total += probability
            chosen = outcome
            if draw < total:
                return outcome
    if chosen is None or not abs(total - 1) <= TOLERANCE:
        raise InvalidDistributionError(
            f"chance_outcomes(state) for state {state!r} gave probabilities that sum to "
            f"{total}, not 1 (within {TOLERANCE:g})"
        )
    return chosen  # rounding left the draw just above the sum


def _endless(state: Any) -> GameProtocolError:
    return GameProtocolError(
        f"a random playout made {MAX_PLAYOUT:,} moves without ending the game (now in state "
        f"{state!r}): pass evaluate= to score new leaves, or a rollout= that ends"
    )
