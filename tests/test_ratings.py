"""elo_ratings(): Bradley-Terry maximum likelihood on Elo's scale, with 95% intervals."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import (
    InvalidSearchOptionError,
    UndeterminedRatingsError,
    UnsupportedGameError,
    alphabeta,
    random_player,
    searcher_player,
    tournament,
)
from gamesearch.games import GameTree, TicTacToe
from gamesearch.ratings import ELO_PER_NAT, Duel, duels, elo_ratings

Z = 1.959963984540054
"""The normal distribution's 97.5% quantile."""


def match(wins, draws, losses, first=0, second=1):
    """The duels of a match of ``first`` against ``second`` (``first``'s wins, draws, losses)."""
    return (
        [Duel(first, second, 1.0)] * wins
        + [Duel(first, second, 0.5)] * draws
        + [Duel(first, second, 0.0)] * losses
    )


def elo_of_share(share):
    return 400 * math.log10(share / (1 - share))


def test_two_entrants_are_rated_by_the_log_odds_of_the_score_with_the_binomial_interval():
    # Two entrants: the maximum-likelihood p is the score share, the difference 400 log10 of
    # its odds, and the information n p (1 - p) in natural-log units.
    ratings = elo_ratings(match(7, 2, 3), names=["A", "B"], anchor="B")
    share = 8 / 12
    assert ratings.rating("A").elo == pytest.approx(elo_of_share(share), abs=1e-9)
    spread = Z * ELO_PER_NAT / math.sqrt(12 * share * (1 - share))
    assert ratings.rating("A").low == pytest.approx(elo_of_share(share) - spread, abs=1e-6)
    assert ratings.rating("A").high == pytest.approx(elo_of_share(share) + spread, abs=1e-6)
    b = ratings.rating("B")
    assert (b.elo, b.low, b.high) == (0.0, 0.0, 0.0)  # the anchor is held, not measured
    assert (ratings.rating("A").games, ratings.rating("A").score) == (12, 8.0)


def test_400_points_are_odds_of_ten_to_one():
    ratings = elo_ratings(match(10, 0, 1), anchor=1)
    assert ratings.rating(0).elo == pytest.approx(400.0, abs=1e-9)


def test_a_draw_counts_as_half_a_win():
    assert elo_ratings(match(3, 2, 1)).ratings == elo_ratings(match(4, 0, 2)).ratings


def three_entrants():
    return match(6, 2, 2, 0, 1) + match(3, 1, 6, 1, 2) + match(5, 0, 3, 0, 2)


def test_the_mean_anchor_and_a_named_anchor_differ_by_a_shift_with_the_same_differences():
    by_mean = elo_ratings(three_entrants(), names=["x", "y", "z"])
    by_y = elo_ratings(three_entrants(), names=["x", "y", "z"], anchor="y")
    assert sum(r.elo for r in by_mean.ratings) == pytest.approx(0.0, abs=1e-9)
    assert by_y.anchor == "y"
    assert by_mean.anchor is None
    shift = by_mean.rating("y").elo
    for mean_rating, y_rating in zip(by_mean.ratings, by_y.ratings, strict=True):
        assert mean_rating.elo - shift == pytest.approx(y_rating.elo, abs=1e-9)
    for first, second in (("x", "y"), ("x", "z"), ("z", "y")):
        a, b = by_mean.difference(first, second), by_y.difference(first, second)
        assert (a.elo, a.low, a.high) == pytest.approx((b.elo, b.low, b.high), abs=1e-6)
    # Against the anchor, a difference's interval is the rating's own.
    x_minus_y = by_y.difference("x", "y")
    assert (x_minus_y.low, x_minus_y.high) == pytest.approx(
        (by_y.rating("x").low, by_y.rating("x").high), abs=1e-9
    )


def test_the_maximum_sets_each_entrants_expected_score_to_its_score():
    # The likelihood equations of Bradley-Terry: at the maximum, each entrant's expected
    # score against the fitted ratings equals the score it made (Zermelo 1929).
    duels = three_entrants()
    ratings = elo_ratings(duels)
    for entrant in range(3):
        expected = 0.0
        for duel in duels:
            if entrant in (duel.first, duel.second):
                other = duel.second if entrant == duel.first else duel.first
                gap = ratings.ratings[entrant].elo - ratings.ratings[other].elo
                expected += 1 / (1 + 10 ** (-gap / 400))
        assert expected == pytest.approx(ratings.ratings[entrant].score, abs=1e-9)


