"""Fitting a linear evaluation to the exact values of a solved table.

Positions are drawn by random lines of play from the initial state (chance nodes follow their
probabilities), each distinct decision state once; a fraction is held back. The evaluation is
fitted, for every player, to the table's value of the position for that player (for a
two-player zero-sum game, the mover's value and its negation), so that features such as whose
turn it is get their weight. Held back, it is scored by its error and by how often its choice
one ply deep keeps the position's value, as the table's best moves do. Positions labelled
otherwise (by the results of games, or a solver's values of late positions of a board too
large to solve whole) are fitted the same way by :func:`fit_to_values`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .._validation import checked_generator, number_error
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError, short_repr
from ..game import CHANCE, Evaluation, Game, Player
from ..identity import game_difference
from ..solving import Solution
from ._least_squares import fit_linear, fit_logistic, squared_error
from ._linear import LinearEvaluation

__all__ = ["FitReport", "fit_to_solution", "fit_to_values", "move_agreement"]

_PLIES_PER_POSITION = 200
"""Random play stops after this many plies per position asked for: a small game runs out."""
_STALE = 5_000
"""Random play stops after this many plies in a row (or 5 per position found) meet no new one."""


@dataclass(frozen=True)
class FitReport:
    """What :func:`fit_to_solution` fitted, and how well it does on positions it never saw."""

    evaluation: LinearEvaluation
    """The fitted evaluation."""
    trained: int
    """Positions fitted to (each counted once, though fitted for every player)."""
    held_back: int
    """Positions held back from the fit and scored."""
    training_error: float
    """Root mean squared error on the positions fitted, in the game's utility."""
    held_back_error: float
    """Root mean squared error on the held-back positions (``nan`` if none)."""
    agreement: float
    """Of the held-back positions where some move loses value (by the table), the share where
    the evaluation's choice one ply deep keeps it, as the table's best moves do (``nan`` if
    none, or if there is no table: :func:`fit_to_values`); the distance to the end, which the
    table also ranks by, is not asked for."""
    compared: int
    """The held-back positions :attr:`agreement` counts."""
    seconds: float
    """Wall time of drawing the positions, fitting and scoring, in seconds."""


def fit_to_solution(
    game: Game[Any, Any],
    solution: Solution,
    *,
    positions: int = 20_000,
    held_back: float = 0.2,
    ridge: float = 1e-3,
    squash: bool = True,
    iterations: int = 8,
    indices: Sequence[int] | None = None,
    seed: int = 0,
) -> FitReport:
    """A linear evaluation of ``game``'s features, fitted to the values of ``solution``.

    Args:
        game: The game, with ``features(state, player)``.
        solution: A strongly solved table of it (:func:`~gamesearch.solving.solve`).
        positions: How many distinct positions to draw (fewer if random play finds fewer).
        held_back: The share of them kept out of the fit and scored, from 0 up to 1.
        ridge: The penalty on the squared weights (not the bias), above 0.
        squash: Fit ``tanh(z / 2)`` (values in (-1, 1), by Gauss-Newton) rather than ``z``.
        iterations: Gauss-Newton's steps when squashed.
        indices: Which of the game's features to weigh (all of them by default).
        seed: The seed of the random lines of play and of the split.

    Returns:
        The evaluation with its errors and agreement on held-back positions.

    Raises:
        UnsupportedGameError: the game has no ``features``.
        InvalidSearchOptionError: an option out of its range, or a solution of another game.
    """
    _check_options(positions, held_back, ridge, iterations, "fit_to_solution")
    difference = game_difference(solution.game, game)
    if difference is not None:
        raise InvalidSearchOptionError(f"fit_to_solution: the solution is {difference}")
    started = time.perf_counter()
    features = Capabilities.of(game).need("features", "fit_to_solution")
    picked = _checked_indices(game, indices)
    rng = checked_generator(seed, "fit_to_solution: seed must be an int")
    found = draw_positions(game, solution, positions, rng)
    rng.shuffle(found)
    fit = _Fit(game, features, picked, solution.value, ridge, squash, iterations)
    evaluation, rows, testing = fit.split_and_fit(found, held_back, "fit_to_solution")
    agreement, compared = move_agreement(game, solution, evaluation, testing)
    return fit.report(evaluation, rows, testing, (agreement, compared), started)


