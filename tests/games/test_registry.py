"""The registry of reference games that the ``gamesearch`` command offers."""

from __future__ import annotations

import inspect

import pytest

from gamesearch import InvalidSearchOptionError, UnknownGameError
from gamesearch.conformance import check_game
from gamesearch.games import GameSpec, TicTacToe, find_game, reference_games

SPECS = reference_games()


def test_names_are_found_whatever_their_case() -> None:
    assert find_game("TicTacToe") is find_game(" tictactoe ") is SPECS[0]


def test_an_unknown_name_lists_the_games() -> None:
    with pytest.raises(UnknownGameError, match=r"the games are .*tictactoe") as raised:
        find_game("chess")
    assert isinstance(raised.value, LookupError)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_each_spec_describes_its_factory(spec: GameSpec) -> None:
    signature = inspect.signature(spec.factory)
    for parameter in spec.parameters:
        assert signature.parameters[parameter.name].default == parameter.default
        assert parameter.help
    assert len(spec.players) >= 2
    assert spec.name == spec.name.lower()


SMALL = {"hex": {"size": 3}}
"""Parameters that keep a game's check short: the checker tries every move after every move to
judge Hex's ``non_losing_actions``, 121 x 120 results a state on the board of play (the larger
boards are checked in ``test_hex.py``)."""


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_every_reference_game_keeps_the_protocol(spec: GameSpec) -> None:
    game = spec.make(**SMALL.get(spec.name, {}))
    zero_sum = spec.name not in ("nim", "rolit")  # their utilities sum to 1, not 0
    check_game(game, max_states=2000, lines=20, zero_sum=zero_sum)


def test_parameters_from_the_command_line() -> None:
    spec = find_game("tictactoe")
    game = spec.make_from(["size=4", " k = 3 "])
    assert isinstance(game, TicTacToe)
    assert (game.size, game.k) == (4, 3)
    with pytest.raises(InvalidSearchOptionError, match="size must be an integer, not 'x'"):
        spec.make_from(["size=x"])
    with pytest.raises(InvalidSearchOptionError, match="as NAME=VALUE"):
        spec.make_from(["size"])
    with pytest.raises(InvalidSearchOptionError, match="tictactoe has no parameter depth"):
        spec.make(depth=3)
    with pytest.raises(InvalidSearchOptionError, match="k must be an int from 1 to size=3"):
        spec.make(k=4)
