"""Deep searches: a recursion error explained, and a fresh frame-stack chunk to recurse on.

A ``RecursionError`` becomes a cycle found or a game too deep to search to its end; and a
search's recursion starts at the beginning of a chunk of CPython's frame stack of its own.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from ._validation import cycle_error
from .errors import SearchTooDeepError

__all__ = ["on_fresh_stack", "recursion_guard"]

_T = TypeVar("_T")



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
        frames_per_ply: The Python frames the search takes per ply. A search that takes two
            (the traced Star1 loop: a node's search, then its MAX, MIN or chance procedure) runs
            with the recursion limit raised by as much, so that every searcher reaches the
            same depth; the limit is put back afterwards.

    Raises:
        CyclicGameError: a state repeats on ``line``.
        SearchTooDeepError: the line is simply longer than Python's recursion limit.
    """
    saved = sys.getrecursionlimit()
    if frames_per_ply > 1:
        sys.setrecursionlimit(saved * frames_per_ply)
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
            f"({saved} frames): the game is too deep to search to its end. "
            "Pass depth=N with an evaluate function, or raise sys.setrecursionlimit()"
        ) from exc
    finally:
        sys.setrecursionlimit(saved)


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
