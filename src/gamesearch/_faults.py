"""A game's faults that a search meets, named: a ``result`` changing its state, a member raising.

Every public searcher is :func:`examined`, which costs a search one call of the
game's ``result``, three copies of the root and the check after an answer below (none of
these for a root :func:`~gamesearch._validation.made_of_immutables`: numbers, strings, tuples
and named tuples, frozensets of these; nothing can change it), and the loops nothing:

- At the entry, :func:`probe` plays the root's first action on a copy of the root: a game
  whose ``result`` changes the state it is given (a list or a board object edited in place)
  is refused at once, with :func:`~gamesearch._validation.mutation_error`, which names
  ``result``. Let through, such a game misleads every search: its states change under the
  search's feet, and the search says what it saw, a state "not terminal but without
  actions", a cycle, an action the game calls illegal, or an answer that is simply wrong.
- When the search fails, the failure is examined before it goes on: a ``result`` that
  changes a state at the root or a few plies below it (:func:`fault_below`, on copies, which
  also names an ``actions`` that returns no sequence and a state that cannot be hashed) is
  the failure's cause, and is raised instead (the search's own error follows from it); an error
  raised by one of the game's members itself (a ``ValueError`` of its ``result`` for an
  action its ``actions`` listed) is raised as a :class:`~gamesearch.GameProtocolError` that
  names the member and what it was given (:func:`member_error`).
- When the search answers and its root is an object ``result`` could change (``copy.deepcopy``
  gives a new one), the distinct states breadth first from the root have their actions
  played on deep copies (:func:`fault_below`): always the first 64 actions (none after a
  search given a ``time_limit``, whose deadline comes first), then more for 2 ms or a tenth
  of the search's own time, whichever is longer, up to :data:`_BELOW` states, and never
  past :data:`_MOST_AFTER` (or that tenth). A ``result`` that changed a state there
  withholds the answer, which rested on states that changed under the search. A state whose
  copy takes more than :data:`~gamesearch._validation.COPY_SECONDS` is not copied, so not
  checked. A change only deeper, or past that time, goes unseen by the searchers:
  :func:`gamesearch.conformance.check_game` checks every state, and every refusal names it.

>>> class Tally:  # a count kept in a dict, which result adds to in place
...     num_players = 1
...     def initial_state(self): return {"count": 0}
...     def to_move(self, state): return 0
...     def actions(self, state): return [] if state["count"] == 3 else [1]
...     def result(self, state, action): state["count"] += action; return state
...     def is_terminal(self, state): return state["count"] == 3
...     def utility(self, state, player): return 1.0
>>> try:
...     probe(Tally(), {"count": 0})
... except GameProtocolError as error:
...     print(str(error).split(";")[0])
result(state, action) changed the state it was given, from {'count': 0} to {'count': 1}
"""

from __future__ import annotations

import functools
import importlib
import math
import os
import sys
import time
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar, cast

from ._problems import Problems, Trail
from ._validation import (
    actions_kind_error,
    changed,
    deep_copy,
    made_of_immutables,
    mutation_error,
    safe_repr,
    snapshot,
)
from .capabilities import Capabilities
from .errors import (
    GameProtocolError,
    GameSearchError,
    IllegalActionError,
    InvalidSearchOptionError,
    UnsupportedGameError,
    short_repr,
)

__all__ = [
    "MEMBERS", "examined", "examining", "fault_below", "member_error", "probe", "report_raised",
    "type_break",
]  # fmt: skip

_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T")

MEMBERS = frozenset({
    "initial_state", "to_move", "actions", "result", "is_terminal", "utility",
    "chance_outcomes", "information_set", "sample_state", "key", "solving_key", "order",
    "evaluate", "children", "non_losing_actions", "non_losing_children", "must_play",
    "proven_value", "features", "region", "legal_actions", "utility_bounds",
})  # fmt: skip
"""The names of the game's members a search calls: the protocol's and the optional ones."""

_BELOW = 200
"""The most states :func:`fault_below` plays the actions of."""

