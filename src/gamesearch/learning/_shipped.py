"""The learned evaluation that comes with the package: Connect Four's, for any board.

The weights are data in the package (``connect_four.json``, the file
:meth:`LinearEvaluation.save` writes), read and checked as any evaluation file is: a user
loads them in one line, without solving a table first. They weigh the twenty counts of
:meth:`~gamesearch.games.ConnectFour.features` that mean the same on every board, so the same
numbers evaluate any width and height.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..errors import InvalidSearchOptionError, TableFileError
from ..games.connect_four import ConnectFour
from ..identity import no_constant
from ._linear import LinearEvaluation

__all__ = ["connect_four_evaluation"]

_FILE = "connect_four.json"


def connect_four_evaluation(game: ConnectFour | None = None) -> LinearEvaluation:
    """The learned evaluation of Connect Four that comes with the package, checked on load.

    The weights of the twenty size-free counts of
    :meth:`~gamesearch.games.ConnectFour.features` fitted by
    :func:`~gamesearch.learning.fit_to_solution` to the exact values of the solved 5 x 4 board
    (20,000 positions drawn by random play, seed 0, a fifth held back), squashed into (-1, 1).
    Against ``ConnectFour.evaluate`` on the 7 x 6 board, alpha-beta at equal depth, 200
    four-ply openings never used to fit or choose anything, each played with both colours
    (``bench/bench_learning.py``): 67.0% of the points at depth 3 and 66.1% at depth 4
    (docs/ratings.md gives the intervals).

    Args:
        game: The board to evaluate (``ConnectFour()``, 7 x 6, by default); the counts mean the
            same on every board, so the weights serve any.

    Returns:
        A :class:`LinearEvaluation`: pass it as ``evaluate=`` to any searcher.

    Raises:
        InvalidSearchOptionError: ``game`` is not a ``ConnectFour``.
        TableFileError: the package's file is missing or does not hold a valid evaluation
            (an installation that was changed).

    Example:
        >>> from gamesearch import alphabeta
        >>> from gamesearch.games import ConnectFour
        >>> evaluation = connect_four_evaluation()
        >>> state = ConnectFour().from_moves("4455")   # X on 4 and 5, O on them
        >>> alphabeta(ConnectFour(), state, depth=3, evaluate=evaluation).action  # a third
        2
        >>> evaluation(ConnectFour().from_moves("44553"), 0) > 0.99  # two threats: won
        True
    """
    board = ConnectFour() if game is None else game
    if not isinstance(board, ConnectFour):
        raise InvalidSearchOptionError(
            f"connect_four_evaluation: game must be a ConnectFour, not {type(board).__name__}"
        )
    where = f"the package's {_FILE}"
    try:
        text = resources.files(__package__).joinpath(_FILE).read_text(encoding="utf-8")
        found: Any = json.loads(text, parse_constant=no_constant)
    except (OSError, ValueError) as exc:
        raise TableFileError(f"cannot read {where}: {exc}") from None
    shipped = LinearEvaluation.from_data(found, ConnectFour(), where)
    if board == shipped.game:
        return shipped
    return LinearEvaluation(board, shipped.weights, shipped.bias, shipped.squash, shipped.indices)
