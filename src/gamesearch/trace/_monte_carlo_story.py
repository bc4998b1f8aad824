"""Monte Carlo tree search told in words, phase by phase, with the numbers behind each choice.

Selection is told as the textbook computes it (Browne et al. 2012; Kocsis and Szepesvari
2006): at each node the children's scores, ``mean + exploration`` (UCT's ``c * sqrt(ln N /
n)``, PUCT's ``c * P * sqrt(N) / (1 + n)``), and the child of highest score taken; a chance
node's outcome drawn with its probability; the untried action expanded. Then the expansion,
the simulation and the backup.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ._numbers import number
from .events import Backup, Choice, Expand, Rollout, Select, Weighed

if TYPE_CHECKING:
    from .recorder import Recorder, TraceNode

__all__ = ["chosen_text", "edge_text", "monte_carlo_text"]

_KINDS = {"max": "MAX", "min": "MIN", "chance": "CHANCE"}
_FORMULAS = {"uct": "mean + {c} * sqrt(ln N / n)", "puct": "mean + {c} * P * sqrt(N) / (1 + n)"}


def _action(action: Any) -> str:
    return action if isinstance(action, str) else repr(action)


def monte_carlo_text(
    tree: Recorder,
    event: Select | Expand | Rollout | Backup,
    node: TraceNode,
    constant: float | None = None,
) -> str:
    """One phase of a Monte Carlo iteration, in words.

    ``constant`` is the exploration constant of the selection told before: where it changed,
    the selection says so, and why.
    """
    name = tree.name(node)
    if isinstance(event, Select):
        return _selected(tree, event, node) + _refitted(event, constant)
    if isinstance(event, Expand):
        kind = _KINDS.get(event.kind, "terminal")
        return f"  expand {name} ({kind}) by {edge_text(node)}"
    if isinstance(event, Rollout):
        how = {
            "rollout": f"a playout of {event.plies} move{'' if event.plies == 1 else 's'}",
            "evaluate": "the evaluation",
            "terminal": "the utility",
            "proven": "its proven value",
        }[event.source]
        return f"  simulate {name}: {number(event.value)} by {how}"
    line = [name]
    parent = node.parent
    while parent is not None:
        line.append(tree.name(parent))
        parent = parent.parent
    text = f"  back up {number(event.value)} through {', '.join(reversed(line))}"
    if event.proven:
        text += "; proven: " + ", ".join(
            f"{_ancestor(tree, node, ply)} = {number(value)}" for ply, value in event.proven
        )
    return text


def _selected(tree: Recorder, event: Select, node: TraceNode) -> str:
    """Selection: the node it stopped at, and each choice on the way with its numbers."""
    text = f"iteration {event.iteration + 1}: select {tree.name(node)}"
    root = node
    while root.parent is not None:
        root = root.parent
    told = [_choice(tree, root, choice) for choice in event.choices]
    return text + (": " + "; ".join(told) if told else "")


def _refitted(event: Select, before: float | None) -> str:
    """Where the exploration constant changed since the last selection: by how much, and why."""
    now = next((c.constant for c in event.choices if c.rule in _FORMULAS), None)
    if before is None or now is None or number(now) == number(before):
        return ""
    return (
        f" (the exploration constant is now {number(now)}, was {number(before)}: left to its "
        "default, it is scaled to the spread of the utilities seen so far, half their range, "
        "and the last playout widened that range)"
    )


def chosen_text(tree: Recorder, root: TraceNode, best: TraceNode) -> str:
    """Why MCTS plays ``best`` at ``root``: proven, the most visited child, or a secure one.

    Returns:
        ``": the most visited child (n=8 of the root's 11 iterations; mean 0.75), ..."``:
        each child's visits and mean (MAX's), and a root the solver proved, which stops the
        search before its iterations are spent.
    """
    visited = [child for child in root.children if child.visited and child.visits]
    most = max((child.visits or 0 for child in visited), default=0)
    if root.proven and best.proven:
        why = f"proven to give {tree.name(root)}'s value"
    elif (best.visits or 0) == most:
        why = "the most visited child"
    else:
        why = "a child the solver proved at least as good as the most visited one"
    others = ", ".join(
        f"{tree.name(child)} n={child.visits} mean {number(child.value or 0.0)}"
        + (" (proven)" if child.proven else "")
        for child in visited
    )
    text = f": {why} (the children, means for MAX: {others})"
    if root.proven:
        text += (
            f"; the solver proved {tree.name(root)} = {number(root.value or 0.0)}, so the "
            f"search stopped after {root.visits} iterations"
        )
    return text


def _choice(tree: Recorder, root: TraceNode, choice: Choice) -> str:
    """One step of the walk down: why this child."""
    at = _at(root, choice.path)
    name = "?" if at is None else tree.name(at)
    taken = _name(tree, at, choice.action)
    if choice.rule == "chance":
        return f"at {name} (CHANCE) outcome {_action(choice.action)} is drawn " + (
            f"(p={number(choice.probability)}): go to {taken}"
        )
    if choice.rule == "untried":
        given = "" if choice.probability is None else f" (prior {number(choice.probability)})"
        return f"{name} has an untried action, {_action(choice.action)}{given}: expand it"
    kind = "?" if at is None or at.kind is None else _KINDS.get(at.kind, at.kind.upper())
    whose = f", means for {kind}" if kind == "MIN" else ""
    formula = _FORMULAS[choice.rule].format(c=number(choice.constant))
    scores = ", ".join(_weighed(tree, at, child) for child in choice.children) or "no child yet"
    if any(child.action == choice.action for child in choice.children):
        ending = f"{taken} is highest"
    else:  # PUCT: an untried action's prior term beats every child's score
        prior = choice.probability or 0.0
        term = choice.constant * prior * math.sqrt(choice.visits)
        ending = (
            f"the untried action {_action(choice.action)} scores higher, 0 + "
            f"{number(term)} (P={number(prior)}): expand it"
        )
    return (
        f"at {name} ({kind}, N={choice.visits}{whose}) {choice.rule.upper()} = {formula}: "
        f"{scores}; {ending}"
    )


def _weighed(tree: Recorder, at: TraceNode | None, child: Weighed) -> str:
    """``C 6 + 10.5 = 16.5``: one child's mean, exploration term and score."""
    name = _name(tree, at, child.action)
    if child.score is None:
        return f"{name} cut (it cannot do better than the proven bound here)"
    mean = number(child.mean) + (" (proven bound)" if child.capped else "")
    text = f"{name} {mean} + {number(child.exploration)} = {number(child.score)}"
    if child.prior is not None:
        text += f" (P={number(child.prior)})"
    return text


def _name(tree: Recorder, at: TraceNode | None, action: Any) -> str:
    """The name of ``at``'s child by ``action``, or the action where the tree has no such child."""
    found = None if at is None else next((c for c in at.children if c.action == action), None)
    return _action(action) if found is None else tree.name(found)


def _at(root: TraceNode, path: tuple[Any, ...]) -> TraceNode | None:
    """The node at ``path`` below ``root``, or ``None`` where the tree has none."""
    node = root
    for action in path:
        found = next((child for child in node.children if child.action == action), None)
        if found is None:
            return None
        node = found
    return node


def _ancestor(tree: Recorder, node: TraceNode, ply: int) -> str:
    """The name of ``node``'s ancestor at ``ply`` (``node`` itself at its own ply)."""
    found: TraceNode | None = node
    while found is not None and found.depth > ply:
        found = found.parent
    return "?" if found is None else tree.name(found)


def edge_text(node: TraceNode) -> str:
    """How the search reached ``node``: ``action a1``, or ``outcome 3 (p=0.5)``."""
    text = f"action {_action(node.action)}"
    if node.probability is not None:
        text = f"outcome {_action(node.action)} (p={number(node.probability)})"
    return text
