"""Pictures of a recorded search: Graphviz DOT, SVG through Graphviz, and plain text.

The shapes are the textbook's (AIMA 3rd ed., figures 5.2 and 5.5): MAX nodes are triangles
pointing up, MIN nodes triangles pointing down, chance nodes circles (figure 5.11) and terminal
states squares. Pruned nodes are grey and dashed; the principal variation is bold.
"""

from __future__ import annotations

import html
import importlib
import math
from typing import Any

from ..capabilities import Capabilities
from ..errors import MissingDependencyError
from ._numbers import SIGNIFICANT, number, numbers_apart
from ._proof_pictures import ProofView, bold, proof_view
from .layout import Fold, Item, board, check_count, shown
from .recorder import Recorder, TraceNode

__all__ = ["SIGNIFICANT", "number", "numbers_apart", "to_dot", "to_svg", "to_text"]

_SHAPES = {"max": "triangle", "min": "invtriangle", "chance": "circle", "leaf": "box"}
_BOARD_SHAPES = {"max": "house", "min": "invhouse", "chance": "ellipse", "leaf": "box"}
"""With a board inside: pentagons pointing up (MAX) and down (MIN), boxes for leaves."""
_AFTER = 0.3
"""The room after a window's text, in inches, that keeps it from the next node of its row."""
_PRUNED = 'style="dashed", color="gray60", fontcolor="gray60"'
_BOLD = 2.5


def _known(node: TraceNode) -> bool:
    """Whether ``node`` has a value to show: a stopped proof leaves its root's value NaN."""
    return node.values is not None or (node.value is not None and not math.isnan(node.value))


def _values(node: TraceNode, *, unicode: bool = False) -> str:
    if node.visits is not None and node.value is not None and not node.proven:
        return number(node.value, unicode=unicode)  # a Monte Carlo mean
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


def to_dot(tree: Recorder, root: TraceNode, *, fold: int | None = None, boards: bool = True) -> str:
    """The tree below ``root`` as Graphviz DOT text, with the textbook's shapes.

    Each visited node is labelled with its value (MAX view); for a search with a window, its
    final window stands beside it (alpha over beta, in Greek letters) in a box of its own
    that Graphviz places in the node's row, right of the node, so that no label runs into
    another. Each
    edge is labelled with its action (and probability, below a chance node). Pruned nodes and
    edges are dashed and grey, with the value of the pruned terminal states when the tree was
    recorded with the game; the principal variation is bold. A Monte Carlo search's nodes
    show their visit count (``n=``) under their mean value. A proof-number search's nodes show
    their proof and disproof numbers under their value or bounds, green where proven and red
    where disproven for the last question asked, frontier nodes (not developed yet) dotted
    and the leaves the game's knowledge decided with a double outline; the proof tree is bold,
    and a legend under the tree says all this, with the question in words
    (:mod:`gamesearch.trace._proof_pictures`). Needs no Graphviz to produce; ``dot -Tsvg``
    draws it.

    Args:
        tree: The recording.
        root: The root of the search drawn.
        fold: Fold each run of consecutive pruned children hiding more than ``fold`` nodes
            into one grey ellipsis node that counts them (see
            :func:`gamesearch.trace.layout.shown`); ``None`` draws every node.
        boards: Draw each node's position in it, small and in a fixed-width font, when the
            recorder's game can draw one (``render(state)``); MAX and MIN nodes are then
            pentagons pointing up and down, wide enough for the board.

    Returns:
        The DOT text.

    Raises:
        InvalidSearchOptionError: ``fold`` is not ``None`` or an int >= 0.
    """
    check_count("to_dot", "fold", fold, optional=True)
    pv = {id(node) for node in bold(tree, root)}
    # The game's render, read once for every node drawn (None: no boards).
    members = Capabilities.of(tree.game) if boards and tree.game is not None else None
    proof = proof_view(tree, root)
    lines = [
        "digraph search {",
        '  graph [ordering=out, nodesep=0.12, ranksep=0.45, fontname="Helvetica"];',
        '  node [fontname="Helvetica", fontsize=12, margin=0.03, width=0.45, height=0.4];',
        '  edge [fontname="Helvetica", fontsize=10, arrowhead=none];',
    ]
    if proof is not None:  # the legend, under the tree
        lines.append(f"  graph [labelloc=b, labeljust=l, fontsize=10, label={proof.legend()}];")
    pending: list[tuple[Item, str | None]] = [(root, None)]
    count = 0
    while pending:
        item, parent = pending.pop()
        name, count = f"n{count}", count + 1
        if isinstance(item, Fold):
            lines.append(f"  {name} [{_fold(item)}];")
            lines.append(f'  {parent} -> {name} [label="", {_PRUNED}];')
            continue
        lines.extend(_node(tree, members, item, name, id(item) in pv, proof))
        if parent is not None:
            lines.append(f"  {parent} -> {name} [{_edge(item, id(item) in pv)}];")
        pending.extend((child, name) for child in reversed(shown(item, fold=fold)))
    lines.append("}")
    return "\n".join(lines) + "\n"


def _fold(fold: Fold) -> str:
    count = fold.count
    label = f"⋯\n{len(fold.nodes)} pruned\n{count} node{'' if count == 1 else 's'}"
    return f'label={_quote(label)}, shape=box, fontsize=10, {_PRUNED}, style="dashed"'


