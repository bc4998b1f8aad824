"""The ``Game`` protocol: the textbook formulation of a game as a Python interface.

A game, as Russell and Norvig define it (AIMA, section 5.1), is

=============================  ==========================================
Textbook                       ``Game`` member
=============================  ==========================================
S0, the initial state          ``initial_state()``
PLAYER(s), whose move it is    ``to_move(state)``
ACTIONS(s), the legal moves    ``actions(state)``
RESULT(s, a), the transition   ``result(state, action)``
TERMINAL-TEST(s)               ``is_terminal(state)``
UTILITY(s, p)                  ``utility(state, player)``
=============================  ==========================================

plus ``num_players``. Any object with these members is a game: there is nothing to inherit.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Protocol, TypeVar

__all__ = ["A", "Evaluation", "Game", "Order", "Player", "S"]

Player = int
"""A player, numbered ``0 .. num_players - 1``; player 0 moves first in the reference games."""

S = TypeVar("S", bound=Hashable)
"""The type of a game's states. States must be hashable: they are dictionary keys."""

A = TypeVar("A")
"""The type of a game's actions."""

Evaluation = Callable[[S, Player], float]
"""``evaluate(state, player)``: the estimated utility of a non-terminal ``state`` for ``player``,
on the same scale as ``Game.utility``; used where a depth-limited search stops."""

Order = Callable[[S, Sequence[A]], Sequence[A]]
"""``order(state, actions)``: the legal ``actions`` of ``state``, rearranged into the order in
which a search should try them (most promising first)."""


class Game(Protocol[S, A]):
    """A deterministic game of perfect information, as the textbook formulates it.

    States must be hashable and immutable as far as the searchers can tell: ``result`` returns
    a new state and never changes the one it is given.

    Example:
        A game in which the player to move takes one or two sticks from a pile, and whoever
        takes the last stick wins. The state is ``(sticks, player_to_move)``:

        >>> class Sticks:
        ...     num_players = 2
        ...     def initial_state(self): return (3, 0)
        ...     def to_move(self, state): return state[1]
        ...     def actions(self, state): return [n for n in (1, 2) if n <= state[0]]
        ...     def result(self, state, action): return (state[0] - action, 1 - state[1])
        ...     def is_terminal(self, state): return state[0] == 0
        ...     def utility(self, state, player):
        ...         winner = 1 - state[1]  # the player who took the last stick
        ...         return 1.0 if player == winner else -1.0
        >>> from gamesearch import alphabeta
        >>> result = alphabeta(Sticks())
        >>> result.value, result.action   # with 3 sticks the first player loses
        (-1.0, 1)
    """

    @property
    def num_players(self) -> int:
        """How many players the game has (2 for every game searched by the core searchers)."""
        ...

    def initial_state(self) -> S:
        """S0: the state the game starts in."""
        ...

    def to_move(self, state: S) -> Player:
        """PLAYER(s): the player whose turn it is in ``state``."""
        ...

    def actions(self, state: S) -> Sequence[A]:
        """ACTIONS(s): the legal actions in ``state``, in a deterministic order.

        Empty exactly when ``state`` is terminal.
        """
        ...

    def result(self, state: S, action: A) -> S:
        """RESULT(s, a): the state after playing ``action`` in ``state``; ``state`` is unchanged."""
        ...

    def is_terminal(self, state: S) -> bool:
        """TERMINAL-TEST(s): whether the game is over in ``state``."""
        ...

    def utility(self, state: S, player: Player) -> float:
        """UTILITY(s, p): the final payoff of the terminal ``state`` for ``player``."""
        ...
