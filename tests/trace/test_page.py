"""The step-through page: one offline file that shows, at every step, what the trace says.

The page's data is replayed here as its script replays it, and what each step shows is
checked against the events of the trace (read independently, in ``page_helpers``), for every
searcher that traces. The page in a real browser is ``test_page_browser.py``.
"""

from __future__ import annotations

import re
from functools import partial
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from page_helpers import expected_at, page_data, shown_after

from gamesearch import (
    InvalidSearchOptionError,
    TranspositionTable,
    alphabeta,
    best_reply,
    expectiminimax,
    iterative_deepening,
    maxn,
    mcts,
    minimax,
    negamax,
    paranoid,
)
from gamesearch.games import Chance, GameTree, Nim, TicTacToe
from gamesearch.testing import game_trees
from gamesearch.trace import SearchTree

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
NOTES_CHANCE = {"gamble": Chance([(0.5, 8), (0.25, 24), (0.25, -12)]), "sure": 5}


def traced(searcher: Any, game: Any, state: Any = None, **options: Any) -> SearchTree:
    tree = SearchTree(game)
    searcher(game, state, trace=tree, **options)
    return tree


SEARCHES = {
    "alphabeta": lambda: traced(alphabeta, GameTree(TEXTBOOK)),
    "minimax": lambda: traced(minimax, GameTree(TEXTBOOK)),
    "negamax-tictactoe": lambda: traced(
        negamax, TicTacToe(), TicTacToe().parse("X O X / . O . / . X .")
    ),
    "expectiminimax": lambda: traced(expectiminimax, GameTree(NOTES_CHANCE)),
    "star1": lambda: traced(
        partial(expectiminimax, pruning="star1", bounds=(-20, 30)), GameTree(NOTES_CHANCE)
    ),
    "maxn-nim": lambda: traced(maxn, Nim((1, 2), players=3)),
    "paranoid-nim": lambda: traced(paranoid, Nim((1, 2), players=3)),
    "best-reply-nim": lambda: traced(best_reply, Nim((1, 2), players=3)),
    "table": lambda: traced(
        alphabeta,
        TicTacToe(),
        TicTacToe().parse("X O X / . O . / . X ."),
        table=TranspositionTable(),
    ),
    "deepening": lambda: traced(
        iterative_deepening, TicTacToe(), TicTacToe().parse("XX. / OO. / ...")
    ),
    "mcts": lambda: traced(mcts, GameTree(TEXTBOOK), iterations=40, rng=2),
    "mcts-chance": lambda: traced(mcts, GameTree(NOTES_CHANCE), iterations=30, rng=3),
}


class Tags(HTMLParser):
    """Every start tag and attribute of a page, and whether its tags close in order."""

    VOID = frozenset({"meta", "input", "br", "img", "link"})

    def __init__(self) -> None:
        super().__init__()
        self.attributes: list[tuple[str, str, str | None]] = []
        self.open: list[str] = []
        self.balanced = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attributes.extend((tag, name, value) for name, value in attrs)
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attributes.extend((tag, name, value) for name, value in attrs)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open.pop() != tag:
            self.balanced = False


@pytest.mark.parametrize("search", SEARCHES)
def test_each_step_shows_what_the_trace_says(search: str) -> None:
    tree = SEARCHES[search]()
    data = page_data(tree.to_html())
    root = tree.root
    assert len(data["steps"]) == root.closed - root.step + 1  # one step per event
    names = [node["name"] for node in data["nodes"]]
    for step, shown in enumerate(data["steps"]):
        name, expected = expected_at(tree, step)
        assert names[shown["node"]] == name
        boxes = shown_after(data, step)
        current = boxes[shown["node"]]
        for row, text in expected.items():
            assert current[row] == text, (step, name, row)
        assert shown["text"]  # a sentence for every step
    final = shown_after(data, len(data["steps"]) - 1)
    assert all(box["status"] != "future" for box in final)  # the whole tree, in the end


