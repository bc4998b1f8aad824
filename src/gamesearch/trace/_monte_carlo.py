"""How the recorder records a Monte Carlo search: nodes found by path, visits and means."""

from __future__ import annotations

from typing import Any

from ._node import TraceNode
from .events import Backup, Expand, Rollout, Select

__all__ = ["MonteCarloRecording"]


class MonteCarloRecording:
    """The part of :class:`~gamesearch.trace.Recorder` that records Monte Carlo events.

    A Monte Carlo search tells its iterations as ``Select``, ``Expand``, ``Rollout`` and
    ``Backup`` events, each naming its node by the path of actions from the root; the nodes
    gain a visit and the result (in MAX view) at every ``Backup`` through them.
    """

    trees: list[TraceNode]
    _deepest: int

    def _monte_carlo(self, event: Select | Expand | Rollout | Backup, step: int) -> TraceNode:
        """Record a phase of a Monte Carlo iteration; return the node at the event's path."""
        line = self._line(event.path, step)
        node = line[-1]
        if isinstance(event, Expand) and node.parent is not None:  # the root was entered
            node.state, node.player, node.kind = event.state, event.player, event.kind
            node.probability, node.step, node.closed = event.probability, step, step
            if event.terminal:
                node.terminal = True
        elif isinstance(event, Backup):
            for on_line in line:
                on_line.visits = (on_line.visits or 0) + 1
                on_line.total += event.value
                if not on_line.proven:
                    on_line.value = on_line.total / on_line.visits
            for ply, value in event.proven:
                line[ply].proven, line[ply].value = True, value
            self._deepest = max(self._deepest, len(line) - 1)
        return node

    def _line(self, path: tuple[Any, ...], step: int) -> list[TraceNode]:
        """The nodes from the root of the current tree down ``path``, made where missing."""
        if not self.trees:
            raise ValueError("SearchTree: a Monte Carlo event before the root was entered")
        node = self.trees[-1]
        line = [node]
        for action in path:
            child = next((c for c in node.children if c.action == action), None)
            if child is None:  # a node kept from an earlier search (tree reuse)
                child = type(node)(None, action, node.depth + 1, None, node, step=step)
                node.children.append(child)
            node = child
            line.append(node)
        return line
