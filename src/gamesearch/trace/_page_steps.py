"""What the step-through page shows after each event: the changes to the nodes, step by step.

The search is replayed event by event. Each step names the node it concerns and the changes
it makes to what the boxes show: a node's status (``open`` once entered, ``done`` once left or
scored, ``pruned``), its value (a leaf's score, an inner node's backed-up value, or while it is
open the range of values it can still have, as AIMA figure 5.5 draws it; a Monte Carlo node's
mean and visit count) and its alpha-beta window, which a MAX node raises and a MIN node lowers
as its children's values come back, and which a cutoff or the node's ``Leave`` states exactly.
A proof-number search shows each node's proof and disproof numbers ``(pn, dn)`` and its proven
bounds, marks proven and disproven nodes, frontier nodes and the leaves the game's knowledge
decided, and highlights the most-proving path of each step (:mod:`._page_proofs`).
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING, Any

from ._numbers import number
from ._page_proofs import ProofPage
from ._proof_story import is_proof
from .events import Backup, Enter, Expand, Leaf, Leave, Prune, Rollout, Select
from .layout import Fold, Item
from .narration import sentences, summary

if TYPE_CHECKING:
    from .recorder import Recorder, TraceNode

__all__ = ["Steps", "value_text", "window_text"]

_INF = math.inf
Change = dict[str, str]
"""What changes in one box: any of ``status``, ``value``, ``window``."""


def window_text(window: tuple[float, float] | None) -> str:
    """A window as the page writes it, in Greek letters: alpha=3 beta=+inf reads ``α=3 β=+∞``."""  # noqa: RUF002
    if window is None:
        return ""
    low, high = (number(end, unicode=True) for end in window)
    return f"α={low} β={high}"  # noqa: RUF001  # the Greek letters, on purpose


def value_text(node: TraceNode) -> str:
    """A node's value as the page shows it once known: a number, a vector, or ``?``."""
    if node.values is not None:
        return "(" + ", ".join(number(v, unicode=True) for v in node.values) + ")"
    return number(node.value, unicode=True)


def _range_text(bounds: tuple[float, float]) -> str:
    low, high = bounds
    if low == high:
        return number(low, unicode=True)
    return f"[{number(low, unicode=True)}, {number(high, unicode=True)}]"


