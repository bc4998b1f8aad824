"""Old import paths kept working, with a :class:`DeprecationWarning`, after a rename.

A dotted name means one thing (docs/architecture.md, "One name, one meaning"): the modules of
the functions ``gamesearch.play`` and ``gamesearch.tournament`` are now
:mod:`gamesearch.playing` and :mod:`gamesearch.tournaments`, and six modules of
:mod:`gamesearch.imperfect` named like the function each defines (``cfr.py`` is now
``regret.py``, and so on: :data:`RENAMED_MODULES`); the old modules re-export their public
names and warn.

The import system binds a submodule, once loaded, as an attribute of its parent, which would
replace the function ``gamesearch.play`` with the old module the first time old code imports
it; :class:`Package`, the class of the ``gamesearch`` module and of ``gamesearch.imperfect``,
keeps the function.

A keyword argument means one thing across the library too (docs/reference.md, "One word, one
meaning"); where a searcher used a word in another sense, its keyword was renamed, and
:func:`renamed_keyword` keeps the old spelling working with a :class:`DeprecationWarning`.
"""

from __future__ import annotations

import types
import warnings
from collections.abc import Callable, Mapping
from functools import wraps
from typing import ParamSpec, TypeVar

from .errors import InvalidSearchOptionError

P = ParamSpec("P")
R = TypeVar("R")

__all__ = [
    "RENAMED_MODULES",
    "Package",
    "renamed_keyword",
    "renamed_keywords_of",
    "warn_deprecated_module",
]

RENAMED_MODULES = {
    "gamesearch.play": "gamesearch.playing",
    "gamesearch.tournament": "gamesearch.tournaments",
    "gamesearch.imperfect.best_response": "gamesearch.imperfect.best_responses",
    "gamesearch.imperfect.cfr": "gamesearch.imperfect.regret",
    "gamesearch.imperfect.convergence": "gamesearch.imperfect.convergence_curves",
    "gamesearch.imperfect.ismcts": "gamesearch.imperfect.information_set_mcts",
    "gamesearch.imperfect.mccfr": "gamesearch.imperfect.sampled_regret",
    "gamesearch.imperfect.pimc": "gamesearch.imperfect.world_sampling",
}
"""The renamed modules, by dotted name: old to new. The old names are functions."""


class Package(types.ModuleType):
    """The class of a package whose functions keep the names of its renamed modules.

    ``gamesearch`` and ``gamesearch.imperfect`` are of this class. Setting a module object as
    the attribute of a name in :data:`RENAMED_MODULES` (``gamesearch.play``,
    ``gamesearch.imperfect.cfr``, ...) is ignored: it is the import system binding the
    deprecated module (``gamesearch/play.py``, ``gamesearch/imperfect/cfr.py``) to its parent,
    over the function. Any other value is set as usual. (Python's data model lets a module's
    ``__class__`` be replaced by a subclass of :class:`types.ModuleType` for this kind of
    customisation.)
    """

    def __setattr__(self, name: str, value: object) -> None:
        dotted = f"{self.__name__}.{name}"
        if dotted in RENAMED_MODULES and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


def warn_deprecated_module(old: str, instead: str) -> None:
    """Warn, from a deprecated module's body, that importing ``old`` is deprecated.

    Args:
        old: The deprecated module's dotted name.
        instead: What to import instead, said in the warning.
    """
    # stacklevel 3: this function, the deprecated module, then (past the import system's own
    # frames, which warnings skips) the line that imported it.
    warnings.warn(f"{old} is deprecated: {instead}", DeprecationWarning, stacklevel=3)


_RENAMED_KEYWORDS = "__renamed_keywords__"
"""The attribute of a decorated function that maps each old keyword to its new name, and why."""


def renamed_keyword(
    where: str, old: str, new: str, why: str
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Keep the old spelling ``old`` of the keyword argument ``new`` working, deprecated.

    Called with ``old=...``, the decorated function warns (a :class:`DeprecationWarning`
    pointing at the caller's line) and runs as if given ``new=...``; given both, it raises.
    Its signature (:func:`inspect.signature`) shows ``new`` only, so the command line's ``-o``
    lists and the keyword table of docs/reference.md hold current names only;
    :func:`renamed_keywords_of` gives the old names. Decorators stack, one per renamed keyword,
    into one wrapper (so that every warning points at the caller).

    Args:
        where: The name the messages give the function, such as ``"maxn"``.
        old: The deprecated keyword.
        new: The keyword it was renamed to.
        why: What ``old`` means elsewhere in the library, said in the warning.

    Raises:
        InvalidSearchOptionError: (from the decorated function) both ``old`` and ``new`` given.
    """

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        known: dict[str, tuple[str, str, str]] = getattr(function, _RENAMED_KEYWORDS, {})
        renames = {**known, old: (new, where, why)}
        # A function already decorated here: wrap the function itself, once, for all renames.
        original: Callable[P, R] = function.__wrapped__ if known else function  # type: ignore[attr-defined]

        @wraps(original)
        def renamed(*args: P.args, **kwargs: P.kwargs) -> R:
            for spelt, (name, called, reason) in renames.items():
                if spelt not in kwargs:
                    continue
                if name in kwargs:
                    raise InvalidSearchOptionError(
                        f"{called}: {spelt}= is the deprecated name of {name}=: give {name} only"
                    )
                warnings.warn(
                    f"{called}: {spelt}= is deprecated; use {name}= ({reason})",
                    DeprecationWarning,
                    stacklevel=2,
                )
                kwargs[name] = kwargs.pop(spelt)
            return original(*args, **kwargs)

        setattr(renamed, _RENAMED_KEYWORDS, renames)
        return renamed

    return decorate


def renamed_keywords_of(function: object) -> Mapping[str, str]:
    """The deprecated keywords ``function`` still takes, each with its new name (or none)."""
    renames: dict[str, tuple[str, str, str]] = getattr(function, _RENAMED_KEYWORDS, {})
    return {old: new for old, (new, _, _) in renames.items()}
