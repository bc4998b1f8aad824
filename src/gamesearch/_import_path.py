"""A game class found by its import path, ``module:Class``, and the parameters it takes.

:func:`~gamesearch.games.registry.find_game` uses it to make a user's own game known to the
``gamesearch`` command without registering it: ``gamesearch solve mygames.bones:Bones``. The
command's ``-o NAME=module:name`` options resolve their paths with :func:`resolve` too.
"""

from __future__ import annotations

import importlib
import inspect
import typing
from collections.abc import Callable
from typing import Any

from .errors import UnknownGameError

_SIMPLE = (int, float, str, bool)
"""The annotations whose values are read as such; any other means a Python literal."""


class Unresolved(Exception):
    """An import path ``module:attribute`` that does not resolve.

    The import raised ``cause``, or (``cause`` is ``None``) the module has no ``attribute``;
    each caller words its own error from it.
    """

    def __init__(self, module: str, attribute: str, cause: Exception | None) -> None:
        super().__init__(module, attribute, cause)
        self.module = module
        self.attribute = attribute
        self.cause = cause


def resolve(path: str) -> Any:
    """The object named by ``path``, ``module:name`` (``name`` may be dotted), imported.

    Raises:
        Unresolved: importing the module raised (ImportError, or whatever the module raised
            while it ran), or it has no such name.
    """
    module_name, _, attribute = path.partition(":")
    try:
        found: Any = importlib.import_module(module_name)
    except Exception as exc:  # the user's module failed while it ran: the caller says so
        raise Unresolved(module_name, attribute, exc) from exc
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise Unresolved(module_name, attribute, None)
        found = getattr(found, part)
    return found


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
        found = resolve(path)
    except Unresolved as unresolved:
        exc = unresolved.cause
        if exc is None:
            raise UnknownGameError(
                f"{module_name!r} has no {attribute!r} (from {path!r})"
            ) from None
        if isinstance(exc, ImportError):
            raise UnknownGameError(
                f"cannot import {module_name!r} for the game {path!r} ({exc}); the module must be "
                f"importable from the current directory or the installed packages"
            ) from exc
        raise UnknownGameError(
            f"importing {module_name!r} for the game {path!r} failed: {type(exc).__name__}: {exc}"
        ) from exc
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
