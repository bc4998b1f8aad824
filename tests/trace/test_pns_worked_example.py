"""A teacher's worked example: proof-number search on a tic-tac-toe position that needs search.

X took a corner and O answered in the opposite corner, a mistake: X, to move, wins. ``pns``
proves it in 99 nodes (alpha-beta visits 438), and its page steps through the proof in 111
steps, well under the 5,000 a page holds. The numbers below are those of docs/proof-number.md's
worked example.
"""

from __future__ import annotations

from page_helpers import page_data

from gamesearch import alphabeta, pns
from gamesearch.games import Hex, TicTacToe
from gamesearch.trace import Develop, SearchTree

POSITION = "X.. / ... / ..O"


def worked() -> SearchTree:
    game = TicTacToe()
    tree = SearchTree(game)
    result = pns(game, game.parse(POSITION), trace=tree)
    assert (result.value, result.action, result.exact) == (1.0, 6, True)
    assert (result.stats.nodes, result.stats.proof_size) == (99, 22)
    assert alphabeta(game, game.parse(POSITION)).stats.nodes == 438
    return tree


def test_the_worked_example_steps_through_in_under_5000_steps() -> None:
    tree = worked()
    data = page_data(tree.to_html())  # the step-through page, not the page for too big a tree
    assert len(data["steps"]) == tree.root.closed - tree.root.step + 1 == 111
    assert len(data["nodes"]) == len(list(tree.nodes())) == 99
    assert sum(isinstance(event, Develop) for event, _ in tree.log) == 21
    assert data["questions"][1]["text"] == "question 1: can MAX win?"


def test_the_story_tells_how_x_plays_the_corner_and_forks() -> None:
    story = worked().narrate().splitlines()
    # Every MIN node starts at (6, 1): all six replies must be answered, one refutes it.
    assert story[4] == (
        "  develop A, an OR node (MAX to move): B (6, 1); C (6, 1); D (6, 1); E (6, 1); "
        "F (6, 1); G (6, 1); H (6, 1)"
    )
    # X's 6 (the corner below its own) threatens the column: five of O's replies lose at once.
    assert "  D1's numbers become (0, inf): proven, its value 1 (MAX wins here)" in story
    assert "  D4.2's numbers become (0, inf): proven, its value 1 (MAX wins here)" in story
    assert story[-3:] == [
        "answer: yes, MAX can win; A's value is proven: 1",
        "leave A = 1, best action 6 (D)",
        "result: A = 1, best action 6; proven exactly; 99 nodes",
    ]


def test_hex_4x4_is_proven_at_once_and_the_story_says_why() -> None:
    # Hex's knowledge proves 4x4 in 2 nodes: X, to move, has a semi virtual connection, whose
    # key is kept and every other move left out; the key's node is proven by a full one.
    game = Hex(4)
    tree = SearchTree(game)
    assert pns(game, trace=tree).stats.nodes == 2
    story = tree.narrate().splitlines()
    develop = next(line for line in story if line.startswith("  develop A"))
    assert develop.startswith("  develop A, an OR node (X to move), 1 of its 16 moves: B (1, 1).")
    assert develop.endswith("inferior (each no better than the best move kept)")
    assert (
        "  B's numbers become (0, inf): proven, its value 1 (X wins here), by the game's "
        "knowledge [X joins the top and the bottom whoever moves: a full virtual connection "
        "(H-search) needing b1, c1, d1, b2, c2, d2]"
    ) in story