class Steps:
    """The steps of the search below ``root``, replayed: ``steps[k]`` is after event ``k``.

    Args:
        tree: The recording.
        root: The root of the search shown (one of ``tree.trees``).
        items: Every item drawn, by the ``id`` of its node (a fold under each of its nodes),
            mapped to its index on the page.
    """

    def __init__(self, tree: Recorder, root: TraceNode, items: dict[int, int]) -> None:
        self.tree, self.root, self.items = tree, root, items
        self.first = root.step
        self.last = root.closed if root.closed is not None else len(tree.log) - 1
        self.monte_carlo = root.visits is not None
        self.proof = ProofPage(tree, root) if root.pn is not None else None
        self.ranges = not self.monte_carlo and self.proof is None and not any(
            node.values is not None for node in tree.nodes(root)
        )
        self._known: dict[int, tuple[float, float]] = {}
        self._windows: dict[int, tuple[float, float]] = {}
        self._visits: dict[int, tuple[int, float]] = {}
        self._proven: dict[int, float] = {}
        told = dict(sentences(tree, root))
        self.steps: list[dict[str, Any]] = []
        for step in range(self.first, self.last + 1):
            event, node = tree.log[step]
            changes: dict[int, Change] = {}
            self._replay(event, node, step, changes)
            text = told.get(step, "").strip() or f"expand {tree.name(node)}, the root"
            if step == self.last:
                text += "\n" + summary(tree, root)
            self.steps.append(
                {
                    "node": items[id(node)],
                    "text": text,
                    "event": type(event).__name__,
                    "set": {str(index): change for index, change in changes.items()},
                }
            )
            if self.proof is not None:  # the question the step answers, for the legend
                self.steps[-1]["q"] = self.proof.question

    def _set(self, changes: dict[int, Change], node: TraceNode, **change: str) -> None:
        index = self.items.get(id(node))
        if index is not None:
            changes.setdefault(index, {}).update(change)

    def _replay(self, event: Any, node: TraceNode, step: int, changes: dict[int, Change]) -> None:
        """Record in ``changes`` what ``event`` (about ``node``) changes on the page."""
        if isinstance(event, (Select, Expand, Rollout, Backup)):
            self._monte_carlo(event, node, changes)
            return
        if self.proof is not None and (is_proof(event) or isinstance(event, (Enter, Leave))):
            self.proof.replay(event, node, partial(self._set, changes))
            return
        if isinstance(event, Enter):
            self._set(changes, node, status="open", window=window_text(node.window))
            if node.window is not None:
                self._windows[id(node)] = node.window
        elif isinstance(event, Leaf):
            self._set(changes, node, status="done", value=value_text(node))
            self._back_up(node, changes)
        elif isinstance(event, Prune):
            self._windows[id(node)] = (event.alpha, event.beta)
            self._set(changes, node, window=window_text((event.alpha, event.beta)))
            for child in node.children:
                if child.step == step:
                    self._prune(child, changes)
        elif isinstance(event, Leave):
            window = node.final_window
            self._set(changes, node, status="done", value=value_text(node))
            if window is not None:
                self._set(changes, node, window=window_text(window))
            self._back_up(node, changes)
        if self.ranges:
            self._ranges(node if isinstance(event, Enter) else node.parent, step, changes)

    def _prune(self, node: TraceNode, changes: dict[int, Change]) -> None:
        """Grey ``node`` and its subtree, which the search will never look at."""
        pending = [node]
        while pending:
            below = pending.pop()
            value = "" if below.value is None else value_text(below)
            self._set(changes, below, status="pruned", value=value)
            pending.extend(below.children)

    def _back_up(self, node: TraceNode, changes: dict[int, Change]) -> None:
        """A child's value comes back: a MAX parent raises alpha, a MIN parent lowers beta."""
        parent = node.parent
        if parent is None or id(parent) not in self._windows or node.value is None:
            return
        alpha, beta = self._windows[id(parent)]
        if parent.kind == "max":
            alpha = max(alpha, node.value)
        elif parent.kind == "min":
            beta = min(beta, node.value)
        self._windows[id(parent)] = (alpha, beta)
        self._set(changes, parent, window=window_text((alpha, beta)))

    def _ranges(self, node: TraceNode | None, step: int, changes: dict[int, Change]) -> None:
        """The ranges of ``node`` and its ancestors after ``step``, shown where they changed."""
        while node is not None:
            before = self._known.get(id(node), (-_INF, _INF))
            self._known[id(node)] = after = self.tree.range(node, step, self._known)
            done = node.closed is not None and node.closed <= step
            if after != before and not done:
                self._set(changes, node, value=_range_text(after))
            node = node.parent

    def _monte_carlo(
        self, event: Select | Expand | Rollout | Backup, node: TraceNode, changes: dict[int, Change]
    ) -> None:
        """A phase of a Monte Carlo iteration: the node added, or the result backed up."""
        if isinstance(event, Expand):
            self._set(changes, node, status="done" if event.terminal else "open")
        elif isinstance(event, Rollout):
            self._set(changes, node, window=f"rollout {number(event.value, unicode=True)}")
        elif isinstance(event, Backup):
            line: list[TraceNode] = []
            below: TraceNode | None = node
            while below is not None:
                line.append(below)
                below = below.parent
            line.reverse()
            for ply, value in event.proven:
                self._proven[id(line[ply])] = value
            for on_line in line:
                visits, total = self._visits.get(id(on_line), (0, 0.0))
                visits, total = visits + 1, total + event.value
                self._visits[id(on_line)] = (visits, total)
                mean = number(total / visits, unicode=True)
                if id(on_line) in self._proven:
                    mean = f"{number(self._proven[id(on_line)], unicode=True)} proven"
                self._set(changes, on_line, value=mean, window=f"n={visits}")


def fold_index(items: list[Item]) -> dict[int, int]:
    """Each drawn item's index, by the ``id`` of its node (every node of a fold's subtrees)."""
    index: dict[int, int] = {}
    for number_, item in enumerate(items):
        if isinstance(item, Fold):
            pending = list(item.nodes)
            while pending:
                node = pending.pop()
                index[id(node)] = number_
                pending.extend(node.children)
        else:
            index[id(item)] = number_
    return index
