"""The recorder: a search, told as events, recorded as a tree of visited and pruned nodes."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

from .._validation import is_count
from ..errors import IllegalActionError, InvalidSearchOptionError
from ..game import Player
from ._monte_carlo import MonteCarloRecording
from ._node import TraceNode
from ._proof_numbers import ProofRecording
from .events import (
    Answer,
    Ask,
    Backup,
    Choose,
    Develop,
    Enter,
    Event,
    Expand,
    Leaf,
    NodeKind,
    Prune,
    Renumber,
    Rollout,
    Select,
)

__all__ = ["Recorder", "TraceNode"]

_CHANCE: Player = -1
"""``to_move`` at a chance node (``gamesearch.CHANCE``)."""

_INF = math.inf


class Recorder(MonteCarloRecording, ProofRecording):
    """An observer that records a search into a tree of visited and pruned nodes.

    The recording and its queries (nodes, leaves, pruned nodes, the principal variation, each
    node's range); :class:`~gamesearch.trace.SearchTree` adds the pictures and the narration.
    Give it the game, too, and it also expands the actions the search pruned, so that
    pictures show the pruned subtrees (down to the deepest ply the search reached, at most
    ``max_pruned`` nodes in all) and the pruned terminal states' values. Every search it
    observes starts a new tree (``trees``); :attr:`root` is the last finished one's root (the
    deepest completed iteration, for iterative deepening).

    Args:
        game: The game searched, to expand pruned actions; ``None`` records only the actions.
        max_pruned: The most pruned nodes to expand, over all trees.
    """

    def __init__(self, game: Any = None, *, max_pruned: int = 1000) -> None:
        if not is_count(max_pruned, least=0):
            raise InvalidSearchOptionError(
                f"Recorder: max_pruned must be an int >= 0, not {max_pruned!r}"
            )
        self.game = game
        self.max_pruned = max_pruned
        self.trees: list[TraceNode] = []
        """The root of every search recorded, in order."""
        self.log: list[tuple[Event, TraceNode]] = []
        """Every event recorded, with the node it concerns, in order."""
        self._stack: list[TraceNode] = []
        self._deepest = 0
        self._expanded = 0

    def __repr__(self) -> str:
        if not self.trees:
            return f"{type(self).__name__}(empty)"
        return (
            f"{type(self).__name__}({len(list(self.nodes()))} nodes, {len(self.trees)} search(es))"
        )

    @property
    def root(self) -> TraceNode:
        """The root of the last finished search of the first state searched (else the last).

        For iterative deepening stopped by its clock, that is the deepest completed iteration:
        the one whose result it returns. Searches of another state (``mtdf``'s checks of the
        earlier root actions, which tell the searches of the root's children) are recorded in
        :attr:`trees` but are not the root.

        Raises:
            ValueError: no search has been recorded yet.
        """
        if not self.trees:
            raise ValueError("SearchTree: nothing recorded yet; pass it to a searcher as trace=")
        first = self.trees[0].state
        searches = [tree for tree in self.trees if tree.state == first] or self.trees
        done = [tree for tree in searches if tree.closed is not None]
        return done[-1] if done else searches[-1]

    def __call__(self, event: Event) -> None:
        """Record one event (the observer protocol)."""
        step = len(self.log)
        if isinstance(event, Enter):
            node = TraceNode(
                event.state,
                event.action,
                event.depth,
                event.kind,
                player=event.player,
                actions=event.actions,
                probability=event.probability,
                step=step,
            )
            if event.alpha is not None and event.beta is not None:
                node.window = (event.alpha, event.beta)
            self._attach(node)
            self._stack.append(node)
        elif isinstance(event, Leaf):
            node = TraceNode(
                event.state,
                event.action,
                event.depth,
                "leaf",
                terminal=event.terminal,
                value=event.value,
                values=event.values,
                probability=event.probability,
                step=step,
                closed=step,
            )
            self._attach(node)
            self._deepest = max(self._deepest, event.depth)
        elif isinstance(event, (Select, Expand, Rollout, Backup)):
            node = self._monte_carlo(event, step)
        elif isinstance(event, (Ask, Choose, Develop, Renumber, Answer)):
            node = self._proof_number(event, step)
        elif isinstance(event, Prune):
            node = self._current(event.depth)
            node.cutoff = event
            for action in event.actions:
                node.children.append(self._pruned(node, action, step))
        else:
            node = self._current(event.depth)
            self._stack.pop()
            node.value, node.values, node.best_action = event.value, event.values, event.action
            node.stored, node.closed = event.stored, step
            if event.alpha is not None and event.beta is not None:
                node.final_window = (event.alpha, event.beta)
        self.log.append((event, node))

    def _attach(self, node: TraceNode) -> None:
        """Hang ``node`` below the open node one ply up, or start a new tree at ply 0."""
        while self._stack and self._stack[-1].depth >= node.depth:
            self._stack.pop()  # left behind by a search that stopped (a time limit)
        if not self._stack:
            self.trees.append(node)
            self._deepest = node.depth
            return
        node.parent = self._stack[-1]
        self._stack[-1].children.append(node)

    def _current(self, depth: int) -> TraceNode:
        while self._stack and self._stack[-1].depth > depth:
            self._stack.pop()
        if not self._stack or self._stack[-1].depth != depth:
            raise ValueError(f"SearchTree: an event at ply {depth} for no node entered there")
        return self._stack[-1]

    def _pruned(self, parent: TraceNode, action: Any, step: int) -> TraceNode:
        """A pruned child, with its subtree expanded when the game is known and budget is left."""
        node = TraceNode(None, action, parent.depth + 1, None, parent, visited=False, step=step)
        node.closed = step
        if self.game is None or parent.state is None or self._expanded >= self.max_pruned:
            return node
        game = self.game
        try:
            state = game.result(parent.state, action)
        except IllegalActionError:
            # The trace's actions are not all the game's: best-reply search, say, which moves
            # in a reduced game of its own. The pruned subtree is drawn without its contents.
            return node
        self._expanded += 1
        node.state = state
        if game.is_terminal(state):
            node.kind, node.terminal = "leaf", True
            node.value = float(game.utility(state, self._root_player()))
        elif node.depth < self._deepest:
            node.player = player = game.to_move(state)
            node.kind = self._kind(player)
            node.actions = tuple(game.actions(state))
            for child in node.actions:
                node.children.append(self._pruned(node, child, step))
        else:
            node.player = game.to_move(state)
            node.kind = "leaf"
            node.terminal = False
        return node

    def _root_player(self) -> Player:
        """MAX: the player to move at the root, or player 0 at a chance root (as searchers say)."""
        player = self.trees[-1].player
        return 0 if player is None or player == _CHANCE else player

    def _kind(self, player: Player) -> NodeKind:
        if player == _CHANCE:
            return "chance"
        return "max" if player == self._root_player() else "min"

    def nodes(self, root: TraceNode | None = None) -> Iterator[TraceNode]:
        """Every node below ``root`` (default :attr:`root`), itself first, depth first."""
        pending = [self.root if root is None else root]
        while pending:
            node = pending.pop()
            yield node
            pending.extend(reversed(node.children))

    def leaves(self, root: TraceNode | None = None) -> list[TraceNode]:
        """The leaves the search scored, in the order it scored them."""
        return [node for node in self.nodes(root) if node.visited and node.kind == "leaf"]

    def pruned(self, root: TraceNode | None = None) -> list[TraceNode]:
        """The pruned nodes that are leaves of the drawn tree, left to right.

        With a game these are the terminal states and depth-limit states of the pruned
        subtrees; without one, the pruned actions themselves.
        """
        return [node for node in self.nodes(root) if not node.visited and not node.children]

    def principal_variation(self, root: TraceNode | None = None) -> list[TraceNode]:
        """The nodes of the principal variation below ``root``, following each best action.

        Below the root of a Monte Carlo search, which tells no best action for inner nodes,
        it follows the most visited child, down to a chance node or the tree's edge.
        """
        node = self.root if root is None else root
        line = [node]
        while node.best_action is not None or (node.visits and node.kind in ("max", "min")):
            if node.best_action is None:  # Monte Carlo: the most visited child
                sign = -1.0 if node.kind == "min" else 1.0
                child = max(
                    node.children,
                    key=lambda c: (c.visits or 0, sign * (c.value or 0.0)),
                    default=None,
                )
            else:
                child = next(
                    (c for c in node.children if c.visited and c.action == node.best_action),
                    None,
                )
            if child is None or (node.best_action is None and not child.visits):
                break
            line.append(child)
            node = child
        return line

    def range(
        self,
        node: TraceNode,
        step: int | None = None,
        known: dict[int, tuple[float, float]] | None = None,
    ) -> tuple[float, float]:
        """The range of values ``node`` can have, given what the search had seen (MAX view).

        This is the textbook's picture of alpha-beta (AIMA 3rd ed., figure 5.5): a leaf's range
        is its value; an inner node's is the max (or min, or expectation) of its children's
        ranges, an unseen or pruned child counting as ``[-inf, +inf]``. With ``step`` (an index
        into :attr:`log`) it is the range after that event; by default, after the search.
        ``known`` may give the children's ranges at ``step``, by ``id``, to save recomputing
        them.
        """
        at = len(self.log) if step is None else step
        if node.step > at:
            return (-_INF, _INF)
        if node.kind == "leaf" and node.visited and node.value is not None:
            return (node.value, node.value)
        seen = [child for child in node.children if child.step <= at]
        if not seen:
            # A node settled without looking at its actions (by the table, or by mate distance)
            # is worth its value, bounded as its window says.
            settled = node.stored or (node.actions is None and node.kind in ("max", "min"))
            if settled and node.closed is not None and node.closed <= at:
                return _stored_range(node)
            return (-_INF, _INF)
        ranges = []
        for child in seen:
            if not child.visited:
                ranges.append((-_INF, _INF))
            elif known is not None and id(child) in known:
                ranges.append(known[id(child)])
            else:
                ranges.append(self.range(child, at, known))
        done = node.closed is not None and node.closed <= at
        if not done and (node.actions is None or len(seen) < len(node.actions)):
            ranges.append((-_INF, _INF))
        if node.kind == "min":
            return (min(low for low, _ in ranges), min(high for _, high in ranges))
        if node.kind == "chance":
            weights = [child.probability or 0.0 for child in seen]
            if len(ranges) > len(seen):
                weights.append(max(0.0, 1.0 - sum(weights)))
            lows, highs = [low for low, _ in ranges], [high for _, high in ranges]
            return (_expect(weights, lows), _expect(weights, highs))
        return (max(low for low, _ in ranges), max(high for _, high in ranges))

    def name(self, node: TraceNode) -> str:
        """The node's name, as the textbook letters its figures: A, then B, C, D, then B1, B2."""
        path = []
        while node.parent is not None:
            path.append(node.parent.children.index(node))
            node = node.parent
        path.reverse()
        if not path:
            return "A"
        first = chr(ord("B") + path[0]) if path[0] < 25 else f"A{path[0] + 1}"
        rest = [str(index + 1) for index in path[1:]]
        if not rest:
            return first
        return first + rest[0] + "".join(f".{part}" for part in rest[1:])


def _stored_range(node: TraceNode) -> tuple[float, float]:
    """The range of a node settled without its children: its value, bounded as the window says."""
    assert node.value is not None
    if node.window is None:
        return (node.value, node.value)
    alpha, beta = node.window
    if node.value <= alpha:
        return (-_INF, node.value)
    if node.value >= beta:
        return (node.value, _INF)
    return (node.value, node.value)


def _expect(weights: Sequence[float], values: Sequence[float]) -> float:
    """The weighted sum of ``values``, where an infinite value with weight > 0 dominates."""
    total = 0.0
    for weight, value in zip(weights, values, strict=True):
        if weight > 0:
            total += weight * value
    return total
