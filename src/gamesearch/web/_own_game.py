"""A game of the reader's own, typed into the page: checked, then searched step by step.

This is the one place the page runs code, and only code the reader typed and asked to run
(a link never carries code: :func:`gamesearch.web._runtime.link`). The text is saved as a module
in a folder of its own and imported as ``gamesearch play`` imports ``module:Class``
(:func:`gamesearch.games.registry.find_game`), under a new name each time so that an edit is
seen. The game is checked by :func:`gamesearch.conformance.check_game` before any search: a
game that breaks the protocol gets the checker's report, not a search that goes wrong.

The page never shows a Python traceback: an error of the reader's code is told as Python's
last line (``ZeroDivisionError: division by zero``) and where in their code it happened (the
line and the method); a mistake of theirs in the page's fields is told beside that field.
Searches obey the library's rules: a depth limit needs an evaluation (the game's ``evaluate``,
or 0 for every unfinished position if the reader chose it, labelled), else it is refused with
the library's message, as Python refuses it.
"""

from __future__ import annotations

import ast
import atexit
import functools
import itertools
import json
import shutil
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..capabilities import Capabilities
from ..conformance import ConformanceReport, check_game
from ..errors import (
    GameProtocolError,
    GameSearchError,
    InvalidSearchOptionError,
    SearchTooDeepError,
    UnsupportedGameError,
)
from ..frontdoor.board import player_name
from ..frontdoor.making import make_game
from ..result import SearchResult
from ..twoplayer.alphabeta import alphabeta
from ._params import split_parameters
from ._positions import Refused
from ._recording import Recording, TooBig
from ._values import plain, worded

__all__ = ["game_class", "own_game"]

Tell = Callable[[str], object]

_NUMBERS = itertools.count(1)
_MOST_DEPTH = 42
_MOST_OUTCOMES = 12


def _quiet(line: str) -> None:
    """A ``tell`` that tells no one."""


def game_class(source: str, name: str) -> str:
    """The class of the game in ``source``: ``name`` if given, else the one with initial_state.

    Read from the syntax alone, before anything runs.

    Raises:
        Refused: ``source`` is not Python (``source``), ``name`` is not a class in it
            (``class-name``), or no class or more than one defines ``initial_state``.
    """
    if not source.strip():
        raise Refused("source", "paste a game first: the text is empty")
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise Refused("source", f"the game is not Python: line {exc.lineno}: {exc.msg}") from exc
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    names = [node.name for node in classes]
    if name:
        if name not in names:
            raise Refused(
                "class-name",
                f"no class {name[:40]!r} in the game; its classes are {', '.join(names) or 'none'}",
            )
        return name
    games = _games(classes)
    if len(games) != 1:
        found = f"{', '.join(games)} each define or inherit" if games else "no class defines"
        raise Refused("class-name", f"name the game's class: {found} initial_state")
    return games[0]


def _games(classes: list[ast.ClassDef]) -> list[str]:
    """The classes that define ``initial_state``, or inherit it from one of ``classes``."""
    games = [node.name for node in classes if "initial_state" in _methods(node)]
    grown = True
    while grown:
        heirs = [
            node.name
            for node in classes
            if node.name not in games
            and any(isinstance(base, ast.Name) and base.id in games for base in node.bases)
        ]
        games += heirs
        grown = bool(heirs)
    return [node.name for node in classes if node.name in games]


def _methods(node: ast.ClassDef) -> set[str]:
    """The names of the methods the class ``node`` defines itself."""
    return {member.name for member in node.body if isinstance(member, ast.FunctionDef)}


