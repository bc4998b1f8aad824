"""Value iteration for games of chance, one strongly connected component at a time.

Pig's graph has cycles (a 1 on the die ends a turn with nothing banked, and the scores can come
round again), so no order of the states lets each be solved after its children. Neller and
Presser (2004) solve it by *value iteration*: start from a guess, recompute every state from its
children (the best child for the player to move, the probability-weighted mean at a chance
node) and repeat until no value moves by more than a tolerance. As they do for Pig, the states
are first split into strongly connected components (Tarjan 1972): a component only depends on
components after it, so each is iterated once its successors are final, and a component of
one state without a self-loop is computed in one step. In Pig the components are the states
that share the banked scores, so iteration runs over a few hundred states at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import mul
from typing import Any

from ..errors import GameProtocolError
from ._graph import Graph
from ._values import Entry, Sums
from .progress import Reporter


def value_iteration(
    graph: Graph,
    sums: Sums,
    tolerance: float,
    max_sweeps: int,
    reporter: Reporter,
    known: dict[Any, Entry] | None = None,
    finished: Callable[[Any, Entry], None] | None = None,
) -> tuple[dict[Any, Entry], int]:
    """Player 0's expected utility of every state of ``graph``, by key; and how many were known.

    The count is of the states of ``known`` taken as they were, not iterated again: those of a
    component ``known`` holds whole (a component it holds in part is iterated again).

    Each component is swept (Gauss-Seidel: a state's new value is used at once by the states
    after it) until a sweep moves no value by more than ``tolerance``.

    Args:
        graph: The reachable states.
        sums: The game's constant sum and terminal values.
        tolerance: The largest change of a sweep at which a component counts as settled.
        max_sweeps: The most sweeps of one component.
        reporter: Told of the progress.
        known: Entries of an earlier, interrupted run: a component all of whose states are
            known is taken as it is, not iterated again (components are written whole, once
            settled, so a known component is a finished one).
        finished: Told each entry of a component once the component has settled (to write
            it), except those of ``known`` components.

    Raises:
        GameProtocolError: a component did not settle within ``max_sweeps`` sweeps.
    """
    size = len(graph)
    movers, children, probabilities = graph.movers, graph.children, graph.probabilities
    keys = graph.keys
    known = {} if known is None else known
    values = [sums.draw] * size
    for number in range(size):
        if graph.terminal[number]:
            values[number] = sums.terminal(graph.states[number])
    reporter.start("iterate", size)
    value_of = values.__getitem__
    kept = 0
    for component in components(graph):
        if all(keys[number] in known for number in component):  # done before an interruption
            for number in component:
                values[number] = known[keys[number]].value
            kept += len(component)
            reporter.tick(len(component))
            continue
        single = len(component) == 1 and component[0] not in children[component[0]]
        inner = [number for number in component if not graph.terminal[number]]
        for sweep in range(1 if single else max_sweeps):
            change = 0.0
            for number in inner:
                kids = children[number]
                weights = probabilities[number]
                if weights is not None:
                    new = sum(map(mul, weights, map(value_of, kids)))
                elif movers[number] == 0:
                    new = max(map(value_of, kids))
                else:
                    new = min(map(value_of, kids))
                moved = abs(new - values[number])
                if moved > change:
                    change = moved
                values[number] = new
            if change <= tolerance:
                break
            if sweep == max_sweeps - 1:
                raise GameProtocolError(
                    f"value iteration did not settle within {max_sweeps} sweeps (values still "
                    f"moved by {change:g}, the tolerance being {tolerance:g}): raise "
                    "max_sweeps or tolerance; a game whose players can keep it going forever "
                    "without chance may never settle"
                )
        if finished is not None:
            for number in component:
                finished(keys[number], Entry(values[number], None))
        reporter.tick(len(component))
    reporter.report()
    return {keys[number]: Entry(values[number], None) for number in range(size)}, kept


def components(graph: Graph) -> list[list[int]]:
    """The strongly connected components of ``graph``, each after every one it leads to.

    Tarjan's algorithm (1972), with an explicit stack instead of recursion. It emits a
    component when its root is finished, which is after every component reachable from it:
    the order in which values can be computed backwards.
    """
    children = graph.children
    size = len(graph)
    index = [-1] * size
    low = [0] * size
    on_stack = [False] * size
    stack: list[int] = []
    found: list[list[int]] = []
    counter = 0
    for start in range(size):
        if index[start] != -1:
            continue
        work = [(start, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack[node] = True
            kids = children[node]
            descended = False
            while position < len(kids):
                kid = kids[position]
                position += 1
                if index[kid] == -1:
                    work.append((node, position))
                    work.append((kid, 0))
                    descended = True
                    break
                if on_stack[kid]:
                    low[node] = min(low[node], index[kid])
            if descended:
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack[member] = False
                    component.append(member)
                    if member == node:
                        break
                found.append(component)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found
