"""A player for ``play()`` that searches each move with ``mcts`` and keeps its tree."""

from __future__ import annotations

import inspect
from typing import Any, Generic

from .._entry import check_is_game
from ..errors import GameProtocolError, InvalidSearchOptionError
from ..game import A, Game, S
from ..result import SearchResult
from ._options import check_options, make_rng
from ._trees import check_trees
from .search import mcts
from .tree import MCTSTree

__all__ = ["MCTSPlayer"]

_OPTIONS = {
    name: parameter.default
    for name, parameter in inspect.signature(mcts).parameters.items()
    if parameter.kind is inspect.Parameter.KEYWORD_ONLY
}
"""``mcts``'s keyword options and their defaults."""


class MCTSPlayer(Generic[S, A]):
    """A player for :func:`~gamesearch.play`: each move is the action :func:`mcts` chooses.

    Unlike ``searcher_player(game, mcts, ...)``, it keeps its :class:`MCTSTree` from one move to
    the next (tree reuse: the subtree under its own move and the replies is searched on), and
    draws every search from one generator, so that a seeded game replays exactly while its
    searches differ from move to move.

    Args:
        game: The game it plays.
        rng: An int seed or a ``random.Random`` for all its searches.
        reuse: Keep the tree between moves (default); ``False`` starts every search afresh.
        **options: ``mcts``'s options, such as ``iterations=2000`` or ``time_limit=0.5``; at
            least one limit. With ``trees=k`` (and ``executor=``, say), every move is a
            root-parallel search of ``k`` trees: pass ``reuse=False`` with it.

    Raises:
        InvalidSearchOptionError: an option ``mcts`` does not take, or one it refuses (no
            limit, say), at once rather than at the first move.
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), at once, as ``mcts`` refuses it.

    Example:
        >>> from gamesearch import alphabeta, play, searcher_player
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> player = MCTSPlayer(game, iterations=2000, rng=1)
        >>> record = play(game, [player, searcher_player(game, alphabeta)])
        >>> record.utilities   # a draw against perfect play
        (0.0, 0.0)

        Each search starts from what the last one learnt of the position reached:

        >>> player = MCTSPlayer(game, iterations=500, rng=1)
        >>> state = game.result(game.initial_state(), player(game.initial_state()))
        >>> state = game.result(state, game.actions(state)[0])   # the opponent replies
        >>> kept = player.tree.visits_of(state)
        >>> move = player(state)
        >>> kept > 0 and player.tree.visits == kept + 500
        True
    """

    def __init__(
        self, game: Game[S, A], *, rng: Any = None, reuse: bool = True, **options: Any
    ) -> None:
        check_is_game(game)
        passed = set(_OPTIONS) - {"rng", "tree", "depth"}  # its own generator and tree; no depth
        unknown = sorted(set(options) - passed)
        if unknown:
            raise InvalidSearchOptionError(
                f"MCTSPlayer: {', '.join(unknown)}: not an option it passes to mcts (it keeps "
                f"its own rng and tree); the options are {', '.join(sorted(passed))}"
            )
        check_options(game, {**_OPTIONS, **options})
        trees = check_trees(
            options.get("trees"), options.get("executor"), None, None, options.get("retries", 0)
        )
        if trees is not None and reuse:
            raise InvalidSearchOptionError(
                "MCTSPlayer: with trees= every move grows fresh trees and merges their roots, "
                "so no tree is kept between moves: pass reuse=False too"
            )
        self.game = game
        self.options = options
        """The options passed to every search."""
        self.rng = make_rng(rng)
        """The generator every search draws from."""
        self.tree: MCTSTree | None = MCTSTree() if reuse else None
        """The tree kept between moves (``None`` without reuse)."""
        self.last: SearchResult[A] | None = None
        """The result of the last search, ``None`` before the first move."""

    def __repr__(self) -> str:
        options = ", ".join(f"{name}={value!r}" for name, value in self.options.items())
        return f"MCTSPlayer({self.game!r}, {options})"

    def __call__(self, state: S) -> A:
        """The action ``mcts`` chooses in ``state``.

        Raises:
            GameProtocolError: ``state`` is terminal or a chance node: there is no move to
                make.
        """
        self.last = result = mcts(self.game, state, rng=self.rng, tree=self.tree, **self.options)
        if result.action is None:
            raise GameProtocolError(f"MCTSPlayer: no move to make in state {state!r}")
        return result.action
