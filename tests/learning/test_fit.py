"""fit_to_solution, fit_to_values and move_agreement on games small enough to check by hand."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pytest

from gamesearch import GameProtocolError, InvalidSearchOptionError, alphabeta
from gamesearch.games import ConnectFour, Pig, TicTacToe
from gamesearch.games.pig import PigState
from gamesearch.learning import fit_to_solution, fit_to_values, move_agreement
from gamesearch.solving import solve


@dataclass(frozen=True)
class Pile:
    sticks: int
    player: int


class TakeAway:
    """Take 1 to 3 sticks; whoever takes the last one wins. Lost with a multiple of 4 to move."""

    num_players = 2

    def __init__(self, sticks: int = 21) -> None:
        self.sticks = sticks

    def initial_state(self) -> Pile:
        return Pile(self.sticks, 0)

    def to_move(self, state: Pile) -> int:
        return state.player

    def actions(self, state: Pile) -> list[int]:
        return [take for take in (1, 2, 3) if take <= state.sticks]

    def result(self, state: Pile, action: int) -> Pile:
        return Pile(state.sticks - action, 1 - state.player)

    def is_terminal(self, state: Pile) -> bool:
        return state.sticks == 0

    def utility(self, state: Pile, player: int) -> float:
        if not self.is_terminal(state):
            raise GameProtocolError("not over")
        return 1.0 if player != state.player else -1.0

    def features(self, state: Pile, player: int) -> tuple[float, ...]:
        """Whose turn (+1 ``player``'s), sticks over 21, and the turn again at a multiple of 4."""
        turn = 1.0 if state.player == player else -1.0
        return (turn, state.sticks / 21, turn if state.sticks % 4 == 0 else 0.0)


class Blind(TakeAway):
    """Features that say nothing: a fit can only give the mean value."""

    def features(self, state: Pile, player: int) -> tuple[float, ...]:
        return (0.0,)


def test_the_fit_finds_the_exact_linear_values_of_take_away() -> None:
    # The mover's value is +1 unless a multiple of 4 is left: turn - 2 * (third feature).
    game = TakeAway()
    report = fit_to_solution(game, solve(game), squash=False, ridge=1e-9, held_back=0.25)
    assert report.evaluation.weights == pytest.approx((1.0, 0.0, -2.0), abs=1e-6)
    assert report.evaluation.bias == pytest.approx(0.0, abs=1e-6)
    assert report.training_error == pytest.approx(0.0, abs=1e-6)
    assert report.held_back_error == pytest.approx(0.0, abs=1e-6)
    assert report.agreement == 1.0
    assert report.trained + report.held_back == 40  # every position, less the 2 ended ones


def test_the_errors_are_root_mean_squared_values_of_a_blind_fit() -> None:
    # Every value is +1 or -1, for one player and its negation for the other: the best blind
    # fit is 0, whose error is exactly 1 on any positions.
    game = Blind()
    report = fit_to_solution(game, solve(game), squash=False)
    assert report.evaluation.bias == pytest.approx(0.0, abs=1e-12)
    assert report.training_error == pytest.approx(1.0)
    assert report.held_back_error == pytest.approx(1.0)


def test_agreement_counts_only_positions_where_a_move_loses_value() -> None:
    game = TakeAway(5)
    solution = solve(game)
    piles = [Pile(sticks, 0) for sticks in (5, 4, 3, 2, 1)]
    # 5: taking 1 leaves 4 and wins; 3 and 2: taking all wins. 4 loses whatever it takes and
    # 1 has one move: neither counts.
    indifferent = move_agreement(game, solution, lambda state, player: 0.0, piles)
    assert indifferent == (1.0, 3)  # the first action at 5, the won game at 3 and 2
    # Preferring fewer sticks left takes 3 at 5, leaving 2: a lost position for it.
    greedy = move_agreement(game, solution, lambda state, player: -state.sticks, piles)
    assert greedy == (pytest.approx(2 / 3), 3)


@pytest.mark.parametrize(("after_hold", "agreement"), [(0.6, 1.0), (0.4, 0.0)])
def test_a_chance_node_is_scored_by_the_mean_over_its_outcomes(
    after_hold: float, agreement: float
) -> None:
    # Pig to 6 with a coin: player 0 has 2 at stake, and the table says hold. Rolling gives
    # a 1 (turn lost, evaluated 0 here) or a 2 (4 at stake, evaluated 1): a mean of 0.5,
    # against ``after_hold`` for holding. The mean, not the best or worst outcome, decides.
    game = Pig(goal=6, die_sides=2)
    solution = solve(game)
    state = PigState(0, 0, 2, 0, False)
    assert solution.best_actions(state) == ("hold",)
    scores = {PigState(0, 0, 4, 0, False): 1.0, PigState(2, 0, 0, 1, False): after_hold}
    found = move_agreement(game, solution, lambda s, p: scores.get(s, 0.0), [state])
    assert found == (agreement, 1)


@pytest.mark.slow
def test_the_fitted_evaluation_plays_tic_tac_toe_with_alphabeta() -> None:
    game = TicTacToe()
    report = fit_to_solution(game, solve(game), positions=1_000, seed=3)
    state = game.parse("X X . / . O . / . . .")
    assert alphabeta(game, state, depth=1, evaluate=report.evaluation).action == 2


def test_the_same_seed_gives_the_same_fit_and_another_seed_another_split() -> None:
    game = TakeAway()
    solution = solve(game)
    first = fit_to_solution(game, solution, seed=5, squash=False, ridge=1.0)
    again = fit_to_solution(game, solution, seed=5, squash=False, ridge=1.0)
    assert replace(again, seconds=0.0) == replace(first, seconds=0.0)
    other = fit_to_solution(game, solution, seed=6, squash=False, ridge=1.0)
    assert other.trained == first.trained
    assert other.evaluation.weights != first.evaluation.weights  # other positions fitted


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("positions", 0, "positions must be an int >= 1"),
        ("held_back", 1.0, "held_back must be a number from 0 up to 1"),
        ("held_back", math.nan, "held_back must be a number from 0 up to 1"),
        ("ridge", 0.0, "ridge must be a finite number above 0"),
        ("iterations", True, "iterations must be an int >= 0"),
        ("seed", "one", "seed must be an int"),
        ("indices", (0, 3), "indices must be distinct ints from 0 to 2"),
        ("indices", "ab", "indices must be distinct ints"),
    ],
)
def test_options_out_of_range_are_refused(option: str, value: object, message: str) -> None:
    game = TakeAway()
    with pytest.raises(InvalidSearchOptionError, match=message):
        fit_to_solution(game, solve(game), **{option: value})  # type: ignore[arg-type]


