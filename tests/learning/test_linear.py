"""LinearEvaluation: the weighted sum of a game's features, its JSON file and its refusals."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from gamesearch import (
    InvalidSearchOptionError,
    UnsupportedGameError,
    alphabeta,
    iterative_deepening,
)
from gamesearch.errors import TableFileError
from gamesearch.games import ConnectFour, Nim, TicTacToe
from gamesearch.identity import game_identity
from gamesearch.learning import LinearEvaluation, weights_svg

GAME = TicTacToe()
STATE = GAME.parse("X X . / . O . / . . .")  # O to move; X threatens the top right
COUNTS = (0.3, -0.3, 0.1, -0.1, 0.05)
"""Weights of tic-tac-toe's five counts: lines a mark short, open lines, whose turn."""


def counting() -> LinearEvaluation:
    return LinearEvaluation(GAME, COUNTS, bias=0.02, indices=range(5))


def test_the_value_is_the_bias_plus_the_weighted_features() -> None:
    features = GAME.features(STATE, 1)
    wanted = 0.02 + sum(w * f for w, f in zip(COUNTS, features[:5], strict=True))
    assert counting()(STATE, 1) == pytest.approx(wanted)
    assert counting().evaluate(STATE, 1) == counting()(STATE, 1)


def test_squashing_is_the_logistic_curve_stretched_onto_minus_one_to_one() -> None:
    weights = tuple(float(i % 3 - 1) for i in range(14))
    plain = LinearEvaluation(GAME, weights, bias=0.5)
    squashed = LinearEvaluation(GAME, weights, bias=0.5, squash=True)
    z = plain(STATE, 0)
    assert squashed(STATE, 0) == pytest.approx(2 / (1 + math.exp(-z)) - 1)
    huge = LinearEvaluation(GAME, (1e6,) * 14, squash=True)
    assert -1 <= huge(STATE, 0) <= 1


def test_alphabeta_takes_it_as_its_evaluation_and_blocks_the_threat() -> None:
    result = alphabeta(GAME, STATE, depth=2, evaluate=counting())
    assert result.action == 2


def test_the_engine_takes_it_as_its_evaluation() -> None:
    game = ConnectFour(5, 4)
    state = game.from_moves("3344")  # X to move: 2 or 5 makes an open three on the bottom row
    evaluation = LinearEvaluation(
        game, (1.0, -1.0, 0.2, -0.2, 0.1, -0.1, 0.3, 1.0, -1.0), indices=range(9), squash=True
    )
    result = iterative_deepening(game, state, depth=4, evaluate=evaluation)
    assert result.action in (1, 4)  # columns counted from 0
    assert result.value == alphabeta(game, state, depth=4, evaluate=evaluation).value


def test_a_round_trip_through_a_file_gives_the_same_evaluation(tmp_path: Path) -> None:
    path = tmp_path / "eval.json"
    for evaluation in (counting(), LinearEvaluation(GAME, (0.5,) * 14, squash=True)):
        evaluation.save(path)
        loaded = LinearEvaluation.load(path, GAME)
        assert loaded == evaluation
        assert loaded(STATE, 0) == evaluation(STATE, 0)


def test_a_file_of_one_board_is_refused_for_another(tmp_path: Path) -> None:
    path = tmp_path / "small.json"
    LinearEvaluation(ConnectFour(5, 4), (0.1,) * 9, indices=range(9)).save(path)
    with pytest.raises(TableFileError, match="width=7"):
        LinearEvaluation.load(path, ConnectFour(7, 6))


HOSTILE: list[tuple[str, Any, str]] = [
    ("a weight that is a string", {"weights": ["0.3", 0, 0, 0, 0]}, "finite real numbers"),
    ("a weight that is a bool", {"weights": [True, 0, 0, 0, 0]}, "finite real numbers"),
    ("a weight that is NaN", {"weights": "NaN"}, "does not parse|must be a list"),
    ("too few weights", {"weights": [0.1, 0.2]}, "2 weights for 5 features"),
    ("weights that are not a list", {"weights": {"a": 1}}, "'weights' must be a list"),
    ("a bias that is null", {"bias": None}, "bias must be finite real numbers"),
    ("squash that is a number", {"squash": 1}, "squash must be True or False"),
    ("an index past the features", {"indices": [0, 1, 2, 3, 99]}, "indices must be distinct"),
    ("an index twice", {"indices": [0, 0, 1, 2, 3]}, "indices must be distinct"),
    ("an index that is a float", {"indices": [0.0, 1, 2, 3, 4]}, "indices must be distinct"),
    ("another format", {"format": "pickle"}, "is not an evaluation: it must be a JSON object"),
    ("a later version", {"version": 2}, "of version 2"),
    ("a field too many", {"code": "print(1)"}, "is not an evaluation: it must be a JSON object"),
    (
        "another game",
        {"game": json.loads(game_identity(TicTacToe(4)).to_json())},
        "holds an evaluation of .*TicTacToe.*, not of the game given: .*size=3",
    ),
    ("a game that is no identity", {"game": {"module": "os"}}, "not an identity"),
]


