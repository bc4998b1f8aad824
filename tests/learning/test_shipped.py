"""connect_four_evaluation(): the learned evaluation the package ships, checked on load."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from gamesearch import InvalidSearchOptionError, alphabeta
from gamesearch.errors import TableFileError
from gamesearch.games import ConnectFour, TicTacToe
from gamesearch.learning import LinearEvaluation, _shipped, connect_four_evaluation


def test_the_shipped_evaluation_weighs_the_twenty_counts_of_the_7x6_board():
    evaluation = connect_four_evaluation()
    assert evaluation.game == ConnectFour()
    assert evaluation.indices == tuple(range(20))
    assert evaluation.squash
    text = resources.files("gamesearch.learning").joinpath("connect_four.json").read_text("utf-8")
    assert evaluation == LinearEvaluation.from_data(json.loads(text), ConnectFour(), "file")


def test_the_same_weights_evaluate_any_board():
    small = connect_four_evaluation(ConnectFour(5, 4))
    assert small.game == ConnectFour(5, 4)
    assert (small.weights, small.bias, small.indices) == (
        connect_four_evaluation().weights, connect_four_evaluation().bias, tuple(range(20))
    )  # fmt: skip


def test_it_sees_what_the_threats_show_a_few_plies_ahead():
    board = ConnectFour()
    evaluation = connect_four_evaluation()
    two_threats = board.from_moves("44553")  # X's open three on the bottom row, O to move
    assert evaluation(two_threats, 0) > 0.99 > -0.99 > evaluation(two_threats, 1)
    assert alphabeta(board, board.from_moves("112233"), depth=2, evaluate=evaluation).action == 3


def test_another_game_is_refused():
    with pytest.raises(InvalidSearchOptionError, match="game must be a ConnectFour, not TicTacToe"):
        connect_four_evaluation(TicTacToe())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "cannot read the package's connect_four.json"),
        ('{"format": "gamesearch-linear-evaluation"}', "the package's connect_four.json"),
    ],
)
def test_a_changed_package_file_is_refused_on_load(monkeypatch, tmp_path, text, message):
    (tmp_path / "connect_four.json").write_text(text, encoding="utf-8")
    monkeypatch.setattr(_shipped.resources, "files", lambda package: tmp_path)
    with pytest.raises(TableFileError, match=message):
        connect_four_evaluation()
