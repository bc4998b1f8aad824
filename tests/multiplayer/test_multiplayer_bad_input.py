"""Bad input to the multi-player searchers gets a clear, specific exception, not a wrong answer."""

from __future__ import annotations

import math
import sys

import pytest
from helpers import Countdown, Cycle, ListStates, NanUtility, NoActions

from gamesearch import (
    GameProtocolError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    NotAGameError,
    SearchTooDeepError,
    UnsupportedGameError,
    alphabeta,
    best_reply,
    maxn,
    minimax,
    negamax,
    paranoid,
)
from gamesearch.games import GameTree, Nim, Rolit, TicTacToe

SEARCHERS = [maxn, paranoid, best_reply]
THREE = GameTree([[(1, 2, 3), (3, 2, 1)], [(0, 0, 6)]], num_players=3)


def zero(state, player):
    return 0.0


@pytest.fixture(params=SEARCHERS, ids=lambda searcher: searcher.__name__)
def searcher(request):
    return request.param


@pytest.mark.parametrize("game", [THREE, Rolit(size=4), Nim()], ids=repr)
@pytest.mark.parametrize("two_player_searcher", [minimax, alphabeta, negamax])
def test_two_player_searchers_refuse_three_players(two_player_searcher, game):
    with pytest.raises(UnsupportedGameError, match=r"searches two-player games, .*num_players=3"):
        two_player_searcher(game)


@pytest.mark.parametrize("players", [0, -1, True, "3", None, 2.0])
def test_num_players_must_be_a_positive_int(searcher, players):
    game = Countdown(3)
    game.num_players = players
    with pytest.raises(UnsupportedGameError, match=r"games of at least one player"):
        searcher(game)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"depth": 0, "evaluate": zero}, r"depth must be >= 1"),
        ({"depth": 1.5, "evaluate": zero}, r"depth must be an int"),
        ({"depth": 2}, r"depth=2 needs an evaluate"),
        ({"depth": 1, "evaluate": 3}, r"evaluate must be callable"),
    ],
)
def test_depth_and_evaluate_are_checked_and_named(searcher, options, message):
    with pytest.raises(InvalidSearchOptionError, match=rf"{searcher.__name__}: {message}"):
        searcher(THREE, **options)


@pytest.mark.parametrize("not_a_game", [None, "rolit", Rolit])
def test_not_a_game(searcher, not_a_game):
    with pytest.raises(NotAGameError):
        searcher(not_a_game)


def test_nan_utility(searcher):
    with pytest.raises(InvalidUtilityError, match=r"utility\(state, \d\) returned NaN"):
        searcher(NanUtility(3))


def test_nan_evaluation(searcher):
    with pytest.raises(InvalidUtilityError, match=r"evaluate\(state, \d\) returned NaN"):
        searcher(Countdown(5), depth=2, evaluate=lambda state, player: math.nan)


def test_game_deeper_than_the_recursion_limit(searcher):
    with pytest.raises(SearchTooDeepError, match=rf"^{searcher.__name__} went deeper"):
        searcher(Countdown(sys.getrecursionlimit() + 100))


def test_a_cyclic_game_with_a_depth_limit(searcher):
    result = searcher(Cycle(1), depth=6, evaluate=zero)
    assert (result.value, result.stats.max_depth, result.stats.nodes) == (0.0, 6, 7)


def test_non_terminal_state_without_actions(searcher):
    with pytest.raises(GameProtocolError, match=r"not terminal but has no actions"):
        searcher(NoActions(4))


def test_unhashable_states(searcher):
    with pytest.raises(GameProtocolError, match=r"hashable"):
        searcher(ListStates(3))


def test_a_terminal_root(searcher):
    game = TicTacToe()
    result = searcher(game, game.parse("XXX / OO. / ..."))
    assert (result.value, result.action, result.pv, result.player) == (-1.0, None, (), 1)


class BadMover(Countdown):
    """Says that player 3 is to move in a game of three players."""

    num_players = 3

    def to_move(self, state):
        return 3 if state == 1 else 0


@pytest.mark.parametrize("mover", [3, -1, "0", None])
def test_maxn_refuses_a_player_who_is_not_in_the_game(mover):
    class Bad(BadMover):
        def to_move(self, state):
            return mover if state == 1 else 0

    # CHANCE (-1) is told apart: the game has no chance_outcomes for nature's moves.
    expected = "no chance_outcomes" if mover == -1 else "players are 0 to 2"
    with pytest.raises(GameProtocolError, match=rf"to_move\(1\) returned .*{expected}"):
        maxn(Bad(3))


# Shallow pruning's bounds.


@pytest.mark.parametrize(
    "bounds",
    [[0, 10], (0,), (0, 10, 20), ("0", 10), (0, math.inf), (math.nan, 1), (False, 1), 10],
)
def test_malformed_bounds(bounds):
    with pytest.raises(InvalidSearchOptionError, match=r"sum_bounds must be a pair"):
        maxn(THREE, pruning="shallow", sum_bounds=bounds)


def test_bounds_that_no_utilities_can_keep():
    with pytest.raises(InvalidSearchOptionError, match=r"cannot hold: 3 players who each get"):
        maxn(THREE, pruning="shallow", sum_bounds=(1, 2))


def test_shallow_pruning_needs_bounds():
    with pytest.raises(InvalidSearchOptionError, match=r"pruning='shallow' needs sum_bounds"):
        maxn(THREE, pruning="shallow")


def test_bounds_without_pruning():
    with pytest.raises(InvalidSearchOptionError, match=r"sum_bounds are used by pruning='shallow'"):
        maxn(THREE, sum_bounds=(0, 6))


@pytest.mark.parametrize("pruning", ["deep", "Shallow", True, 1])
def test_unknown_pruning(pruning):
    with pytest.raises(InvalidSearchOptionError, match=r"pruning must be None or 'shallow'"):
        maxn(THREE, pruning=pruning, sum_bounds=(0, 6))


@pytest.mark.parametrize(
    ("bounds", "breaking"),
    [
        ((0, 5), r"\(1\.0, 2\.0, 3\.0\)"),  # sums to 6 > 5
        ((1, 6), r"\(0\.0, 0\.0, 6\.0\)"),  # 0 < 1; the leaves before it keep within
    ],
)
def test_utilities_that_break_the_bounds_are_an_error_not_a_wrong_answer(bounds, breaking):
    with pytest.raises(InvalidUtilityError, match=rf"utility\(state, player\).*{breaking}"):
        maxn(THREE, pruning="shallow", sum_bounds=bounds)


def test_evaluations_that_break_the_bounds():
    def greedy(state, player):  # every player expects 1 of a total of 1
        return 1.0

    broken = r"evaluate\(state, player\).*sum_bounds=\(0, 1\)"
    with pytest.raises(InvalidUtilityError, match=broken):
        maxn(Rolit(size=6), depth=2, evaluate=greedy, pruning="shallow", sum_bounds=(0, 1))


def test_shares_that_round_past_the_bound_are_caught_with_a_hint():
    # As floats, 0.4 + 0.4 + 0.2 is 1.0; in exact arithmetic these floats sum to 1 + 2**-54.
    tree = GameTree([(0.4, 0.4, 0.2)], num_players=3)
    with pytest.raises(InvalidUtilityError, match=r"rounding"):
        maxn(tree, pruning="shallow", sum_bounds=(0, 1))
