"""A recorded search told in words, step by step, as a teacher tells it at the blackboard.

Each step names the node (A for the root, then B, C, D, then B1, B2, ... as the textbook letters
its figures) and says how the *range* of the values each node can still have changes: the
picture of alpha-beta in AIMA 3rd ed., figure 5.5, where the root of the tree
[[3, 12, 8], [2, 4, 6], [14, 5, 2]] goes from [-inf, +inf] to [3, +inf], [3, 14], [3, 5] and
finally [3, 3].
"""

from __future__ import annotations

import math
from typing import Any

from ._monte_carlo_story import chosen_text, edge_text, monte_carlo_text
from ._numbers import number, numbers_apart
from ._proof_story import ProofStory, is_proof
from .events import Backup, Enter, Expand, Leaf, Leave, Prune, Rollout, Select
from .recorder import Recorder, TraceNode

__all__ = ["narrate", "sentences", "summary"]

_KINDS = {"max": "MAX", "min": "MIN", "chance": "CHANCE"}
_INF = math.inf


def _span(bounds: tuple[float, float] | None) -> str:
    if bounds is None:
        return ""
    return f"[{number(bounds[0])}, {number(bounds[1])}]"


def _action(action: Any) -> str:
    return action if isinstance(action, str) else repr(action)


def narrate(tree: Recorder, root: TraceNode) -> str:
    """The search below ``root`` in words, one step a line (see :meth:`SearchTree.narrate`)."""
    lines = [text for _, text in sentences(tree, root)]
    lines.append(summary(tree, root))
    return "\n".join(lines)


def sentences(tree: Recorder, root: TraceNode) -> list[tuple[int, str]]:
    """Each step of the search below ``root`` told in one line: ``(step, line)``, in order.

    ``step`` indexes ``tree.log``; the root's own ``Expand`` of a Monte Carlo search, which
    adds nothing to its ``Enter``, is not told. The lines are those of :func:`narrate`, which
    adds the summary.
    """
    first = root.step
    last = root.closed if root.closed is not None else len(tree.log) - 1
    # No ranges for a vector-valued search, nor for a Monte Carlo search, which keeps means,
    # nor for a proof-number search, which keeps proven bounds and tells them.
    proof = ProofStory(tree, root, edge_text) if root.pn is not None else None
    vector = (
        proof is not None
        or root.visits is not None
        or any(node.values is not None for node in tree.nodes(root))
    )
    lines: list[tuple[int, str]] = []
    # The ranges after the step being told, by id: each step changes the ranges of one node
    # and its ancestors only, which are recomputed from their children's, known already.
    known: dict[int, tuple[float, float]] = {}

    def changes(node: TraceNode | None, step: int, *, always: bool) -> list[str]:
        """How the ranges of ``node`` and its ancestors change at ``step``."""
        said = []
        while node is not None and not vector:
            before = known.get(id(node), (-_INF, _INF))
            known[id(node)] = after = tree.range(node, step, known)
            if before != after:
                said.append(f"{tree.name(node)}'s range becomes {_span(after)}")
            elif always:
                said.append(f"{tree.name(node)}'s range stays {_span(after)}")
            always = False
            node = node.parent
        return said

    constant = None  # MCTS: the exploration constant of the last selection told
    for step in range(first, last + 1):
        event, node = tree.log[step]
        name, indent = tree.name(node), "  " * node.depth
        if isinstance(event, (Select, Expand, Rollout, Backup)):
            if not isinstance(event, Expand) or node.parent is not None:  # the root: entered
                lines.append((step, monte_carlo_text(tree, event, node, constant)))
            if isinstance(event, Select):
                constant = next((c.constant for c in event.choices if c.rule != "chance"
                                 and c.rule != "untried"), constant)  # fmt: skip
            continue
        if proof is not None and is_proof(event):
            lines.append((step, proof.tell(event, node)))
            continue
        if isinstance(event, (Enter, Prune)):  # ranges change, but are not told here
            changes(node, step, always=False)
        if isinstance(event, Enter):
            kind = _KINDS[event.kind]
            window = _span(node.window)
            if node.parent is None:
                text = f"search {name} ({kind})" + (f", window {window}" if window else "")
            else:
                text = f"visit {name} ({kind}) by {edge_text(node)}"
                text += f", window {window}" if window else ""
            lines.append((step, indent + text))
        elif isinstance(event, Leaf):
            what = "leaf" if event.terminal else "estimate"
            text = f"{what} {name}{_outcome(node)} = {_value(node)}"
            if node.parent is None:
                text += " (the root is terminal)"
            said = changes(node.parent, step, always=True)
            lines.append((step, indent + text + (": " + "; ".join(said) if said else "")))
        elif isinstance(event, Prune):
            lines.append((step, indent + _cutoff(tree, node, event, step)))
        elif isinstance(event, Leave):
            text = _left(tree, node, event)
            said = changes(node, step, always=False)
            lines.append((step, indent + text + (": " + "; ".join(said) if said else "")))
    return lines


def _outcome(node: TraceNode) -> str:
    """`` (outcome 2, p=0.5)`` for a node below a chance node, else nothing."""
    if node.probability is None:
        return ""
    return f" (outcome {_action(node.action)}, p={number(node.probability)})"


