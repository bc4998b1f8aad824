"""Import an optional package, or say which extra installs it."""

from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import MissingDependencyError

__all__ = ["require"]


def require(module: str, extra: str, what: str) -> ModuleType:
    """Import ``module``, an optional dependency that the ``extra`` of gamesearch installs.

    Args:
        module: The module to import, such as ``"pyspiel"``.
        extra: The gamesearch extra that installs it, such as ``"openspiel"``.
        what: What needs it, for the message: ``"OpenSpiel's games"``.

    Returns:
        The imported module.

    Raises:
        MissingDependencyError: the module is not installed; the message names the extra.
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise MissingDependencyError(
            f"{what} need the {module!r} module, which is not installed: "
            f'pip install "gamesearch[{extra}]"'
        ) from error
