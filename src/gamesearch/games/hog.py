"""Hog: choose how many dice to roll; a single 1 among them scores just one point."""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate
from typing import NamedTuple

from .._parameters import check_size
from ..errors import GameProtocolError, IllegalActionError
from ..game import CHANCE, Player

__all__ = ["Hog", "HogState"]


class HogState(NamedTuple):
    """A position of :class:`Hog`."""

    score0: int
    """Player 0's points."""

    score1: int
    """Player 1's points."""

    player: Player
    """The player whose turn it is (also while the dice roll, a chance node)."""

    turns: int
    """Turns played so far, by both players."""

    dice: int
    """How many dice are in the air: 0 at a decision node, else a chance node."""


class Hog:
    """Hog, a finite dice game: each turn, choose how many dice to roll, and score their sum.

    The game is a short version of the dice game of Berkeley's CS 61A project "Hog", itself a
    relative of Pig. On your turn you choose to roll 1 to ``max_dice`` dice of ``die_sides``
    faces. You score their sum, unless any of them shows a 1 ("pig out"): then you score 1.
    More dice score more on average but pig out more often. The game ends when a player reaches
    ``goal`` points or when each player has had ``turns`` turns; the higher score wins (+1 and
    -1; 0 each for a draw).

    Every line of play ends, so the game can be searched to the end: its expectiminimax value
    is exact. The chance outcomes are the points a roll scores, with their exact probabilities
    as ``Fraction`` s, and the utilities are integers, so ``expectiminimax`` computes the value
    without rounding.

    Args:
        goal: The points that end the game (1 to 100,000).
        die_sides: The faces of each die (2 to 100).
        max_dice: The most dice a player may roll in a turn (1 to 20).
        turns: Turns per player (1 to 1,000).

    Example:
        >>> from gamesearch import expectiminimax
        >>> game = Hog()
        >>> game.chance_outcomes(game.result(game.initial_state(), 2))
        ((1, Fraction(7, 16)), (4, Fraction(1, 16)), (5, Fraction(1, 8)), (6, Fraction(3, 16)), \
(7, Fraction(1, 8)), (8, Fraction(1, 16)))
        >>> result = expectiminimax(game)
        >>> result.action, result.value
        (2, 0.0651092529296875)
    """

    num_players = 2

    def __init__(
        self, goal: int = 10, die_sides: int = 4, max_dice: int = 2, turns: int = 2
    ) -> None:
        self.goal = check_size("Hog", "goal", goal, 1, 100_000)
        self.die_sides = check_size("Hog", "die_sides", die_sides, 2, 100)
        self.max_dice = check_size("Hog", "max_dice", max_dice, 1, 20)
        self.turns = check_size("Hog", "turns", turns, 1, 1000)
        self._choices = tuple(range(1, max_dice + 1))
        self._outcomes = _points(max_dice, die_sides)

    def __repr__(self) -> str:
        return (
            f"Hog(goal={self.goal}, die_sides={self.die_sides}, max_dice={self.max_dice}, "
            f"turns={self.turns})"
        )

    def initial_state(self) -> HogState:
        """No points, no turns played; player 0 to choose."""
        return HogState(0, 0, 0, 0, 0)

    def to_move(self, state: HogState) -> Player:
        """The player whose turn it is, or CHANCE while the dice roll."""
        return CHANCE if state.dice else state.player

    def actions(self, state: HogState) -> tuple[int, ...]:
        """How many dice to roll, ``1 .. max_dice``.

        At a chance node, the points the roll can score; none once the game is over.
        """
        if state.dice:
            return tuple(points for points, _ in self._outcomes[state.dice])
        return () if self.is_terminal(state) else self._choices

    def chance_outcomes(self, state: HogState) -> tuple[tuple[int, Fraction], ...]:
        """The points the dice in the air can score, with their exact probabilities."""
        return self._outcomes[state.dice] if state.dice else ()

    def result(self, state: HogState, action: int) -> HogState:
        """The state after choosing the number of dice, or (at a chance node) the points scored.

        Raises:
            IllegalActionError: ``action`` is not legal in ``state``.
        """
        if isinstance(action, bool) or action not in self.actions(state):
            raise IllegalActionError(action, self.actions(state), f"Hog state {state}")
        score0, score1, player, turns, dice = state
        if not dice:
            return HogState(score0, score1, player, turns, action)
        if player == 0:
            score0 += action
        else:
            score1 += action
        return HogState(score0, score1, 1 - player, turns + 1, 0)

    def is_terminal(self, state: HogState) -> bool:
        """Whether a player has reached the goal, or every turn has been played."""
        return not state.dice and (
            max(state.score0, state.score1) >= self.goal or state.turns >= 2 * self.turns
        )

    def utility(self, state: HogState, player: Player) -> float:
        """+1 if ``player`` has the higher score, -1 if the lower, 0 for a draw.

        Raises:
            GameProtocolError: the game is not over.
        """
        if not self.is_terminal(state):
            raise GameProtocolError(f"utility of {state}, where the game is not over")
        mine, theirs = (state.score0, state.score1) if player == 0 else (state.score1, state.score0)
        return (mine > theirs) - (mine < theirs)

    def evaluate(self, state: HogState, player: Player) -> float:
        """A quick estimate of ``player``'s utility: the lead in points over the goal.

        Clamped to [-0.99, 0.99], between the utilities of a loss and a win.
        """
        lead = state.score0 - state.score1 if player == 0 else state.score1 - state.score0
        return max(-0.99, min(0.99, lead / self.goal))


def _points(max_dice: int, sides: int) -> dict[int, tuple[tuple[int, Fraction], ...]]:
    """The points 1 to ``max_dice`` dice of ``sides`` faces score, with their exact probabilities.

    Counts the throws without a 1 by their sum, one die more at a time: a convolution, each
    sum of ``d`` dice the total of a window of ``sides - 1`` sums of ``d - 1`` (read off their
    running totals), so that twenty dice of a hundred faces take a few thousand additions a
    die. Every other throw pigs out and scores 1.
    """
    found = {}
    ways = [1]  # ways[total]: the throws of the dice so far, without a 1, whose faces sum to it
    for dice in range(1, max_dice + 1):
        before = [0, *accumulate(ways)]  # before[k]: the throws of the sums below k
        ways = [
            before[min(len(ways), total - 1)] - before[max(0, total - sides)]
            if total >= 2
            else 0
            for total in range(len(ways) + sides)
        ]
        throws = sides**dice
        counts = {points: count for points, count in enumerate(ways) if count}
        counts[1] = counts.get(1, 0) + throws - (sides - 1) ** dice
        found[dice] = tuple(
            (points, Fraction(count, throws)) for points, count in sorted(counts.items())
        )
    return found
