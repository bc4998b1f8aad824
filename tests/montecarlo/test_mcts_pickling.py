"""A kept Monte Carlo tree pickles and copies, and the copy searches on as the original does.

Compiled by mypyc, a tree's nodes could be neither pickled nor copied (``TypeError: __init__()
missing required argument 'state'``; the adversary's walk, 2026-12-02), where the pure build's
could: a tree saved between sessions, or copied to try two lines, failed only in one build.
"""

from __future__ import annotations

import copy
import pickle

from gamesearch import MCTSTree, mcts
from gamesearch.games import ConnectFour
from gamesearch.montecarlo._node import SLOTS, Node


def test_a_pickled_or_copied_tree_searches_on_as_the_original() -> None:
    # Saved with its game (a tree is kept for the game object it searched: the same object, as
    # pickle and deepcopy keep it when the two are saved together).
    game = ConnectFour()
    tree = MCTSTree()
    mcts(game, iterations=400, rng=1, tree=tree)
    saved = pickle.loads(pickle.dumps((game, tree)))
    copied = copy.deepcopy((game, tree))
    found = [mcts(g, iterations=300, rng=7, tree=t) for g, t in ((game, tree), saved, copied)]
    seen = [(r.value, r.action, r.pv, r.action_values, r.stats) for r in found]
    assert [(*first, stats.nodes, stats.max_depth) for *first, stats in seen] == [
        (*seen[0][:4], seen[0][4].nodes, seen[0][4].max_depth)
    ] * 3
    assert found[1].stats.nodes == 300  # kept: a new tree would have made its root too (301)


def test_the_pickled_slots_are_the_nodes_slots() -> None:
    declared = getattr(Node, "__slots__", None)  # the compiled class keeps none to compare
    if declared is not None:
        assert set(SLOTS) == set(declared)
    node = Node("s", None, None, 0, 0)
    assert set(node.__reduce__()[2]) == set(SLOTS)
