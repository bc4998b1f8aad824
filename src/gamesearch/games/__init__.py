"""Reference games: tic-tac-toe, Connect Four, game trees, and the multi-player Rolit and Nim.

>>> from gamesearch.games import ConnectFour, GameTree, Nim, Rolit, TicTacToe
>>> TicTacToe().num_players, ConnectFour().num_players, GameTree([1, 2]).num_players
(2, 2, 2)
>>> Rolit().num_players, Nim().num_players
(3, 3)
"""

from .connect_four import ConnectFour
from .nim import Nim, NimState
from .rolit import Rolit, RolitState
from .tictactoe import TicTacToe
from .tree import GameTree, Path

__all__ = ["ConnectFour", "GameTree", "Nim", "NimState", "Path", "Rolit", "RolitState", "TicTacToe"]