_FLOOR_AFTER = 64
"""The actions the check after an answer always plays (but after a search with a time limit,
whose deadline comes first); see :func:`examined`."""
_LEAST_AFTER = 0.002
"""The seconds the check after an answer goes on for past its floor, at least ..."""
_SHARE_AFTER = 0.1
"""... or this share of the search's own time, if longer."""
_MOST_AFTER = 0.5
"""The seconds past which the check after an answer stops, its floor played or not (or its
share of the search's time, if longer): each copy of a state of a million values costs
milliseconds, and the 64 of the floor took 36 s (the adversary's walk, 2026-12-02)."""
_AFTER_ANSWER = (
    "found after the search answered, by the check of the first states below the root "
    "(its answer rested on states that changed under it, and is withheld)"
)

_DUTIES = {
    "result": "result(state, action) must take every action that actions(state) lists",
    "actions": "actions(state) must answer at every state that is not terminal",
    "to_move": "to_move(state) must answer at every state that is not terminal",
    "utility": "utility(state, player) must answer at every terminal state, for every player",
    "is_terminal": "is_terminal(state) must answer at every state",
}
"""What each member owes a search, for the message of one that raised."""


def probe(game: Any, root: Any) -> None:
    """Raise :func:`mutation_error` if ``game.result`` changes a copy of ``root`` it is given.

    The root's first action is played on a deep copy of it, compared with another copy (by
    ``==``, or by ``repr`` for states equal only to themselves). A root that cannot be copied,
    is terminal, or makes a member raise is let through: the search meets what it meets.
    (:func:`examined` does not call it for a root made of immutable values.)

    Raises:
        GameProtocolError: ``result`` changed the state it was given.
    """
    try:
        if game.is_terminal(root):
            return
        actions = game.actions(root)
        if not actions:
            return
        played = deep_copy(root)
        taken = snapshot(played)
        game.result(played, actions[0])
    except Exception:  # whatever the game raises, the search meets and names
        return
    if changed(played, taken):
        raise mutation_error(played, taken)


def _key_of(game: Any) -> Callable[[Any], Any] | None:
    """The game's ``key`` from its record, or ``None`` (also for a game whose record is refused)."""
    try:
        return Capabilities.of(game).key
    except GameSearchError:
        return None


def fault_below(
    game: Any,
    root: Any,
    seconds: float = math.inf,
    calls: int = 0,
    *,
    keyed: bool = True,
    most: float = math.inf,
) -> GameProtocolError | None:
    """The error of a protocol break the search's own loops do not name, if one is found.

    The distinct states (by ``key``, or by ``==`` and ``hash``) are walked breadth first from
    ``root``, up to :data:`_BELOW` of them, each action played on a deep copy of its state; the
    walk stops once it has played ``calls`` actions (a floor that does not depend on the
    machine's load) and ``seconds`` have passed, or once ``most`` seconds have passed. Found,
    in the order met:
    a ``result`` that changes the state it is given; an ``actions`` that returns no sequence (a
    generator: the searchers take its length and index it); a state (or its ``key``) that
    cannot be hashed (not looked for, and ``key`` not read, unless ``keyed``: the check after
    an answer reads no member the search read once). ``None`` if none is, or if the game
    raised or a state could not be copied (the walk stops there: :func:`member_error` examines
    a game that raises).
    """
    keyfn = _key_of(game) if keyed else None
    name = type(game).__name__
    now = time.perf_counter()
    stop, ceiling = now + seconds, now + most
    pending: deque[Any] = deque([root])
    seen: set[Any] = set()
    walked = played_count = 0
    try:
        while pending and walked < _BELOW:
            state = pending.popleft()
            if _seen_before(state if keyfn is None else keyfn(state), seen):
                continue
            walked += 1
            if game.is_terminal(state):
                continue
            actions = game.actions(state)
            wrong = actions_kind_error(state, actions)
            if wrong is not None:
                return GameProtocolError(f"{name}.{wrong}")
            for action in actions:
                now = time.perf_counter()
                if now >= ceiling or (played_count >= calls and now >= stop):
                    return None
                played_count += 1
                played = deep_copy(state)
                taken = snapshot(played)
                child = game.result(played, action)
                if changed(played, taken):
                    return mutation_error(played, taken)
                unhashable = _unhashable(name, keyfn, state, action, child) if keyed else None
                if unhashable is not None:
                    return unhashable
                pending.append(child)
    except Exception:  # a game that raises is examined by member_error instead
        return None
    return None


