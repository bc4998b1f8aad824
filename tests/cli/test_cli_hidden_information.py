"""The commands that search as if every player saw everything refuse a game that hides (issue 36).

``gamesearch solve kuhn_n:KuhnN -p cards=4`` printed ``proven: 0 for player 0`` and exited 0,
where four-card Kuhn poker is worth -1/24 to player 0; ``gamesearch solve kuhn`` said only
that no reference game has that name. ``solve``, ``match`` and ``table build`` now refuse a
game of imperfect information (one that declares ``information_set``, or a name ``cfr`` or
``play`` knows) in one line, before anything is printed, naming the command that takes it.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from cli_helpers import call

DATA = Path(__file__).resolve().parents[1] / "data"

OWN_GAMES = {
    "kuhn_n:KuhnN -p cards=4": "KuhnN",
    "hidden_goofspiel:HiddenGoofspiel": "HiddenGoofspiel",
}
"""The games of the test data, by import path, with their class names."""

COMMANDS = {
    "solve": "solve {game}",
    "match": "match {game} alphabeta mcts --games 2",
    "table build": "table build {game} --out {out}",
}
"""The commands that search a game of perfect information, with the game's place."""


def _refused(capsys, command, game, tmp_path):
    """Run ``command`` on ``game``: the status, and stderr's one line (nothing on stdout)."""
    out = tmp_path / "table.sqlite"
    line = COMMANDS[command].format(game=game, out=out)
    status, printed, error = call(capsys, *shlex.split(line))
    assert printed == ""
    assert not out.exists()
    assert error.count("\n") == 1, error
    return status, error.strip()


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("game", list(OWN_GAMES))
def test_a_game_of_ones_own_that_hides_is_refused_with_the_cfr_command(
    capsys, monkeypatch, tmp_path, command, game
):
    monkeypatch.chdir(DATA)
    status, error = _refused(capsys, command, game, tmp_path)
    assert status == 1
    assert error.startswith(f"gamesearch: error: gamesearch {command} searches games of perfect")
    assert f"{OWN_GAMES[game]} is a game of imperfect information" in error
    assert f"gamesearch cfr {game} --iterations 1000" in error


def test_four_card_kuhn_poker_is_not_proven_worth_nothing(capsys, monkeypatch, tmp_path):
    # It printed "proven: 0 for player 0" (the value with the cards face up) and exited 0.
    monkeypatch.chdir(DATA)
    status, error = _refused(capsys, "solve", "kuhn_n:KuhnN -p cards=4", tmp_path)
    assert status == 1
    assert "proven" not in error
    assert error.endswith("or play it against ismcts with gamesearch play kuhn_n:KuhnN -p cards=4")


def test_the_command_the_refusal_names_solves_the_game(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(DATA)
    _, error = _refused(capsys, "solve", "kuhn_n:KuhnN -p cards=4", tmp_path)
    named = error.split("solve it with gamesearch ", 1)[1].split(",", 1)[0]
    status, printed, _ = call(capsys, *shlex.split(named), "--quiet")
    assert status == 0
    assert printed.startswith("KuhnN(cards=4): plus CFR, 1,000 iterations")


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("name", ["kuhn", "leduc", "liars_dice"])
def test_a_game_of_imperfect_information_by_name_points_at_cfr(
    capsys, tmp_path, command, name
):
    # It said only that no reference game has that name.
    status, error = _refused(capsys, command, name, tmp_path)
    assert status == 1
    assert "is a game of imperfect information" in error
    assert f"solve it with gamesearch cfr {name} --iterations 1000" in error
    assert f"play it against ismcts with gamesearch play {name}" in error


def test_oh_hell_by_name_points_at_play_which_takes_it(capsys, tmp_path):
    status, error = _refused(capsys, "solve", "ohhell", tmp_path)
    assert status == 1
    assert "OhHell is a game of imperfect information" in error
    assert error.endswith("play it against ismcts with gamesearch play ohhell")
    assert "gamesearch cfr" not in error  # cfr does not know it


def test_a_parameter_of_a_game_by_name_is_kept_in_the_command_named(capsys, tmp_path):
    status, error = _refused(capsys, "solve", "kuhn -p players=3", tmp_path)
    assert status == 1
    assert "gamesearch cfr kuhn -p players=3 --iterations 1000" in error


def test_a_game_by_name_that_does_not_exist_is_still_unknown(capsys):
    status, _, error = call(capsys, "solve", "kuhnn")
    assert status == 2
    assert "no reference game is called 'kuhnn'" in error


def test_the_docs_show_the_refusal_as_the_command_prints_it(capsys, tmp_path):
    page = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text("utf-8")
    shown = page.split("$ gamesearch solve kuhn\n", 1)[1].split("\n", 1)[0]
    _, error = _refused(capsys, "solve", "kuhn", tmp_path)
    assert shown == error
