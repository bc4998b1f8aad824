"""The command's plans are made from the registry's rows and the game's kind (issue 47).

An adversary's walk found the default of ``solve`` and ``play`` refused by its own check for a
game of chance of 1 or 3 players ("--searcher expectiminimax: ... is not a two-player game",
naming a flag never typed), the table solver printing then failing on a game that is not
constant-sum, ``play`` giving pns no limit per move (no move in 30 s on Connect Four), and limit
refusals suggesting searchers the same game then refused. These tests take every kind of game
and every choice the command offers.
"""

from __future__ import annotations

import argparse
import itertools
import re
from typing import Any

import pytest
from kinds_games import DeclaresChance, game_of

from gamesearch import InvalidSearchOptionError
from gamesearch.capabilities import Capabilities
from gamesearch.frontdoor.kinds import fits, kind_of
from gamesearch.frontdoor.plans import METHODS, Plan, command_limits, default_plan, plan
from gamesearch.games.registry import GameSpec, find_game
from gamesearch.searchers import find_searcher

KINDS = [
    (players, chance, sums)
    for players, chance, sums in itertools.product((1, 2, 3), (False, True), ("zero", "other"))
    if players == 2 or sums == "zero"
]
"""Every kind the command tells apart: players, chance, and for two players the sums."""


def _spec(game: Any) -> GameSpec:
    return GameSpec("mine", lambda: game, "a game of one's own", seconds=10.0)


def _args(*command: str, searcher: str | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--depth", type=int)
    parser.add_argument("--time", type=float)
    parser.add_argument("-o", dest="option", action="append", default=[])
    args = parser.parse_args(list(command))
    args.searcher = searcher
    return args


def _refusal(spec: GameSpec, game: Any, args: argparse.Namespace, *, play: bool = False) -> str:
    """The command's refusal of ``args`` for ``game``, "" if it takes them."""
    try:
        plan(spec, game, args, play=play, members=Capabilities.of(game))
    except InvalidSearchOptionError as refused:
        return str(refused)
    return ""


def _has_a_limit(chosen: Plan) -> bool:
    counted = {name for name, _ in chosen.options} & {"iterations", "node_limit"}
    return chosen.depth is not None or chosen.seconds is not None or bool(counted)


@pytest.mark.parametrize(("players", "chance", "sums"), KINDS)
@pytest.mark.parametrize("play", [False, True], ids=["solve", "play"])
def test_the_default_fits_the_games_kind(players, chance, sums, play) -> None:
    game = game_of(players, chance, sums)
    members = Capabilities.of(game)
    chosen = plan(_spec(game), game, _args(), play=play, members=members)  # no refusal
    assert fits(find_searcher(chosen.searcher), kind_of(game, members))
    assert chosen == default_plan(_spec(game), game, play=play, members=members)
    if play:
        assert _has_a_limit(chosen), chosen


def test_a_game_of_chance_of_three_players_is_searched_by_mcts() -> None:
    game = game_of(3, True, "zero")
    for play in (False, True):
        assert default_plan(_spec(game), game, play=play).searcher == "mcts"


def test_the_table_solver_is_not_the_default_of_a_game_that_is_not_constant_sum() -> None:
    for game in (game_of(2, True, "other"), DeclaresChance(2, False, "other")):
        assert default_plan(_spec(game), game, play=False).searcher == "expectiminimax"
    assert default_plan(_spec(game_of(2, True, "zero")), game_of(2, True, "zero"),
                        play=False).searcher == "solve"  # fmt: skip


@pytest.mark.parametrize(("players", "chance", "sums"), KINDS)
@pytest.mark.parametrize("searcher", sorted(METHODS))
def test_a_named_searcher_is_taken_or_refused_by_its_row(players, chance, sums, searcher) -> None:
    game = game_of(players, chance, sums)
    kind = kind_of(game, Capabilities.of(game))
    refused = _refusal(_spec(game), game, _args(searcher=searcher))
    assert (refused == "") == fits(find_searcher(searcher), kind), refused
    if refused:
        assert refused.startswith(f"--searcher {searcher}")
        suggested = re.findall(r"\w+", refused.split("search it with ")[1])
        assert all(fits(find_searcher(other), kind) for other in suggested if other != "or")


LIMITS = [["--time", "1"], ["--depth", "2"], ["-o", "node_limit=50"]]


@pytest.mark.parametrize(("players", "chance", "sums"), KINDS)
@pytest.mark.parametrize("limit", LIMITS, ids=lambda limit: limit[0])
def test_a_limit_without_a_searcher_chooses_one_of_the_kind_that_keeps_it(
    players, chance, sums, limit
) -> None:
    game = game_of(players, chance, sums)
    members = Capabilities.of(game)
    refused = _refusal(_spec(game), game, _args(*limit))
    assert "--searcher" not in refused  # never a flag the user did not give
    if not refused:
        chosen = plan(_spec(game), game, _args(*limit), play=False, members=members)
        assert fits(find_searcher(chosen.searcher), kind_of(game, members))


@pytest.mark.slow  # 264 plans, about 10 s
@pytest.mark.parametrize(("players", "chance", "sums"), KINDS)
@pytest.mark.parametrize("limit", LIMITS, ids=lambda limit: limit[0])
@pytest.mark.parametrize("searcher", sorted(METHODS))
def test_a_refused_limit_suggests_searchers_that_then_take_it(
    players, chance, sums, limit, searcher
) -> None:
    game = game_of(players, chance, sums)
    refused = _refusal(_spec(game), game, _args(*limit, searcher=searcher))
    said = re.search(r"the searchers that take \S+ here are ([\w, ]+)", refused)
    for other in re.findall(r"\w+", said.group(1)) if said else []:
        if other != "or":
            assert not _refusal(_spec(game), game, _args(*limit, searcher=other)), other


@pytest.mark.parametrize("searcher", sorted(METHODS))
@pytest.mark.parametrize("name", ["connect4", pytest.param("hex", marks=pytest.mark.slow)])
def test_play_gives_every_searcher_a_limit_per_move_or_refuses_it(name, searcher) -> None:
    spec = find_game(name)
    game = spec.make()
    members = Capabilities.of(game)
    refused = _refusal(spec, game, _args(searcher=searcher), play=True)
    if refused:  # only a searcher that keeps no limit, or does not fit the game
        assert not command_limits(searcher) or not fits(
            find_searcher(searcher), kind_of(game, members)
        ), refused
    else:
        chosen = plan(spec, game, _args(searcher=searcher), play=True, members=members)
        assert _has_a_limit(chosen), chosen
