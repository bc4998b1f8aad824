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
  __future__`` imports and assignments of literals to plain names, such as ``__all__``: an
  allow-list, :func:`_inert`; a namespace package has none), or be one of this library's own
  packages. The game a file names
  (:func:`gamesearch.identity.remake`) is found this way.

>>> from gamesearch.limit import Limit
>>> loaded("gamesearch.limit", "Limit") is Limit
True
>>> loaded("no_such_module_anywhere", "Limit") is None
True
"""

from __future__ import annotations
import __future__

import ast
import importlib
import importlib.machinery
import os
import sys
import types
from collections.abc import Callable
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


def find_named(module: str, name: str, what: str, *, methods: tuple[str, ...] = ()) -> Any:
    """The object a file names as ``module:name``, imported under the rule of this module.

    A module already imported is used as it is; any other is first found without importing
    anything and the chain of its import checked (:func:`_check_source`), then imported from
    the installed packages or the current directory. ``name`` is a dotted path inside the
    module, read from its namespace.

    Args:
        module: The module's dotted name.
        name: The qualified name of the object in the module.
        what: What the object is for, in messages (``"the game kalah:Kalah(...)"``).
        methods: The methods the class must be seen to have in the module's source before it
            is imported (:func:`_missing_methods`): a game's protocol, say.

    Raises:
        TableFileError: the module's source does not define ``name``'s first part at its top
            level (with ``methods``), a package on the way would run code as it is imported,
            the module cannot be imported (or fails as it runs), or it has no such name.
    """
    added = _with_current_directory()
    try:
        if module not in sys.modules:
            _check_source(module, name, what, methods)  # before the import: nothing unchecked
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


def _check_source(module: str, name: str, what: str, methods: tuple[str, ...] = ()) -> None:
    """Refuse a module whose import would run code that was not checked, before any import.

    The module and each package on the way are found without importing anything (not even
    the packages): a package not imported yet must run no code when it is (:func:`_inert`)
    or be this library's own; the module's source (parsed, not run) must define a class of
    ``name``'s first part at its top level, and that class must have ``methods``
    (:func:`_missing_methods`). So a file cannot make the library import a module that is not a
    game's (one whose import does something, say), nor a package whose ``__init__`` does, by
    naming it.

    Raises:
        TableFileError: the module or a package is not found, is not Python source, a package
            would run code as it is imported, or the module defines no class of that name
            with those methods.
    """

    def check(package: importlib.machinery.ModuleSpec, dotted: str) -> None:
        if dotted not in sys.modules and dotted.partition(".")[0] != _OWN:
            _check_package(package, dotted, module, what)

    spec = _spec(module, check)
    origin = None if spec is None else spec.origin
    if origin is None or not origin.endswith(".py"):
        raise TableFileError(
            f"cannot find the Python source of {module!r} for {what} in the current directory "
            "or the installed packages: run this from the folder that holds it, or add that "
            "folder to PYTHONPATH (or pass another game with --game)"
        )
    tree = _parse(origin, what)
    top = name.split(".")[0]
    if not _defines_class(tree, top):
        raise TableFileError(
            f"{module!r} ({origin}) defines no class {top!r}, so it is not imported for {what}"
        )
    missing = _missing_methods(tree, top, module, methods, set())
    if name == top and missing:
        raise TableFileError(
            f"{module!r} ({origin}) defines a class {top!r} without {', '.join(sorted(missing))}, "
            f"neither of its own nor of a class it derives from, so it is not imported for {what}"
        )


def _missing_methods(
    tree: ast.Module, name: str, module: str, methods: tuple[str, ...], seen: set[str]
) -> set[str]:
    """Which of ``methods`` the class ``name`` of ``tree`` (``module``'s) is not seen to have.

    Nothing runs: a method counts if the class's body defines (or assigns) it, or a class it
    derives from has it: one defined in the same source, or imported by name from another
    module, looked at the same way in that module's source (or its namespaces, if it is
    imported already). A base that cannot be told so gives nothing.
    """
    found = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name), None)
    if found is None or f"{module}:{name}" in seen or len(seen) > _MAX_BASES:
        return set(methods)
    seen.add(f"{module}:{name}")
    missing = set(methods) - _defined_names(found.body)
    for base in found.bases:
        if not missing:
            break
        if isinstance(base, ast.Name) and _defines_class(tree, base.id):
            missing &= _missing_methods(tree, base.id, module, methods, seen)
            continue
        where = _imported_from(tree, base, module)
        if where is None:
            continue
        cls = loaded(*where)
        if cls is not None:
            missing = {method for method in missing if not _class_has(cls, method)}
            continue
        source = _source_of(where[0])
        if source is not None:
            missing &= _missing_methods(source, where[1], where[0], methods, seen)
    return missing


_MAX_BASES = 64
"""How many classes the search for a class's methods looks at, at most."""