@functools.cache
def _folder() -> Path:
    """The folder the typed modules are saved in, made on first use and put on ``sys.path``.

    Pyodide's file system lives in the page's memory: nothing is written to the reader's disk.
    Elsewhere (the tests, a script) the folder is removed when the interpreter exits.
    """
    folder = Path(tempfile.mkdtemp(prefix="gamesearch-own-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    sys.path.insert(0, str(folder))
    return folder


def _yours(exc: BaseException, module: str) -> str:
    """The reader's error as Python's last line, and where in their code it happened.

    Only the frames of the reader's module are named (its line and function): never the
    library's or the page's own files.
    """
    mine = [
        frame
        for frame in traceback.extract_tb(exc.__traceback__)
        if Path(frame.filename).stem == module
    ]
    last = "".join(traceback.format_exception_only(exc)).strip()
    if not mine:
        return last
    frame = mine[-1]
    where = f"line {frame.lineno} of your game" + (
        "" if frame.name == "<module>" else f", in {frame.name}"
    )
    code = f": {frame.line.strip()}" if frame.line else ""
    return f"{last}\n  ({where}{code})"


def _load(source: str, name: str, params: str, module: str) -> tuple[Any, Capabilities, Any]:
    """The game made by the class ``name`` of ``source``, saved as ``module`` and imported."""
    (_folder() / f"{module}.py").write_text(source, encoding="utf-8")
    try:
        spec, game, members = make_game(f"{module}:{name}", split_parameters(params), "solve")
    except InvalidSearchOptionError as exc:
        raise Refused("own-params", str(exc).replace(f"{module}:", "")) from exc
    return game, members, spec


def _forget(module: str, limit: int) -> None:
    """Let go of a typed module once answered, and of what it changed that later games see.

    The page's Python is shared by every game typed into it (the page also gives each a fresh
    worker): the recursion limit goes back to ``limit``, and every module imported from the
    folder of typed modules (``module`` and any the reader's code saved beside it) is dropped.
    """
    sys.setrecursionlimit(limit)
    folder = _folder()
    for name, loaded in list(sys.modules.items()):
        where = getattr(loaded, "__file__", None)
        if name == module or (isinstance(where, str) and Path(where).parent == folder):
            sys.modules.pop(name, None)
    (folder / f"{module}.py").unlink(missing_ok=True)


def _kept_limit(limit: int) -> str:
    """Put back the recursion limit ``limit`` if the reader's code changed it, and say so.

    The browser's stack holds far fewer frames than a computer's: a raised limit lets a deep
    game crash the page's Python rather than be refused in words.
    """
    changed = sys.getrecursionlimit()
    if changed == limit:
        return ""
    sys.setrecursionlimit(limit)
    return (
        f"\n(your game set the recursion limit to {changed:,}: the page keeps it at {limit:,}, "
        "which the browser's stack holds)"
    )


def _depth(depth: object) -> int | None:
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= _MOST_DEPTH:
        raise Refused(
            "own-depth",
            f"the depth must be a whole number from 0 (to the end) to {_MOST_DEPTH}, not "
            f"{'nothing' if depth is None else str(depth)[:20]}",
        )
    return depth or None


def _evaluation(members: Capabilities, evaluation: object, depth: int | None) -> tuple[Any, str]:
    """The evaluation of a depth limit the reader chose, and its words."""
    if evaluation not in ("own", "zero", "none"):
        raise Refused("own-evaluation", "the evaluation must be own, zero or none")
    if depth is None:
        return None, ""
    if evaluation == "zero":
        return (lambda state, player: 0.0), "0 for every unfinished position (a blind estimate)"
    if evaluation == "own" and members.evaluate is not None:
        return None, "your game's evaluate"
    return None, ""


def _outcomes(tree: Recording | None, game: Any) -> str:
    """The first player's utilities at the end positions the search met, in words."""
    if tree is None or not tree.trees:
        return "the game's outcomes were not recorded"
    seen: set[float] = set()
    for node in tree.nodes():
        if node.terminal and node.visited and len(seen) < _MOST_OUTCOMES:
            seen.add(float(game.utility(node.state, 0)))
    if not seen:
        return "this search met no end of the game: every line it searched stopped at its depth"
    listed = ", ".join(f"{value:+g}" for value in sorted(seen))
    return f"the end positions this search met are worth {listed} to the first player"


def _search(
    game: Any, members: Capabilities, spec: Any, depth: int | None, evaluation: object, tell: Tell
) -> dict[str, Any]:
    """Alpha-beta on ``game`` from its start, recorded, and its step-through page."""
    evaluate, words = _evaluation(members, evaluation, depth)
    options: dict[str, Any] = {} if depth is None else {"depth": depth, "evaluate": evaluate}
    tree: Recording | None = Recording(game, tell)
    try:
        result: SearchResult[Any] = alphabeta(game, trace=tree, **options)
    except TooBig:
        tell("too many steps to record: searching for the value alone")
        tree = None
        result = alphabeta(game, **options)
    except InvalidSearchOptionError as exc:
        raise Refused("own-depth", str(exc)) from exc
    whom = player_name(spec, result.player)
    how = "proven by alpha-beta" if result.exact else f"at depth {depth}, scored by {words}"
    value = worded(result.value, whom, exact=result.exact, how=how, scale=_outcomes(tree, game))
    found: dict[str, Any] = {"value": value, "nodes": result.stats.nodes}
    found["page"] = tree.page() if tree is not None else None
    return found


def own_game(
    source: object,
    name: object,
    params: object,
    depth: object,
    evaluation: object = "own",
    tell: Tell = _quiet,
) -> str:
    """Check the game typed as ``source`` and step through alpha-beta on it.

    Args:
        source: The game's module, as the reader typed it (docs/own-game.md's TakeAway, say).
        name: Its class, or ``""`` to take the one class that defines ``initial_state``.
        params: Its constructor's parameters, ``name=value`` separated by commas or spaces
            (``rows=1, cols=2`` or ``rows=1 cols=2``), as ``gamesearch play -p`` reads each.
        depth: Alpha-beta's depth in plies, ``0`` for the whole game.
        evaluation: What scores a depth limit: ``own`` (the game's ``evaluate``; without one a
            depth is refused, as in Python), ``zero`` (0 for every unfinished position) or
            ``none`` (refused).
        tell: Told the search's progress while it runs.

    Returns:
        JSON: ``ok`` and ``report`` (the conformance checker's report, or why the game could
        not be checked or searched, never a traceback); ``field`` (the page's control a
        refusal concerns); when ``ok``, also ``page`` (the step-through page; ``None`` for a
        search too big to record), ``value`` (in words: exact or an estimate, for whom, and
        the utilities met) and ``nodes``; ``stopped`` when the reader stopped it.
    """
    module = f"gamesearch_own_game_{next(_NUMBERS)}"
    limit = sys.getrecursionlimit()
    try:
        return json.dumps(plain(_answer(source, name, params, depth, evaluation, tell, module)))
    except KeyboardInterrupt:
        return json.dumps({"ok": False, "stopped": True, "report": "stopped", "field": None})
    except SystemExit as exc:
        said = (
            f"your game's code called sys.exit({exc.code!r}): the page's Python does not exit; "
            "a game's module should define the game, not end the program"
        )
        return json.dumps({"ok": False, "report": said, "field": "source"})
    finally:
        _forget(module, limit)


def _answer(
    source: object,
    name: object,
    params: object,
    depth: object,
    evaluation: object,
    tell: Tell,
    module: str,
) -> dict[str, Any]:
    """:func:`own_game`'s answer, the game's source saved and imported as ``module``."""
    try:
        if not all(isinstance(text, str) for text in (source, name, params)):
            raise Refused("source", "the game, its class and its parameters must be text")
        plies = _depth(depth)
        limit = sys.getrecursionlimit()
        game, members, spec = _load(str(source), game_class(str(source), str(name)), str(params),
                                    module)  # fmt: skip
        kept = _kept_limit(limit)
        tell("checking the game")
        report = check_game(game)
    except Refused as exc:
        return {"ok": False, "report": str(exc), "field": exc.field}
    except GameProtocolError as exc:  # where in the reader's code: "of your game"
        said = str(exc).replace(f"of {module}.py", "of your game")
        return {"ok": False, "report": f"the conformance checker: {said}", "field": "source"}
    except GameSearchError as exc:
        cause = exc.__cause__
        if isinstance(cause, Exception) and not isinstance(cause, GameSearchError):
            return {"ok": False, "report": f"your game failed: {_yours(cause, module)}",
                    "field": "source"}  # fmt: skip
        return {"ok": False, "report": str(exc).replace(f"{module}:", ""), "field": "source"}
    except Exception as exc:  # the reader's code failed: where, in their code
        return {
            "ok": False,
            "report": f"your game failed: {_yours(exc, module)}",
            "field": "source",
        }
    checked = _checked(report) + kept
    try:
        found = _search(game, members, spec, plies, evaluation, tell)
    except Refused as exc:
        return {"ok": False, "report": f"{checked}\nthe search: {exc}", "field": exc.field}
    except SearchTooDeepError:
        return {"ok": False, "report": f"{checked}\nthe search: {_too_deep()}", "field": "source"}
    except UnsupportedGameError as exc:
        return {"ok": False, "report": f"{checked}\nthe search: {_unsupported(exc)}",
                "field": "source"}  # fmt: skip
    except GameSearchError as exc:
        return {"ok": False, "report": f"{checked}\nthe search: {exc}", "field": "source"}
    except Exception as exc:  # the reader's code failed during the search
        return {"ok": False, "report": f"{checked}\nthe search stopped: your game failed: "
                f"{_yours(exc, module)}", "field": "source"}  # fmt: skip
    return {"ok": True, "report": checked, "field": None, **found}


def _checked(report: ConformanceReport) -> str:
    """The checker's report in the page's words: what it checked, and how to check the rest.

    >>> print(_checked(ConformanceReport(10_000, 12, False, 100)))
    checked 10,000 states (12 terminal), not every reachable state: the first 10,000 found \
breadth first, then 100 random lines of play to the end. The page checks no more; in Python, \
check_game(game, max_states=1_000_000) checks every state
    """
    if report.exhaustive:
        return str(report)
    more = max(10 * report.max_states, 1_000_000)
    return (
        f"checked {report.states:,} states ({report.terminal:,} terminal), not every reachable "
        f"state: the first {report.max_states:,} found breadth first, then {report.lines:,} "
        "random lines of play to the end. The page checks no more; in Python, "
        f"check_game(game, max_states={more:_}) checks every state"
    )


def _too_deep() -> str:
    """Why a game too deep for the page's Python is not searched, and what to do."""
    return (
        f"alpha-beta went deeper than the page's Python can ({sys.getrecursionlimit():,} frames, "
        "what the browser's stack holds): the game is too deep to search to its end here. Give "
        "a depth (scored by your game's evaluate, or by 0 for every unfinished position), "
        "search a smaller game, or run it in Python on your computer, where you may also raise "
        "sys.setrecursionlimit()"
    )


def _unsupported(exc: UnsupportedGameError) -> str:
    """A game alpha-beta does not search: what the page can do, and the Python call for it."""
    return (
        "the page steps through alpha-beta, for two-player games without chance moves; "
        f"in Python: {exc}"
    )
