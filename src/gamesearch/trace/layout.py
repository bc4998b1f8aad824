"""Where each node of a recorded search goes: folds of pruned subtrees, boxes and a tidy layout.

The pictures (:mod:`~gamesearch.trace.pictures`) and the step-through page
(:mod:`~gamesearch.trace.page`) share this: which children a node shows (consecutive pruned
children may be folded into one ellipsis node that counts them), the board a game draws for a
node's state, and, for the page, which needs no Graphviz, a tidy layout of boxes in rows.

The layout is the simple tidy tree: a subtree is as wide as its children side by side (or as
its own box, if wider), a parent is centred over its children, and every row of the tree is as
tall as its tallest box. Boxes never overlap: each subtree owns a band of x that no other
subtree of its row enters.

>>> from gamesearch import alphabeta
>>> from gamesearch.games import GameTree
>>> from gamesearch.trace import SearchTree
>>> game = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> tree = SearchTree(game)
>>> _ = alphabeta(game, trace=tree)
>>> boxes = tidy(tree.root, lambda item: (40.0, 30.0), shown)
>>> [round(box.x) for box in boxes if box.depth == 1]  # B, C and D over their three leaves
[78, 234, 390]
>>> {box.depth: box.y for box in boxes}  # each row's top: 30 px boxes, 40 px between rows
{0: 0.0, 1: 70.0, 2: 140.0}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError
from .recorder import TraceNode

__all__ = ["Box", "Fold", "board", "check_count", "shown", "tidy"]

GAP_X = 12.0
"""The room between two boxes of a row, in pixels."""
GAP_Y = 40.0
"""The room between two rows, in pixels (edges and their labels go there)."""


@dataclass(frozen=True, eq=False)
class Fold:
    """Consecutive pruned children of a node, drawn as one ellipsis node that counts them."""

    parent: TraceNode
    """The node whose children these are."""

    nodes: tuple[TraceNode, ...]
    """The pruned children, left to right."""

    @property
    def count(self) -> int:
        """How many nodes the fold hides: the pruned children and everything below them."""
        total, pending = 0, list(self.nodes)
        while pending:
            node = pending.pop()
            total += 1
            pending.extend(node.children)
        return total

    @property
    def step(self) -> int:
        """The index of the event that pruned them (the ``Prune``)."""
        return self.nodes[0].step

    @property
    def depth(self) -> int:
        """Their ply."""
        return self.parent.depth + 1


Item = TraceNode | Fold
"""What a box draws: a node, or a fold of pruned nodes."""


def shown(item: Item, *, fold: int | None = None) -> list[Item]:
    """The children of ``item`` a picture shows, left to right.

    Args:
        item: A node (a fold shows no children).
        fold: Fold each run of consecutive pruned children that hides more than ``fold``
            nodes (the children and their subtrees) into one :class:`Fold`; ``None`` folds
            nothing.

    Returns:
        The visited children, and the pruned ones or their folds, in the search's order.
    """
    if isinstance(item, Fold):
        return []
    if fold is None:
        return list(item.children)
    items: list[Item] = []
    run: list[TraceNode] = []
    for child in [*item.children, None]:
        if child is not None and not child.visited:
            run.append(child)
            continue
        if run and Fold(item, tuple(run)).count > fold:
            items.append(Fold(item, tuple(run)))
        else:
            items.extend(run)
        run = []
        if child is not None:
            items.append(child)
    return items


def check_count(where: str, name: str, value: object, *, optional: bool = False) -> None:
    """Check that an option counting nodes is an int >= 0 (or ``None``, when ``optional``).

    Raises:
        InvalidSearchOptionError: it is not; the message names ``where`` and ``name``.

    >>> check_count("to_dot", "fold", -1)
    Traceback (most recent call last):
    ...
    gamesearch.errors.InvalidSearchOptionError: to_dot: fold must be an int >= 0, got -1
    """
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        also = " or None" if optional else ""
        raise InvalidSearchOptionError(f"{where}: {name} must be an int >= 0{also}, got {value!r}")


def board(game: Any, node: TraceNode) -> str | None:
    """The position of ``node`` as the game draws it (its ``render(state)``), else ``None``.

    A game that can draw a position has a ``render`` method that takes a state and returns
    lines of text (tic-tac-toe, Connect Four and Nim have one). Pictures show the text,
    small and in a fixed-width font, in the node.

    Args:
        game: The game, its :class:`~gamesearch.capabilities.Capabilities` (read once by a
            caller that draws many nodes), or ``None``.
        node: A node; its state must be known (``None`` is returned otherwise).

    Returns:
        The drawing, without trailing blank lines, or ``None``.

    Raises:
        GameProtocolError: an optional member of the game that must be a method is not
            callable.
    """
    if game is None or node.state is None:
        return None
    render = (game if isinstance(game, Capabilities) else Capabilities.of(game)).render
    if render is None:
        return None
    text = render(node.state)
    return str(text).rstrip() if text is not None else None


@dataclass(frozen=True, eq=False)
class Box:
    """Where the layout put one item: its box's centre and size, in pixels, y going down."""

    item: Item
    """The node, or fold, drawn."""

    parent: Box | None
    """The parent's box, ``None`` at the root."""

    x: float
    """The box's centre, from the left edge of the picture."""

    y: float
    """The box's top, from the top edge of the picture."""

    width: float
    """The box's width."""

    height: float
    """The box's height."""

    depth: int
    """The row: the item's ply below the root laid out."""


