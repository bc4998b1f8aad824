"""Table files keep what a user solves: a stable identity, strict reuse, nothing lost.

A table file records its game by import path and parameters (``gamesearch.identity``), so a
user's own class, with no ``__repr__``, is resumed, reopened and probed in a fresh process; a
complete file serves only what it holds (its roots, its tolerance); a path that names no file
or cannot be written fails at once, and a complete table is never replaced by a book.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gamesearch import Solution, TableFileError, UnsupportedGameError
from gamesearch.cli import main
from gamesearch.games import ConnectFour, Nim, Pig, Rolit, TicTacToe
from gamesearch.identity import GameIdentity, game_identity, remake
from gamesearch.solving import _file, opening_book, solve
from gamesearch.solving._codec import decode, encode

SOURCE = str(Path(__file__).resolve().parents[2] / "src")

TAKE = textwrap.dedent(
    '''
    """A user's own game: take 1 or 2 stones (up to ``most``); who takes the last one wins."""


    class Take:
        num_players = 2

        def __init__(self, stones, most=2):
            self.stones = stones
            self.most = most

        def initial_state(self):
            return (self.stones, 0)

        def to_move(self, state):
            return state[1]

        def actions(self, state):
            return [n for n in range(1, self.most + 1) if n <= state[0]]

        def result(self, state, action):
            return (state[0] - action, 1 - state[1])

        def is_terminal(self, state):
            return state[0] == 0

        def utility(self, state, player):
            return 1 if state[1] != player else -1
    '''
)


def python(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([SOURCE, str(cwd)])}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True, text=True, timeout=120, check=False, cwd=cwd, env=env,
    )  # fmt: skip


@pytest.mark.slow
def test_an_own_game_is_solved_resumed_reopened_and_probed_in_fresh_processes(tmp_path):
    (tmp_path / "take.py").write_text(TAKE)
    build = python(
        """
        from take import Take
        from gamesearch.solving import solve
        first = solve(Take(7), path="take.sqlite")
        print(first.value(Take(7).initial_state()), len(first))
        """,
        tmp_path,
    )
    assert build.returncode == 0, build.stderr
    again = python(
        """
        from take import Take
        from gamesearch import Solution
        from gamesearch.solving import solve
        resumed = solve(Take(7), path="take.sqlite")       # complete: read back, not solved
        loaded = Solution.load("take.sqlite")              # the game from the file alone
        print(resumed.value(Take(7).initial_state()), len(resumed), resumed.stats.solved)
        print(type(loaded.game).__name__, loaded.game.stones, loaded.best_actions((7, 0)))
        try:
            solve(Take(7, most=3), path="take.sqlite")
        except Exception as error:
            print(type(error).__name__, error)
        """,
        tmp_path,
    )
    assert again.returncode == 0, again.stderr
    lines = again.stdout.splitlines()
    assert lines[0] == build.stdout.strip() + " 0"  # the same value and size; nothing solved
    assert lines[1] == "Take 7 (1,)"  # 7 stones: take 1, leaving a multiple of 3
    assert lines[2].startswith("TableFileError")
    assert "given most=3" in lines[2]
    assert "take:Take(stones=7, most=2)" in lines[2]
    env = {**os.environ, "PYTHONPATH": SOURCE}
    probe = subprocess.run(
        [sys.executable, "-m", "gamesearch", "table", "probe", "take.sqlite", "--moves", "1"],
        capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path, env=env,
    )  # fmt: skip
    assert probe.returncode == 0, probe.stderr
    assert "strong solution of take:Take(stones=7, most=2)" in probe.stdout
    assert "best moves: " in probe.stdout


def test_a_mismatch_names_what_differs(tmp_path):
    path = tmp_path / "c4.sqlite"
    solve(ConnectFour(3, 3), path=path)
    with pytest.raises(TableFileError) as raised:
        Solution.load(path, ConnectFour(3, 4))
    assert "built for gamesearch.games.connect_four:ConnectFour(width=3, height=3)" in str(
        raised.value
    )
    assert "given height=4" in str(raised.value)


def test_identities_of_the_reference_games_remake_them():
    for game in (TicTacToe(4, 3), ConnectFour(5, 4), Nim((1, 2), players=2), Pig(20, 3)):
        identity = game_identity(game)
        again = remake(GameIdentity.from_json(identity.to_json()))
        assert type(again) is type(game)
        assert game_identity(again) == identity


@pytest.mark.parametrize(
    "name", ["\x1b[2J\x1b[31mpiles", "a\r\ngamesearch: done", "", "=", ", y", "1st"]
)
def test_an_identity_names_its_parameters_by_identifiers(name):
    """A hostile file's parameter name never reaches a message raw: it is refused as damaged."""
    text = json.dumps({"class": "gamesearch.games.nim:Nim", "parameters": {name: 1}})
    with pytest.raises(TableFileError, match="not an identity this library wrote"):
        GameIdentity.from_json(text)
    assert "\x1b" not in _file.named({"game": text})
    assert "\r" not in _file.named({"game": text})

    class Named(Nim):
        def game_parameters(self):
            return {name: 1}

    with pytest.raises(UnsupportedGameError, match=r"each an identifier"):
        game_identity(Named((1,), players=2))


def test_a_long_identity_is_cut_short_in_messages():
    text = json.dumps({"class": "gamesearch.games.nim:Nim", "parameters": {"x": "y" * 10_000}})
    assert len(str(GameIdentity.from_json(text))) > 10_000
    shown = _file.named({"game": text})
    assert shown.startswith("gamesearch.games.nim:Nim(x='yyy")
    assert len(shown) == 203


def test_a_dataclass_game_and_a_stated_identity_are_found():
    @dataclasses.dataclass(frozen=True)
    class Board:
        size: int
        label: str = "x"

    assert game_identity(Board(3)).parameters == (("size", 3), ("label", "x"))

    class Opaque:
        def __init__(self, seed: int) -> None:
            self._seed = seed

        def game_parameters(self) -> dict[str, object]:
            return {"seed": self._seed}

    assert game_identity(Opaque(5)).parameters == (("seed", 5),)


def test_a_game_without_an_identity_fails_before_any_work_or_file(tmp_path):
    class Hidden:
        num_players = 2

        def __init__(self, stones: int) -> None:
            self._stones = stones  # kept under another name, and no game_parameters()

        def initial_state(self) -> int:
            return self._stones

        def to_move(self, state: int) -> int:
            return 0

        def actions(self, state: int) -> list[int]:
            return [1]

        def result(self, state: int, action: int) -> int:
            return state - 1

        def is_terminal(self, state: int) -> bool:
            return state == 0

        def utility(self, state: int, player: int) -> float:
            return 0.0

    path = tmp_path / "hidden.sqlite"
    with pytest.raises(UnsupportedGameError, match=r"keep it as self.stones.*game_parameters"):
        solve(Hidden(3), path=path)
    assert not path.exists()


def test_keys_that_cannot_be_stored_are_refused_before_any_work(tmp_path):
    class Board:  # a state of one's own, not plain data
        def __init__(self, n: int) -> None:
            self.n = n

        def __hash__(self) -> int:
            return self.n

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Board) and other.n == self.n

    class Game:
        num_players = 2

        def initial_state(self) -> Board:
            return Board(2)

        def to_move(self, state: Board) -> int:
            return state.n % 2

        def actions(self, state: Board) -> list[int]:
            return [1]

        def result(self, state: Board, action: int) -> Board:
            return Board(state.n - 1)

        def is_terminal(self, state: Board) -> bool:
            return state.n == 0

        def utility(self, state: Board, player: int) -> float:
            return 0.0

    with pytest.raises(UnsupportedGameError, match=r"cannot store a .*Board.*key\(state\)"):
        solve(Game(), path=tmp_path / "board.sqlite")


def test_equal_keys_encode_to_equal_bytes():
    assert encode(1) == encode(1.0) == encode(True)
    assert encode(0.0) == encode(-0.0)
    state = Pig(20).initial_state()
    assert encode(state) == encode(tuple(state))
    assert decode(encode(state)) == state
    for value in (0, -1, 127, 128, -129, 2**200, -(2**200), 0.5, "é\ud800", b"\x00", ((),)):
        assert decode(encode(value)) == value or value != value
    with pytest.raises(UnsupportedGameError, match="NaN"):
        encode((1, float("nan")))
    with pytest.raises(UnsupportedGameError, match="list"):
        encode([1, 2])


def test_a_complete_file_serves_only_the_roots_it_holds(tmp_path):
    game = TicTacToe()
    deep = game.parse("XO. / .X. / O..")
    path = tmp_path / "part.sqlite"
    solve(game, deep, path=path)
    child = game.result(deep, 2)  # a state in the table: served from the file
    assert solve(game, child, path=path).value(child) == solve(game, child).value(child)
    with pytest.raises(TableFileError, match="built from other roots"):
        solve(game, path=path)  # the empty board is not in the table of the deeper root


def test_a_complete_file_serves_only_the_tolerance_it_was_iterated_to(tmp_path):
    game = Pig(10)
    path = tmp_path / "pig.sqlite"
    loose = solve(game, path=path, tolerance=0.3)
    with pytest.raises(TableFileError, match=r"tolerance=0.3, looser than the 1e-09"):
        solve(game, path=path)
    assert solve(game, path=path, tolerance=0.5).tolerance == loose.tolerance


@pytest.mark.parametrize("path", ["", "   ", ":memory:"])
def test_a_path_that_names_no_file_is_refused(tmp_path, path, capsys):
    game = Nim((1, 2), players=2)
    with pytest.raises(TableFileError, match="names no file"):
        solve(game, path=path)
    with pytest.raises(TableFileError, match="names no file"):
        solve(game).save(path)
    with pytest.raises(TableFileError, match="names no file"):
        opening_book(game, 1, path=path)
    try:
        status = main(["table", "build", "nim", "-p", "players=2", "--out", path, "--quiet"])
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    assert status == 1
    assert "names no file" in capsys.readouterr().err


@pytest.mark.parametrize("where", ["missing/t.sqlite", "file/t.sqlite"])
def test_a_build_into_a_folder_that_cannot_hold_it_fails_at_once(tmp_path, where, capsys):
    (tmp_path / "file").write_text("a file, not a folder")
    out = tmp_path / where
    for argv in (["connect4", "-p", "width=5", "-p", "height=4"], ["tictactoe", "--plies", "2"]):
        try:
            status = main(["table", "build", *argv, "--out", str(out), "--quiet"])
        except SystemExit as exit_:
            status = int(exit_.code or 0)
        assert status == 1
        err = capsys.readouterr().err
        assert "does not exist" in err
        assert "Traceback" not in err


@pytest.mark.slow
def test_a_book_never_replaces_a_complete_table(tmp_path, capsys):
    path = tmp_path / "ttt.sqlite"
    full = solve(TicTacToe(), path=path)
    try:
        status = main(["table", "build", "tictactoe", "--plies", "1", "--out", str(path)])
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    assert status == 1
    assert "already holds a table (strong solution of gamesearch.games.tictactoe:TicTacToe(" \
        "size=3, k=3), 765 states)" in capsys.readouterr().err  # the game named, not its JSON
    assert len(Solution.load(path, TicTacToe())) == len(full)
    book_path = tmp_path / "book.sqlite"
    book = opening_book(TicTacToe(), 2, path=book_path)
    again = opening_book(TicTacToe(), 2, path=book_path)  # the same book: read back
    assert len(again) == len(book)
    assert again.plies == 2
    with pytest.raises(TableFileError, match="not this book of 3 plies"):
        opening_book(TicTacToe(), 3, path=book_path)


@pytest.mark.parametrize(
    "game", [TicTacToe(), Rolit(size=4, players=2)], ids=["keys by game.key", "keys by state"]
)
def test_a_strong_solution_never_reads_a_book_back_as_itself(tmp_path, game):
    """A book's file is refused by ``solve``, whether or not its keys are the solve's kind."""
    path = tmp_path / "book.sqlite"
    book = opening_book(game, 1, path=path)
    with pytest.raises(TableFileError, match=rf"already holds a table \(opening book of "
                       rf"gamesearch\.games\.\w+:\w+\(.*\), {len(book)} states\), not a strong "
                       "solution"):  # fmt: skip
        solve(game, path=path)
    assert Solution.load(path, game).plies == 1  # left as it was


def test_probe_tells_what_a_file_holds_without_the_game(tmp_path, capsys):
    path = tmp_path / "ttt.sqlite"
    main(["table", "build", "tictactoe", "--out", str(path), "--quiet"])
    capsys.readouterr()
    assert main(["table", "probe", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{path}: strong solution of gamesearch.games.tictactoe:TicTacToe(size=3, k=3)" in out
    assert "positions: " in out
    assert "built: " in out
    assert "root: X to move, value +0 for X, a draw under best play" in out
    assert main(["table", "probe", str(path), "--position", "XX. / OO. / ..."]) == 0
    assert "best moves: 2\n" in capsys.readouterr().out
    assert main(["table", "probe", str(path), "--moves"]) == 0  # no moves: the start
    assert "best moves: 0 1 2 3 4 5 6 7 8\n" in capsys.readouterr().out


def test_probe_says_who_wins_where_the_value_alone_would_not(tmp_path, capsys):
    """Rolit's utilities are 1 and 0: its +0 is a loss, not the draw tic-tac-toe's +0 is."""
    game = Rolit(size=4, players=2)
    path = tmp_path / "rolit.sqlite"
    solution = solve(game, path=path)
    assert main(["table", "probe", str(path)]) == 0
    root = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("root:"))
    value = solution.value(game.initial_state())
    expected = {1.0: "(red wins)", 0.0: "(red loses)", 0.5: "a draw under best play"}[value]
    assert f"value {value:+g} for red" in root
    assert expected in root
    layer, lost = [game.initial_state()], None
    while lost is None and layer:  # the first position, breadth first, whose mover loses
        layer = [game.result(state, action) for state in layer for action in game.actions(state)]
        lost = next((state for state in layer if solution.value(state) == 0.0), None)
    assert lost is not None
    assert main(["table", "probe", str(path), "--position", game.render(lost)]) == 0
    out = capsys.readouterr().out
    assert "value: +0 for " in out
    assert "loses)" in out
    assert "wins)" not in out


def test_probe_of_a_position_the_command_line_gets_wrong_prints_nothing_on_stdout(
    tmp_path, capsys
):
    """The user's walk: exit status 2 came after the file's summary on standard output."""
    path = tmp_path / "nim.sqlite"
    solve(Nim((1, 2), players=2), path=path)
    capsys.readouterr()
    for wrong, said in (
        (["--moves", "9,9"], "not legal here"),
        (["--position", "| ||"], "cannot read a --position (it has no parse method): give the"),
    ):
        with pytest.raises(SystemExit) as exited:
            main(["table", "probe", str(path), *wrong])
        assert exited.value.code == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert said in err


def test_probe_of_a_game_of_chance_says_no_draw_and_reads_chance_nodes(tmp_path, capsys):
    path = tmp_path / "pig.sqlite"
    main(["table", "build", "pig", "-p", "goal=8", "-p", "die_sides=3", "--out", str(path),
          "--quiet"])  # fmt: skip
    capsys.readouterr()
    assert main(["table", "probe", str(path), "--moves", "roll"]) == 0
    out = capsys.readouterr().out
    assert "a chance node (nature moves next): value" in out
    assert "draw" not in out
    assert main(["table", "probe", str(path), "--moves", "roll", "2"]) == 0
    out = capsys.readouterr().out
    assert "distance: none (a game of chance has no fixed length)" in out
    assert "draw" not in out


def test_probe_takes_moves_as_the_rest_of_the_command_does(tmp_path, capsys):
    path = tmp_path / "nim.sqlite"
    main(["table", "build", "nim", "-p", "piles=(1, 2)", "-p", "players=2", "--out", str(path),
          "--quiet"])  # fmt: skip
    capsys.readouterr()
    assert main(["table", "probe", str(path), "--moves", "1,1"]) == 0
    out = capsys.readouterr().out
    assert "best moves: 0,1 1,1" in out


def test_an_unfinished_file_says_how_far_it_got(tmp_path, capsys):
    path = tmp_path / "c4.sqlite"

    def stop(report: object) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        solve(ConnectFour(4, 3), path=path, batch=50, progress=stop, progress_every=200)
    assert main(["table", "probe", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{path}: strong solution of " in out  # the user's walk: it said "auto of"
    assert "unfinished: " in out
    assert "run the same build again" in out
    with pytest.raises(TableFileError, match=r"unfinished build \([\d,]+ states so far\)"):
        Solution.load(path, ConnectFour(4, 3))
