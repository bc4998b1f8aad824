"""Pentanomial: the counts of pairs of games, and the Elo interval of the pairs' variance."""

from __future__ import annotations

import math

import pytest

from gamesearch import InvalidSearchOptionError, Pentanomial, alphabeta, searcher_player, tournament
from gamesearch.games import ConnectFour, TicTacToe
from gamesearch.pentanomial import elo_of_score

Z = 1.959963984540054


def test_the_score_is_the_mean_points_a_game_of_the_pairs():
    pairs = Pentanomial((1, 2, 10, 5, 2))
    assert pairs.pairs == 20
    assert pairs.score == pytest.approx((2 * 0.5 + 10 * 1 + 5 * 1.5 + 2 * 2) / 40)
    assert str(pairs) == "Ptnml(0-2): 1, 2, 10, 5, 2"


def test_the_interval_is_the_pairs_variance_of_the_mean_score():
    pairs = Pentanomial((3, 6, 20, 9, 2))
    values = [k / 4 for k in range(5)]  # a pair's mean score a game
    mean = sum(c * v for c, v in zip(pairs.counts, values, strict=True)) / 40
    variance = sum(c * (v - mean) ** 2 for c, v in zip(pairs.counts, values, strict=True)) / 40
    spread = Z * math.sqrt(variance / 40)
    gap = pairs.difference("A", "B")
    assert (gap.first, gap.second) == ("A", "B")
    assert gap.elo == pytest.approx(elo_of_score(mean))
    assert (gap.low, gap.high) == pytest.approx(
        (elo_of_score(mean - spread), elo_of_score(mean + spread))
    )


def test_pairs_that_all_scored_alike_have_a_narrow_interval_never_one_of_width_0():
    gap = Pentanomial((0, 0, 5, 0, 0)).difference()
    assert gap.elo == 0.0
    assert 0 < gap.high < 15  # fishtest's regularisation: a thousandth of a pair where none was


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
