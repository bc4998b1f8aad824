"""The games the page plays, the searchers it offers for each, and their limits.

Each game is a bundled game of the registry (or Kuhn poker, played against the strategy CFR
finds), with the parameters the page starts it with, how its board is drawn, and its
utilities in words, so that every value the page shows is read against them. The searchers
offered are the ones that fit the game made (:func:`searchers_for`): a depth-limited search of
the family that fits (alpha-beta, expectiminimax with chance, max-n with more players), the
engine for a time (two players, no chance) and MCTS for a number of iterations; Kuhn poker's
computer plays the CFR strategy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..errors import UnknownGameError

__all__ = ["GAMES", "SEARCHERS", "PageGame", "PageSearcher", "page_game", "searchers_for"]


@dataclass(frozen=True)
class PageSearcher:
    """A searcher the page offers, and the one limit the reader sets for it."""

    key: str
    """Its name in the page's requests and links."""

    title: str
    """What the page calls it."""

    unit: str
    """What its limit counts: ``depth`` (plies), ``seconds`` or ``iterations``."""

    least: float
    """The least limit."""

    most: float
    """The greatest limit."""

    whole: bool
    """Whether the limit is a whole number."""

    to_the_end: bool
    """Whether an empty limit is allowed: a search to the end of the game."""

    evaluates: bool
    """Whether it scores the positions at its depth limit with an evaluation."""


SEARCHERS: Mapping[str, PageSearcher] = MappingProxyType(
    {
        row.key: row
        for row in (
            PageSearcher("alphabeta", "alpha-beta, to a depth", "depth", 1, 42, True, True, True),
            PageSearcher("expectiminimax", "expectiminimax, to a depth", "depth", 1, 42, True,
                         True, True),
            PageSearcher("maxn", "max-n, to a depth", "depth", 1, 42, True, True, True),
            PageSearcher("engine", "the engine (iterative deepening), for a time", "seconds",
                         0.05, 30, False, False, True),
            PageSearcher("mcts", "MCTS, for a number of iterations", "iterations", 1, 1_000_000,
                         True, False, False),
            PageSearcher("cfr", "the strategy CFR finds, in a number of iterations",
                         "iterations", 1, 100_000, True, False, False),
            PageSearcher("pns", "proof-number search, to its proof or a number of nodes",
                         "nodes", 1, 1_000_000, True, True, False),
        )
    }
)  # fmt: skip
"""Every searcher the page offers, by key."""


@dataclass(frozen=True)
class PageGame:
    """A game the page plays: how it is made, drawn and read."""

    name: str
    """Its name in the registry (``kuhn``: Kuhn poker, of :mod:`gamesearch.imperfect`)."""

    title: str
    """What the page calls it."""

    board: str
    """How the page draws it: ``squares``, ``columns``, ``hex``, ``piles``, ``dice``,
    ``cards``."""

    params: str
    """The parameters it starts with, as the reader types them (``size=7``)."""

    scale: str
    """Its utilities in words: what a win, a draw and a loss are worth."""

    defaults: tuple[tuple[str, float | None], ...]
    """Each searcher's default limit (``None``: to the end of the game)."""

    zero_sum: bool = True
    """Whether its utilities sum to 0 (MCTS-Solver proves values of such games only)."""

    def default(self, searcher: str) -> float | None:
        """The default limit of ``searcher`` for this game (``None``: to the end)."""
        return dict(self.defaults).get(searcher)


_WIN_DRAW_LOSS = "a win is worth +1, a draw 0, a loss -1"

GAMES: Mapping[str, PageGame] = MappingProxyType(
    {
        game.name: game
        for game in (
            PageGame("tictactoe", "tic-tac-toe", "squares", "", _WIN_DRAW_LOSS,
                     (("alphabeta", None), ("engine", 1), ("mcts", 2000))),
            PageGame("connect4", "Connect Four", "columns", "", _WIN_DRAW_LOSS,
                     (("alphabeta", 5), ("engine", 1), ("mcts", 2000))),
            PageGame("hex", "Hex", "hex", "size=7", "a win is worth +1, a loss -1 (no draws)",
                     (("engine", 1), ("alphabeta", 2), ("mcts", 2000))),
            PageGame("rolit", "Rolit (Othello for 2 to 4)", "squares", "size=6, players=2",
                     "the sole player with the most pieces gets 1, k who tie get 1/k each, "
                     "the others 0",
                     (("alphabeta", 4), ("maxn", 3), ("engine", 1), ("mcts", 2000)), False),
            PageGame("nim", "Nim", "piles", "piles=(3, 4, 5), players=2",
                     "taking the last stick wins: 1 for the winner, 0 for the others",
                     (("alphabeta", None), ("maxn", None), ("engine", 1), ("mcts", 2000)), False),
            PageGame("pig", "Pig (dice)", "dice", "goal=30", "a win is worth +1, a loss -1",
                     (("expectiminimax", 6), ("mcts", 2000))),
            PageGame("hog", "Hog (dice)", "dice", "", _WIN_DRAW_LOSS,
                     (("expectiminimax", 6), ("mcts", 2000))),
            PageGame("kuhn", "Kuhn poker (hidden cards)", "cards", "",
                     "the chips won: +1 or +2 for a win, -1 or -2 for a loss",
                     (("cfr", 1000),)),
        )
    }
)  # fmt: skip
"""The games the page plays, in the order its menu lists them."""


def page_game(name: object) -> PageGame:
    """The game the page plays called ``name``.

    Raises:
        UnknownGameError: ``name`` is not one of :data:`GAMES`.
    """
    if not isinstance(name, str) or name not in GAMES:
        shown = repr(name)[:60]
        raise UnknownGameError(f"the page plays {', '.join(GAMES)}; not {shown}")
    return GAMES[name]


def searchers_for(players: int, chance: bool, hidden: bool) -> tuple[str, ...]:
    """The page's searchers that fit a game of ``players`` players, with chance, or hidden cards.

    >>> searchers_for(2, False, False)
    ('alphabeta', 'engine', 'mcts')
    >>> searchers_for(2, True, False), searchers_for(3, False, False)
    (('expectiminimax', 'mcts'), ('maxn', 'mcts'))
    """
    if hidden:
        return ("cfr",)
    if chance:
        return ("expectiminimax", "mcts")
    if players != 2:
        return ("maxn", "mcts")
    return ("alphabeta", "engine", "mcts")


def describe(searcher: PageSearcher, default: float | None) -> dict[str, Any]:
    """``searcher`` as the page's menu needs it: its key, title, limit and default."""
    return {
        "key": searcher.key,
        "title": searcher.title,
        "unit": searcher.unit,
        "least": searcher.least,
        "most": searcher.most,
        "whole": searcher.whole,
        "to_the_end": searcher.to_the_end,
        "evaluates": searcher.evaluates,
        "default": default,
    }
