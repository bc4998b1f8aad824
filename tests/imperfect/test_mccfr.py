"""Monte Carlo CFR: exploitability falls with iterations, seeds repeat, bad games are refused."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from test_best_response import PerfectInformation
from test_cfr import Forgetful, NeverDealt, Nobody, Repeated, Stuck, Uncertain

from gamesearch import Limit, minimax
from gamesearch.errors import (
    GameProtocolError,
    InvalidDistributionError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    NotAGameError,
    SearchTooDeepError,
    UnsupportedGameError,
)
from gamesearch.games import GameTree
from gamesearch.imperfect import (
    KuhnPoker,
    LeducPoker,
    LiarsDice,
    MCCFRResult,
    MCCFRSolver,
    exploitability,
    mccfr,
)


def regret_bound(utility_range, infosets, actions, iterations, p=0.05):
    """A bound on NashConv that shrinks as 1 / sqrt(T).

    Lanctot et al. (2009), theorem 3 (external sampling), two players: with probability at
    least 1 - p, each player's average regret is at most
    (1 + sqrt(2 / p)) * range * |I| * sqrt(|A|) / sqrt(T), and NashConv at most their sum.
    """
    per_player = (1 + math.sqrt(2 / p)) * utility_range * infosets * math.sqrt(actions)
    return 2 * per_player / math.sqrt(iterations)


EXTERNAL, OUTCOME = (10, 100, 1000), (30, 300, 3000)
"""Checkpoints: outcome sampling's iterations are cheaper, and noisier."""


@pytest.mark.parametrize(
    ("game", "scheme", "infosets", "actions", "utility_range", "final"),
    [
        (KuhnPoker(), "external", 6, 2, 4.0, 0.06),
        (KuhnPoker(), "outcome", 6, 2, 4.0, 0.15),
        (LiarsDice(dice_sides=3), "external", 3 * 2**5, 7, 2.0, 0.1),
        (LiarsDice(dice_sides=3), "outcome", 3 * 2**5, 7, 2.0, 0.4),
    ],
    ids=["kuhn-external", "kuhn-outcome", "dice3-external", "dice3-outcome"],
)
@pytest.mark.slow
def test_exploitability_falls_with_iterations_below_the_bound(
    game, scheme, infosets, actions, utility_range, final
):
    solver = MCCFRSolver(game, scheme=scheme, rng=2009)
    previous = math.inf
    for iterations in EXTERNAL if scheme == "external" else OUTCOME:
        solver.iterate(iterations - solver.iterations)
        result = solver.result()
        assert 0 <= result.nash_conv <= regret_bound(utility_range, infosets, actions, iterations)
        assert result.exploitability < previous
        previous = result.exploitability
    assert previous < final  # near an equilibrium (Kuhn's range is 4 chips, Liar's Dice's 2)


@pytest.mark.slow
@pytest.mark.parametrize("scheme", ["external", "outcome"])
def test_leduc_exploitability_falls_with_iterations(scheme):
    solver = MCCFRSolver(LeducPoker(), scheme=scheme, rng=2009)
    curve = []
    for iterations in (100, 1000, 4000):
        solver.iterate(iterations - solver.iterations)
        curve.append(solver.result().exploitability)
    assert curve == sorted(curve, reverse=True)
    assert curve[-1] < (0.6 if scheme == "external" else 1.8)


@pytest.mark.slow
def test_six_sided_liars_dice_external_sampling_falls_with_iterations():
    solver = MCCFRSolver(LiarsDice(), rng=5)
    curve = []
    for iterations in (100, 1000):
        solver.iterate(iterations - solver.iterations)
        curve.append(solver.result().exploitability)
    assert curve[1] < curve[0]
    assert curve[1] < 0.5


def test_a_seed_gives_the_same_run_and_another_seed_another():
    first = mccfr(KuhnPoker(), iterations=50, rng=3)
    again = mccfr(KuhnPoker(), iterations=50, rng=random.Random(3))
    other = mccfr(KuhnPoker(), iterations=50, rng=4)
    assert first.strategy == again.strategy
    assert first.exploitability == again.exploitability
    assert first.strategy != other.strategy


def test_the_measured_strategy_is_the_one_the_library_measures():
    result = mccfr(LiarsDice(dice_sides=3), iterations=30, rng=1, scheme="outcome")
    # Measured, the strategy covers every information set (uniform where never sampled).
    assert len(result.strategy) == 3 * 2**6
    assert result.infosets <= len(result.strategy)
    assert exploitability(LiarsDice(dice_sides=3), result.strategy) == pytest.approx(
        result.exploitability, abs=1e-12
    )
    assert math.fsum(result.values) == pytest.approx(0.0, abs=1e-12)


def test_unmeasured_results_hold_the_sets_met_and_no_figures():
    result = mccfr(KuhnPoker(), iterations=5, rng=1, measure=False)
    assert (result.values, result.nash_conv, result.exploitability) == (None, None, None)
    assert len(result.strategy) == result.infosets <= 12
    for probabilities in result.strategy.values():
        assert math.fsum(probabilities.values()) == pytest.approx(1.0)