def _seen_before(identity: Any, seen: set[Any]) -> bool:
    """Whether ``identity`` is in ``seen`` (added if not); an unhashable one never is."""
    try:
        if identity in seen:
            return True
        seen.add(identity)
    except TypeError:  # a state that cannot be hashed is walked each time it is met
        return False
    return False


def _unhashable(
    name: str, keyfn: Callable[[Any], Any] | None, state: Any, action: Any, child: Any
) -> GameProtocolError | None:
    """The error for a ``child`` of ``state`` (by ``action``) whose identity is unhashable."""
    try:
        hash(child if keyfn is None else keyfn(child))
    except TypeError as exc:
        whose = f"{name}.key({short_repr(child)})" if keyfn is not None else "which"
        return GameProtocolError(
            f"{name}.result({short_repr(state)}, {short_repr(action)}) returned "
            f"{short_repr(child)}, {whose} is not hashable ({exc}); a state must be hashable "
            "(a tuple, a frozen dataclass), or the game's key(state) must give a hashable key"
        )
    return None


_TYPE_BREAKS = ("unhashable type", "generator", "not subscriptable", "has no len()")
"""What a ``TypeError`` of the library's loops says when the game gave them a value of the
wrong kind: a state that cannot be hashed, actions that are no sequence."""


def type_break(searcher: str, error: BaseException) -> GameProtocolError | None:
    """The error for a raw ``TypeError`` of a value of the wrong kind from the game.

    Met deeper than :func:`fault_below` looks, it names what may be wrong and the call that
    finds where; ``None`` for another error.
    """
    said = str(error)
    if isinstance(error, GameSearchError) or not isinstance(error, TypeError):
        return None
    if not any(kind in said for kind in _TYPE_BREAKS):
        return None
    return GameProtocolError(
        f"{searcher}: the game gave a value of the wrong kind ({error}): a state that is not "
        "hashable, or actions that are no sequence (a list or a tuple); "
        "gamesearch.check_game(game) names the member and the line of play"
    )


def member_error(game: Any, error: BaseException) -> GameProtocolError | None:
    """The error that names the member of the game that raised ``error``, if one did.

    ``error`` came out of a search: the deepest frame of its traceback that runs a member of
    a game (a method of one of :data:`MEMBERS`' names) is the member that raised; the message
    names it, with the arguments it was given. ``None`` for an error raised elsewhere (an
    observer, an ``evaluate`` function passed in), and for the library's own errors but an
    :class:`~gamesearch.IllegalActionError` of ``result`` (the search plays only the actions
    the game lists: the game refused one of its own); a part of a parallel search that raised
    stays a :class:`~gamesearch.PartFailedError`, whose message names the part's error.
    """
    if isinstance(error, GameSearchError) and not isinstance(error, IllegalActionError):
        return None
    found = None
    trace = error.__traceback__
    while trace is not None:
        code = trace.tb_frame.f_code
        if code.co_name in MEMBERS and code.co_argcount >= 1:
            arguments = trace.tb_frame.f_locals
            owner = arguments.get(code.co_varnames[0])
            if callable(getattr(owner, code.co_name, None)):
                given = [arguments.get(name) for name in code.co_varnames[1 : code.co_argcount]]
                found = (type(owner).__name__, code.co_name, given)
        trace = trace.tb_next
    if found is None:
        return None
    owner_name, member, given = found
    if member != "result" and isinstance(error, GameSearchError):
        return None
    called = f"{member}({', '.join(short_repr(value) for value in given)})"
    duty = _DUTIES.get(member, f"{member} must answer for every state the game reaches")
    said = str(error) if len(str(error)) <= 200 else f"{str(error)[:197]}..."
    return GameProtocolError(f"{owner_name}.{called} raised {type(error).__name__}: {said}; {duty}")


