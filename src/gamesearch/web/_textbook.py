"""The textbook examples the page steps through: one small example for each family of search.

Each is a game small enough to follow step by step, and the search the docs show on it:
AIMA's figure 5.2 with alpha-beta and with minimax, a gamble against a sure thing with
expectiminimax (a chance node's value is the probability-weighted sum of its children's),
Monte Carlo tree search on figure 5.2, and proof-number search on the win/loss tree
docs/proof-number.md works by hand (can MAX win?), on its tic-tac-toe worked example and on
Hex 4x4 and 5x5, where the game's own knowledge (virtual connections, must-play regions)
proves nodes at once and the page says why: the connection that closed each node, with the
cells it needs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..chance.expectiminimax import expectiminimax
from ..games.hex import Hex
from ..games.tictactoe import TicTacToe
from ..games.tree import Chance, GameTree
from ..montecarlo.search import mcts
from ..proofs.pns import pns
from ..twoplayer.alphabeta import alphabeta
from ..twoplayer.minimax import minimax

__all__ = ["TEXTBOOK", "Example"]


@dataclass(frozen=True)
class Example:
    """A textbook tree and the search stepped through on it."""

    title: str
    """What the page calls it."""

    game: Callable[[], Any]
    """Makes the game (a tree, or a board game)."""

    search: Callable[[Any, Any], Any]
    """Searches the game from the example's position, told to the observer given
    (``search(game, observer)``)."""


def _figure_5_2() -> GameTree:
    return GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def _gamble() -> GameTree:
    return GameTree({"gamble": Chance([(0.5, 8), (0.5, -2)]), "sure": 5})


def _wins_and_losses() -> GameTree:
    """The win/loss tree docs/proof-number.md proves by hand (a win is 1: "can MAX win?")."""
    return GameTree(
        {
            "a1": {"b1": {"x": 1, "y": -1}, "b2": {"x": -1, "y": -1}},
            "a2": {"c1": {"x": -1, "y": 1}, "c2": 1},
        },
        win_utility=1,
    )


_WORKED = "X.. / ... / ..O"
"""docs/proof-number.md's worked example: tic-tac-toe, X to move after O took the opposite
corner; X wins."""


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
            "a win/loss tree, proof-number search (can MAX win?)",
            _wins_and_losses,
            lambda g, t: pns(g, trace=t),
        ),
        "tictactoe-pns": Example(
            "tic-tac-toe X.. / ... / ..O, proof-number search (the worked example)",
            TicTacToe,
            lambda g, t: pns(g, g.parse(_WORKED), trace=t),
        ),
        "hex4-pns": Example(
            "Hex 4x4 from the start, proof-number search with Hex's knowledge",
            lambda: Hex(4),
            lambda g, t: pns(g, trace=t),
        ),
        "hex5-pns": Example(
            "Hex 5x5 after X's c2, proof-number search: why each node is proven at once",
            lambda: Hex(5),
            lambda g, t: pns(g, g.result(g.initial_state(), "c2"), trace=t),
        ),
    }
)
"""The textbook trees by the key a link gives (``?tree=figure-5.2``)."""
