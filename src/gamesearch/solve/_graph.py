"""The forward pass: the graph of every state reachable from the roots, states numbered 0..n-1.

Retrograde analysis and value iteration both work backwards over this graph, so they build it
first, breadth first. Each state is stored once (by its key), with its mover and its children
as numbers; memory is a few lists of n items plus one list of children per state.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .._core import no_actions_error
from ..chance._common import distribution
from ..game import CHANCE, Game
from ._values import Key
from .progress import Reporter


class Graph:
    """The reachable states of a game and their moves, as parallel lists indexed by number."""

    __slots__ = ("children", "keys", "movers", "probabilities", "states", "terminal")

    def __init__(self) -> None:
        self.keys: list[Any] = []
        """Each state's key."""
        self.states: list[Any] = []
        """One state per key (the first reached)."""
        self.movers: list[int] = []
        """``to_move`` of each state (:data:`~gamesearch.CHANCE` at chance nodes)."""
        self.terminal: list[bool] = []
        """Whether each state is terminal."""
        self.children: list[list[int]] = []
        """The numbers of each state's children, one per action, in ``actions()`` order."""
        self.probabilities: list[list[float] | None] = []
        """At chance nodes, the probability of each child; ``None`` at decision nodes."""

    def __len__(self) -> int:
        return len(self.keys)


def build_graph(game: Game[Any, Any], roots: Iterable[Any], key: Key, reporter: Reporter) -> Graph:
    """Every state reachable from ``roots``, breadth first.

    Raises:
        GameProtocolError: a non-terminal state without actions, or a chance node whose
            outcomes are not a distribution.
    """
    graph = Graph()
    index: dict[Any, int] = {}
    chance_outcomes = getattr(game, "chance_outcomes", None)
    to_move, actions, result, is_terminal = (
        game.to_move,
        game.actions,
        game.result,
        game.is_terminal,
    )

    def number(state: Any) -> int:
        state_key = key(state)
        found = index.get(state_key)
        if found is None:
            found = index[state_key] = len(graph.keys)
            graph.keys.append(state_key)
            graph.states.append(state)
        return found

    for root in roots:
        number(root)
    reporter.start("forward")
    done = 0
    while done < len(graph.keys):
        state = graph.states[done]
        done += 1
        reporter.tick()
        if is_terminal(state):
            graph.movers.append(to_move(state))
            graph.terminal.append(True)
            graph.children.append([])
            graph.probabilities.append(None)
            continue
        mover = to_move(state)
        if mover == CHANCE and chance_outcomes is not None:
            outcomes = distribution(chance_outcomes(state), state, "chance_outcomes")
            moves = [outcome for outcome, _ in outcomes]
            graph.probabilities.append([float(p) for _, p in outcomes])
        else:
            moves = list(actions(state))
            if not moves:
                raise no_actions_error(state)
            graph.probabilities.append(None)
        graph.movers.append(mover)
        graph.terminal.append(False)
        graph.children.append([number(result(state, move)) for move in moves])
    reporter.report()
    return graph
