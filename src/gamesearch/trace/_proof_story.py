"""A proof-number search told in words and numbers, step by step (Allis 1994).

Each step of :func:`~gamesearch.pns` and :func:`~gamesearch.dfpn` is one sentence: the question
asked, the most-proving node chosen and why (at an OR node the child of least proof number,
at an AND node the child of least disproof number), the children a development adds with
their first numbers, the numbers set on the way back up, and the answer. :class:`ProofStory`
keeps the numbers told so far, which the sentences compare.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

from ..capabilities import Capabilities
from ..errors import GameProtocolError
from ._numbers import number
from .events import Answer, Ask, Choose, Develop, LeftOut, ProofChild, Renumber

if TYPE_CHECKING:
    from .recorder import Recorder, TraceNode

__all__ = [
    "INFINITE",
    "Asked",
    "ProofStory",
    "bounds_text",
    "count_text",
    "is_proof",
    "just_above",
    "numbers_text",
    "players",
]

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


def players(tree: Recorder, root: TraceNode) -> tuple[str, str]:
    """What the story calls the attacker (MAX, to move at ``root``) and the other player.

    The game's ``player_names`` where it has them (``X`` and ``O``), else ``MAX`` and ``MIN``.
    """
    names = None
    if tree.game is not None:
        try:
            names = Capabilities.of(tree.game).player_names
        except GameProtocolError:
            names = None
    mover = root.player
    if names is None or mover not in (0, 1) or len(names) < 2:
        return "MAX", "MIN"
    attacker, other = str(names[mover]), str(names[1 - mover])
    return (attacker, other) if attacker != other else ("MAX", "MIN")


def just_above(threshold: float) -> float | None:
    """The value ``threshold`` lies just above (``nextafter``), asking "more than it?"; or None.

    After a proof that the value is at least ``v``, the next question asks at the float after
    ``v``: that is "is it more than ``v``?", told so.

    >>> just_above(math.nextafter(0.0, math.inf)), just_above(3.0)
    (0.0, None)
    """
    if math.isinf(threshold):
        return None
    below = math.nextafter(threshold, -math.inf)
    return below if len(repr(below)) < len(repr(threshold)) else None


class Asked:
    """One question of a proof-number search in words: what it asks, what yes and no mean.

    Args:
        event: The question.
        attacker: What the story calls the player it is asked for (MAX).
    """

    def __init__(self, event: Ask, attacker: str) -> None:
        self.event, self.attacker = event, attacker
        self.wins = event.win is not None and event.threshold == event.win
        """Whether it asks "can MAX win?"."""
        self.above = just_above(event.threshold)
        """The value it asks MAX's to be more than, if it asks so."""

    def _asks(self) -> str:
        """"at least 3", or "more than 0": what the question asks of the value."""
        if self.above is not None:
            return f"more than {number(self.above)}"
        return f"at least {number(self.event.threshold)}"

    def short(self, name: str = "A") -> str:
        """The question alone: ``question 1: can X win?``."""
        event, who = self.event, self.attacker
        head = f"question {event.number + 1}: "
        if event.threshold == math.inf:
            return head + f"is {name}'s value at least +inf?"
        if self.wins:
            return head + f"can {who} win?"
        return head + f"can {who} get {self._asks()}?"

    def asked(self, name: str) -> str:
        """The question, and how OR and AND nodes answer it."""
        event, who = self.event, self.attacker
        head = self.short(name)
        if event.threshold == math.inf:
            return head + " (no: its disproof finds an upper bound to start from)"
        if self.wins:
            head += f" (is {name}'s value at least {number(event.threshold)}, a win?)"
        elif event.win is not None and event.threshold == 0:
            head += " (0: a draw)"
        return head + (
            f" {name} is an OR node: one move of {who}'s can prove it; at the other player's "
            "nodes (AND nodes) every move must be answered"
        )

    def verdict(self, proven: bool) -> str:
        """What a proven (or disproven) node means for this question, in a few words."""
        who = self.attacker
        if self.wins:
            return f"{who} wins here" if proven else f"{who} cannot win here"
        asks = self._asks()
        return asks if proven else f"not {asks}"

    def answered(self, name: str, event: Answer) -> str:
        """The answer, and the bounds it proved."""
        if event.threshold == math.inf:
            said = "no, below +inf"
        elif self.wins:
            said = f"{'yes' if event.proven else 'no'}, {self.attacker} "
            said += "can win" if event.proven else "cannot win"
        else:
            said = f"{'yes' if event.proven else 'no'}, {self.verdict(event.proven)}"
        if event.lower == event.upper:
            return f"answer: {said}; {name}'s value is proven: {number(event.lower)}"
        return (
            f"answer: {said}; {name}'s value is proven to lie in "
            f"[{number(event.lower)}, {number(event.upper)}]"
        )


