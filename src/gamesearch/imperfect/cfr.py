"""Deprecated module: import from :mod:`gamesearch.imperfect.regret` instead.

``gamesearch.imperfect.cfr`` is the function (CFR and CFR+), which the package binds over the
module of the same name, so ``gamesearch.imperfect.cfr.CFRSolver`` raised AttributeError after
``import gamesearch``. This module keeps the old import path working, with a
:class:`DeprecationWarning`: ``from gamesearch.imperfect.cfr import CFRSolver`` gives the object of
:mod:`gamesearch.imperfect.regret`, the module's new name. Import from there instead.
"""

from .._deprecation import warn_deprecated_module

warn_deprecated_module(
    __name__,
    "the module of CFR and CFR+ is gamesearch.imperfect.regret "
    "(gamesearch.imperfect.cfr is the function)",
)

from .regret import *  # noqa: E402, F403  (after the warning, which names the importer)
from .regret import __all__ as __all__  # noqa: E402
