"""tournament(): games in parallel, records in game order, the same on every executor."""

from __future__ import annotations

import math
import os
import pickle
import random
import statistics
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from helpers import Countdown, ship_by_value

from gamesearch import (
    GameProtocolError,
    GameRecord,
    IllegalActionError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    MCTSPlayer,
    MeanUtility,
    NotPicklableError,
    PartFailedError,
    Pentanomial,
    TournamentResult,
    alphabeta,
    expectiminimax,
    play,
    random_player,
    searcher_player,
    tournament,
)
from gamesearch._intervals import t_quantile
from gamesearch._parts import derived_seed
from gamesearch.games import ConnectFour, GameTree, Pig, TicTacToe
from gamesearch.progress import Progress
from gamesearch.tournaments import repeated_games, tally

ship_by_value(__name__)  # for the Dask tests


def first_action(state):
    return TicTacToe().actions(state)[0]


class Fails:
    """A player that raises in the game whose opening move is the centre."""

    def __call__(self, state):
        game = TicTacToe()
        if state == game.result(game.initial_state(), 4):
            raise RuntimeError("the centre is refused")
        return game.actions(state)[-1]


class Replier:
    """A player of the last action; with ``dies``, its worker process dies facing the centre."""

    def __init__(self, dies):
        self.dies = dies

    def __call__(self, state):
        game = TicTacToe()
        if self.dies and state == game.result(game.initial_state(), 4):
            os._exit(1)
        return game.actions(state)[-1]


def entrants(game):
    return [random_player(seed=1), searcher_player(expectiminimax, depth=2, evaluate=game.evaluate)]


def test_records_seats_and_tallies():
    game = TicTacToe()
    players = [searcher_player(alphabeta), random_player()]
    result = tournament(game, players, games=6, seed=3, openings=None)
    assert isinstance(result, TournamentResult)
    assert result.seats == ((0, 1), (1, 0)) * 3
    assert all(isinstance(record, GameRecord) and record.finished for record in result.records)
    for record, seats in zip(result.records, result.seats, strict=True):
        if record.winner is not None:
            assert seats[record.winner] == 0  # perfect play never loses
    assert result.losses[0] == 0
    assert result.wins[1] == 0
    assert result.wins[0] + result.draws[0] == 6
    assert result.score == (result.wins[0] + result.draws[0] / 2, result.draws[1] / 2)
    assert result.unfinished == 0


def test_every_game_is_the_game_play_would_give_with_its_seeds():
    game = Pig(goal=20)
    result = tournament(game, entrants(game), games=4, seed=11, alternate=False)
    assert result.seats == ((0, 1),) * 4
    seeds = {record.seed for record in result.records}
    assert len(seeds) == 4  # each game its own chance seed
    players = [random_player(seed=derived_seed(11, 2, "entrant", 0)), entrants(game)[1]]
    opening = result.records[2].opening
    assert opening  # two random moves: a roll and its die
    again = play(game, players, seed=derived_seed(11, 2, "chance"), opening=opening)
    assert again == result.records[2]


@pytest.mark.slow
def test_the_same_seed_gives_the_same_tournament_and_another_seed_another():
    game = Pig(goal=20)
    first = tournament(game, entrants(game), games=5, seed=1)
    assert first == tournament(game, entrants(game), games=5, seed=1)
    assert first.records != tournament(game, entrants(game), games=5, seed=2).records


@pytest.mark.slow
def test_players_learn_nothing_from_one_game_to_the_next():
    """An MCTSPlayer's tree and generator are copied and reseeded for every game."""
    game = TicTacToe()
    player = MCTSPlayer(game, iterations=50)
    result = tournament(game, [player, random_player()], games=4, seed=5, alternate=False)
    assert player.tree is not None
    assert player.tree.visits == 0
    alone = tournament(game, [player, random_player()], games=3, seed=5, alternate=False)
    assert alone.records == result.records[:3]


def test_threads_give_the_serial_records_and_progress_counts_the_games():
    game = Pig(goal=20)
    serial = tournament(game, entrants(game), games=6, seed=4)
    reports: list[Progress] = []
    seen: dict[int, GameRecord] = {}
    with ThreadPoolExecutor(3) as pool:
        threaded = tournament(
            game, entrants(game), games=6, seed=4, executor=pool, progress=reports.append,
            on_record=seen.__setitem__,
        )  # fmt: skip
    assert threaded == serial
    assert sorted(report.done for report in reports) == list(range(7))  # 0: before any game starts
    assert seen == dict(enumerate(serial.records))


