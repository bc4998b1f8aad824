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
    CyclicGameError,
    GameProtocolError,
    GameSearchError,
    IllegalActionError,
    InvalidDistributionError,
    InvalidGameTreeError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    MissingDependencyError,
    NotAGameError,
    SearchTooDeepError,
    UnknownGameError,
    UnsupportedGameError,
)
from .expectimax import expectimax
from .expectiminimax import expectiminimax
from .game import CHANCE, Evaluation, Game, Order, Player, StochasticGame
from .maxn import maxn
from .minimax import minimax
from .negamax import negamax
from .paranoid import paranoid
from .play import GameRecord, play, random_player, searcher_player
from .result import SearchResult, SearchStats
from .table import TranspositionTable

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "CyclicGameError",
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
    "MissingDependencyError",
    "NotAGameError",
    "Order",
    "PassingGame",
    "Player",
    "Reply",
    "SearchResult",
    "SearchStats",
    "SearchTooDeepError",
    "StochasticGame",
    "TranspositionTable",
    "UnknownGameError",
    "UnsupportedGameError",
    "alphabeta",
    "best_reply",
    "expectimax",
    "expectiminimax",
    "iterative_deepening",
    "maxn",
    "minimax",
    "negamax",
    "paranoid",
    "play",
    "random_player",
    "searcher_player",
]
