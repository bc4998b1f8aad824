"""The type of a searcher's ``trace``, named without loading the events it is told.

A search given no trace never loads :mod:`gamesearch.trace.events` (17 frozen dataclasses, about
10 ms of a process's start), yet its signature names :data:`Observer`. The type checker reads
the events' own ``Observer`` (a callable of one :data:`~gamesearch.trace.events.Event`); at run
time, where ``typing.get_type_hints`` or ``inspect.signature(eval_str=True)`` of a searcher
evaluates the name, it is a callable of one value.

>>> import typing
>>> from gamesearch import alphabeta
>>> typing.get_type_hints(alphabeta)["trace"]
collections.abc.Callable[[typing.Any], object] | None
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

__all__ = ["Observer"]

if TYPE_CHECKING:
    from .events import Observer as Observer
else:
    Observer = Callable[[Any], object]
