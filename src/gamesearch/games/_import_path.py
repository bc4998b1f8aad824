"""A game class found by its import path, ``module:Class``, and the parameters it takes.

:func:`~gamesearch.games.registry.find_game` uses it to make a user's own game known to the
``gamesearch`` command without registering it: ``gamesearch solve mygames.bones:Bones``.
"""

from __future__ import annotations

import importlib
import inspect
import typing
from collections.abc import Callable
from typing import Any

from ..errors import UnknownGameError

_SIMPLE = (int, float, str, bool)
"""The annotations whose values are read as such; any other means a Python literal."""


def load_factory(path: str) -> Callable[..., Any]:
    """The callable named by ``path``, ``module:name`` (``name`` may be dotted).

    Raises:
        UnknownGameError: ``path`` is not ``module:name``, the module cannot be imported (or
            fails while it is), or it has no callable of that name.
    """
    module_name, _, attribute = path.partition(":")
    if not module_name or not attribute:
        raise UnknownGameError(
            f"{path!r}: give a game of your own as module:Class, such as mygames.bones:Bones"
        )
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise UnknownGameError(
            f"cannot import {module_name!r} for the game {path!r} ({exc}); the module must be "
            f"importable from the current directory or the installed packages"
        ) from exc
    except Exception as exc:  # the user's module failed while it ran: say so, not a traceback
        raise UnknownGameError(
            f"importing {module_name!r} for the game {path!r} failed: {type(exc).__name__}: {exc}"
        ) from exc
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise UnknownGameError(f"{module_name!r} has no {attribute!r} (from {path!r})")
        found = getattr(found, part)
    if not callable(found):
        raise UnknownGameError(f"{path!r} is not a class or function that makes a game")
    return typing.cast("Callable[..., Any]", found)


def keyword_parameters(factory: Callable[..., Any]) -> list[tuple[str, type, Any]]:
    """``(name, type, default)`` of each parameter ``factory`` takes by keyword.

    The type is the annotation when it is ``int``, ``float``, ``str`` or ``bool`` and
    ``object`` (a Python literal) otherwise; the default is ``None`` for a required parameter.
    """
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return []
    try:
        hints = typing.get_type_hints(factory.__init__ if inspect.isclass(factory) else factory)
    except Exception:  # unresolvable annotations: read every value as a literal
        hints = {}
    found = []
    for name, parameter in signature.parameters.items():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.kind is parameter.POSITIONAL_ONLY:
            continue
        hint = hints.get(name)
        kind = hint if hint in _SIMPLE else object
        default = None if parameter.default is parameter.empty else parameter.default
        found.append((name, kind, default))
    return found
