"""Deprecated module: import from :mod:`gamesearch.imperfect.best_responses` instead.

``gamesearch.imperfect.best_response`` is the function (best responses and exploitability), which
the package binds over the module of the same name, so
``gamesearch.imperfect.best_response.nash_conv`` raised AttributeError after ``import gamesearch``.
This module keeps the old import path working, with a :class:`DeprecationWarning`: ``from
gamesearch.imperfect.best_response import nash_conv`` gives the object of
:mod:`gamesearch.imperfect.best_responses`, the module's new name. Import from there instead.
"""

from .._deprecation import warn_deprecated_module

warn_deprecated_module(
    __name__,
    "the module of best responses and exploitability is gamesearch.imperfect.best_responses "
    "(gamesearch.imperfect.best_response is the function)",
)

from .best_responses import *  # noqa: E402, F403  (after the warning, which names the importer)
from .best_responses import __all__ as __all__  # noqa: E402
