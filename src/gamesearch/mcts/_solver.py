"""MCTS-Solver (Winands, Bjornsson and Saito 2008): proven values backed up through the tree.

In a two-player zero-sum game a terminal node is proven at once, with its utility. A decision
node is proven when every action has been expanded and every child proven (its value is the
best child's for the player to move: minimax over the proven part of the tree), or, given
``bounds``, as soon as one child is proven worth the highest utility to the player to move (a
proven win, Winands's rule). A chance node is proven when all its outcomes are, at their
expectation. Values are kept for each node's owner, the player who moved into it.
"""

from __future__ import annotations

from typing import Any

from ..errors import InvalidUtilityError, UnsupportedGameError
from ..game import CHANCE
from ._node import Node

_ZERO_SUM = 1e-9
"""How far from 0 the two utilities of a terminal state may sum in a zero-sum game."""


class Solver:
    """Proves nodes of a two-player zero-sum game's tree."""

    __slots__ = ("bounds", "high")

    def __init__(self, bounds: tuple[float, float] | None) -> None:
        self.bounds = bounds
        self.high = None if bounds is None else bounds[1]
        """The highest utility: a child proven worth it proves its parent (a proven win)."""

    def terminal(self, state: Any, utilities: tuple[float, ...], owner: int) -> float:
        """The proven value, for ``owner``, of a terminal state worth ``utilities``.

        Raises:
            UnsupportedGameError: the utilities do not sum to 0 (the solver's proofs assume a
                zero-sum game).
            InvalidUtilityError: a utility outside the declared ``bounds``.
        """
        if not abs(utilities[0] + utilities[1]) <= _ZERO_SUM:
            raise UnsupportedGameError(
                f"mcts: the utilities {utilities!r} of terminal state {state!r} do not sum to "
                "0; the MCTS-Solver proves values of zero-sum games only: pass solver=False"
            )
        bounds = self.bounds
        if bounds is not None and not bounds[0] <= min(utilities) <= max(utilities) <= bounds[1]:
            raise InvalidUtilityError(
                f"the utilities of state {state!r} are {utilities!r}, outside bounds={bounds!r}; "
                "the solver proves a node as soon as a child reaches the highest utility, so "
                "every utility must lie within the bounds"
            )
        return utilities[owner]

    def propagate(self, leaf: Node) -> list[Node]:
        """Prove the ancestors of the newly proven ``leaf`` that its proof decides.

        Returns the nodes proven, ``leaf`` first, bottom up.
        """
        solved = [leaf]
        node = leaf.parent
        while node is not None and node.proven is None:
            value = self._chance(node) if node.player == CHANCE else self._decision(node)
            if value is None:
                break
            node.proven = value
            solved.append(node)
            node = node.parent
        return solved

    def _decision(self, node: Node) -> float | None:
        """The value of ``node`` for its owner, if its children prove it, else ``None``."""
        best = None
        complete = not node.untried
        for child in node.children:
            value = child.proven  # for the player to move at ``node``
            if value is None:
                complete = False
            elif best is None or value > best:
                best = value
        if best is None or not (complete or (self.high is not None and best >= self.high)):
            return None
        return best if node.owner == node.player else -best

    def _chance(self, node: Node) -> float | None:
        """The expectation of a chance node's outcomes, for its owner, once all are proven."""
        total = 0.0
        for child, probability in zip(node.kids, node.probabilities, strict=True):
            if child is None or child.proven is None:
                return None
            total += probability * child.proven  # the outcomes' owner is the node's
        return total
