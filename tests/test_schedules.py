"""round_robin() and gauntlet(): pairings balanced by colour, the same on every executor."""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from helpers import ship_by_value

from gamesearch import (
    InvalidSearchOptionError,
    MCTSPlayer,
    UnsupportedGameError,
    alphabeta,
    elo_ratings,
    gauntlet,
    play,
    random_player,
    round_robin,
    searcher_player,
    tournament,
)
from gamesearch._parts import derived_seed
from gamesearch.games import GameTree, Pig, TicTacToe

ship_by_value(__name__)  # for the Dask test


def field(count):
    return [random_player(seed=entrant) for entrant in range(count)]


@pytest.mark.parametrize(("count", "games_per_pair"), [(2, 2), (3, 4), (4, 2)])
def test_a_round_robin_pairs_everyone_with_each_moving_first_in_half_the_games(
    count, games_per_pair
):
    result = round_robin(TicTacToe(), field(count), games_per_pair=games_per_pair, seed=5)
    seated = Counter(result.seats)
    pairs = [(i, j) for i in range(count) for j in range(count) if i != j]
    assert seated == dict.fromkeys(pairs, games_per_pair // 2)
    played = [w + d + lo for w, d, lo in zip(result.wins, result.draws, result.losses, strict=True)]
    assert played == [(count - 1) * games_per_pair] * count


def test_the_games_go_round_the_pairings_so_a_stopped_schedule_stays_balanced():
    result = round_robin(TicTacToe(), field(3), games_per_pair=4)
    assert result.seats[:6] == ((0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1))


def test_a_gauntlet_meets_each_of_the_field_who_do_not_meet_each_other():
    result = gauntlet(TicTacToe(), searcher_player(alphabeta), field(3), games_per_pair=2,
                      openings=None)  # fmt: skip
    assert Counter(result.seats) == {(0, 1): 1, (0, 2): 1, (0, 3): 1, (1, 0): 1, (2, 0): 1,
                                     (3, 0): 1}  # fmt: skip
    assert result.losses[0] == 0  # perfect play
    assert sum(result.wins) + sum(result.draws) // 2 == len(result.records)


def test_every_game_is_the_game_play_gives_with_its_seeds():
    players = field(3)
    result = round_robin(TicTacToe(), players, games_per_pair=2, seed=8)
    for index, (seated, record) in enumerate(zip(result.seats, result.records, strict=True)):
        fresh = [random_player(seed=derived_seed(8, index, "entrant", e)) for e in seated]
        again = play(TicTacToe(), fresh, seed=derived_seed(8, index, "chance"),
                     opening=record.opening)  # fmt: skip
        assert again == record


def test_two_entrants_round_robin_is_the_alternating_tournament():
    players = field(2)
    assert round_robin(TicTacToe(), players, games_per_pair=6, seed=3) == tournament(
        TicTacToe(), players, games=6, seed=3
    )


def test_threads_give_the_serial_records_and_progress_counts_the_games():
    players = [random_player(seed=1), random_player(seed=2), searcher_player(alphabeta, depth=1,
               evaluate=lambda state, player: 0.0)]  # fmt: skip
    serial = round_robin(TicTacToe(), players, games_per_pair=2, seed=4)
    reports = []
    with ThreadPoolExecutor(2) as pool:
        threaded = round_robin(TicTacToe(), players, games_per_pair=2, seed=4, executor=pool,
                               progress=reports.append)  # fmt: skip
    assert threaded == serial
    assert [report.done for report in reports] == list(range(7))  # 0: before any game starts
    assert {report.total for report in reports} == {6}


@pytest.mark.slow
def test_processes_and_dask_give_the_serial_records(dask_executor):
    game = Pig(goal=20)
    players = [random_player(), MCTSPlayer(game, iterations=20, reuse=False), random_player()]
    serial = round_robin(game, players, games_per_pair=2, seed=9)
    serial_gauntlet = gauntlet(game, players[1], [players[0], players[2]], games_per_pair=2)
    with ProcessPoolExecutor(2) as pool:
        assert round_robin(game, players, games_per_pair=2, seed=9, executor=pool) == serial
        assert gauntlet(game, players[1], [players[0], players[2]], games_per_pair=2,
                        executor=pool) == serial_gauntlet  # fmt: skip
    assert round_robin(game, players, games_per_pair=2, seed=9, executor=dask_executor) == serial


@pytest.mark.slow
def test_a_round_robin_is_rated():
    # Perfect play against two random players: rated above both, the intervals wide but apart
    # from nothing the games cannot tell.
    players = [searcher_player(alphabeta), random_player(), random_player()]
    result = round_robin(TicTacToe(), players, games_per_pair=10, seed=2)
    ratings = elo_ratings(result, names=["perfect", "random 1", "random 2"], anchor="random 1")
    assert ratings.ranked()[0].name == "perfect"
    assert ratings.difference("perfect", "random 2").low > 0


def test_a_game_of_three_players_is_refused():
    game = GameTree({"a": (1, 0, 0), "b": (0, 1, 0)}, num_players=3)
    with pytest.raises(UnsupportedGameError, match="round_robin: pairs two entrants a game"):
        round_robin(game, field(3), games_per_pair=2)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: round_robin(TicTacToe(), field(3), games_per_pair=3), "an even int >= 2"),
        (lambda: round_robin(TicTacToe(), field(3), games_per_pair=0), "an even int >= 2"),
        (lambda: round_robin(TicTacToe(), field(1), games_per_pair=2), "two or more callables"),
        (lambda: round_robin(TicTacToe(), [*field(1), 3], games_per_pair=2), "two or more"),
        (lambda: round_robin(TicTacToe(), field(2), games_per_pair=2, seed="1"), "seed must"),
        (lambda: round_robin(TicTacToe(), field(2), games_per_pair=2, max_moves=-1), "max_moves"),
        (lambda: gauntlet(TicTacToe(), random_player(), [], games_per_pair=2), "one or more"),
        (lambda: round_robin(TicTacToe(), field(2), games_per_pair=2, executor=3), "executor"),
        (
            lambda: gauntlet(
                TicTacToe(),
                random_player(),
                [MCTSPlayer(TicTacToe(size=4), iterations=5)],
                games_per_pair=2,
            ),
            r"gauntlet: player 1 \(MCTSPlayer.* not for this match's game",
        ),
    ],
)
def test_bad_options_are_refused(call, message):
    with pytest.raises(InvalidSearchOptionError, match=message):
        call()


