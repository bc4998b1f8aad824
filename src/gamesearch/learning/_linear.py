"""A linear evaluation over a game's features: weights, a bias and an optional squashing.

The evaluation of Samuel's checkers player (1959) and of most programs since: a weighted sum
of numbers describing a position (the game's ``features(state, player)``, see
:class:`~gamesearch.capabilities.Featured`), here optionally squashed into (-1, 1) by the
logistic curve so that it never reaches a proven win or loss. It is saved as a plain JSON
file (data, never code), and loading checks everything in the file as hostile.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import mul
from pathlib import Path
from typing import Any

from .._small_files import read_small
from .._validation import number_error
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError, TableFileError, short_repr
from ..game import Player
from ..identity import check_built_for, check_header, game_identity, no_constant

__all__ = ["LinearEvaluation", "read_json", "write_json"]

FORMAT = "gamesearch-linear-evaluation"
"""The ``format`` field of an evaluation file."""
VERSION = 1
"""The version of the file format this library writes and reads."""
MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest file :func:`read_json` reads: an evaluation of a million weights fits."""
_MEMO_LIMIT = 1 << 17
"""The most values an evaluation remembers before it forgets them all and starts again."""
_FIELDS = frozenset({"format", "version", "game", "weights", "bias", "squash", "indices"})


