"""Deprecated: the package of solved tables is :mod:`gamesearch.solving`.

``gamesearch.solve`` is the function that solves a game (:func:`gamesearch.solving.solve`,
also ``from gamesearch import solve``). This alias keeps the package's old spellings working,
with a :class:`DeprecationWarning`: ``from gamesearch.solve import Solution`` and
``from gamesearch.solve.solution import Solution`` give the objects of
:mod:`gamesearch.solving`. Import from :mod:`gamesearch.solving` instead.
"""

from .._deprecation import alias_package, warn_deprecated_module

warn_deprecated_module(
    __name__,
    "the package of solved tables is gamesearch.solving (gamesearch.solve is the function)",
)
alias_package(__name__, "gamesearch.solving")

from ..solving import (  # noqa: E402  (after the warning, which names the importer)
    Progress,
    ProgressCallback,
    Solution,
    SolveStats,
    opening_book,
    solve,
)

__all__ = ["Progress", "ProgressCallback", "Solution", "SolveStats", "opening_book", "solve"]