def _edge(node: TraceNode, pv: bool) -> str:
    label = _action(node.action)
    if node.probability is not None:
        label += f"\np={number(node.probability)}"
    edge = [f"label={_quote(label)}"]
    if not node.visited:
        edge.append(_PRUNED)
    elif pv:
        edge.append(f"penwidth={_BOLD}")
    return ", ".join(edge)


def _node(
    tree: Recorder,
    members: Capabilities | None,
    node: TraceNode,
    name: str,
    pv: bool,
    proof: ProofView | None = None,
) -> list[str]:
    """The DOT lines of one node: the node, and its window in a box of its own beside it.

    A proof-number search's node shows its ``(pn, dn)`` and is coloured as ``proof`` says.
    """
    drawn = board(members, node)
    label = _label(node) if proof is None else proof.label(node, _label(node).strip("?"))
    attributes = [f"label={_quote(label)}"]
    shape = _SHAPES.get(node.kind or "leaf", "box")
    if drawn is not None:
        attributes[0] = f"label={_board_label(drawn, label)}"
        shape = _BOARD_SHAPES.get(node.kind or "leaf", "box")
    attributes.append(f"shape={shape}")
    if proof is not None:
        attributes.extend(proof.style(node))
    if node.kind == "leaf" and node.terminal is False and node.visited:
        attributes.append('style="rounded"')
    if not node.visited:
        style = "rounded,dashed" if node.kind == "leaf" and node.terminal is False else "dashed"
        attributes.append(f'style="{style}", color="gray60", fontcolor="gray60"')
    if pv:
        attributes.append(f"penwidth={_BOLD}")
    lines = [f"  {name} [{', '.join(attributes)}];"]
    beside = ""
    if node.visited and node.kind != "leaf":
        if node.final_window is not None:
            low, high = (number(end, unicode=True) for end in node.final_window)
            beside = f"α={low}\nβ={high}"  # noqa: RUF001  # the Greek letters, on purpose
        if node.stored:
            beside = f"table\n{beside}".strip()
    if beside:
        # Left-justified lines (DOT's "\l") in a box wider than the text by _AFTER: the text
        # hugs its own node, and the room after it keeps it away from the next node.
        text = max(len(line) for line in beside.splitlines())
        width = 0.6 * 10 * text / 72 + _AFTER
        label = _quote(beside).replace("\\n", "\\l")[:-1] + '\\l"'
        lines.append(
            f"  {name}w [label={label}, shape=plaintext, "
            f'fontsize=10, fontcolor="#1d4f91", width={width:.2f}, height=0, margin=0.02];'
        )
        lines.append(f"  {{ rank=same; {name} -> {name}w [style=invis, weight=10]; }}")
    return lines


def _board_label(drawn: str, value: str) -> str:
    """An HTML-like DOT label: the board in a small fixed-width font over the value."""
    rows = "<BR/>".join(html.escape(row, quote=False) for row in drawn.splitlines())
    under = "<BR/>".join(html.escape(row, quote=False) for row in value.splitlines())
    return f'<<FONT FACE="Courier" POINT-SIZE="9">{rows}</FONT><BR/>{under}>'


def _label(node: TraceNode) -> str:
    visits = "" if node.visits is None else f"\nn={node.visits}"
    if not _known(node):
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
    A proof-number search's nodes show their bounds while they are open, their proof and
    disproof numbers ``(pn, dn)`` for the last question asked, ``proven`` or ``disproven`` for
    it, ``frontier`` for a node not developed yet and ``knowledge`` for a leaf the game's
    knowledge decided.
    A Monte Carlo search's nodes also show ``n=``, their visit count, their value being the
    mean result of those visits (to three significant figures, as every value), and
    ``proven`` where the MCTS-Solver proved it. ``*`` marks the principal variation,
    ``cutoff`` a node whose search was cut short, ``pruned`` a node never searched,
    ``estimate`` a leaf scored at the depth limit, and ``not searched`` a position inside a
    pruned subtree that is not the end of the game, where the drawing stops (at the deepest
    ply the search reached): no value was ever estimated
    there, whether the search was exact or depth-limited.
    """
    pv = {id(node) for node in bold(tree, root)}
    proof = proof_view(tree, root)
    lines: list[str] = []

    def describe(node: TraceNode) -> str:
        parts = [tree.name(node)]
        if node.kind in ("max", "min", "chance"):
            parts.append(node.kind.upper())
        if _known(node):
            parts.append(f"= {_values(node)}")
        if proof is not None:
            parts.extend(proof.marks(node))
        if node.visits is not None:
            parts.append(f"n={node.visits}")
        if node.proven:
            parts.append("proven")
        if node.visited and node.kind != "leaf" and node.final_window is not None:
            parts.append(_window(node.final_window))
        if node.probability is not None:
            parts.append(f"p={number(node.probability)}")
        unexplored = node.kind == "leaf" and node.terminal is False
        if unexplored and node.visited:
            parts.append("estimate")
        if node.stored:
            parts.append("table")
        if node.cutoff is not None:
            parts.append("cutoff")
        if not node.visited:
            parts.append("not searched" if unexplored else "pruned")
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
