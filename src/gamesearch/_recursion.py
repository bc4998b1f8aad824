"""Deep searches: a recursion error explained, and a fresh frame-stack chunk to recurse on.

A ``RecursionError`` becomes a cycle found or a game too deep to search to its end; and a
search's recursion starts at the beginning of a chunk of CPython's frame stack of its own.
"""

from __future__ import annotations

import sys
from _thread import allocate_lock  # threading.Lock, without loading threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from .errors import CyclicGameError, SearchTooDeepError
from .searchers import SEARCHERS, find_searcher

__all__ = [
    "cycle_error",
    "on_fresh_stack",
    "raised_recursion_limit",
    "recursion_guard",
    "recursion_limit",
    "stopping_sooner",
]

_T = TypeVar("_T")


def stopping_sooner(searcher: str) -> str:
    """What stops ``searcher`` short of the end of the game, from its row: only what it takes.

    A searcher that takes a depth: ``depth=N`` with an evaluation (and a time or node limit,
    if it deepens by itself); one that takes none (a proof search, the table solvers): the
    searchers of the same kinds of game that take one.

    >>> stopping_sooner("alphabeta")
    'pass depth=N with an evaluate function'
    >>> print(stopping_sooner("pns"))
    pns searches to the end of the game and takes no depth: search it with iterative_deepening, \
minimax or alphabeta, with depth=N and an evaluate function
    """
    name = searcher.split(" ")[0]  # a name the loops give with its option: "expectiminimax (...)"
    if name not in {row.name for row in SEARCHERS}:
        return "pass depth=N with an evaluate function"
    row = find_searcher(name)
    if "depth" in row.limits:
        others = [field for field in ("time_limit", "node_limit") if field in row.limits]
        more = f", or {' or '.join(f'{field}=...' for field in others)}" if others else ""
        return f"pass depth=N with an evaluate function{more}"
    players = 2 if row.players == "two" else 3
    takers = sorted(
        (
            other
            for other in SEARCHERS
            if "depth" in other.limits
            and other.command
            and other.accepts(players=players, chance=row.chance, hidden=row.hidden)
        ),
        key=lambda other: "time_limit" not in other.limits,  # one that deepens by itself first
    )
    said = f"{name} searches to the end of the game and takes no depth"
    if not takers:
        return said
    names = [other.name for other in takers[:3]]
    listed = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]
    return f"{said}: search it with {listed}, with depth=N and an evaluate function"


def cycle_error(state: object, searcher: str) -> CyclicGameError:
    """The error for a state that repeats on the line being searched without a depth limit.

    What it suggests is what ``searcher`` takes (:func:`stopping_sooner`).
    """
    return CyclicGameError(
        f"{searcher}: state {state!r} repeats on the line being searched (or game.key gives it "
        "the key of a state above it), so the game has a cycle and a search to its end would "
        f"never finish: {stopping_sooner(searcher)}"
    )


class _Raised:
    """The recursion limit the program set, kept while searches run with it raised.

    The recursion limit is one per process, and searches may run on several threads at once
    (``parallel_search`` and the solvers on a thread pool): each saving the limit it found and
    putting it back would let a search save another's raised limit and leave it raised for
    good (and the limit grew by a factor at every overlap). So the searches running with it
    raised are counted under a lock: the first saves the program's limit, the last puts it back.
    """

    def __init__(self) -> None:
        self.lock = allocate_lock()
        self.running = 0
        self.base = 0


_RAISED = _Raised()


def recursion_limit() -> int:
    """The recursion limit the program set: not the raised one while a search runs with it raised.

    >>> recursion_limit() == sys.getrecursionlimit()
    True
    """
    with _RAISED.lock:
        return _RAISED.base if _RAISED.running else sys.getrecursionlimit()


