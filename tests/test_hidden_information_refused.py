"""A game of imperfect information is refused by every searcher of perfect information (issue 36).

A game that declares ``information_set`` hides something from a player. A searcher of perfect
information would let every player see it, and answer for another game: Kuhn poker with four
cards is worth -1/24 to player 0, and expectiminimax said 0 (each player seeing the other's
card, nobody bets into a loss); in Goofspiel with hidden bids, worth 0, player 1 seeing player
0's bid wins, and alphabeta, minimax, negamax and solve said -1. Each refuses such a game now,
with a :class:`~gamesearch.UnsupportedGameError` naming the searchers that take it: cfr, ismcts
and pimc (whose worlds, in which nothing is hidden, the searchers of perfect information still
search).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import pytest
from data.hidden_goofspiel import HiddenGoofspiel
from data.kuhn_n import KuhnN
from helpers import search_with_a_small_limit

import gamesearch
from gamesearch import (
    MCTSPlayer,
    UnsupportedGameError,
    alphabeta,
    chance,
    expectiminimax,
    mcts,
    minimax,
    montecarlo,
    multiplayer,
    negamax,
    parallel,
    play,
    random_player,
    searcher_player,
    solve,
    solving,
    tournament,
    twoplayer,
)
from gamesearch.imperfect import KuhnPoker, cfr
from gamesearch.searchers import SEARCHERS

REFUSERS: dict[str, Callable[[Any], Any]] = {
    **{
        row.name: functools.partial(search_with_a_small_limit, row)
        for row in SEARCHERS
        if not row.hidden
    },
    "MCTSPlayer": lambda game: MCTSPlayer(game, iterations=20, rng=1),
}
"""Every public searcher that assumes perfect information, called on a game."""

NOT_SEARCHERS = {
    "play": "plays the players it is given, which may be of imperfect information; a searcher "
    "among them refuses on its first move",
    "tournament": "plays the players it is given, as play does",
    "round_robin": "plays the players it is given, as tournament does",
    "gauntlet": "plays the players it is given, as tournament does",
    "sprt_match": "plays the players it is given, as tournament does",
    "Solution": "a table that solve made; it searches nothing",
}
"""The public functions and classes that take a game first and search nothing themselves."""

_MODULES = (gamesearch, twoplayer, chance, multiplayer, montecarlo, parallel, solving)
"""The package and its subpackages of perfect information."""


def _takes_a_game_first(member: object) -> bool:
    """Whether ``member`` is a function or a class whose first parameter is ``game``."""
    if not inspect.isfunction(member) and not inspect.isclass(member):
        return False
    try:
        parameters = list(inspect.signature(member).parameters)  # type: ignore[arg-type]
    except ValueError:  # a builtin type, such as Player (int)
        return False
    return parameters[:1] == ["game"]


GAMES = {
    "KuhnN(cards=4)": KuhnN(4),  # two players, chance
    "HiddenGoofspiel(cards=4)": HiddenGoofspiel(4),  # two players, no chance
    "KuhnPoker(players=3)": KuhnPoker(players=3),  # three players, chance
}


def _refusal_names_the_searchers_of_imperfect_information(error: Exception) -> None:
    message = str(error)
    assert "imperfect information" in message
    assert "information_set" in message
    for searcher in ("cfr", "ismcts", "pimc"):
        assert searcher in message, f"the refusal does not name {searcher}: {message}"


def test_every_public_searcher_of_perfect_information_is_in_the_list():
    public = {
        name
        for module in _MODULES
        for name in module.__all__
        if _takes_a_game_first(getattr(module, name))
    }
    unlisted = sorted(public - set(NOT_SEARCHERS) - set(REFUSERS))
    assert not unlisted, (
        f"{unlisted} take a game first and are public, but are no row of the registry: give "
        "each a row in src/gamesearch/searchers.py (or, if it searches nothing itself, a line "
        "in NOT_SEARCHERS here saying why)"
    )


@pytest.mark.parametrize("game_name", list(GAMES))
@pytest.mark.parametrize("searcher", list(REFUSERS))
def test_a_searcher_of_perfect_information_refuses_a_game_of_imperfect_information(
    searcher, game_name
):
    with pytest.raises(UnsupportedGameError) as refused:
        REFUSERS[searcher](GAMES[game_name])
    named = "mcts" if searcher == "MCTSPlayer" else searcher  # it plays by mcts
    assert str(refused.value).startswith(f"{named} searches games of perfect information")
    _refusal_names_the_searchers_of_imperfect_information(refused.value)


@pytest.mark.slow
def test_expectiminimax_refuses_four_card_kuhn_poker_where_it_answered_zero():
    # Each player seeing the other's card, nobody bets into a loss: 0.0, where the value is
    # -1/24 (which cfr approaches).
    game = KuhnN(4)
    with pytest.raises(UnsupportedGameError, match=r"KuhnN is a game of imperfect information"):
        expectiminimax(game)
    assert cfr(game, iterations=2000).values[0] == pytest.approx(-1 / 24, abs=2e-3)


@pytest.mark.parametrize("searcher", [alphabeta, minimax, negamax, solve], ids=lambda s: s.__name__)
def test_a_goofspiel_with_hidden_bids_is_refused_where_player_1_saw_the_bid(searcher):
    # Player 1 seeing player 0's bid wins: -1.0 for player 0, where the value is 0.
    with pytest.raises(UnsupportedGameError, match=r"HiddenGoofspiel is a game of imperfect"):
        searcher(HiddenGoofspiel(4))


@pytest.mark.slow
def test_the_goofspiel_with_hidden_bids_is_worth_nothing_to_either_player():
    result = cfr(HiddenGoofspiel(4), iterations=300)
    assert result.values[0] == pytest.approx(0.0, abs=5e-3)
    assert result.exploitability < 0.01


def test_the_hidden_information_is_refused_before_the_chance_nodes():
    # expectiminimax searches chance nodes, and would answer for the game with cards face up.
    with pytest.raises(UnsupportedGameError) as refused:
        alphabeta(KuhnN(4))
    assert "expectiminimax" not in str(refused.value)


def test_a_searcher_player_refuses_at_its_first_move():
    players = [searcher_player(expectiminimax), random_player(seed=1)]
    with pytest.raises(UnsupportedGameError) as refused:
        play(KuhnN(4), players, seed=1)
    _refusal_names_the_searchers_of_imperfect_information(refused.value)


def test_a_tournament_of_searchers_refuses_at_the_first_move():
    players = [searcher_player(expectiminimax), searcher_player(mcts, iterations=10, rng=1)]
    with pytest.raises(UnsupportedGameError, match="imperfect information"):
        tournament(KuhnN(4), players, games=2, seed=1)
