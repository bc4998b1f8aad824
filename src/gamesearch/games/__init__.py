"""Reference games: tic-tac-toe, Connect Four, Hex, game trees, dice and multi-player games.

The dice games are Pig and Hog; the multi-player games Rolit and Nim.

>>> from gamesearch.games import ConnectFour, GameTree, Nim, Rolit, TicTacToe
>>> TicTacToe().num_players, ConnectFour().num_players, GameTree([1, 2]).num_players
(2, 2, 2)
>>> Rolit().num_players, Nim().num_players
(3, 3)
"""

from . import registry
from .hog import HogState
from .nim import NimState
from .pig import PigState
from .registry import *  # noqa: F403  # every reference game's class, and the registry's names
from .rolit import RolitState
from .tree import Chance, Path

__all__ = ["Chance", "HogState", "NimState", "Path", "PigState", "RolitState"]
__all__ += registry.__all__