def test_a_solution_of_another_game_is_refused() -> None:
    with pytest.raises(InvalidSearchOptionError, match="the solution is built for"):
        fit_to_solution(TakeAway(20), solve(TakeAway(21)))
    with pytest.raises(InvalidSearchOptionError, match="the solution is built for"):
        fit_to_solution(ConnectFour(4, 4), solve(TicTacToe()))


def test_fit_to_values_fits_the_values_given_as_fit_to_solution_fits_the_table() -> None:
    # The same positions with the table's values, given as a mapping: the same weights.
    game = TakeAway()
    solution = solve(game)
    piles = [Pile(sticks, (21 - sticks) % 2) for sticks in range(1, 22)]  # as play has it
    values = {pile: (solution.value(pile, 0), solution.value(pile, 1)) for pile in piles}
    report = fit_to_values(game, values, squash=False, ridge=1e-9, held_back=0.25)
    assert report.evaluation.weights == pytest.approx((1.0, 0.0, -2.0), abs=1e-6)
    assert report.trained + report.held_back == len(piles)
    assert report.held_back == round(0.25 * len(piles))
    assert report.held_back_error == pytest.approx(0.0, abs=1e-6)
    assert math.isnan(report.agreement)  # no table to agree with
    assert report.compared == 0


def test_fit_to_values_errors_are_root_mean_squared_values() -> None:
    # Blind features, values +1 and -1 for one player (negated for the other): the fit is 0
    # and the error exactly 1; a value of 3 for player 0 of one pile raises the mean square.
    game = Blind()
    values = {Pile(sticks, 0): (1.0, -1.0) for sticks in range(1, 5)}
    report = fit_to_values(game, values, squash=False, held_back=0)
    assert report.training_error == pytest.approx(1.0)
    assert math.isnan(report.held_back_error)
    uneven = {**values, Pile(5, 0): (3.0, -3.0)}
    fitted = fit_to_values(game, uneven, squash=False, held_back=0, ridge=1e-9)
    assert fitted.evaluation.bias == pytest.approx(0.0, abs=1e-9)
    assert fitted.training_error == pytest.approx(math.sqrt((8 + 18) / 10))


def test_fit_to_values_with_the_same_seed_splits_the_same_way() -> None:
    game = TakeAway()
    solution = solve(game)
    piles = [Pile(sticks, (21 - sticks) % 2) for sticks in range(1, 22)]
    values = {pile: (solution.value(pile, 0), solution.value(pile, 1)) for pile in piles}
    first = fit_to_values(game, values, seed=5, squash=False, ridge=1.0)
    again = fit_to_values(game, values, seed=5, squash=False, ridge=1.0)
    assert replace(again, seconds=0.0) == replace(first, seconds=0.0)
    other = fit_to_values(game, values, seed=6, squash=False, ridge=1.0)
    assert other.evaluation.weights != first.evaluation.weights  # other positions fitted


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([(Pile(3, 0), (1.0, -1.0))], "values must be a mapping from positions"),
        ({Pile(3, 0): (1.0,)}, "must be 2 finite numbers, one for every player"),
        ({Pile(3, 0): (1.0, math.nan)}, "must be 2 finite numbers"),
        ({Pile(3, 0): ("1", -1.0)}, "must be 2 finite numbers"),
        ({Pile(3, 0): 1.0}, "must be 2 finite numbers"),
        ({}, "0 positions leave none to fit to"),
    ],
)
def test_fit_to_values_refuses_values_that_are_not_a_number_per_player(
    values: object, message: str
) -> None:
    with pytest.raises(InvalidSearchOptionError, match=message):
        fit_to_values(TakeAway(), values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("held_back", 1.0, "fit_to_values: held_back must be a number from 0 up to 1"),
        ("ridge", -1.0, "fit_to_values: ridge must be a finite number above 0"),
        ("iterations", -1, "fit_to_values: iterations must be an int >= 0"),
        ("seed", 1.5, "fit_to_values: seed must be an int"),
        ("indices", (0, 0), "indices must be distinct ints"),
    ],
)
def test_fit_to_values_refuses_options_out_of_range(
    option: str, value: object, message: str
) -> None:
    values = {Pile(3, 0): (1.0, -1.0), Pile(4, 0): (-1.0, 1.0)}
    with pytest.raises(InvalidSearchOptionError, match=message):
        fit_to_values(TakeAway(), values, **{option: value})  # type: ignore[arg-type]
