"""PIMC's search of a world with chance nodes ahead: expectiminimax, one root action at a time.

A world of Leduc poker drawn before the public card is dealt still has a chance node ahead:
``alphabeta`` cannot search it, :func:`~gamesearch.expectiminimax` can. PIMC needs the value
of every root action for the player to move, which ``expectiminimax`` does not return
(``alphabeta`` does, with ``root_values=True``). So each action is searched on its own, from a
root that allows only that action (:class:`FirstMoveView`): the value is then the action's,
for the player to move at the world, who stays MAX below it, as ``alphabeta``'s root values
are.

Without ``pruning``, ``expectiminimax`` visits every node, as minimax does; ``alphabeta``
prunes. So PIMC's default searcher (:class:`AlphabetaOrExpectiminimax`) searches a world with
``alphabeta`` until one meets a chance node, and from then on with ``expectiminimax``: a card
game whose worlds are fully dealt (Oh Hell, Kuhn poker) keeps alpha-beta's speed, and Leduc
before its public card is searched too. Private to :mod:`gamesearch.imperfect`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..chance.expectiminimax import expectiminimax
from ..game import Player
from ..result import SearchResult, SearchStats
from ..twoplayer.alphabeta import alphabeta
from ._determinized import ChanceAhead, DeterministicView

__all__ = ["AlphabetaOrExpectiminimax", "FirstMoveView", "expectiminimax_values"]


class _Pinned:
    """The root of a :class:`FirstMoveView`: a world, and the one action allowed there."""

    __slots__ = ("action", "world")

    def __init__(self, world: Any, action: Any) -> None:
        self.world = world
        self.action = action

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Pinned) and (self.world, self.action) == (
            other.world,
            other.action,
        )

    def __hash__(self) -> int:
        return hash((_Pinned, self.world, self.action))

    def __repr__(self) -> str:
        return f"{self.world!r} (only {self.action!r} at first)"


class FirstMoveView:
    """A game whose root allows one action: ``root(world, action)``; below it, the game itself.

    The game's members, ``chance_outcomes`` included, are forwarded; at the root they answer
    for the world, except ``actions``, which is the one action.
    """

    __slots__ = ("chance_outcomes", "game", "num_players")

    def __init__(self, game: Any) -> None:
        self.game = game
        """The game seen."""
        self.num_players = game.num_players
        self.chance_outcomes = game.chance_outcomes

    def root(self, world: Any, action: Any) -> Any:
        """The state from which only ``action`` is allowed, then the game goes on from there."""
        return _Pinned(world, action)

    def initial_state(self) -> Any:
        return self.game.initial_state()

    def to_move(self, state: Any) -> Player:
        mover: Player = self.game.to_move(state.world if isinstance(state, _Pinned) else state)
        return mover

    def actions(self, state: Any) -> Sequence[Any]:
        if isinstance(state, _Pinned):
            return (state.action,)
        found: Sequence[Any] = self.game.actions(state)
        return found

    def result(self, state: Any, action: Any) -> Any:
        return self.game.result(state.world if isinstance(state, _Pinned) else state, action)

    def is_terminal(self, state: Any) -> bool:
        return not isinstance(state, _Pinned) and bool(self.game.is_terminal(state))

    def utility(self, state: Any, player: Player) -> float:
        return float(self.game.utility(state, player))

    def __repr__(self) -> str:
        return f"FirstMoveView({self.game!r})"


def expectiminimax_values(game: Any, world: Any, **options: Any) -> SearchResult[Any]:
    """Search ``world`` by expectiminimax, every root action apart: its ``action_values``.

    Args:
        game: A two-player game with ``chance_outcomes``.
        world: A state of it where a player is to move.
        **options: Options of :func:`~gamesearch.expectiminimax` (``depth``, ``evaluate``,
            ``pruning``, ``bounds``).

    Returns:
        A result whose ``action_values`` hold each action's expected value for the player to
        move in ``world`` (the best one's ``value`` and ``action``); the stats of all the
        searches, added up.
    """
    view = FirstMoveView(game)
    found = [(a, expectiminimax(view, view.root(world, a), **options)) for a in game.actions(world)]
    best_action, best = max(found, key=lambda pair: pair[1].value)  # the first of the best
    stats = [result.stats for _, result in found]
    return SearchResult(
        value=best.value,
        action=best_action,
        pv=best.pv,
        player=best.player,
        stats=SearchStats(
            nodes=sum(s.nodes for s in stats),
            leaves=sum(s.leaves for s in stats),
            cutoffs=sum(s.cutoffs for s in stats),
            max_depth=max(s.max_depth for s in stats),
            elapsed=sum(s.elapsed for s in stats),
        ),
        depth=best.depth,
        exact=all(result.exact for _, result in found),
        action_values=tuple((action, result.value) for action, result in found),
    )


class AlphabetaOrExpectiminimax:
    """PIMC's default searcher of worlds: ``alphabeta``, or ``expectiminimax`` past chance.

    Called with a :class:`~._determinized.DeterministicView` and a world, it searches the world
    with ``alphabeta`` (``root_values=True``); where that meets a chance node, it searches the
    world again with :func:`expectiminimax_values` on the game itself, and every later world
    with it at once (the worlds of one root are alike). The options, such as ``depth`` and
    ``evaluate``, go to both.
    """

    def __init__(self, **options: Any) -> None:
        self.options = options
        """The searchers' keyword options."""
        self.chance_ahead = False
        """Whether a world has met a chance node: then every world goes to expectiminimax."""

    def __call__(self, view: DeterministicView, world: Any) -> SearchResult[Any]:
        if not self.chance_ahead:
            try:
                return alphabeta(view, world, **{**self.options, "root_values": True})
            except ChanceAhead:
                self.chance_ahead = True
        return expectiminimax_values(view.game, world, **self.options)
