"""Constant-sum games: each searcher answers in the game's own utilities, or refuses by name.

Issue 45: ``gamesearch solve nim -p piles=(2,) -p max_take=1 --searcher negamax`` printed
"value: -1 for player 0 (proven)" for a game whose utilities are 1 and 0: negamax gives one
player the negation of the other's value, which only a zero-sum game allows, and nothing
checked. A searcher whose row says it needs a zero-sum game (``zero_sum``) refuses any other,
at every end it reads; the command reads the row and refuses before it prints anything; every
other searcher of two-player games answers a constant-sum game in its own utilities (the
MCTS-Solver, which negated too, now gives the other player ``total - value``).
"""

from __future__ import annotations

from typing import Any

import pytest

from gamesearch import UnsupportedGameError, alphabeta
from gamesearch.cli import main
from gamesearch.games import Nim, TicTacToe
from gamesearch.searchers import SEARCHERS, Searcher

NIMS = [Nim(piles, players=2) for piles in ((2,), (1, 1), (1, 2), (2, 2), (1, 3))]
"""Positions of Nim, won and lost for the player to move: its winner gets 1, its loser 0."""

ZERO_SUM = [row for row in SEARCHERS if row.zero_sum]
OTHERS = [
    row
    for row in SEARCHERS
    if not row.zero_sum and row.accepts(players=2, chance=False, hidden=False)
]


def _value(row: Searcher, game: Any) -> tuple[float, bool]:
    """``row``'s value of ``game``'s start for the player to move there, and if it is exact."""
    options: dict[str, Any] = {}
    if row.needs_limit:
        options["iterations"] = 2_000
    if row.name == "mcts":
        options["rng"] = 1
    if row.name == "opening_book":
        options["plies"] = 1
    found = row.function(game, **options)
    if hasattr(found, "exact"):
        assert found.player == game.to_move(game.initial_state())
        return float(found.value), bool(found.exact)
    start = game.initial_state()
    return float(found.value(start, game.to_move(start))), True


def test_the_nims_are_won_and_lost() -> None:
    assert {alphabeta(game).value for game in NIMS} == {0.0, 1.0}


@pytest.mark.parametrize("row", ZERO_SUM, ids=lambda row: row.name)
@pytest.mark.parametrize("game", NIMS, ids=repr)
def test_a_searcher_that_needs_a_zero_sum_game_refuses_a_constant_sum_one(
    row: Searcher, game: Nim
) -> None:
    # negamax answered -1 (no utility of Nim's) for a position worth 0.
    with pytest.raises(UnsupportedGameError, match=f"{row.name} needs a zero-sum game"):
        _value(row, game)


@pytest.mark.parametrize("row", ZERO_SUM, ids=lambda row: row.name)
def test_a_searcher_that_needs_a_zero_sum_game_takes_one(row: Searcher) -> None:
    game = TicTacToe()
    state = game.parse("XO. / .X. / O..")
    assert row.function(game, state).value == alphabeta(game, state).value


@pytest.mark.parametrize("row", OTHERS, ids=lambda row: row.name)
@pytest.mark.parametrize("game", NIMS, ids=repr)
def test_every_other_searcher_answers_a_constant_sum_game_in_its_own_utilities(
    row: Searcher, game: Nim
) -> None:
    # The MCTS-Solver refused Nim ("do not sum to 0"), by default.
    value, exact = _value(row, game)
    assert 0.0 <= value <= 1.0  # Nim's own utilities, a loss's and a win's
    if exact and "model" not in row.promises:  # expectimax's value is against its model
        assert value == alphabeta(game).value


@pytest.mark.parametrize("row", [row for row in ZERO_SUM if row.command], ids=lambda r: r.name)
def test_the_command_refuses_the_searcher_before_printing(row: Searcher, capsys) -> None:
    args = ["solve", "nim", "-p", "piles=(2,)", "-p", "max_take=1", "-p", "players=2"]
    with pytest.raises(SystemExit) as stopped:
        main([*args, "--searcher", row.name])
    out, err = capsys.readouterr()
    assert stopped.value.code == 2
    assert out == ""
    assert f"--searcher {row.name} needs a zero-sum game" in err
    assert "nim's do not; search it with" in err
    suggested = err.split("search it with ")[1]
    assert "alphabeta" in suggested
    assert row.name not in suggested


def test_the_command_proves_a_constant_sum_game_with_mcts(capsys) -> None:
    args = ["solve", "nim", "-p", "piles=(2,)", "-p", "max_take=1", "-p", "players=2"]
    assert main([*args, "--searcher", "mcts", "-o", "iterations=200", "-o", "rng=1"]) == 0
    assert "value: 0 for player 0 (proven)" in capsys.readouterr().out
