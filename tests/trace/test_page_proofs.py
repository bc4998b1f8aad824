"""The proof tree in the step-through page: each node's (pn, dn), the most-proving path, proofs.

``pns`` on AIMA's figure 5.2 asks one question, "is MAX's value at least +inf?", which every
leaf disproves; its numbers are worked out by hand below from Allis's rules (at an OR node the
least proof number of the children and the sum of their disproof numbers, at an AND node the
other way round; a new node starts from its number of moves). The page must show them, step
by step, and say why each node is chosen.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from page_helpers import DATA, page_data, shown_after
from test_page_hostile_labels import HOSTILE

from gamesearch.games import GameTree
from gamesearch.proofs import dfpn, pns
from gamesearch.trace import Choose, Develop, Renumber, SearchTree

FIGURE_5_2 = {
    "a1": {"b1": 3, "b2": 12, "b3": 8},
    "a2": {"c1": 2, "c2": 4, "c3": 6},
    "a3": {"d1": 14, "d2": 5, "d3": 2},
}


def traced(prover: Any, nested: Any = None) -> SearchTree:
    game = GameTree(FIGURE_5_2 if nested is None else nested)
    tree = SearchTree(game)
    prover(game, trace=tree)
    return tree


def step_of(tree: SearchTree, kind: type, name: str, nth: int = 0) -> int:
    """The page's step of the ``nth`` event of ``kind`` about the node called ``name``."""
    found = [
        step
        for step, (event, node) in enumerate(tree.log)
        if isinstance(event, kind) and tree.name(node) == name
    ]
    return found[nth] - tree.root.step


def boxes(tree: SearchTree, step: int) -> dict[str, dict[str, str]]:
    """Every box of the page after ``step``, by its node's name, as the script shows it."""
    data = page_data(tree.to_html())
    names = [node["name"] for node in data["nodes"]]
    return dict(zip(names, shown_after(data, step), strict=True))


def test_the_page_shows_the_numbers_worked_out_by_hand() -> None:
    tree = traced(pns)
    developed = boxes(tree, step_of(tree, Renumber, "A", 1))
    # A (OR, 3 moves) developed: B, C, D are AND nodes of 3 moves, (3, 1) each; A takes
    # min(3, 3, 3) and 1 + 1 + 1.
    assert [developed[name]["value"] for name in "ABCD"] == ["(3, 3)", "(3, 1)", "(3, 1)", "(3, 1)"]
    assert developed["B1"]["status"] == "future"  # not developed yet
    after_b = boxes(tree, step_of(tree, Renumber, "A", 2))
    # B's leaves all disprove "at least +inf": B is disproven, (inf, 0), its value min(3, 12, 8);
    # A becomes (min(inf, 3, 3), 0 + 1 + 1) = (3, 2), its value at least 3.
    assert (after_b["B"]["value"], after_b["B"]["window"]) == ("(∞, 0)", "= 3")
    assert "disproven" in after_b["B"]["status"]
    assert [after_b[leaf]["window"] for leaf in ("B1", "B2", "B3")] == ["= 3", "= 12", "= 8"]
    assert (after_b["A"]["value"], after_b["A"]["window"]) == ("(3, 2)", "[3, +∞]")
    after_c = boxes(tree, step_of(tree, Renumber, "A", 3))
    assert (after_c["C"]["value"], after_c["A"]["value"]) == ("(∞, 0)", "(3, 1)")  # 0 + 0 + 1
    end = boxes(tree, step_of(tree, Renumber, "A", 4))
    assert (end["A"]["value"], end["A"]["window"]) == ("(∞, 0)", "= 3")


def test_the_most_proving_path_is_highlighted_at_each_choice() -> None:
    tree = traced(pns)
    chose_c = boxes(tree, step_of(tree, Choose, "C"))
    marked = sorted(name for name, box in chose_c.items() if "mpn" in box["status"].split())
    assert marked == ["A", "C"]
    assert "mpn" not in chose_c["B"]["status"]  # the path of the step before, back to plain
    developed = boxes(tree, step_of(tree, Develop, "C"))
    assert sorted(name for name, box in developed.items() if "mpn" in box["status"]) == [
        "A",
        "C",
    ]  # still marked while C is developed


def test_the_story_says_why_a_node_is_chosen() -> None:
    tree = traced(pns)
    data = page_data(tree.to_html())
    told = data["steps"][step_of(tree, Choose, "C")]["text"]
    assert told == (
        "choose C by action a2, the most-proving node (A -> C), (3, 1): at A, an OR node, it "
        "has the smallest proof number, 3, of its children's inf, 3, 3 (the first of them)"
    )
    last = data["steps"][-1]["text"]
    assert "result: A = 3, best action a1; proven exactly; 13 nodes" in last


def test_an_and_node_chooses_its_child_of_least_disproof_number() -> None:
    # "Is MAX's value at least 1?" needs the win utility: without it the question is at +inf.
    # Here MAX's a1 leads to an AND node whose second child is a leaf lost for MIN.
    tree = traced(pns, {"a1": {"b1": {"x": 5, "y": 6}, "b2": 4}, "a2": 1})
    sentences = tree.narrate().splitlines()
    chosen = [line for line in sentences if line.startswith("choose B1 ")]
    assert chosen, sentences
    assert "at B, an AND node, it has the smallest disproof number" in chosen[0]


def test_dfpn_tells_its_thresholds_and_marks_what_it_proves() -> None:
    tree = traced(dfpn)
    told = tree.narrate()
    assert "choose B by action a1, the most-proving node (A -> B), (3, 1), searched until" in told
    end = boxes(tree, len(tree.log) - 1 - tree.root.step)
    assert "disproven" in end["B"]["status"]
    assert end["B"]["window"] == "= 3"


@pytest.mark.parametrize("label", HOSTILE)
def test_a_hostile_label_in_a_proof_tree_is_text(label: str) -> None:
    tree = traced(pns, {label: {f"{label}!": 3, f"{label}?": 5}, "safe": 1})
    page = tree.to_html()
    found = DATA.search(page)
    assert found is not None
    for unsafe in "<>&\u2028\u2029":
        assert unsafe not in found.group(1)
    told = " ".join(step["text"] for step in json.loads(found.group(1))["steps"])
    assert f"action {label}" in told
