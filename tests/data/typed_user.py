"""A user's own game and match, written against the public API: ``mypy --strict`` must pass."""

from __future__ import annotations

from gamesearch import alphabeta, play, random_player, searcher_player
from gamesearch.testing import check_game


class Bones:
    """Take one or two bones from a pile; whoever takes the last bone wins."""

    num_players = 2

    def __init__(self, pile: int = 7) -> None:
        self.pile = pile

    def initial_state(self) -> tuple[int, int]:
        return (self.pile, 0)

    def to_move(self, state: tuple[int, int]) -> int:
        return state[1]

    def actions(self, state: tuple[int, int]) -> list[int]:
        return [take for take in (1, 2) if take <= state[0]]

    def result(self, state: tuple[int, int], action: int) -> tuple[int, int]:
        return (state[0] - action, 1 - state[1])

    def is_terminal(self, state: tuple[int, int]) -> bool:
        return state[0] == 0

    def utility(self, state: tuple[int, int], player: int) -> float:
        if not self.is_terminal(state):
            raise ValueError("not over")
        return 1.0 if state[1] != player else -1.0


def main() -> float:
    game = Bones()
    report = check_game(game, zero_sum=True)
    assert report.exhaustive
    record = play(game, [searcher_player(alphabeta), random_player(seed=0)], seed=1)
    assert record.utilities is not None
    return record.utilities[0]


if __name__ == "__main__":
    print(main())
