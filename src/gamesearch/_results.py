"""A search's result, built from its value, its line and its counters."""

from __future__ import annotations

import time
from typing import Any

from .game import Player
from .result import SearchResult, SearchStats

__all__ = ["flatten", "make_result"]



def flatten(line: Any) -> tuple[Any, ...]:
    """The actions of a line under construction, as a tuple.

    Searchers build their principal variation as linked ``(action, rest)`` pairs ending in
    ``None``: linking costs one small tuple per node where concatenating tuples would copy.
    """
    actions = []
    while line is not None:
        action, line = line
        actions.append(action)
    return tuple(actions)


def make_result(
    value: float,
    line: Any,
    player: Player,
    *,
    nodes: int,
    leaves: int,
    cutoffs: int,
    max_depth: int,
    started: float,
    depth: int | None,
    exact: bool,
    values: tuple[float, ...] | None = None,
    plies_to_end: int | None = None,
    action_values: tuple[tuple[Any, float], ...] | None = None,
) -> SearchResult[Any]:
    """Assemble a :class:`SearchResult` from a search's value, line and counters.

    ``depth`` is the depth limit (``None`` for none); ``exact`` says no evaluation was used.
    """
    pv = flatten(line)
    stats = SearchStats(
        nodes=nodes,
        leaves=leaves,
        cutoffs=cutoffs,
        max_depth=max_depth,
        elapsed=time.perf_counter() - started,
    )
    return SearchResult(
        value=float(value),
        action=pv[0] if pv else None,
        pv=pv,
        player=player,
        stats=stats,
        depth=depth,
        exact=exact,
        values=values,
        plies_to_end=plies_to_end,
        action_values=action_values,
    )
