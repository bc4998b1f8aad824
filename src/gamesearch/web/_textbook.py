"""The textbook trees the page steps through: one small example for each family of search.

Each is a :class:`~gamesearch.games.GameTree` small enough to follow step by step, and the
search the docs show on it: AIMA's figure 5.2 with alpha-beta and with minimax, a gamble
against a sure thing with expectiminimax (a chance node's value is the probability-weighted
sum of its children's), Monte Carlo tree search on figure 5.2, and proof-number search on a
tree of wins and losses (is the first player's win proven?).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .. import alphabeta, expectiminimax, mcts, minimax, pns
from ..games import Chance, GameTree

__all__ = ["TEXTBOOK", "Example"]


@dataclass(frozen=True)
class Example:
    """A textbook tree and the search stepped through on it."""

    title: str
    """What the page calls it."""

    tree: Callable[[], GameTree]
    """Makes the tree."""

    search: Callable[[GameTree, Any], Any]
    """Searches the tree, told to the observer given (``search(tree, observer)``)."""


def _figure_5_2() -> GameTree:
    return GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def _gamble() -> GameTree:
    return GameTree({"gamble": Chance([(0.5, 8), (0.5, -2)]), "sure": 5})


def _wins_and_losses() -> GameTree:
    """MAX wins (+1) by its second move whatever MIN answers; its first move may lose (-1)."""
    return GameTree([[1, -1], [[1, -1], 1], [-1, -1, 1]])


TEXTBOOK: Mapping[str, Example] = MappingProxyType(
    {
        "figure-5.2": Example(
            "AIMA figure 5.2, alpha-beta", _figure_5_2, lambda g, t: alphabeta(g, trace=t)
        ),
        "figure-5.2-minimax": Example(
            "AIMA figure 5.2, minimax", _figure_5_2, lambda g, t: minimax(g, trace=t)
        ),
        "chance": Example(
            "a gamble against a sure 5, expectiminimax",
            _gamble,
            lambda g, t: expectiminimax(g, trace=t),
        ),
        "figure-5.2-mcts": Example(
            "AIMA figure 5.2, Monte Carlo tree search (30 iterations)",
            _figure_5_2,
            lambda g, t: mcts(g, iterations=30, rng=1, trace=t),
        ),
        "wins-pns": Example(
            "a tree of wins and losses, proof-number search",
            _wins_and_losses,
            lambda g, t: pns(g, trace=t),
        ),
    }
)
"""The textbook trees by the key a link gives (``?tree=figure-5.2``)."""