@dataclass(frozen=True)
class LinearEvaluation:
    """``evaluate(state, player)``: a weighted sum of the game's features, maybe squashed.

    The value for ``player`` is ``z = bias + sum(w * f)`` over the weights and ``player``'s
    features (those at ``indices``, or all of them in order), or with ``squash``
    ``2 / (1 + exp(-z)) - 1`` (the logistic curve stretched onto (-1, 1), which is
    ``tanh(z / 2)``): squashed, it stays inside the utilities of a loss and a win, as a game
    that declares ``win_utility = 1`` (Connect Four, tic-tac-toe) needs of its evaluation.

    Call it, or pass it as ``evaluate=`` to any searcher. Make one with
    :func:`~gamesearch.learning.fit_to_solution`, or by hand; :meth:`save` and :meth:`load`
    keep it in a JSON file.

    Raises:
        UnsupportedGameError: the game has no ``features(state, player)``.
        InvalidSearchOptionError: a weight or the bias is not a finite number, ``squash`` is
            not a bool, an index is not an int in the range of the game's features (or is
            repeated), or there are not as many weights as features weighed.

    Example:
        >>> from gamesearch import alphabeta
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> # weigh only the counts: lines one mark short of a win, open lines, whose turn
        >>> evaluation = LinearEvaluation(game, (0.3, -0.3, 0.1, -0.1, 0.05), indices=range(5))
        >>> state = game.parse("X X . / . O . / . . .")
        >>> round(evaluation(state, 1), 3), round(evaluation(state, 0), 3)
        (-0.25, 0.25)
        >>> alphabeta(game, state, depth=2, evaluate=evaluation).action  # O blocks at 2
        2
    """

    game: Any
    """The game whose ``features`` the weights weigh."""
    weights: tuple[float, ...]
    """One weight per feature weighed, in the order of :attr:`indices`."""
    bias: float = 0.0
    """The value of a position whose features are all 0, before squashing."""
    squash: bool = False
    """Whether the sum is squashed into (-1, 1) by ``tanh(z / 2)``."""
    indices: tuple[int, ...] | None = None
    """Which of the game's features are weighed (an iterable of ints is kept as a tuple), or
    ``None`` for all of them in order: weights fitted to the size-free counts of a small board
    can then weigh the same counts on a larger one."""
    features: Any = field(init=False, repr=False, compare=False)
    """The game's ``features`` method, read once."""
    memo: dict[tuple[Any, Player], float] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    """The values found, by state and player: a search meets the same positions again (as
    ``ConnectFour.evaluate`` does, emptied at 131,072 entries and started again)."""

    def __post_init__(self) -> None:
        features = Capabilities.of(self.game).need("features", "LinearEvaluation")
        object.__setattr__(self, "features", features)
        object.__setattr__(self, "weights", _finite_numbers(self.weights, "weights"))
        object.__setattr__(self, "bias", _finite_numbers((self.bias,), "bias")[0])
        if not isinstance(self.squash, bool):
            raise InvalidSearchOptionError(
                f"LinearEvaluation: squash must be True or False, not {short_repr(self.squash)}"
            )
        count = len(features(self.game.initial_state(), 0))
        indices = None if self.indices is None else _indices(self.indices, count)
        object.__setattr__(self, "indices", indices)
        weighed = count if indices is None else len(indices)
        if len(self.weights) != weighed:
            raise InvalidSearchOptionError(
                f"LinearEvaluation: {len(self.weights)} weights for {weighed} features of "
                f"{type(self.game).__name__}; give one weight per feature weighed"
            )

    def __call__(self, state: Any, player: Player) -> float:
        """The evaluation of ``state`` for ``player`` (see the class)."""
        memo = self.memo
        try:
            return memo[state, player]
        except TypeError:  # a state that is not hashable (a game with ``key``): not memoized
            return self.of_features(self.features(state, player))
        except KeyError:
            value = self.of_features(self.features(state, player))
            if len(memo) >= _MEMO_LIMIT:
                memo.clear()
            memo[state, player] = value
            return value

    evaluate = __call__

    def of_features(self, found: tuple[float, ...]) -> float:
        """The evaluation of a position whose features (all of the game's) are ``found``."""
        indices = self.indices
        if indices is not None:
            found = tuple([found[index] for index in indices])
        total = self.bias + sum(map(mul, self.weights, found))
        return math.tanh(total / 2) if self.squash else total

    def as_data(self) -> dict[str, Any]:
        """The evaluation as plain data, as :meth:`save` writes it: game identity and numbers.

        Raises:
            UnsupportedGameError: the game has no identity (see
                :func:`~gamesearch.identity.game_identity`).
        """
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": json.loads(game_identity(self.game).to_json()),
            "weights": list(self.weights),
            "bias": self.bias,
            "squash": self.squash,
            "indices": None if self.indices is None else list(self.indices),
        }

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the evaluation to ``path`` as JSON (:meth:`as_data`).

        Raises:
            UnsupportedGameError: the game has no identity (see
                :func:`~gamesearch.identity.game_identity`).
            TableFileError: ``path`` cannot be written.
        """
        write_json(Path(path), self.as_data(), "evaluation")

    @classmethod
    def load(cls, path: str | os.PathLike[str], game: Any) -> LinearEvaluation:
        """The evaluation saved in ``path`` by :meth:`save`, for ``game``, checked.

        Args:
            path: The JSON file.
            game: The game to evaluate: the file's game must have its identity (class and
                parameters), so that weights fitted to one board are not read for another.

        Raises:
            TableFileError: the file cannot be read, is larger than 16 MiB, is not JSON, is
                not an evaluation file of this version, was made for another game, or holds
                a weight, bias, flag or index of the wrong type or value (NaN, infinite, a
                count of weights that is not the game's count of features).
        """
        target = Path(path)
        return cls.from_data(read_json(target, "evaluation"), game, str(target))

    @classmethod
    def from_data(cls, found: object, game: Any, where: str) -> LinearEvaluation:
        """The evaluation :meth:`as_data` gave, read back for ``game`` and checked as hostile.

        Args:
            found: The data, as ``json.loads`` gives it.
            game: The game to evaluate, which must have the identity the data names.
            where: What messages call the data's source (a file's path).

        Raises:
            TableFileError: as :meth:`load`.
        """
        found = check_header(found, fields=_FIELDS, format=FORMAT, version=VERSION, where=where,
                             kind="an evaluation")  # fmt: skip
        check_built_for(found["game"], game, where=where, what="an evaluation", of="of")
        for name in ("weights", "indices"):
            if not isinstance(found[name], list) and (name == "weights" or found[name] is not None):
                raise TableFileError(f"{where}: the field {name!r} must be a list")
        try:
            return cls(game, found["weights"], found["bias"], found["squash"], found["indices"])
        except InvalidSearchOptionError as error:
            raise TableFileError(f"{where}: {error}") from None


def write_json(target: Path, document: dict[str, Any], what: str) -> None:
    """Write ``document`` to ``target`` as JSON (no NaN), through a temporary file.

    Raises:
        TableFileError: ``target`` cannot be written.
    """
    temporary = target.with_name(target.name + ".tmp")
    try:
        temporary.write_text(json.dumps(document, allow_nan=False) + "\n", encoding="utf-8")
        os.replace(temporary, target)
    except OSError as exc:
        raise TableFileError(f"cannot write the {what} file {target}: {exc}") from None


def read_json(target: Path, what: str) -> object:
    """The JSON document in ``target``, a file of at most 16 MiB.

    Raises:
        TableFileError: the file cannot be read, is larger, or is not JSON.
    """
    data = read_small(target, MAX_FILE_BYTES, f"the {what} file")
    try:
        return json.loads(data.decode("utf-8"), parse_constant=no_constant)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise TableFileError(f"{target} is not a JSON {what} file (it does not parse)") from None


def _finite_numbers(values: object, name: str) -> tuple[float, ...]:
    """``values`` as a tuple of floats, each a finite real number (not a bool)."""
    if not isinstance(values, Iterable):
        raise InvalidSearchOptionError(
            f"LinearEvaluation: {name} must be numbers, not {short_repr(values)}"
        )
    numbers = tuple(values)
    for value in numbers:
        if number_error(value, None, 0, name) is not None:
            raise InvalidSearchOptionError(
                f"LinearEvaluation: {name} must be finite real numbers, not {short_repr(value)}"
            )
    return tuple(float(value) for value in numbers)


def _indices(indices: object, count: int) -> tuple[int, ...]:
    """``indices`` as a tuple of distinct ints in ``range(count)``."""
    found = tuple(indices) if isinstance(indices, Iterable) else (indices,)
    if not all(
        isinstance(index, int) and not isinstance(index, bool) and 0 <= index < count
        for index in found
    ) or len(set(found)) != len(found):
        raise InvalidSearchOptionError(
            f"LinearEvaluation: indices must be distinct ints from 0 to {count - 1} (the "
            f"game's features), not {short_repr(indices)}"
        )
    return found