_EVENTS = "gamesearch.trace.events"
"""The trace's events, which a search loads only when it is traced (about 10 ms, once a
process): :func:`examined` loads them before a traced searcher starts its clock, so that the
first traced search keeps its ``time_limit`` and its ``elapsed`` counts no import. By name: this
module lies below the trace's layer (pyproject.toml, the import contracts), as the package's
lazy names load their modules by name."""


def examined(searcher: _F) -> _F:
    """``searcher``, its game's faults named (see the module): every public searcher is one.

    The searcher's ``game`` is its first argument; its root, its ``state`` (or the first of its
    ``roots``), else the game's initial state. Before the search, :func:`probe` plays the
    root's first action on a copy of it; if the search raises, what it raises is examined
    (:func:`fault_below`, :func:`member_error`, :func:`type_break`), but an error of the
    caller's options or of the kind of game, which the game has no part in; if it answers,
    the first states below a root that can change are checked (:func:`fault_below`, within
    its time: see the module).

    Raises:
        GameProtocolError: ``result`` changes the state it is given (found at the entry, as
            the cause of the search's failure, or among the first states after it answered),
            or a member of the game raised.
    """
    names = _parameters(searcher)
    at_state = names.index("state") if "state" in names else -1
    at_roots = names.index("roots") if "roots" in names else -1

    def root_of(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        state = _argument(args, kwargs, at_state, "state")
        if state is None:
            roots = _argument(args, kwargs, at_roots, "roots")
            if roots:
                return roots[0]
            game: Any = args[0] if args else kwargs.get("game")
            return game.initial_state()
        return state

    @functools.wraps(searcher)
    def search(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("trace") is not None and _EVENTS not in sys.modules:
            importlib.import_module(_EVENTS)  # see _EVENTS
        game = args[0] if args else kwargs.get("game")
        try:
            root = root_of(args, kwargs)
        except Exception:  # no root to look at: the search's own checks say why
            return searcher(*args, **kwargs)
        # Not through examining(): a frame more would cost the search a ply of its recursion.
        fixed = _entered(game, root)
        started = time.perf_counter()
        try:
            found = searcher(*args, **kwargs)
        except Exception as error:
            named = _named(game, root, error, searcher.__name__)
            if named is not None:
                raise named from error
            raise
        _check_after(game, root, fixed, started, timed=_timed(kwargs))
        return found

    return cast(_F, search)


def examining(game: Any, root: Any, run: Callable[[], _T], name: str, *, timed: bool) -> _T:
    """``run()``, a search of ``game`` from ``root`` (or a solver's walk of its tree), examined.

    What :func:`examined` does around a searcher, for a caller that knows its root: a solver
    that walks the game's tree when it is made (:class:`~gamesearch.imperfect.CFRSolver`).
    ``name`` names the caller in a message; ``timed`` says that it was given a time limit.

    Raises:
        GameProtocolError: as :func:`examined`.
    """
    fixed = _entered(game, root)
    started = time.perf_counter()
    try:
        found = run()
    except Exception as error:
        named = _named(game, root, error, name)
        if named is not None:
            raise named from error
        raise
    _check_after(game, root, fixed, started, timed=timed)
    return found


def _entered(game: Any, root: Any) -> bool:
    """Probe ``root`` (:func:`probe`) unless it is made of immutables; whether it is."""
    fixed = made_of_immutables(root)  # nothing can change it: no copies, no checks
    if not fixed:
        probe(game, root)
    return fixed


def _named(game: Any, root: Any, error: Exception, name: str) -> GameProtocolError | None:
    """The game's fault that ``error`` of a search from ``root`` comes from, if one is found.

    None for an error of the caller's options or of the kind of game, which the game has no
    part in.
    """
    if isinstance(error, InvalidSearchOptionError | UnsupportedGameError):
        return None
    return fault_below(game, root) or member_error(game, error) or type_break(name, error)


def _check_after(game: Any, root: Any, fixed: bool, started: float, *, timed: bool) -> None:
    """After an answer: raise if the first states below a ``root`` that can change changed.

    Within its time (see the module); no states are played after a ``timed`` search.
    """
    if fixed or not _can_change(root):
        return
    spent = time.perf_counter() - started
    floor = 0 if timed else _FLOOR_AFTER
    seconds = max(_LEAST_AFTER, _SHARE_AFTER * spent)
    most = max(_MOST_AFTER, seconds)
    mutated = fault_below(game, root, seconds, floor, keyed=False, most=most)
    if mutated is not None:
        raise GameProtocolError(f"{mutated}; {_AFTER_ANSWER}") from None


def _parameters(function: Callable[..., Any]) -> list[str]:
    """The names of ``function``'s parameters, in ``inspect``'s order (positional ones first).

    Read from its code where it has some, without its ``**kwargs``: ``inspect`` (with ``ast``,
    ``dis`` and ``tokenize``, about 5 ms) loads only for a function without ``__code__`` (one
    compiled by mypyc) or with a ``*args``, and gives every name.
    """
    code = getattr(function, "__code__", None)
    if code is None or code.co_flags & _VARARGS:
        import inspect

        return list(inspect.signature(function).parameters)
    return list(code.co_varnames[: code.co_argcount + code.co_kwonlyargcount])


_VARARGS = 0x04
"""``CO_VARARGS``: a ``*args`` comes before the keyword-only names in ``inspect``'s order, and
after them in a code object's."""


def user_stacklevel() -> int:
    """The ``stacklevel`` for ``warnings.warn`` that names the first line outside gamesearch.

    Called by the function that warns: a warning about a search points at the user's call,
    whichever of the library's functions (the searcher, :func:`examined`'s wrapper, a player,
    ``play``) stand between, so that Python shows it once per line of the user's.
    """
    frame = sys._getframe(1)
    level = 1
    while frame.f_back is not None and frame.f_globals.get("__name__", "").startswith(
        "gamesearch."
    ):
        frame, level = frame.f_back, level + 1
    return level


def _timed(kwargs: dict[str, Any]) -> bool:
    """Whether the search was given a ``time_limit`` (by keyword, or in its ``limit``)."""
    limit = kwargs.get("limit")
    return kwargs.get("time_limit") is not None or getattr(limit, "time_limit", None) is not None


def _can_change(root: Any) -> bool:
    """Whether ``root`` is an object a ``result`` could change.

    One that ``copy.deepcopy`` copies at all, and gives a new object for (not a state that
    declares itself immutable); :func:`examined` asks only of a root not
    :func:`~gamesearch._validation.made_of_immutables`.
    """
    try:
        return deep_copy(root) is not root
    except Exception:  # a state that cannot be copied cannot be compared with a copy either
        return False


def _argument(args: tuple[Any, ...], kwargs: dict[str, Any], at: int, name: str) -> Any:
    """The argument of the parameter ``name``, at position ``at`` (-1: none), or ``None``."""
    if 0 <= at < len(args):
        return args[at]
    return kwargs.get(name) if at >= 0 else None


def report_raised(
    game: Any, exc: Exception, state: Any, problems: Problems, line: Trail
) -> None:
    """Report ``exc``, raised while ``state`` (reached by ``line``) was checked.

    The member of the game that raised is named, with what it was given (as a search names it:
    :func:`member_error`); an error raised elsewhere (a state's ``__hash__``
    or ``__eq__``) is reported as the check of the state raising it.
    """
    named = member_error(game, exc)
    raised = _raised_at(exc)
    if named is not None:
        member = str(named).split("(", 1)[0].rsplit(".", 1)[-1]
        problems.add_at(f"raises-{member}", f"{named}{raised}", line)
        return
    where = "the initial state" if state is None and line is None else safe_repr(state)
    problems.add_at(
        f"raises-{type(exc).__name__}",
        f"checking {where} raised {type(exc).__name__}: {short_repr(str(exc))}{raised}",
        line,
    )


def _raised_at(exc: BaseException) -> str:
    """Where ``exc`` was raised: `` (raised at line 12 of mygame.py, in result)``, or ""."""
    trace = exc.__traceback__
    if trace is None:
        return ""
    while trace.tb_next is not None:
        trace = trace.tb_next
    code = trace.tb_frame.f_code
    where = os.path.basename(code.co_filename)
    return f" (raised at line {trace.tb_lineno} of {where}, in {code.co_name})"
