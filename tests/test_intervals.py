"""Student's t interval of a mean (gamesearch._intervals), as the tournaments report it."""

from __future__ import annotations

import math
import statistics

import pytest

from gamesearch._intervals import _within, mean_interval, t_quantile

# The 97.5% quantiles of Student's t, from the table every statistics textbook prints
# (e.g. Abramowitz and Stegun 1964, table 26.10), to the three decimals it gives.
TABLE = {1: 12.706, 2: 4.303, 3: 3.182, 5: 2.571, 10: 2.228, 30: 2.042, 120: 1.980}


@pytest.mark.parametrize(("freedom", "quantile"), sorted(TABLE.items()))
def test_the_quantiles_are_the_textbook_tables(freedom, quantile):
    assert round(t_quantile(0.975, freedom), 3) == quantile


@pytest.mark.parametrize("freedom", [1, 2, 7, 8, 99, 100, 5001])
def test_the_quantile_leaves_its_probability_in_the_middle(freedom):
    # P(|T| <= t) is 95% at the 97.5% quantile, for odd and even degrees alike.
    assert _within(t_quantile(0.975, freedom), freedom) == pytest.approx(0.95, abs=1e-12)


def test_many_degrees_of_freedom_give_the_normal_quantile():
    normal = statistics.NormalDist().inv_cdf(0.975)
    assert t_quantile(0.975, 100_000) == pytest.approx(normal, rel=1e-4)
    assert t_quantile(0.975, 100_000) > normal


def test_the_interval_is_the_mean_plus_and_minus_t_standard_errors():
    values = [3.0, -1.0, 0.5, 2.0, -2.5]
    mean, low, high = mean_interval(values)
    half = t_quantile(0.975, 4) * statistics.stdev(values) / math.sqrt(5)
    assert mean == statistics.fmean(values)
    assert (low, high) == pytest.approx((mean - half, mean + half))


def test_one_value_has_no_interval_and_none_is_refused():
    assert mean_interval([2.0]) == (2.0, None, None)
    with pytest.raises(statistics.StatisticsError):
        mean_interval([])
