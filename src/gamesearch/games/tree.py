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

    A :class:`Chance` node makes the tree a game of chance: ``to_move`` returns
    :data:`~gamesearch.CHANCE` there, and the tree has a ``chance_outcomes(state)`` method
    (only then: a tree without chance nodes is a deterministic game). The players alternate at
    the decision nodes, chance nodes not counting: the first decision node on every path is
    MAX's.

    Args:
        tree: The nested lists or dicts.
        num_players: ``None`` for a two-player tree with number leaves; an int n >= 1 for a
            tree whose leaves are tuples of n utilities, one per player.
        win_utility: The utility of a win, for a tree of wins and losses (and draws between):
            every leaf within ``[-win_utility, win_utility]``. Given, the tree declares it as a
            game does: proof-number search asks "can MAX win?" first (one search proves a
            win), and alpha-beta ranks proven wins by their distance. ``None``: no win.

    Raises:
        InvalidGameTreeError: a node is neither a real number nor a non-empty list or dict (for
            example a string, ``None``, ``True``, NaN or ``[]``), or, with ``num_players``, a
            leaf is not a tuple of ``num_players`` real numbers, or a chance node's
            probabilities are not numbers >= 0 that sum to 1; the message gives its path.
            Also raised for a ``num_players`` that is not an int >= 1, and a ``win_utility``
            that is not a positive number or that a leaf exceeds.

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

    chance_outcomes: Callable[[Path], tuple[tuple[Any, Any], ...]]
    """``chance_outcomes(state)``: the ``(outcome, probability)`` pairs of a chance node. Only
    a tree with :class:`Chance` nodes has this member."""

    win_utility: float
    """The utility of a win, when the tree was given one (``win_utility=``): every leaf lies
    within ``[-win_utility, win_utility]``. Only a tree given it has this member."""

    def __init__(
        self, tree: Any, *, num_players: int | None = None, win_utility: float | None = None
    ) -> None:
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
        self._chances: dict[Path, tuple[tuple[Any, Any], ...]] = {}
        self._movers: dict[Path, Player] = {}
        # Chance nodes with the same outcomes and probabilities (of the same types) share one
        # tuple, which a search checks once while it meets the same tuple again (as a die's).
        shared: dict[tuple[Any, ...], tuple[tuple[Any, Any], ...]] = {}
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
            if isinstance(node, Chance):
                items = self._chance_items(path, node, shared)
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
        self._win: float | None = None
        if win_utility is not None:
            self._win = self.win_utility = self._checked_win(win_utility)

    def _checked_win(self, win: object) -> float:
        """``win_utility=``, checked: a positive finite number, every leaf within its range.

        Raises:
            InvalidGameTreeError: it is not, or the tree has ``num_players``, or a leaf lies
                outside ``[-win, win]`` (the message gives its path).
        """
        if self._vectors:
            raise InvalidGameTreeError(
                "win_utility is for a two-player tree with number leaves, not with num_players"
            )
        if not _is_number(win) or not 0 < float(win) < math.inf:  # type: ignore[arg-type]
            raise InvalidGameTreeError(
                f"win_utility must be a positive finite number, not {win!r}"
            )
        value = float(win)  # type: ignore[arg-type]
        for path, (leaf, _) in self._values.items():
            if abs(leaf) > value:
                raise InvalidGameTreeError(
                    f"the leaf at {path!r} is {leaf!r}, outside [-{value!r}, {value!r}]: with "
                    "win_utility, a win is the most a leaf can be and a loss the least"
                )
        return value

    def game_parameters(self) -> dict[str, object]:
        """The keyword arguments that make this game again (its identity in a table file)."""
        found: dict[str, object] = {
            "tree": self.tree,
            "num_players": self.num_players if self._vectors else None,
        }
        if self._win is not None:
            found["win_utility"] = self._win
        return found

    def __repr__(self) -> str:
        if self._vectors:
            return f"GameTree({self.tree!r}, num_players={self.num_players})"
        if self._win is not None:
            return f"GameTree({self.tree!r}, win_utility={self._win!r})"
        return f"GameTree({self.tree!r})"

    def initial_state(self) -> Path:
        """The root, ``()``."""
        return ()

    def to_move(self, state: Path) -> Player:
        """0 (MAX) at even depths, 1 (MIN) at odd ones; with n players, ``len(state) % n``.

        With :class:`Chance` nodes: CHANCE there, and the players take turns at the decision
        nodes, chance nodes not counting.
        """
        if self._movers:
            try:
                return self._movers[state]
            except (KeyError, TypeError):
                self._check_known(state)
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
            GameProtocolError: ``player`` is not one of the tree's players (a ValueError).
        """
        try:
            values = self._values[state]
        except (KeyError, TypeError):
            self._check_known(state)
            raise GameProtocolError(f"utility of {state!r}, which is not a leaf") from None
        if player in range(self.num_players):  # as ``==`` compares: 0.0 and True are players too
            return values[int(player)]
        if self._vectors:
            raise GameProtocolError(
                f"GameTree has players 0 to {self.num_players - 1}, not {player!r}"
            )
        raise GameProtocolError(f"GameTree has players 0 (MAX) and 1 (MIN), not {player!r}")

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
            raise GameProtocolError(f"{state!r} is not a node of this GameTree")

    def _chance_items(
        self, path: Path, node: Chance, shared: dict[tuple[Any, ...], tuple[tuple[Any, Any], ...]]
    ) -> list[tuple[Any, Any]]:
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
        found = tuple(probabilities)
        same = tuple((o.__class__, o, p.__class__, p) for o, p in found)  # 1 and 1.0 differ
        self._chances[path] = shared.setdefault(same, found)
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
                self._movers[path] = above % self.num_players



def _is_number(node: object) -> bool:
    """Whether ``node`` is a real number, and not a bool."""
    return isinstance(node, Real) and not isinstance(node, bool)
