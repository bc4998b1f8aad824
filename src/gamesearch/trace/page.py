"""A search you can step through: one self-contained HTML page with the tree and the story.

:func:`to_html` lays the recorded tree out itself (:mod:`~gamesearch.trace.layout`: no
Graphviz) and writes one HTML file, its picture inline SVG and its player a short inline
script, with no link to anything outside the file: it opens offline, from disk, in any
browser. The reader steps forward and back, plays the search, or jumps to a step; the node of
the step is highlighted, with its alpha-beta window; values appear as they are backed up (an
open node shows the range it can still have, as AIMA figure 5.5 draws it); pruned branches
turn grey when they are pruned; the step's sentence of :meth:`SearchTree.narrate` is told
beside the tree. A game that draws its positions (``render(state)``) has them drawn in the
nodes. Monte Carlo searches show each node's mean result and visit count as they grow; a
proof-number search each node's proof and disproof numbers, proven and disproven nodes in
green and red, frontier nodes dotted, with a legend that tells the question of each step in
words (:mod:`~gamesearch.trace._page_proofs`).

A real search is wider than a window: the page opens fitted to the window, zooms and pans, and
keeps the step's node in view; big subtrees are folded while the search is outside them
(``collapse``); the root's value and best action are told only at the last step, where the
principal variation is drawn bold (a proof's proof tree) and kept in view, the page zooming
out if need be. A search with more than ``max_nodes`` nodes gets a page
that says so, with a summary (:mod:`~gamesearch.trace._page_summary`). Labels are text, never
markup: the SVG escapes them, the data holds no ``<`` and the script sets ``textContent``.
"""

from __future__ import annotations

import html
from typing import Any

from ..capabilities import Capabilities
from ._numbers import number as value_number
from ._page_assets import SCRIPT, STYLE, script_json
from ._page_steps import Steps, fold_index, value_text
from ._page_summary import TOO_BIG_ADVICE as TOO_BIG_ADVICE  # its advice, for the browser page
from ._page_summary import action_text, too_big
from ._proof_pictures import bold
from .layout import Box, Fold, Item, board, check_count, shown, tidy
from .recorder import Recorder, TraceNode

__all__ = ["to_html"]

_PAD = 6.0
"""The room inside a box, around its text, in pixels."""
_ROWS = {"name": 13.0, "board": 11.0, "value": 16.0, "window": 13.0}
"""The height of each row of text in a box, in pixels."""
_WIDTHS = {"name": 5.6, "board": 6.1, "value": 8.2, "window": 6.0}
"""The width of a character of each row, in pixels (a generous average: no text overflows)."""
_MARGIN = 8.0


def to_html(
    tree: Recorder,
    root: TraceNode,
    *,
    title: str | None = None,
    fold: int | None = None,
    collapse: int | None = 6,
    boards: bool = True,
    max_nodes: int = 5000,
) -> str:
    """The search below ``root`` as a self-contained HTML page that steps through it.

    The page opens with the tree fitted to the window; the reader zooms and pans with the
    buttons over the tree, the mouse wheel and a drag, or the keys ``+``, ``-``, ``0`` (fit
    again) and the arrow keys with Shift, and the node of every step is kept in view. Only
    what the search has reached is told: the root's value and the best action appear in the
    heading once the search has found them, and the principal variation is drawn bold at the
    last step.

    Args:
        tree: The recording (a :class:`SearchTree`).
        root: The root of the search to show (``tree.root``, or another of ``tree.trees``).
        title: The page's heading; by default it names the root, and at the last step its
            value and best action.
        fold: Fold each run of consecutive pruned children hiding more than ``fold`` nodes
            into one grey ellipsis node that counts them; ``None`` draws every pruned node.
        collapse: Draw a subtree of more than ``collapse`` nodes below its root folded (its
            root alone, stacked, with the count of the nodes it hides) while the search is
            not inside it: before the search enters it and once it has finished it (the
            principal variation unfolds at the last step). ``None`` draws every subtree whole.
        boards: Draw each node's position, when the recorder's game has ``render(state)``.
        max_nodes: The most nodes a page steps through: a bigger tree gets a page that says
            so, with a summary of the search (its value, principal variation and counts, and
            the root's children), and how to draw a smaller one.

    Returns:
        The page, as text: write it to a ``.html`` file and open it in a browser.

    Raises:
        InvalidSearchOptionError: ``fold``, ``collapse`` or ``max_nodes`` is not an int >= 0
            (``fold`` and ``collapse`` may be ``None``).
    """
    check_count("to_html", "fold", fold, optional=True)
    check_count("to_html", "collapse", collapse, optional=True)
    check_count("to_html", "max_nodes", max_nodes)
    drawn = _items(root, fold, max_nodes)
    if drawn is None:
        return _readable(too_big(tree, root, max_nodes))
    items, below = drawn
    index = fold_index(items)
    steps = Steps(tree, root, index)
    # The game's render, read once for every node drawn (None: no boards).
    members = Capabilities.of(tree.game) if boards and tree.game is not None else None
    texts = _texts(items, steps.steps)
    hidden = _hidden(items, below)
    foldable = {key for key, count in hidden.items() if collapse is not None and count > collapse}
    foldable.discard(id(root))

    def size(item: Item) -> tuple[float, float]:
        return _size(tree, members, item, texts, hidden[id(item)] if id(item) in foldable else 0)

    boxes = tidy(root, size, lambda i: below[id(i)])
    order = {id(box.item): number for number, box in enumerate(boxes)}
    renumber = [order[id(item)] for item in items]
    for step in steps.steps:
        step["node"] = renumber[step["node"]]
        step["set"] = {str(renumber[int(key)]): value for key, value in step["set"].items()}
    svg = _svg(
        tree, members, boxes, {key: hidden[key] for key in foldable}, proof=steps.proof is not None
    )
    nodes = [
        {
            "name": _name(tree, box.item),
            "kind": _kind(box.item),
            "parent": _parent(box, order),
            "x": round(box.x, 1),
            "y": round(box.y, 1),
            "w": round(box.width, 1),
            "h": round(box.height, 1),
            "hides": hidden[id(box.item)],
        }
        for box in boxes
    ]
    line = [order[id(node)] for node in bold(tree, root) if id(node) in order]
    name = tree.name(root)
    found = f"{name} = {value_text(root)}"
    if root.best_action is not None and root.kind != "chance":
        found += f", best action {action_text(root.best_action)}"
    headings = [title, title] if title else [f"{name}: {_STEPS}", f"{found}: {_STEPS}"]
    data: dict[str, Any] = {
        "nodes": nodes,
        "steps": steps.steps,
        "line": line,
        "headings": headings,
        "collapse": collapse,
    }
    if steps.proof is not None:  # the legend's questions, in words
        data["questions"] = steps.proof.questions
    return _readable(_page(headings[0], svg, data))


