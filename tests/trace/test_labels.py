"""Pictures fit for a slide: no two labels overlap, and each window stands beside its own node.

The SVG that Graphviz draws is parsed: every ``<text>`` is one line of a label, whose box is
estimated from its position, anchor, font size and length (a generous 0.6 em a character,
as wide as Courier and wider than Helvetica's digits). Checked for the committed figures of
``docs/figures`` and for random traced trees drawn afresh (those need Graphviz).
"""

from __future__ import annotations

import importlib.util
import shutil
import xml.etree.ElementTree as ET
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings

from gamesearch import alphabeta, negamax
from gamesearch.games import GameTree
from gamesearch.testing import game_trees
from gamesearch.trace import SearchTree

FIGURES = sorted((Path(__file__).resolve().parents[2] / "docs" / "figures").glob("*.svg"))
SVG = "{http://www.w3.org/2000/svg}"
Rect = tuple[float, float, float, float]  # left, top, right, bottom

needs_graphviz = pytest.mark.skipif(
    shutil.which("dot") is None or importlib.util.find_spec("graphviz") is None,
    reason="drawing SVG needs Graphviz's dot program and the graphviz package (the viz extra)",
)


def text_boxes(svg: str) -> list[tuple[str, str, Rect]]:
    """Every line of text: the id of its node (its ``<title>``), the text, and its box."""
    boxes = []
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        title = group.find(f"{SVG}title")
        for text in group.findall(f"{SVG}text"):
            content = text.text or ""
            size = float(text.get("font-size", "14"))
            x, y = float(text.get("x", "0")), float(text.get("y", "0"))
            width = 0.6 * size * len(content)
            anchor = text.get("text-anchor", "start")
            left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
            boxes.append(
                (
                    title.text or "" if title is not None else "",
                    content,
                    (left, y - 0.75 * size, left + width, y + 0.2 * size),
                )
            )
    return boxes


def node_boxes(svg: str) -> dict[str, Rect]:
    """Each node's outline (its polygon, ellipse or path points), by its DOT name."""
    outlines = {}
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        if group.get("class") != "node":
            continue
        name = group.findtext(f"{SVG}title") or ""
        xs: list[float] = []
        ys: list[float] = []
        for shape in group.findall(f"{SVG}polygon"):
            for point in (shape.get("points") or "").split():
                x, y = point.split(",")
                xs.append(float(x))
                ys.append(float(y))
        for shape in group.findall(f"{SVG}ellipse"):
            cx, cy = float(shape.get("cx", "0")), float(shape.get("cy", "0"))
            rx, ry = float(shape.get("rx", "0")), float(shape.get("ry", "0"))
            xs += [cx - rx, cx + rx]
            ys += [cy - ry, cy + ry]
        if xs:
            outlines[name] = (min(xs), min(ys), max(xs), max(ys))
    return outlines


def overlapping(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_labels(svg: str) -> None:
    """No two lines of text overlap; each window is right of its own node, in its row.

    And nearer to its own node than to the next node of the row.
    """
    texts = [box for box in text_boxes(svg) if box[1].strip()]
    for index, (owner, content, rect) in enumerate(texts):
        for other_owner, other, other_rect in texts[index + 1 :]:
            assert not overlapping(rect, other_rect), (
                f"{content!r} of {owner} overlaps {other!r} of {other_owner}"
            )
    nodes = node_boxes(svg)
    for owner, content, rect in texts:
        if not owner.endswith("w") or owner[:-1] not in nodes:
            continue
        own = nodes[owner[:-1]]
        assert rect[0] >= own[2] - 1, f"{owner}'s {content!r} is not right of its node"
        assert own[1] - 1 <= (rect[1] + rect[3]) / 2 <= own[3] + 1, f"{owner} is off its row"
        between = [
            name
            for name, box in nodes.items()
            if not name.endswith("w")
            and box[0] >= own[2] - 1
            and box[2] <= rect[0] + 1
            and box[1] < own[3]
            and own[1] < box[3]
        ]
        assert between == [], f"{owner}'s window is beyond {between}"
        following = [
            box[0] - rect[2]
            for name, box in nodes.items()
            if not name.endswith("w")
            and box[0] >= rect[2] - 1
            and box[1] < own[3]
            and own[1] < box[3]
        ]
        gap = rect[0] - own[2]
        assert all(gap <= after for after in following), f"{owner} is nearer the next node"


@pytest.mark.parametrize("figure", FIGURES, ids=lambda path: path.stem)
def test_no_two_labels_of_a_figure_overlap(figure: Path) -> None:
    check_labels(figure.read_text(encoding="utf-8"))


def test_the_checker_sees_an_overlap() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><g class="node"><title>n0</title>'
        '<text x="10" y="10" font-size="12">α=-∞, β=-1</text>'  # noqa: RUF001
        '<text x="40" y="12" font-size="12">α=-1, β=0</text></g></svg>'  # noqa: RUF001
    )
    with pytest.raises(AssertionError, match="overlaps"):
        check_labels(svg)


@pytest.mark.slow
@needs_graphviz
@settings(max_examples=15, deadline=None)
@given(game=game_trees(max_depth=3, max_branching=3))
def test_no_two_labels_of_a_random_traced_tree_overlap(game: GameTree) -> None:
    for searcher in (alphabeta, partial(negamax, order=None)):
        tree = SearchTree(game)
        searcher(game, trace=tree)
        check_labels(tree.to_svg())
