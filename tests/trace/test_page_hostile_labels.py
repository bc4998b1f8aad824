r"""Hostile labels on the step-through page: the page's data never ends its script early.

A label is an action of the game (a key of a :class:`GameTree`), which the page writes in the
SVG, in the story and in its JSON data. Inside ``<script>``, HTML knows no JSON: ``</script>``
ends the script and ``<!--<script>`` sends the parser into the "script data double escaped"
state, where the next ``</script>`` no longer ends the data, which then swallows the page's code.
The data therefore holds no ``<`` (nor ``>``, ``&``, U+2028 or U+2029) at all: each is written
as a JSON ``\u`` escape, which gives the same labels back. In the SVG, labels are HTML-escaped
text; the script sets texts with ``textContent``, never ``innerHTML``. The page in a browser
with these labels is checked in ``test_page_browser.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from page_helpers import DATA

from gamesearch import alphabeta
from gamesearch.games import GameTree
from gamesearch.trace import SearchTree
from gamesearch.trace._page_assets import SCRIPT

HOSTILE = [
    "<!--<script>",
    "</script><script>alert(1)</script>",
    "</SCRIPT >",
    "]]><![CDATA[",
    "&amp;&lt;&#60;&#x3c;",
    "\"'`${x}\\",
    "<img src=x onerror=alert(1)>",
    "\u2028\u2029",
    "<" * 20 + "long" * 200,
]


def hostile_tree(labels: list[str]) -> SearchTree:
    """Alpha-beta on a tree whose inner nodes and leaves carry the hostile labels as actions."""
    nested = {label: {f"{label}!": 3, f"{label}?": 5} for label in labels}
    game = GameTree(nested)
    tree = SearchTree(game)
    alphabeta(game, trace=tree)
    return tree


@pytest.mark.parametrize("label", HOSTILE)
def test_the_data_has_no_angle_bracket_and_gives_the_labels_back(label: str) -> None:
    tree = hostile_tree([label])
    page = tree.to_html()
    found = DATA.search(page)
    assert found is not None
    text = found.group(1)
    for unsafe in "<>&\u2028\u2029":
        assert unsafe not in text
    data = json.loads(text)
    told = " ".join(step["text"] for step in data["steps"])
    assert f"action {label}" in told  # the story names the action exactly as given


def test_labels_are_escaped_text_in_the_svg() -> None:
    page = hostile_tree(HOSTILE).to_html()
    assert "<img" not in page
    assert page.count("<script") == 2
    assert re.search(r"</script\s*>", page, re.IGNORECASE)  # the page's own two, no more
    assert len(re.findall(r"</script", page, re.IGNORECASE)) == 2
    assert "&lt;!--&lt;" in page  # the label (cut to its box), as text in the SVG


def test_the_script_sets_text_never_markup() -> None:
    assert "innerHTML" not in SCRIPT
    assert "insertAdjacentHTML" not in SCRIPT
    assert "document.write" not in SCRIPT


def test_a_label_that_is_no_text_still_gives_a_page_written_as_utf8(tmp_path: Path) -> None:
    page = hostile_tree(["lone \ud800 surrogate"]).to_html(tmp_path / "page.html")
    assert (tmp_path / "page.html").read_text(encoding="utf-8") == page
    assert "lone ? surrogate" in page
