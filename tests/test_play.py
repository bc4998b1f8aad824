"""play(): one game between players, with chance drawn from a seeded generator."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter

import pytest
from helpers import CoinFlips, Countdown, Cycle, ThreeRolls

from gamesearch import (
    CHANCE,
    GameProtocolError,
    GameRecord,
    IllegalActionError,
    InvalidDistributionError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    MCTSPlayer,
    alphabeta,
    expectiminimax,
    play,
    random_player,
    searcher_player,
)
from gamesearch.games import ConnectFour, Pig, TicTacToe


def roll_once(state):
    return "hold" if state.turn_total else "roll"


def never_asked(state):
    raise AssertionError("only nature moves in this game")


def test_the_record_replays_the_game():
    game = Pig(goal=20)
    record = play(game, [roll_once, roll_once], seed=3)
    assert record.finished
    state = game.initial_state()
    for move, mover in zip(record.moves, record.movers, strict=True):
        assert mover == game.to_move(state)
        assert move in game.actions(state)
        state = game.result(state, move)
    assert state == record.final_state
    assert record.utilities == (game.utility(state, 0), game.utility(state, 1))
    assert record.winner == game.winner(state)
    assert CHANCE in record.movers
    assert record.seed == 3


def test_the_same_seed_plays_the_same_game():
    game = Pig(goal=30)
    games = [play(game, [roll_once, roll_once], seed=seed) for seed in (1, 1, 2)]
    assert games[0] == games[1]
    assert games[0].moves != games[2].moves


def test_chance_outcomes_are_drawn_with_their_probabilities():
    game = CoinFlips([("often", 0.9), ("seldom", 0.1), ("never", 0.0)])
    drawn = Counter(
        play(game, [never_asked, never_asked], seed=seed).moves[0] for seed in range(2000)
    )
    assert drawn["never"] == 0
    assert 1700 < drawn["often"] < 1900  # 1800 expected; the seeds make this deterministic


def test_searchers_as_players():
    game = TicTacToe()
    perfect = searcher_player(game, alphabeta)
    assert perfect.__name__ == "alphabeta_player"
    record = play(game, [perfect, perfect])
    assert (record.utilities, record.winner) == ((0.0, 0.0), None)
    assert len(record.moves) == 9


def test_a_searcher_player_plays_the_searchers_choice():
    game = Pig(goal=15)
    options = {"depth": 2, "evaluate": game.evaluate}
    smart = searcher_player(game, expectiminimax, **options)
    record = play(game, [smart, random_player(game, random.Random(5))], seed=5)
    state = game.initial_state()
    for move, mover in zip(record.moves, record.movers, strict=True):
        if mover == 0:
            assert move == expectiminimax(game, state, **options).action
        state = game.result(state, move)
    assert record.movers.count(0) > 1


def test_a_one_player_game_has_no_winner():
    record = play(ThreeRolls(), [lambda state: "roll"], seed=0)
    assert record.finished
    assert record.winner is None
    assert record.utilities == (record.final_state[1],)
    assert record.movers.count(CHANCE) == 3


def test_max_moves_stops_an_endless_game():
    record = play(Cycle(1), [lambda s: 1, lambda s: 1], max_moves=10)
    assert not record.finished
    assert (record.utilities, record.winner) == (None, None)
    assert len(record.moves) == 10


def test_a_record_cannot_be_changed():
    record = play(Countdown(2), [lambda s: 1, lambda s: 1])
    assert [field.name for field in dataclasses.fields(GameRecord)] == [
        "moves",
        "movers",
        "utilities",
        "winner",
        "finished",
        "final_state",
        "seed",
        "opening",
        "reproducible",
    ]
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.moves = ()


def test_starting_from_a_given_state():
    game = TicTacToe()
    state = game.parse("XX. / OO. / ...")
    record = play(game, [lambda s: 2, lambda s: 5], state=state)
    assert record.moves == (2,)
    assert record.winner == 0


def test_illegal_moves_are_refused():
    with pytest.raises(IllegalActionError, match=r"in the move of player 0"):
        play(TicTacToe(), [lambda s: 42, lambda s: 0])


@pytest.mark.parametrize(
    "players", [[roll_once], [roll_once, roll_once, roll_once], [roll_once, 3], "ab", roll_once]
)
def test_one_callable_per_player(players):
    with pytest.raises(InvalidSearchOptionError, match=r"players must be"):
        play(Pig(), players)


@pytest.mark.parametrize("max_moves", [-1, 2.5, True])
def test_bad_max_moves(max_moves):
    with pytest.raises(InvalidSearchOptionError, match=r"max_moves"):
        play(Pig(), [roll_once, roll_once], max_moves=max_moves)


def test_bad_chance_outcomes_and_players():
    with pytest.raises(InvalidDistributionError):
        play(CoinFlips([("a", 0.3)]), [never_asked, never_asked])

    class Stranger(Countdown):
        def to_move(self, state):
            return 7

    with pytest.raises(GameProtocolError, match=r"to_move returned 7"):
        play(Stranger(2), [lambda s: 1, lambda s: 1])
    with pytest.raises(InvalidSearchOptionError, match=r"not a searcher"):
        searcher_player(TicTacToe(), "alphabeta")


class NaNForTheFirst(Countdown):
    """Countdown whose end is worth NaN to player 0, and 1 to player 1."""

    def utility(self, state, player):
        return math.nan if player == 0 else 1.0


def test_a_nan_utility_is_refused_not_counted_a_win():
    # Before: utilities (nan, 1.0) and winner 0, as NaN made max() and index() pick player 0.
    with pytest.raises(InvalidUtilityError, match=r"utility\(state, 0\) returned NaN for state 0"):
        play(NaNForTheFirst(2), [lambda s: 1, lambda s: 1])


class Stuck(Countdown):
    """Countdown that has no actions at 1, where it is not over."""

    def actions(self, state):
        return () if state <= 1 else (1,)


def test_no_actions_where_the_game_is_not_over_is_a_protocol_error():
    # Before: the random player's IndexError ("Cannot choose from an empty sequence").
    stuck = pytest.raises(GameProtocolError, match=r"state 1 is not terminal but has no actions")
    with stuck:
        play(Stuck(3), [random_player(seed=0), random_player(seed=0)])
    with stuck:  # a player of one's own is not asked either
        play(Stuck(3), [lambda s: 1, lambda s: 1])
    with stuck:
        random_player(Stuck(3), random.Random(0))(1)


@pytest.mark.parametrize(
    ("made_for", "match"),
    [(TicTacToe(size=3), TicTacToe(size=4)), (ConnectFour(5, 4), ConnectFour(4, 4))],
)
def test_a_player_made_for_another_game_is_refused_at_the_start(made_for, match):
    # Before: "MCTSPlayer: no move to make in state ..." a few moves into the game.
    player = MCTSPlayer(made_for, iterations=10, rng=0)
    with pytest.raises(InvalidSearchOptionError, match=r"play: player 1 .* was made for the game"):
        play(match, [random_player(seed=0), player])
    with pytest.raises(InvalidSearchOptionError, match=r"not for this match's game"):
        play(match, [searcher_player(made_for, alphabeta, depth=1), random_player(seed=0)])


def test_a_player_made_for_an_equal_game_plays():
    # Another object of the same game, as a tournament's copies of the players hold.
    player = MCTSPlayer(TicTacToe(size=3), iterations=50, rng=0)
    assert play(TicTacToe(size=3), [player, random_player(seed=0)]).finished
    from gamesearch.playing import same_game  # the helper the check uses

    assert same_game(TicTacToe(), TicTacToe(size=3, k=3))
    assert not same_game(TicTacToe(3), TicTacToe(3, k=2))
    assert not same_game(TicTacToe(3), ConnectFour())
