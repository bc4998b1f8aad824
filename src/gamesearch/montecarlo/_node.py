"""The node of a Monte Carlo tree, and the checks made once when a node is created."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate
from numbers import Real
from typing import Any

from .._validation import checked_number, no_actions_error
from ..errors import InvalidDistributionError, InvalidSearchOptionError
from ..game import Player

TOLERANCE = 1e-9
"""How far from 1 the probabilities of a chance node may sum (float rounding)."""

PRIOR_TOLERANCE = 1e-6
"""How far from 1 a prior's probabilities may sum: a learned policy is often computed in
single precision."""


SLOTS = (
    "action",
    "actions",
    "children",
    "cumulative",
    "depth",
    "kids",
    "lower",
    "noisy",
    "outcomes",
    "owner",
    "parent",
    "player",
    "prior",
    "priors",
    "probabilities",
    "probability",
    "proven",
    "state",
    "total",
    "tried",
    "upper",
    "utilities",
    "visits",
)
"""The slots of a :class:`Node` (its ``__slots__``), which :meth:`Node.__reduce__` pickles:
compiled by mypyc, the class keeps no ``__slots__`` to read them from."""


class Node:
    """One node of the tree: a state reached by a line of actions from the root.

    Invariant: ``total / visits`` is the mean utility, for ``owner``, of the iterations that
    passed through the node; ``owner`` is the player who moved into it (the player to move at
    the parent; for a child of a chance node, the chance node's owner; at a new root, the
    player to move there, or player 0 at a chance root). Every iteration that creates a node
    also backs up through it, so ``visits >= 1`` once the iteration is over.
    """

    __slots__ = SLOTS

    def __init__(
        self, state: Any, action: Any, parent: Node | None, owner: Player, depth: int
    ) -> None:
        self.state = state
        self.action = action
        """The action (or chance outcome) that led here from the parent; ``None`` at the root."""
        self.parent = parent
        self.owner = owner
        self.depth = depth
        """The node's ply below the root of the tree's first search (a search that reuses the
        tree counts its plies from its root's ``depth``)."""
        self.player: Player | None = None
        """The player to move, ``CHANCE`` at a chance node, ``None`` at a terminal state."""
        self.visits = 0
        self.total = 0.0
        self.children: Sequence[Node] = ()
        """A decision node's expanded children, in the order they were expanded: a list from
        the first (:meth:`adopt`), an empty tuple before (most nodes stay leaves: one object
        each, not three, for the allocator and the garbage collector)."""
        self.actions: tuple[Any, ...] = ()
        """A decision node's actions in the order they are expanded: the game's order, or
        with a prior the most likely first. The game's own tuple when it gives one."""
        self.tried = 0
        """How many of ``actions`` are expanded: the next one is ``actions[tried]``."""
        self.priors: tuple[float, ...] | None = None
        """With a prior: the prior probability of each of ``actions``, in their order."""
        self.prior = 0.0
        """The prior probability of ``action`` at the parent (PUCT only)."""
        self.noisy = 0.0
        """At the root's children: the prior mixed with Dirichlet noise (PUCT with noise)."""
        self.outcomes: tuple[Any, ...] = ()
        """A chance node's outcomes of probability > 0."""
        self.probabilities: tuple[float, ...] = ()
        """A chance node's probability of each outcome."""
        self.cumulative: tuple[float, ...] = ()
        """A chance node's running sums of ``probabilities``, for sampling."""
        self.kids: list[Node | None] | None = None
        """A chance node's child for each outcome, ``None`` until first sampled (and ``None``
        at a decision node: a list made only where it is used)."""
        self.probability: float | None = None
        """The probability of ``action`` when the parent is a chance node."""
        self.utilities: tuple[float, ...] | None = None
        """At a terminal state, every player's utility, indexed by player."""
        self.proven: float | None = None
        """The game-theoretic value for ``owner``, once the MCTS-Solver has proven it."""
        self.lower = -math.inf
        """The solver's lower bound on the game-theoretic value for ``owner``."""
        self.upper = math.inf
        """The solver's upper bound on the game-theoretic value for ``owner``."""

    def __repr__(self) -> str:
        return (
            f"Node(action={self.action!r}, owner={self.owner}, visits={self.visits}, "
            f"total={self.total:g}, proven={self.proven!r})"
        )

    def __reduce__(self) -> tuple[Callable[[], Node], tuple[()], dict[str, Any]]:
        """Pickled and copied by its slots: an empty node, each slot then set.

        Compiled by mypyc, a node is otherwise rebuilt by calling its class without arguments,
        which fails (an ``MCTSTree`` could not be pickled or copied); the links to parents make
        cycles, which ``pickle`` and ``copy`` restore as they restore the slots after the node.
        """
        return _empty, (), {name: getattr(self, name) for name in SLOTS}

    def __setstate__(self, slots: dict[str, Any]) -> None:
        """Set each of ``slots`` (see :meth:`__reduce__`)."""
        for name, value in slots.items():
            setattr(self, name, value)

    def adopt(self, child: Node) -> None:
        """Add ``child`` to the expanded children (a new list for the first one)."""
        children = self.children
        if isinstance(children, list):
            children.append(child)
        else:
            self.children = [child]

    def estimate(self) -> float:
        """The value for ``owner``: the mean of the visits, within the solver's bounds.

        0 (within the bounds) before any visit; the proven value once proven.
        """
        value = self.total / self.visits if self.visits else 0.0
        if value < self.lower:
            return self.lower
        return self.upper if value > self.upper else value

    def sample(self, draw: float) -> int:
        """The index of the outcome that ``draw``, uniform in [0, 1), picks at a chance node."""
        index = bisect_right(self.cumulative, draw)
        return index if index < len(self.outcomes) else len(self.outcomes) - 1

    def path(self) -> tuple[Any, ...]:
        """The actions and outcomes from the root down to this node."""
        line = []
        node: Node | None = self
        while node is not None and node.parent is not None:
            line.append(node.action)
            node = node.parent
        line.reverse()
        return tuple(line)


def _empty() -> Node:
    """A node whose slots :meth:`Node.__setstate__` then sets: what a pickle starts from."""
    return Node(None, None, None, 0, 0)


def release(root: Node, kept: Node | None = None) -> None:
    """Cut the links from ``root``'s tree (but ``kept``'s subtree) up to the parents.

    A tree of nodes with parent links is a web of reference cycles, which only the cyclic
    garbage collector frees: trees dropped move after move pile up until a full collection
    walks them all, a pause of a tenth of a second or more in the middle of a later search.
    Without the upward links, the tree is freed by reference counting the moment it is
    dropped. The nodes keep their numbers and their children.
    """
    pending = [root]
    while pending:
        node = pending.pop()
        node.parent = None
        # Plain loops, not extend(generator): compiled, a generator is an object a node.
        for child in node.children:
            if child is not kept:
                pending.append(child)  # noqa: PERF401
        kids = node.kids
        if kids is not None:
            for kid in kids:
                if kid is not None and kid is not kept:
                    pending.append(kid)  # noqa: PERF401


def terminal_utilities(game: Any, state: Any, players: int) -> tuple[float, ...]:
    """Every player's utility in the terminal ``state``, as floats, refusing NaN."""
    utility = game.utility
    return tuple(
        checked_number(utility(state, player), state, player, "utility")
        for player in range(players)
    )


def set_actions(node: Node, actions: Sequence[Any]) -> None:
    """Give a decision node its actions, expanded in the game's order.

    A tuple is kept as it is (``tuple()`` of a tuple is the same object): a game that memoizes
    its actions, as Connect Four does, costs the node no copy.
    """
    if not actions:
        raise no_actions_error(node.state)
    node.actions = tuple(actions)


def set_priors(
    node: Node, actions: Sequence[Any], prior: Callable[[Any, Sequence[Any]], Sequence[float]]
) -> None:
    """Give a decision node its actions sorted by ``prior``, the most likely first.

    Raises:
        InvalidSearchOptionError: ``prior(state, actions)`` is not a distribution over the
            actions: not one number >= 0 per action, or a sum not within 1e-6 of 1.
    """
    if not actions:
        raise no_actions_error(node.state)
    actions = tuple(actions)
    given = prior(node.state, actions)
    try:
        probabilities = [float(p) for p in given]
    except (TypeError, ValueError):
        raise _prior_error(node.state, actions, given, "not a sequence of numbers") from None
    if len(probabilities) != len(actions):
        raise _prior_error(
            node.state, actions, given, f"{len(probabilities)} numbers for {len(actions)} actions"
        )
    if not all(p >= 0 and math.isfinite(p) for p in probabilities):
        raise _prior_error(node.state, actions, given, "a probability that is negative or NaN")
    if not abs(sum(probabilities) - 1) <= PRIOR_TOLERANCE:
        raise _prior_error(
            node.state, actions, given, f"probabilities that sum to {sum(probabilities):g}, not 1"
        )
    # The most likely action first, and among equals the first in the game's order.
    order = sorted(range(len(actions)), key=lambda i: (-probabilities[i], i))
    node.actions = tuple(actions[i] for i in order)
    node.priors = tuple(probabilities[i] for i in order)


def _prior_error(
    state: Any, actions: Sequence[Any], given: Any, what: str
) -> InvalidSearchOptionError:
    return InvalidSearchOptionError(
        f"mcts: prior(state, actions) returned {given!r} for state {state!r} and actions "
        f"{tuple(actions)!r}: {what}. A prior must give one probability >= 0 per action, in "
        f"the order of the actions, summing to 1 (within {PRIOR_TOLERANCE:g})"
    )


def set_outcomes(node: Node, pairs: Any) -> None:
    """Give a chance node its outcomes of probability > 0 and their running sums.

    Raises:
        InvalidDistributionError: the pairs are empty or not pairs, a probability is not a
            number or is negative, or they do not sum to 1 within 1e-9.
    """
    state = node.state
    try:
        items = list(pairs)
    except TypeError:
        raise _distribution_error(state, f"returned {pairs!r}, not (outcome, p) pairs") from None
    if not items:
        raise _distribution_error(state, "returned no outcomes; a chance node needs one")
    outcomes, probabilities = [], []
    for item in items:
        try:
            outcome, probability = item
        except (TypeError, ValueError):
            raise _distribution_error(state, f"gave {item!r}, not an (outcome, p) pair") from None
        if isinstance(probability, bool) or not isinstance(probability, Real):
            raise _distribution_error(state, f"gave {outcome!r} the probability {probability!r}")
        if not float(probability) >= 0:
            raise _distribution_error(state, f"gave {outcome!r} the probability {probability!r}")
        if probability:
            outcomes.append(outcome)
            probabilities.append(float(probability))
    total = sum(probabilities)
    if not abs(total - 1) <= TOLERANCE:
        raise _distribution_error(state, f"gave probabilities that sum to {total:g}, not 1")
    node.outcomes = tuple(outcomes)
    node.probabilities = tuple(probabilities)
    node.cumulative = tuple(accumulate(probabilities))
    node.kids = [None] * len(outcomes)


def _distribution_error(state: Any, what: str) -> InvalidDistributionError:
    return InvalidDistributionError(
        f"chance_outcomes(state) for state {state!r} {what}: a chance node's outcomes must be "
        f"(outcome, probability) pairs with probabilities >= 0 summing to 1 (within "
        f"{TOLERANCE:g})"
    )
