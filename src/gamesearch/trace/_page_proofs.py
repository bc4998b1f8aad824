"""What the step-through page shows of a proof-number search, step by step.

Each node shows its proof and disproof numbers ``(pn, dn)`` and its proven bounds. Its status
(the classes of its box) is ``open`` until it is proven (``done proven``: green, yes for the
question asked) or disproven (``done disproven``: red, no), with ``frontier`` while it has been
seen but not developed (a dotted outline, its mover's triangle dotted: not the terminal
square), ``knowledge`` for a leaf the game's knowledge decided (a double outline), and ``mpn``
while it lies on the most-proving path of the step. The question each step answers is kept,
in words, for the page's legend.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ._proof_story import Asked, bounds_text, numbers_text, players
from .events import Ask, Choose, Develop, Enter, Leave, Renumber

if TYPE_CHECKING:
    from .recorder import Recorder, TraceNode

__all__ = ["ProofPage"]

Setter = Callable[..., None]
"""``set(node, status=..., value=..., window=...)``: record a change to ``node``'s box."""


class ProofPage:
    """The statuses and numbers of a proof-number search's boxes, replayed event by event.

    Args:
        tree: The recording.
        root: The root of the search shown.
    """

    def __init__(self, tree: Recorder, root: TraceNode) -> None:
        self.attacker = players(tree, root)[0]
        self.status: dict[int, str] = {}
        """Each node's status but the most-proving path: ``open``, ``done proven`` ..."""
        self.marks: dict[int, str] = {}
        """Each node's marks: ``frontier``, ``knowledge``."""
        self.path: list[TraceNode] = []
        """The most-proving path of the step (the node chosen and its ancestors)."""
        self.win: float | None = None
        """The game's win utility, as the questions tell it: bounds of ``[-win, win]`` are the
        whole range, nothing proven, and are not shown."""
        self.questions: list[dict[str, str]] = [
            {"text": "", "yes": "proven (pn 0)", "no": "disproven (dn 0)"}
        ]
        """The questions asked, in words, for the legend (the first: before any is asked)."""

    @property
    def question(self) -> int:
        """The index in :attr:`questions` of the question being asked."""
        return len(self.questions) - 1

    def replay(self, event: Any, node: TraceNode, put: Setter) -> None:
        """Record with ``put`` what ``event`` (about ``node``) changes on the page."""
        if not isinstance(event, (Develop, Renumber)):  # the last path, back to plain
            path, self.path = self.path, []
            for on_path in path:
                put(on_path, status=self._marked(on_path))
        if isinstance(event, Ask):
            asked = Asked(event, self.attacker)
            self.win = event.win
            self.questions.append(
                {
                    "text": asked.short(),
                    "yes": f"proven: {asked.verdict(True)} (pn 0)",
                    "no": f"disproven: {asked.verdict(False)} (dn 0)",
                }
            )
        elif isinstance(event, Choose):
            above: TraceNode | None = node
            while above is not None:
                self.path.append(above)
                above = above.parent
            for on_path in self.path:
                put(on_path, status=self._marked(on_path))
            put(node, value=numbers_text(event.pn, event.dn, unicode=True))
        elif isinstance(event, Develop):
            self.marks.pop(id(node), None)  # developed: no longer a frontier node
            put(node, status=self._marked(node))
            for told in event.children:
                child = next((c for c in node.children if c.action == told.action), None)
                if child is None:
                    continue
                if told.terminal:
                    knowledge = told.decided_by not in (None, "utility")
                    self.marks[id(child)] = "knowledge" if knowledge else ""
                elif id(child) not in self.marks:  # new: seen, not developed
                    self.marks[id(child)] = "frontier"
                self.numbers(child, (told.pn, told.dn, told.lower, told.upper), put)
        elif isinstance(event, Renumber):
            if event.decided_by is not None:  # a leaf decided when the search came to it
                self.marks[id(node)] = "knowledge" if event.decided_by != "utility" else ""
            self.numbers(node, (event.pn, event.dn, event.lower, event.upper), put)
        elif isinstance(event, Enter):
            put(node, status="open")
        elif isinstance(event, Leave):  # the root, done: its value (or bounds), as proven
            bounds = node.bounds or (-math.inf, math.inf)
            put(node, status=self._marked(node), window=bounds_text(*bounds, unicode=True))

    def _marked(self, node: TraceNode) -> str:
        """``node``'s classes: its status, its marks, ``mpn`` on the most-proving path."""
        found = [self.status.get(id(node), "open")]
        if self.marks.get(id(node)):
            found.append(self.marks[id(node)])
        if any(node is on_path for on_path in self.path):
            found.append("mpn")
        return " ".join(found)

    def numbers(self, node: TraceNode, told: tuple[int, int, float, float], put: Setter) -> None:
        """Show ``node``'s numbers and bounds, and mark it proven or disproven."""
        pn, dn, lower, upper = told
        status = "done proven" if pn == 0 else "done disproven" if dn == 0 else "open"
        self.status[id(node)] = status
        whole = self.win is not None and (lower, upper) == (-self.win, self.win)
        put(
            node, status=self._marked(node), value=numbers_text(pn, dn, unicode=True),
            window="" if whole else bounds_text(lower, upper, unicode=True),
        )  # fmt: skip
