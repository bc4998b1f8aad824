"""Reference games: tic-tac-toe and abstract game trees, and the registry that names them.

>>> from gamesearch.games import GameTree, TicTacToe
>>> TicTacToe().num_players, GameTree([1, 2]).num_players
(2, 2)
"""

from .registry import GameParameter, GameSpec, find_game, reference_games
from .tictactoe import TicTacToe
from .tree import GameTree, Path

__all__ = [
    "GameParameter",
    "GameSpec",
    "GameTree",
    "Path",
    "TicTacToe",
    "find_game",
    "reference_games",
]
