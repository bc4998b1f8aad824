"""Pentanomial: the counts of pairs of games, and the Elo interval of the pairs' variance."""

from __future__ import annotations

import math

import pytest

from gamesearch import InvalidSearchOptionError, Pentanomial, alphabeta, searcher_player, tournament
from gamesearch.games import ConnectFour, TicTacToe
from gamesearch.pentanomial import elo_of_score, regularised, score_interval, tilt_of

Z = 1.959963984540054


def test_the_score_is_the_mean_points_a_game_of_the_pairs():
    pairs = Pentanomial((1, 2, 10, 5, 2))
    assert pairs.pairs == 20
    assert pairs.score == pytest.approx((2 * 0.5 + 10 * 1 + 5 * 1.5 + 2 * 2) / 40)
    assert str(pairs) == "Ptnml(0-2): 1, 2, 10, 5, 2"


def test_with_many_pairs_the_interval_is_the_pairs_variance_of_the_mean_score():
    pairs = Pentanomial((30, 60, 200, 90, 20))
    values = [k / 4 for k in range(5)]  # a pair's mean score a game
    mean = sum(c * v for c, v in zip(pairs.counts, values, strict=True)) / 400
    variance = sum(c * (v - mean) ** 2 for c, v in zip(pairs.counts, values, strict=True)) / 400
    spread = Z * math.sqrt(variance / 400)
    gap = pairs.difference("A", "B")
    assert (gap.first, gap.second) == ("A", "B")
    assert gap.elo == pytest.approx(elo_of_score(mean))
    # The score interval: about the Wald interval for 400 pairs, not its exact ends.
    assert (gap.low, gap.high) == pytest.approx(
        (elo_of_score(mean - spread), elo_of_score(mean + spread)), abs=1.0
    )


def test_every_end_of_the_interval_is_a_score_the_pairs_just_do_not_reject():
    counts = (1, 2, 10, 5, 2)
    low, high = score_interval(counts)
    mean = Pentanomial(counts).score
    for end in (low, high):
        variance = nearest_variance(counts, end)
        assert (mean - end) ** 2 == pytest.approx(Z * Z * variance / 20, rel=1e-6)


def nearest_variance(counts, score):
    """The variance of a pair's mean score under the tilted counts whose mean is ``score``."""
    shares = regularised(counts)
    total = sum(shares)
    outcomes = [(k / 4, share / total) for k, share in enumerate(shares)]
    x = tilt_of(outcomes, score)
    tilted = [p / (1 + x * (a - score)) for a, p in outcomes]
    assert sum(tilted) == pytest.approx(1.0)
    assert sum(q * a for q, (a, _) in zip(tilted, outcomes, strict=True)) == pytest.approx(score)
    return sum(q * (a - score) ** 2 for q, (a, _) in zip(tilted, outcomes, strict=True))


def test_pairs_that_all_scored_alike_are_not_taken_for_certainty():
    # The user walk: five pairs each split gave +-6.8 Elo; it is Wilson's width for pairs.
    gap = Pentanomial((0, 0, 5, 0, 0)).difference()
    assert gap.elo == 0.0
    assert gap.high == pytest.approx(-gap.low)
    assert 150 < gap.high < 200


def test_ten_straight_wins_are_no_surer_than_wilsons_interval_of_ten_games():
    # Five pairs, every game won: the lower end is the score interval's, below Wilson's for
    # ten independent games (five pairs are fewer samples), never +700.
    gap = Pentanomial((0, 0, 0, 0, 5)).difference()
    assert gap.elo == gap.high == math.inf
    wilson_low = 10 / (10 + Z * Z)  # Wilson's lower end for 10 wins in 10
    assert 0 < gap.low < elo_of_score(wilson_low)


@pytest.mark.slow
@pytest.mark.parametrize("truth", [0.0, 150.0, 300.0])
def test_five_pairs_cover_the_truth_at_least_nine_times_in_ten(truth):
    # Exact: every count of five pairs, weighted by its probability under a model of
    # correlated openings (no seed: nothing is drawn).
    model = pair_model(truth)
    covered = 0.0
    for counts in compositions(5):
        gap = Pentanomial(counts).difference()
        possible = all(p > 0 for n, p in zip(counts, model, strict=True) if n)
        if possible and gap.low <= truth <= gap.high:
            covered += math.exp(math.lgamma(6) + sum(
                n * math.log(p) - math.lgamma(n + 1) for n, p in zip(counts, model, strict=True)
                if n
            ))  # fmt: skip
    assert covered >= 0.9


