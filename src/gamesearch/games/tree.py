"""Abstract game trees, written as nested lists or dicts, like the trees in the lecture notes."""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from numbers import Real
from typing import Any

from ..errors import GameProtocolError, IllegalActionError, InvalidGameTreeError
from ..game import Player

__all__ = ["GameTree", "Path"]

Path = tuple[Any, ...]
"""A state of a :class:`GameTree`: the actions that lead to it from the root (``()``)."""


class GameTree:
    """A two-player game given as an explicit tree.

    An internal node is a list (or tuple) of subtrees, whose actions are the child indices
    0, 1, ..., or a dict of subtrees, whose actions are its keys in insertion order. A leaf is a
    number: the utility for player 0, called MAX; player 1 (MIN) gets its negation. MAX moves at
    the root and the players alternate. A state is the path of actions from the root, so the
    leaf ``b2`` of the textbook tree below is the state ``("a1", "b2")``.

    Args:
        tree: The nested lists or dicts.

    Raises:
        InvalidGameTreeError: a node is neither a real number nor a non-empty list or dict (for
            example a string, ``None``, ``True``, NaN or ``[]``); the message gives its path.

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

    def __init__(self, tree: Any) -> None:
        self.tree = tree
        self._children: dict[Path, dict[Hashable, Path]] = {}
        self._actions: dict[Path, tuple[Any, ...]] = {}
        self._values: dict[Path, float] = {}
        pending: list[tuple[Path, Any]] = [((), tree)]
        while pending:  # iteratively, so that trees deeper than the recursion limit load too
            path, node = pending.pop()
            if isinstance(node, Real) and not isinstance(node, bool):
                value = float(node)
                if math.isnan(value):
                    raise InvalidGameTreeError(f"the leaf at {path!r} is NaN")
                self._values[path] = value
                continue
            if isinstance(node, Mapping):
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

    def __repr__(self) -> str:
        return f"GameTree({self.tree!r})"

    def initial_state(self) -> Path:
        """The root, ``()``."""
        return ()

    def to_move(self, state: Path) -> Player:
        """0 (MAX) at even depths, 1 (MIN) at odd ones."""
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

    def _check_known(self, state: object) -> None:
        try:
            known = state in self._values or state in self._children
        except TypeError:
            known = False
        if not known:
            raise ValueError(f"{state!r} is not a node of this GameTree")
