"""A game's kind as the command reads it, and which rows of the registry fit it (issue 47)."""

from __future__ import annotations

import pytest
from kinds_games import DeclaresChance, game_of

from gamesearch.capabilities import Capabilities
from gamesearch.frontdoor.kinds import Kind, fits, kind_of, why_not
from gamesearch.games import Hog, Nim, Pig, TicTacToe
from gamesearch.searchers import SEARCHERS, find_searcher


@pytest.mark.parametrize(
    ("game", "sums"),
    [(TicTacToe(), "zero"), (Nim((2, 2), players=2), "constant"), (Hog(), "zero")],
    ids=["tictactoe", "nim", "hog"],
)
def test_the_sums_of_the_reference_games_are_read_from_their_ends(game, sums) -> None:
    assert kind_of(game, Capabilities.of(game)).sums == sums


@pytest.mark.parametrize("sums", ["zero", "constant", "other"])
@pytest.mark.parametrize("chance", [False, True])
def test_the_sums_of_a_two_player_game_are_what_its_utilities_add_up_to(chance, sums) -> None:
    game = game_of(2, chance, sums)
    kind = kind_of(game, Capabilities.of(game))
    assert (kind.players, kind.chance, kind.sums) == (2, chance, sums)


def test_a_game_of_other_than_two_players_has_no_sums_to_read() -> None:
    game = game_of(3, True, "zero")
    assert kind_of(game, Capabilities.of(game)) == Kind(3, True, "unknown")


def test_a_game_with_cycles_or_that_raises_is_given_the_benefit_of_the_doubt() -> None:
    pig = Pig(goal=6, die_sides=3)
    assert kind_of(pig, Capabilities.of(pig)).sums in ("zero", "unknown")


def test_the_table_solver_fits_a_constant_sum_game_of_chance_only() -> None:
    table = find_searcher("solve")
    assert fits(table, Kind(2, True, "constant"))
    assert fits(table, Kind(2, True, "zero"))
    assert not fits(table, Kind(2, True, "other"))
    assert "constant-sum" in why_not(table, Kind(2, True, "other"))


def test_negamax_fits_a_zero_sum_game_only() -> None:
    negamax = find_searcher("negamax")
    assert fits(negamax, Kind(2, False, "zero"))
    assert not fits(negamax, Kind(2, False, "constant"))
    assert "zero-sum" in why_not(negamax, Kind(2, False, "constant"))


@pytest.mark.parametrize("row", SEARCHERS, ids=lambda row: row.name)
def test_fitting_is_the_rows_acceptance_and_its_sums(row) -> None:
    for players in (1, 2, 3):
        for chance in (False, True):
            kind = Kind(players, chance, "unknown")
            accepted = row.accepts(players=players, chance=chance, hidden=False)
            assert fits(row, kind) == accepted
            assert (why_not(row, kind) == "") == accepted


def test_a_refusal_says_one_player_in_the_singular() -> None:
    assert why_not(find_searcher("alphabeta"), Kind(1, False)) == (
        "not a two-player game (1 player)"
    )


def test_a_game_that_only_declares_chance_is_read_as_one_of_chance() -> None:
    # Its kind is what it declares; the searchers of chance take it, and it reads its sums.
    game = DeclaresChance(2, False, "other")
    assert kind_of(game, Capabilities.of(game)) == Kind(2, True, "other")
