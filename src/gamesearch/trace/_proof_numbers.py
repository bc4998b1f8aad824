"""How the recorder records a proof-number search: nodes found by path, with their numbers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._node import TraceNode
from .events import Answer, Ask, Choose, Develop, Renumber

__all__ = ["ProofRecording"]


class ProofRecording:
    """The part of :class:`~gamesearch.trace.Recorder` that records proof-number events.

    ``Develop`` adds a node's children (or, when df-pn develops a node again, finds them);
    ``Choose``, ``Develop`` and ``Renumber`` set each node's proof and disproof numbers and
    its proven bounds, the last the search told. A node whose bounds meet is worth their value.
    """

    trees: list[TraceNode]
    _deepest: int
    _asked: int = 0
    """The number of the question being asked."""
    _line: Callable[[tuple[Any, ...], int], list[TraceNode]]
    """The nodes down a path, made where missing: Monte Carlo's (``MonteCarloRecording``)."""

    def _proof_number(
        self, event: Ask | Choose | Develop | Renumber | Answer, step: int
    ) -> TraceNode:
        """Record one step of a proof-number search; return the node it concerns."""
        if isinstance(event, (Ask, Answer)):
            if not self.trees:
                raise ValueError("SearchTree: a proof-number event before the root was entered")
            root = self.trees[-1]
            if isinstance(event, Answer):  # the bounds of every question so far
                _bound(root, event.lower, event.upper)
            else:
                self._asked = event.number
            return root
        node = self._line(event.path, step)[-1]
        if isinstance(event, Choose):
            node.pn, node.dn, node.asked = event.pn, event.dn, self._asked
        elif isinstance(event, Renumber):
            node.pn, node.dn, node.asked = event.pn, event.dn, self._asked
            _bound(node, event.lower, event.upper)
            if event.decided_by is not None:  # decided when the search came to it
                node.kind, node.terminal, node.closed = "leaf", True, step
                node.decided_by, node.reason = event.decided_by, event.reason
        else:
            node.state, node.kind, node.left_out = event.state, event.kind, event.left_out
            node.actions = tuple(child.action for child in event.children)
            for told in event.children:
                child = next((c for c in node.children if c.action == told.action), None)
                if child is None:
                    child = TraceNode(
                        told.state, told.action, node.depth + 1, None, node, step=step
                    )
                    node.children.append(child)
                child.state, child.pn, child.dn = told.state, told.pn, told.dn
                child.asked = self._asked
                _bound(child, told.lower, told.upper)
                if told.terminal:
                    child.kind, child.terminal, child.closed = "leaf", True, step
                    child.decided_by, child.reason = told.decided_by, told.reason
                elif not child.children and told.kind is not None:  # a frontier node
                    child.kind = told.kind
            self._deepest = max(self._deepest, node.depth + 1)
        return node


def _bound(node: TraceNode, lower: float, upper: float) -> None:
    """Set ``node``'s proven bounds, and its value once they meet."""
    node.bounds = (lower, upper)
    if lower == upper:
        node.value = lower