def test_a_tournament_is_rated_from_its_finished_games_by_seat():
    game = GameTree({"a": {"x": 1, "y": -1}, "b": 0})
    result = tournament(game, [random_player(seed=1), random_player(seed=2)], games=40, seed=3)
    ratings = elo_ratings(result, names=["one", "two"])
    assert [r.score for r in ratings.ratings] == list(result.score)
    assert [r.games for r in ratings.ratings] == [40, 40]


def test_a_game_of_three_seats_is_refused():
    game = GameTree({"a": (1, 0, 0), "b": (0, 1, 0)}, num_players=3)
    players = [random_player(seed=s) for s in range(3)]
    result = tournament(game, players, games=3)
    with pytest.raises(UnsupportedGameError, match="two players; a game had 3 seats"):
        elo_ratings(result)


def test_names_of_another_number_than_the_tournaments_entrants_are_refused():
    players = [random_player(seed=1), random_player(seed=2)]
    result = tournament(TicTacToe(), players, games=4)
    with pytest.raises(InvalidSearchOptionError, match="3 names for a tournament of 2 entrants"):
        elo_ratings(result, names=["a", "b", "c"])


def test_unfinished_games_are_left_out():
    players = [random_player(seed=1), random_player(seed=2)]
    result = tournament(TicTacToe(), players, games=20, seed=4, max_moves=6)
    finished = sum(record.finished for record in result.records)
    assert 0 < finished < 20
    ratings = elo_ratings(result)
    assert ratings.rating(0).games == finished


@pytest.mark.parametrize(
    ("duels", "message"),
    [
        ([], "no finished game to rate"),
        (match(3, 0, 0), r"1 scored nothing \(no win, no draw\) against 0"),
        (match(0, 0, 4), r"0 scored nothing \(no win, no draw\) against 1"),
        (match(2, 0, 1) + match(4, 0, 0, 1, 2), "2 scored nothing .* against 0, 1"),
        (match(2, 1, 1) + match(1, 1, 1, 2, 3), r"no games link .*: \{0, 1\}; \{2, 3\}"),
    ],
)
def test_games_without_a_finite_maximum_are_refused_naming_the_entrants(duels, message):
    with pytest.raises(UndeterminedRatingsError, match=message):
        elo_ratings(duels)


def test_prior_draws_make_a_clean_sweep_finite_as_virtual_draws_would():
    # Five wins and no loss have no finite maximum; with two virtual draws the score share is
    # (5 + 1) / 7, and the games and score shown stay the real ones.
    ratings = elo_ratings(match(5, 0, 0), anchor=1, prior_draws=2)
    assert ratings.rating(0).elo == pytest.approx(elo_of_share(6 / 7), abs=1e-9)
    spread = Z * ELO_PER_NAT / math.sqrt(7 * (6 / 7) * (1 / 7))
    assert ratings.rating(0).high - ratings.rating(0).elo == pytest.approx(spread, abs=1e-6)
    assert (ratings.rating(0).games, ratings.rating(0).score) == (5, 5.0)
    with_prior = elo_ratings(match(3, 1, 2), prior_draws=3)
    with_draws = elo_ratings(match(3, 4, 2))
    for virtual, real in zip(with_prior.ratings, with_draws.ratings, strict=True):
        assert (virtual.elo, virtual.low, virtual.high) == pytest.approx(
            (real.elo, real.low, real.high), abs=1e-9
        )


def test_prior_draws_do_not_link_entrants_that_never_met():
    with pytest.raises(UndeterminedRatingsError, match="no games link"):
        elo_ratings(match(2, 0, 0) + match(1, 0, 0, 2, 3), prior_draws=1)


