"""Search in games of chance: expectiminimax (with Star1 and Star2 pruning) and expectimax.

:mod:`._common` holds what both searchers share (checking a game of chance, the outcomes and
their probabilities, scoring leaves); :mod:`._search` is the one search loop of both, traced or
not, with Ballard's pruning.
"""

from .expectimax import expectimax
from .expectiminimax import expectiminimax

__all__ = ["expectimax", "expectiminimax"]