# Openings and pairs (issue 48): deterministic players meet in new games.


def deterministic(*depths):
    from gamesearch.games import ConnectFour

    return ConnectFour(), [searcher_player(alphabeta, depth=depth) for depth in depths]


def distinct_games(result):
    return len({(seated, record.moves) for seated, record in zip(result.seats, result.records,
                                                                   strict=True)})  # fmt: skip


def test_two_deterministic_players_play_at_least_8_distinct_games_of_10_by_default():
    seed = 0
    game, players = deterministic(1, 2)
    result = round_robin(game, players, games_per_pair=10, seed=seed)
    assert distinct_games(result) >= 8
    assert result.repeats == ()
    # Without openings, the same two games, each repeated five times, counted once.
    alike = round_robin(game, players, games_per_pair=10, seed=seed, openings=None)
    assert distinct_games(alike) == 2
    assert len(alike.repeats) == 8
    assert sum(alike.wins) + sum(alike.draws) // 2 == 2  # the tally counts the two games


def test_each_two_rounds_play_one_opening_with_the_seats_swapped_as_a_pair():
    game, players = deterministic(1, 1, 2)
    result = round_robin(game, players, games_per_pair=4, seed=3)
    for index, (seated, record) in enumerate(zip(result.seats, result.records, strict=True)):
        partner = next(
            other for other in range(len(result.records))
            if other != index and result.pairs[other] == result.pairs[index]
        )  # fmt: skip
        assert result.seats[partner] == seated[::-1]
        assert result.records[partner].opening == record.opening
        assert len(record.opening) == 2
        assert record.moves[:2] == record.opening
    # Every pairing of a round plays the round's opening; the next two rounds another.
    assert {result.records[i].opening for i in range(6)} != {result.records[6].opening}


def test_a_suite_of_openings_is_played_in_turn_by_a_gauntlet():
    game, players = deterministic(2, 1, 1)
    result = gauntlet(game, players[0], players[1:], games_per_pair=4, openings=[(3,), (0, 6)])
    assert [record.opening for record in result.records] == [(3,)] * 4 + [(0, 6)] * 4


def test_ratings_of_a_schedule_take_its_pairs_as_one_sample_each():
    game, players = deterministic(1, 2, 1)
    result = round_robin(game, players, games_per_pair=4, seed=2)
    ratings = elo_ratings(result, prior_draws=1)
    assert ratings.pairs == 6  # three pairings, two pairs each
    assert "intervals from 6 pairs of games" in ratings.table()


def test_a_schedule_of_more_games_than_a_tournament_keeps_is_refused():
    with pytest.raises(InvalidSearchOptionError, match="30,000,000 games, more than"):
        round_robin(TicTacToe(), field(3), games_per_pair=10_000_000)