def test_an_entrant_without_a_game_is_refused():
    message = "1 of the 3 entrants played no finished game, .*: .c."
    with pytest.raises(UndeterminedRatingsError, match=message):
        elo_ratings(match(2, 1, 1), names=["0", "1", "c"])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"anchor": "C"}, r"no entrant 'C': the entrants are A, B \(or their numbers 0 to 1\)"),
        ({"anchor": 2}, "no entrant 2"),
        ({"anchor": True}, "no entrant True"),
        ({"names": ["A"]}, r"Duel\(first=0, second=1, score=1.0\) is not .* below 1"),
        ({"names": ["A", "A"]}, "the names repeat"),
        ({"names": "AB"}, "names must be a sequence of str"),
        ({"prior_draws": -1}, "prior_draws must be a finite number >= 0"),
        ({"prior_draws": math.inf}, "prior_draws must be"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(InvalidSearchOptionError, match=message):
        elo_ratings(match(2, 1, 1), **({"names": ["A", "B"]} | options))


@pytest.mark.parametrize(
    "duel",
    [
        Duel(0, 0, 1.0),
        Duel(0, 1, 1.5),
        Duel(-1, 1, 1.0),
        Duel(0, 1, math.nan),
        Duel(0, 1, True),
        "0 beat 1",
    ],
)
def test_a_duel_that_is_not_two_entrants_and_a_score_is_refused(duel):
    with pytest.raises(InvalidSearchOptionError, match="elo_ratings: "):
        elo_ratings([*match(1, 1, 1), duel])


def test_the_table_is_sorted_by_rating_and_shows_intervals_games_and_score():
    ratings = elo_ratings(three_entrants(), names=["x", "y", "z"], anchor="z")
    lines = str(ratings).splitlines()
    assert lines[0].split() == ["rank", "entrant", "Elo", "95%", "interval", "games", "score"]
    ranked = sorted(ratings.ratings, key=lambda r: -r.elo)
    for rank, (line, rating) in enumerate(zip(lines[1:4], ranked, strict=True), 1):
        assert line.split() == [str(rank), rating.name, f"{rating.elo:+.1f}", f"{rating.low:+.1f}",
                                "..", f"{rating.high:+.1f}", str(rating.games),
                                f"{rating.score:g}"]  # fmt: skip
    assert lines[4] == "Elo: Bradley-Terry, a draw half a win; z at 0"


def test_the_picture_draws_each_rating_and_its_interval_highest_first():
    ratings = elo_ratings(three_entrants(), names=["x<1>", "y", "z"])
    svg = ET.fromstring(ratings.to_svg(title="three & more"))
    ns = "{http://www.w3.org/2000/svg}"
    dots = svg.findall(f"{ns}circle")
    assert len(dots) == 3
    heights = [float(dot.get("cy")) for dot in dots]
    assert heights == sorted(heights)  # drawn top to bottom, highest rating first
    across = [float(dot.get("cx")) for dot in dots]
    assert across == sorted(across, reverse=True)
    texts = [t.text for t in svg.findall(f"{ns}text")]
    assert "three & more" in texts
    assert "x<1>" in texts


@pytest.mark.slow  # importing scipy takes seconds
def test_the_fit_agrees_with_choix_to_1e6_in_log_strength():
    choix = pytest.importorskip(
        "choix", reason="choix is not installed (pip install gamesearch[ratings-check])"
    )
    rng = random.Random(40)
    duels = [Duel(*rng.sample(range(5), 2), rng.choice((0.0, 0.5, 1.0))) for _ in range(120)]
    # choix counts wins: a win is two wins of the pair, a draw one each way (half a win).
    data = []
    for duel in duels:
        win, loss = (duel.first, duel.second), (duel.second, duel.first)
        data += {1.0: [win, win], 0.5: [win, loss], 0.0: [loss, loss]}[duel.score]
    theirs = choix.opt_pairwise(5, data, alpha=0.0, method="Newton-CG", tol=1e-12)
    ours = [r.elo / ELO_PER_NAT for r in elo_ratings(duels).ratings]
    for i in range(5):
        for j in range(5):
            assert ours[i] - ours[j] == pytest.approx(theirs[i] - theirs[j], abs=1e-6)


SCORES = st.sampled_from((0.0, 0.5, 1.0))


@st.composite
def rated_duels(draw):
    """Duels among 2 to 5 entrants that a draw between neighbours links: always ratable."""
    count = draw(st.integers(2, 5))
    # The second entrant as the first plus an offset: never the first, with no filter.
    entrant, offset = st.integers(0, count - 1), st.integers(1, count - 1)
    extra = draw(st.lists(st.tuples(entrant, offset, SCORES), max_size=20))
    duels = [Duel(i, i + 1, 0.5) for i in range(count - 1)]
    duels += [Duel(first, (first + step) % count, score) for first, step, score in extra]
    return count, duels


@given(rated_duels(), st.data())
def test_ratings_do_not_depend_on_the_entrants_numbers_or_the_order_of_the_games(drawn, data):
    count, duels = drawn
    relabel = data.draw(st.permutations(range(count)))
    order = data.draw(st.permutations(range(len(duels))))
    moved = [Duel(relabel[duels[k].first], relabel[duels[k].second], duels[k].score)
             for k in order]  # fmt: skip
    before, after = elo_ratings(duels), elo_ratings(moved, names=[str(i) for i in range(count)])
    for entrant in range(count):
        mine, theirs = before.ratings[entrant], after.ratings[relabel[entrant]]
        assert (theirs.elo, theirs.low, theirs.high) == pytest.approx(
            (mine.elo, mine.low, mine.high), abs=1e-6
        )


@given(rated_duels())
def test_games_mirrored_by_their_reverse_rate_everyone_at_0(drawn):
    _, duels = drawn
    mirrored = duels + [Duel(d.first, d.second, 1 - d.score) for d in duels]
    for rating in elo_ratings(mirrored).ratings:
        assert rating.elo == pytest.approx(0.0, abs=1e-7)
        assert rating.low < 0 < rating.high


def simulated_round_robin(truth, games_per_pair, rng):
    """A round robin whose results are drawn from the Bradley-Terry model with ``truth``."""
    duels = []
    for i in range(len(truth)):
        for j in range(i + 1, len(truth)):
            p = 1 / (1 + 10 ** ((truth[j] - truth[i]) / 400))
            duels += [Duel(i, j, float(rng.random() < p)) for _ in range(games_per_pair)]
    return duels


@pytest.mark.slow
def test_the_95_percent_intervals_cover_the_true_ratings_in_at_least_90_percent_of_200_runs():
    truth = [-150.0, -50.0, 0.0, 200.0]  # their mean is 0, as the mean anchor's
    rng = random.Random(2026)
    covered = dict.fromkeys(range(4), 0)
    gap_covered = 0
    for _ in range(200):
        ratings = elo_ratings(simulated_round_robin(truth, 24, rng))
        for entrant, rating in enumerate(ratings.ratings):
            covered[entrant] += rating.low <= truth[entrant] <= rating.high
        gap = ratings.difference(3, 0)
        gap_covered += gap.low <= truth[3] - truth[0] <= gap.high
    assert all(count >= 180 for count in covered.values()), covered
    assert gap_covered >= 180, gap_covered


# Numbers at the edges (issue 45): scores near nothing, priors near nothing, many entrants.


def fisher_spread(share, games):
    """The 95% half-width, in Elo, of two entrants' difference: 1.96 / sqrt(n p q)."""
    return Z * ELO_PER_NAT / math.sqrt(games * share * (1 - share))


@pytest.mark.parametrize("anchor", [None, 0, 1])
def test_a_score_of_1e_16_is_rated_at_its_maximum_with_its_wide_interval(anchor):
    # Two games, 1e-16 points for entrant 0: the maximum is at the share 5e-17, whose win
    # probability for entrant 1 rounds to 1 (its complement must be worked out on its own).
    ratings = elo_ratings([Duel(0, 1, 1e-16), Duel(0, 1, 0.0)], anchor=anchor)
    share = 1e-16 / 2
    gap = ratings.difference(1, 0)
    assert gap.elo == pytest.approx(-elo_of_share(share), rel=1e-9)
    assert gap.high - gap.elo == pytest.approx(fisher_spread(share, 2), rel=1e-6)
    assert gap.low < gap.elo < gap.high


def test_a_table_writes_a_number_past_a_million_elo_in_three_digits():
    ratings = elo_ratings([Duel(0, 1, 1e-16), Duel(0, 1, 0.0)], anchor=1)
    row = ratings.table().splitlines()[2].split()
    assert row[:3] == ["2", "0", "-6520.4"]
    assert row[3:6] == ["-3.4e+10", "..", "+3.4e+10"]


def test_a_prior_of_1e_300_draws_is_the_maximum_of_its_virtual_games():
    ratings = elo_ratings(match(3, 0, 0), anchor=1, prior_draws=1e-300)
    half = 1e-300 / 2
    share = (3 + half) / (3 + 2 * half)
    expected = 400 * (math.log10(3 + half) - math.log10(half))  # share's log-odds, unrounded
    assert ratings.rating(0).elo == pytest.approx(expected, rel=1e-9)
    assert share == 1.0  # ... which the share itself cannot tell from a sure win


@pytest.mark.parametrize("prior", [5e-324])
def test_a_prior_too_small_to_count_is_refused_as_too_small_not_as_nothing_scored(prior):
    with pytest.raises(InvalidSearchOptionError, match="too small to count: half a virtual draw"):
        elo_ratings(match(3, 0, 0), prior_draws=prior)


@pytest.mark.parametrize(
    ("duels", "prior"), [(match(3, 0, 0), 1e-307), ([Duel(0, 1, 5e-324)] * 3, 0.0)]
)
def test_ratings_further_apart_than_floating_point_follows_are_refused(duels, prior):
    with pytest.raises(UndeterminedRatingsError, match="no ratings in floating point"):
        elo_ratings(duels, prior_draws=prior)


@pytest.mark.parametrize("k", [20, 29, 30, 35, 41, 42, 58, 85, 86, 150, 199, 200, 250, 300, 303])
def test_one_game_scored_ten_to_the_minus_k_is_rated_at_its_log_odds(k):
    # Walk adv45 (r9): 1e-30..1e-41, 1e-58..1e-85 and 1e-200 were refused, in bands between
    # accepted ones: the line search overshot past the maximum, to where p q is tiny and the
    # next Newton step astronomically long. Every k up to 303 lies within 700 nats.
    score = 10.0**-k
    ratings = elo_ratings([Duel(0, 1, score)])
    gap = ratings.difference(1, 0)
    assert gap.elo == pytest.approx(-elo_of_share(score), rel=1e-9)
    assert ratings.rating(1).elo == pytest.approx(-ratings.rating(0).elo, rel=1e-9)
    assert gap.high - gap.elo == pytest.approx(fisher_spread(score, 1), rel=1e-6)


@pytest.mark.parametrize("k", [304, 305, 307])
def test_one_game_scored_below_1e_303_is_refused_as_past_floating_point(k):
    # From 1e-304 the variance 1 / (p q), in Elo squared, overflows; from 1e-305 the gap itself
    # passes 700 nats (the widest a fit follows): one refusal, in the same words.
    with pytest.raises(UndeterminedRatingsError, match="no ratings in floating point"):
        elo_ratings([Duel(0, 1, 10.0**-k)])


def test_single_games_scored_ten_to_the_minus_k_are_rated_up_to_a_bound_and_refused_past_it():
    rated = [k for k in range(1, 320) if _rated(10.0**-k)]
    assert rated == list(range(1, 304))  # no band refused between accepted ones


def _rated(score):
    """Whether one game scored ``score`` is rated (else refused as past floating point)."""
    try:
        elo_ratings([Duel(0, 1, score)])
    except UndeterminedRatingsError:
        return False
    return True


def test_entrants_without_a_game_are_found_before_anything_is_made_for_every_entrant():
    # 100,001 entrants by their numbers, two of whom played: no matrix of 10^10 entries.
    with pytest.raises(UndeterminedRatingsError, match="99,999 of the 100,001 entrants played no"):
        elo_ratings([Duel(0, 100_000, 1.0), Duel(0, 100_000, 0.0)])


def test_a_number_of_400_digits_is_written_short():
    with pytest.raises(UndeterminedRatingsError) as raised:
        elo_ratings([Duel(0, 10**400, 0.5)])
    assert "1.000e+400 (an int of 401 digits)" in str(raised.value)
    assert len(str(raised.value)) < 300
    with pytest.raises(InvalidSearchOptionError) as refused:
        elo_ratings([Duel(0, 1, 0.5)], anchor=10**5000)  # past Python's 4,300 digits
    assert "1.000e+5000" in str(refused.value)


def test_more_entrants_than_it_rates_are_refused_with_the_reason():
    count = 1_001
    ring = [Duel(i, (i + 1) % count, 0.5) for i in range(count)]
    message = r"1,001 entrants, more than the 1,000 it rates: .*O\(n\^3\)"
    with pytest.raises(InvalidSearchOptionError, match=message):
        elo_ratings(ring)


@pytest.mark.parametrize("prior", [math.nan, -math.inf, True, "1", 10**400])
def test_a_prior_that_is_not_a_finite_number_is_refused(prior):
    with pytest.raises(InvalidSearchOptionError, match="prior_draws must be a finite number"):
        elo_ratings(match(1, 1, 1), prior_draws=prior)


def sparse_tournament(count, rng):
    """Each entrant meets its neighbour on a ring and one other at random, six games each."""
    truth = [rng.gauss(0, 200) for _ in range(count)]
    duels = []
    for i in range(count):
        for j in sorted({(i + 1) % count, rng.randrange(count)} - {i}):
            p = 1 / (1 + 10 ** ((truth[j] - truth[i]) / 400))
            duels += [Duel(i, j, float(rng.random() < p)) for _ in range(6)]
    return duels


def expected_minus_made(ratings, duels, prior_draws):
    """Per entrant: its expected score against the fitted ratings less the score it made.

    Every pair that met counts ``prior_draws`` virtual draws as well.
    """
    gaps = [0.0] * len(ratings.ratings)

    def add(first, second, score, weight):
        gap = ratings.ratings[first].elo - ratings.ratings[second].elo
        expected = 1 / (1 + 10 ** (-gap / 400))
        gaps[first] += weight * (expected - score)
        gaps[second] -= weight * (expected - score)

    for duel in duels:
        add(duel.first, duel.second, duel.score, 1.0)
    for first, second in {(min(d.first, d.second), max(d.first, d.second)) for d in duels}:
        add(first, second, 0.5, prior_draws)
    return gaps


def test_a_sparse_tournament_meets_the_likelihood_equations():
    duels = sparse_tournament(40, random.Random(45))
    ratings = elo_ratings(duels, prior_draws=0.5)
    assert max(map(abs, expected_minus_made(ratings, duels, 0.5))) < 1e-7
    assert all(r.low < r.elo < r.high for r in ratings.ratings)


@pytest.mark.slow
def test_a_sparse_tournament_of_400_entrants_is_rated_in_seconds_not_minutes():
    # Issue 45's case: 200 Newton steps of a dense factorisation took minutes; now the steps
    # are sparse and one dense inverse is left (a few seconds; no timed assertion here).
    duels = sparse_tournament(400, random.Random(400))
    ratings = elo_ratings(duels, prior_draws=0.5)
    assert max(map(abs, expected_minus_made(ratings, duels, 0.5))) < 1e-7
    assert all(r.low < r.elo < r.high for r in ratings.ratings)


# Pairs of games (issue 48): one opening, the seats swapped, one sample.


def paired(pair_points):
    """Duels of entrant 0 against 1, a pair of games per entry of its two scores."""
    duels = []
    for number, (first, second) in enumerate(pair_points):
        duels += [Duel(0, 1, first, number), Duel(1, 0, 1 - second, number)]
    return duels


def test_two_entrants_in_pairs_have_the_pentanomial_interval_of_their_score():
    rng = random.Random(7)
    points = [(rng.choice((0.0, 0.5, 1.0)), rng.choice((0.0, 1.0))) for _ in range(60)]
    ratings = elo_ratings(paired(points), anchor=1)
    share = sum(a + b for a, b in points) / 120
    pair_means = [(a + b) / 2 for a, b in points]
    variance = sum((m - share) ** 2 for m in pair_means) / 60  # a pair's, about the mean
    # Delta method: the log-odds' variance is the score's over (p q)^2, times 60 / 59 (the
    # sandwich's small-sample factor), plus two pairs' worth of the independent games' (the
    # prior): 2 / 60 of 1 / (120 p q).
    pq = share * (1 - share)
    log_odds = 60 / 59 * variance / 60 / pq**2 + 2 / 60 / (120 * pq)
    spread = Z * ELO_PER_NAT * math.sqrt(log_odds)
    rating = ratings.rating(0)
    assert rating.elo == pytest.approx(elo_of_share(share), abs=1e-9)
    assert rating.high - rating.elo == pytest.approx(spread, rel=1e-9)
    assert ratings.pairs == 60


def test_pairs_each_won_once_each_way_are_narrower_than_independent_games_never_0_wide():
    points = [(1.0, 0.0)] * 10  # the first player wins every game
    paired_ratings = elo_ratings(paired(points), anchor=1)
    plain = elo_ratings([Duel(d.first, d.second, d.score) for d in paired(points)], anchor=1)
    a, b = paired_ratings.rating(0), plain.rating(0)
    assert a.elo == b.elo == pytest.approx(0.0, abs=1e-9)
    # The pairs show no spread: only the prior's two pairs' worth of independent games remain.
    assert a.high - a.elo == pytest.approx((b.high - b.elo) * math.sqrt(2 / 10))


def test_self_play_in_a_few_pairs_is_not_certain_of_a_difference_of_0():
    # The user walk's "+0 (-0..+0)": five pairs of a player against its copy, each split.
    gap = elo_ratings(paired([(1.0, 0.0)] * 5), anchor=1).difference(0, 1)
    assert gap.elo == pytest.approx(0.0, abs=1e-9)
    assert gap.high > 100
    assert gap.low < -100


def test_few_pairs_widen_the_sandwich_by_its_small_sample_factor():
    rng = random.Random(11)
    points = [(rng.choice((0.0, 0.5, 1.0)), rng.choice((0.0, 1.0))) for _ in range(4)]
    points += [(1.0, 0.0), (0.0, 1.0)]  # both entrants win a game: the fit is finite
    wide = elo_ratings(paired(points), anchor=1).rating(0)
    plain = elo_ratings([Duel(d.first, d.second, d.score) for d in paired(points)], anchor=1)
    # Six pairs: the pairs' variance is scaled by 6 / 5 and two pairs' worth of the plain
    # games' variance is added, so the interval cannot be much narrower than the games'.
    assert wide.high - wide.elo > (plain.rating(0).high - plain.rating(0).elo) * math.sqrt(2 / 6)


def test_a_game_of_no_pair_is_a_sample_of_its_own_beside_the_pairs():
    duels = [*paired([(1.0, 0.5)] * 5), Duel(0, 1, 0.0), Duel(0, 1, 1.0)]
    ratings = elo_ratings(duels)
    assert ratings.pairs == 5
    assert ratings.rating(0).games == 12


@pytest.mark.parametrize(
    ("duel", "message"),
    [
        (Duel(0, 2, 1.0, 0), "the pair 0 holds games of more than two entrants"),
        (Duel(0, 1, 1.0, True), "a pair that is an int or None"),
        (Duel(0, 1, 1.0, "0"), "a pair that is an int or None"),
    ],
)
def test_a_pair_that_is_not_two_entrants_games_is_refused(duel, message):
    with pytest.raises(InvalidSearchOptionError, match=message):
        elo_ratings([*paired([(1.0, 0.5), (0.5, 0.5)]), Duel(1, 2, 0.5), duel])


def test_the_table_and_the_picture_say_the_intervals_came_from_pairs():
    ratings = elo_ratings(paired([(1.0, 0.5), (0.5, 0.0), (1.0, 1.0)]), names=["A", "B"])
    assert ratings.table().endswith("the mean at 0; intervals from 3 pairs of games")
    assert "Elo, the mean at 0 (95% interval, from 3 pairs)" in ratings.to_svg()


def test_a_tournaments_duels_carry_their_pairs_and_leave_its_repeats_out():
    perfect = searcher_player(alphabeta)
    result = tournament(TicTacToe(), [perfect, perfect], games=6, openings=None)
    found = duels(result)
    assert [duel.pair for duel in found] == [0, 0]  # the four repeats left out


def test_the_picture_says_which_rating_is_0():
    duels = [Duel(0, 1, 1.0), Duel(0, 1, 0.0), Duel(0, 1, 1.0)]
    assert "Elo, the mean at 0 (95% interval)" in elo_ratings(duels).to_svg()
    anchored = elo_ratings(duels, names=["A", "B"], anchor="B")
    assert "Elo, B at 0 (95% interval)" in anchored.to_svg()
    paired_one = elo_ratings([Duel(0, 1, 1.0, 0), Duel(1, 0, 1.0, 0), Duel(0, 1, 0.5)])
    assert "from 1 pair)" in paired_one.to_svg()
    assert "intervals from 1 pair of games" in paired_one.table()


@pytest.mark.parametrize("name", ["\x00nul", "esc\x1b[31m", "ff\x0c", "\ufffe", "tab\tok"])
def test_a_name_with_control_characters_still_gives_a_well_formed_picture(name):
    games = [Duel(0, 1, 1.0), Duel(1, 0, 0.5), Duel(0, 1, 0.0)]
    svg = elo_ratings(games, names=[name, "B"]).to_svg(title="t\x07")
    drawn = [text.text for text in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]
    kept = "".join(c if c == "\t" or (c >= " " and c != "\ufffe") else "\ufffd" for c in name)
    assert kept in drawn
    assert "t\ufffd" in drawn
