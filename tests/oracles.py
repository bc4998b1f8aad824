"""The textbook's searchers, written as the textbook writes them: the oracles of the loops.

The library runs one production loop per algorithm (``twoplayer/_engine.py`` for alpha-beta,
beside it the plain loops that pay: ``twoplayer/_window.py``, ``twoplayer/minimax.py`` and their
``children`` twins); these are what the loops are checked against, node for node
(``tests/twoplayer/test_oracles.py``):

- :func:`textbook_minimax`: MINIMAX-DECISION with MAX-VALUE and MIN-VALUE (Russell and Norvig,
  AIMA 3rd ed., figure 5.3), one frame per node.
- :func:`textbook_alphabeta`: ALPHA-BETA-SEARCH with MAX-VALUE and MIN-VALUE (AIMA figure 5.7),
  MAX being the root's mover. With ``leaves="mover"`` a leaf is scored by the player to move
  above it (negated for MAX below a MIN node), which is what negamax reads.

They are slow on purpose (no fast members, no tables, no tricks), count every node they
generate, keep the first of equally good actions, and check nothing a searcher must check: they
are for tests only.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

Evaluate = Callable[[Any, int], float]


@dataclass(frozen=True)
class Found:
    """What an oracle found: the value for the root's mover, its line and its work."""

    value: float
    """The root's value for the player to move there."""
    pv: tuple[Any, ...]
    """The principal variation: the first best action, then the first best reply, ..."""
    nodes: int
    """States generated, the root included."""
    leaves: int
    """States scored by their utility or by the evaluation."""
    cutoffs: int
    """Nodes whose remaining actions were pruned."""
    max_depth: int
    """The deepest ply reached."""

    def summary(self) -> tuple[Any, ...]:
        """As ``tests/test_fast_paths.summary`` puts a ``SearchResult`` (``exact`` left out)."""
        action = self.pv[0] if self.pv else None
        return (self.value, action, self.pv, self.nodes, self.leaves, self.cutoffs, self.max_depth)


class _Count:
    """The work counters an oracle's recursion updates."""

    def __init__(self) -> None:
        self.nodes, self.leaves, self.cutoffs, self.max_depth = 1, 0, 0, 0

    def leaf(self, ply: int) -> None:
        self.leaves += 1
        self.max_depth = max(self.max_depth, ply)


def textbook_minimax(
    game: Any, state: Any, *, depth: int | None = None, evaluate: Evaluate | None = None
) -> Found:
    """MINIMAX-DECISION of ``state``: MAX is its mover (AIMA figure 5.3)."""
    me = game.to_move(state)
    count = _Count()

    def value(node: Any, ply: int) -> tuple[float, tuple[Any, ...]]:
        """MAX-VALUE or MIN-VALUE of ``node``, by who is to move there, with its line."""
        if game.is_terminal(node):
            count.leaf(ply)
            return float(game.utility(node, me)), ()
        if ply == depth:
            assert evaluate is not None
            count.leaf(ply)
            return float(evaluate(node, me)), ()
        maximizing = game.to_move(node) == me
        best: tuple[float, tuple[Any, ...]] | None = None
        for action in game.actions(node):
            count.nodes += 1
            found, line = value(game.result(node, action), ply + 1)
            if best is None or (found > best[0] if maximizing else found < best[0]):
                best = found, (action, *line)
        assert best is not None, "a non-terminal state without actions"
        return best

    found, line = value(state, 0)
    return Found(found, line, count.nodes, count.leaves, 0, count.max_depth)


def textbook_alphabeta(
    game: Any,
    state: Any,
    *,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    leaves: Literal["root", "mover"] = "root",
) -> Found:
    """ALPHA-BETA-SEARCH of ``state`` (AIMA figure 5.7): MAX is its mover.

    Args:
        game: A two-player game.
        state: The root, not terminal.
        depth: The ply at which states are evaluated, or ``None``.
        evaluate: The evaluation at ``depth``.
        leaves: ``"root"``: every leaf scored by MAX's utility (``alphabeta``); ``"mover"``:
            by the utility of the player to move above it, for MAX the negation of MIN's below
            a MIN node (``negamax``, which assumes a zero-sum game).
    """
    me = game.to_move(state)
    count = _Count()

    def score(node: Any, ply: int, above: int) -> float:
        """The leaf ``node``'s value for MAX; ``above`` moved into it."""
        count.leaf(ply)
        view = me if leaves == "root" else above
        terminal = game.is_terminal(node)
        found = float(game.utility(node, view) if terminal else evaluate(node, view))  # type: ignore[misc]
        return found if view == me else -found

    def child_value(
        node: Any, ply: int, alpha: float, beta: float, above: int
    ) -> tuple[float, Any]:
        """The value for MAX of a child, with its line: a leaf's score, or a node's search."""
        count.nodes += 1
        if game.is_terminal(node) or ply == depth:
            return score(node, ply, above), ()
        if game.to_move(node) == me:
            return max_value(node, alpha, beta, ply)
        return min_value(node, alpha, beta, ply)

    def max_value(node: Any, alpha: float, beta: float, ply: int) -> tuple[float, Any]:
        """MAX-VALUE: fail-soft, with the line of the best action."""
        v, line = -math.inf, None
        for action in game.actions(node):
            found, below = child_value(game.result(node, action), ply + 1, alpha, beta, me)
            if line is None or found > v:
                v, line = found, (action, *below)
            if v >= beta:
                count.cutoffs += 1
                return v, line
            alpha = max(alpha, v)
        assert line is not None, "a non-terminal state without actions"
        return v, line

    def min_value(node: Any, alpha: float, beta: float, ply: int) -> tuple[float, Any]:
        """MIN-VALUE: fail-soft, with the line of the best action for MIN."""
        v, line = math.inf, None
        for action in game.actions(node):
            found, below = child_value(game.result(node, action), ply + 1, alpha, beta, 1 - me)
            if line is None or found < v:
                v, line = found, (action, *below)
            if v <= alpha:
                count.cutoffs += 1
                return v, line
            beta = min(beta, v)
        assert line is not None, "a non-terminal state without actions"
        return v, line

    value, line = max_value(state, -math.inf, math.inf, 0)
    return Found(value, line, count.nodes, count.leaves, count.cutoffs, count.max_depth)
