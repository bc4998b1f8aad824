"""A game none of whose reachable states ends is solved, written and read back: all draws.

The walk of issue 45 (adv45, r3): ``solve`` of ``0 -> 1 -> 2 -> {0, 1}`` returned, then
``.value(state, 1)`` raised a bare ``AssertionError`` (player 1's value is the constant sum
less player 0's, and no terminal state had given a sum), and ``solve(game, path=...)`` wrote a
file that ``Solution.load`` refused as damaged ("constant_sum is 'null'"). No utility is ever
paid in such a game: every state is a draw by endless play, worth 0 to both players, and the
constant sum is 0, in memory and in the file.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import ClassVar

import pytest

from gamesearch import CHANCE, Solution, TableFileError
from gamesearch.cli import main
from gamesearch.solving import solve


class Circuit:
    """``0 -> 1 -> 2 -> {0, 1}``: every line comes round again, none ends."""

    num_players = 2
    MOVES: ClassVar[dict[int, list[int]]] = {0: [1], 1: [2], 2: [0, 1]}

    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> int:
        return {0: 1, 1: 0, 2: 1}[state]

    def actions(self, state: int) -> list[int]:
        return list(range(len(self.MOVES[state])))

    def result(self, state: int, action: int) -> int:
        return self.MOVES[state][action]

    def is_terminal(self, state: int) -> bool:
        return False

    def utility(self, state: int, player: int) -> float:
        raise AssertionError("no state ends, so no utility is asked for")


class Spinner:
    """A chance node and a move, round and round: value iteration, with nothing paid."""

    num_players = 2

    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> int:
        return CHANCE if state == 0 else 0

    def chance_outcomes(self, state: int) -> list[tuple[int, float]]:
        return [(1, 0.5), (2, 0.5)]

    def actions(self, state: int) -> list[int]:
        return [1, 2] if state == 0 else [0]

    def result(self, state: int, action: int) -> int:
        return action if state == 0 else 0

    def is_terminal(self, state: int) -> bool:
        return False

    def utility(self, state: int, player: int) -> float:
        raise AssertionError("no state ends, so no utility is asked for")


def test_every_state_of_a_game_that_never_ends_is_a_draw_worth_nothing_to_either():
    solution = solve(Circuit())
    assert solution.method == "retrograde"
    assert solution.constant_sum == 0.0
    for state in (0, 1, 2):
        assert solution.value(state, 0) == solution.value(state, 1) == 0.0
        assert solution.value(state) == 0.0  # for the player to move
        assert solution.distance(state) is None  # a draw that is never over
    assert solution.best_actions(2) == (0, 1)  # either keeps it going


@pytest.mark.parametrize("game", [Circuit(), Spinner()], ids=["retrograde", "value iteration"])
def test_the_table_of_a_game_that_never_ends_reads_back_as_it_was_solved(game, tmp_path: Path):
    path = tmp_path / "endless.sqlite"
    in_memory = solve(game, path=path)
    assert in_memory.constant_sum == 0.0
    for lazy in (True, False):
        with Solution.load(path, game, in_memory=not lazy) as table:
            assert table.constant_sum == 0.0
            assert sorted(table) == [0, 1, 2]
            for state in (0, 1, 2):
                for player in (0, 1):
                    assert table.value(state, player) == in_memory.value(state, player) == 0.0
    again = solve(game, path=path)  # complete: read back, not solved again
    assert again.stats.resumed == 3
    assert [again.value(state, 1) for state in (0, 1, 2)] == [0.0, 0.0, 0.0]


def test_probe_of_the_table_of_a_game_that_never_ends_says_a_draw(tmp_path: Path, capsys):
    path = tmp_path / "endless.sqlite"
    solve(Circuit(), path=path)
    assert main(["table", "probe", str(path)]) == 0
    out = capsys.readouterr().out
    assert "root: player 1 to move, value +0 for player 1, a draw under best play" in out


def test_a_file_that_an_older_version_wrote_for_such_a_game_says_to_solve_it_again(tmp_path):
    path = tmp_path / "endless.sqlite"
    solve(Circuit(), path=path)
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE meta SET value = 'null' WHERE name = 'constant_sum'")
    with pytest.raises(TableFileError, match=r"constant_sum is 'null', .*solve it again"):
        Solution.load(path, Circuit())
