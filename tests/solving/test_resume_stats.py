"""A resumed build counts as read back only what it kept, and as solved what it solved again.

The adversary's walk of 2026-12-03: value iteration iterates again a component the file held in
part, and retrograde analysis solves every state again, yet ``stats.resumed`` counted every
entry read from the file (``table build`` said "27,734 read back" having iterated 58 of them
again; a retrograde build said ``resumed=500`` having solved all 765).
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from gamesearch import CHANCE
from gamesearch.cli import main
from gamesearch.games import Nim
from gamesearch.solving import _store, solve
from gamesearch.solving._codec import encode
from gamesearch.solving._file import info


class Gamble:
    """Stop for nothing, or roll: a win (1) or back to the start, even odds, as long as you like.

    Its states 0 (the player's choice) and 1 (the roll) make one component: the value of each
    depends on the other's. States 2 (stopped) and 3 (won) end the game.
    """

    num_players = 2

    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> int:
        return CHANCE if state == 1 else 0

    def chance_outcomes(self, state: int) -> list[tuple[int, float]]:
        return [(3, 0.5), (0, 0.5)]

    def actions(self, state: int) -> list[int]:
        return {0: [2, 1], 1: [3, 0]}.get(state, [])

    def result(self, state: int, action: int) -> int:
        return action

    def is_terminal(self, state: int) -> bool:
        return state >= 2

    def utility(self, state: int, player: int) -> float:
        won = 1.0 if state == 3 else 0.0
        return won if player == 0 else -won


def interrupted(path: Path, *keys: object) -> None:
    """Make ``path`` the file of a build interrupted before it wrote ``keys``."""
    with closing(sqlite3.connect(path)) as connection, connection:
        for key in keys:
            connection.execute("DELETE FROM entries WHERE key = ?", (encode(key),))
        connection.execute("UPDATE meta SET value = '0' WHERE name = 'complete'")


def test_value_iteration_counts_a_component_held_in_part_as_solved_again(tmp_path):
    path = tmp_path / "gamble.sqlite"
    whole = solve(Gamble(), path=path)
    assert whole.method == "value_iteration"
    assert len(whole) == 4
    interrupted(path, 1)  # the roll, not its component's other state
    resumed = solve(Gamble(), path=path)
    assert (resumed.stats.resumed, resumed.stats.solved) == (2, 2)  # the two ends kept
    assert resumed.value(0) == whole.value(0)


def test_retrograde_analysis_counts_every_state_as_solved_again(tmp_path):
    game = Nim((1, 2), players=2)
    path = tmp_path / "nim.sqlite"
    whole = solve(game, path=path, method="retrograde")
    interrupted(path, game.initial_state())
    resumed = solve(game, path=path, method="retrograde")
    assert (resumed.stats.resumed, resumed.stats.solved) == (0, len(whole))


def test_the_memo_pass_keeps_what_the_file_holds(tmp_path):
    game = Nim((1, 2), players=2)
    path = tmp_path / "nim.sqlite"
    whole = solve(game, path=path)
    interrupted(path, game.initial_state())
    resumed = solve(game, path=path)
    assert (resumed.stats.resumed, resumed.stats.solved) == (len(whole) - 1, 1)


def test_a_resumed_build_records_the_time_of_every_session(tmp_path, capsys):
    game = Nim((1, 2), players=2)
    path = tmp_path / "nim.sqlite"
    solve(game, path=path)
    interrupted(path, game.initial_state())
    with closing(sqlite3.connect(path)) as connection, connection:  # a first session of 100 s
        connection.execute("UPDATE meta SET value = '100.0' WHERE name = 'elapsed'")
    assert info(path).elapsed == 100.0
    assert main(["table", "probe", str(path)]) == 0
    assert "100.00 s so far (not finished)" in capsys.readouterr().out
    resumed = solve(game, path=path)
    assert 100.0 < info(path).elapsed <= 100.0 + resumed.stats.elapsed
    assert main(["table", "probe", str(path)]) == 0
    assert f", in {info(path).elapsed:.2f} s\n" in capsys.readouterr().out


MAZE = {0: (1, 2), 1: (0, 2, 3), 2: (0, 1, 4), 3: (1, 4, 5), 4: (2, 3, 5), 5: (3, 4)}


class CatAndMouse:
    """The mouse (to move first) runs for the hole (0); the cat, which never enters it, chases.

    Cyclic: the memo pass meets a state on its own line, and ``solve`` turns to retrograde
    analysis, whose table is not in the order of whole subtrees.
    """

    num_players = 2

    def initial_state(self) -> tuple[int, int, int]:
        return (5, 1, 0)

    def to_move(self, state: tuple[int, int, int]) -> int:
        return state[2]

    def actions(self, state: tuple[int, int, int]) -> tuple[int, ...]:
        mouse, cat, mover = state
        if self.is_terminal(state):
            return ()
        return MAZE[mouse] if mover == 0 else tuple(n for n in MAZE[cat] if n != 0)

    def result(self, state: tuple[int, int, int], action: int) -> tuple[int, int, int]:
        mouse, cat, mover = state
        return (action, cat, 1) if mover == 0 else (mouse, action, 0)

    def is_terminal(self, state: tuple[int, int, int]) -> bool:
        return state[0] == state[1] or state[0] == 0

    def utility(self, state: tuple[int, int, int], player: int) -> float:
        return 1.0 if (player == 0) == (state[0] == 0) else -1.0


def test_a_retrograde_table_interrupted_as_it_is_written_leaves_none_of_it(tmp_path, monkeypatch):
    """Stopped while written, the table leaves no row: rows in table order are no whole subtrees.

    The adversary's walk: the file kept rows of the interrupted write, which a resumed memo
    pass trusted, and the file was marked complete with 19 of 55 states.
    """
    game = CatAndMouse()
    whole = solve(game)
    assert whole.method == "retrograde"
    path = tmp_path / "chase.sqlite"
    encode_row, written = _store.row, []

    def interrupted_row(*args: object) -> object:
        written.append(args)
        if len(written) == 20:
            raise KeyboardInterrupt  # Ctrl-C in the middle of the table's rows
        return encode_row(*args)

    monkeypatch.setattr(_store, "row", interrupted_row)
    with pytest.raises(KeyboardInterrupt):
        solve(game, path=path, batch=10)
    monkeypatch.setattr(_store, "row", encode_row)
    assert info(path).states == 0  # the transaction rolled back: none of the table
    resumed = solve(game, path=path)
    assert (resumed.method, len(resumed), resumed.stats.resumed) == ("retrograde", 55, 0)
    assert {key: resumed.value(key) for key in resumed} == {key: whole.value(key) for key in whole}