_STEPS = "the search, step by step"


def _readable(page: str) -> str:
    """``page`` with any lone surrogate of a label made ``?``, so that it encodes as UTF-8."""
    return page.encode("utf-8", "replace").decode("utf-8")


def _items(
    root: TraceNode, fold: int | None, max_nodes: int
) -> tuple[list[Item], dict[int, list[Item]]] | None:
    """Every item drawn, depth first (a parent before its children), and their children.

    ``None`` when there are more than ``max_nodes`` items.
    """
    items: list[Item] = []
    below: dict[int, list[Item]] = {}
    pending: list[Item] = [root]
    while pending:
        item = pending.pop()
        items.append(item)
        if len(items) > max_nodes:
            return None
        below[id(item)] = kids = shown(item, fold=fold)
        pending.extend(reversed(kids))
    return items, below


def _hidden(items: list[Item], below: dict[int, list[Item]]) -> dict[int, int]:
    """How many nodes each item hides when folded, by ``id``: every node below it."""
    hidden: dict[int, int] = {}
    for item in reversed(items):  # children before their parents
        hidden[id(item)] = sum(
            (kid.count if isinstance(kid, Fold) else 1) + hidden[id(kid)] for kid in below[id(item)]
        )
    return hidden


def _texts(items: list[Item], steps: list[dict[str, Any]]) -> dict[int, dict[str, int]]:
    """The longest value and window text each item will show, in characters, by ``id``."""
    longest = [{"value": 1, "window": 0} for _ in items]
    for step in steps:
        for key, change in step["set"].items():
            for row in ("value", "window"):
                if row in change:
                    widest = longest[int(key)]
                    widest[row] = max(widest[row], len(change[row]))
    return {id(item): widest for item, widest in zip(items, longest, strict=True)}


def _fold_label(fold: Fold) -> tuple[str, str]:
    """A fold's two lines: the pruned children it hides, and how many nodes."""
    count = fold.count
    return f"{len(fold.nodes)} pruned", f"{count} node{'' if count == 1 else 's'}"


def _more(hides: int) -> str:
    """The count written under a folded subtree's root."""
    return f"+{hides} node{'' if hides == 1 else 's'}"