def _left(tree: Recorder, node: TraceNode, event: Leave) -> str:
    """The search leaves ``node``: its value, and its best action (or a chance node's sum)."""
    name = tree.name(node)
    if node.kind == "chance" and not event.stored:
        return expectation(tree, node)
    text = f"leave {name} = {_value(node)}"
    if event.stored:
        text += " (from the transposition table)"
    best = next((c for c in node.children if c.visited and c.action == event.action), None)
    if best is not None:
        text += f", best action {_action(event.action)} ({tree.name(best)})"
        if node.visits is not None and node.parent is None:
            text += chosen_text(tree, node, best)
    return text


def expectation(tree: Recorder, node: TraceNode) -> str:
    """A chance node left: its value as the probability-weighted sum of its outcomes' values.

    ``leave B = 0.5 * 3 + 0.5 * 5 = 4``, every outcome's probability times its value (MAX's),
    as the textbook computes a chance node (AIMA 3rd ed., section 5.5). A node that a cutoff
    stopped (Star1) was not summed over all its outcomes: its value is a bound, told as such.
    """
    name, value = tree.name(node), node.value
    searched = [child for child in node.children if child.visited]
    known = [
        (float(child.probability), child.value)
        for child in searched
        if child.probability is not None and child.value is not None
    ]
    whole = bool(searched) and len(known) == len(searched) and node.values is None
    if whole and value is not None and node.cutoff is not None:
        return _bounded_expectation(name, value, node.cutoff, known)
    every = len(searched) == len(node.actions if node.actions is not None else searched)
    total = sum(p * v for p, v in known)
    if not (whole and every and value is not None and math.isclose(total, value, abs_tol=1e-9)):
        return f"leave {name} = {_value(node)}: {_SUM}"
    terms = " + ".join(f"{number(p)} * {_term(v)}" for p, v in known)
    return f"leave {name} = {terms} = {number(value)}: {_SUM}"


_SUM = "a chance node's value is the probability-weighted sum of its outcomes'"


def _bounded_expectation(
    name: str, value: float, cutoff: Prune, known: list[tuple[float, float]]
) -> str:
    """A chance node a cutoff stopped (Star1): what its searched outcomes give, and the bound."""
    partial = sum(p * v for p, v in known)
    rest = max(0.0, 1.0 - sum(p for p, _ in known))
    most = value <= cutoff.alpha
    sum_text = " + ".join(f"{number(p)} * {_term(v)}" for p, v in known)
    return (
        f"leave {name} {'<=' if most else '>='} {number(value)}, a bound: the outcomes searched "
        f"give {sum_text} = {number(partial)}, and the rest (p={number(rest)}) "
        f"{'at most' if most else 'at least'} {number(value - partial)}"
    )


def _term(value: float) -> str:
    """A value in a sum: ``3``, or ``(-12)`` in brackets when negative."""
    text = number(value)
    return f"({text})" if text.startswith("-") else text


def _value(node: TraceNode) -> str:
    if node.values is not None:
        return "(" + ", ".join(number(value) for value in node.values) + ")"
    return number(node.value)


def _cutoff(tree: Recorder, node: TraceNode, event: Prune, step: int) -> str:
    """The cutoff test that succeeded, and what it prunes."""
    name, value = tree.name(node), number(event.value)
    if math.isinf(event.alpha) and math.isinf(event.beta) and event.alpha < event.beta:
        test = f"{name} is cut off (max-n's shallow or immediate pruning)"
    elif node.kind == "min":
        relation = "<" if event.value < event.alpha else "<="
        value, alpha = numbers_apart(event.value, event.alpha)
        test = f"{name}'s value <= {value} {relation} alpha = {alpha}"
    elif node.kind == "max":
        relation = ">" if event.value > event.beta else ">="
        value, beta = numbers_apart(event.value, event.beta)
        test = f"{name}'s value >= {value} {relation} beta = {beta}"
    else:
        window = _span((event.alpha, event.beta))
        test = f"{name}'s value is bounded by {value}, outside the window {window}"
    pruned = [child for child in node.children if child.step == step]
    if not pruned:
        return f"{test}: a cutoff, with no action left to prune"
    return f"{test}: prune " + ", ".join(tree.name(child) for child in pruned)


def _proven(name: str, bounds: tuple[float, float] | None) -> str:
    """What a proof-number search proved of the root: its value, a range, or nothing."""
    if bounds is None or bounds == (-_INF, _INF):
        return "nothing proven"
    if bounds[0] == bounds[1]:
        return "proven exactly"
    return f"not proven: {name} lies in {_span(bounds)}"


def summary(tree: Recorder, root: TraceNode) -> str:
    """The search's outcome in one line: the root's value and range, the leaves and pruned."""
    leaves, pruned = tree.leaves(root), tree.pruned(root)
    text = f"result: {tree.name(root)} = {_value(root)}"
    if root.kind == "chance":
        text += " (the expectation over its outcomes)"
    elif root.best_action is not None:
        text += f", best action {_action(root.best_action)}"
    if root.visits is not None:
        return text + f"; {root.visits} iterations, {len(list(tree.nodes(root)))} nodes"
    if root.pn is not None:  # a proof-number search: what it proved
        proven = _proven(tree.name(root), root.bounds)
        return text + f"; {proven}; {len(list(tree.nodes(root)))} nodes"
    if root.values is None:
        text += f"; {tree.name(root)}'s range is {_span(tree.range(root))}"
    text += f"; {len(leaves)} leaves scored"
    if pruned:
        text += f", {len(pruned)} pruned"
    return text