def tidy(
    root: TraceNode,
    size: Callable[[Item], tuple[float, float]],
    children: Callable[[Item], Sequence[Item]],
) -> list[Box]:
    """Lay out the tree below ``root`` as a tidy tree of boxes; a parent before its children.

    Args:
        root: The root of the tree to lay out.
        size: The ``(width, height)`` of an item's box, in pixels.
        children: The items shown below an item (:func:`shown`).

    Returns:
        The boxes, depth first, left to right, the root's first; the picture spans
        ``0 <= x <= max(box.x + box.width / 2)`` and likewise in y.
    """
    sizes: dict[int, tuple[float, float]] = {}
    spans: dict[int, float] = {}
    below: dict[int, Sequence[Item]] = {}  # each item's children, asked for once
    heights: list[float] = []

    def measure(item: Item, depth: int) -> float:
        """Size every item below ``item``; return the width of its band."""
        sizes[id(item)] = width, height = size(item)
        if len(heights) <= depth:
            heights.append(0.0)
        heights[depth] = max(heights[depth], height)
        below[id(item)] = kids = children(item)
        bands = [measure(child, depth + 1) for child in kids]
        spans[id(item)] = span = max(width + GAP_X, sum(bands))  # a gap's half on each side
        return span

    measure(root, 0)
    tops = [0.0]
    for height in heights[:-1]:
        tops.append(tops[-1] + height + GAP_Y)
    centres: dict[int, float] = {}

    def place(item: Item, left: float) -> float:
        """Centre ``item`` in the band starting at ``left``, over its children; its centre."""
        kids = below[id(item)]
        span = spans[id(item)]
        band = sum(spans[id(kid)] for kid in kids)
        start = left + (span - band) / 2  # the children centred in the band when it is wider
        xs = []
        for kid in kids:
            xs.append(place(kid, start))
            start += spans[id(kid)]
        centres[id(item)] = centre = (xs[0] + xs[-1]) / 2 if xs else left + span / 2
        return centre

    place(root, 0.0)
    boxes: list[Box] = []
    pending: list[tuple[Item, Box | None, int]] = [(root, None, 0)]
    while pending:
        item, parent, depth = pending.pop()
        width, height = sizes[id(item)]
        box = Box(item, parent, centres[id(item)], tops[depth], width, height, depth)
        boxes.append(box)
        pending.extend((kid, box, depth + 1) for kid in reversed(below[id(item)]))
    return boxes
