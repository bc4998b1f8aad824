"""Reference games: tic-tac-toe, Connect Four, Hex, game trees, dice and multi-player games.

The dice games are Pig and Hog; the multi-player games Rolit and Nim.

>>> from gamesearch.games import ConnectFour, GameTree, Nim, Rolit, TicTacToe
>>> TicTacToe().num_players, ConnectFour().num_players, GameTree([1, 2]).num_players
(2, 2, 2)
>>> Rolit().num_players, Nim().num_players
(3, 3)
"""

from typing import TYPE_CHECKING

from .._lazy import public_names

if TYPE_CHECKING:  # each name loads on first use (.._lazy): a program that plays Connect Four
    # loads neither Hex nor the registry of games
    from .connect_four import ConnectFour
    from .hex import Hex
    from .hog import Hog, HogState
    from .nim import Nim, NimState
    from .pig import Pig, PigState
    from .registry import GameParameter, GameSpec, find_game, reference_games
    from .rolit import Rolit, RolitState
    from .tictactoe import TicTacToe
    from .tree import Chance, GameTree, Path
else:
    __getattr__, __dir__ = public_names(
        __name__,
        {
            "ConnectFour": ".connect_four",
            "Hex": ".hex",
            "Hog": ".hog",
            "HogState": ".hog",
            "Nim": ".nim",
            "NimState": ".nim",
            "Pig": ".pig",
            "PigState": ".pig",
            "GameParameter": ".registry",
            "GameSpec": ".registry",
            "find_game": ".registry",
            "reference_games": ".registry",
            "Rolit": ".rolit",
            "RolitState": ".rolit",
            "TicTacToe": ".tictactoe",
            "Chance": ".tree",
            "GameTree": ".tree",
            "Path": ".tree",
        },
        globals(),
        ("registry",),
    )

__all__ = [
    "Chance",
    "ConnectFour",
    "GameParameter",
    "GameSpec",
    "GameTree",
    "Hex",
    "Hog",
    "HogState",
    "Nim",
    "NimState",
    "Path",
    "Pig",
    "PigState",
    "Rolit",
    "RolitState",
    "TicTacToe",
    "find_game",
    "reference_games",
]