def test_the_textbook_page_greys_c2_and_c3_when_c_is_cut_off() -> None:
    tree = SEARCHES["alphabeta"]()
    data = page_data(tree.to_html())
    names = [node["name"] for node in data["nodes"]]
    cutoff = next(k for k, step in enumerate(data["steps"]) if step["event"] == "Prune")
    before, after = shown_after(data, cutoff - 1), shown_after(data, cutoff)
    for name, value in (("C2", "4"), ("C3", "6")):
        assert before[names.index(name)]["status"] == "future"
        assert after[names.index(name)] == {"status": "pruned", "value": value, "window": ""}
    assert "prune C2, C3" in data["steps"][cutoff]["text"]
    # A's range narrows as in AIMA figure 5.5: [3, +inf] after B, then [3, 14], [3, 5], 3.
    ranges = [shown_after(data, k)[names.index("A")]["value"] for k in range(len(names) + 4)]
    assert [r for i, r in enumerate(ranges) if r and r != ranges[i - 1]] == [
        "[3, +∞]",
        "[3, 14]",
        "[3, 5]",
        "3",
    ]


def test_monte_carlo_boxes_count_the_visits() -> None:
    tree = SEARCHES["mcts"]()
    data = page_data(tree.to_html())
    final = shown_after(data, len(data["steps"]) - 1)
    by_name = dict(zip([node["name"] for node in data["nodes"]], final, strict=True))
    for node in tree.nodes():
        if node.visits:
            assert by_name[tree.name(node)]["window"] == f"n={node.visits}"


@pytest.mark.parametrize("search", SEARCHES)
def test_the_page_is_one_offline_file(search: str) -> None:
    page = SEARCHES[search]().to_html()
    assert page.startswith("<!DOCTYPE html>")
    tags = Tags()
    tags.feed(page)
    assert tags.balanced
    assert not tags.open
    links = [
        (tag, name, value)
        for tag, name, value in tags.attributes
        if name in {"src", "href", "xlink:href", "srcset", "action", "data"}
    ]
    assert links == []  # nothing to fetch: no script, style, image or font from elsewhere
    assert re.search(r"https?:|//[a-z]|@import|url\(", page, re.IGNORECASE) is None


def test_to_html_writes_the_file_and_shows_the_boards(tmp_path: Path) -> None:
    tree = SEARCHES["negamax-tictactoe"]()
    path = tmp_path / "search.html"
    page = tree.to_html(path)
    assert path.read_text(encoding="utf-8") == page
    assert ">X O X</text>" in page  # the root's top row, drawn in its node
    assert ">X O X</text>" not in tree.to_html(boards=False)
    nim = SEARCHES["maxn-nim"]().to_html()
    assert ">||</text>" in nim  # Nim's piles, one a line


def test_folding_counts_the_pruned_nodes() -> None:
    tree = SEARCHES["negamax-tictactoe"]()
    whole, folded = page_data(tree.to_html()), page_data(tree.to_html(fold=2))
    folds = [node for node in folded["nodes"] if node["kind"] == "fold"]
    assert folds
    hidden = len(whole["nodes"]) - (len(folded["nodes"]) - len(folds))
    page = tree.to_html(fold=2)
    counts = [int(n) for n in re.findall(r">(\d+) nodes</text>", page)]
    assert sum(counts) == hidden  # every pruned node is counted once, by its fold


def test_bad_options_raise_and_trees_too_big_get_a_page_that_says_what_to_do() -> None:
    tree = SEARCHES["alphabeta"]()
    with pytest.raises(InvalidSearchOptionError, match="fold must be an int >= 0 or None"):
        tree.to_html(fold=-1)
    with pytest.raises(InvalidSearchOptionError, match="to_dot: fold must be an int"):
        tree.to_dot(fold=1.5)
    with pytest.raises(InvalidSearchOptionError, match="max_nodes must be an int"):
        tree.to_html(max_nodes=True)
    with pytest.raises(InvalidSearchOptionError, match="collapse must be an int >= 0 or None"):
        tree.to_html(collapse=-2)
    too_big = tree.to_html(max_nodes=5)  # a page that says so, not a page nobody can read
    assert "This search has 13 nodes to draw, more than max_nodes=5" in too_big
    assert "fold pruned subtrees (fold=0)" in too_big
    assert "result: A = 3, best action 0" in too_big
    assert "search-data" not in too_big
    with pytest.raises(ValueError, match="nothing recorded yet"):
        SearchTree().to_html()


