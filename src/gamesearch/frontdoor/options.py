"""A searcher's own options on the command line: ``-o NAME=VALUE``, checked against the searcher.

A value is a Python literal, read by :func:`ast.literal_eval` (never ``eval``): ``2.5``,
``(-1, 1)``, ``True``, ``None``, ``'memo'``. A plain word that is no literal is the string it
spells (``-o method=memo``), and ``module:name`` names a function to import, for the options
that take one (``-o evaluate=mygames.bones:guess``), from the current directory or the
installed packages, as a game of one's own is. The name must be one of the searcher's keyword
parameters; the options the command sets itself (the limits ``--depth`` and ``--time``, the
progress callback) are refused with a pointer to the flag that sets them.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Callable, Sequence
from typing import Any

from .._import_path import Unresolved, resolve
from ..errors import InvalidSearchOptionError
from ..searchers import FIELDS, SEARCHERS, find_searcher, with_names

Options = tuple[tuple[str, Any], ...]
"""A searcher's options as ``(name, value)`` pairs, in the order given."""

_WORD = re.compile(r"[A-Za-z_][\w-]*")
_IMPORT_PATH = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*")

FLAGS = {"depth": "--depth N", "time_limit": "--time S"}
"""Options the command's own flags set."""

_SET_BY_THE_COMMAND = frozenset(
    {"game", "state", "on_iteration", "trace", "progress", "tree", "table", "path", "executor"}
)
"""Keywords the command passes itself (or that need an object no literal makes)."""


def parse_options(
    assignments: Sequence[str], searcher: str, function: Callable[..., Any], *, flag: str = "-o"
) -> Options:
    """The options ``NAME=VALUE`` for ``searcher`` (the function ``function``), checked.

    Raises:
        InvalidSearchOptionError: not ``NAME=VALUE``, a name that is not one of the searcher's
            keyword parameters (the message lists them), an option the command sets through a
            flag, one given twice, or a ``module:name`` that does not import.
    """
    valid = settable(function, searcher)
    found: dict[str, Any] = {}
    for assignment in assignments:
        name, equals, text = assignment.partition("=")
        name = name.strip()
        if not equals or not name:
            raise InvalidSearchOptionError(
                f"{flag} {assignment!r}: give a searcher's option as NAME=VALUE, such as "
                f"{flag} exploration=2"
            )
        refused = _refused_limit(searcher, name)
        if refused:
            raise InvalidSearchOptionError(f"{flag} {name}: {refused}")
        if name in FLAGS:
            raise InvalidSearchOptionError(
                f"{flag} {name}: the command sets {name} itself: give {FLAGS[name]}"
            )
        if name not in valid:
            raise InvalidSearchOptionError(
                f"{flag} {name}: {searcher} has no option {name!r}; its options are "
                f"{', '.join(valid) or 'none'}"
            )
        if name in found:
            raise InvalidSearchOptionError(f"{flag} {name}: given twice")
        found[name] = parse_value(text.strip(), f"{flag} {name}")
    return tuple(found.items())


def settable(function: Callable[..., Any], searcher: str | None = None) -> list[str]:
    """The keyword parameters of ``function`` that ``-o`` may set, sorted.

    Not the limits ``searcher`` (a name of the registry) cannot keep, which its signature
    names only to refuse them, nor ``limit``, whose ``Limit`` no literal makes: the limits it
    keeps are ``-o NAME=N`` of their own, or the flags ``--depth`` and ``--time``.
    """
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):  # pragma: no cover - every searcher has a signature
        return []
    kinds = (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    names = {p.name for p in parameters if p.kind in kinds}
    refused = {"limit"}
    if searcher is not None:
        row = find_searcher(searcher)
        refused |= {row.keyword(field) for field in FIELDS if field not in row.limits}
    return sorted(names - _SET_BY_THE_COMMAND - set(FLAGS) - refused)


def flags(searcher: str) -> list[str]:
    """The command's flags that limit ``searcher``, from its row: only those it takes.

    ``--depth N`` for the depth, ``--time S`` for the time limit, ``-o node_limit=N`` and
    ``-o iterations=N`` (under the searcher's keyword) for the counts.

    >>> flags("dfpn"), flags("alphabeta"), flags("solve")
    (['--time S', '-o node_limit=N'], ['--depth N'], [])
    """
    row = find_searcher(searcher)
    said = {"depth": "--depth N", "time_limit": "--time S"}
    return [said.get(field, f"-o {row.keyword(field)}=N") for field in row.limits]


def in_words(options: Sequence[str]) -> str:
    """``options`` in prose, the last after "or": ``"--time S or -o node_limit=N"``."""
    listed = list(options)
    return " or ".join([", ".join(listed[:-1]), listed[-1]]) if len(listed) > 1 else "".join(listed)


def _refused_limit(searcher: str, name: str) -> str:
    """Why ``searcher`` refuses the limit ``name`` (a keyword of a field it cannot keep), or ""."""
    row = find_searcher(searcher)
    for field in FIELDS:
        if row.keyword(field) == name and field not in row.limits:
            own = flags(searcher)
            keeps = f"it takes {in_words(own)}" if own else "it takes no limit"
            offered = [other.name for other in SEARCHERS if other.command and field in other.limits]
            return (
                f"{searcher} cannot keep {name}: {keeps}. The command's searchers that take "
                f"{field} are {with_names(offered)}"
            )
    return ""


def parse_value(text: str, where: str) -> Any:
    """The value written as ``text``: a literal, a plain word (a string) or ``module:name``.

    Raises:
        InvalidSearchOptionError: none of these, or an import path that does not import.
    """
    try:
        return ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        pass
    if _WORD.fullmatch(text):
        return text
    if _IMPORT_PATH.fullmatch(text):
        return _imported(text, where)
    raise InvalidSearchOptionError(
        f"{where}={text!r}: a value is a Python literal (2.5, (-1, 1), True, 'text'), a plain "
        f"word, or module:name for a function"
    )


def _imported(path: str, where: str) -> Any:
    try:
        return resolve(path)
    except Unresolved as unresolved:
        module_name, exc = unresolved.module, unresolved.cause
        if exc is None:
            raise InvalidSearchOptionError(
                f"{where}: {module_name!r} has no {unresolved.attribute!r}"
            ) from None
        raise InvalidSearchOptionError(
            f"{where}: cannot import {module_name!r} ({type(exc).__name__}: {exc})"
        ) from exc


def describe(options: Options) -> str:
    """The options as the command line gives them: ``exploration=2, iterations=500``."""
    return ", ".join(f"{name}={_shown(value)}" for name, value in options)


def _shown(value: Any) -> str:
    if callable(value):
        module = getattr(value, "__module__", "?")
        return f"{module}:{getattr(value, '__qualname__', repr(value))}"
    return repr(value)
