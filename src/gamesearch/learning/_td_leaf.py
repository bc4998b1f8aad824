"""TD-Leaf(lambda): a linear evaluation learned by self-play, on the leaves of its searches.

Baxter, Tridgell and Weaver, "KnightCap: a chess program that learns by combining TD(lambda)
with game-tree search" (ICML 1998): temporal-difference learning (Sutton 1988; TD-Gammon,
Tesauro 1995) applied not to the positions played but to the leaves of the principal
variations of the searches that chose the moves. Each game, the program plays both sides with
alpha-beta at a fixed depth and its current evaluation; with ``J_t`` the evaluation of the
leaf of the search at move ``t`` for a player (the game's utility where the line ends the
game, and the final utility after the last move), the differences ``d_t = J_{t+1} - J_t``
move the weights by

    ``w += rate * sum_t grad J_t * sum_{j >= t} lambda^(j - t) d_j``,

once for each player's view of the same leaves, so that the evaluation learns each side's
(with only player 0's, the weights of a player's own stones and of the opponent's drift apart,
and the evaluation stops being zero-sum).

A game starts with a few random moves, drawn from the seed and the game's number, so that the
games differ. Runs are reproducible from the seed, and resumable from a checkpoint: a JSON file
of the evaluation and the games done, after which a resumed run equals an uninterrupted one.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._parts import derived_seed
from ..errors import InvalidSearchOptionError, TableFileError, short_repr
from ..game import Game
from ..identity import game_difference
from ..twoplayer.alphabeta import alphabeta
from ._linear import LinearEvaluation, read_json, write_json

__all__ = ["TDLeafProgress", "TDLeafResult", "td_leaf"]

CHECKPOINT_FORMAT = "gamesearch-td-leaf-checkpoint"
"""The ``format`` field of a checkpoint file."""
_CHECKPOINT_FIELDS = frozenset({"format", "version", "games_done", "options", "evaluation"})


@dataclass(frozen=True)
class TDLeafProgress:
    """Where a :func:`td_leaf` run stands, told after every game."""

    games_done: int
    """Games played so far, those of the run resumed included."""
    games: int
    """Games the run plays in all."""
    evaluation: LinearEvaluation
    """The evaluation after the last game."""


@dataclass(frozen=True)
class TDLeafResult:
    """What :func:`td_leaf` learned."""

    evaluation: LinearEvaluation
    """The evaluation after the last game."""
    games: int
    """Games played in all (a resumed run's earlier ones included)."""
    searches: int
    """Searches made by this call (one per move of the games it played)."""
    seconds: float
    """Wall time of this call."""


@dataclass(frozen=True)
class _Options:
    """What a run learns with, recorded in its checkpoints so that a resumption matches."""

    depth: int
    rate: float
    trace_decay: float
    opening_moves: int
    seed: int

    def as_data(self) -> dict[str, Any]:
        return {
            "depth": self.depth,
            "rate": self.rate,
            "trace_decay": self.trace_decay,
            "opening_moves": self.opening_moves,
            "seed": self.seed,
        }


def td_leaf(
    game: Game[Any, Any],
    start: LinearEvaluation,
    *,
    games: int,
    depth: int = 2,
    rate: float = 0.01,
    trace_decay: float = 0.7,
    opening_moves: int = 4,
    seed: int = 0,
    progress: Callable[[TDLeafProgress], object] | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    resume: bool = False,
) -> TDLeafResult:
    """Learn ``start``'s weights by self-play with TD-Leaf(lambda) (see the module).

    Args:
        game: A two-player zero-sum game with ``features``, which alpha-beta searches.
        start: The evaluation to start from (its ``squash``, ``indices`` and game are kept).
        games: Games to play in all, counting those of a resumed checkpoint (an int >= 1).
        depth: Alpha-beta's depth for every move (an int >= 1).
        rate: The step size, a finite number above 0.
        trace_decay: lambda, from 0 (each leaf learns from the next) to 1 (from the result).
        opening_moves: Random moves at the start of every game, an int >= 0.
        seed: The seed every game's opening is drawn from (with the game's number).
        progress: Called after every game with a :class:`TDLeafProgress`.
        checkpoint: A JSON file written after every game: the evaluation, the games done and
            the options (data, never code).
        resume: Start from ``checkpoint`` if the file exists: its game and options must be
            these; its games count towards ``games``.

    Returns:
        The learned evaluation, and what it took.

    Raises:
        InvalidSearchOptionError: an option out of its range, or ``resume`` without a
            checkpoint; ``start`` of another game.
        TableFileError: a checkpoint that cannot be written, or read back: damaged, of
            another game, or of other options.
    """
    options = _check_options(depth, rate, trace_decay, opening_moves, seed, games)
    difference = game_difference(start.game, game)
    if difference is not None:
        raise InvalidSearchOptionError(f"td_leaf: the start evaluation is {difference}")
    target = None if checkpoint is None else Path(checkpoint)
    if resume and target is None:
        raise InvalidSearchOptionError("td_leaf: resume=True needs a checkpoint= file")
    evaluation, done = start, 0
    if resume and target is not None and target.exists():
        evaluation, done = _read_checkpoint(target, game, options)
    started = time.perf_counter()
    searches = 0
    for number in range(done, games):
        rng = random.Random(derived_seed(seed, "td-leaf", number))
        evaluation, searched = _learn_from_game(game, evaluation, options, rng)
        searches += searched
        if target is not None:
            _write_checkpoint(target, evaluation, number + 1, options)
        if progress is not None:
            progress(TDLeafProgress(number + 1, games, evaluation))
    return TDLeafResult(evaluation, max(games, done), searches, time.perf_counter() - started)


def _check_options(
    depth: object, rate: object, decay: object, opening: object, seed: object, games: object
) -> _Options:
    """The options of :func:`td_leaf`, checked."""
    counts = (("depth", depth, 1), ("opening_moves", opening, 0), ("games", games, 1))
    for name, value, low in counts:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise InvalidSearchOptionError(
                f"td_leaf: {name} must be an int >= {low}, not {short_repr(value)}"
            )
    if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 < rate < math.inf:
        raise InvalidSearchOptionError(
            f"td_leaf: rate must be a finite number above 0, not {short_repr(rate)}"
        )
    if isinstance(decay, bool) or not isinstance(decay, (int, float)) or not 0 <= decay <= 1:
        raise InvalidSearchOptionError(
            f"td_leaf: trace_decay must be a number from 0 to 1, not {short_repr(decay)}"
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidSearchOptionError(f"td_leaf: seed must be an int, not {short_repr(seed)}")
    return _Options(depth, float(rate), float(decay), opening, seed)  # type: ignore[arg-type]


def _learn_from_game(
    game: Game[Any, Any], evaluation: LinearEvaluation, options: _Options, rng: random.Random
) -> tuple[LinearEvaluation, int]:
    """One game of self-play and its TD-Leaf update; the new evaluation and the searches."""
    state = game.initial_state()
    for _ in range(options.opening_moves):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(list(game.actions(state))))
    leaves = []
    while not game.is_terminal(state):
        result = alphabeta(game, state, depth=options.depth, evaluate=evaluation)
        leaf = state
        for action in result.pv:
            leaf = game.result(leaf, action)
        leaves.append(leaf)
        state = game.result(state, result.action)
    if not leaves:
        return evaluation, 0
    params = [*evaluation.weights, evaluation.bias]
    for player in range(game.num_players):  # each side learns from its own view of the leaves
        seen = [_leaf_value(game, evaluation, leaf, player) for leaf in leaves]
        values = [value for value, _ in seen] + [float(game.utility(state, player))]
        params = _stepped(params, values, [gradient for _, gradient in seen], options)
    if not all(math.isfinite(p) for p in params):
        raise InvalidSearchOptionError(
            "td_leaf: the weights grew beyond floating point; take a smaller rate"
        )
    learned = LinearEvaluation(
        evaluation.game, tuple(params[:-1]), params[-1], evaluation.squash, evaluation.indices
    )
    return learned, len(leaves)


def _leaf_value(
    game: Game[Any, Any], evaluation: LinearEvaluation, leaf: Any, player: int
) -> tuple[float, list[float] | None]:
    """The leaf's value for ``player``, and its gradient in (weights..., bias); none if over."""
    if game.is_terminal(leaf):
        return float(game.utility(leaf, player)), None
    found = evaluation.features(leaf, player)
    value = evaluation.of_features(found)
    indices = evaluation.indices
    weighed = found if indices is None else tuple(found[index] for index in indices)
    slope = (1 - value * value) / 2 if evaluation.squash else 1.0  # d tanh(z / 2) / dz
    return value, [slope * feature for feature in weighed] + [slope]


def _stepped(
    params: list[float],
    values: list[float],
    gradients: list[list[float] | None],
    options: _Options,
) -> list[float]:
    """``params`` moved by TD-Leaf(lambda)'s step for one game's leaf values (and the end)."""
    trace = 0.0
    for t in reversed(range(len(gradients))):
        trace = values[t + 1] - values[t] + options.trace_decay * trace
        gradient = gradients[t]
        if gradient is not None and trace:
            step = options.rate * trace
            params = [p + step * g for p, g in zip(params, gradient, strict=True)]
    return params


def _write_checkpoint(
    target: Path, evaluation: LinearEvaluation, done: int, options: _Options
) -> None:
    document = {
        "format": CHECKPOINT_FORMAT,
        "version": 1,
        "games_done": done,
        "options": options.as_data(),
        "evaluation": evaluation.as_data(),
    }
    write_json(target, document, "checkpoint")


def _read_checkpoint(
    target: Path, game: Game[Any, Any], options: _Options
) -> tuple[LinearEvaluation, int]:
    """The checkpoint's evaluation and games done, checked against ``game`` and ``options``."""
    found = read_json(target, "checkpoint")
    if (
        not isinstance(found, dict)
        or set(found) != _CHECKPOINT_FIELDS
        or found["format"] != CHECKPOINT_FORMAT
        or found["version"] != 1
    ):
        raise TableFileError(
            f"{target} is not a TD-Leaf checkpoint of version 1: it must be a JSON object "
            f"with the fields {sorted(_CHECKPOINT_FIELDS)} and the format {CHECKPOINT_FORMAT!r}"
        )
    if found["options"] != options.as_data():
        raise TableFileError(
            f"{target} was written by a run with the options {short_repr(found['options'])}, not "
            f"{options.as_data()!r}: resume with the same ones"
        )
    done = found["games_done"]
    if isinstance(done, bool) or not isinstance(done, int) or done < 0:
        raise TableFileError(f"{target}: games_done must be an int >= 0, not {short_repr(done)}")
    evaluation = LinearEvaluation.from_data(found["evaluation"], game, str(target))
    return evaluation, done