@pytest.mark.slow
def test_a_player_searching_on_an_executor_keeps_it_in_every_game():
    game = TicTacToe()
    here = MCTSPlayer(game, iterations=40, trees=2, reuse=False)
    with ThreadPoolExecutor(2) as pool:
        there = MCTSPlayer(game, iterations=40, trees=2, executor=pool, reuse=False)
        on_pool = tournament(game, [there, random_player()], games=3, seed=2)
    assert on_pool.records == tournament(game, [here, random_player()], games=3, seed=2).records


def record_of(utilities):
    """A finished game's record with these utilities, by seat (its moves do not matter here)."""
    best = max(utilities)
    winner = utilities.index(best) if utilities.count(best) == 1 else None
    return GameRecord((), (), utilities, winner, True, None, None)


def test_mean_utility_is_the_t_interval_of_the_chips_each_entrant_won():
    # Four hands of poker, the seats alternating: entrant 0 wins 2, loses 1, wins 3, loses 1
    # chips; entrant 1 the opposite. Games won say 2-2; the chips say entrant 0 is up 3.
    chips = [2.0, -1.0, 3.0, -1.0]
    seats = ((0, 1), (1, 0), (0, 1), (1, 0))
    records = tuple(
        record_of((won, -won) if seated == (0, 1) else (-won, won))
        for won, seated in zip(chips, seats, strict=True)
    )
    result = tally(records, seats, 2)
    assert result.wins == (2, 2)
    for entrant, sign in ((0, 1), (1, -1)):
        won = [sign * c for c in chips]
        half = t_quantile(0.975, 3) * statistics.stdev(won) / math.sqrt(4)  # three degrees
        found = result.utilities[entrant]
        assert found.games == 4
        assert found.mean == pytest.approx(statistics.fmean(won))
        assert (found.low, found.high) == pytest.approx((found.mean - half, found.mean + half))
    assert "mean utility +0.750 (95% interval" in str(result).splitlines()[0]


def test_one_game_has_no_interval_and_equal_utilities_an_interval_of_no_width():
    one = tally((record_of((1.0, -1.0)),), ((0, 1),), 2)
    assert one.utilities[0] == MeanUtility(games=1, mean=1.0, low=None, high=None)
    assert str(one.utilities[0]) == "+1.000 (one game: no interval)"
    same = tally((record_of((0.5, -0.5)),) * 3, ((0, 1),) * 3, 2)
    assert same.utilities[1] == MeanUtility(games=3, mean=-0.5, low=-0.5, high=-0.5)


def test_unfinished_games_count_in_no_tally():
    game = TicTacToe()
    result = tournament(game, [first_action, first_action], games=3, max_moves=2)
    assert result.unfinished == 3
    assert result.wins == result.draws == result.losses == (0, 0)
    assert result.utilities[0] == MeanUtility(games=0, mean=None, low=None, high=None)
    assert "no finished game" in str(result)
    assert "unfinished: 3 games" in str(result)


def test_a_game_that_raises_is_named_and_the_games_before_it_kept():
    game = TicTacToe()
    seen: dict[int, GameRecord] = {}
    players = [first_action, Fails()]  # the first mover plays square 0, never the centre...
    assert tournament(game, players, games=2, alternate=False, openings=None).unfinished == 0
    players = [lambda state: 4 if state == game.initial_state() else first_action(state), Fails()]
    with pytest.raises(PartFailedError, match=r"tournament: part 0 \(game 0 ") as info:
        tournament(game, players, games=3, alternate=False, on_record=seen.__setitem__, retries=1,
                   openings=None)  # fmt: skip
    assert isinstance(info.value.__cause__, RuntimeError)
    assert info.value.finished == len(seen)


def centre_first(state):
    game = TicTacToe()
    return 4 if state == game.initial_state() else game.actions(state)[0]


