"""Stand-ins for the names of ``mypy_extensions`` that the compiled modules use at run time.

The compiled build (README, Installing) reads ``mypy_extensions.mypyc_attr`` at compile time,
where mypy sees it; at run time the decorator does nothing. gamesearch does not depend on
``mypy_extensions``: where it is not installed, a module imports this stand-in instead
(``try: from mypy_extensions import ... except ImportError: from .._mypyc import ...``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["mypyc_attr"]

_T = TypeVar("_T")


def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
    """A class decorator that leaves the class as it is (mypyc's options, for mypyc only)."""

    def unchanged(cls: _T) -> _T:
        return cls

    return unchanged
