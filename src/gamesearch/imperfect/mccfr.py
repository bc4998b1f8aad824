"""Deprecated module: import from :mod:`gamesearch.imperfect.sampled_regret` instead.

``gamesearch.imperfect.mccfr`` is the function (Monte Carlo CFR), which the package binds over the
module of the same name, so ``gamesearch.imperfect.mccfr.MCCFRSolver`` raised AttributeError after
``import gamesearch``. This module keeps the old import path working, with a
:class:`DeprecationWarning`: ``from gamesearch.imperfect.mccfr import MCCFRSolver`` gives the
object of :mod:`gamesearch.imperfect.sampled_regret`, the module's new name. Import from there
instead.
"""

from .._deprecation import warn_deprecated_module

warn_deprecated_module(
    __name__,
    "the module of Monte Carlo CFR is gamesearch.imperfect.sampled_regret "
    "(gamesearch.imperfect.mccfr is the function)",
)

from .sampled_regret import *  # noqa: E402, F403  (after the warning, which names the importer)
from .sampled_regret import __all__ as __all__  # noqa: E402
