"""gamesearch: adversarial game search in pure, typed Python.

A :class:`Game` goes in, a :class:`SearchResult` comes out:

>>> from gamesearch import alphabeta
>>> from gamesearch.games import TicTacToe
>>> result = alphabeta(TicTacToe())
>>> result.value, result.action, result.stats.nodes
(0.0, 0, 18297)
"""

from .alphabeta import alphabeta
from .deepening import iterative_deepening
from .errors import (
    GameProtocolError,
    GameSearchError,
    IllegalActionError,
    InvalidGameTreeError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    MissingDependencyError,
    NotAGameError,
    SearchTooDeepError,
    UnknownGameError,
    UnsupportedGameError,
)
from .game import Evaluation, Game, Order, Player
from .minimax import minimax
from .negamax import negamax
from .result import SearchResult, SearchStats
from .table import TranspositionTable

__version__ = "0.1.0"

__all__ = [
    "Evaluation",
    "Game",
    "GameProtocolError",
    "GameSearchError",
    "IllegalActionError",
    "InvalidGameTreeError",
    "InvalidSearchOptionError",
    "InvalidUtilityError",
    "MissingDependencyError",
    "NotAGameError",
    "Order",
    "Player",
    "SearchResult",
    "SearchStats",
    "SearchTooDeepError",
    "TranspositionTable",
    "UnknownGameError",
    "UnsupportedGameError",
    "alphabeta",
    "iterative_deepening",
    "minimax",
    "negamax",
]
