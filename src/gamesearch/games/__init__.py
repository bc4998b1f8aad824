"""Reference games: tic-tac-toe, abstract game trees, and the dice games Pig and Hog.

>>> from gamesearch.games import GameTree, TicTacToe
>>> TicTacToe().num_players, GameTree([1, 2]).num_players
(2, 2)
"""

from .hog import Hog, HogState
from .pig import Pig, PigState
from .tictactoe import TicTacToe
from .tree import Chance, GameTree, Path

__all__ = ["Chance", "GameTree", "Hog", "HogState", "Path", "Pig", "PigState", "TicTacToe"]
