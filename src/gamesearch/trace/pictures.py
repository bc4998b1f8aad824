"""Pictures of a recorded search: Graphviz DOT, SVG through Graphviz, and plain text.

The shapes are the textbook's (AIMA 3rd ed., figures 5.2 and 5.5): MAX nodes are triangles
pointing up, MIN nodes triangles pointing down, chance nodes circles (figure 5.11) and terminal
states squares. Pruned nodes are grey and dashed; the principal variation is bold.
"""

from __future__ import annotations

import importlib
import math
from typing import TYPE_CHECKING, Any

from ..errors import MissingDependencyError

if TYPE_CHECKING:
    from .recorder import Recorder, TraceNode

__all__ = ["number", "to_dot", "to_svg", "to_text"]

_SHAPES = {"max": "triangle", "min": "invtriangle", "chance": "circle", "leaf": "box"}
_PRUNED = 'style="dashed", color="gray60", fontcolor="gray60"'
_BOLD = 2.5


def number(value: float | None, *, unicode: bool = False) -> str:
    """``value`` written briefly: ``3`` for 3.0, ``0.5``, ``+inf`` (``+∞`` in ``unicode``)."""
    if value is None:
        return "?"
    value += 0.0  # -0.0 reads as 0
    if math.isinf(value):
        sign = "+" if value > 0 else "-"
        return sign + ("∞" if unicode else "inf")
    return f"{value:g}"


def _values(node: TraceNode, *, unicode: bool = False) -> str:
    if node.visits is not None and node.value is not None and not node.proven:
        return number(round(node.value, 3), unicode=unicode)  # a Monte Carlo mean
    if node.values is not None:
        return "(" + ", ".join(number(v, unicode=unicode) for v in node.values) + ")"
    return number(node.value, unicode=unicode)


def _window(window: tuple[float, float] | None, *, unicode: bool = False) -> str:
    if window is None:
        return ""
    low, high = (number(end, unicode=unicode) for end in window)
    return f"[{low}, {high}]"


