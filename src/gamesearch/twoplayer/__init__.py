"""Two-player deterministic search: minimax, alpha-beta, negamax and the engine.

The plain loops (:mod:`.minimax`, and :mod:`._window` for alpha-beta and negamax) are the
textbook algorithms and the speed reference; :mod:`._engine` is the same alpha-beta loop with
the engine's enhancements, each a named piece (:mod:`._ordering`, :mod:`._quiescence`, the
probes of :mod:`.table`, the budget of :mod:`gamesearch._budget`), entered by :mod:`._enhanced`
with the options of :mod:`._engine_options`; :mod:`.deepening` drives it one ply deeper at a
time under a clock.
"""

from .alphabeta import alphabeta
from .deepening import iterative_deepening
from .minimax import minimax
from .mtdf import mtdf
from .negamax import negamax
from .table import TranspositionTable

__all__ = ["TranspositionTable", "alphabeta", "iterative_deepening", "minimax", "mtdf", "negamax"]
