"""``gamesearch play`` on games of imperfect information: against a strategy file or ISMCTS."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from gamesearch.cli import main
from gamesearch.imperfect import KuhnPoker, LeducPoker, cfr, save_strategy


def run(capsys, monkeypatch, stdin, *argv):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(["play", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def always_bet(tmp_path):
    """A Kuhn strategy file in which every information set bets."""
    strategy = cfr(KuhnPoker(), iterations=1).strategy
    path = tmp_path / "bet.json"
    save_strategy(path, KuhnPoker(), {key: {0: 0.0, 1: 1.0} for key in strategy})
    return path


@pytest.mark.parametrize("seed", range(6))
def test_the_computer_plays_the_strategy_and_the_person_sees_only_their_card(
    capsys, monkeypatch, tmp_path, seed
):
    status, out, _ = run(capsys, monkeypatch, "pass\npass\n", "kuhn",
                         "--strategy", str(always_bet(tmp_path)), "--seed", str(seed))  # fmt: skip
    assert status == 0
    lines = out.splitlines()
    assert "the computer (a saved strategy)" in lines[0]
    assert lines[1].startswith("you know: your card ")
    assert "the betting so far: none yet" in lines[1]
    assert "player 1 (computer) plays bet" in lines  # it bets after a pass, as the file says
    assert lines[-2].startswith("game over: KuhnState(cards=")
    assert lines[-1] == "utilities: player 0 -1, player 1 +1"  # the person folded
    # Before the end, nothing printed shows the computer's card.
    mine = lines[1].split("your card ")[1][0]
    before_end = "\n".join(lines[1:-2])
    assert all(card not in before_end.replace(f"card {mine}", "") for card in "JQK")


def test_the_computer_moves_first_and_the_person_bets_and_calls(capsys, monkeypatch, tmp_path):
    status, out, _ = run(capsys, monkeypatch, "bet\n", "kuhn", "--computer-first",
                         "--strategy", str(always_bet(tmp_path)), "--seed", "1")  # fmt: skip
    assert status == 0
    lines = out.splitlines()
    assert lines[1] == "player 0 (computer) plays bet"
    assert lines[2].endswith("the betting so far: bet")
    assert lines[3] == "your move (pass bet): bet"
    assert lines[-1] in (
        "utilities: player 0 +2, player 1 -2",
        "utilities: player 0 -2, player 1 +2",
    )


def test_ismcts_by_default_with_its_options(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, "pass\npass\n", "kuhn", "-o", "iterations=30",
                         "-o", "exploration=2", "--seed", "2")  # fmt: skip
    assert status == 0
    assert "the computer (ismcts)" in out
    assert "(computer) plays " in out
    assert out.splitlines()[-1].startswith("utilities: player 0 ")


def test_oh_hell_shows_the_hand_by_card_names_and_bids_by_number(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, "1\nquit\n", "ohhell", "-o", "iterations=20",
                         "--seed", "3")  # fmt: skip
    assert status == 0
    lines = out.splitlines()
    assert lines[1].startswith("you know: your hand ")
    assert lines[1].endswith("bids []; played nothing yet")
    assert lines[2] == "your move (0 1 2 3): 1"
    assert lines[-1] == "game abandoned"


def test_liars_dice_names_the_die_and_the_bids(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, "quit\n", "liars_dice", "-p", "dice_sides=3",
                         "--computer-first", "-o", "iterations=20", "--seed", "4")  # fmt: skip
    assert status == 0
    lines = out.splitlines()
    assert lines[1].startswith("player 0 (computer) plays ")
    assert lines[2].startswith("you know: your die ")
    assert "liar" in lines[3]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tictactoe", "--strategy", "x.json"], "--strategy plays a game of imperfect information"),
        (["kuhn", "--searcher", "alphabeta"], "played by ismcts"),
        (["kuhn", "--depth", "2"], "played by ismcts"),
        (["kuhn", "-o", "depth=2"], "depth"),
        (["kuhn", "--strategy", "x.json", "--time", "1"], "takes no -o or --time"),
        (["poker"], "poker"),
    ],
)
def test_bad_command_lines_exit_2_before_playing(capsys, monkeypatch, argv, message):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as stop:
        main(["play", *argv])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err


@pytest.mark.slow
def test_a_strategy_file_of_another_game_is_refused(capsys, monkeypatch, tmp_path):
    path = tmp_path / "leduc.json"
    save_strategy(path, LeducPoker(), cfr(LeducPoker(), iterations=1).strategy)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as stop:
        main(["play", "kuhn", "--strategy", str(path)])
    assert stop.value.code == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "another game" in captured.err or "LeducPoker" in captured.err


DATA = Path(__file__).resolve().parents[1] / "data"
TUTORIAL = Path(__file__).resolve().parents[2] / "docs" / "imperfect-tutorial.md"


def test_the_tutorial_shows_the_game_file_the_tests_use():
    page = TUTORIAL.read_text(encoding="utf-8")
    first = page.split("```python\n", 1)[1].split("```", 1)[0]
    assert first == (DATA / "peek_poker.py").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_tutorials_game_by_its_import_path_solved_then_played(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(DATA)
    path = tmp_path / "peek.json"
    assert main(["cfr", "peek_poker:PeekPoker", "--iterations", "1000", "--quiet",
                 "--out", str(path)]) == 0  # fmt: skip
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("PeekPoker(cards=4): plus CFR, 1,000 iterations")
    assert out[1].split() == ["information", "set", "check", "bet", "call", "fold"]
    assert out[2].split() == ["0:0:", "0.667", "0.333"]
    status, text, _ = run(capsys, monkeypatch, "bet\n", "peek_poker:PeekPoker",
                          "--strategy", str(path), "--seed", "2")  # fmt: skip
    assert status == 0
    lines = text.splitlines()
    assert lines[1] == "you know: '0:3:'"
    assert lines[2] == "your move (check bet): bet"
    assert lines[-1] in (
        "utilities: player 0 +1, player 1 -1",
        "utilities: player 0 +2, player 1 -2",
    )
