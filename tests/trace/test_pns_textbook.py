"""Proof-number search proving a win on a textbook win/loss tree, every number worked by hand.

Allis's rules (Allis, van der Meulen and van den Herik 1994): a win is proven (pn 0, dn inf),
a loss disproven (inf, 0); an OR node (MAX to move) takes the least proof number of its
children and the sum of their disproof numbers, an AND node the other way round; the search
goes from the root to the most-proving node (at an OR node the first child of least pn, at an
AND node the first of least dn) and develops it. A new node starts, as Allis's mobility rule
(and ``pns``) has it, from its number of moves n: (1, n) at an OR node, (n, 1) at an AND node.

The tree, three plies of wins (+1) and losses (-1) for MAX, ``GameTree(..., win_utility=1)``::

    A (OR) --a1--> B (AND) --b1--> B1 (OR): x +1, y -1
                           --b2--> B2 (OR): x -1, y -1
           --a2--> C (AND) --c1--> C1 (OR): x -1, y +1
                           --c2--> +1

MAX wins with a2: MIN's c1 is answered by y, c2 is a win already. The question asked is the
textbook's, "can MAX win?", not "is A's value at least +inf?"; won leaves are green (proven),
never red.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from page_helpers import page_data, shown_after

from gamesearch import pns
from gamesearch.games import GameTree
from gamesearch.testing import game_trees
from gamesearch.trace import Answer, Ask, Choose, Develop, Renumber, SearchTree
from gamesearch.trace._proof_pictures import DISPROVEN, PROVEN, proof_tree

INF = 1 << 62
WIN_LOSS = {
    "a1": {"b1": {"x": 1, "y": -1}, "b2": {"x": -1, "y": -1}},
    "a2": {"c1": {"x": -1, "y": 1}, "c2": 1},
}

BY_HAND = [
    # The root: an OR node of two moves, (1, 2).
    ("Renumber", "A", (1, 2)),
    ("Choose", "A", (1, 2)),
    # B and C are AND nodes of two moves each: (2, 1). A: (min(2, 2), 1 + 1) = (2, 2).
    ("Develop", "A", [("a1", (2, 1)), ("a2", (2, 1))]),
    ("Renumber", "A", (2, 2)),
    # A tie at A: B, the first. B's children are OR nodes of two moves: (1, 2) each.
    ("Choose", "B", (2, 1)),
    ("Develop", "B", [("b1", (1, 2)), ("b2", (1, 2))]),
    ("Renumber", "B", (2, 2)),  # (1 + 1, min(2, 2))
    ("Renumber", "A", (2, 3)),  # (min(2, 2), 2 + 1)
    # A picks B (pn 2, the first); B, an AND node, picks B1 (dn 2, the first).
    ("Choose", "B1", (1, 2)),
    ("Develop", "B1", [("x", (0, INF)), ("y", (INF, 0))]),  # a win and a loss
    ("Renumber", "B1", (0, INF)),  # proven by x
    ("Renumber", "B", (1, 2)),  # (0 + 1, min(inf, 2))
    ("Renumber", "A", (1, 3)),  # (min(1, 2), 2 + 1)
    # B (pn 1) again, then B2: the only child of B whose dn is not inf.
    ("Choose", "B2", (1, 2)),
    ("Develop", "B2", [("x", (INF, 0)), ("y", (INF, 0))]),  # two losses
    ("Renumber", "B2", (INF, 0)),
    ("Renumber", "B", (INF, 0)),  # MIN answers a1 with b2: disproven
    ("Renumber", "A", (2, 1)),  # (min(inf, 2), 0 + 1)
    ("Choose", "C", (2, 1)),
    ("Develop", "C", [("c1", (1, 2)), ("c2", (0, INF))]),  # c2 is a win at once
    ("Renumber", "C", (1, 2)),  # (1 + 0, min(2, inf))
    ("Renumber", "A", (1, 2)),  # (min(inf, 1), 0 + 2)
    ("Choose", "C1", (1, 2)),
    ("Develop", "C1", [("x", (INF, 0)), ("y", (0, INF))]),
    ("Renumber", "C1", (0, INF)),
    ("Renumber", "C", (0, INF)),
    ("Renumber", "A", (0, INF)),  # proven: MAX wins, with a2
]


def traced() -> SearchTree:
    game = GameTree(WIN_LOSS, win_utility=1)
    tree = SearchTree(game)
    result = pns(game, trace=tree)
    assert (result.value, result.action, result.exact) == (1.0, "a2", True)
    assert result.stats.nodes == 13
    assert result.stats.proof_size == 5  # A, C, C1, its y, and c2
    return tree


def test_every_step_has_the_numbers_worked_out_by_hand() -> None:
    tree = traced()
    told = []
    for event, node in tree.log:
        if isinstance(event, (Choose, Renumber)):
            told.append((type(event).__name__, tree.name(node), (event.pn, event.dn)))
        elif isinstance(event, Develop):
            children = [(child.action, (child.pn, child.dn)) for child in event.children]
            told.append(("Develop", tree.name(node), children))
    assert told == BY_HAND


def test_it_asks_can_max_win_and_answers_yes() -> None:
    tree = traced()
    asked = [event for event, _ in tree.log if isinstance(event, Ask)]
    assert [(event.threshold, event.win) for event in asked] == [(1.0, 1.0)]  # one question
    answers = [event for event, _ in tree.log if isinstance(event, Answer)]
    assert [(event.proven, event.lower, event.upper) for event in answers] == [(True, 1.0, 1.0)]
    story = tree.narrate()
    assert "question 1: can MAX win? (is A's value at least 1, a win?)" in story
    assert "+inf" not in story
    assert "answer: yes, MAX can win; A's value is proven: 1" in story
    assert (
        "  develop B1, an OR node (MAX to move): B1.1 (0, inf) = 1, terminal, proven (MAX wins "
        "here); B1.2 (inf, 0) = -1, terminal, disproven (MAX cannot win here)"
    ) in story.splitlines()
    assert "  B's numbers become (inf, 0): disproven, its value -1 (MAX cannot win here)" in story


def test_won_leaves_are_green_and_lost_leaves_red_in_the_picture_the_text_and_the_page() -> None:
    tree = traced()
    won = {"B1", "B1.1", "C", "C1", "C1.2", "C2", "A"}
    lost = {"B", "B1.2", "B2", "B2.1", "B2.2", "C1.1"}
    dot = tree.to_dot()
    names = {f"n{number}": tree.name(node) for number, node in enumerate(_dot_order(tree))}
    fills = dict(re.findall(r'(n\d+) \[label=[^\]]*fillcolor="(#[0-9a-f]+)"', dot))
    assert {names[key] for key, fill in fills.items() if fill == PROVEN[0]} == won
    assert {names[key] for key, fill in fills.items() if fill == DISPROVEN[0]} == lost
    assert "question 1: can MAX win?" in dot  # the legend, under the tree
    assert "proven: MAX wins here (pn 0)" in dot
    assert "disproven: MAX cannot win here" in dot
    text = tree.to_text()
    assert "`-- c2: C2 = 1 (0, inf) proven" in text
    assert "|   `-- y: B1.2 = -1 (inf, 0) disproven" in text
    data = page_data(tree.to_html())
    end = dict(
        zip(
            [node["name"] for node in data["nodes"]],
            shown_after(data, len(data["steps"]) - 1),
            strict=True,
        )
    )
    assert {name for name, box in end.items() if "proven" in box["status"].split()} == won
    assert {name for name, box in end.items() if "disproven" in box["status"].split()} == lost
    assert data["questions"][-1] == {
        "text": "question 1: can MAX win?",
        "yes": "proven: MAX wins here (pn 0)",
        "no": "disproven: MAX cannot win here (dn 0)",
    }


def _dot_order(tree: SearchTree) -> list:  # type: ignore[type-arg]
    """The nodes in the order ``to_dot`` names them (n0, n1, ...): depth first, left first."""
    return list(tree.nodes())


def test_frontier_nodes_are_not_drawn_as_terminal_states() -> None:
    # Stopped after A's development: B and C are seen, not developed (frontier nodes).
    game = GameTree(WIN_LOSS, win_utility=1)
    tree = SearchTree(game)
    pns(game, trace=tree, node_limit=3)
    b, c = tree.root.children
    assert b.is_frontier
    assert c.is_frontier
    assert b.kind == c.kind == "min"
    dot = tree.to_dot()
    frontier = re.findall(r'n\d+ \[label="\(2, 1\)", shape=(\w+), style="dotted"\]', dot)
    assert frontier == ["invtriangle", "invtriangle"]  # MIN's shape, dotted: not a box
    assert "frontier" in tree.to_text()


def test_the_textbook_figure_as_a_win_loss_tree_is_won_by_its_minimax_move() -> None:
    # AIMA figure 5.2 read as "does MAX get at least 3?": a leaf of 3 or more a win.
    leaves = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    game = GameTree([[1 if leaf >= 3 else -1 for leaf in row] for row in leaves], win_utility=1)
    tree = SearchTree(game)
    result = pns(game, trace=tree)
    assert (result.value, result.action) == (1.0, 0)  # a1 = B: 3, 12 and 8 are all wins
    story = tree.narrate().splitlines()
    assert "  develop A, an OR node (MAX to move): B (3, 1); C (3, 1); D (3, 1)" in story
    assert "  B's numbers become (0, inf): proven, its value 1 (MAX wins here)" in story


def test_the_bold_proof_is_the_proof_the_search_counts() -> None:
    game = GameTree(WIN_LOSS, win_utility=1)
    tree = SearchTree(game)
    result = pns(game, trace=tree)
    bold = [tree.name(node) for node in proof_tree(tree, tree.root)]
    assert bold == ["A", "C", "C1", "C2", "C1.2"]  # a2, then MIN's c1 (answered by y) and c2
    assert len(bold) == result.stats.proof_size
    assert tree.to_text().count("*") == len(bold)


@pytest.mark.slow
@settings(deadline=None)
@given(game_trees(max_depth=4, values=st.integers(-2, 2)))
def test_on_random_trees_the_proof_drawn_has_as_many_nodes_as_the_search_counts(
    game: GameTree,
) -> None:
    tree = SearchTree(game)
    result = pns(game, trace=tree)
    if tree.root.kind == "leaf":  # a terminal root: no proof to draw
        return
    assert len(proof_tree(tree, tree.root)) == result.stats.proof_size
