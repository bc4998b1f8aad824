"""MCTS-Solver (Winands, Bjornsson and Saito 2008), with bounds on values for draws and scores.

In a two-player constant-sum game (the two utilities of every terminal state add up to the
same ``total``: 0 in a zero-sum game, 1 in :class:`~gamesearch.games.Nim`, whose winner gets 1
and its loser 0) every node keeps bounds ``lower <= value <= upper`` on its
game-theoretic value for its owner, the player who moved into it (Cazenave and Saffidine's
score-bounded MCTS, 2011, which extends Winands's proven wins and losses to any values). A
terminal node's bounds are its utility; a new node's are ``bounds`` (or infinite). A decision
node's bounds, for the player to move there, are the largest of its children's lower bounds
and the largest of their upper bounds (an untried action counts ``bounds``); a chance node's
are the expectations of its outcomes' (an outcome not sampled yet counts ``bounds``). A node is
*proven* when its bounds meet. So a node is proven when all its children are (minimax over the
proven part of the tree); given ``bounds``, a child proven worth the highest utility proves its
parent at once (Winands's proven win); and a child whose upper bound cannot beat a sibling's
lower bound needs no more search (an alpha-beta cut, which selection applies). A value ``v``
for one player is ``total - v`` for the other: the total is learnt from the first terminal
state met, and checked at every other.
"""

from __future__ import annotations

import math
from typing import Any

from ..errors import InvalidUtilityError, UnsupportedGameError
from ..game import CHANCE
from ._node import Node

_CONSTANT = 1e-9
"""How far the two utilities of a terminal state may sum from the game's constant total
(relative to the larger utility)."""


class Solver:
    """Bounds and proofs for the nodes of a two-player constant-sum game's tree."""

    __slots__ = ("bounds", "high", "low", "total")

    def __init__(self, bounds: tuple[float, float] | None) -> None:
        self.bounds = bounds
        self.low, self.high = (-math.inf, math.inf) if bounds is None else bounds
        """The bounds of a node nothing is known of: the lowest and highest utilities."""
        self.total: float | None = None
        """What the two utilities of every terminal state add up to, once one is met."""

    def other(self, value: float) -> float:
        """``value`` for one player as the other player's: ``total - value``.

        Before the first terminal state the total is not known: a bound is then no bound
        (``-inf``), which prunes nothing.
        """
        return -math.inf if self.total is None else self.total - value

    def terminal(self, state: Any, utilities: tuple[float, ...], owner: int) -> float:
        """The proven value, for ``owner``, of a terminal state worth ``utilities``.

        Raises:
            UnsupportedGameError: the utilities do not sum to the total of the first terminal
                state met (the solver's proofs assume a constant-sum game).
            InvalidUtilityError: a utility outside the declared ``bounds``.
        """
        total = utilities[0] + utilities[1]
        if self.total is None:
            self.total = total
        elif total != self.total and not abs(total - self.total) <= _CONSTANT * max(
            1.0, *map(abs, utilities)
        ):
            raise UnsupportedGameError(
                f"mcts: the utilities {utilities!r} of terminal state {state!r} sum to "
                f"{total!r}, those of an earlier one to {self.total!r}; the MCTS-Solver proves "
                "values of constant-sum games only: pass solver=False"
            )
        if not self.low <= min(utilities) <= max(utilities) <= self.high:
            raise InvalidUtilityError(
                f"the utilities of state {state!r} are {utilities!r}, outside bounds="
                f"{self.bounds!r}; the solver takes the bounds for the least and the most any "
                "player can get, so every utility must lie within them"
            )
        return utilities[owner]

    def propagate(self, leaf: Node) -> list[Node]:
        """Tighten the bounds of the ancestors of the newly proven ``leaf``.

        Returns the nodes proven, ``leaf`` first, bottom up.
        """
        solved = [leaf]
        node = leaf.parent
        while node is not None:
            lower, upper = self._chance(node) if node.player == CHANCE else self._decision(node)
            if lower == node.lower and upper == node.upper:
                break
            node.lower, node.upper = lower, upper
            if lower >= upper:
                node.proven = lower
                solved.append(node)
            node = node.parent
        return solved

    def _decision(self, node: Node) -> tuple[float, float]:
        """The bounds of a decision node for its owner, from its children's."""
        lower = upper = -math.inf
        if node.tried < len(node.actions):
            lower, upper = self.low, self.high
        for child in node.children:  # their bounds are for the player to move at ``node``
            if child.lower > lower:
                lower = child.lower
            if child.upper > upper:
                upper = child.upper
        if node.owner == node.player:
            return lower, upper
        if self.total is None:  # no end met yet: the other player's bounds are unknown
            return -math.inf, math.inf
        return self.other(upper), self.other(lower)

    def _chance(self, node: Node) -> tuple[float, float]:
        """The bounds of a chance node, the expectations of its outcomes' (same owner)."""
        lower = upper = 0.0
        assert node.kids is not None  # a chance node's
        for child, probability in zip(node.kids, node.probabilities, strict=True):
            if child is None:
                lower += probability * self.low
                upper += probability * self.high
            else:
                lower += probability * child.lower
                upper += probability * child.upper
        return lower, upper
