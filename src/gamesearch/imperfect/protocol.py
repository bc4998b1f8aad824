"""The protocols of games of imperfect information: what a player knows, and worlds to sample.

A game of imperfect information (poker, bridge, Kriegspiel) is a :class:`~gamesearch.Game`,
with chance nodes where cards are dealt (:class:`~gamesearch.StochasticGame`), plus what each
player knows: the *information set* of a state for a player, the set of states that player
cannot tell apart (AIMA 4th ed., section 5.6; Osborne and Rubinstein 1994, chapter 11). A game
names an information set by a hashable key, which :meth:`ImperfectInformationGame.information_set`
returns. A game of perfect information is the special case whose key is the state itself.

Searchers that sample worlds (determinization: Perfect Information Monte Carlo, Information Set
MCTS) also need to draw a state consistent with what a player knows: the optional
:meth:`DeterminizableGame.sample_state`.

:func:`~gamesearch.imperfect.check_information_sets` checks both promises on a game's states.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from .._lazy import LazyModule
from ..game import Game, Player

if TYPE_CHECKING:
    import random
else:  # named by the annotations only: imported if they are read
    random = LazyModule("random")

__all__ = [
    "DeterminizableGame",
    "ImperfectInformationGame",
    "InfoSetKey",
    "Strategy",
]

_S = TypeVar("_S", bound=Hashable)
_A = TypeVar("_A")

InfoSetKey = Hashable
"""The key of an information set: equal for exactly the states a player cannot tell apart."""

Strategy = Mapping[InfoSetKey, Mapping[Any, float]]
"""A behaviour strategy profile: for each information set's key, the probability of each of its
actions. One mapping holds every player's information sets (their keys never coincide); the
probabilities of an information set are numbers >= 0 that sum to 1. An action left out has
probability 0."""


@runtime_checkable
class ImperfectInformationGame(Game[_S, _A], Protocol):
    """A game in which a player may not know the state: the ``Game`` protocol plus information sets.

    Chance nodes (``to_move(state) == CHANCE`` with ``chance_outcomes(state)``, as in
    :class:`~gamesearch.StochasticGame`) deal what some players do not see.

    The promises, which :func:`~gamesearch.imperfect.check_information_sets` checks:

    - ``information_set(state, player)`` is hashable, and two decision states with the same key
      for the player to move have that same player to move and the same actions, in the same
      order (a player cannot act on what it does not know).
    - The keys of different players' information sets never coincide (put the player in the
      key, or let the key show whose turn it is).
    - Perfect recall, for the counterfactual regret and best-response algorithms: the states of
      an information set share the player's own earlier information sets and actions (a player
      forgets nothing it knew or did). The algorithms refuse a game that breaks it.

    Example:
        >>> from gamesearch.imperfect import KuhnPoker
        >>> game = KuhnPoker()
        >>> isinstance(game, ImperfectInformationGame)
        True
        >>> state = game.result(game.result(game.initial_state(), 2), 0)  # K to 0, J to 1
        >>> game.information_set(state, 0), game.information_set(state, 1)
        ('2', '0')
    """

    def information_set(self, state: _S, player: Player) -> InfoSetKey:
        """The key of what ``player`` knows in ``state``: the same for states it cannot tell apart.

        The searchers ask for the key of the player to move at decision states; sampling
        searchers may ask any player's at any non-terminal state.
        """
        ...


@runtime_checkable
class DeterminizableGame(ImperfectInformationGame[_S, _A], Protocol):
    """An imperfect-information game that can draw a world consistent with what a player knows.

    ``sample_state(state, player, rng)`` returns a state ``s`` with
    ``information_set(s, player) == information_set(state, player)``: the hidden facts (the
    other players' cards) drawn at random with ``rng``, in proportion to the probability chance
    gives them, as if the other players' actions told nothing (OpenSpiel's
    ``resample_from_infostate``). Determinizing searchers search each drawn world as a game of
    perfect information.
    """

    def sample_state(self, state: _S, player: Player, rng: random.Random) -> _S:
        """A state ``player`` cannot tell from ``state``, drawn at random with ``rng``."""
        ...
