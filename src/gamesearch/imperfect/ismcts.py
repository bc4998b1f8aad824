"""Deprecated module: import from :mod:`gamesearch.imperfect.information_set_mcts` instead.

``gamesearch.imperfect.ismcts`` is the function (Information Set MCTS), which the package binds
over the module of the same name, so ``gamesearch.imperfect.ismcts.ISMCTSResult`` raised
AttributeError after ``import gamesearch``. This module keeps the old import path working, with a
:class:`DeprecationWarning`: ``from gamesearch.imperfect.ismcts import ISMCTSResult`` gives the
object of :mod:`gamesearch.imperfect.information_set_mcts`, the module's new name. Import from
there instead.
"""

from .._deprecation import warn_deprecated_module

warn_deprecated_module(
    __name__,
    "the module of Information Set MCTS is gamesearch.imperfect.information_set_mcts "
    "(gamesearch.imperfect.ismcts is the function)",
)

from .information_set_mcts import *  # noqa: E402, F403  (after the warning, which names the importer)
from .information_set_mcts import __all__ as __all__  # noqa: E402
