"""Deprecated module: import from :mod:`gamesearch.imperfect.world_sampling` instead.

``gamesearch.imperfect.pimc`` is the function (Perfect Information Monte Carlo), which the package
binds over the module of the same name, so ``gamesearch.imperfect.pimc.PIMCResult`` raised
AttributeError after ``import gamesearch``. This module keeps the old import path working, with a
:class:`DeprecationWarning`: ``from gamesearch.imperfect.pimc import PIMCResult`` gives the object
of :mod:`gamesearch.imperfect.world_sampling`, the module's new name. Import from there instead.
"""

from .._deprecation import warn_deprecated_module

warn_deprecated_module(
    __name__,
    "the module of Perfect Information Monte Carlo is gamesearch.imperfect.world_sampling "
    "(gamesearch.imperfect.pimc is the function)",
)

from .world_sampling import *  # noqa: E402, F403  (after the warning, which names the importer)
from .world_sampling import __all__ as __all__  # noqa: E402
