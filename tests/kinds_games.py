"""Small games of every kind the command meets.

1, 2 or 3 players, with or without chance, their two utilities adding up to 0, to the same
number, or to different numbers.
"""

from __future__ import annotations

from typing import Any

from gamesearch import CHANCE


class Kinded:
    """Two plies of choices between 2 actions, then (with ``chance``) a coin, then the end.

    The players move in turn; the utilities at an end depend on the actions taken, and add up,
    for two players, to 0 (``sums="zero"``), to 1 (``"constant"``) or to a number that varies
    (``"other"``).
    """

    def __init__(self, players: int = 2, chance: bool = False, sums: str = "zero") -> None:
        self.num_players = players
        self.chance = chance
        self.sums = sums

    def initial_state(self) -> tuple[int, ...]:
        return ()

    def _plies(self) -> int:
        return 3 if self.chance else 2

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return len(state) == self._plies()

    def to_move(self, state: tuple[int, ...]) -> Any:
        if self.chance and len(state) == 2:
            return CHANCE
        return len(state) % self.num_players

    def actions(self, state: tuple[int, ...]) -> list[int]:
        return [0, 1]

    def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        return (*state, action)

    def utility(self, state: tuple[int, ...], player: int) -> float:
        score = float(sum(state) + 2 * state[0] - state[1])
        if self.num_players != 2:
            return score if player == 0 else float(player)
        if self.sums == "zero":
            return score if player == 0 else -score
        if self.sums == "constant":
            return score if player == 0 else 1 - score
        return score if player == 0 else float(sum(state))  # sums vary: 2 * score-ish


class ChanceKinded(Kinded):
    """A :class:`Kinded` with chance: a fair coin after the two choices."""

    def __init__(self, players: int = 2, sums: str = "zero") -> None:
        super().__init__(players, True, sums)

    def chance_outcomes(self, state: tuple[int, ...]) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)]


class DeclaresChance(Kinded):
    """Deterministic, but with a ``chance_outcomes`` it never needs (no state is CHANCE's)."""

    def chance_outcomes(self, state: tuple[int, ...]) -> list[tuple[int, float]]:
        return [(0, 1.0)]


def game_of(players: int, chance: bool, sums: str) -> Kinded:
    """A small game of this kind."""
    return ChanceKinded(players, sums) if chance else Kinded(players, False, sums)
