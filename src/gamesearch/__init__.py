"""gamesearch: adversarial game search in pure, typed Python.

A :class:`Game` goes in, a :class:`SearchResult` comes out:

>>> from gamesearch import alphabeta
>>> from gamesearch.games import TicTacToe
>>> result = alphabeta(TicTacToe())
>>> result.value, result.action, result.stats.nodes
(0.0, 0, 18297)
"""

from .alphabeta import alphabeta
from .errors import (
    GameProtocolError,
    GameSearchError,
    IllegalActionError,
    InvalidDistributionError,
    InvalidGameTreeError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    NotAGameError,
    SearchTooDeepError,
    UnsupportedGameError,
)
from .expectimax import expectimax
from .expectiminimax import expectiminimax
from .game import CHANCE, Evaluation, Game, Player, StochasticGame
from .minimax import minimax
from .negamax import negamax
from .play import GameRecord, play, random_player, searcher_player
from .result import SearchResult, SearchStats

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "Evaluation",
    "Game",
    "GameProtocolError",
    "GameRecord",
    "GameSearchError",
    "IllegalActionError",
    "InvalidDistributionError",
    "InvalidGameTreeError",
    "InvalidSearchOptionError",
    "InvalidUtilityError",
    "NotAGameError",
    "Player",
    "SearchResult",
    "SearchStats",
    "SearchTooDeepError",
    "StochasticGame",
    "UnsupportedGameError",
    "alphabeta",
    "expectimax",
    "expectiminimax",
    "minimax",
    "negamax",
    "play",
    "random_player",
    "searcher_player",
]
