"""Two tiny games on which Perfect Information Monte Carlo errs (Frank and Basin 1998).

Both are two-player zero-sum games of imperfect information with ``sample_state``; a state is
the tuple of moves so far, the coin first.
"""

from __future__ import annotations

from typing import ClassVar

from gamesearch import CHANCE


class _Coin:
    """Chance tosses a coin, ``"A"`` or ``"B"``, which player 0 never sees."""

    num_players = 2
    PAYOFFS: ClassVar[dict] = {}

    def initial_state(self):
        return ()

    def chance_outcomes(self, state):
        return (("A", 0.5), ("B", 0.5))

    def result(self, state, action):
        if action not in self.actions(state):
            raise ValueError(f"illegal action {action!r} in {state!r}")
        return (*state, action)

    def is_terminal(self, state):
        return state in self.PAYOFFS

    def utility(self, state, player):
        value = self.PAYOFFS[state]
        return value if player == 0 else -value

    def sample_state(self, state, player, rng):
        """Player 1 sees the coin; for player 0 it is tossed again (chance's odds)."""
        if player == 1 or not state:
            return state
        return (rng.choice("AB"), *state[1:])


class StrategyFusion(_Coin):
    """Play safe for 0.5, or gamble: then guess the coin, +1 if right and -1 if wrong.

    In every world PIMC guesses right after the gamble, so it values the gamble at 1, more
    than 0.5; but player 0 cannot see the coin when it guesses: the gamble is worth 0.
    """

    PAYOFFS: ClassVar[dict] = {(coin, "safe"): 0.5 for coin in "AB"} | {
        (coin, "gamble", guess): (1.0 if guess == coin.lower() else -1.0)
        for coin in "AB"
        for guess in "ab"
    }

    def to_move(self, state):
        return CHANCE if not state else 0

    def actions(self, state):
        if not state:
            return ("A", "B")
        if len(state) == 1:
            return ("safe", "gamble")
        return ("a", "b") if state[1] == "gamble" and len(state) == 2 else ()

    def information_set(self, state, player):
        return (player, *state[1:])


class NonLocality(_Coin):
    """Player 1 sees the coin and stops (0 gets +2 on A, -2 on B) or goes on; then 0 picks x or y.

    x gives 0 -1 on A and +3 on B; y gives 0.5 either way. Player 1 goes on only on A (on B,
    stopping gives it 2 rather than at least -0.5), so when player 0 must choose, the coin is
    A and y is right. PIMC draws A and B alike and picks x (mean 1 against 0.5).
    """

    PAYOFFS: ClassVar[dict] = {
        ("A", "stop"): 2.0,
        ("B", "stop"): -2.0,
        ("A", "go", "x"): -1.0,
        ("B", "go", "x"): 3.0,
        ("A", "go", "y"): 0.5,
        ("B", "go", "y"): 0.5,
    }

    def to_move(self, state):
        if not state:
            return CHANCE
        return 1 if len(state) == 1 else 0

    def actions(self, state):
        if not state:
            return ("A", "B")
        if len(state) == 1:
            return ("stop", "go")
        return ("x", "y") if len(state) == 2 and state[1] == "go" else ()

    def information_set(self, state, player):
        return (player, *state[1:]) if player == 0 else (player, *state)
