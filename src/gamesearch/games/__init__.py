"""Reference games: tic-tac-toe and abstract game trees.

>>> from gamesearch.games import GameTree, TicTacToe
>>> TicTacToe().num_players, GameTree([1, 2]).num_players
(2, 2)
"""

from .tictactoe import TicTacToe
from .tree import Chance, GameTree, Path

__all__ = ["Chance", "GameTree", "Path", "TicTacToe"]
