"""Reference games: tic-tac-toe, abstract game trees, and the multi-player Rolit and Nim.

>>> from gamesearch.games import GameTree, Nim, Rolit, TicTacToe
>>> TicTacToe().num_players, GameTree([1, 2]).num_players, Rolit().num_players, Nim().num_players
(2, 2, 3, 3)
"""

from .nim import Nim, NimState
from .rolit import Rolit, RolitState
from .tictactoe import TicTacToe
from .tree import GameTree, Path

__all__ = ["GameTree", "Nim", "NimState", "Path", "Rolit", "RolitState", "TicTacToe"]
