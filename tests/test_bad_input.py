"""Bad input gets a clear, specific exception: never a wrong answer, a hang or a deep traceback."""

from __future__ import annotations

import math
import sys

import pytest
from helpers import Countdown, Cycle, ListStates, NanUtility, NoActions

from gamesearch import (
    CyclicGameError,
    GameProtocolError,
    GameSearchError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    NotAGameError,
    SearchTooDeepError,
    UnsupportedGameError,
    alphabeta,
    minimax,
    negamax,
)
from gamesearch.games import GameTree, TicTacToe

SEARCHERS = [minimax, alphabeta, negamax]
TREE = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def zero(state, player):
    return 0.0


@pytest.fixture(params=SEARCHERS, ids=lambda searcher: searcher.__name__)
def searcher(request):
    return request.param


@pytest.mark.parametrize("depth", [0, -1, -10])
def test_depth_below_one(searcher, depth):
    with pytest.raises(InvalidSearchOptionError, match=r"depth must be >= 1"):
        searcher(TREE, depth=depth, evaluate=zero)


@pytest.mark.parametrize("depth", [1.5, "2", True])
def test_depth_that_is_not_an_int(searcher, depth):
    with pytest.raises(InvalidSearchOptionError, match=r"depth must be an int"):
        searcher(TREE, depth=depth, evaluate=zero)


def test_depth_without_evaluate(searcher):
    with pytest.raises(InvalidSearchOptionError, match=r"depth=2 needs an evaluate"):
        searcher(TREE, depth=2)


def test_evaluate_that_is_not_callable(searcher):
    with pytest.raises(InvalidSearchOptionError, match=r"evaluate must be callable"):
        searcher(TREE, depth=1, evaluate=3)


def test_option_errors_are_value_errors(searcher):
    with pytest.raises(ValueError, match="depth"):
        searcher(TREE, depth=0, evaluate=zero)


@pytest.mark.parametrize("not_a_game", [None, 42, "tictactoe", [[1, 2]]])
def test_not_a_game(searcher, not_a_game):
    with pytest.raises(NotAGameError, match=r"is not a Game"):
        searcher(not_a_game)


def test_a_game_class_instead_of_a_game(searcher):
    with pytest.raises(NotAGameError, match=r"TicTacToe is a class; pass a game object"):
        searcher(TicTacToe)


def test_not_a_game_names_what_is_missing(searcher):
    class Almost(Countdown):
        utility = None  # type: ignore[assignment]

    with pytest.raises(NotAGameError, match=r"lacks utility") as info:
        searcher(Almost(3))
    assert isinstance(info.value, TypeError)


@pytest.mark.parametrize("players", [1, 3, 4])
def test_games_without_two_players(searcher, players):
    game = Countdown(3)
    game.num_players = players
    with pytest.raises(UnsupportedGameError, match=rf"num_players={players}") as info:
        searcher(game)
    assert isinstance(info.value, ValueError)


def test_nan_utility(searcher):
    with pytest.raises(InvalidUtilityError, match=r"utility\(state, \d\) returned NaN"):
        searcher(NanUtility(3))


def test_nan_evaluation(searcher):
    def evaluate(state, player):
        return math.nan

    with pytest.raises(InvalidUtilityError, match=r"evaluate\(state, \d\) returned NaN"):
        searcher(Countdown(5), depth=2, evaluate=evaluate)


def test_nan_utility_at_a_terminal_root(searcher):
    with pytest.raises(InvalidUtilityError):
        searcher(NanUtility(0))


def test_game_deeper_than_the_recursion_limit(searcher):
    deep = Countdown(sys.getrecursionlimit() + 100)
    with pytest.raises(SearchTooDeepError, match=r"recursion limit") as info:
        searcher(deep)
    assert isinstance(info.value, RecursionError)


def test_the_same_deep_game_with_a_depth_limit_is_searched(searcher):
    deep = Countdown(sys.getrecursionlimit() + 100)
    result = searcher(deep, depth=50, evaluate=zero)
    assert (result.value, result.action, len(result.pv)) == (0.0, 1, 50)


def test_a_cyclic_game_without_a_depth_limit_stops_with_an_error(searcher):
    with pytest.raises(CyclicGameError, match=r"state \d repeats on the line"):
        searcher(Cycle(1))


def test_a_cyclic_game_with_a_depth_limit(searcher):
    result = searcher(Cycle(1), depth=6, evaluate=zero)
    assert (result.value, result.stats.max_depth, result.stats.nodes) == (0.0, 6, 7)


def test_non_terminal_state_without_actions(searcher):
    with pytest.raises(GameProtocolError, match=r"not terminal but has no actions"):
        searcher(NoActions(4))


def test_unhashable_states(searcher):
    with pytest.raises(GameProtocolError, match=r"hashable"):
        searcher(ListStates(3))


def test_every_error_is_a_game_search_error(searcher):
    for call in (
        lambda: searcher(TREE, depth=0, evaluate=zero),
        lambda: searcher(object()),
        lambda: searcher(NanUtility(2)),
    ):
        with pytest.raises(GameSearchError):
            call()


def test_search_from_a_terminal_state(searcher):
    game = TicTacToe()
    state = game.parse("XXX / OO. / ...")
    result = searcher(game, state)
    assert (result.action, result.pv) == (None, ())
    assert result.player == 1
    assert result.value == -1.0
    assert (result.stats.nodes, result.stats.leaves, result.stats.max_depth) == (1, 1, 0)


def test_search_from_a_terminal_tree():
    result = alphabeta(GameTree(7))
    assert (result.value, result.action, result.pv) == (7.0, None, ())


def test_search_with_depth_from_a_terminal_state(searcher):
    result = searcher(GameTree(-4), depth=3, evaluate=zero)
    assert (result.value, result.action) == (-4.0, None)


@pytest.mark.parametrize("leaf", [math.inf, -math.inf])
def test_infinite_utilities_are_refused(searcher, leaf):
    # Infinities broke the engine's arithmetic (int(inf) in its distance scores, an
    # OverflowError); every searcher refuses them as it refuses NaN.
    with pytest.raises(InvalidUtilityError, match=r"must be a finite number"):
        searcher(GameTree([[2, 1], [leaf]]))