def _source_of(module: str) -> ast.Module | None:
    """The parsed source of ``module``, found without importing anything; ``None`` if none."""
    spec = _spec(module)
    origin = None if spec is None else spec.origin
    if origin is None or not origin.endswith(".py"):
        return None
    try:
        return ast.parse(Path(origin).read_bytes())
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _spec(
    module: str,
    visit: Callable[[importlib.machinery.ModuleSpec, str], None] | None = None,
) -> importlib.machinery.ModuleSpec | None:
    """The spec of ``module``, found on the path without importing anything; ``None`` if none.

    Not even its packages are imported: ``visit`` is shown each one's spec first.
    """
    parts = module.split(".")
    locations: list[str] | None = None
    for depth in range(1, len(parts) + 1):
        dotted = ".".join(parts[:depth])
        spec = importlib.machinery.PathFinder.find_spec(dotted, locations)
        if spec is None or depth == len(parts):
            return spec
        if not spec.submodule_search_locations:
            return None
        if visit is not None:
            visit(spec, dotted)
        locations = list(spec.submodule_search_locations)
    return None


def _defined_names(body: list[ast.stmt]) -> set[str]:
    names: set[str] = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _defines_class(tree: ast.Module, name: str) -> bool:
    return any(isinstance(node, ast.ClassDef) and node.name == name for node in tree.body)


def _imported_from(tree: ast.Module, base: ast.expr, module: str) -> tuple[str, str] | None:
    """The module and name of a class that a base expression names by an import of ``tree``.

    ``Base`` from ``from pkg.mod import Base`` (relative too), or ``mod.Base`` from ``import
    mod`` (or ``import pkg.mod as mod``); ``None`` for any other base.
    """
    if isinstance(base, ast.Name):
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if (alias.asname or alias.name) == base.id:
                        return _absolute(node, module), alias.name
    elif isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
        for node in tree.body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if (alias.asname or alias.name) == base.value.id:
                        return alias.name, base.attr
    return None


def _absolute(node: ast.ImportFrom, module: str) -> str:
    """The module an ``ImportFrom`` of ``module`` names, relative imports made absolute."""
    if not node.level:
        return node.module or ""
    package = module.split(".")[: -node.level]
    return ".".join([*package, *([node.module] if node.module else [])])


def _class_has(cls: object, method: str) -> bool:
    """Whether the class ``cls`` (or a class it derives from) holds ``method``, unrun."""
    if not issubclass(type(cls), type):
        return False
    for klass in type.__dict__["__mro__"].__get__(cls, type):
        space = namespace(klass)
        if space is not None and method in space:
            return True
    return False


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
    """The line of the first statement of ``tree`` that could run code; ``None`` if none could.

    An allow-list over the syntax tree, so that a form not thought of is refused rather than let
    through. Inert, and nothing else: a constant alone (a docstring), ``pass``, ``from __future__
    import`` of a feature (no ``as``), and an assignment of a literal (:func:`_literal`) to plain
    names (``__all__ = ["Game"]``, ``VERSION: str = "1.0"``). An annotation must be a name or a
    string: it is evaluated as the package is imported (without ``from __future__ import
    annotations``), and any other would run (``x: f() = 1`` calls ``f``). A name that steers the
    import itself (``__path__``, ``__builtins__``, ``__spec__``, ...: any ``__dunder__`` but the
    few that only describe, as ``__all__`` and ``__version__``) is refused: ``__path__ = [...]``
    would send the import of the game's module to a file that was never checked.
    """
    for node in tree.body:
        if not _inert_statement(node):
            return node.lineno
    return None


