"""GameRecord.reproducible: a game is counted once only when every player says it is deterministic.

The rule is conservative (issue 48's user walk found it guessed wrong): a player is
deterministic only when it says so (``deterministic = True``), as the library's players of a
deterministic searcher with no time limit do; a time limit, a generator of any name, the
``random`` module or a player that says nothing make its games samples, never repeats.
"""

from __future__ import annotations

import random

import pytest

from gamesearch import (
    alphabeta,
    iterative_deepening,
    mcts,
    play,
    random_player,
    searcher_player,
    tournament,
)
from gamesearch.games import ConnectFour, TicTacToe
from gamesearch.limit import Limit
from gamesearch.playing import is_deterministic


def first_move(state):
    return TicTacToe().actions(state)[0]


def declared_first_move(state):
    return TicTacToe().actions(state)[0]


declared_first_move.deterministic = True  # type: ignore[attr-defined]
DECLARED = declared_first_move
"""A player of one's own that says it is deterministic."""


class OwnGenerator:
    """A player whose generator is under a name of its own, not ``rng``."""

    def __init__(self) -> None:
        self._gen = random.Random(1)

    def __call__(self, state):
        return self._gen.choice(TicTacToe().actions(state))


def module_random(state):
    """A player drawing from the module-level generator."""
    return random.choice(TicTacToe().actions(state))


def test_a_depth_limited_alpha_beta_player_is_deterministic_and_its_games_reproducible():
    player = searcher_player(alphabeta, depth=1)
    assert is_deterministic(player)
    assert play(ConnectFour(), [player, player]).reproducible


@pytest.mark.parametrize(
    "options",
    [
        {"time_limit": 5.0},
        {"limit": Limit(time_limit=5.0)},
        {"depth": 2, "evaluate": lambda game, state, player: 0.0},  # a function of one's own
    ],
    ids=["time_limit", "a Limit with a time", "an evaluation of one's own"],
)
def test_a_time_limit_or_an_unknown_function_makes_a_searcher_player_vary(options):
    player = searcher_player(iterative_deepening, **options)
    assert not is_deterministic(player)


def test_a_library_evaluation_keeps_a_searcher_player_deterministic():
    game = ConnectFour()
    assert is_deterministic(searcher_player(alphabeta, depth=2, evaluate=game.evaluate))


@pytest.mark.parametrize(
    "player",
    [OwnGenerator(), module_random, first_move, random_player(seed=1),
     searcher_player(mcts, iterations=20)],
    ids=["a generator under another name", "the random module", "a function that says nothing",
         "random_player", "mcts"],
)  # fmt: skip
def test_players_that_do_not_say_are_taken_to_vary(player):
    assert not is_deterministic(player)
    assert not play(TicTacToe(), [player, DECLARED]).reproducible


def test_a_player_of_ones_own_may_say_it_is_deterministic():
    def declared(state):
        return TicTacToe().actions(state)[0]

    declared.deterministic = True  # type: ignore[attr-defined]
    assert play(TicTacToe(), [declared, declared]).reproducible


def test_a_deterministic_attribute_that_is_not_true_or_raises_says_nothing():
    class Raising:
        @property
        def deterministic(self) -> bool:
            raise RuntimeError("no")

        def __call__(self, state):
            return TicTacToe().actions(state)[0]

    class Truthy:
        deterministic = 1

        def __call__(self, state):
            return TicTacToe().actions(state)[0]

    assert not is_deterministic(Raising())
    assert not is_deterministic(Truthy())


def test_a_generator_under_another_name_plays_no_copies_in_a_tournament():
    # The walk: such a player was taken as deterministic and all its games were repeats.
    result = tournament(TicTacToe(), [OwnGenerator(), DECLARED], games=6, openings=None)
    assert result.repeats == ()


def test_mcts_with_an_int_seed_plays_the_same_game_again_and_it_counts_once():
    seeded = searcher_player(mcts, iterations=30, rng=0)  # the same draws at every search
    assert is_deterministic(seeded)
    result = tournament(ConnectFour(), [seeded, searcher_player(alphabeta, depth=2)], games=6,
                        openings=None)  # fmt: skip
    distinct = {(result.seats[i], record.moves) for i, record in enumerate(result.records)}
    assert len(result.records) - len(result.repeats) == len(distinct)


@pytest.mark.parametrize(
    "options",
    [{"rng": random.Random(0)}, {"rng": 0, "time_limit": 5.0}, {"rng": True}],
    ids=["a generator", "a seed and a clock", "True, not a seed"],
)
def test_mcts_without_a_plain_int_seed_or_with_a_clock_varies(options):
    assert not is_deterministic(searcher_player(mcts, iterations=30, **options))
