"""Search in games of chance: expectiminimax (with Star1 and Star2 pruning) and expectimax.

:mod:`._common` holds what both searchers share (checking a game of chance, the outcomes and
their probabilities, scoring leaves); :mod:`._expect` is the unpruned loop and :mod:`._star`
Ballard's pruning loops.
"""

from .expectimax import expectimax
from .expectiminimax import expectiminimax

__all__ = ["expectimax", "expectiminimax"]
