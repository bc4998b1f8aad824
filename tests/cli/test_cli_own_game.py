"""A game of one's own shows its player names, coordinates and final score (issue 27, section 7).

The game here is made for the test: two players claim the squares of a 2 x 3 board in turn,
each square worth its number plus one; the utility is the difference of the points claimed (a
score, not a win or a loss). It names its players and asks for square numbers beside its board
through the optional members ``player_names`` and ``layout``.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from gamesearch.cli import main

CLAIMS = '''
"""Claims: take squares of a 2 x 3 board in turn; a square is worth its number plus one."""

from __future__ import annotations


class Claims:
    """Claims: take squares in turn; the utility is your points minus the other's."""

    num_players = 2
    player_names = NAMES
    layout = LAYOUT

    def initial_state(self) -> tuple[int, ...]:
        return (-1,) * 6

    def to_move(self, state: tuple[int, ...]) -> int:
        return sum(owner >= 0 for owner in state) % 2

    def actions(self, state: tuple[int, ...]) -> list[int]:
        return [square for square, owner in enumerate(state) if owner < 0]

    def result(self, state: tuple[int, ...], square: int) -> tuple[int, ...]:
        owners = list(state)
        owners[square] = self.to_move(state)
        return tuple(owners)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return all(owner >= 0 for owner in state)

    def utility(self, state: tuple[int, ...], player: int) -> float:
        mine = sum(square + 1 for square, owner in enumerate(state) if owner == player)
        return float(2 * mine - 21)  # 21 points in all

    def render(self, state: tuple[int, ...]) -> str:
        marks = ["." if owner < 0 else "AB"[owner] for owner in state]
        return "\\n".join(" ".join(marks[row * 3 : row * 3 + 3]) for row in range(2))
'''


def write_claims(folder: Path, module: str, names: str, layout: str) -> None:
    source = CLAIMS.replace("NAMES", names).replace("LAYOUT", layout)
    (folder / f"{module}.py").write_text(source, encoding="utf-8")


def test_an_own_game_has_its_names_coordinates_and_final_score(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    write_claims(tmp_path, "claims_named", '("Ann", "Bob")', '"squares"')
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n1\n2\n3\n4\n5\n" * 2))
    status = main(["play", "claims_named:Claims", "--searcher", "alphabeta"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "you are Ann, the computer is Bob" in out
    assert ". . .    0 1 2\n. . .    3 4 5\n" in out  # the square numbers beside the board
    assert "the computer (Bob) plays" in out
    assert "player 0" not in out
    assert "player 1" not in out
    # The final score, worked out from the board drawn last: Ann's squares are the A's.
    board = out.split("game over:")[0].strip().splitlines()[-2:]
    cells = [cell for row in board for cell in row.split()[:3]]
    ann = sum(square + 1 for square, mark in enumerate(cells) if mark == "A")
    ann_utility, bob_utility = 2 * ann - 21, 21 - 2 * ann
    winner = "Ann" if ann_utility > 0 else "Bob"
    utilities = f"Ann {ann_utility:+d}, Bob {bob_utility:+d}"
    assert f"game over: {winner} wins; final utilities {utilities}\n" in out


def test_columns_are_numbered_under_the_board(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    write_claims(tmp_path, "claims_columns", "None", '"columns"')
    monkeypatch.syspath_prepend(str(tmp_path))
    status = main(["solve", "claims_columns:Claims", "--moves", "4", "--quiet"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert out.startswith(". . .\n. A .\n0 1 2\n")
    assert "to move: player 1" in out  # no names: the players are numbered


@pytest.mark.filterwarnings("ignore::gamesearch.BlindSearchWarning")  # --depth 1, no evaluation
def test_a_bundled_game_keeps_its_own_description(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["solve", "tictactoe", "--moves", "4", "--depth", "1", "--quiet"])
    out, _ = capsys.readouterr()
    assert status == 0
    assert out.startswith(". . .    0 1 2\n. X .    3 4 5\n")
    assert "to move: O" in out


@pytest.mark.parametrize(
    ("names", "layout", "message"),
    [
        ('"AB"', "None", "player_names must be a sequence of strings, one per player, not 'AB'"),
        ("(1, 2)", "None", "player_names must be a sequence of strings"),
        ("None", '"diagonal"', "layout must be 'squares', 'columns' or None, not 'diagonal'"),
    ],
)
def test_a_bad_capability_is_refused_with_a_message(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    names: str,
    layout: str,
    message: str,
) -> None:
    module = f"claims_bad_{abs(hash((names, layout)))}"
    write_claims(tmp_path, module, names, layout)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        status = main(["solve", f"{module}:Claims", "--quiet"])
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    assert status == 1
    assert message in err
    assert out == ""


def test_table_probe_names_the_players_of_an_own_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The user's walk (2026-12-03): "to move: player 1" for a game with player_names.
    write_claims(tmp_path, "claims_probed", '("Ann", "Bob")', "None")
    monkeypatch.syspath_prepend(str(tmp_path))
    table = str(tmp_path / "claims.sqlite")
    assert main(["table", "build", "claims_probed:Claims", "--out", table, "--quiet"]) == 0
    capsys.readouterr()
    # From the file alone (the game remade as the file names it), and with --game.
    for extra in ([], ["--game", "claims_probed:Claims"]):
        assert main(["table", "probe", table, "--moves", "0", *extra]) == 0
        out = capsys.readouterr().out
        assert "to move: Bob" in out
        assert "value: +3 for Bob" in out
        assert "root: Ann to move" in out
        assert "player 0" not in out
        assert "player 1" not in out