def _size(
    tree: Recorder,
    members: Capabilities | None,
    item: Item,
    texts: dict[int, dict[str, int]],
    hides: int,
) -> tuple[float, float]:
    """The box of ``item``: wide enough for every text it will show (and its count, folded)."""
    if isinstance(item, Fold):
        longest = max(len(line) for line in _fold_label(item))
        return (max(44.0, _WIDTHS["window"] * longest + 2 * _PAD), 2 * _ROWS["window"] + 16 + _PAD)
    drawn = board(members, item)
    lines = drawn.splitlines() if drawn else []
    widest = texts[id(item)]
    width = max(
        18 + _WIDTHS["name"] * len(tree.name(item)),
        _WIDTHS["board"] * max((len(line) for line in lines), default=0),
        _WIDTHS["value"] * widest["value"],
        _WIDTHS["window"] * widest["window"],
        _WIDTHS["name"] * len(_more(hides)) if hides else 0.0,
    )
    height = _ROWS["name"] + _ROWS["board"] * len(lines) + _ROWS["value"]
    height += _ROWS["window"] if widest["window"] else 0
    return (max(40.0, width + 2 * _PAD), height + _PAD)


def _name(tree: Recorder, item: Item) -> str:
    if isinstance(item, Fold):
        return f"{tree.name(item.nodes[0])}-{tree.name(item.nodes[-1])}"
    return tree.name(item)


def _kind(item: Item) -> str:
    if isinstance(item, Fold):
        return "fold"
    return item.kind or "unknown"


def _parent(box: Box, order: dict[int, int]) -> int | None:
    return None if box.parent is None else order[id(box.parent.item)]


def _glyph(kind: str, left: float, top: float) -> str:
    """The node's kind, as the textbook draws it.

    A triangle pointing up (MAX) or down (MIN), a circle (chance), a square (a leaf).
    """
    x, y = left + 4, top + 2.5
    if kind in ("max", "min"):
        tip, base = (y, y + 9) if kind == "max" else (y + 9, y)
        points = f"{x:.1f},{base:.1f} {x + 10:.1f},{base:.1f} {x + 5:.1f},{tip:.1f}"
        return f'<polygon class="glyph" points="{points}"/>'
    if kind == "chance":
        return f'<circle class="glyph" cx="{x + 5:.1f}" cy="{y + 4.5:.1f}" r="4.5"/>'
    return f'<rect class="glyph" x="{x + 0.5:.1f}" y="{y + 0.5:.1f}" width="8" height="8"/>'


def _node_svg(
    tree: Recorder,
    members: Capabilities | None,
    box: Box,
    number: int,
    hides: int,
    *,
    proof: bool = False,
) -> list[str]:
    """One box: its card, kind, name, board, value and window (the last two set by script).

    A box that may be folded (``hides`` > 0) also has the edge of a stack of cards behind it
    and the count of the nodes it hides below it, both shown only while it is folded. A box of
    a proof-number search has an inner outline too, shown for a leaf the game's knowledge
    decided (the double outline of the pictures).
    """
    left, top, width = box.x - box.width / 2, box.y, box.width
    item, centre = box.item, f"{box.x:.1f}"
    kind = _kind(item)
    name = html.escape(_name(tree, item))
    parts = [
        f'<g id="n{number}" class="node kind-{kind} future" data-name="{name}">',
        f'<rect class="card" x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" '
        f'height="{box.height:.1f}" rx="4"/>',
    ]
    if proof:
        parts.append(
            f'<rect class="inner" x="{left + 2.5:.1f}" y="{top + 2.5:.1f}" '
            f'width="{width - 5:.1f}" height="{box.height - 5:.1f}" rx="3"/>'
        )
    if hides:
        right, bottom = left + width + 3, top + box.height + 3
        parts.append(
            f'<polyline class="stack" points="{left + 4:.1f},{bottom:.1f} {right:.1f},'
            f'{bottom:.1f} {right:.1f},{top + 4:.1f}"/>'
        )
        parts.append(f'<text class="more" x="{centre}" y="{bottom + 11:.1f}">{_more(hides)}</text>')
    if isinstance(item, Fold):
        first, second = _fold_label(item)
        rows = (("value", "\u22ef", 14), ("fold-label", first, 28), ("fold-label", second, 41))
        for style, text, down in rows:
            parts.append(f'<text class="{style}" x="{centre}" y="{top + down:.1f}">{text}</text>')
        parts.append("</g>")
        return parts
    parts.append(_glyph(kind, left, top))
    parts.append(
        f'<text class="name" x="{left + 18:.1f}" y="{top + 10.5:.1f}">'
        f"{html.escape(tree.name(item))}</text>"
    )
    drawn = board(members, item)
    baseline = top + _ROWS["name"]
    for line in drawn.splitlines() if drawn else []:
        baseline += _ROWS["board"]
        parts.append(
            f'<text class="board" x="{centre}" y="{baseline - 2:.1f}" '
            f'xml:space="preserve">{html.escape(line)}</text>'
        )
    baseline += _ROWS["value"]
    parts.append(f'<text class="value" x="{centre}" y="{baseline - 3.5:.1f}"></text>')
    parts.append(
        f'<text class="window" x="{centre}" y="{baseline + _ROWS["window"] - 3:.1f}"></text>'
    )
    parts.append("</g>")
    return parts


