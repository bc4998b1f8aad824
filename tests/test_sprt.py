"""The SPRT of a match: fishtest's generalised log-likelihood ratio, its bounds and its errors."""

from __future__ import annotations

import math
import random

import pytest

from gamesearch import (
    SPRT,
    InvalidSearchOptionError,
    Pentanomial,
    alphabeta,
    random_player,
    searcher_player,
    sprt_match,
)
from gamesearch.games import ConnectFour, GameTree, TicTacToe
from gamesearch.pentanomial import elo_of_score
from gamesearch.sprt import log_likelihood_ratio


@pytest.mark.parametrize(
    ("counts", "elo0", "elo1", "published"),
    [
        # Stockfish's commit of fishtest tests 5fe50b9d (short time control) and 5fe552e4
        # (long): "LLR: 2.95 (-2.94,2.94) {-0.25,1.25}" and "LLR: 2.92 (-2.94,2.94) {0.25,1.25}",
        # logistic Elo, with these Ptnml(0-2) counts.
        ((292, 5905, 28939, 6129, 299), -0.25, 1.25, 2.95),
        ((5, 418, 6043, 506, 12), 0.25, 1.25, 2.92),
    ],
)
def test_the_ratio_is_fishtests_on_its_published_results(counts, elo0, elo1, published):
    assert round(log_likelihood_ratio(counts, elo0, elo1), 2) == published


def test_the_tilted_distribution_is_the_constrained_maximum_of_the_likelihood():
    # Independently of the closed form: the distribution of greatest likelihood with mean s,
    # found by a search over the simplex (a ternary search on one free weight of three
    # outcomes), gives the same ratio for single games (trinomial counts).
    counts = (30, 50, 44)
    total = sum(counts)
    observed = [c / total for c in counts]

    def best(mean):
        # q = (q0, q1, q2) on outcomes 0, 1/2, 1 with q1 / 2 + q2 == mean: q1 free.
        def log_likelihood(q1):
            q2 = mean - q1 / 2
            q0 = 1 - q1 - q2
            if min(q0, q1, q2) <= 0:
                return -math.inf
            return sum(p * math.log(q) for p, q in zip(observed, (q0, q1, q2), strict=True))

        low, high = 0.0, min(1.0, 2 * mean, 2 * (1 - mean))
        for _ in range(200):
            a, b = low + (high - low) / 3, high - (high - low) / 3
            low, high = (a, high) if log_likelihood(a) < log_likelihood(b) else (low, b)
        return log_likelihood((low + high) / 2)

    s0, s1 = (1 / (1 + 10 ** (-elo / 400)) for elo in (0, 30))
    expected = total * (best(s1) - best(s0))
    assert log_likelihood_ratio(counts, 0, 30) == pytest.approx(expected, abs=1e-6)


def test_the_bounds_are_walds():
    test = SPRT(0, 10, alpha=0.05, beta=0.1)
    assert test.lower == pytest.approx(math.log(0.1 / 0.95))
    assert test.upper == pytest.approx(math.log(0.9 / 0.05))


def test_the_verdict_is_h1_above_the_upper_bound_and_h0_below_the_lower():
    test = SPRT(0, 20)
    assert test.status((0, 0, 0, 0, 0)).llr == 0.0
    assert test.status((5, 40, 120, 80, 25)).verdict == "H1"
    assert test.status((25, 80, 120, 40, 5)).verdict == "H0"
    assert test.status((10, 40, 100, 40, 10)).verdict is None
    assert test.status(Pentanomial((10, 40, 100, 40, 10))) == test.status((10, 40, 100, 40, 10))
    assert "undecided" in str(test.status((1, 1, 1, 1, 1)))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"elo0": 10, "elo1": 0}, "elo0 must be below elo1"),
        ({"alpha": 0.5}, "alpha must be a number above 0, below 0.5"),
        ({"beta": 0}, "beta must be"),
        ({"elo1": math.nan}, "elo1 must be a number from -2000 to 2000"),
        ({"elo0": True}, "elo0 must be"),
        ({"elo1": 10**400}, r"1\.000e\+400"),
    ],
)
def test_a_test_out_of_range_is_refused(options, message):
    with pytest.raises(InvalidSearchOptionError, match=message):
        SPRT(**({"elo0": 0, "elo1": 10} | options))


def first_move(state):
    return TicTacToe().actions(state)[0]


@pytest.mark.parametrize(
    "counts", [(1, 2), (1.5, 0, 2), (math.nan, 1, 1), ("a", 1, 1), (10**400, 0, 0), (True, 0, 1)]
)
def test_counts_that_are_not_five_or_three_ints_are_refused(counts):
    with pytest.raises(InvalidSearchOptionError, match=r"counts must be five ints .* or three"):
        log_likelihood_ratio(counts, 0, 10)


def test_a_match_of_two_copies_of_one_player_accepts_h0():
    seen = []
    done = sprt_match(TicTacToe(), [first_move, first_move], SPRT(0, 200), max_games=400, seed=2,
                      on_status=lambda status, pairs: seen.append(pairs.pairs))  # fmt: skip
    assert done.status.verdict == "H0"
    assert seen == list(range(1, done.pairs.pairs + 1))  # told after every pair
    assert done.pairs.counts[0] == done.pairs.counts[4] == 0  # each pair won once each way
    assert len(done.result.records) == 2 * done.pairs.pairs  # stopped at the verdict


