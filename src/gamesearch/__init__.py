"""gamesearch: adversarial game search in pure, typed Python.

A :class:`Game` goes in, a :class:`SearchResult` comes out:

>>> from gamesearch import alphabeta
>>> from gamesearch.games import TicTacToe
>>> result = alphabeta(TicTacToe())
>>> result.value, result.action, result.stats.nodes
(0.0, 0, 18297)
"""

from .alphabeta import alphabeta
from .best_reply import PassingGame, Reply, best_reply
from .deepening import iterative_deepening
from .errors import (
    GameProtocolError,
    GameSearchError,
    IllegalActionError,
    InvalidGameTreeError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    NotAGameError,
    SearchTooDeepError,
    UnsupportedGameError,
)
from .game import Evaluation, Game, Order, Player
from .maxn import maxn
from .minimax import minimax
from .negamax import negamax
from .paranoid import paranoid
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
    "NotAGameError",
    "Order",
    "PassingGame",
    "Player",
    "Reply",
    "SearchResult",
    "SearchStats",
    "SearchTooDeepError",
    "TranspositionTable",
    "UnsupportedGameError",
    "alphabeta",
    "best_reply",
    "iterative_deepening",
    "maxn",
    "minimax",
    "negamax",
    "paranoid",
]