def _quote(text: str) -> str:
    """``text`` as a DOT string, quotes, backslashes and line breaks escaped."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _action(action: Any) -> str:
    return action if isinstance(action, str) else repr(action)


def to_dot(tree: Recorder, root: TraceNode) -> str:
    """The tree below ``root`` as Graphviz DOT text, with the textbook's shapes.

    Each visited node is labelled with its value (MAX view) and, for a search with a window,
    its final window beside it (``alpha=3, beta=+inf``, in Greek letters); each edge with its
    action (and probability, below a chance node). Pruned nodes and edges are dashed and grey,
    with the value of the pruned terminal states when the tree was recorded with the game; the
    principal variation is bold. A Monte Carlo search's nodes show their visit count
    (``n=``) under their mean value. Needs no Graphviz to produce; ``dot -Tsvg`` draws it.
    """
    pv = {id(node) for node in tree.principal_variation(root)}
    ids: dict[int, str] = {}
    lines = [
        "digraph search {",
        '  graph [ordering=out, nodesep=0.3, ranksep=0.45, fontname="Helvetica"];',
        '  node [fontname="Helvetica", fontsize=12, margin=0.03, width=0.45, height=0.4];',
        '  edge [fontname="Helvetica", fontsize=10, arrowhead=none];',
    ]
    for node in tree.nodes(root):
        ids[id(node)] = name = f"n{len(ids)}"
        attributes = [f"label={_quote(_label(node))}"]
        attributes.append(f"shape={_SHAPES.get(node.kind or 'leaf', 'box')}")
        if node.kind == "leaf" and node.terminal is False:
            attributes.append('style="rounded"' if node.visited else "")
        if node.visited and node.kind != "leaf":
            beside = ""
            if node.final_window is not None:
                low, high = (number(end, unicode=True) for end in node.final_window)
                beside = f"α={low}, β={high}"  # noqa: RUF001  # the Greek letters, on purpose
            if node.stored:
                beside = f"table {beside}".strip()
            if beside:
                attributes.append(f"xlabel={_quote(beside)}")
        if not node.visited:
            style = "rounded,dashed" if node.kind == "leaf" and node.terminal is False else "dashed"
            attributes.append(f'style="{style}", color="gray60", fontcolor="gray60"')
        if id(node) in pv:
            attributes.append(f"penwidth={_BOLD}")
        lines.append(f"  {name} [{', '.join(a for a in attributes if a)}];")
        if node.parent is not None:
            label = _action(node.action)
            if node.probability is not None:
                label += f"\np={number(node.probability)}"
            edge = [f"label={_quote(label)}"]
            if not node.visited:
                edge.append(_PRUNED)
            elif id(node) in pv:
                edge.append(f"penwidth={_BOLD}")
            lines.append(f"  {ids[id(node.parent)]} -> {name} [{', '.join(edge)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _label(node: TraceNode) -> str:
    visits = "" if node.visits is None else f"\nn={node.visits}"
    if node.value is None and node.values is None:
        return ("" if node.kind in ("max", "min", "chance") else "?") + visits
    return _values(node, unicode=True) + visits + ("\nproven" if node.proven else "")


def to_svg(dot: str) -> str:
    """``dot`` drawn as SVG by the ``graphviz`` package and Graphviz's ``dot`` program.

    Raises:
        MissingDependencyError: the ``graphviz`` package or the ``dot`` program is missing.
    """
    try:
        graphviz = importlib.import_module("graphviz")
    except ImportError as exc:
        raise MissingDependencyError(
            "drawing SVG needs the graphviz Python package: pip install 'gamesearch[viz]' "
            "(to_dot() needs nothing: paste its text into any Graphviz viewer)"
        ) from exc
    try:
        svg = graphviz.Source(dot).pipe(format="svg", encoding="utf-8")
    except graphviz.ExecutableNotFound as exc:
        raise MissingDependencyError(
            "drawing SVG needs Graphviz's dot program, which is not on the PATH: install "
            "Graphviz from your system's package manager (apt-get install graphviz, "
            "brew install graphviz, ...) or from graphviz.org"
        ) from exc
    return str(svg)


def to_text(tree: Recorder, root: TraceNode) -> str:
    """The tree below ``root`` in plain text, one node a line, like the ASCII trees in notes.

    A line reads ``action: name KIND = value [alpha, beta]``: the node's name (A, B, B1, ...),
    its kind (MAX, MIN, CHANCE; none for a leaf), its value in MAX view and its final window.
    A Monte Carlo search's nodes also show ``n=``, their visit count, their value being the
    mean result of those visits (to 3 decimals), and ``proven`` where the MCTS-Solver proved
    it. ``*`` marks the principal variation, ``cutoff`` a node whose search was cut short,
    ``pruned`` a node never searched, ``estimate`` a leaf scored at the depth limit.
    """
    pv = {id(node) for node in tree.principal_variation(root)}
    lines: list[str] = []

    def describe(node: TraceNode) -> str:
        parts = [tree.name(node)]
        if node.kind in ("max", "min", "chance"):
            parts.append(node.kind.upper())
        if node.value is not None or node.values is not None:
            parts.append(f"= {_values(node)}")
        if node.visits is not None:
            parts.append(f"n={node.visits}")
        if node.proven:
            parts.append("proven")
        if node.visited and node.kind != "leaf" and node.final_window is not None:
            parts.append(_window(node.final_window))
        if node.probability is not None:
            parts.append(f"p={number(node.probability)}")
        if node.kind == "leaf" and node.terminal is False:
            parts.append("estimate")
        if node.stored:
            parts.append("table")
        if node.cutoff is not None:
            parts.append("cutoff")
        if not node.visited:
            parts.append("pruned")
        if id(node) in pv:
            parts.append("*")
        return " ".join(parts)

    def draw(node: TraceNode, prefix: str, last: bool) -> None:
        if node.parent is None:
            lines.append(describe(node))
            inner = ""
        else:
            lines.append(
                f"{prefix}{'`-- ' if last else '|-- '}{_action(node.action)}: " + describe(node)
            )
            inner = prefix + ("    " if last else "|   ")
        for index, child in enumerate(node.children):
            draw(child, inner, index == len(node.children) - 1)

    draw(root, "", True)
    return "\n".join(lines)
