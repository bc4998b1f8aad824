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
    """A game given as an explicit tree, for two players or, with ``num_players``, for n.

    An internal node is a list (or tuple) of subtrees, whose actions are the child indices
    0, 1, ..., or a dict of subtrees, whose actions are its keys in insertion order. A leaf is a
    number: the utility for player 0, called MAX; player 1 (MIN) gets its negation. MAX moves at
    the root and the players alternate. A state is the path of actions from the root, so the
    leaf ``b2`` of the textbook tree below is the state ``("a1", "b2")``.

    With ``num_players=n`` the tree is a game of n players, each with its own utility: a leaf is
    a tuple of n numbers, the utilities of players 0 .. n-1 (AIMA section 5.2.2), internal nodes
    are lists or dicts, and the players move in turn, player ``depth % n`` at a node of that
    depth. Without ``num_players`` a tuple is read as a list of subtrees, as it always was, so
    the option must be given to read tuple leaves.

    Args:
        tree: The nested lists or dicts.
        num_players: ``None`` for a two-player tree with number leaves; an int n >= 1 for a
            tree whose leaves are tuples of n utilities, one per player.

    Raises:
        InvalidGameTreeError: a node is neither a real number nor a non-empty list or dict (for
            example a string, ``None``, ``True``, NaN or ``[]``), or, with ``num_players``, a
            leaf is not a tuple of ``num_players`` real numbers; the message gives its path.
            Also raised for a ``num_players`` that is not an int >= 1.

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

        Three players, each leaf giving the utilities of players 0, 1 and 2:

        >>> three = GameTree([[(1, 2, 6), (4, 2, 3)], [(5, 1, 1)]], num_players=3)
        >>> three.num_players, three.to_move(()), three.to_move((0,)), three.to_move((0, 1))
        (3, 0, 1, 2)
        >>> three.utility((0, 1), 2)
        3.0
    """

    def __init__(self, tree: Any, *, num_players: int | None = None) -> None:
        if num_players is not None and (
            isinstance(num_players, bool) or not isinstance(num_players, int) or num_players < 1
        ):
            raise InvalidGameTreeError(
                f"num_players must be None or an int >= 1, not {num_players!r}"
            )
        self.tree = tree
        self.num_players = 2 if num_players is None else num_players
        """How many players the tree has: 2 unless ``num_players`` said otherwise."""
        self._vectors = vectors = num_players is not None
        self._children: dict[Path, dict[Hashable, Path]] = {}
        self._actions: dict[Path, tuple[Any, ...]] = {}
        self._values: dict[Path, tuple[float, ...]] = {}  # every player's utility, by player
        pending: list[tuple[Path, Any]] = [((), tree)]
        while pending:  # iteratively, so that trees deeper than the recursion limit load too
            path, node = pending.pop()
            if vectors and isinstance(node, tuple):
                self._values[path] = self._vector(path, node)
                continue
            if _is_number(node):
                if vectors:
                    raise InvalidGameTreeError(
                        f"the leaf at {path!r} is {node!r}: a leaf of a {self.num_players}-"
                        f"player tree is a tuple of {self.num_players} numbers"
                    )
                value = float(node)
                if math.isnan(value):
                    raise InvalidGameTreeError(f"the leaf at {path!r} is NaN")
                self._values[path] = (value, -value)
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
        if self._vectors:
            return f"GameTree({self.tree!r}, num_players={self.num_players})"
        return f"GameTree({self.tree!r})"

    def initial_state(self) -> Path:
        """The root, ``()``."""
        return ()

    def to_move(self, state: Path) -> Player:
        """0 (MAX) at even depths, 1 (MIN) at odd ones; with n players, ``len(state) % n``."""
        return len(state) % self.num_players

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
        """The leaf's number for player 0 and its negation for player 1, or its ``player`` entry.

        Raises:
            GameProtocolError: ``state`` is not a leaf.
            ValueError: ``player`` is not one of the tree's players.
        """
        try:
            values = self._values[state]
        except (KeyError, TypeError):
            self._check_known(state)
            raise GameProtocolError(f"utility of {state!r}, which is not a leaf") from None
        if player in range(self.num_players):  # as ``==`` compares: 0.0 and True are players too
            return values[int(player)]
        if self._vectors:
            raise ValueError(f"GameTree has players 0 to {self.num_players - 1}, not {player!r}")
        raise ValueError(f"GameTree has players 0 (MAX) and 1 (MIN), not {player!r}")

    def leaves(self) -> dict[Path, float]:
        """Every leaf's path and value for player 0, in depth-first, left-to-right order."""
        return {path: self._values[path][0] for path in self._depth_first() if path in self._values}

    def _vector(self, path: Path, leaf: tuple[Any, ...]) -> tuple[float, ...]:
        """The utilities of an n-player leaf as floats, after checking them."""
        if len(leaf) != self.num_players or not all(_is_number(value) for value in leaf):
            raise InvalidGameTreeError(
                f"the leaf at {path!r} is {leaf!r}: a leaf of a {self.num_players}-player tree "
                f"is a tuple of {self.num_players} numbers, one utility per player (internal "
                "nodes are lists or dicts)"
            )
        values = tuple(float(value) for value in leaf)
        if any(math.isnan(value) for value in values):
            raise InvalidGameTreeError(f"the leaf at {path!r} has a NaN utility: {leaf!r}")
        return values

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


def _is_number(node: object) -> bool:
    """Whether ``node`` is a real number, and not a bool."""
    return isinstance(node, Real) and not isinstance(node, bool)
