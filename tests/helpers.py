"""Games and wrappers that the tests share."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamesearch import Player
from gamesearch.games import GameTree


@dataclass
class RecordingGame:
    """Delegates to ``game`` and records the states whose utility or evaluation was read."""

    game: Any
    scored: list[Any] = field(default_factory=list)

    @property
    def num_players(self) -> int:
        return int(self.game.num_players)

    def initial_state(self) -> Any:
        return self.game.initial_state()

    def to_move(self, state: Any) -> Player:
        return int(self.game.to_move(state))

    def actions(self, state: Any) -> Sequence[Any]:
        return self.game.actions(state)  # type: ignore[no-any-return]

    def result(self, state: Any, action: Any) -> Any:
        return self.game.result(state, action)

    def is_terminal(self, state: Any) -> bool:
        return bool(self.game.is_terminal(state))

    def utility(self, state: Any, player: Player) -> float:
        self.scored.append(state)
        return float(self.game.utility(state, player))


def exact_evaluation(tree: GameTree) -> Any:
    """An evaluation that returns the exact minimax value of the state, for either player."""
    from gamesearch import minimax

    def evaluate(state: Any, player: Player) -> float:
        result = minimax(tree, state)
        return result.value if player == result.player else -result.value

    return evaluate


def leaf_names(paths: list[tuple[Any, ...]]) -> list[Any]:
    """The last action of each path: the leaf's name in a dict tree."""
    return [path[-1] for path in paths]


class Countdown:
    """One player after the other says the next number down; the game ends at 0, a draw."""

    num_players = 2

    def __init__(self, start: int) -> None:
        self.start = start

    def initial_state(self) -> int:
        return self.start

    def to_move(self, state: int) -> Player:
        return state % 2

    def actions(self, state: int) -> Sequence[int]:
        return () if state == 0 else (1,)

    def result(self, state: int, action: int) -> int:
        return state - action

    def is_terminal(self, state: int) -> bool:
        return state == 0

    def utility(self, state: int, player: Player) -> float:
        return 0.0


class Cycle(Countdown):
    """A game whose only line of play goes round in a circle for ever."""

    def result(self, state: int, action: int) -> int:
        return 1 - state if state in (0, 1) else state - 1

    def is_terminal(self, state: int) -> bool:
        return False

    def actions(self, state: int) -> Sequence[int]:
        return (1,)


class NanUtility(Countdown):
    """Countdown whose final utility is NaN."""

    def utility(self, state: int, player: Player) -> float:
        return math.nan


class NoActions(Countdown):
    """A game whose state 1 is not terminal, yet has no actions."""

    def actions(self, state: int) -> Sequence[int]:
        return () if state <= 1 else (1,)


class ListStates(Countdown):
    """A game whose states are lists, which cannot be hashed."""

    def initial_state(self) -> Any:
        return [self.start]


class Alternating:
    """A game tree in which a player may move twice in a row.

    Given as ``{state: (player, {action: child})}``, with numbers (player 0's utilities) as leaves.
    """

    num_players = 2

    def __init__(self, nodes: dict[Hashable, Any]) -> None:
        self.nodes = nodes

    def initial_state(self) -> Hashable:
        return "root"

    def to_move(self, state: Hashable) -> Player:
        return int(self.nodes[state][0])

    def actions(self, state: Hashable) -> Sequence[Any]:
        node = self.nodes[state]
        return () if isinstance(node, (int, float)) else tuple(node[1])

    def result(self, state: Hashable, action: Any) -> Hashable:
        return self.nodes[state][1][action]  # type: ignore[no-any-return]

    def is_terminal(self, state: Hashable) -> bool:
        return isinstance(self.nodes[state], (int, float))

    def utility(self, state: Hashable, player: Player) -> float:
        value = float(self.nodes[state])
        return value if player == 0 else -value


def reachable(game: Any) -> list[Any]:
    """Every state reachable from ``game.initial_state()``, in breadth-first order."""
    start = game.initial_state()
    seen, frontier = {start: None}, [start]
    while frontier:
        following = []
        for state in frontier:
            for action in game.actions(state):
                child = game.result(state, action)
                if child not in seen:
                    seen[child] = None
                    following.append(child)
        frontier = following
    return list(seen)