def _edge_svg(box: Box, number: int) -> list[str]:
    """The edge from the parent down to ``box``, and its action written above the box."""
    parent, item = box.parent, box.item
    if parent is None:
        return []
    line = (
        f'<line id="e{number}" class="edge future" x1="{parent.x:.1f}" '
        f'y1="{parent.y + parent.height:.1f}" x2="{box.x:.1f}" y2="{box.y:.1f}"/>'
    )
    if isinstance(item, Fold):
        return [line]
    action = item.action if isinstance(item.action, str) else repr(item.action)
    if item.probability is not None:
        action += f" p={value_number(item.probability)}"
    room = max(1, int(box.width / 5.8))
    if len(action) > room:
        action = action[: room - 1] + "\u2026"
    return [
        line,
        f'<text id="a{number}" class="action future" x="{box.x:.1f}" y="{box.y - 4:.1f}">'
        f"{html.escape(action)}</text>",
    ]


def _svg(
    tree: Recorder,
    members: Capabilities | None,
    boxes: list[Box],
    foldable: dict[int, int],
    *,
    proof: bool = False,
) -> str:
    """The whole tree as inline SVG: edges first, then the boxes over them, in one camera.

    ``foldable`` gives the nodes a box hides when folded, by the ``id`` of the boxes that may
    be; ``proof`` says the tree is a proof-number search's.
    """
    width = max(box.x + box.width / 2 for box in boxes) + 2 * _MARGIN
    height = max(box.y + box.height for box in boxes) + 2 * _MARGIN
    parts = [
        f'<svg width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="{-_MARGIN} {-_MARGIN} {width:.0f} {height:.0f}" role="img">',
        '<g id="camera">',
        '<g id="edges">',
    ]
    for number, box in enumerate(boxes):
        parts.extend(_edge_svg(box, number))
    parts.append('</g>\n<g id="boxes">')
    for number, box in enumerate(boxes):
        hides = foldable.get(id(box.item), 0)
        parts.extend(_node_svg(tree, members, box, number, hides, proof=proof))
    parts.append("</g>\n</g>\n</svg>")
    return "\n".join(parts)


def _legend() -> str:
    """The legend of a proof-number search's page: the question, then what each mark means.

    The script sets the question, and what proven and disproven mean for it, at every step.
    """
    return """<div id="legend">
<p id="legend-question"></p>
<p><span class="swatch proven"></span> <span id="legend-yes"></span></p>
<p><span class="swatch disproven"></span> <span id="legend-no"></span></p>
<p><span class="swatch frontier"></span> not expanded yet (a frontier node)</p>
<p><span class="swatch knowledge"></span> decided by the game's knowledge</p>
<p><span class="swatch mpn"></span> the most-proving path</p>
<p><span class="swatch line"></span> the proof, once found (at the last step)</p>
<p>(pn, dn): the proof and disproof numbers, the fewest leaves to prove and to disprove it</p>
</div>
"""


def _page(title: str, svg: str, data: dict[str, Any]) -> str:
    """The HTML page: controls, the tree, the story, the data and the script."""
    payload = script_json(data)
    last = len(data["steps"])
    heading = html.escape(title)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{heading}</title>
<style>{STYLE}</style>
</head>
<body>
<header>
<h1 id="heading">{heading}</h1>
<div id="controls">
<button id="first" title="first step (Home)">First</button>
<button id="back" title="back (left arrow)">&#x25C0; Back</button>
<button id="play" title="play or pause (space)">Play</button>
<button id="forward" title="forward (right arrow)">Forward &#x25B6;</button>
<button id="last" title="last step (End)">Last</button>
<input id="slider" type="range" min="0" max="{last - 1}" value="0" aria-label="step">
<label>Step <input id="jump" type="number" min="1" max="{last}" value="1"> of {last}</label>
</div>
</header>
<main>
<div id="tree">
{svg}
<div id="view" role="group" aria-label="zoom and pan">
<button id="zoom-in" title="zoom in (+, or the mouse wheel)">+</button>
<button id="zoom-out" title="zoom out (-)">&#x2212;</button>
<button id="fit" title="fit the tree to the window (0)">Fit</button>
<button id="pan-left" title="pan left (Shift+left arrow, or drag)">&#x2190;</button>
<button id="pan-up" title="pan up (Shift+up arrow)">&#x2191;</button>
<button id="pan-down" title="pan down (Shift+down arrow)">&#x2193;</button>
<button id="pan-right" title="pan right (Shift+right arrow)">&#x2192;</button>
</div>
</div>
<aside id="story">
{_legend() if "questions" in data else ""}<p id="sentence"></p>
<ol id="log"></ol>
</aside>
</main>
<script id="search-data" type="application/json">{payload}</script>
<script>{SCRIPT}</script>
</body>
</html>
"""
