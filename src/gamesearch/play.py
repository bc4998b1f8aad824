"""Deprecated: the module of :func:`gamesearch.play` is :mod:`gamesearch.playing`.

``gamesearch.play`` is the function that plays a game out (also ``from gamesearch import
play``), and the package binds that name to it, so the module that shared the name could not be
reached as an attribute (``gamesearch.play.play`` raised AttributeError). This module keeps the
old import path working, with a :class:`DeprecationWarning`: ``from gamesearch.play import
GameRecord`` gives the objects of :mod:`gamesearch.playing`. Import from there instead.
"""

from ._deprecation import warn_deprecated_module

warn_deprecated_module(
    __name__,
    "the module of games played out is gamesearch.playing (gamesearch.play is the function)",
)

from .playing import *  # noqa: E402, F403  (after the warning, which names the importer)
from .playing import __all__ as __all__  # noqa: E402
