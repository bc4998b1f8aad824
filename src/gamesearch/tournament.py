"""Deprecated: the module of :func:`gamesearch.tournament` is :mod:`gamesearch.tournaments`.

``gamesearch.tournament`` is the function that plays many games (also ``from gamesearch import
tournament``), and the package binds that name to it, so the module that shared the name could
not be reached as an attribute (``gamesearch.tournament.tournament`` raised AttributeError).
This module keeps the old import path working, with a :class:`DeprecationWarning`: ``from
gamesearch.tournament import TournamentResult`` gives the objects of
:mod:`gamesearch.tournaments`. Import from there instead.
"""

from ._deprecation import warn_deprecated_module

warn_deprecated_module(
    __name__,
    "the module of tournaments is gamesearch.tournaments (gamesearch.tournament is the function)",
)

from .tournaments import *  # noqa: E402, F403  (after the warning, which names the importer)
from .tournaments import __all__ as __all__  # noqa: E402
