"""The tree a Monte Carlo search grows, kept between searches, and its root's statistics."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidSearchOptionError
from ..game import CHANCE, Player
from ._node import Node, release

__all__ = ["ActionStats", "MCTSTree"]

REUSE_DEPTH = 8
"""How many plies below the old root :func:`mcts` looks for the state it is asked to search
(the moves played since, chance outcomes included)."""


@dataclass(frozen=True)
class ActionStats:
    """What a Monte Carlo search learnt about one action at the root."""

    action: Any
    """The action."""

    visits: int
    """How many iterations went through it (over every search of the tree that kept it)."""

    value: float
    """The mean utility of those iterations for ``player`` (kept within the bounds the solver
    proved); its proven value if it is proven."""

    proven: bool
    """Whether the MCTS-Solver proved ``value`` to be the action's game-theoretic value."""

    prior: float | None
    """The probability the ``prior`` gave the action (PUCT); ``None`` without a prior."""

    player: Player
    """Whose value ``value`` is: the player to move at the root."""


class MCTSTree:
    """The tree of a Monte Carlo search, to look at after the search and to reuse in the next.

    Pass the same ``MCTSTree`` as ``tree=`` to every :func:`~gamesearch.mcts` of a game: each
    search fills it, and the next one, asked about a state some moves further on, keeps the
    subtree under the moves played (with its visit counts, values and proofs) and discards the
    rest (Browne et al. 2012, section 5.2.6, call it tree reuse). If the state is not found within
    ``REUSE_DEPTH`` plies of the last root, or the game (the object: another one, even an equal
    one, is another game) or the kind of search (with or without a ``prior``) changed, the
    search starts a new tree. Pickle a tree together with its game to keep it between sessions.

    Example:
        >>> from gamesearch import mcts
        >>> from gamesearch.games import TicTacToe
        >>> game, tree = TicTacToe(), MCTSTree()
        >>> first = mcts(game, iterations=200, rng=1, tree=tree)
        >>> tree.visits, sum(stats.visits for stats in tree.statistics())
        (200, 200)
        >>> state = game.result(game.result(game.initial_state(), first.action), 0)
        >>> kept = tree.visits_of(state)   # iterations that already went through the new state
        >>> result = mcts(game, state, iterations=100, rng=1, tree=tree)
        >>> tree.visits == kept + 100
        True
    """

    def __init__(self) -> None:
        self._root: Node | None = None
        self._game: Any = None
        self._puct = False
        self._total: float | None = None

    def __repr__(self) -> str:
        if self._root is None:
            return "MCTSTree(empty)"
        return f"MCTSTree({self.visits} visits at the root, {self.size()} nodes)"

    @property
    def state(self) -> Any:
        """The state at the root of the last search, ``None`` before any."""
        return None if self._root is None else self._root.state

    @property
    def total(self) -> float | None:
        """What the two utilities of every end add up to, as the last search's solver learnt it.

        ``None`` before it met an end, or without the solver. A search that reuses the tree
        starts from it: it may meet no new end in a tree grown to its ends.
        """
        return self._total

    @property
    def visits(self) -> int:
        """The iterations that went through the root, over every search that kept it."""
        return 0 if self._root is None else self._root.visits

    def size(self) -> int:
        """The number of nodes in the tree."""
        return sum(1 for _ in _walk(self._root))

    def statistics(self) -> tuple[ActionStats, ...]:
        """The root's expanded actions with their visit counts and mean values.

        In the order the game lists the actions; empty before any search, or when the root is
        terminal or a chance node.
        """
        root = self._root
        if root is None or root.player is None or root.player == CHANCE:
            return ()
        return tuple(
            ActionStats(
                action=child.action,
                visits=child.visits,
                value=child.estimate(),
                proven=child.proven is not None,
                prior=child.prior if self._puct else None,
                player=root.player,
            )
            for child in in_game_order(self._game, root)
        )

    def visits_of(self, state: Any) -> int:
        """The visits of the node of ``state`` the next search would keep (0 if none)."""
        found = self._find(state)
        return 0 if found is None else found.visits

    def clear(self) -> None:
        """Forget the tree: the next search starts afresh."""
        if self._root is not None:
            release(self._root)
        self._root, self._game, self._total = None, None, None

    def take(self, game: Any, state: Any, puct: bool) -> Node | None:
        """The kept subtree for ``state``, made a root (``mcts`` calls this), else ``None``."""
        if self._root is None or self._game is not game or self._puct != puct:
            self.clear()
            return None
        found = self._find(state)
        if found is None:
            self.clear()
            return None
        if found is not self._root:
            release(self._root, found)  # the rest of the old tree: freed once dropped
        self._root = found
        found.parent, found.action, found.probability = None, None, None
        return found  # with the depths it has: the search counts its plies from found's

    def keep(self, game: Any, root: Node, puct: bool, total: float | None = None) -> None:
        """Hold ``root``, the root of a finished search, for the next one (``mcts`` calls this).

        ``total`` is the constant sum of the game's utilities its solver learnt, if any.
        """
        self._root, self._game, self._puct, self._total = root, game, puct, total

    def _find(self, state: Any) -> Node | None:
        """The shallowest node of ``state`` within ``REUSE_DEPTH`` plies of the root."""
        if self._root is None:
            return None
        pending = deque([self._root])
        while pending:
            node = pending.popleft()
            if node.state == state:
                return node
            if node.depth - self._root.depth < REUSE_DEPTH:
                pending.extend(node.children)
                pending.extend(kid for kid in node.kids or () if kid is not None)
        return None


def check_tree(tree: object) -> MCTSTree | None:
    """``tree``, after checking that it is an :class:`MCTSTree` or ``None``."""
    if tree is None or isinstance(tree, MCTSTree):
        return tree
    raise InvalidSearchOptionError(
        f"mcts: tree must be an MCTSTree (pass the same one to every search), not "
        f"{type(tree).__name__}"
    )


def in_game_order(game: Any, root: Node) -> list[Node]:
    """The root's expanded children, in the order of ``game.actions(root.state)``."""
    order: dict[Any, int] = {}
    for index, action in enumerate(game.actions(root.state)):
        order.setdefault(action_key(action), index)
    return sorted(root.children, key=lambda child: order.get(action_key(child.action), len(order)))


def action_key(action: Any) -> Any:
    """``action`` if it hashes, else its ``repr``: a key for a dict of a node's actions."""
    try:
        hash(action)
    except TypeError:
        return repr(action)
    return action


def _walk(root: Node | None) -> Any:
    pending = [] if root is None else [root]
    while pending:
        node = pending.pop()
        yield node
        pending.extend(node.children)
        pending.extend(kid for kid in node.kids or () if kid is not None)