@pytest.mark.slow
def test_a_killed_worker_is_reported_with_the_finished_games_kept():
    game = TicTacToe()
    seen: dict[int, GameRecord] = {}
    # The even games open in the centre, to which the replier dies; the odd ones, seats
    # swapped, it opens itself.
    players = [centre_first, Replier(dies=True)]
    died = pytest.raises(PartFailedError, match="worker process died")
    with ProcessPoolExecutor(2) as pool, died as info:
        tournament(game, players, games=4, executor=pool, on_record=seen.__setitem__,
                   openings=None)  # fmt: skip
    assert info.value.finished == len(seen)
    reference = tournament(game, [centre_first, Replier(dies=False)], games=4, openings=None)
    for index, record in seen.items():
        assert record == reference.records[index]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"games": 0}, "games must be an int >= 1"),
        ({"games": 2.0}, "games must be an int >= 1"),
        ({"games": 2, "seed": "a"}, "seed must be an int"),
        ({"games": 2, "alternate": 1}, "alternate must be True or False"),
        ({"games": 2, "max_moves": -1}, "max_moves must be an int >= 0 or None"),
        ({"games": 2, "retries": -1}, "retries must be an int >= 0"),
        ({"games": 2, "executor": object()}, "executor must be a concurrent.futures.Executor"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(InvalidSearchOptionError, match=f"tournament: {message}"):
        tournament(TicTacToe(), [first_action, first_action], **options)


def test_players_must_fill_the_seats():
    with pytest.raises(InvalidSearchOptionError, match="tournament: TicTacToe has 2 players"):
        tournament(TicTacToe(), [first_action], games=2)


def test_a_player_that_cannot_pickle_is_refused_before_any_game_is_sent():
    with ProcessPoolExecutor(1) as pool, pytest.raises(NotPicklableError, match="players"):
        tournament(TicTacToe(), [first_action, lambda state: 0], games=2, executor=pool)


@pytest.mark.slow
def test_the_library_players_pickle():
    game = TicTacToe()
    start = game.initial_state()
    for player in (
        searcher_player(alphabeta).bind(game),
        searcher_player(game, alphabeta),
        random_player(game, random.Random(3)),
        MCTSPlayer(game, iterations=10, rng=2),
    ):
        copy = pickle.loads(pickle.dumps(player))
        assert copy(start) == player(start)


@pytest.mark.slow
def test_processes_and_dask_give_the_serial_records(dask_executor):
    game = Pig(goal=25)
    players = [random_player(), MCTSPlayer(game, iterations=30, reuse=False)]
    serial = tournament(game, players, games=6, seed=9)
    with ProcessPoolExecutor(2) as pool:
        assert tournament(game, players, games=6, seed=9, executor=pool) == serial
    assert tournament(game, players, games=6, seed=9, executor=dask_executor) == serial


class NaNForTheFirst(Countdown):
    def utility(self, state, player):
        return math.nan if player == 0 else 1.0


class Stuck(Countdown):
    def actions(self, state):
        return () if state <= 1 else (1,)


def test_a_game_that_breaks_the_protocol_fails_with_its_protocol_error():
    # Before: NaN utilities were recorded and counted a win for seat 0; a state without
    # actions failed with the random player's IndexError.
    players = [random_player(seed=0), random_player(seed=1)]
    with pytest.raises(InvalidUtilityError, match=r"utility\(state, 0\)") as nan:
        tournament(NaNForTheFirst(2), players, games=2)
    assert isinstance(nan.value.__cause__, PartFailedError)  # which game, in its message
    with pytest.raises(GameProtocolError, match=r"state 1 is not terminal but has no act"):
        tournament(Stuck(3), players, games=2)


def test_a_player_made_for_another_game_is_refused_before_any_game():
    player = MCTSPlayer(TicTacToe(size=3), iterations=10, rng=0)
    seen: dict[int, GameRecord] = {}
    with pytest.raises(
        InvalidSearchOptionError,
        match=r"tournament: player 0 \(MCTSPlayer\(TicTacToe\(size=3, k=3\).* not for this "
        r"match's game TicTacToe\(size=4, k=4\)",
    ):
        tournament(TicTacToe(4), [player, random_player()], games=2, on_record=seen.__setitem__)
    assert not seen


# Openings and repeats (issue 48).


def test_a_game_that_repeats_an_earlier_one_is_counted_once():
    game = GameTree({"a": {"x": 1, "y": -1}, "b": 0})
    # The first entrant plays the first move, the second the last: a then y, or b.
    players = [
        declared(lambda state: game.actions(state)[0]),
        declared(lambda state: game.actions(state)[-1]),
    ]  # each says it is deterministic (see is_deterministic)
    result = tournament(game, players, games=6, openings=None)
    assert result.repeats == (2, 3, 4, 5)  # the same two games, repeated
    assert (result.wins, result.draws, result.losses) == ((0, 1), (1, 1), (1, 0))
    assert "repeated: 4 games repeated an earlier game move for move: counted once" in str(result)


def test_openings_that_transpose_to_one_position_give_one_game_not_two():
    game = ConnectFour()
    deep, shallow = searcher_player(alphabeta, depth=2), searcher_player(alphabeta, depth=1)
    suite = [(3, 2, 4, 1), (4, 2, 3, 1)]  # the same stones, the same side to move
    result = tournament(game, [deep, shallow], games=4, openings=suite)
    assert result.records[2].moves[4:] == result.records[0].moves[4:]  # the same continuation
    assert result.repeats == (2, 3)
    assert Pentanomial.of(result, 0, 1).pairs == 1


def test_repeats_told_by_moves_without_the_game_and_by_position_with_it():
    game = ConnectFour()
    perfect = searcher_player(alphabeta, depth=1)
    records = [play(game, [perfect, perfect], opening=line) for line in [(3, 2, 4), (4, 2, 3)]]
    assert repeated_games(records, [(0, 1), (0, 1)]) == ()
    assert repeated_games(records, [(0, 1), (0, 1)], game=game) == (1,)
    assert repeated_games(records, [(0, 1), (1, 0)], game=game) == ()  # the seats swapped


def test_games_of_players_who_drew_at_random_are_never_repeats_however_alike():
    game = GameTree({"a": 1, "b": -1})  # one move: random play repeats itself often
    result = tournament(game, [random_player(), random_player()], games=20, alternate=False,
                        openings=None)  # fmt: skip
    assert not any(record.reproducible for record in result.records)
    assert result.repeats == ()
    assert result.wins[0] + result.losses[0] == 20


def test_a_record_is_reproducible_when_no_chance_and_no_generator_decided_it():
    perfect = searcher_player(alphabeta)
    assert play(TicTacToe(), [perfect, perfect]).reproducible
    assert not play(TicTacToe(), [perfect, random_player(seed=1)]).reproducible
    rolled = play(Pig(goal=20), [lambda s: "hold" if s.turn_total else "roll"] * 2, seed=1)
    assert not rolled.reproducible  # the dice


def test_an_opening_is_played_first_and_kept_in_the_record():
    record = play(TicTacToe(), [searcher_player(alphabeta)] * 2, opening=(4, 0))
    assert record.moves[:2] == record.opening == (4, 0)
    assert record.movers[:2] == (0, 1)
    with pytest.raises(IllegalActionError, match="illegal action 4 in the opening"):
        play(TicTacToe(), [searcher_player(alphabeta)] * 2, opening=(4, 4))


def test_a_tournament_of_two_pairs_its_games_and_keeps_their_openings():
    game = TicTacToe()
    result = tournament(game, [searcher_player(alphabeta), random_player()], games=6, seed=3)
    assert result.pairs == (0, 0, 1, 1, 2, 2)
    openings = [record.opening for record in result.records]
    assert openings[0] == openings[1] != openings[2] == openings[3]
    assert all(len(opening) == 2 for opening in openings)


@pytest.mark.parametrize("games", [10_000_001, 10**12, 10**400])
def test_more_games_than_a_tournament_keeps_are_refused_before_any_is_made(games):
    with pytest.raises(InvalidSearchOptionError, match="games, more than the 10,000,000"):
        tournament(TicTacToe(), [random_player(), random_player()], games=games)


def declared(player):
    """``player``, saying it is deterministic (as a player of one's own may)."""
    player.deterministic = True
    return player


def test_the_mean_utilities_count_each_distinct_game_once():
    # The walk: the mean utility counted every copy of a repeated game.
    game = GameTree({"a": {"x": 1, "y": -1}, "b": 0})
    players = [
        declared(lambda state: game.actions(state)[0]),
        declared(lambda state: game.actions(state)[-1]),
    ]
    result = tournament(game, players, games=6, openings=None)
    first, second = result.utilities
    assert result.repeats == (2, 3, 4, 5)
    assert first.games == second.games == 2  # a then y (-1 for entrant 0), and b (0)
    assert first.mean == pytest.approx(-0.5)
    assert second.mean == pytest.approx(0.5)
