"""gamesearch: adversarial game search in pure, typed Python.

A :class:`Game` goes in, a :class:`SearchResult` comes out:

>>> from gamesearch import alphabeta
>>> from gamesearch.games import TicTacToe
>>> result = alphabeta(TicTacToe())
>>> result.value, result.action, result.stats.nodes
(0.0, 0, 18297)
"""

from .chance.expectimax import expectimax
from .chance.expectiminimax import expectiminimax
from .errors import (
    BlindSearchWarning,
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
    NotPicklableError,
    PartFailedError,
    SearchTooDeepError,
    TableFileError,
    UnknownGameError,
    UnsolvedStateError,
    UnsupportedGameError,
)
from .game import CHANCE, Evaluation, Game, Order, Player, StochasticGame
from .montecarlo.player import MCTSPlayer
from .montecarlo.search import mcts
from .montecarlo.tree import MCTSTree
from .multiplayer.best_reply import PassingGame, Reply, best_reply
from .multiplayer.maxn import maxn
from .multiplayer.paranoid import paranoid
from .parallel.search import parallel_search
from .play import (
    GameRecord,
    RandomPlayer,
    SearcherPlayer,
    play,
    random_player,
    searcher_player,
)
from .result import SearchResult, SearchStats
from .solving.solution import Solution
from .solving.solver import solve
from .tournament import TournamentResult, tournament
from .twoplayer.alphabeta import alphabeta
from .twoplayer.deepening import iterative_deepening
from .twoplayer.minimax import minimax
from .twoplayer.mtdf import mtdf
from .twoplayer.negamax import negamax
from .twoplayer.table import TranspositionTable

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "BlindSearchWarning",
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
    "MCTSPlayer",
    "MCTSTree",
    "MissingDependencyError",
    "NotAGameError",
    "NotPicklableError",
    "Order",
    "PartFailedError",
    "PassingGame",
    "Player",
    "RandomPlayer",
    "Reply",
    "SearchResult",
    "SearchStats",
    "SearchTooDeepError",
    "SearcherPlayer",
    "Solution",
    "StochasticGame",
    "TableFileError",
    "TournamentResult",
    "TranspositionTable",
    "UnknownGameError",
    "UnsolvedStateError",
    "UnsupportedGameError",
    "alphabeta",
    "best_reply",
    "expectimax",
    "expectiminimax",
    "iterative_deepening",
    "maxn",
    "mcts",
    "minimax",
    "mtdf",
    "negamax",
    "parallel_search",
    "paranoid",
    "play",
    "random_player",
    "searcher_player",
    "solve",
    "tournament",
]
