"""A game's whole tree, enumerated once through the protocol into flat arrays.

The tabular algorithms (CFR, best response, expected values) never call the game in their
loops: :func:`enumerate_tree` walks every history once, breadth first, and records each node's
kind, player, information set, children (a contiguous range of node numbers, in the order of
``actions``), the probability chance gives it and, at the end of the game, its utilities. The
information sets are numbered as they are first met, with their keys, players and actions.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable
from typing import Any

from .._distributions import distribution
from .._validation import (
    check_is_game,
    checked_number,
    is_count,
    is_player,
    mover_error,
    repeated_action,
)
from ..capabilities import Capabilities
from ..errors import GameProtocolError, NotAGameError, UnsupportedGameError, short_repr
from ..game import CHANCE

__all__ = [
    "CHANCE_NODE",
    "DECISION",
    "MAX_NODES",
    "TERMINAL",
    "FlatTree",
    "chance_children",
    "check_distinct",
    "check_same",
    "enumerate_tree",
]

TERMINAL, CHANCE_NODE, DECISION = 0, 1, 2
"""The kinds of node."""

MAX_NODES = 5_000_000
"""The most histories a game may have for the algorithms that traverse its whole tree."""


class FlatTree:
    """A game tree as parallel arrays, indexed by node number (0 the root, breadth first).

    A node's children are numbered ``first[n] .. first[n] + count[n] - 1``, after it: a loop
    over the nodes in order goes top-down, in reverse order bottom-up.
    """

    num_players: int
    """The game's players."""

    kind: list[int]
    """``TERMINAL``, ``CHANCE_NODE`` or ``DECISION``."""

    player: list[int]
    """The player to move at a decision node, ``CHANCE`` at a chance node, -2 at the end."""

    infoset: list[int]
    """The number of a decision node's information set, -1 elsewhere."""

    first: list[int]
    """The number of the node's first child (0 for a terminal node)."""

    count: list[int]
    """How many children the node has (chance outcomes of probability 0 included)."""

    action: list[int]
    """The index, in its parent's actions (or chance outcomes), of the action that led here."""

    probability: list[float]
    """The probability chance gives the move into this node: 1.0 unless its parent is a
    chance node; 0.0 for an outcome chance never picks, which is kept with its subtree so that
    every information set of the game has a strategy (reached with probability 0)."""

    utilities: list[tuple[float, ...]]
    """Every player's utility at a terminal node, ``()`` elsewhere."""

    keys: list[Hashable]
    """The key of each information set."""

    infoset_player: list[int]
    """The player whose information set it is."""

    infoset_actions: list[tuple[Any, ...]]
    """The actions of each information set, in the order of ``actions``."""

    @property
    def nodes(self) -> int:
        """How many histories the tree has."""
        return len(self.kind)

    def __init__(
        self,
        num_players: int,
        kind: list[int],
        player: list[int],
        infoset: list[int],
        first: list[int],
        count: list[int],
        action: list[int],
        probability: list[float],
        utilities: list[tuple[float, ...]],
        keys: list[Hashable],
        infoset_player: list[int],
        infoset_actions: list[tuple[Any, ...]],
    ) -> None:
        self.num_players = num_players
        self.kind = kind
        self.player = player
        self.infoset = infoset
        self.first = first
        self.count = count
        self.action = action
        self.probability = probability
        self.utilities = utilities
        self.keys = keys
        self.infoset_player = infoset_player
        self.infoset_actions = infoset_actions

    def _values(self) -> tuple[Any, ...]:
        """The fields, in order: what equality compares and what a pickle keeps."""
        return (
            self.num_players, self.kind, self.player, self.infoset, self.first, self.count,
            self.action, self.probability, self.utilities, self.keys, self.infoset_player,
            self.infoset_actions,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FlatTree) and self._values() == other._values()

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        """Pickled by its fields, in order (its class is remade with them)."""
        return type(self), self._values()


def check_imperfect(game: Any, searcher: str) -> None:
    """Raise unless ``game`` has the ``Game`` members and ``information_set``.

    Raises:
        NotAGameError: a member is missing.
        UnsupportedGameError: ``num_players`` is not an int from 1 to :data:`MAX_NODES`.
    """
    check_is_game(game)
    players = game.num_players
    if not is_count(players) or players > MAX_NODES:
        raise UnsupportedGameError(
            f"{searcher} searches games of at least one player, but {type(game).__name__} has "
            f"num_players={short_repr(players)} (an int from 1 to {MAX_NODES:,}, the most "
            "histories it walks)"
        )
    if Capabilities.of(game).information_set is None:
        raise NotAGameError(
            f"{searcher}: {type(game).__name__} has no information_set(state, player) method, "
            "so it is not a game of imperfect information (see "
            "gamesearch.imperfect.ImperfectInformationGame)"
        )


