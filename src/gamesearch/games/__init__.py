"""Reference games: tic-tac-toe, Connect Four and abstract game trees.

>>> from gamesearch.games import ConnectFour, GameTree, TicTacToe
>>> TicTacToe().num_players, ConnectFour().num_players, GameTree([1, 2]).num_players
(2, 2, 2)
"""

from .connect_four import ConnectFour
from .tictactoe import TicTacToe
from .tree import GameTree, Path

__all__ = ["ConnectFour", "GameTree", "Path", "TicTacToe"]
