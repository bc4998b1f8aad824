"""Deprecated: the package of Monte Carlo tree search is :mod:`gamesearch.montecarlo`.

``gamesearch.mcts`` is the search function (:func:`gamesearch.montecarlo.mcts`, also
``from gamesearch import mcts``). This alias keeps the package's old spellings working, with
a :class:`DeprecationWarning`: ``from gamesearch.mcts import ActionStats`` and
``from gamesearch.mcts.tree import MCTSTree`` give the objects of
:mod:`gamesearch.montecarlo`. Import from :mod:`gamesearch.montecarlo` instead.
"""

from .._deprecation import alias_package, warn_deprecated_module

warn_deprecated_module(
    __name__,
    "the package of Monte Carlo tree search is gamesearch.montecarlo (gamesearch.mcts is the "
    "function)",
)
alias_package(__name__, "gamesearch.montecarlo")

from ..montecarlo import (  # noqa: E402  (after the warning, which names the importer)
    ActionStats,
    MCTSPlayer,
    MCTSTree,
    mcts,
)

__all__ = ["ActionStats", "MCTSPlayer", "MCTSTree", "mcts"]
