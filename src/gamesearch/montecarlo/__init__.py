"""Monte Carlo tree search: UCT and PUCT, the MCTS-Solver, chance and n players, tree reuse.

>>> from gamesearch.montecarlo import mcts
>>> from gamesearch.games import TicTacToe
>>> result = mcts(TicTacToe(), iterations=300, rng=1)
>>> result.stats.leaves, result.action in range(9)
(300, True)
"""

from .player import MCTSPlayer
from .search import mcts
from .tree import ActionStats, MCTSTree

__all__ = ["ActionStats", "MCTSPlayer", "MCTSTree", "mcts"]
