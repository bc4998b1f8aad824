"""Names that load on first use: a package's ``__getattr__`` and ``__dir__``, a module's stand-in.

A package lists where each public name is defined; ``import package`` then loads none of those
modules, and ``package.name`` (or ``from package import name``) loads the one that defines
``name`` and keeps the value in the package, so the next look-up is an ordinary attribute. A
user's program pays for what it uses: ``from gamesearch import mtdf`` loads the search and not
the ratings, the tournaments or the pages.

>>> import sys, types
>>> package = types.ModuleType("demo")
>>> package.__getattr__, package.__dir__ = public_names("json", {"dumps": "json"}, vars(package))
>>> package.dumps([1])
'[1]'
>>> "dumps" in vars(package), "dumps" in dir(package)
(True, True)
"""

from __future__ import annotations

import importlib
from _thread import RLock  # threading's RLock, without loading threading (0.8 ms)
from collections.abc import Callable, Collection, Mapping, MutableMapping
from types import ModuleType

_LOADING = RLock()
"""Held while a name loads: two threads that load names at once would import modules that
import each other, and Python gives a thread a module another thread has not finished (a
bare ``ImportError`` of a partly initialised module, or a ``KeyError``). One load at a time,
as ``import gamesearch`` did when it loaded everything. No module of the package loads a name
through a package's ``__getattr__`` while it is imported (each imports from the module that
defines the name), so a thread holding this lock never waits for a module another thread is
importing while that thread waits for the lock."""


def public_names(
    package: str,
    where: Mapping[str, str],
    namespace: MutableMapping[str, object],
    modules: Collection[str] = (),
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose names ``where`` places.

    ``where`` maps each public name to the module that defines it, absolute or relative to
    ``package`` (``".table"``); ``namespace`` is the package's ``globals()``, where a loaded
    value is kept; ``modules`` names the package's public submodules, each loaded as itself
    (importing a submodule binds it in the package).
    """

    def __getattr__(name: str) -> object:
        if name in modules:
            with _LOADING:
                return importlib.import_module(f"{package}.{name}")
        module = where.get(name)
        if module is None:
            if not name.startswith("__") and _submodule(f"{package}.{name}"):
                with _LOADING:  # any other submodule, as after its own import
                    return importlib.import_module(f"{package}.{name}")
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        with _LOADING:
            value = getattr(importlib.import_module(module, package), name)
            namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *where, *modules})

    return __getattr__, __dir__


def _submodule(name: str) -> bool:
    """Whether the module ``name`` (a dotted name below a package already imported) exists."""
    from importlib.util import find_spec  # here: loaded only when a name is missing

    return find_spec(name) is not None


class LazyModule:
    """A module's stand-in that imports it at the first read of one of its names.

    For a name a module's annotations use and its code never (or seldom) does: the annotations
    stay resolvable by ``typing.get_type_hints`` (which reads the name in the module's
    namespace), while the module's import skips the import of the other.

    >>> shuffling = LazyModule("random")
    >>> shuffling.Random.__name__, repr(shuffling)
    ('Random', "<module 'random', imported on first use>")
    >>> import copy
    >>> copy.copy(shuffling).Random is shuffling.Random
    True
    """

    __slots__ = ("_module", "_name")

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, name: str) -> object:
        if name in LazyModule.__slots__:  # one made without __init__ (by copy or pickle)
            raise AttributeError(name)
        module = self._module
        if module is None:
            with _LOADING:
                module = self._module = importlib.import_module(self._name)
        return getattr(module, name)

    def __reduce__(self) -> tuple[type[LazyModule], tuple[str]]:
        return LazyModule, (self._name,)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported on first use>"