class ProofStory:
    """The sentences of a proof-number search, and the numbers told so far, by node ``id``.

    Args:
        tree: The recording.
        root: The root of the search told.
        edge: How a node's action is told (``"action a1"``), as the rest of the story tells it.
    """

    def __init__(self, tree: Recorder, root: TraceNode, edge: Callable[[TraceNode], str]) -> None:
        self.tree, self.edge = tree, edge
        self.attacker, self.defender = players(tree, root)
        self.numbers: dict[int, tuple[int, int]] = {}
        self.developed: set[int] = set()
        """The nodes developed so far, by ``id``."""
        self.question: Asked | None = None
        """The question being asked."""

    def tell(self, event: ProofEvent, node: TraceNode) -> str:
        """The sentence of ``event``, about ``node`` (the root for ``Ask`` and ``Answer``)."""
        name = self.tree.name(node)
        if isinstance(event, Ask):
            self.question = Asked(event, self.attacker)
            return self.question.asked(name)
        if isinstance(event, Answer):
            question = self.question or Asked(Ask(event.threshold, 0), self.attacker)
            return question.answered(name, event)
        if isinstance(event, Choose):
            text = self._chosen(node, event)
            self.numbers[id(node)] = (event.pn, event.dn)
            return text
        if isinstance(event, Develop):
            return self._developed(node, event)
        self.numbers[id(node)] = (event.pn, event.dn)
        why = self._why(node, event, developed=id(node) in self.developed)
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
        """The children a development adds with their first numbers, and why any are leaves."""
        tree = self.tree
        mover = self.attacker if event.kind == "max" else self.defender
        kind = "an OR node" if event.kind == "max" else "an AND node"
        self.developed.add(id(node))
        parts = []
        for told in event.children:
            child = next((c for c in node.children if c.action == told.action), None)
            if child is None:  # pragma: no cover - the recorder adds every child told
                continue
            self.numbers[id(child)] = (told.pn, told.dn)
            shown = f"{tree.name(child)} {numbers_text(told.pn, told.dn)}"
            win = None if self.question is None else self.question.event.win
            whole = win is not None and (told.lower, told.upper) == (-win, win)
            bounds = "" if whole else bounds_text(told.lower, told.upper)
            shown = f"{shown} {bounds}" if bounds else shown
            parts.append(shown + (self._leaf(told) if told.terminal else ""))
        moves = len(event.children) + sum(len(out.actions) for out in event.left_out)
        some = f", {len(event.children)} of its {moves} moves" if event.left_out else ""
        text = f"  develop {tree.name(node)}, {kind} ({mover} to move){some}: " + "; ".join(parts)
        return text + "".join(_left_out(out) for out in event.left_out)

    def _leaf(self, told: ProofChild) -> str:
        """What decided a leaf child, and what it means for the question."""
        verdict = ""
        if told.pn == 0 or told.dn == 0:
            proven = told.pn == 0
            verdict = ", proven" if proven else ", disproven"
            if self.question is not None:
                verdict += f" ({self.question.verdict(proven)})"
        cause = told.decided_by
        if cause == "proven_value":
            why = f" [{told.reason}]" if told.reason else " (its proven_value)"
            return f"{verdict} by the game's knowledge{why}"
        if cause in ("non_losing_actions", "must_play"):
            loser = self.defender if told.lower > 0 else self.attacker
            how = "lets the other player win at once" if cause == "non_losing_actions" else "loses"
            why = f" [{told.reason}]" if told.reason else ""
            return f"{verdict}: lost for {loser}, every move {how}{why}"
        return f", terminal{verdict}"

    def _why(self, node: TraceNode, event: Renumber, *, developed: bool) -> str:
        """Why the numbers are what they are: proven, disproven, or the rule of its kind."""
        value = f", its value {number(event.lower)}" if event.lower == event.upper else ""
        if event.pn == 0 or event.dn == 0:
            proven = event.pn == 0
            question = self.question
            said = f" ({question.verdict(proven)})" if question is not None else ""
            return f": {'proven' if proven else 'disproven'}{value}{said}{_decided(event)}"
        if not developed:
            return ": its first numbers, from its moves or the evaluation"
        if node.kind == "max":
            return ": the least proof number of its children, the sum of their disproof numbers"
        return ": the sum of its children's proof numbers, the least of their disproof numbers"


def _decided(event: Renumber) -> str:
    """What decided a node when the search came to it, if the game's knowledge did."""
    if event.decided_by is None:
        return ""
    why = f" [{event.reason}]" if event.reason else ""
    if event.decided_by == "proven_value":
        return f", by the game's knowledge{why}"
    how = "lets the other player win at once" if event.decided_by == "non_losing_actions" else (
        "loses"
    )
    return f": every move {how}{why}"


def _left_out(out: LeftOut) -> str:
    """The moves a development leaves out, by which knowledge, and the game's reason."""
    listed = ", ".join(a if isinstance(a, str) else repr(a) for a in out.actions)
    if out.by == "non_losing_actions":
        return f". Left out: {listed}, after which the other player wins at once"
    if out.by == "inferior_moves":
        return f". Left out: {listed}, inferior (each no better than the best move kept)"
    why = f" [{out.reason}]" if out.reason else ""
    return f". Left out: {listed}, outside the must-play region, which lose{why}"


def is_proof(event: Any) -> TypeGuard[ProofEvent]:
    """Whether ``event`` is one of proof-number search's own."""
    return isinstance(event, (Ask, Choose, Develop, Renumber, Answer))