def enumerate_tree(game: Any, *, searcher: str, max_nodes: int = MAX_NODES) -> FlatTree:
    """Every history of ``game`` from its initial state, breadth first, as a :class:`FlatTree`.

    Raises:
        NotAGameError: ``game`` lacks members of the protocol, or ``information_set``.
        UnsupportedGameError: the game has more than ``max_nodes`` histories.
        GameProtocolError: a state the game cannot search: a non-terminal state without
            actions, a mover that is not a player, two states of one information set with
            different actions or players, an information set that lists an action twice, or
            a key that cannot be hashed.
        InvalidDistributionError: chance probabilities that are not a distribution.
        InvalidUtilityError: a utility that is not a number.
    """
    check_imperfect(game, searcher)
    players = game.num_players
    has_chance = Capabilities.of(game).chance_outcomes is not None
    tree = FlatTree(players, [], [], [], [], [], [], [], [], [], [], [])
    index: dict[Hashable, int] = {}
    pending: deque[Any] = deque([game.initial_state()])
    _add(tree, kind=-1, action=0, probability=1.0)
    node = 0
    while pending:
        state = pending.popleft()
        children = _expand(game, state, tree, node, index, players, has_chance)
        if tree.nodes + len(children) > max_nodes:
            raise UnsupportedGameError(
                f"{searcher} traverses the whole game tree, and {type(game).__name__} has more "
                f"than {max_nodes:,} histories"
            )
        tree.first[node] = tree.nodes
        tree.count[node] = len(children)
        for position, (child, probability) in enumerate(children):
            _add(tree, kind=-1, action=position, probability=probability)
            pending.append(child)
        node += 1
    return tree


def _add(tree: FlatTree, *, kind: int, action: int, probability: float) -> None:
    """Append a node whose kind and children are filled in when it is expanded."""
    tree.kind.append(kind)
    tree.player.append(-2)
    tree.infoset.append(-1)
    tree.first.append(0)
    tree.count.append(0)
    tree.action.append(action)
    tree.probability.append(probability)
    tree.utilities.append(())


def _expand(
    game: Any,
    state: Any,
    tree: FlatTree,
    node: int,
    index: dict[Hashable, int],
    players: int,
    has_chance: bool,
) -> list[tuple[Any, float]]:
    """Record ``state`` as ``node``; return its children, each with its chance probability."""
    if game.is_terminal(state):
        tree.kind[node] = TERMINAL
        tree.utilities[node] = tuple(
            checked_number(game.utility(state, p), state, p, "utility") for p in range(players)
        )
        return []
    mover = game.to_move(state)
    if not is_player(mover, players, chance=has_chance):
        raise mover_error(state, mover, players, chance=has_chance)
    if mover == CHANCE:
        tree.kind[node], tree.player[node] = CHANCE_NODE, CHANCE
        outcomes = chance_children(game, state)
        return [(game.result(state, outcome), p) for outcome, p in outcomes]
    actions = tuple(game.actions(state) or ())
    if not actions:
        raise GameProtocolError(
            f"state {state!r} is not terminal but has no actions; is_terminal must be true "
            "exactly where actions is empty"
        )
    tree.kind[node], tree.player[node] = DECISION, int(mover)
    tree.infoset[node] = _infoset(game, state, int(mover), actions, tree, index)
    return [(game.result(state, action), 1.0) for action in actions]


def _infoset(
    game: Any,
    state: Any,
    mover: int,
    actions: tuple[Any, ...],
    tree: FlatTree,
    index: dict[Hashable, int],
) -> int:
    """The number of the information set of ``state``, which its mover is to play."""
    key = game.information_set(state, mover)
    try:
        found = index.get(key)
    except TypeError as exc:
        raise GameProtocolError(
            f"information_set({state!r}, {mover}) returned {key!r}, which cannot be hashed"
        ) from exc
    if found is None:
        check_distinct(key, actions, state)
        found = index[key] = len(tree.keys)
        tree.keys.append(key)
        tree.infoset_player.append(mover)
        tree.infoset_actions.append(actions)
        return found
    check_same(key, mover, actions, state, tree.infoset_player[found], tree.infoset_actions[found])
    return found


def check_same(
    key: Hashable,
    mover: int,
    actions: tuple[Any, ...],
    state: Any,
    owner: int,
    known: tuple[Any, ...],
) -> None:
    """Refuse a state of information set ``key`` whose mover or actions differ from its first's.

    Raises:
        GameProtocolError: ``mover`` is not the set's ``owner``, or ``actions`` are not the
            ``known`` actions of the set.
    """
    if owner != mover:
        raise GameProtocolError(
            f"information set {key!r} is player {owner}'s and player {mover}'s (in state "
            f"{state!r}): the keys of different players' information sets must differ"
        )
    if known != actions:
        raise GameProtocolError(
            f"the states of information set {key!r} have different actions: {list(known)} and "
            f"{list(actions)} (in state {state!r}); a player cannot act on what it does not know"
        )


def check_distinct(key: Hashable, actions: tuple[Any, ...], state: Any) -> None:
    """Refuse the information set ``key`` (met at ``state``) if it lists an action twice.

    Raises:
        GameProtocolError: an action comes twice in ``actions``: a strategy gives each action
            one probability, and CFR would split it between the copies.
    """
    twice = repeated_action(actions)
    if twice >= 0:
        raise GameProtocolError(
            f"information set {key!r} lists the action {actions[twice]!r} twice: "
            f"{list(actions)} (in state {state!r}); a strategy gives each action one "
            "probability, so actions must list each legal action once"
        )


def chance_children(game: Any, state: Any) -> list[tuple[Any, float]]:
    """The chance outcomes of ``state`` as ``(outcome, float probability)``, checked.

    Checked as every chance search checks them (:func:`gamesearch._distributions.distribution`);
    an outcome of probability 0 is kept, so that the tree holds every information set.
    """
    pairs = distribution(game.chance_outcomes(state), state, "chance_outcomes", keep_zero=True)
    return [(outcome, float(probability)) for outcome, probability in pairs]