@pytest.mark.parametrize(("what", "change", "message"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_file_is_refused_with_a_clear_message(
    tmp_path: Path, what: str, change: dict[str, Any], message: str
) -> None:
    path = tmp_path / "hostile.json"
    counting().save(path)
    document = json.loads(path.read_text())
    document.update(change)
    text = json.dumps(document)
    if change.get("weights") == "NaN":
        text = text.replace('"NaN"', "[NaN, 0, 0, 0, 0]")
    path.write_text(text)
    with pytest.raises(TableFileError, match=message):
        LinearEvaluation.load(path, GAME)


def test_from_data_refuses_a_game_field_json_cannot_hold() -> None:
    data = counting().as_data()
    data["game"] = {"class": "gamesearch.games.tictactoe:TicTacToe", "parameters": {1, 2}}
    with pytest.raises(TableFileError, match="not an identity"):
        LinearEvaluation.from_data(data, GAME, "given")


def test_a_file_that_is_not_json_or_too_large_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b"\x80\x81 not json")
    with pytest.raises(TableFileError, match="does not parse"):
        LinearEvaluation.load(path, GAME)
    path.write_bytes(b" " * (16 * 1024 * 1024 + 1))
    with pytest.raises(TableFileError, match="larger than"):
        LinearEvaluation.load(path, GAME)
    with pytest.raises(TableFileError, match="cannot read"):
        LinearEvaluation.load(tmp_path / "missing.json", GAME)


def test_a_game_without_features_is_refused() -> None:
    with pytest.raises(UnsupportedGameError, match=r"features\(state, player\)"):
        LinearEvaluation(Nim((1, 2)), (1.0,))


def test_weights_that_are_not_finite_numbers_are_refused() -> None:
    with pytest.raises(InvalidSearchOptionError, match="finite real numbers"):
        LinearEvaluation(GAME, (math.inf,) * 14)
    with pytest.raises(InvalidSearchOptionError, match="13 weights for 14 features"):
        LinearEvaluation(GAME, (0.0,) * 13)


def test_the_weights_picture_lays_the_cells_out_as_the_board() -> None:
    # Connect Four 4 x 4: the cells come column by column, each bottom up; weight k = k.
    game = ConnectFour(4, 4)
    counts = len(game.features(game.initial_state(), 0)) - 16  # the size-free counts first
    evaluation = LinearEvaluation(game, (0.0,) * counts + tuple(float(k) for k in range(16)))
    picture = weights_svg(evaluation, first=counts, columns=4, rows=4, by="columns")
    ET.fromstring(picture)  # well-formed XML
    texts = re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>([-\d.]+)</text>', picture)
    placed = {value: (float(x), float(y)) for x, y, value in texts}
    assert placed["0.00"][1] > placed["3.00"][1]  # a column's first cell is at the bottom
    assert placed["0.00"][0] < placed["4.00"][0]  # the next column is to its right
    assert placed["0.00"][1] == placed["4.00"][1]
    deepest = re.findall(r'fill="(rgb\([^)]*\))"', picture)[-1]
    assert deepest == "rgb(0,0,255)"  # the largest weight, 15, in full blue


def test_the_weights_picture_refuses_cells_past_the_weights() -> None:
    with pytest.raises(InvalidSearchOptionError, match="do not fit the 14 weights"):
        weights_svg(counting_all(), first=6, columns=3, rows=3)


def counting_all() -> LinearEvaluation:
    return LinearEvaluation(GAME, (0.1,) * 14)


class Tally:
    """A game whose states are lists (unhashable), described by their sum and length."""

    num_players = 2

    def initial_state(self) -> list[int]:
        return []

    def features(self, state: list[int], player: int) -> tuple[float, ...]:
        return (float(sum(state)), float(len(state)))


def test_remembered_values_are_the_values_and_unhashable_states_are_evaluated_too() -> None:
    evaluation = counting()
    first = evaluation(STATE, 1)
    assert evaluation.memo == {(STATE, 1): first}
    assert evaluation(STATE, 1) == first == counting()(STATE, 1)
    tally = LinearEvaluation(Tally(), (1.0, -0.5), bias=0.25)
    assert tally([3, 4], 0) == 0.25 + 7 - 1
    assert tally.memo == {}


@pytest.mark.parametrize(
    ("options", "shown"),
    [
        ({"weights": (10**400,) * 5}, "1.000e+400 (an int of 401 digits)"),
        ({"weights": (1.0,) * 5, "indices": (0, 1, 2, 3, 10**400)}, "1.000e+400"),
        ({"weights": (1.0,) * 5, "bias": -(10**5000)}, "-1.000e+5000"),  # past 4,300 digits
        ({"weights": (1.0,) * 5, "squash": 10**400}, "1.000e+400"),
    ],
)
def test_a_number_of_hundreds_of_digits_is_written_short_in_the_message(
    options: dict[str, Any], shown: str
) -> None:
    settings = {"indices": range(5)} | options
    with pytest.raises(InvalidSearchOptionError) as refused:
        LinearEvaluation(GAME, **settings)
    assert shown in str(refused.value)
    assert len(str(refused.value)) < 300