@pytest.mark.slow
def test_jupyter_shows_the_page_in_a_frame() -> None:
    assert SearchTree()._repr_html_() is None
    shown = SEARCHES["alphabeta"]()._repr_html_()
    assert shown is not None
    assert shown.startswith("<iframe srcdoc=")
    assert "&lt;!DOCTYPE html&gt;" in shown
    big = traced(alphabeta, TicTacToe(), TicTacToe().parse("X.. / .O. / ..."))
    assert len(list(big.nodes())) > 2000
    shown = big._repr_html_()  # too big for a notebook's frame: the summary, not nothing
    assert shown is not None
    assert "too big a search to step through" in shown


def test_iterative_deepening_pages_show_any_iteration() -> None:
    game = TicTacToe()
    tree = SearchTree(game)
    iterative_deepening(game, game.parse("XOX / .O. / ..."), trace=tree)
    assert len(tree.trees) > 1  # a draw: proven by the fifth iteration only
    first = page_data(tree.to_html(root=tree.trees[0]))
    assert len(first["nodes"]) < len(page_data(tree.to_html())["nodes"])


BOX = re.compile(
    r'<g id="n\d+" class="node[^"]*" data-name="[^"]*">\s*<rect class="card" '
    r'x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"'
)
ACTION = re.compile(r'<text id="a\d+" class="action[^"]*" x="([-\d.]+)" y="([-\d.]+)">([^<]*)<')


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@settings(max_examples=25, deadline=None)
@given(game=game_trees(max_depth=3, max_branching=4))
def test_no_two_boxes_or_action_labels_of_a_page_overlap(game: GameTree) -> None:
    tree = traced(alphabeta, game)
    page = tree.to_html()
    boxes = [tuple(map(float, found)) for found in BOX.findall(page)]
    assert len(boxes) == len(page_data(page)["nodes"])
    labels = [
        (float(x) - 2.9 * len(text), float(y) - 9, 5.8 * len(text), 11)
        for x, y, text in ACTION.findall(page)
    ]
    for i, first in enumerate(boxes + labels):
        for second in (boxes + labels)[i + 1 :]:
            assert not overlap(first, second)


def test_the_page_tells_the_answer_only_at_the_end() -> None:
    tree = SEARCHES["alphabeta"]()
    page = tree.to_html()
    data = page_data(page)
    before, after = data["headings"]
    assert "= 3" not in before
    assert "<title>A: the search, step by step</title>" in page
    assert after == "A = 3, best action 0: the search, step by step"
    assert "result:" in data["steps"][-1]["text"]
    assert all("result:" not in step["text"] for step in data["steps"][:-1])
    assert page_data(tree.to_html(title="Figure 5.2"))["headings"] == ["Figure 5.2"] * 2


def test_the_page_knows_the_principal_variation_and_what_each_subtree_hides() -> None:
    tree = SEARCHES["negamax-tictactoe"]()
    data = page_data(tree.to_html())
    names = [node["name"] for node in data["nodes"]]
    assert [names[i] for i in data["line"]] == [
        tree.name(node) for node in tree.principal_variation()
    ]
    for node, shown in zip(tree.nodes(), data["nodes"], strict=True):
        assert shown["name"] == tree.name(node)
        assert shown["hides"] == len(list(tree.nodes(node))) - 1
    assert data["collapse"] == 6
    assert page_data(tree.to_html(collapse=None))["collapse"] is None
    page = tree.to_html()
    counts = re.findall(r'<text class="more" [^>]*>\+(\d+) nodes?</text>', page)
    big = [shown["hides"] for shown in data["nodes"][1:] if shown["hides"] > 6]
    assert sorted(map(int, counts)) == sorted(big)  # a count under every box that may fold
