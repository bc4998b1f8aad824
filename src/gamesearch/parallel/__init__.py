"""Parallel search of one position: an alpha-beta search split below its root, on any executor.

Root-parallel Monte Carlo search is :func:`gamesearch.mcts` with ``trees=``; tournaments are
:func:`gamesearch.tournament`; solving on many cores is :func:`gamesearch.solving.solve` with
``executor=``.

>>> from gamesearch.parallel import parallel_search
>>> from gamesearch.games import TicTacToe
>>> result = parallel_search(TicTacToe(), depth=2, evaluate=lambda state, player: 0.0)
>>> result.value, result.action, result.depth
(0.0, 0, 2)
"""

from .search import parallel_search

__all__ = ["parallel_search"]