def pair_model(truth, bias=150.0, draws=0.2):
    """Pair outcomes' probabilities whose expected score is ``truth`` Elo's (test_sprt's model)."""

    def logistic(elo):
        return 1 / (1 + 10 ** (-elo / 400))

    low, high = -2000.0, 2000.0
    for _ in range(100):  # the playing strength whose mean score is the truth's
        middle = (low + high) / 2
        mean = (logistic(middle + bias) + logistic(middle - bias)) / 2
        low, high = (middle, high) if elo_of_score(mean) < truth else (low, middle)
    penta = [0.0] * 5
    for sign in (1, -1):
        games = []
        for edge in (sign * bias, -sign * bias):
            expected = logistic(low + edge)
            games.append({1.0: expected - draws / 2, 0.5: draws, 0.0: 1 - expected - draws / 2})
        for a, p in games[0].items():
            for b, q in games[1].items():
                penta[round(2 * (a + b))] += p * q / 2
    return penta


def compositions(total, parts=5):
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in compositions(total - first, parts - 1):
            yield (first, *rest)


def test_independent_games_have_nearly_the_trinomial_interval_and_correlated_ones_narrower():
    # Pairs of independent games (win 0.5, draw 0.2, loss 0.3, each game) spread as the games;
    # pairs won once each way (an opening that decides) spread far less.
    win, draw, loss = 0.5, 0.2, 0.3
    game = {1.0: win, 0.5: draw, 0.0: loss}
    penta = [0.0] * 5
    for a, p in game.items():
        for b, q in game.items():
            penta[round(2 * (a + b))] += p * q * 10_000
    independent = Pentanomial(tuple(round(c) for c in penta)).difference()
    mean = win + draw / 2
    trinomial = Z * math.sqrt((win + draw / 4 - mean**2) / 20_000)
    assert independent.high - independent.low == pytest.approx(
        elo_of_score(mean + trinomial) - elo_of_score(mean - trinomial), rel=0.01
    )
    decided = Pentanomial((500, 0, 9_000, 0, 500)).difference()
    assert decided.high - decided.low < (independent.high - independent.low) / 2


def test_the_pairs_of_a_tournament_are_counted_from_the_first_entrants_side():
    game = ConnectFour()
    players = [searcher_player(alphabeta, depth=2), searcher_player(alphabeta, depth=1)]
    result = tournament(game, players, games=12, seed=4)
    pairs = Pentanomial.of(result)
    assert pairs.pairs == 6
    assert pairs.score == pytest.approx(result.score[0] / 12)
    assert Pentanomial.of(result, 1, 0).counts == pairs.counts[::-1]


def test_a_pair_with_a_game_repeated_or_unfinished_is_left_out():
    game = TicTacToe()
    perfect = searcher_player(alphabeta)
    alike = tournament(game, [perfect, perfect], games=4, openings=None)
    assert Pentanomial.of(alike).counts == (0, 0, 1, 0, 0)  # the second pair repeats the first
    stopped = tournament(game, [perfect, perfect], games=4, max_moves=3)
    assert Pentanomial.of(stopped).pairs == 0


@pytest.mark.parametrize(
    "counts",
    [(1, 2, 3, 4), (1, 2, 3, 4, -5), (1, 2, 3, 4, 5.0), (True, 0, 0, 0, 0), "12345",
     (10**400, 0, 0, 0, 1), (2**53 + 1, 0, 0, 0, 0)],
)  # fmt: skip
def test_counts_that_are_not_five_ints_are_refused(counts):
    with pytest.raises(InvalidSearchOptionError, match="counts must be five ints"):
        Pentanomial(counts)


def test_a_result_without_pairs_or_entrants_is_refused():
    result = tournament(TicTacToe(), [searcher_player(alphabeta)] * 2, games=2, alternate=False,
                        openings=None)  # fmt: skip
    with pytest.raises(InvalidSearchOptionError, match="games came in pairs"):
        Pentanomial.of(result)
    with pytest.raises(InvalidSearchOptionError, match="two of its 2 entrants"):
        Pentanomial.of(tournament(TicTacToe(), [searcher_player(alphabeta)] * 2, games=2), 0, 0)
    with pytest.raises(InvalidSearchOptionError, match="no pair was counted"):
        Pentanomial((0, 0, 0, 0, 0)).difference()
