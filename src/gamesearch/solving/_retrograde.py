"""Retrograde analysis: solving a game with cycles backwards from its terminal states.

The technique of Ströhlein (1970) and Thompson (1986), used for chess endgame tables: start
from the terminal states, whose values are known, and work backwards. A state whose mover has
a child that is a win for the mover is a win (one ply longer than the shortest such child); a
state all of whose children are wins for the opponent is a loss (one ply longer than the
longest). A counter per state, of the children not yet known to be wins for the opponent, finds
the second case without rescanning. States are taken first in, first out, so distances come
out in increasing order: the first win found is the shortest, the last child to resolve a loss
is the longest. Positions never resolved can be held by both sides forever (or end in a drawn
terminal state): they are draws.

The outcomes must be win, loss or draw: the terminal values, seen by the player to move there,
must take at most the three values win ``W``, loss ``K - W`` and draw ``K / 2``.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ..errors import UnsupportedGameError
from ..game import Game
from ._graph import Graph
from ._values import Entry, Sums, entry_maker
from .progress import Reporter

_WIN, _LOSS, _DRAW = 1, -1, 0


def retrograde(
    game: Game[Any, Any], graph: Graph, sums: Sums, reporter: Reporter
) -> dict[Any, Entry]:
    """Solve every state of ``graph``; the entries by key (player 0's values).

    Raises:
        UnsupportedGameError: terminal values other than one win, one loss and the draw, or
            utilities that are not constant-sum.
    """
    size = len(graph)
    movers, children, terminal = graph.movers, graph.children, graph.terminal
    status = [_DRAW] * size  # for the mover of each state
    distance: list[int | None] = [None] * size
    value0 = [0.0] * size
    for number in range(size):
        if terminal[number]:
            value0[number] = sums.terminal(graph.states[number])
            distance[number] = 0
    win = _win_value(game, graph, sums, value0)
    parents: list[list[int]] = [[] for _ in range(size)]
    for number, kids in enumerate(children):
        for kid in kids:
            parents[kid].append(number)
    unresolved = [len(kids) for kids in children]
    queue: deque[int] = deque()
    for number in range(size):
        if terminal[number]:
            own = sums.of(value0[number], movers[number])
            if own != sums.draw:
                status[number] = _WIN if own > sums.draw else _LOSS
                queue.append(number)
    reporter.start("propagate", size)
    while queue:
        child = queue.popleft()
        reporter.tick()
        child_mover, child_status = movers[child], status[child]
        reach = distance[child] + 1  # type: ignore[operator]  # queued states have one
        for parent in parents[child]:
            if status[parent] != _DRAW or terminal[parent]:
                continue
            seen = child_status if movers[parent] == child_mover else -child_status
            if seen == _WIN:
                status[parent], distance[parent] = _WIN, reach
                queue.append(parent)
            else:
                unresolved[parent] -= 1
                if unresolved[parent] == 0:
                    status[parent], distance[parent] = _LOSS, reach
                    queue.append(parent)
    reporter.report()
    table: dict[Any, Entry] = {}
    make = entry_maker()
    for number in range(size):
        if terminal[number]:
            table[graph.keys[number]] = make(value0[number], 0)
            continue
        outcome = status[number]
        if outcome == _DRAW:
            own = sums.draw
        else:
            own = win if outcome == _WIN else (sums.total or 0.0) - win
        value = own if movers[number] == 0 else (sums.total or 0.0) - own
        table[graph.keys[number]] = make(value, distance[number])
    return table


def _win_value(game: Game[Any, Any], graph: Graph, sums: Sums, value0: list[float]) -> float:
    """The one value of a win for the player who wins (from the terminal values).

    Raises:
        UnsupportedGameError: wins (or losses) of different sizes: retrograde analysis here
            knows win, loss and draw only.
    """
    wins = set()
    for number, is_terminal in enumerate(graph.terminal):
        if is_terminal:
            own = sums.of(value0[number], graph.movers[number])
            if own != sums.draw:
                wins.add(own if own > sums.draw else (sums.total or 0.0) - own)
    if len(wins) > 1:
        raise UnsupportedGameError(
            f"retrograde analysis solves games whose results are win, loss or draw, but "
            f"{type(game).__name__} has wins worth {sorted(wins)}; solve an acyclic game with "
            "method='memo'"
        )
    return wins.pop() if wins else sums.draw
