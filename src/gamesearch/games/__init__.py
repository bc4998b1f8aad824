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

_PUBLIC: dict[str, str] = {
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
}
"""Where each public name of ``gamesearch.games`` is defined: ``__all__``, and what
``__getattr__`` imports the first time a name is asked for."""

if TYPE_CHECKING:  # each name loads on first use (.._lazy): a program that plays Connect Four
    # loads neither Hex nor the registry of games
    from .connect_four import ConnectFour as ConnectFour
    from .hex import Hex as Hex
    from .hog import Hog as Hog
    from .hog import HogState as HogState
    from .nim import Nim as Nim
    from .nim import NimState as NimState
    from .pig import Pig as Pig
    from .pig import PigState as PigState
    from .registry import GameParameter as GameParameter
    from .registry import GameSpec as GameSpec
    from .registry import find_game as find_game
    from .registry import reference_games as reference_games
    from .rolit import Rolit as Rolit
    from .rolit import RolitState as RolitState
    from .tictactoe import TicTacToe as TicTacToe
    from .tree import Chance as Chance
    from .tree import GameTree as GameTree
    from .tree import Path as Path
else:
    __getattr__, __dir__ = public_names(__name__, _PUBLIC, globals(), ("registry",))

__all__ = sorted(_PUBLIC)
