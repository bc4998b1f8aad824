"""How the pictures draw a proof-number search: each node's numbers, its colour, and a legend.

A node shows its proven value (or bounds) over its proof and disproof numbers ``(pn, dn)``, as
Allis draws them; the colours answer the question last asked, from the root's side: green where
it is proven (yes: MAX gets what is asked there), red where it is disproven (no). A node seen but
not developed yet (a *frontier* node) is drawn dotted, in its mover's shape; a leaf the game's
knowledge decided without search has a double outline. The legend under the tree says all
this, with the question in words. Numbers told for an earlier question (df-pn keeps nodes it
does not visit again) are not shown: the colours and numbers are the last question's.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._numbers import number
from ._proof_story import Asked, numbers_text, players
from .events import Ask

if TYPE_CHECKING:
    from .recorder import Recorder, TraceNode

__all__ = ["DISPROVEN", "PROVEN", "ProofView", "bold", "proof_tree", "proof_view"]

PROVEN = ("#e3f3e3", "#2e7d32")
"""The fill and outline of a proven node: green."""
DISPROVEN = ("#f9e3e3", "#c62828")
"""The fill and outline of a disproven node: red."""


@dataclass(frozen=True)
class ProofView:
    """What the pictures need to draw a proof-number search: the last question, in words."""

    asked: int
    """The number of the last question (``Ask.number``): only numbers told for it are shown."""

    question: Asked | None
    """The last question, in words (``None`` if none was asked: a root that is terminal)."""

    def current(self, node: TraceNode) -> bool:
        """Whether ``node``'s numbers were told for the last question."""
        return node.pn is not None and node.asked == self.asked

    def bounds(self, node: TraceNode, *, unicode: bool = False) -> str:
        """An open node's proven bounds, ``[0, 1]``.

        Empty once they meet (the value is shown) or while they are the whole range of values
        (nothing proven yet).
        """
        if node.bounds is None or node.bounds[0] == node.bounds[1]:
            return ""
        low, high = node.bounds
        win = None if self.question is None else self.question.event.win
        if (low, high) in ((-math.inf, math.inf), (-(win or math.inf), win)):
            return ""
        return f"[{number(low, unicode=unicode)}, {number(high, unicode=unicode)}]"

    def label(self, node: TraceNode, value: str) -> str:
        """The node's label: its value (or proven bounds) over its ``(pn, dn)``."""
        lines = [value] if value else []
        bounds = self.bounds(node, unicode=True)
        if bounds:
            lines.append(bounds)
        if self.current(node):
            lines.append(numbers_text(node.pn, node.dn, unicode=True))
        return "\n".join(lines)

    def marks(self, node: TraceNode) -> list[str]:
        """What ``to_text`` writes after a node's value: bounds, numbers, and its state."""
        bounds = self.bounds(node)
        found = [bounds] if bounds else []
        if self.current(node):
            found.append(numbers_text(node.pn, node.dn))
            if node.pn == 0 or node.dn == 0:
                found.append("proven" if node.pn == 0 else "disproven")
        if node.is_frontier:
            found.append("frontier")
        if _knowledge(node):
            found.append("knowledge")
        return found

    def style(self, node: TraceNode) -> list[str]:
        """The node's DOT attributes: green or red, dotted (frontier), double (knowledge)."""
        found = []
        styles = []
        if self.current(node) and (node.pn == 0 or node.dn == 0):
            fill, line = PROVEN if node.pn == 0 else DISPROVEN
            styles.append("filled")
            found.append(f'fillcolor="{fill}", color="{line}"')
        if node.is_frontier:
            styles.append("dotted")
        if _knowledge(node):
            found.append("peripheries=2")
        if styles:
            found.append(f'style="{",".join(styles)}"')
        return found

    def legend(self) -> str:
        """The legend, as a Graphviz HTML-like label: the question, the colours, the marks."""
        question = self.question
        asked = "" if question is None else question.short()
        yes = "proven" if question is None else f"proven: {question.verdict(True)}"
        no = "disproven" if question is None else f"disproven: {question.verdict(False)}"
        lines = [
            f"<B>{html.escape(asked)}</B>" if asked else "",
            "(pn, dn): the proof and disproof numbers, the fewest leaves to prove it and to "
            "disprove it",
            _swatch(PROVEN, f"{yes} (pn 0)"),
            _swatch(DISPROVEN, f"{no} (dn 0)"),
            "dotted: not expanded yet (a frontier node); double: decided by the game's "
            "knowledge; bold: the proof",
        ]
        table = "".join(f'<TR><TD ALIGN="LEFT">{line}</TD></TR>' for line in lines if line)
        return f'<<TABLE BORDER="0" CELLSPACING="2" CELLPADDING="1">{table}</TABLE>>'


def _swatch(colours: tuple[str, str], text: str) -> str:
    """A legend's line: a square in the colour of ``colours``' outline, then ``text``."""
    return f'<FONT COLOR="{colours[1]}">\u25a0</FONT> {html.escape(text)}'


def _knowledge(node: TraceNode) -> bool:
    """Whether ``node`` is a leaf of the proof that the game's knowledge decided (not terminal)."""
    return node.kind == "leaf" and node.decided_by not in (None, "utility")


def proof_view(tree: Recorder, root: TraceNode) -> ProofView | None:
    """The last question of the proof-number search below ``root``; ``None`` for other searches."""
    if root.pn is None:
        return None
    first = root.step
    last = root.closed if root.closed is not None else len(tree.log) - 1
    asked = [event for event, _ in tree.log[first : last + 1] if isinstance(event, Ask)]
    if not asked:
        return ProofView(0, None)
    attacker, _ = players(tree, root)
    return ProofView(asked[-1].number, Asked(asked[-1], attacker))


def proof_tree(tree: Recorder, root: TraceNode) -> list[TraceNode]:
    """The nodes of the proof of the root's value, the root first; empty if none was proven.

    As the searches count ``stats.proof_size``: that the value is at least ``v`` is proven by
    one child at MAX's nodes and every child at MIN's; that it is at most ``v`` the other way
    round; each half only where it says more than the game's range (a win needs no proof that
    it is at most a win). At a choice, the first child that holds the value (in search order).
    """
    view = proof_view(tree, root)
    if view is None or root.bounds is None or root.bounds[0] != root.bounds[1]:
        return []
    value = root.bounds[0]
    win = None if view.question is None else view.question.event.win
    floor, ceiling = (-win, win) if win is not None else (-math.inf, math.inf)
    found, told = [root], {id(root)}
    for at_least in [half for half, needed in ((True, value > floor), (False, value < ceiling))
                     if needed]:  # fmt: skip
        pending, seen = [root], {id(root)}  # each half walks the tree on its own
        while pending:
            node = pending.pop()
            holding = [
                child
                for child in node.children
                if child.bounds is not None
                and (child.bounds[0] >= value if at_least else child.bounds[1] <= value)
            ]
            chooses = (node.kind == "max") == at_least
            for child in holding[:1] if chooses else holding:
                if id(child) not in seen:
                    seen.add(id(child))
                    pending.append(child)
                    if id(child) not in told:
                        told.add(id(child))
                        found.append(child)
    return found


def bold(tree: Recorder, root: TraceNode) -> list[TraceNode]:
    """What the pictures draw bold: a proof-number search's proof tree, else the line.

    The line is the principal variation (:meth:`~gamesearch.trace.Recorder.principal_variation`).
    """
    return proof_tree(tree, root) or tree.principal_variation(root)