def fit_to_values(
    game: Game[Any, Any],
    values: Mapping[Any, Sequence[float]],
    *,
    held_back: float = 0.2,
    ridge: float = 1e-3,
    squash: bool = True,
    iterations: int = 8,
    indices: Sequence[int] | None = None,
    seed: int = 0,
) -> FitReport:
    """A linear evaluation of ``game``'s features, fitted to values given for its positions.

    The same fit as :func:`fit_to_solution`, for positions labelled otherwise than by a solved
    table: by the results of games played from them, by deeper searches, or by a solver's
    exact values of positions late enough to solve (a board too large to solve whole). The
    positions are shuffled by ``seed`` and a share held back, as there.

    Args:
        game: The game, with ``features(state, player)``.
        values: Each position's value for every player (player 0's first), in the game's
            utility: for a two-player zero-sum game, ``(v, -v)``.
        held_back: The share of the positions kept out of the fit and scored, from 0 up to 1.
        ridge: The penalty on the squared weights (not the bias), above 0.
        squash: Fit ``tanh(z / 2)`` (values in (-1, 1), by Gauss-Newton) rather than ``z``.
        iterations: Gauss-Newton's steps when squashed.
        indices: Which of the game's features to weigh (all of them by default).
        seed: The seed of the split.

    Returns:
        The evaluation with its errors on held-back positions; its :attr:`~FitReport.agreement`
        is ``nan`` (there is no table to agree with) and :attr:`~FitReport.compared` 0.

    Raises:
        UnsupportedGameError: the game has no ``features``.
        InvalidSearchOptionError: an option out of its range, no position left to fit to, or
            a position whose values are not one finite number for every player.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> won = game.parse("X X . / O O . / . . .")  # X to move: X wins at once
        >>> lost = game.parse("X X . / O O . / X . .")  # O to move: O wins at once
        >>> report = fit_to_values(game, {won: (1.0, -1.0), lost: (-1.0, 1.0)}, held_back=0)
        >>> evaluation = report.evaluation
        >>> evaluation(won, 0) > 0.5 and evaluation(lost, 0) < -0.5
        True
    """
    _check_options(1, held_back, ridge, iterations, "fit_to_values")
    started = time.perf_counter()
    features = Capabilities.of(game).need("features", "fit_to_values")
    picked = _checked_indices(game, indices)
    rng = checked_generator(seed, "fit_to_values: seed must be an int")
    checked = _checked_values(values, game.num_players)
    found = list(checked)
    rng.shuffle(found)
    fit = _Fit(game, features, picked, lambda state, player: checked[state][player], ridge,
               squash, iterations)  # fmt: skip
    evaluation, rows, testing = fit.split_and_fit(found, held_back, "fit_to_values")
    return fit.report(evaluation, rows, testing, (math.nan, 0), started)


def _checked_values(values: object, players: int) -> dict[Any, tuple[float, ...]]:
    """``values`` as a dict of tuples of floats, one finite number for every player."""
    if not isinstance(values, Mapping):
        raise InvalidSearchOptionError(
            f"fit_to_values: values must be a mapping from positions to their values, not "
            f"{type(values).__name__}"
        )
    checked = {}
    for state, found in values.items():
        numbers = tuple(found) if isinstance(found, Iterable) else (found,)
        if len(numbers) != players or any(
            number_error(number, None, 0, "value") is not None for number in numbers
        ):
            raise InvalidSearchOptionError(
                f"fit_to_values: the values of a position must be {players} finite numbers, "
                f"one for every player, not {short_repr(found)}"
            )
        checked[state] = tuple(float(number) for number in numbers)
    return checked


@dataclass(frozen=True)
class _Fit:
    """What a fit weighs and how: shared by :func:`fit_to_solution` and :func:`fit_to_values`."""

    game: Game[Any, Any]
    features: Callable[[Any, Player], Sequence[float]]
    indices: tuple[int, ...] | None
    value: Callable[[Any, Player], float]
    ridge: float
    squash: bool
    iterations: int

    def rows(self, states: Sequence[Any]) -> tuple[list[Sequence[float]], list[float]]:
        """Every player's features of each state, and the state's value for that player."""
        return _rows(self.game, self.value, self.features, states, self.indices)

    def split_and_fit(
        self, found: list[Any], held_back: float, caller: str
    ) -> tuple[LinearEvaluation, tuple[list[Sequence[float]], list[float]], list[Any]]:
        """The evaluation fitted to the first of ``found``; its rows, and the states held back."""
        cut = len(found) - round(held_back * len(found))
        if cut < 1:
            raise InvalidSearchOptionError(f"{caller}: {len(found)} positions leave none to fit to")
        rows, targets = self.rows(found[:cut])
        if self.squash:
            weights, bias = fit_logistic(rows, targets, self.ridge, self.iterations)
        else:
            weights, bias = fit_linear(rows, targets, self.ridge)
        evaluation = LinearEvaluation(self.game, tuple(weights), bias, self.squash, self.indices)
        return evaluation, (rows, targets), found[cut:]

    def report(
        self,
        evaluation: LinearEvaluation,
        fitted: tuple[list[Sequence[float]], list[float]],
        testing: list[Any],
        agreement: tuple[float, int],
        started: float,
    ) -> FitReport:
        """The :class:`FitReport` of ``evaluation``, fitted to ``fitted``'s rows."""
        weights, bias, squash = evaluation.weights, evaluation.bias, self.squash
        rows, targets = fitted
        test_rows, test_targets = self.rows(testing)
        return FitReport(
            evaluation,
            len(rows) // self.game.num_players,
            len(testing),
            math.sqrt(squared_error(rows, targets, weights, bias, squash)),
            math.sqrt(squared_error(test_rows, test_targets, weights, bias, squash))
            if testing
            else math.nan,
            agreement[0],
            agreement[1],
            time.perf_counter() - started,
        )


