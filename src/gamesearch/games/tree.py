"""Abstract game trees, written as nested lists or dicts, like the trees in the lecture notes."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any

from ..errors import GameProtocolError, IllegalActionError, InvalidGameTreeError
from ..game import CHANCE, Player

__all__ = ["Chance", "GameTree", "Path"]

Path = tuple[Any, ...]
"""A state of a :class:`GameTree`: the actions that lead to it from the root (``()``)."""


@dataclass(frozen=True)
class Chance:
    """A chance node of a :class:`GameTree`: nature picks one of its subtrees at random.

    Example:
        The lecture notes' chance node, worth 8/2 + 24/3 - 12/6 = 10 to MAX:

        >>> from fractions import Fraction
        >>> tree = GameTree(Chance([(Fraction(1, 2), 8), (Fraction(1, 3), 24),
        ...                         (Fraction(1, 6), -12)]))
        >>> tree.chance_outcomes(())
        ((0, Fraction(1, 2)), (1, Fraction(1, 3)), (2, Fraction(1, 6)))
    """

    outcomes: Any
    """``(probability, subtree)`` pairs, whose outcomes are numbered 0, 1, ...; or a dict
    ``{outcome: (probability, subtree)}``. The probabilities must be numbers >= 0 that sum to 1
    within 1e-9; they are kept as given (a ``Fraction`` stays exact)."""


class GameTree:
    """A two-player game given as an explicit tree.

    An internal node is a list (or tuple) of subtrees, whose actions are the child indices
    0, 1, ..., or a dict of subtrees, whose actions are its keys in insertion order. A leaf is a
    number: the utility for player 0, called MAX; player 1 (MIN) gets its negation. MAX moves at
    the root and the players alternate. A state is the path of actions from the root, so the
    leaf ``b2`` of the textbook tree below is the state ``("a1", "b2")``.

    A :class:`Chance` node makes the tree a game of chance: ``to_move`` returns
    :data:`~gamesearch.CHANCE` there, and the tree has a ``chance_outcomes(state)`` method
    (only then: a tree without chance nodes is a deterministic game). The players alternate at
    the decision nodes, chance nodes not counting: the first decision node on every path is
    MAX's.

    Args:
        tree: The nested lists or dicts.

    Raises:
        InvalidGameTreeError: a node is neither a real number nor a non-empty list or dict (for
            example a string, ``None``, ``True``, NaN or ``[]``), or a chance node's
            probabilities are not numbers >= 0 that sum to 1; the message gives its path.

    Example:
        The tree of AIMA figure 5.2:

        >>> tree = GameTree({"a1": {"b1": 3, "b2": 12, "b3": 8},
        ...                  "a2": {"c1": 2, "c2": 4, "c3": 6},
        ...                  "a3": {"d1": 14, "d2": 5, "d3": 2}})
        >>> tree.actions(())
        ('a1', 'a2', 'a3')
        >>> tree.result((), "a2")
        ('a2',)
        >>> tree.utility(("a2", "c1"), 0), tree.utility(("a2", "c1"), 1)
        (2.0, -2.0)
        >>> len(tree.leaves())
        9
    """

    num_players = 2

    chance_outcomes: Callable[[Path], tuple[tuple[Any, Any], ...]]
    """``chance_outcomes(state)``: the ``(outcome, probability)`` pairs of a chance node. Only
    a tree with :class:`Chance` nodes has this member."""

    def __init__(self, tree: Any) -> None:
        self.tree = tree
        self._children: dict[Path, dict[Hashable, Path]] = {}
        self._actions: dict[Path, tuple[Any, ...]] = {}
        self._values: dict[Path, float] = {}
        self._chances: dict[Path, tuple[tuple[Any, Any], ...]] = {}
        self._movers: dict[Path, Player] = {}
        pending: list[tuple[Path, Any]] = [((), tree)]
        while pending:  # iteratively, so that trees deeper than the recursion limit load too
            path, node = pending.pop()
            if isinstance(node, Real) and not isinstance(node, bool):
                value = float(node)
                if math.isnan(value):
                    raise InvalidGameTreeError(f"the leaf at {path!r} is NaN")
                self._values[path] = value
                continue
            if isinstance(node, Chance):
                items = self._chance_items(path, node)
            elif isinstance(node, Mapping):
                items = list(node.items())
            elif isinstance(node, Sequence) and not isinstance(node, (str, bytes)):
                items = list(enumerate(node))
            else:
                raise InvalidGameTreeError(
                    f"the node at {path!r} is {node!r}: a node must be a number (a leaf) or a "
                    "non-empty list or dict of subtrees"
                )
            if not items:
                raise InvalidGameTreeError(f"the node at {path!r} has no children")
            children = {action: (*path, action) for action, _ in items}
            self._children[path] = children
            self._actions[path] = tuple(children)
            pending.extend((children[action], subtree) for action, subtree in items)
        if self._chances:
            self.chance_outcomes = self._chance_outcomes
            self._number_players()

    def __repr__(self) -> str:
        return f"GameTree({self.tree!r})"

    def initial_state(self) -> Path:
        """The root, ``()``."""
        return ()

    def to_move(self, state: Path) -> Player:
        """0 (MAX) at even depths, 1 (MIN) at odd ones; CHANCE at a :class:`Chance` node.

        With chance nodes, the players alternate at the decision nodes.
        """
        if self._movers:
            try:
                return self._movers[state]
            except (KeyError, TypeError):
                self._check_known(state)
        return len(state) & 1

    def actions(self, state: Path) -> tuple[Any, ...]:
        """The child indices or keys of the node at ``state``; none at a leaf."""
        try:
            return self._actions[state]
        except (KeyError, TypeError):
            self._check_known(state)
            return ()

    def result(self, state: Path, action: Any) -> Path:
        """The path to the child ``action`` of the node at ``state``.

        Raises:
            IllegalActionError: the node has no child ``action``.
        """
        try:
            return self._children[state][action]
        except (KeyError, TypeError):
            raise IllegalActionError(
                action, self.actions(state), f"GameTree node {state!r}"
            ) from None

    def is_terminal(self, state: Path) -> bool:
        """Whether the node at ``state`` is a leaf."""
        return state in self._values

    def utility(self, state: Path, player: Player) -> float:
        """The leaf's number for player 0, its negation for player 1.

        Raises:
            GameProtocolError: ``state`` is not a leaf.
            ValueError: ``player`` is not 0 or 1.
        """
        try:
            value = self._values[state]
        except (KeyError, TypeError):
            self._check_known(state)
            raise GameProtocolError(f"utility of {state!r}, which is not a leaf") from None
        if player == 0:
            return value
        if player == 1:
            return -value
        raise ValueError(f"GameTree has players 0 (MAX) and 1 (MIN), not {player!r}")

    def leaves(self) -> dict[Path, float]:
        """Every leaf's path and value for player 0, in depth-first, left-to-right order."""
        return {path: self._values[path] for path in self._depth_first() if path in self._values}

    def _depth_first(self) -> list[Path]:
        order, pending = [], [()]
        while pending:
            path = pending.pop()
            order.append(path)
            pending.extend(reversed(self._children.get(path, {}).values()))
        return order

    def _chance_items(self, path: Path, node: Chance) -> list[tuple[Any, Any]]:
        """The (outcome, subtree) pairs of a chance node, after checking its probabilities."""
        outcomes = node.outcomes
        if isinstance(outcomes, Mapping):
            pairs: Any = list(outcomes.items())
        elif isinstance(outcomes, Sequence) and not isinstance(outcomes, (str, bytes)):
            pairs = enumerate(outcomes)
        else:
            raise InvalidGameTreeError(
                f"the chance node at {path!r} has outcomes {outcomes!r}: a list of "
                "(probability, subtree) pairs or a dict {outcome: (probability, subtree)}"
            )
        items, probabilities = [], []
        total: Any = 0
        for outcome, pair in pairs:
            try:
                probability, subtree = pair
            except (TypeError, ValueError):
                raise InvalidGameTreeError(
                    f"outcome {outcome!r} of the chance node at {path!r} is {pair!r}, not a "
                    "(probability, subtree) pair"
                ) from None
            if isinstance(probability, bool) or not isinstance(probability, Real):
                raise InvalidGameTreeError(
                    f"the probability of outcome {outcome!r} at {path!r} is {probability!r}, "
                    "not a number"
                )
            if not float(probability) >= 0:
                raise InvalidGameTreeError(
                    f"the probability of outcome {outcome!r} at {path!r} is {probability!r}; "
                    "probabilities must be >= 0"
                )
            total += probability
            items.append((outcome, subtree))
            probabilities.append((outcome, probability))
        if items and not abs(total - 1) <= 1e-9:
            raise InvalidGameTreeError(
                f"the probabilities of the chance node at {path!r} sum to {total}, not 1"
            )
        self._chances[path] = tuple(probabilities)
        return items

    def _chance_outcomes(self, state: Path) -> tuple[tuple[Any, Any], ...]:
        try:
            return self._chances[state]
        except (KeyError, TypeError):
            self._check_known(state)
            raise GameProtocolError(f"chance_outcomes of {state!r}, not a chance node") from None

    def _number_players(self) -> None:
        """Record who moves where: CHANCE at chance nodes; MAX and MIN take turns elsewhere."""
        for path in self._depth_first():
            if path in self._chances:
                self._movers[path] = CHANCE
            else:
                above = sum(path[:i] not in self._chances for i in range(len(path)))
                self._movers[path] = above & 1

    def _check_known(self, state: object) -> None:
        try:
            known = state in self._values or state in self._children
        except TypeError:
            known = False
        if not known:
            raise ValueError(f"{state!r} is not a node of this GameTree")
