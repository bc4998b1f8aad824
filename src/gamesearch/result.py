"""What every searcher returns: a :class:`SearchResult` with its :class:`SearchStats`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from .game import Player

__all__ = ["SearchResult", "SearchStats"]

_A = TypeVar("_A")


@dataclass(frozen=True)
class SearchStats:
    """How much work a search did."""

    nodes: int
    """States visited: the root plus every child state generated."""

    leaves: int
    """States scored without being expanded: terminal states and states at the depth limit."""

    cutoffs: int
    """Cutoffs: nodes whose search stopped before their last action because what was found
    already decided their value, pruning the actions they had left (if any); one per such node,
    and one ``Prune`` event each for a traced search. In alpha-beta and the searchers that run
    it (``alphabeta``, ``negamax``, ``iterative_deepening``, ``mtdf`` over all its null-window
    searches, ``parallel_search`` over its parts, ``paranoid``, ``best_reply``): the textbook's
    ``v >= beta`` at MAX, ``v <= alpha`` at MIN. In ``expectiminimax`` with Star1 or Star2
    pruning, those and the chance nodes cut off; in ``maxn`` with ``pruning="shallow"``, the
    nodes shallow and immediate pruning stop. Always 0 where nothing is pruned: ``minimax``,
    ``expectimax``, the searches without pruning, and those that grow a tree or a proof rather
    than prune one (``mcts``, ``pns``, ``dfpn``: their work is ``nodes``, and ``proof_size``)."""

    max_depth: int
    """The deepest ply reached, the root being ply 0. The searchers of games of chance count
    decision plies only, as their ``depth`` does: chance nodes do not count."""

    elapsed: float
    """Wall-clock seconds the search took."""

    proof_size: int | None = None
    """For a value proven by proof-number search (:func:`~gamesearch.pns`,
    :func:`~gamesearch.dfpn`), the nodes its proof holds: the root and the states of the proof
    and disproof trees the value rests on (one move at each node where the side the tree
    proves for chooses, every move where the other does). ``None`` from the other searchers."""

    @property
    def nodes_per_second(self) -> float:
        """``nodes / elapsed`` (0.0 when no time could be measured)."""
        return self.nodes / self.elapsed if self.elapsed > 0 else 0.0


@dataclass(frozen=True)
class SearchResult(Generic[_A]):
    """The outcome of a search from one root state.

    Example:
        >>> from gamesearch import alphabeta
        >>> from gamesearch.games import GameTree
        >>> result = alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
        >>> result.value, result.action, result.pv, result.player
        (3.0, 0, (0, 0), 0)
    """

    value: float
    """The value of the root for ``player`` under the searcher's model of play: the utility
    ``player`` gets if both sides play as the searcher assumes (estimated, where a depth limit
    made the search use an evaluation function)."""

    action: _A | None
    """The best action at the root (the first of equally good ones in ``actions()`` order), or
    ``None`` when the root is terminal."""

    pv: tuple[_A, ...]
    """The principal variation: the actions of best play from the root, as far as the search
    saw them (up to a terminal state or the depth limit). Empty when the root is terminal."""

    player: Player
    """Whose value ``value`` is: the player to move at the root."""

    stats: SearchStats
    """Counts of the work done."""

    depth: int | None = None
    """The depth, in plies, to which the value was searched: the depth limit of a depth-limited
    search, or the deepest completed iteration of iterative deepening; ``None`` for a search
    without a depth limit."""

    exact: bool = False
    """Whether ``value`` is the proven game value: every line the value depends on ended in a
    terminal state, and no evaluation function touched it."""

    values: tuple[float, ...] | None = None
    """The value for every player, indexed by player, from searchers that back up one utility
    per player (max-n); ``None`` from the others, whose ``value`` is for ``player`` only."""

    action_values: tuple[tuple[_A, float], ...] | None = None
    """``(action, value)`` for every root action, in the order searched, each value for
    ``player`` and exact at the searched depth: set by searches with ``root_values=True``,
    else ``None``."""

    plies_to_end: int | None = None
    """For a proven win or loss, in how many plies the game ends under best play: the shortest
    win for the winner, the longest loss for the loser (the distance to mate of chess engines).
    Set by the engine (:func:`~gamesearch.iterative_deepening`, :func:`~gamesearch.mtdf`, and
    :func:`~gamesearch.alphabeta` with enhancements) for games that say what a win is worth
    (a ``win_utility`` member); ``None`` otherwise, for a draw, and for estimated values."""

    value_range: tuple[float, float] | None = None
    """``(lowest, highest)``: what the value can still be, as proven, for ``player``. Set by
    the proof-number searches (:func:`~gamesearch.pns`, :func:`~gamesearch.dfpn`): a search
    stopped by its limit before the bounds met claims no ``value`` (NaN) and says here what it
    did prove (``(0.0, 1.0)``: the player cannot lose); ``(value, value)`` once proven.
    ``None`` from the other searchers."""

    @property
    def best_actions(self) -> tuple[_A, ...]:
        """Every root action as good as ``action``: all the optimal moves, in the order searched.

        Needs a search with ``root_values=True``; otherwise just ``(action,)``.
        """
        if self.action_values is None:
            return () if self.action is None else (self.action,)
        return tuple(action for action, value in self.action_values if value == self.value)
