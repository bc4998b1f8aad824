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

from ._lazy import public_names

TYPE_CHECKING = False  # typing's own, without loading typing (8 ms) before the command's Ctrl-C
# handler is in place: a type checker reads every name TYPE_CHECKING as true

if TYPE_CHECKING:  # the public names and modules, for type checkers; at run time each loads on
    # first use (__getattr__ below), so that `import gamesearch` costs little and `from gamesearch
    # import mtdf` loads what mtdf needs and no more
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

_PUBLIC: dict[str, str] = {
    "BuildInfo": "._build",
    "build_info": "._build",
    "expectimax": ".chance.expectimax",
    "expectiminimax": ".chance.expectiminimax",
    "BlindSearchWarning": ".errors",
    "CyclicGameError": ".errors",
    "GameProtocolError": ".errors",
    "GameSearchError": ".errors",
    "IllegalActionError": ".errors",
    "InvalidDistributionError": ".errors",
    "InvalidGameTreeError": ".errors",
    "InvalidSearchOptionError": ".errors",
    "InvalidUtilityError": ".errors",
    "MissingDependencyError": ".errors",
    "NotAGameError": ".errors",
    "NotPicklableError": ".errors",
    "PartFailedError": ".errors",
    "SearchTooDeepError": ".errors",
    "TableFileError": ".errors",
    "UndeterminedRatingsError": ".errors",
    "UnknownGameError": ".errors",
    "UnsolvedStateError": ".errors",
    "UnsupportedGameError": ".errors",
    "CHANCE": ".game",
    "Evaluation": ".game",
    "Game": ".game",
    "Order": ".game",
    "Player": ".game",
    "StochasticGame": ".game",
    "Limit": ".limit",
    "MCTSPlayer": ".montecarlo.player",
    "mcts": ".montecarlo.search",
    "MCTSTree": ".montecarlo.tree",
    "PassingGame": ".multiplayer.best_reply",
    "Reply": ".multiplayer.best_reply",
    "best_reply": ".multiplayer.best_reply",
    "maxn": ".multiplayer.maxn",
    "paranoid": ".multiplayer.paranoid",
    "RandomOpenings": ".openings",
    "read_openings": ".openings",
    "parallel_search": ".parallel.search",
    "Pentanomial": ".pentanomial",
    "GameRecord": ".playing",
    "RandomPlayer": ".playing",
    "SearcherPlayer": ".playing",
    "play": ".playing",
    "random_player": ".playing",
    "searcher_player": ".playing",
    "dfpn": ".proofs.dfpn",
    "pns": ".proofs.pns",
    "Duel": ".ratings",
    "Ratings": ".ratings",
    "elo_ratings": ".ratings",
    "SearchResult": ".result",
    "SearchStats": ".result",
    "gauntlet": ".schedules",
    "round_robin": ".schedules",
    "Solution": ".solving.solution",
    "solve": ".solving.solver",
    "SPRT": ".sprt",
    "sprt_match": ".sprt",
    "MeanUtility": ".tournaments",
    "TournamentResult": ".tournaments",
    "tournament": ".tournaments",
    "alphabeta": ".twoplayer.alphabeta",
    "iterative_deepening": ".twoplayer.deepening",
    "minimax": ".twoplayer.minimax",
    "mtdf": ".twoplayer.mtdf",
    "negamax": ".twoplayer.negamax",
    "TranspositionTable": ".twoplayer.table",
}
"""Where each public name of ``gamesearch`` is defined: the module (relative to this package)
that ``__getattr__`` imports the first time the name is asked for."""

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
    __getattr__, __dir__ = public_names(__name__, _PUBLIC, globals(), _SUBMODULES)
