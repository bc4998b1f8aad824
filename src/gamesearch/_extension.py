"""Whether a module runs compiled: the one question the compiled loops ask of the build.

The loops that mypyc compiles (:data:`gamesearch._build.COMPILABLE`) offer themselves only when
they run compiled; they ask here, so that a program that searches does not load
:mod:`gamesearch._build` and its record of the build.

>>> import gamesearch.games.connect_four as module
>>> is_extension(module.__file__) == module.__file__.endswith((".so", ".pyd"))
True
"""

from __future__ import annotations

import importlib.machinery

__all__ = ["is_extension"]

_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)
"""The endings of an extension module's file on this interpreter, read once (a compiled loop
asks at every request for a kernel)."""


def is_extension(path: str | None) -> bool:
    """Whether a module loaded from ``path`` is a compiled extension (``.so``, ``.pyd``)."""
    return path is not None and path.endswith(_SUFFIXES)
