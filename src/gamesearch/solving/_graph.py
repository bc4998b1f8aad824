"""The forward pass: the graph of every state reachable from the roots, states numbered 0..n-1.

Retrograde analysis and value iteration both work backwards over this graph, so they build it
first, breadth first. Each state is stored once (by its key), with its mover and its children
as numbers; memory is a few lists of n items plus one list of children per state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .._distributions import distribution
from .._validation import check_unchanged, mover_error, no_actions_error, snapshot, translate
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
        """``to_move`` of each state (:data:`~gamesearch.CHANCE` at chance nodes; 0 at terminal
        states, whose mover does not matter)."""
        self.terminal: list[bool] = []
        """Whether each state is terminal."""
        self.children: list[list[int]] = []
        """The numbers of each state's children, one per action, in ``actions()`` order."""
        self.probabilities: list[list[float] | None] = []
        """At chance nodes, the probability of each child; ``None`` at decision nodes."""

    def __len__(self) -> int:
        return len(self.keys)


def build_graph(
    game: Game[Any, Any],
    roots: Iterable[Any],
    key: Key,
    reporter: Reporter,
    chance_outcomes: Callable[[Any], Any] | None,
) -> Graph:
    """Every state reachable from ``roots``, breadth first.

    ``chance_outcomes`` is the game's member (from its record), ``None`` in a game without
    chance nodes.

    Raises:
        GameProtocolError: a non-terminal state without actions, or whose ``to_move`` is
            neither player 0 nor 1 (nor ``CHANCE`` in a game of chance), or a chance node
            whose outcomes are not a distribution; a member that returns the wrong kind of
            thing (found when Python raises ``TypeError``); a ``result`` that changes the
            state it is given (found at the first root).
    """
    graph = Graph()
    index: dict[Any, int] = {}
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
    # A game whose result changes the state it is given would corrupt the graph: the first
    # root is compared with a copy of it at the end (once a pass, not once a state).
    first = graph.states[0] if graph.states else None
    taken = snapshot(first)
    state = first
    try:
        done = 0
        while done < len(graph.keys):
            state = graph.states[done]
            done += 1
            reporter.tick()
            if is_terminal(state):
                # Whose turn a terminal state is does not matter (nor need to_move say): its value
                # is read from player 0's side.
                graph.movers.append(0)
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
                if mover != 0 and mover != 1:
                    raise mover_error(state, mover, 2, chance=chance_outcomes is not None)
                moves = list(actions(state))
                if not moves:
                    raise no_actions_error(state)
                graph.probabilities.append(None)
            graph.movers.append(mover)
            graph.terminal.append(False)
            graph.children.append([number(result(state, move)) for move in moves])
    except Exception as exc:
        check_unchanged(first, taken, exc)
        if isinstance(exc, TypeError):  # which member gave the wrong kind of thing?
            translate(exc, game, state, None)
        raise
    check_unchanged(first, taken)
    reporter.report()
    return graph
