"""What a step-through page must show, step by step, worked out from the trace alone.

Shared by the page's tests and its test in a real browser: :func:`expected_at` reads the event
of a step (never the page's own data) and says which node is current and what its value or
window must read then; :func:`shown_after` replays the page's data as its script does.
"""

from __future__ import annotations

import json
import re
from typing import Any

from gamesearch.trace import Enter, Leaf, Leave, Prune, SearchTree
from gamesearch.trace.pictures import number

DATA = re.compile(r'<script id="search-data" type="application/json">(.*?)</script>', re.S)


def page_data(page: str) -> dict[str, Any]:
    found = DATA.search(page)
    assert found is not None, "the page has no data"
    return json.loads(found.group(1))


def window(alpha: float, beta: float) -> str:
    return f"α={number(alpha, unicode=True)} β={number(beta, unicode=True)}"  # noqa: RUF001


def expected_at(tree: SearchTree, step: int) -> tuple[str, dict[str, str]]:
    """The current node's name after event ``step`` of the root's search, and what it reads.

    ``step`` counts from the root's first event. An ``Enter`` shows the entry window, a
    ``Prune`` the window at the cutoff, a ``Leave`` the value backed up and the final window,
    a ``Leaf`` its score: each read from the event itself.
    """
    event, node = tree.log[tree.root.step + step]
    name = tree.name(node)
    if isinstance(event, Enter) and event.alpha is not None and event.beta is not None:
        return name, {"window": window(event.alpha, event.beta)}
    if isinstance(event, Prune):
        return name, {"window": window(event.alpha, event.beta)}
    if isinstance(event, Leave):
        shown = {"value": values(event.value, event.values)}
        if event.alpha is not None and event.beta is not None:
            shown["window"] = window(event.alpha, event.beta)
        return name, shown
    if isinstance(event, Leaf):
        return name, {"value": values(event.value, event.values)}
    return name, {}


def values(value: float, vector: tuple[float, ...] | None) -> str:
    if vector is not None:
        return "(" + ", ".join(number(v, unicode=True) for v in vector) + ")"
    return number(value, unicode=True)


def shown_after(data: dict[str, Any], step: int) -> list[dict[str, str]]:
    """Every box's status, value and window after ``step``, replayed as the page's script does."""
    boxes = [{"status": "future", "value": "", "window": ""} for _ in data["nodes"]]
    for k in range(step + 1):
        for index, change in data["steps"][k]["set"].items():
            boxes[int(index)].update(change)
    return boxes
