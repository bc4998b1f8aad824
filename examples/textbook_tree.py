"""The two-ply game tree of AIMA figure 5.2, searched with minimax and with alpha-beta.

MAX chooses among a1, a2 and a3; MIN then chooses the leaf. Minimax reads all nine leaves;
alpha-beta reads seven: once c1 = 2 shows that a2 is worth at most 2 to MAX, who can already
get 3 from a1, the leaves c2 and c3 cannot change the decision and are pruned (Russell and
Norvig, AIMA 3rd ed., section 5.3 and figure 5.5).

To see which leaves a search reads, the tree is wrapped in :class:`RecordingGame`, which hands
every call on to the tree and notes the states passed to ``utility``: a searcher scores a leaf
by asking for its utility. Run it from the repository root::

    python examples/textbook_tree.py
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gamesearch import SearchResult, alphabeta, minimax
from gamesearch.games import GameTree, Path

TEXTBOOK_TREE = {
    "a1": {"b1": 3, "b2": 12, "b3": 8},
    "a2": {"c1": 2, "c2": 4, "c3": 6},
    "a3": {"d1": 14, "d2": 5, "d3": 2},
}
"""AIMA figure 5.2: MAX's moves a1..a3, then MIN's replies, then the leaves' values for MAX."""


class RecordingGame:
    """A :class:`GameTree` that notes, in order, every state whose utility is asked for.

    Every member of the ``Game`` protocol is handed on to the tree unchanged, so a searcher
    sees the same game; only ``utility`` also appends its state to :attr:`scored`.

    Args:
        tree: The tree to search.
    """

    def __init__(self, tree: GameTree) -> None:
        self.tree = tree
        self.scored: list[Path] = []
        """The states passed to ``utility``, in the order the search scored them."""

    @property
    def num_players(self) -> int:
        """Two, as for every ``GameTree``."""
        return self.tree.num_players

    def initial_state(self) -> Path:
        """The root of the tree."""
        return self.tree.initial_state()

    def to_move(self, state: Path) -> int:
        """MAX (0) at even depths, MIN (1) at odd ones."""
        return self.tree.to_move(state)

    def actions(self, state: Path) -> Sequence[Any]:
        """The children's names, in the order they are written."""
        return self.tree.actions(state)

    def result(self, state: Path, action: Any) -> Path:
        """The path to the child ``action``."""
        return self.tree.result(state, action)

    def is_terminal(self, state: Path) -> bool:
        """Whether ``state`` is a leaf."""
        return self.tree.is_terminal(state)

    def utility(self, state: Path, player: int) -> float:
        """The leaf's value for ``player``; records ``state`` as scored."""
        self.scored.append(state)
        return self.tree.utility(state, player)


Searcher = Callable[[RecordingGame], SearchResult[Any]]


def leaf_names(paths: Sequence[Path]) -> str:
    """The leaves' names (the last action on each path), e.g. ``b1, b2, b3``."""
    return ", ".join(str(path[-1]) for path in paths) or "none"


def run(name: str, search: Searcher) -> list[Path]:
    """Search a fresh recording of the tree, print what happened, and return the leaves read."""
    game = RecordingGame(GameTree(TEXTBOOK_TREE))
    result = search(game)
    print(f"== {name} ==")
    print(f"value:     {result.value:g} for MAX (player {result.player})")
    print(f"decision:  {result.action}   (principal variation: {' -> '.join(result.pv)})")
    print(f"leaves:    {result.stats.leaves} evaluated: {leaf_names(game.scored)}")
    print(f"cutoffs:   {result.stats.cutoffs}")
    print()
    return game.scored


def depth_limited() -> None:
    """Search one ply only, estimating each of MAX's moves by an evaluation function.

    A real game is too deep to search to its end, so the search stops at a depth and scores
    the states there with ``evaluate(state, player)``. Here the estimate of a node is a
    summary of the leaves below it; the decision is only as good as that estimate.
    """
    tree = GameTree(TEXTBOOK_TREE)
    leaves = tree.leaves()

    def below(state: Path) -> list[float]:
        return [value for path, value in leaves.items() if path[: len(state)] == state]

    def mean_leaf(state: Path, player: int) -> float:
        values = below(state)
        estimate = sum(values) / len(values)
        return estimate if player == 0 else -estimate  # leaves are MAX's values

    def best_leaf(state: Path, player: int) -> float:
        estimate = max(below(state))  # optimistic: as if MIN helped MAX
        return estimate if player == 0 else -estimate

    print("== depth-limited alphabeta (depth=1) ==")
    for label, evaluate in (
        ("mean of the leaves below", mean_leaf),
        ("best leaf below (too optimistic)", best_leaf),
    ):
        result = alphabeta(tree, depth=1, evaluate=evaluate)
        print(
            f"evaluate = {label}: decision {result.action}, "
            f"estimated value {result.value:.2f}, {result.stats.leaves} states evaluated"
        )
    print("(the full search decides a1: a poor evaluation function leads the search astray)")


def main() -> None:
    read_by_minimax = run("minimax", minimax)
    read_by_alphabeta = run("alphabeta", alphabeta)
    pruned = [path for path in read_by_minimax if path not in read_by_alphabeta]
    print(f"leaves evaluated: minimax {len(read_by_minimax)}, alphabeta {len(read_by_alphabeta)}")
    print(f"pruned by alphabeta: {leaf_names(pruned)}")
    print()
    depth_limited()


if __name__ == "__main__":
    main()
