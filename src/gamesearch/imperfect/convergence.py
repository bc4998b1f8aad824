"""Deprecated module: import from :mod:`gamesearch.imperfect.convergence_curves` instead.

``gamesearch.imperfect.convergence`` is the function (exploitability curves), which the package
binds over the module of the same name, so ``gamesearch.imperfect.convergence.ConvergenceCurve``
raised AttributeError after ``import gamesearch``. This module keeps the old import path working,
with a :class:`DeprecationWarning`: ``from gamesearch.imperfect.convergence import
ConvergenceCurve`` gives the object of :mod:`gamesearch.imperfect.convergence_curves`, the module's
new name. Import from there instead.
"""

from .._deprecation import warn_deprecated_module

warn_deprecated_module(
    __name__,
    "the module of exploitability curves is gamesearch.imperfect.convergence_curves "
    "(gamesearch.imperfect.convergence is the function)",
)

from .convergence_curves import *  # noqa: E402, F403  (after the warning, which names the importer)
from .convergence_curves import __all__ as __all__  # noqa: E402
