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

A game of chance (AIMA section 5.5) adds chance nodes, where nature moves: ``to_move`` returns
:data:`CHANCE` there, and ``chance_outcomes(state)`` lists nature's moves with their
probabilities (the :class:`StochasticGame` protocol); ``result(state, outcome)`` applies one.

Optional members a game may add, which searchers use when present:

- ``key(state)``: a hashable identity for transposition tables (symmetric states may share one).
- ``order(state, actions)``: the actions rearranged, most promising first (see :data:`Order`).
- ``children(state)``: every child of a non-terminal state in one call, an iterable of
  ``(action, child, mover)`` triples in ``actions(state)`` order (a memoized tuple, or a
  generator, since alpha-beta may stop after the first few), where ``child`` is
  ``result(state, action)`` and ``mover`` is ``to_move(child)``, or ``None`` when the child
  is terminal. A game that can make its children more cheaply together than one by one (a
  bitboard game, or one that memoizes them, as :class:`~gamesearch.games.TicTacToe` does)
  offers it, and the plain loops of ``alphabeta``, ``negamax`` and ``minimax`` call it
  instead of ``actions``, ``result``, ``is_terminal`` and ``to_move`` for every child:
  the same nodes, the same values, fewer calls.
  :func:`gamesearch.conformance.check_game` checks that it agrees with the plain members.
- ``utility_bounds``: ``(lowest, highest)``, the least and the most utility any player can get
  (an attribute, or a method of no argument), such as ``(-24, 24)`` for a game scored by a
  difference of 24 seeds. ``mcts`` takes it for its ``bounds=`` when none is passed: the
  scale of its default exploration, and the MCTS-Solver's bounds (a child proven worth
  ``highest`` proves its parent). Without it, ``mcts`` observes the scale during the search.

For proofs and exact solving (the engine: ``iterative_deepening``, ``alphabeta`` with a table,
``mtdf``), a two-player game may also offer:

- ``win_utility``: the utility of a won game (a number ``W > 0``; a lost game is worth
  ``-W``). The engine then ranks wins and losses by their distance, proves a won or lost root
  amid estimates and reports ``plies_to_end``; an evaluation must then stay within
  ``[-W, W]`` (the engine refuses one beyond).
- ``non_losing_actions(state)``: the actions that win at once if there are any, else those
  after which the opponent cannot win at once (empty when every action loses at once). The
  engine leaves the others out where its search would see the loss anyway.
- ``non_losing_children(state)``: ``(action, child, mover)`` triples for
  ``non_losing_actions(state)``, best first (``mover`` is ``to_move(child)``, or ``None``
  when ``child`` is terminal). With ``win_utility``, it selects the engine's lean exact
  solver: ``mtdf`` without a depth (and without an ``order`` of its own) probes the value
  with null windows over a loop that asks the game nothing else per node (see
  ``gamesearch.twoplayer._solver``).
- ``solving_key(state)``: the key of the exact solver's table, if not ``key``: it may merge
  states of equal value that ``key`` keeps apart (mirror images, say), since the solver
  stores proven values only. It must keep apart what ``key`` merges of unequal value: the
  proof searches (``pns``, ``dfpn``) key by it too, and a game whose ``key`` leaves out
  the past that its draw rules read (chess's Zobrist key) gives one that keeps it.

:func:`gamesearch.conformance.check_game` checks the first three against the plain members
(and the fourth for hashability); :class:`~gamesearch.games.ConnectFour` offers all four.

For ``solve`` on many cores (``executor=``), a game may offer:

- ``region(state)``: the region of the state space that ``state`` lies in (a hashable label),
  or ``None``; every state reachable from a state of a region lies in the same region (once
  Connect Four's centre column has a bottom stone, its colour never changes). The solve then
  gives each region whole to one part, so no state is solved twice, where a split below a
  frontier solves the states that several parts reach once per part.
  :func:`gamesearch.conformance.check_game` checks it on the states it visits;
  :class:`~gamesearch.games.ConnectFour` offers it.

For the ``gamesearch`` command, a game of one's own (named by its import path) may offer what
the bundled games' descriptions say of them:

- ``player_names``: the players' names, a sequence of strings by player number (such as
  ``("X", "O")``); a player beyond its end is called ``player N``.
- ``layout``: the coordinates drawn beside the board that ``render(state)`` returns, for
  games whose actions are numbers: ``"squares"`` (a key of the square numbers, row by row
  from 0, beside the board) or ``"columns"`` (the column numbers under it); ``None`` for none.
  ``render`` then draws one row of cells per line, separated by spaces.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Final, Protocol, TypeVar

__all__ = ["CHANCE", "A", "Evaluation", "Game", "Order", "Player", "S", "StochasticGame"]

Player = int
"""A player, numbered ``0 .. num_players - 1``; player 0 moves first in the reference games."""

CHANCE: Final[Player] = -1
"""What ``to_move(state)`` returns at a chance node, where nature picks one of
``chance_outcomes(state)`` at random; never a real player's number."""

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
        ...         if state[0] > 0: raise ValueError("the game is not over")
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


class StochasticGame(Game[S, A], Protocol):
    """A game with chance nodes, such as a dice game: the ``Game`` protocol plus nature's moves.

    At a chance node ``to_move(state)`` returns :data:`CHANCE`, ``chance_outcomes(state)``
    lists the outcomes with their probabilities and ``result(state, outcome)`` applies one;
    ``actions(state)`` lists the same outcomes. The probabilities must be numbers >= 0 that sum
    to 1 (within 1e-9); the searchers check them where they read them. Outcomes of probability
    0 are never searched.

    Example:
        A bet on a coin: the player to move either takes 0 for sure or flips a fair coin
        and gets 1 or -1. The flip is a chance node:

        >>> class Coin:
        ...     num_players = 1
        ...     def initial_state(self): return "choose"
        ...     def to_move(self, state): return CHANCE if state == "flip" else 0
        ...     def actions(self, state):
        ...         return {"choose": ["safe", "flip"], "flip": ["heads", "tails"]}.get(state, [])
        ...     def chance_outcomes(self, state): return [("heads", 0.5), ("tails", 0.5)]
        ...     def result(self, state, action): return action
        ...     def is_terminal(self, state): return state in ("safe", "heads", "tails")
        ...     def utility(self, state, player):
        ...         return {"safe": 0.0, "heads": 1.0, "tails": -1.0}[state]
        >>> from gamesearch import expectimax
        >>> result = expectimax(Coin())
        >>> result.value, result.action   # both are worth 0: the first is kept
        (0.0, 'safe')
    """

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, float]]:
        """Nature's moves at the chance node ``state``: ``(outcome, probability)`` pairs."""
        ...