def test_the_result_is_frozen_and_read_only():
    result = mccfr(KuhnPoker(), iterations=5, rng=1)
    assert isinstance(result, MCCFRResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.iterations = 0
    with pytest.raises(TypeError):
        result.strategy["0"] = {0: 1.0}
    assert result.scheme == "external"
    assert result.iterations == 5


def test_a_time_limit_stops_the_iterations():
    result = mccfr(KuhnPoker(), time_limit=0.05, rng=1, measure=False)
    assert result.iterations >= 1
    capped = mccfr(KuhnPoker(), time_limit=60.0, iterations=5, rng=1)
    assert capped.iterations == 5


@pytest.mark.parametrize("scheme", ["external", "outcome"])
def test_a_time_limit_too_short_to_read_still_runs_one_iteration(scheme):
    # The clock is read after each iteration: 1e-300 s adds nothing to it, yet one runs.
    result = mccfr(KuhnPoker(), limit=Limit(time_limit=1e-300), scheme=scheme, rng=1, measure=False)
    assert result.iterations == 1


@pytest.mark.parametrize("scheme", ["external", "outcome"])
def test_a_set_only_an_outcome_of_probability_0_reaches_is_measured_uniform(scheme):
    result = mccfr(NeverDealt(), iterations=50, scheme=scheme, rng=1)
    assert result.infosets == 1  # the sampling never deals the joker
    assert dict(result.strategy["joker"]) == {"bet": 0.5, "fold": 0.5}
    assert result.strategy["ace"]["bet"] > 0.9


@pytest.mark.parametrize("scheme", ["external", "outcome"])
def test_on_a_perfect_information_game_mccfr_finds_the_minimax_value(scheme):
    # AIMA figure 5.2: minimax value 3.
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    result = mccfr(PerfectInformation(tree), iterations=2000, scheme=scheme, rng=1)
    assert result.values[0] == pytest.approx(minimax(tree).value, abs=0.1)


def test_three_player_kuhn_runs_and_its_values_sum_to_zero():
    for scheme in ("external", "outcome"):
        result = mccfr(KuhnPoker(players=3), iterations=20, scheme=scheme, rng=1)
        assert math.fsum(result.values) == pytest.approx(0.0, abs=1e-12)
        assert result.exploitability == pytest.approx(result.nash_conv / 3)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "needs a limit, or it would run for ever: pass time_limit=SECONDS or iterations=N"),
        ({"iterations": 0}, "iterations must be an int >= 1"),
        ({"time_limit": math.nan}, "time_limit must be a finite number"),
        ({"iterations": 1, "scheme": "chance"}, "scheme must be 'external' or 'outcome'"),
        ({"iterations": 1, "rng": "seed"}, "rng must be an int seed"),
        ({"iterations": 1, "epsilon": 0.0}, "epsilon must be a number > 0"),
        ({"iterations": 1, "epsilon": math.nan}, "epsilon must be a number > 0"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(InvalidSearchOptionError, match=message):
        mccfr(KuhnPoker(), **options)


def test_a_game_without_information_sets_is_refused():
    with pytest.raises(NotAGameError, match="no information_set"):
        mccfr(GameTree([1, 2]), iterations=1)


def test_measuring_a_game_without_perfect_recall_is_refused():
    assert mccfr(Forgetful(), iterations=3, rng=1, measure=False).iterations == 3
    with pytest.raises(UnsupportedGameError, match="needs perfect recall"):
        mccfr(Forgetful(), iterations=1, rng=1)


class Unhashable(Forgetful):
    def information_set(self, state, player):
        return [len(state)]


class TwoActionLists(Forgetful):
    """Player 0 cannot tell its two turns apart, but has other actions at the second."""

    def actions(self, state):
        return () if len(state) == 2 else (("a", "b") if not state else ("a", "b", "c"))

    def information_set(self, state, player):
        return "same"


class SharedKey(Forgetful):
    def to_move(self, state):
        return len(state)

    def information_set(self, state, player):
        return "same"


class NaNUtility(Forgetful):
    def utility(self, state, player):
        return math.nan


class Endless(Forgetful):
    def is_terminal(self, state):
        return False

    def actions(self, state):
        return ("a",)

    def information_set(self, state, player):
        return len(state)


@pytest.mark.parametrize("scheme", ["external", "outcome"])
@pytest.mark.parametrize(
    ("game", "error", "message"),
    [
        (Stuck(), GameProtocolError, "is not terminal but has no actions"),
        (Nobody(), GameProtocolError, r"to_move\(\(\)\) returned 7"),
        (Uncertain(), InvalidDistributionError, r"sum to 1\.1"),
        (Unhashable(), GameProtocolError, "cannot be hashed"),
        (TwoActionLists(), GameProtocolError, "have different actions"),
        (Repeated(), GameProtocolError, r"information set \(\) lists the action 'a' twice"),
        (SharedKey(), GameProtocolError, "keys of different players"),
        (NaNUtility(), InvalidUtilityError, "NaN"),
        (Endless(), SearchTooDeepError, "recursion limit"),
    ],
)
def test_a_game_that_breaks_the_protocol_is_refused(scheme, game, error, message):
    with pytest.raises(error, match=message):
        mccfr(game, iterations=1, scheme=scheme, rng=1, measure=False)
