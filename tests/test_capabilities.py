"""A game's optional members, read once into a frozen record (issue 28, section 4)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from gamesearch.capabilities import Capabilities
from gamesearch.errors import GameProtocolError, UnsupportedGameError
from gamesearch.games import ConnectFour, Nim, Pig, TicTacToe

OPTIONAL = [f.name for f in dataclasses.fields(Capabilities) if f.name != "game_name"]


@pytest.mark.parametrize("game", [TicTacToe(), ConnectFour(4, 4), Nim((1, 2)), Pig(goal=10)])
def test_the_record_holds_what_the_game_has(game: Any) -> None:
    found = Capabilities.of(game)
    expected = {name for name in OPTIONAL if getattr(game, name, None) is not None}
    assert found.names == expected
    assert found.game_name == type(game).__name__
    for name in expected:
        assert getattr(found, name) == getattr(game, name)


def test_a_record_is_frozen() -> None:
    found = Capabilities.of(TicTacToe())
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.key = None  # type: ignore[misc]


def test_a_member_that_must_be_a_method_but_is_not_is_named() -> None:
    class Broken:
        num_players = 2
        key = 5

    with pytest.raises(GameProtocolError, match=r"Broken\.key must be a method, got int"):
        Capabilities.of(Broken())


def test_values_are_read_as_values() -> None:
    class Scored:
        num_players = 2
        win_utility = 1.0
        player_names = ("black", "white")
        utility_bounds = (-1.0, 1.0)

    found = Capabilities.of(Scored())
    assert found.names == {"win_utility", "player_names", "utility_bounds"}
    assert found.win_utility == 1.0


def test_a_searcher_that_needs_a_missing_member_says_which() -> None:
    pig = Pig(goal=10)
    found = Capabilities.of(pig)
    assert found.need("chance_outcomes", "expectiminimax") == pig.chance_outcomes
    with pytest.raises(UnsupportedGameError, match=r"mtdf needs the game's win_utility, which Pig"):
        found.need("win_utility", "mtdf")
    with pytest.raises(UnsupportedGameError, match=r"order\(state, actions\)"):
        found.need("order", "x")


def test_the_own_game_page_lists_every_capability() -> None:
    from pathlib import Path

    page = (Path(__file__).parent.parent / "docs" / "own-game.md").read_text()
    missing = [name for name in OPTIONAL if f"`{name}" not in page]
    assert not missing, f"docs/own-game.md does not list {missing}"
