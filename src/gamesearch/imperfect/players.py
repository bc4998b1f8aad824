"""Players of games of imperfect information for :func:`~gamesearch.play` and tournaments.

A player of a game of imperfect information is handed the true state by ``play``; these players
look at it only through ``sample_state`` and ``information_set`` for the player to move, as
their searchers do, so they play on what that player knows. :class:`StrategyPlayer` plays a
strategy profile (from :func:`~gamesearch.imperfect.cfr`, or a file
:func:`~gamesearch.imperfect.load_strategy` read), looking only at the information set.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from ..errors import GameProtocolError, InvalidSearchOptionError
from ..game import CHANCE
from ._determinized import check_determinizable
from ._sampling import generator
from ._tree import check_imperfect
from .information_set_mcts import ISMCTSResult, ismcts
from .world_sampling import PIMCResult, pimc

__all__ = ["ISMCTSPlayer", "PIMCPlayer", "StrategyPlayer"]

_S = TypeVar("_S")
_A = TypeVar("_A")


def _keyword_options(searcher: Callable[..., Any]) -> set[str]:
    return {
        name
        for name, parameter in inspect.signature(searcher).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY
    }


class _SamplingPlayer(Generic[_S, _A]):
    """A player whose every move is the action of one search from the state it is given."""

    _searcher: Callable[..., Any]
    _name: str

    def __init__(self, game: Any, *, rng: Any = None, **options: Any) -> None:
        check_determinizable(game, self._name)
        unknown = sorted(set(options) - (_keyword_options(type(self)._searcher) - {"rng"}))
        if unknown:
            raise InvalidSearchOptionError(
                f"{self._name}: {', '.join(unknown)}: not an option of "
                f"{type(self)._searcher.__name__}"
            )
        self.game = game
        """The game it plays."""
        self.options = options
        """The options of every search."""
        self.rng = generator(rng, self._name)
        """The generator every search draws from (a tournament seeds it for each game)."""
        self.last: Any = None
        """The result of the last search; ``None`` before the first, or after a forced move."""

    def __repr__(self) -> str:
        options = "".join(f", {name}={value!r}" for name, value in self.options.items())
        return f"{self._name}({self.game!r}{options})"

    def bind(self, game: Any) -> Any:
        """This player, playing ``game`` (with the same generator and options)."""
        if game is self.game:
            return self
        return type(self)(game, rng=self.rng, **self.options)

    def __call__(self, state: _S) -> _A:
        """The action chosen in ``state``: the only legal one at once, else the search's.

        Raises:
            GameProtocolError: ``state`` has no actions.
        """
        legal = tuple(self.game.actions(state))
        if not legal:
            raise GameProtocolError(f"{self._name}: no move to make in state {state!r}")
        if len(legal) == 1:
            self.last = None
            return legal[0]  # type: ignore[no-any-return]  # the game's action
        self.last = type(self)._searcher(self.game, state, rng=self.rng, **self.options)
        return self.last.action  # type: ignore[no-any-return]  # the game's action


class PIMCPlayer(_SamplingPlayer[_S, _A]):
    """A player whose moves :func:`~gamesearch.imperfect.pimc` chooses; a forced move at once.

    Args:
        game: The game it plays (with ``sample_state``).
        rng: An int seed or a ``random.Random`` for all its searches.
        **options: :func:`pimc`'s options, such as ``worlds=20`` or ``searcher="mcts"``.

    Raises:
        InvalidSearchOptionError: an option ``pimc`` does not take.
        NotAGameError: ``game`` lacks ``sample_state``, ``information_set`` or a ``Game``
            member.

    Example:
        >>> from gamesearch import play, random_player
        >>> from gamesearch.imperfect import OhHell
        >>> game = OhHell()
        >>> record = play(game, [PIMCPlayer(game, worlds=8, rng=1), random_player(seed=1)], seed=4)
        >>> record.finished, record.utilities[0] == -record.utilities[1]
        (True, True)
    """

    _searcher = staticmethod(pimc)
    _name = "PIMCPlayer"
    last: PIMCResult[_A] | None


class ISMCTSPlayer(_SamplingPlayer[_S, _A]):
    """A player whose moves :func:`~gamesearch.imperfect.ismcts` chooses; a forced move at once.

    Each move grows a new tree (the tree is not kept between moves).

    Args:
        game: The game it plays (with ``sample_state``).
        rng: An int seed or a ``random.Random`` for all its searches.
        **options: :func:`ismcts`'s options, such as ``iterations=500`` or ``exploration=10``.

    Raises:
        InvalidSearchOptionError: an option ``ismcts`` does not take.
        NotAGameError: ``game`` lacks ``sample_state``, ``information_set`` or a ``Game``
            member.

    Example:
        >>> from gamesearch import play, random_player
        >>> from gamesearch.imperfect import OhHell
        >>> game = OhHell(3)
        >>> players = [ISMCTSPlayer(game, iterations=50, exploration=5, rng=1)]
        >>> record = play(game, [*players, random_player(seed=1), random_player(seed=2)], seed=4)
        >>> record.finished, len(record.utilities)
        (True, 3)
    """

    _searcher = staticmethod(ismcts)
    _name = "ISMCTSPlayer"
    last: ISMCTSResult[_A] | None


class StrategyPlayer(Generic[_S, _A]):
    """A player that plays a strategy profile: an action drawn with its information set's odds.

    At each move it looks up the information set of the player to move and draws one of the
    legal actions with the probabilities the profile gives them (an action the profile leaves
    out has probability 0), so it plays on what that player knows and nothing else.

    Args:
        game: The game it plays (with ``information_set``).
        strategy: Each information set's key to the probability of each of its actions, such
            as :attr:`CFRResult.strategy <gamesearch.imperfect.CFRResult.strategy>` or what
            :func:`~gamesearch.imperfect.load_strategy` read.
        rng: An int seed or a ``random.Random`` for its draws.

    Raises:
        NotAGameError: ``game`` lacks ``information_set`` or a ``Game`` member.

    Example:
        >>> from gamesearch import play, random_player
        >>> from gamesearch.imperfect import KuhnPoker, cfr
        >>> game = KuhnPoker()
        >>> solved = cfr(game, iterations=200)
        >>> record = play(game, [StrategyPlayer(game, solved.strategy, rng=1),
        ...                      random_player(seed=1)], seed=4)
        >>> record.finished
        True
    """

    def __init__(
        self, game: Any, strategy: Mapping[Any, Mapping[Any, float]], *, rng: Any = None
    ) -> None:
        check_imperfect(game, "StrategyPlayer")
        self.game = game
        """The game it plays."""
        self.strategy = {key: dict(odds) for key, odds in strategy.items()}
        """The profile it plays: a copy in plain dicts (a tournament copies its players, and a
        result's read-only mappings cannot be pickled)."""
        self.rng = generator(rng, "StrategyPlayer")
        """The generator its draws use (a tournament seeds it for each game)."""

    def __repr__(self) -> str:
        return f"StrategyPlayer({self.game!r}, <{len(self.strategy)} information sets>)"

    def bind(self, game: Any) -> StrategyPlayer[_S, _A]:
        """This player, playing ``game`` (with the same profile and generator)."""
        if game is self.game:
            return self
        return StrategyPlayer(game, self.strategy, rng=self.rng)

    def probabilities(self, state: _S) -> dict[_A, float]:
        """The probability of each legal action of ``state`` for the player to move.

        Raises:
            GameProtocolError: ``state`` is terminal or a chance node, or has no actions.
            InvalidSearchOptionError: the profile lacks the information set, or gives its
                legal actions no probability at all.
        """
        mover = self.game.to_move(state)
        legal = tuple(self.game.actions(state))
        if mover == CHANCE or not legal or self.game.is_terminal(state):
            raise GameProtocolError(f"StrategyPlayer: no player's move to make in {state!r}")
        key = self.game.information_set(state, mover)
        odds = self.strategy.get(key)
        if odds is None:
            raise InvalidSearchOptionError(
                f"StrategyPlayer: the strategy has no information set {key!r} (player {mover})"
            )
        chosen = {action: float(odds.get(action, 0.0)) for action in legal}
        if not sum(chosen.values()) > 0:
            raise InvalidSearchOptionError(
                f"StrategyPlayer: the strategy gives no legal action of {key!r} a probability"
            )
        return chosen

    def __call__(self, state: _S) -> _A:
        """An action of ``state``, drawn with the profile's odds (see :meth:`probabilities`)."""
        chosen = self.probabilities(state)
        return self.rng.choices(list(chosen), list(chosen.values()))[0]