@contextmanager
def raised_recursion_limit(factor: int) -> Iterator[int]:
    """Run with the recursion limit ``factor`` times the program's; yield the program's.

    For a loop that takes ``factor`` Python frames a ply where the plain loops take one, so
    that it reaches their depth. Safe on threads: the limit is put back when the last search
    running with it raised ends (see :class:`_Raised`).

    >>> before = sys.getrecursionlimit()
    >>> with raised_recursion_limit(3) as limit:
    ...     (limit == before, sys.getrecursionlimit() == 3 * before)
    (True, True)
    >>> sys.getrecursionlimit() == before
    True
    """
    with _RAISED.lock:
        if not _RAISED.running:
            _RAISED.base = sys.getrecursionlimit()
        _RAISED.running += 1
        base = _RAISED.base
        if sys.getrecursionlimit() < base * factor:
            sys.setrecursionlimit(base * factor)
    try:
        yield base
    finally:
        with _RAISED.lock:
            _RAISED.running -= 1
            if not _RAISED.running:
                sys.setrecursionlimit(_RAISED.base)



@contextmanager
def recursion_guard(
    searcher: str,
    line: list[Any] | None = None,
    key: Callable[[Any], Any] | None = None,
    *,
    frames_per_ply: int = 1,
) -> Iterator[None]:
    """Turn a :class:`RecursionError` from a search into the error that explains it.

    Args:
        searcher: The public name of the searcher, for the message.
        line: A list the search's frames append their states to as a ``RecursionError``
            unwinds them (a ``try`` costs nothing until it raises): the line being searched,
            deepest first. A state met twice on it means a cycle.
        key: ``game.key``, to compare states by, if the game has one.
        frames_per_ply: The Python frames the search takes per ply. A search that takes more
            than one (the chance loop takes three: a node's MAX, MIN or chance procedure, its
            step to a child, the descent into it) runs with the recursion limit raised by as
            much, so that every searcher reaches the same depth; the limit is put back
            afterwards.

    Raises:
        CyclicGameError: a state repeats on ``line``.
        SearchTooDeepError: the line is simply longer than Python's recursion limit.
    """
    with raised_recursion_limit(frames_per_ply) as saved:
        try:
            yield
        except SearchTooDeepError:
            raise
        except RecursionError as exc:
            repeated = _repeated(line, key) if line else None
            if repeated is not None:
                raise cycle_error(repeated, searcher) from exc
            raise SearchTooDeepError(
                f"{searcher} went deeper than Python's recursion limit "
                f"({saved} frames): the game is too deep to search to its end: "
                f"{stopping_sooner(searcher)}; or raise sys.setrecursionlimit()"
            ) from exc


def _repeated(line: list[Any], key: Callable[[Any], Any] | None) -> Any:
    """The first state of ``line`` (deepest first) that it holds twice, or ``None``."""
    seen = set()
    try:
        for state in line:
            marker = state if key is None else key(state)
            if marker in seen:
                return state
            seen.add(marker)
    except TypeError:  # unhashable states: compare them one by one
        for index, state in enumerate(line):
            if state in line[index + 1 :]:
                return state
    return None


def on_fresh_stack(function: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
    """Call ``function(*args)`` at the start of a fresh frame-stack chunk.

    CPython 3.11 and later keep Python frames in chunks (16 KB at first) and free a chunk as
    soon as the frame at its start returns. A recursive search whose deepest, most frequent
    calls (a game's ``result``, ``utility``...) straddle a chunk boundary then maps and unmaps
    a chunk at every such call: measured at tens of thousands of ``mmap``/``munmap`` pairs a
    search, which made the same search 2 to 7 times slower depending only on how deep its
    caller's stack happened to be. This function's frame is made larger than a chunk (its code
    declares a value stack of ``_FRAME_SLOTS`` slots, which it never uses), so CPython gives it
    a chunk of its own (64 KB), and the search called from it runs in the ~30 KB left there: a
    search of up to ~100 frames deep never crosses a boundary, and a deeper one crosses at the
    same depths wherever it is called. The price is one chunk mapped and unmapped a search
    (~20 us measured; the slots are never written, so only the pages the search uses are
    touched). On other interpreters it is an ordinary call.

    >>> on_fresh_stack(divmod, 17, 5)
    (3, 2)
    """
    return function(*args, **kwargs)


_FRAME_SLOTS = 4200
"""The value-stack slots :func:`on_fresh_stack`'s code declares: about 33 KB, over a chunk."""

if sys.implementation.name == "cpython":
    # Only the declared size changes: the frame is pushed with room for the slots, which are
    # neither initialised nor cleared (unlike local variables), so the call stays cheap.
    on_fresh_stack.__code__ = on_fresh_stack.__code__.replace(co_stacksize=_FRAME_SLOTS)
