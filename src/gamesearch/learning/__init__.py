"""Evaluation functions learned from data: linear evaluations of a game's features.

A game that describes its positions by numbers (the optional ``features(state, player)``, see
:class:`~gamesearch.capabilities.Featured`) can have its evaluation learned rather than
written: :func:`fit_to_solution` fits the weights of a :class:`LinearEvaluation` to the exact
values of a solved table, by least squares in pure Python, and scores it on positions held
back (:func:`fit_to_values` to positions labelled otherwise); :func:`td_leaf` learns them by
self-play, TD-Leaf(lambda) on the leaves of alpha-beta's searches. The result is an
``evaluate(state, player)`` that every searcher takes, saved and loaded as a plain JSON file;
:func:`connect_four_evaluation` loads the one that comes with the package.

>>> from gamesearch.games import TicTacToe
>>> from gamesearch.solving import solve
>>> game = TicTacToe()
>>> report = fit_to_solution(game, solve(game), seed=1)
>>> report.trained + report.held_back  # every position, up to symmetry, that is not over
627
>>> report.held_back_error < 0.6, report.agreement > 0.9
(True, True)
"""

from ._fit import FitReport, fit_to_solution, fit_to_values, move_agreement
from ._linear import LinearEvaluation
from ._picture import weights_svg
from ._shipped import connect_four_evaluation
from ._td_leaf import TDLeafProgress, TDLeafResult, td_leaf

__all__ = [
    "FitReport",
    "LinearEvaluation",
    "TDLeafProgress",
    "TDLeafResult",
    "connect_four_evaluation",
    "fit_to_solution",
    "fit_to_values",
    "move_agreement",
    "td_leaf",
    "weights_svg",
]
