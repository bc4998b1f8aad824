"""Nim for any number of players: a tiny multi-player game, small enough to search exhaustively."""

from __future__ import annotations

from .._parameters import check_size
from ..errors import GameProtocolError, IllegalActionError, short_repr
from ..game import Player

__all__ = ["Nim", "NimState"]

_MAX_STICKS = 100_000
"""The most sticks a game holds in all: its actions and its picture (a ``|`` a stick) are
as long as that, and a table file can name a game only of a size its constructor bounds."""
_MAX_PILES = 1_000
"""The most piles (of which some may be empty)."""
_MAX_PLAYERS = 100
"""The most players."""

NimState = tuple[tuple[int, ...], int]
"""A state of :class:`Nim`: the sticks in each pile, and the player to move."""


class Nim:
    """Nim with n players in turn: take sticks from one pile; whoever takes the last one wins.

    Players 0, 1, ..., n-1 move in that order. An action ``(pile, count)`` takes ``count``
    sticks (1 to ``max_take``, or to all of them) from the pile numbered ``pile``. The player
    who takes the last stick gets 1 and every other player 0, so the utilities of a terminal
    state sum to 1, and shallow-pruned max-n can take ``sum_bounds=(0, 1)``. With three players
    nobody can force a win in general: who wins depends on how the others break their ties,
    which is what multi-player search models.

    ``pass_turn`` lets the player to move pass (a null move), which best-reply search needs.

    Args:
        piles: The sticks in each pile at the start (from 1 to 100,000 sticks in all, in at
            most 1,000 piles).
        players: The number of players, from 1 to 100.
        max_take: The most sticks one move may take, or ``None`` for a whole pile.

    Raises:
        ValueError: ``piles`` holds a negative number, no stick, more than 100,000 sticks or
            more than 1,000 piles, ``players`` is not an int from 1 to 100, or ``max_take`` is
            not ``None`` or an int >= 1.

    Example:
        >>> game = Nim((1, 2))
        >>> state = game.initial_state()
        >>> state, game.to_move(state), game.actions(state)
        (((1, 2), 0), 0, ((0, 1), (1, 1), (1, 2)))
        >>> state = game.result(state, (1, 2))
        >>> state, game.is_terminal(state)
        (((1, 0), 1), False)
        >>> end = game.result(state, (0, 1))   # player 1 takes the last stick
        >>> tuple(game.utility(end, player) for player in range(3))
        (0.0, 1.0, 0.0)
    """

    def __init__(
        self, piles: tuple[int, ...] = (3, 4), *, players: int = 3, max_take: int | None = None
    ) -> None:
        piles = tuple(piles)
        if not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in piles):
            raise ValueError(f"Nim: piles must be ints >= 0, got {short_repr(piles)}")
        if not 1 <= sum(piles) <= _MAX_STICKS or len(piles) > _MAX_PILES:
            raise ValueError(
                f"Nim: the piles must hold from 1 to {_MAX_STICKS:,} sticks in at most "
                f"{_MAX_PILES:,} piles, got {short_repr(piles)}"
            )
        check_size("Nim", "players", players, 1, _MAX_PLAYERS)
        if max_take is not None and (
            isinstance(max_take, bool) or not isinstance(max_take, int) or max_take < 1
        ):
            raise ValueError(f"Nim: max_take must be None or an int >= 1, got {max_take!r}")
        self.piles = piles
        self.num_players = players
        """How many players take turns."""
        self.max_take = max_take

    def game_parameters(self) -> dict[str, object]:
        """The keyword arguments that make this game again (its identity in a table file)."""
        return {"piles": self.piles, "players": self.num_players, "max_take": self.max_take}

    def __repr__(self) -> str:
        return f"Nim({self.piles!r}, players={self.num_players}, max_take={self.max_take!r})"

    def initial_state(self) -> NimState:
        """The piles at the start, player 0 to move."""
        return self.piles, 0

    def to_move(self, state: NimState) -> Player:
        """The player whose turn it is."""
        return state[1]

    def actions(self, state: NimState) -> tuple[tuple[int, int], ...]:
        """Every ``(pile, count)`` that can be taken, pile by pile, fewest sticks first."""
        piles = state[0]
        cap = self.max_take
        return tuple(
            (pile, count)
            for pile, sticks in enumerate(piles)
            for count in range(1, (sticks if cap is None else min(sticks, cap)) + 1)
        )

    def result(self, state: NimState, action: tuple[int, int]) -> NimState:
        """The piles after the player to move takes ``count`` sticks from ``pile``.

        Raises:
            IllegalActionError: the move takes more than the pile holds, or than ``max_take``.
        """
        piles, mover = state
        try:
            pile, count = action
            legal = isinstance(count, int) and 0 <= pile < len(piles) and 1 <= count <= piles[pile]
            legal = legal and (self.max_take is None or count <= self.max_take)
        except (TypeError, ValueError):
            legal = False
        if not legal:
            raise IllegalActionError(action, self.actions(state), "Nim")
        after = (*piles[:pile], piles[pile] - count, *piles[pile + 1 :])
        return after, (mover + 1) % self.num_players

    def pass_turn(self, state: NimState) -> NimState:
        """The same piles with the next player to move: the player to move passes.

        Raises:
            GameProtocolError: the game is over.
        """
        if self.is_terminal(state):
            raise GameProtocolError(f"pass_turn in a finished game: {state!r}")
        return state[0], (state[1] + 1) % self.num_players

    def is_terminal(self, state: NimState) -> bool:
        """Whether every pile is empty."""
        return not any(state[0])

    def utility(self, state: NimState, player: Player) -> float:
        """1 for the player who took the last stick (the one before the player to move), else 0.

        Raises:
            GameProtocolError: ``state`` is not terminal.
            ValueError: ``player`` is not one of the players.
        """
        if not self.is_terminal(state):
            raise GameProtocolError(f"utility of a game in progress: {state!r}")
        if player not in range(self.num_players):
            raise ValueError(f"Nim has players 0 to {self.num_players - 1}, not {player!r}")
        return 1.0 if player == (state[1] - 1) % self.num_players else 0.0

    def render(self, state: NimState) -> str:
        """The piles, one a line, each stick a ``|`` (an empty pile a ``-``).

        >>> print(Nim((1, 3, 0)).render(((1, 3, 0), 0)))
        |
        |||
        -
        """
        return "\n".join("|" * sticks or "-" for sticks in state[0])