def _checked_indices(game: Game[Any, Any], indices: object) -> tuple[int, ...] | None:
    """``indices`` as a tuple, refused as :class:`LinearEvaluation` refuses them."""
    if indices is None:
        return None
    chosen = tuple(indices) if isinstance(indices, Iterable) else (indices,)
    return LinearEvaluation(game, (0.0,) * len(chosen), indices=chosen).indices


def _check_options(
    positions: object, held_back: object, ridge: object, iterations: object, caller: str
) -> None:
    """Refuse an option of ``caller`` (:func:`fit_to_solution`, :func:`fit_to_values`)."""
    for name, value, low in (("positions", positions, 1), ("iterations", iterations, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise InvalidSearchOptionError(
                f"{caller}: {name} must be an int >= {low}, not {short_repr(value)}"
            )
    if isinstance(held_back, bool) or not isinstance(held_back, (int, float)):
        held_back = math.nan
    if not 0 <= held_back < 1:
        raise InvalidSearchOptionError(
            f"{caller}: held_back must be a number from 0 up to 1, not {short_repr(held_back)}"
        )
    if isinstance(ridge, bool) or not isinstance(ridge, (int, float)) or not 0 < ridge < math.inf:
        raise InvalidSearchOptionError(
            f"{caller}: ridge must be a finite number above 0, not {short_repr(ridge)}"
        )


def draw_positions(
    game: Game[Any, Any], solution: Solution, positions: int, rng: random.Random
) -> list[Any]:
    """Distinct non-terminal decision states the solution holds, met by random play.

    Lines start from the initial state; a chance node's outcome is drawn by its probability.
    Play stops at ``positions`` states, after ``200 * positions`` plies, or when no new
    state was met in the last 5,000 plies (and 5 per state found): a small game ran out.
    """
    members = Capabilities.of(game)
    key = members.key if members.key is not None else _same
    seen: set[Hashable] = set()
    found: list[Any] = []
    state = game.initial_state()
    stale = 0
    for _ in range(_PLIES_PER_POSITION * positions):
        stale += 1
        if stale > _STALE + 5 * len(found):
            break
        if game.is_terminal(state):
            state = game.initial_state()
        mover = game.to_move(state)
        if mover != CHANCE and key(state) not in seen and state in solution:
            seen.add(key(state))
            found.append(state)
            stale = 0
            if len(found) >= positions:
                break
        if mover == CHANCE and members.chance_outcomes is not None:
            outcomes = members.chance_outcomes(state)
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(list(game.actions(state)))
        state = game.result(state, action)
    return found


def _same(state: Any) -> Hashable:
    """A state that is its own key."""
    return state  # type: ignore[no-any-return]


def _rows(
    game: Game[Any, Any],
    value: Callable[[Any, Player], float],
    features: Callable[[Any, Player], Sequence[float]],
    states: Sequence[Any],
    indices: tuple[int, ...] | None,
) -> tuple[list[Sequence[float]], list[float]]:
    """Every player's features of each state, and ``value`` of it for that player."""
    rows: list[Sequence[float]] = []
    targets: list[float] = []
    for state in states:
        for player in range(game.num_players):
            found = features(state, player)
            rows.append(found if indices is None else tuple(found[i] for i in indices))
            targets.append(value(state, player))
    return rows, targets


def move_agreement(
    game: Game[Any, Any], solution: Solution, evaluate: Evaluation[Any], states: Sequence[Any]
) -> tuple[float, int]:
    """How often ``evaluate``'s choice one ply deep keeps the table's value.

    At each state where some move loses value (for the mover, by the table; within its
    tolerance for a game of chance), the action whose child ``evaluate`` scores highest for
    the mover (a terminal child by its utility, a chance node by the mean over its outcomes;
    the first such action on ties) is compared with the best: it agrees if its child's table
    value is the best child's.

    Returns:
        The share that agree (``nan`` if no state counts), and how many states count.
    """
    slack = (solution.tolerance or 0.0) + 1e-9
    agreed = compared = 0
    for state in states:
        mover = game.to_move(state)
        actions = list(game.actions(state))
        children = [game.result(state, action) for action in actions]
        exact = [solution.value(child, mover) for child in children]
        best = max(exact)
        if all(value >= best - slack for value in exact):
            continue
        guesses = [_one_ply(game, child, mover, evaluate) for child in children]
        chosen = guesses.index(max(guesses))
        compared += 1
        agreed += exact[chosen] >= best - slack
    return (agreed / compared if compared else math.nan), compared


def _one_ply(game: Game[Any, Any], child: Any, mover: Player, evaluate: Evaluation[Any]) -> float:
    """The child's value for ``mover``: its utility, its evaluation, or a chance node's mean."""
    if game.is_terminal(child):
        return float(game.utility(child, mover))
    if game.to_move(child) != CHANCE:
        return float(evaluate(child, mover))
    outcomes = Capabilities.of(game).need("chance_outcomes", "move_agreement")(child)
    return math.fsum(
        probability * _one_ply(game, game.result(child, outcome), mover, evaluate)
        for outcome, probability in outcomes
    )
