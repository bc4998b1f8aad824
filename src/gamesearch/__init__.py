"""gamesearch: adversarial game search in pure, typed Python.

A :class:`Game` goes in, a :class:`SearchResult` comes out:

>>> from gamesearch import alphabeta
>>> from gamesearch.games import TicTacToe
>>> result = alphabeta(TicTacToe())
>>> result.value, result.action, result.stats.nodes
(0.0, 0, 18297)

Each dotted name means one thing and resolves both ways: ``gamesearch.solve``,
``gamesearch.mcts``, ``gamesearch.play`` and ``gamesearch.tournament`` are functions (their
modules are :mod:`gamesearch.solving`, :mod:`gamesearch.montecarlo`, :mod:`gamesearch.playing`
and :mod:`gamesearch.tournaments`), and a subpackage not loaded by ``import gamesearch``
(``games``, ``adapters``, ``conformance``, ``testing``, ``imperfect``, ``cli``, ``web``) loads
on first use as an attribute, so ``gamesearch.games.TicTacToe`` works as ``from
gamesearch.games import TicTacToe`` does.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ._build import BuildInfo, build_info
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
    UndeterminedRatingsError,
    UnknownGameError,
    UnsolvedStateError,
    UnsupportedGameError,
)
from .game import CHANCE, Evaluation, Game, Order, Player, StochasticGame
from .limit import Limit
from .montecarlo.player import MCTSPlayer
from .montecarlo.search import mcts
from .montecarlo.tree import MCTSTree
from .multiplayer.best_reply import PassingGame, Reply, best_reply
from .multiplayer.maxn import maxn
from .multiplayer.paranoid import paranoid
from .openings import RandomOpenings, read_openings
from .parallel.search import parallel_search
from .pentanomial import Pentanomial
from .playing import (
    GameRecord,
    RandomPlayer,
    SearcherPlayer,
    play,
    random_player,
    searcher_player,
)
from .proofs.dfpn import dfpn
from .proofs.pns import pns
from .ratings import Duel, Ratings, elo_ratings
from .result import SearchResult, SearchStats
from .schedules import gauntlet, round_robin
from .solving.solution import Solution
from .solving.solver import solve
from .sprt import SPRT, sprt_match
from .tournaments import MeanUtility, TournamentResult, tournament
from .twoplayer.alphabeta import alphabeta
from .twoplayer.deepening import iterative_deepening
from .twoplayer.minimax import minimax
from .twoplayer.mtdf import mtdf
from .twoplayer.negamax import negamax
from .twoplayer.table import TranspositionTable

if TYPE_CHECKING:  # the public modules, as attributes; at run time a module not yet loaded loads
    # on first use (__getattr__ below)
    from . import adapters as adapters
    from . import book as book
    from . import chance as chance
    from . import cli as cli
    from . import conformance as conformance
    from . import errors as errors
    from . import game as game
    from . import games as games
    from . import identity as identity
    from . import imperfect as imperfect
    from . import learning as learning
    from . import limit as limit
    from . import montecarlo as montecarlo
    from . import multiplayer as multiplayer
    from . import openings as openings
    from . import parallel as parallel
    from . import pentanomial as pentanomial
    from . import playing as playing
    from . import progress as progress
    from . import ratings as ratings
    from . import result as result
    from . import schedules as schedules
    from . import solving as solving
    from . import sprt as sprt
    from . import testing as testing
    from . import tournaments as tournaments
    from . import trace as trace
    from . import twoplayer as twoplayer
    from . import web as web

__version__ = "0.3.0"
"""The version of this release, written here only: the package's metadata reads it from this line
(``[tool.hatch.version]`` in pyproject.toml) and ``gamesearch --version`` prints it."""

__all__ = [
    "CHANCE",
    "SPRT",
    "BlindSearchWarning",
    "BuildInfo",
    "CyclicGameError",
    "Duel",
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
    "Limit",
    "MCTSPlayer",
    "MCTSTree",
    "MeanUtility",
    "MissingDependencyError",
    "NotAGameError",
    "NotPicklableError",
    "Order",
    "PartFailedError",
    "PassingGame",
    "Pentanomial",
    "Player",
    "RandomOpenings",
    "RandomPlayer",
    "Ratings",
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
    "UndeterminedRatingsError",
    "UnknownGameError",
    "UnsolvedStateError",
    "UnsupportedGameError",
    "alphabeta",
    "best_reply",
    "build_info",
    "dfpn",
    "elo_ratings",
    "expectimax",
    "expectiminimax",
    "gauntlet",
    "iterative_deepening",
    "maxn",
    "mcts",
    "minimax",
    "mtdf",
    "negamax",
    "parallel_search",
    "paranoid",
    "play",
    "pns",
    "random_player",
    "read_openings",
    "round_robin",
    "searcher_player",
    "solve",
    "sprt_match",
    "tournament",
]

_SUBMODULES = frozenset(
    {
        *("adapters", "book", "capabilities", "chance", "cli", "conformance", "errors"),
        *("game", "games", "identity", "imperfect", "limit", "montecarlo", "multiplayer"),
        *("learning", "openings", "parallel", "pentanomial", "proofs", "sprt"),
        *("playing", "progress", "ratings", "result", "schedules", "solving", "testing"),
        *("tournaments", "trace"),
        *("twoplayer", "web"),
    }
)
"""The public modules and subpackages of ``gamesearch``. Those ``import gamesearch`` does not
load (``games``, ``adapters``, ``conformance``, ``testing``, ``imperfect``, ``learning``,
``cli``, ``web``: some need extras) load on first access as attributes of ``gamesearch``."""

if not TYPE_CHECKING:  # hidden from type checkers, which would then accept any attribute

    def __getattr__(name: str) -> object:
        """Load a public subpackage on first use as an attribute (PEP 562)."""
        if name in _SUBMODULES:
            return importlib.import_module(f"{__name__}.{name}")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*globals(), *_SUBMODULES})
