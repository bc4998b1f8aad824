"""Games people already have, as gamesearch games: OpenSpiel's games and python-chess boards.

* :mod:`gamesearch.adapters.openspiel`: :class:`~gamesearch.adapters.openspiel.OpenSpielGame`,
  any OpenSpiel game that is played one move at a time, of perfect or imperfect information
  (extra ``openspiel``).
* :mod:`gamesearch.adapters.chess`: :class:`~gamesearch.adapters.chess.ChessGame`, chess over
  python-chess, with an evaluation, a move order and quiescence for the engine (extra
  ``chess``).

Each needs its extra, and only when it is imported: ``import gamesearch.adapters`` needs
neither. A name imported from here loads its module then, and raises
:class:`~gamesearch.MissingDependencyError` naming the extra if the package is missing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the type checker sees the classes; at run time they load on first use
    from .chess import ChessGame, ChessState
    from .openspiel import (
        OpenSpielDeterminizableGame,
        OpenSpielGame,
        OpenSpielImperfectGame,
        OpenSpielState,
        OpenSpielStochasticGame,
        strategy_from_policy,
    )

__all__ = [
    "ChessGame",
    "ChessState",
    "OpenSpielDeterminizableGame",
    "OpenSpielGame",
    "OpenSpielImperfectGame",
    "OpenSpielState",
    "OpenSpielStochasticGame",
    "strategy_from_policy",
]

_HOME = {
    "ChessGame": "chess",
    "ChessState": "chess",
    "OpenSpielDeterminizableGame": "openspiel",
    "OpenSpielGame": "openspiel",
    "OpenSpielImperfectGame": "openspiel",
    "OpenSpielState": "openspiel",
    "OpenSpielStochasticGame": "openspiel",
    "strategy_from_policy": "openspiel",
}


def __getattr__(name: str) -> Any:
    """Load the adapter module that defines ``name``, or is ``name``, on first use (PEP 562)."""
    if name in _HOME:
        return getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
    if name in _HOME.values():  # gamesearch.adapters.chess as an attribute, as by import
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
