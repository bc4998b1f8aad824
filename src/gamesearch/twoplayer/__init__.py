"""Two-player deterministic search: minimax, alpha-beta, negamax and the engine.

The plain loops (:mod:`.minimax`, and :mod:`._window` for alpha-beta and negamax) are the
textbook algorithms and the speed reference; :mod:`._engine` is the same alpha-beta loop with
the engine's enhancements, each a named piece (:mod:`._ordering`, :mod:`._quiescence`, the
probes of :mod:`.table`, the budget of :mod:`gamesearch._budget`), entered by :mod:`._enhanced`
with the options of :mod:`._engine_options`; :mod:`.deepening` drives it one ply deeper at a
time under a clock.

Each public name loads its module on first use (see :mod:`gamesearch._lazy`): ``from
gamesearch import mtdf`` does not load iterative deepening and its opening book.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING

from .._lazy import public_names

if TYPE_CHECKING:  # for type checkers; at run time each name loads on first use
    from .alphabeta import alphabeta as alphabeta
    from .deepening import iterative_deepening as iterative_deepening
    from .minimax import minimax as minimax
    from .mtdf import mtdf as mtdf
    from .negamax import negamax as negamax
    from .table import TranspositionTable as TranspositionTable

__all__ = ["TranspositionTable", "alphabeta", "iterative_deepening", "minimax", "mtdf", "negamax"]

_PUBLIC = {
    "TranspositionTable": ".table",
    "alphabeta": ".alphabeta",
    "iterative_deepening": ".deepening",
    "minimax": ".minimax",
    "mtdf": ".mtdf",
    "negamax": ".negamax",
}
"""Where each public name is defined, relative to this package."""


class _Package(ModuleType):
    """This package, which keeps each searcher under its name when its module is imported.

    Importing a submodule binds it in its package under its own name, and four searchers share
    their module's name: ``gamesearch.twoplayer.minimax`` stays the function, however and
    whenever ``gamesearch.twoplayer.minimax`` the module is imported (docs/reference.md); the
    module is ``sys.modules["gamesearch.twoplayer.minimax"]``.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, ModuleType) and _PUBLIC.get(name) == f".{name}":
            value = getattr(value, name)
        super().__setattr__(name, value)


if not TYPE_CHECKING:  # hidden from type checkers, which would then accept any attribute
    __getattr__, __dir__ = public_names(__name__, _PUBLIC, globals())
    sys.modules[__name__].__class__ = _Package
