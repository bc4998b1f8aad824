"""What a file names by import path, ``module:Name``, found under the rule that guards it.

A table file names the class of its game and the classes of its states and actions. Two ways
find them, and neither runs what a file asks for:

- :func:`loaded` imports nothing: it looks the name up in the modules already imported, by
  reading their namespaces (``vars``), so that not even a module's ``__getattr__`` runs. The
  classes of a file's states and actions are found this way only (see
  :mod:`gamesearch.solving._classes`).
- :func:`find_named` imports a module only after the whole chain of its import has been
  checked, without importing anything: the module's Python source (parsed, not run) must
  define the named class at its top level, and each package on the way that is not imported
  yet must run no code when it is (its ``__init__.py`` holds only a docstring, ``from
  __future__`` imports and assignments of literals, such as ``__all__``; a namespace package
  has none), or be one of this library's own packages. The game a file names
  (:func:`gamesearch.identity.remake`) is found this way.

>>> from gamesearch.limit import Limit
>>> loaded("gamesearch.limit", "Limit") is Limit
True
>>> loaded("no_such_module_anywhere", "Limit") is None
True
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import os
import sys
import types
from pathlib import Path
from typing import Any

from .errors import TableFileError

__all__ = ["find_named", "loaded", "namespace"]

_OWN = __name__.partition(".")[0]
"""This library's top-level package, whose own packages are trusted as it is."""


def namespace(thing: object) -> dict[str, Any] | types.MappingProxyType[str, Any] | None:
    """The namespace of a module or a class, read without running any of its code.

    A module's ``__dict__`` is read past any ``__getattribute__`` of its own (a lazily loaded
    module would load on an attribute access); a class's through ``type``'s own descriptor
    (past its metaclass). ``None`` for anything else.
    """
    if isinstance(thing, types.ModuleType):
        found = object.__getattribute__(thing, "__dict__")
        return found if isinstance(found, dict) else None
    if issubclass(type(thing), type):
        return type.__dict__["__dict__"].__get__(thing, type)  # type: ignore[no-any-return]
    return None


def loaded(module: str, name: str) -> Any:
    """The object ``name`` (dotted for a nested class) of the already imported ``module``.

    Nothing is imported and no code runs: each part of ``name`` is read from its namespace
    (:func:`namespace`), not with ``getattr``. ``None`` when the module is not imported or
    has no such name.
    """
    found: Any = sys.modules.get(module)
    for part in name.split("."):
        space = namespace(found)
        if space is None:
            return None
        found = space.get(part)
    return found


def find_named(module: str, name: str, what: str) -> Any:
    """The object a file names as ``module:name``, imported under the rule of this module.

    A module already imported is used as it is; any other is first found without importing
    anything and the chain of its import checked (:func:`_check_source`), then imported from
    the installed packages or the current directory. ``name`` is a dotted path inside the
    module, read from its namespace.

    Args:
        module: The module's dotted name.
        name: The qualified name of the object in the module.
        what: What the object is for, in messages (``"the game kalah:Kalah(...)"``).

    Raises:
        TableFileError: the module's source does not define ``name``'s first part at its top
            level, a package on the way would run code as it is imported, the module cannot be
            imported (or fails as it runs), or it has no such name.
    """
    added = _with_current_directory()
    try:
        if module not in sys.modules:
            _check_source(module, name, what)  # before the import: nothing runs unchecked
        importlib.import_module(module)
    except TableFileError:
        raise
    except Exception as exc:  # an ImportError, or the module failed while it ran
        raise TableFileError(
            f"cannot import {module!r} for {what} ({type(exc).__name__}: {exc}); run from the "
            "directory that holds it, or install it"
        ) from None
    finally:
        if added:
            sys.path.remove(added)
    found = loaded(module, name)
    if found is None:
        raise TableFileError(f"{module!r} has no {name!r}, named for {what}")
    return found


def _check_source(module: str, name: str, what: str) -> None:
    """Refuse a module whose import would run code that was not checked, before any import.

    The module and each package on the way are found without importing anything (not even
    the packages): a package not imported yet must run no code when it is (:func:`_inert`)
    or be this library's own; the module's source (parsed, not run) must define a class of
    ``name``'s first part at its top level. So a file cannot make the library import a module
    that is not a game's (one whose import does something, say), nor a package whose
    ``__init__`` does, by naming it.

    Raises:
        TableFileError: the module or a package is not found, is not Python source, a package
            would run code as it is imported, or the module defines no class of that name.
    """
    parts = module.split(".")
    locations: list[str] | None = None
    spec = None
    for depth in range(1, len(parts) + 1):
        dotted = ".".join(parts[:depth])
        spec = importlib.machinery.PathFinder.find_spec(dotted, locations)
        if spec is None:
            break
        if depth == len(parts):
            break
        if not spec.submodule_search_locations:
            spec = None
            break
        if dotted not in sys.modules and parts[0] != _OWN:
            _check_package(spec, dotted, module, what)
        locations = list(spec.submodule_search_locations)
    origin = None if spec is None else spec.origin
    if origin is None or not origin.endswith(".py"):
        raise TableFileError(
            f"cannot find the Python source of {module!r} for {what} in the current directory "
            "or the installed packages: pass the game (--game)"
        )
    tree = _parse(origin, what)
    top = name.split(".")[0]
    if not any(isinstance(node, ast.ClassDef) and node.name == top for node in tree.body):
        raise TableFileError(
            f"{module!r} ({origin}) defines no class {top!r}, so it is not imported for {what}"
        )


def _check_package(
    spec: importlib.machinery.ModuleSpec, package: str, module: str, what: str
) -> None:
    """Refuse a package, not imported yet, whose ``__init__`` would run code when imported."""
    origin = spec.origin
    if origin is None or origin == "namespace":  # a namespace package: no code of its own
        return
    if not origin.endswith(".py"):
        raise TableFileError(
            f"the package {package!r} ({origin}) is not Python source, so {module!r} is not "
            f"imported for {what}: pass the game (--game)"
        )
    line = _inert(_parse(origin, what))
    if line is not None:
        raise TableFileError(
            f"the package {package!r} runs code when it is imported ({origin}, line {line}), "
            f"so {module!r} is not imported for {what}: import {package} yourself first, or "
            "pass the game (--game)"
        )


def _parse(origin: str, what: str) -> ast.Module:
    try:
        return ast.parse(Path(origin).read_bytes())
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise TableFileError(f"cannot read {origin} for {what}: {exc}") from None


def _inert(tree: ast.Module) -> int | None:
    """The line of the first statement of ``tree`` that runs code; ``None`` if none does.

    Inert: a docstring (or any constant), ``pass``, ``from __future__ import ...``, and
    assignments of literals to names (``__all__ = ["Game"]``, ``__version__ = "1.0"``).
    """
    for node in tree.body:
        if isinstance(node, ast.Pass):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            continue
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and _literal_assignment(node):
            continue
        return node.lineno
    return None


def _literal_assignment(node: ast.Assign | ast.AnnAssign) -> bool:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    if node.value is None or not all(isinstance(target, ast.Name) for target in targets):
        return False
    try:
        ast.literal_eval(node.value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def _with_current_directory() -> str | None:
    """Put the current directory first on ``sys.path`` if it is not there; what was added."""
    here = os.getcwd()
    if "" in sys.path or here in sys.path:
        return None
    sys.path.insert(0, here)
    return here
