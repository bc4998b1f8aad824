"""What the page shares with the command: making a game, its board, a search's plan and run.

The one place the page reaches the front ends' shared layer (the front door of issue 47); the
rest of :mod:`gamesearch.web` imports these names from here.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ..capabilities import Capabilities
from ..cli._board import legal_moves, move_text, outcome, player_name, position_from, show
from ..cli._commands import make_game as _make_game
from ..cli._report import move_summary
from ..cli._run import Interrupted, info, move_of, run
from ..cli._search import DEEPENED, Plan, fitting
from ..games.registry import GameSpec

__all__ = [
    "DEEPENED",
    "Interrupted",
    "Plan",
    "fitting",
    "info",
    "legal_moves",
    "make_game",
    "move_of",
    "move_summary",
    "move_text",
    "outcome",
    "player_name",
    "position_from",
    "run",
    "show",
]


def make_game(name: str, params: Sequence[str], command: str) -> tuple[GameSpec, Any, Capabilities]:
    """The game ``name`` made with its ``NAME=VALUE`` parameters, as the command makes it."""
    return _make_game(argparse.Namespace(game=name, param=list(params)), command)