_DESCRIPTIVE = frozenset(
    {"__all__", "__version__", "__author__", "__email__", "__license__", "__copyright__",
     "__credits__", "__maintainer__", "__status__", "__docformat__", "__doc__"}
)  # fmt: skip
"""The ``__dunder__`` names a package's ``__init__`` may assign: they describe, never steer."""

_FUTURE = frozenset(__future__.all_feature_names)


def _inert_statement(node: ast.stmt) -> bool:
    """Whether the top-level statement ``node`` is of the allow-list of :func:`_inert`."""
    if isinstance(node, ast.Pass):
        return True
    if isinstance(node, ast.Expr):
        return isinstance(node.value, ast.Constant)
    if isinstance(node, ast.ImportFrom):
        return (
            node.module == "__future__"
            and not node.level
            and all(alias.name in _FUTURE and alias.asname is None for alias in node.names)
        )
    if isinstance(node, ast.Assign):
        return all(_plain_name(target) for target in node.targets) and _literal(node.value)
    if isinstance(node, ast.AnnAssign):
        annotation = node.annotation
        return (
            bool(node.simple)
            and _plain_name(node.target)
            and node.value is not None
            and _literal(node.value)
            and (
                (isinstance(annotation, ast.Name) and not _steering(annotation.id))
                or (isinstance(annotation, ast.Constant) and isinstance(annotation.value, str))
            )
        )
    return False


def _plain_name(target: ast.expr) -> bool:
    """Whether an assignment's target is a plain name that does not steer the import."""
    return isinstance(target, ast.Name) and not _steering(target.id)


def _steering(name: str) -> bool:
    return name.startswith("__") and name.endswith("__") and name not in _DESCRIPTIVE


_NUMBERS = (int, float, complex)


def _literal(node: ast.expr, depth: int = 0) -> bool:
    """Whether ``node`` is a literal whose making runs no code: an allow-list.

    A constant; a sign before a number, or a real number plus or minus an imaginary one
    (``-1``, ``1+2j``); a tuple, list or set of literals (no ``*``); a dict of literals (no
    ``**``). Not ``set()`` (a call, though ``ast.literal_eval`` takes it), an f-string, a name,
    an operator on strings, a comprehension: nothing else. Nested over 64 deep: refused.
    """
    if depth > _DEEPEST:
        return False
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.UnaryOp):
        return isinstance(node.op, (ast.UAdd, ast.USub)) and _number(node.operand)
    if isinstance(node, ast.BinOp):
        return (
            isinstance(node.op, (ast.Add, ast.Sub))
            and _number(node.left)
            and isinstance(node.right, ast.Constant)
            and isinstance(node.right.value, complex)
        )
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(_literal(item, depth + 1) for item in node.elts)
    if isinstance(node, ast.Dict):
        return all(
            key is not None and _literal(key, depth + 1) and _literal(value, depth + 1)
            for key, value in zip(node.keys, node.values, strict=True)
        )
    return False


_DEEPEST = 64
"""How deep a literal of a package's ``__init__`` may nest."""


def _number(node: ast.expr) -> bool:
    """A number constant, or one with a sign (``-1``); not a ``bool``."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        node = node.operand
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, _NUMBERS)
        and not isinstance(node.value, bool)
    )


def _with_current_directory() -> str | None:
    """Put the current directory first on ``sys.path`` if it is not there; what was added."""
    here = os.getcwd()
    if "" in sys.path or here in sys.path:
        return None
    sys.path.insert(0, here)
    return here