def test_a_match_the_games_do_not_decide_stops_undecided_at_its_limit():
    done = sprt_match(TicTacToe(), [first_move, first_move], SPRT(0, 5), max_games=4, seed=2)
    assert done.status.verdict is None
    assert done.pairs.pairs == 2


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"test": (0, 10)}, "test must be an SPRT"),
        ({"max_games": 3}, "an even int >= 2"),
        ({"max_games": True}, "an even int >= 2"),
        ({"max_games": 10**12}, "sprt_match: 1,000,000,000,000 games, more than the 10,000,000"),
    ],
)
def test_a_match_with_bad_options_is_refused(options, message):
    settings = {"test": SPRT(0, 10), "max_games": 10} | options
    player = searcher_player(alphabeta, depth=1)
    with pytest.raises(InvalidSearchOptionError, match=message):
        sprt_match(ConnectFour(), [player, player], settings.pop("test"), **settings)


# Simulation: matches drawn from a known Elo difference (slow).


def logistic(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def pair_model(target, bias=150.0, draws=0.2):
    """Pair outcomes' probabilities whose expected score a game is ``target`` Elo's.

    Each opening favours the first player by ``bias`` Elo or the second (half the openings
    each way): the two games of a pair are correlated, as real openings make them.
    """

    def score(elo):
        return (logistic(elo + bias) + logistic(elo - bias)) / 2

    low, high = -2000.0, 2000.0
    for _ in range(100):  # the playing strength whose mean score is target's
        middle = (low + high) / 2
        low, high = (middle, high) if elo_of_score(score(middle)) < target else (low, middle)
    elo = (low + high) / 2
    penta = [0.0] * 5
    for sign in (1, -1):
        games = []
        for edge in (sign * bias, -sign * bias):
            expected = logistic(elo + edge)
            games.append({1.0: expected - draws / 2, 0.5: draws, 0.0: 1 - expected - draws / 2})
        for a, p in games[0].items():
            for b, q in games[1].items():
                penta[round(2 * (a + b))] += p * q / 2
    return penta


def run_test(test, model, rng, limit=20_000):
    counts = [0] * 5
    for pair in range(1, limit + 1):
        counts[rng.choices(range(5), model)[0]] += 1
        if pair % 4 == 0 or pair == limit:
            verdict = test.status(counts).verdict
            if verdict is not None:
                return verdict
    return None


@pytest.mark.slow
@pytest.mark.parametrize(("truth", "wrong", "rate"), [(0.0, "H1", 0.05), (20.0, "H0", 0.05)])
def test_in_simulation_the_tests_errors_are_within_alpha_and_beta(truth, wrong, rate):
    test = SPRT(0, 20)
    rng = random.Random(48)
    runs = 300
    errors = sum(run_test(test, pair_model(truth), rng) == wrong for _ in range(runs))
    margin = 3 * math.sqrt(rate * (1 - rate) / runs)
    assert errors / runs <= rate + margin, errors


@pytest.mark.slow
def test_in_simulation_the_pentanomial_interval_covers_the_truth_at_its_rate():
    truth = 35.0
    model = pair_model(truth)
    rng = random.Random(49)
    runs, covered = 400, 0
    for _ in range(runs):
        counts = [0] * 5
        for outcome in rng.choices(range(5), model, k=150):
            counts[outcome] += 1
        gap = Pentanomial(tuple(counts)).difference()
        covered += gap.low <= truth <= gap.high
    assert covered / runs >= 0.95 - 3 * math.sqrt(0.95 * 0.05 / runs), covered


def first_action(game):
    """A player of one's own that always plays the first action, and says it is deterministic."""

    def player(state):
        return game.actions(state)[0]

    player.deterministic = True
    return player


def test_a_match_of_copies_stops_undecided_saying_why():
    game = GameTree({"a": {"x": 1, "y": -1}, "b": 0})
    players = [first_action(game), first_action(game)]
    done = sprt_match(game, players, SPRT(0, 10), max_games=1_000, openings=None)
    assert done.status.verdict is None
    assert done.ended == "repeats"
    assert done.distinct_openings == 1
    assert len(done.result.records) == 4  # the first pair, and one pair of copies
    assert done.result.repeats == (2, 3)
    assert "no new games left" in done.reason
    assert "more plies" in done.reason


def test_a_suite_of_transpositions_of_one_position_is_one_opening_and_decides_nothing():
    game = ConnectFour()
    deep, shallow = searcher_player(alphabeta, depth=3), searcher_player(alphabeta, depth=1)
    suite = [(0, 1, 2, 4), (2, 1, 0, 4), (0, 4, 2, 1), (2, 4, 0, 1)]  # all one position
    done = sprt_match(game, [deep, shallow], SPRT(0, 50), max_games=200, openings=suite)
    assert done.distinct_openings == 1
    assert done.ended == "repeats"
    assert done.pairs.pairs == 1
    assert done.status.verdict is None


def test_a_suite_that_plays_an_opening_again_before_a_new_one_does_not_stop_early():
    game = GameTree({"a": {"x": 1, "y": -1}, "b": {"x": 0, "y": 1}})
    players = [first_action(game), first_action(game)]
    suite = [("a",), ("a",), ("b",)]  # the second pair replays the first's opening
    done = sprt_match(game, players, SPRT(0, 10), max_games=12, openings=suite)
    assert done.ended == "repeats"
    assert done.distinct_openings == 2
    assert len(done.result.records) == 8  # stopped at the fourth pair, after b was played
    assert done.pairs.pairs == 2


def test_players_that_vary_play_to_the_limit():
    game = GameTree({"a": {"x": 1, "y": -1}, "b": 0})
    done = sprt_match(game, [random_player(seed=1), random_player(seed=2)], SPRT(0, 10),
                      max_games=20, openings=None)  # fmt: skip
    assert done.ended == "limit"
    assert len(done.result.records) == 20
    assert "undecided at the limit" in done.reason
