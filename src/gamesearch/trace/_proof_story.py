"""A proof-number search told in words and numbers, step by step (Allis 1994).

Each step of :func:`~gamesearch.pns` and :func:`~gamesearch.dfpn` is one sentence: the question
asked, the most-proving node chosen and why (at an OR node the child of least proof number,
at an AND node the child of least disproof number), the children a development adds with
their first numbers, the numbers set on the way back up, and the answer. :class:`ProofStory`
keeps the numbers told so far, which the sentences compare.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

from .events import Answer, Ask, Choose, Develop, Renumber
from .pictures import number

if TYPE_CHECKING:
    from .recorder import Recorder, TraceNode

__all__ = ["INFINITE", "ProofStory", "bounds_text", "count_text", "is_proof", "numbers_text"]

INFINITE = 1 << 62
"""The proof or disproof number of a disproven or proven node: infinity, as the searches count
(``gamesearch.proofs._question.INFINITE``)."""

ProofEvent = Ask | Choose | Develop | Renumber | Answer


def count_text(count: int, *, unicode: bool = False) -> str:
    """A proof or disproof number: itself, or ``inf`` (``∞``) from half :data:`INFINITE` up.

    df-pn's thresholds below infinity (infinity less a few) are infinite too: no search
    reaches them.
    """
    if count >= INFINITE // 2:
        return "∞" if unicode else "inf"
    return str(count)


def numbers_text(pn: int | None, dn: int | None, *, unicode: bool = False) -> str:
    """A node's numbers as ``(pn, dn)``: ``(3, 1)``, ``(inf, 0)``; empty when unknown."""
    if pn is None or dn is None:
        return ""
    return f"({count_text(pn, unicode=unicode)}, {count_text(dn, unicode=unicode)})"


def bounds_text(lower: float, upper: float, *, unicode: bool = False) -> str:
    """Proven bounds: ``= 3`` once they meet, ``[-inf, 5]``, or empty while unbounded."""
    if lower == upper:
        return f"= {number(lower, unicode=unicode)}"
    if lower == -float("inf") and upper == float("inf"):
        return ""
    return f"[{number(lower, unicode=unicode)}, {number(upper, unicode=unicode)}]"


class ProofStory:
    """The sentences of a proof-number search, and the numbers told so far, by node ``id``.

    Args:
        tree: The recording.
        edge: How a node's action is told (``"action a1"``), as the rest of the story tells it.
    """

    def __init__(self, tree: Recorder, edge: Callable[[TraceNode], str]) -> None:
        self.tree, self.edge = tree, edge
        self.numbers: dict[int, tuple[int, int]] = {}
        self.developed: set[int] = set()
        """The nodes developed so far, by ``id``."""

    def tell(self, event: ProofEvent, node: TraceNode) -> str:
        """The sentence of ``event``, about ``node`` (the root for ``Ask`` and ``Answer``)."""
        name = self.tree.name(node)
        if isinstance(event, Ask):
            return _asked(name, event)
        if isinstance(event, Answer):
            verdict = "yes, at least" if event.proven else "no, below"
            return (
                f"answer: {verdict} {number(event.threshold)}; {name}'s value is proven to lie "
                f"in [{number(event.lower)}, {number(event.upper)}]"
            )
        if isinstance(event, Choose):
            text = self._chosen(node, event)
            self.numbers[id(node)] = (event.pn, event.dn)
            return text
        if isinstance(event, Develop):
            return self._developed(node, event)
        self.numbers[id(node)] = (event.pn, event.dn)
        why = _why(node, event, developed=id(node) in self.developed)
        return f"  {name}'s numbers become {numbers_text(event.pn, event.dn)}{why}"

    def _chosen(self, node: TraceNode, event: Choose) -> str:
        """Why ``node`` is the node to go to: the least number at each step of the walk."""
        tree, name = self.tree, self.tree.name(node)
        told = numbers_text(event.pn, event.dn)
        if event.thresholds is not None:
            pn, dn = (count_text(limit) for limit in event.thresholds)
            told += f", searched until pn >= {pn} or dn >= {dn}"
        parent = node.parent
        if parent is None:
            return f"choose {name}, the root {told}: it is the most-proving node, a leaf"
        line, above = [name], node.parent
        while above is not None:
            line.append(tree.name(above))
            above = above.parent
        walk = " -> ".join(reversed(line))
        is_or = parent.kind == "max"
        which, kind = (0, "an OR node") if is_or else (1, "an AND node")
        word = "proof" if is_or else "disproof"
        siblings = [self.numbers.get(id(child), (1, 1))[which] for child in parent.children]
        least = min(siblings)
        tie = " (the first of them)" if siblings.count(least) > 1 else ""
        listed = ", ".join(count_text(count) for count in siblings)
        return (
            f"choose {name} by {self.edge(node)}, the most-proving node ({walk}), {told}: at "
            f"{tree.name(parent)}, {kind}, it has the smallest {word} number, "
            f"{count_text(least)}, of its children's {listed}{tie}"
        )

    def _developed(self, node: TraceNode, event: Develop) -> str:
        """The children a development adds, with their first numbers."""
        tree = self.tree
        kind = "an OR node" if event.kind == "max" else "an AND node"
        self.developed.add(id(node))
        parts = []
        for told in event.children:
            child = next((c for c in node.children if c.action == told.action), None)
            if child is None:  # pragma: no cover - the recorder adds every child told
                continue
            self.numbers[id(child)] = (told.pn, told.dn)
            shown = f"{tree.name(child)} {numbers_text(told.pn, told.dn)}"
            bounds = bounds_text(told.lower, told.upper)
            parts.append(f"{shown} {bounds}" if bounds else shown)
        return f"  develop {tree.name(node)}, {kind}: " + ", ".join(parts)


def _asked(name: str, event: Ask) -> str:
    """The question, and what its answer will tell."""
    text = f"question {event.number + 1}: is {name}'s value at least {number(event.threshold)}?"
    if event.threshold == float("inf"):
        return text + " (no: its disproof finds an upper bound to start from)"
    return text + f" {name} is an OR node: one move of MAX's can prove it"


def _why(node: TraceNode, event: Renumber, *, developed: bool) -> str:
    """Why the numbers are what they are: proven, disproven, or the rule of its kind."""
    value = f", its value {number(event.lower)}" if event.lower == event.upper else ""
    if event.pn == 0:
        return f": proven{value}"
    if event.dn == 0:
        return f": disproven{value}"
    if not developed:
        return ": its first numbers, from its moves or the evaluation"
    if node.kind == "max":
        return ": the least proof number of its children, the sum of their disproof numbers"
    return ": the sum of its children's proof numbers, the least of their disproof numbers"


def is_proof(event: Any) -> TypeGuard[ProofEvent]:
    """Whether ``event`` is one of proof-number search's own."""
    return isinstance(event, (Ask, Choose, Develop, Renumber, Answer))
