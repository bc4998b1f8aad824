"""A game of the reader's own, typed into the page: checked, then searched step by step.

This is the one place the page runs code, and only code the reader typed and asked to run
(a link never carries code: :func:`gamesearch.web._runtime.link`). The text is saved as a module
in a folder of its own and imported as ``gamesearch play`` imports ``module:Class``
(:func:`gamesearch.games.registry.find_game`), under a new name each time so that an edit is
seen. The game is checked by :func:`gamesearch.conformance.check_game` before any search: a
game that breaks the protocol gets the checker's report, not a search that goes wrong.
"""

from __future__ import annotations

import ast
import functools
import itertools
import json
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any

from ..capabilities import Capabilities
from ..conformance import check_game
from ..errors import GameProtocolError, GameSearchError, InvalidSearchOptionError
from ..frontdoor.making import make_game
from ..trace import SearchTree
from ..twoplayer import alphabeta

_NUMBERS = itertools.count(1)
_MOST_DEPTH = 42


def game_class(source: str, name: str) -> str:
    """The class of the game in ``source``: ``name`` if given, else the one with initial_state.

    Read from the syntax alone, before anything runs.

    Raises:
        InvalidSearchOptionError: ``source`` is not Python, ``name`` is not a class in it, or
            no class or more than one defines ``initial_state`` (the message lists them).
    """
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        where = f"line {exc.lineno}: {exc.msg}"
        raise InvalidSearchOptionError(f"the game is not Python: {where}") from exc
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    names = [node.name for node in classes]
    if name:
        if name not in names:
            raise InvalidSearchOptionError(
                f"no class {name!r} in the game; its classes are {', '.join(names) or 'none'}"
            )
        return name
    games = [node.name for node in classes if "initial_state" in _methods(node)]
    if len(games) != 1:
        found = f"{', '.join(games)} each define" if games else "no class defines"
        raise InvalidSearchOptionError(f"name the game's class: {found} initial_state")
    return games[0]


def _methods(node: ast.ClassDef) -> set[str]:
    """The names of the methods the class ``node`` defines itself."""
    return {member.name for member in node.body if isinstance(member, ast.FunctionDef)}


@functools.cache
def _folder() -> Path:
    """The folder the typed modules are saved in, made on first use and put on ``sys.path``.

    Pyodide's file system lives in the page's memory: nothing is written to the reader's disk.
    """
    folder = Path(tempfile.mkdtemp(prefix="gamesearch-own-"))
    sys.path.insert(0, str(folder))
    return folder


def _load(source: str, name: str, params: list[str], module: str) -> Any:
    """The game made by the class ``name`` of ``source``, saved as ``module`` and imported."""
    (_folder() / f"{module}.py").write_text(source, encoding="utf-8")
    _, game, _ = make_game(f"{module}:{name}", params, "solve")
    return game


def _forget(module: str) -> None:
    """Let go of a typed module once answered: the game keeps what it needs of it alive."""
    sys.modules.pop(module, None)
    (_folder() / f"{module}.py").unlink(missing_ok=True)


def _search(game: Any, depth: int | None) -> dict[str, Any]:
    """Alpha-beta on ``game`` from its start, recorded, and its step-through page."""
    tree = SearchTree(game)
    options: dict[str, Any] = {}
    if depth is not None:
        own = Capabilities.of(game).evaluate or (lambda state, player: 0.0)
        options = {"depth": depth, "evaluate": own}
    result = alphabeta(game, trace=tree, **options)
    return {"page": tree.to_html(), "value": result.value, "nodes": result.stats.nodes}


def own_game(source: str, name: str, params: str, depth: int) -> str:
    """Check the game typed as ``source`` and step through alpha-beta on it.

    Args:
        source: The game's module, as the reader typed it (docs/own-game.md's TakeAway, say).
        name: Its class, or ``""`` to take the one class that defines ``initial_state``.
        params: Its constructor's parameters, ``name=value`` separated by spaces
            (``sticks=7``), as ``gamesearch play -p`` reads them.
        depth: Alpha-beta's depth in plies, ``0`` for the whole game.

    Returns:
        JSON: ``report`` (the conformance checker's report, or the error that stopped the
        check or the import) and ``ok``; when ``ok``, also ``page`` (the step-through page),
        ``value`` (for the first player) and ``nodes``.
    """
    module = f"gamesearch_own_game_{next(_NUMBERS)}"
    try:
        return _answer(source, name, params, depth, module)
    finally:
        _forget(module)


def _answer(source: str, name: str, params: str, depth: int, module: str) -> str:
    """:func:`own_game`'s answer, the game's source saved and imported as ``module``."""
    try:
        if not isinstance(depth, int) or not 0 <= depth <= _MOST_DEPTH:
            raise InvalidSearchOptionError(f"depth must be from 0 to {_MOST_DEPTH}, not {depth!r}")
        game = _load(source, game_class(source, name), params.split(), module)
        report = check_game(game)
    except GameProtocolError as exc:
        return json.dumps({"ok": False, "report": f"the conformance checker: {exc}"})
    except GameSearchError as exc:
        return json.dumps({"ok": False, "report": str(exc)})
    except Exception as exc:  # the reader's code failed: show them where, as Python would
        return json.dumps({"ok": False, "report": "".join(traceback.format_exception(exc))})
    try:
        found = _search(game, depth or None)
    except GameSearchError as exc:
        return json.dumps({"ok": False, "report": f"{report}\nthe search: {exc}"})
    return json.dumps({"ok": True, "report": str(report), **found})
