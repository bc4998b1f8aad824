"""Best responses, NashConv and exploitability of any strategy profile, exact by full traversal.

A *best response* of a player to the others' strategies is a strategy that maximises its
expected utility against them; with perfect recall a pure one exists, found bottom-up: at each
of the player's information sets, the action whose counterfactual value (summed over the set's
histories, weighed by the others' and chance's probability of reaching them) is highest.

*NashConv* is the sum over the players of what each gains by switching to a best response:
0 exactly at a Nash equilibrium. OpenSpiel's *exploitability* is NashConv divided by the
number of players; for two players in a zero-sum game it is the average of what the two best
responses win, the usual measure of how far a profile is from an equilibrium.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..errors import InvalidSearchOptionError, UnsupportedGameError
from ..game import Player
from ._forms import build_form
from ._pickling import reduce_result
from ._sequences import (
    SequenceForm,
    best_response_value,
    nash_conv_of,
    sigma_of,
)
from ._sequences import expected_values as _expected
from .protocol import ImperfectInformationGame, InfoSetKey, Strategy

__all__ = ["BestResponse", "best_response", "expected_values", "exploitability", "nash_conv"]


@dataclass(frozen=True)
class BestResponse:
    """A best response of one player to the others' strategies (from :func:`best_response`)."""

    player: Player
    """The player who responds."""

    value: float
    """``player``'s expected utility when it plays ``strategy`` and the others play theirs:
    the most it can get against them."""

    strategy: Mapping[InfoSetKey, Any]
    """A pure best response: each of ``player``'s information sets' key to the action it plays
    there (read-only). Where the others never let play reach a set, its first action."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its strategy as plain dicts, read-only again when loaded."""
        return reduce_result(self)


def _form(game: ImperfectInformationGame[Any, Any], searcher: str) -> SequenceForm:
    return build_form(game, searcher=searcher)


def best_response(
    game: ImperfectInformationGame[Any, Any], profile: Strategy, player: Player
) -> BestResponse:
    """A best response of ``player`` to the other players' strategies in ``profile``.

    Args:
        game: A game of imperfect information with perfect recall, small enough to enumerate.
        profile: A strategy for every information set of the other players (``player``'s own
            entries, if any, are not read).
        player: The player who responds.

    Returns:
        The best response, and the expected utility it gets for ``player``.

    Raises:
        InvalidSearchOptionError: ``player`` is not one of the game's players, or ``profile``
            lacks an information set of another player.
        IllegalActionError: ``profile`` gives an action that its information set lacks.
        InvalidDistributionError: ``profile``'s probabilities at a set do not sum to 1.
        NotAGameError: ``game`` lacks members of the protocol.
        UnsupportedGameError: the game lacks perfect recall, or is too big to enumerate.
        GameProtocolError: the game breaks the protocol.

    Example:
        Against a second player of Kuhn poker who always passes (and folds), the first bets a
        Jack and a Queen, and wins the antes every hand:

        >>> from gamesearch.imperfect import KuhnPoker
        >>> game = KuhnPoker()
        >>> passive = {key: {0: 1.0} for key in ("0p", "1p", "2p", "0b", "1b", "2b")}
        >>> response = best_response(game, passive, 0)
        >>> response.value, response.strategy["0"], response.strategy["1"]
        (1.0, 1, 1)
    """
    form = _form(game, "best_response")
    _check_player(form, player)
    others = [q for q in range(form.num_players) if q != player]
    sigma = sigma_of(form, profile, others, "best_response")
    value, choice = best_response_value(form, player, sigma)
    strategy = {form.keys[i]: form.infoset_actions[i][choice[i]] for i in form.own[player]}
    return BestResponse(player, value, MappingProxyType(strategy))


def expected_values(
    game: ImperfectInformationGame[Any, Any], profile: Strategy
) -> tuple[float, ...]:
    """Every player's expected utility when all play ``profile``, indexed by player.

    Raises:
        InvalidSearchOptionError: ``profile`` lacks an information set.
        GameSearchError: the other errors of :func:`best_response`, for the same causes.

    Example:
        >>> from gamesearch.imperfect import KuhnPoker, cfr
        >>> game = KuhnPoker()
        >>> uniform = {key: {0: 0.5, 1: 0.5} for key in cfr(game, iterations=1).strategy}
        >>> first, second = expected_values(game, uniform)
        >>> round(first, 6), round(second, 6)
        (0.125, -0.125)
    """
    form = _form(game, "expected_values")
    return _expected(form, sigma_of(form, profile, range(form.num_players), "expected_values"))


def nash_conv(game: ImperfectInformationGame[Any, Any], profile: Strategy) -> float:
    """NashConv: the sum over the players of what a best response to ``profile`` gains each.

    0 exactly at a Nash equilibrium, and never below 0.

    Raises:
        InvalidSearchOptionError: ``profile`` lacks an information set.
        GameSearchError: the other errors of :func:`best_response`, for the same causes.
    """
    form = _form(game, "nash_conv")
    sigma = sigma_of(form, profile, range(form.num_players), "nash_conv")
    return nash_conv_of(form, sigma)[0]


def exploitability(game: ImperfectInformationGame[Any, Any], profile: Strategy) -> float:
    """NashConv divided by the number of players, as OpenSpiel defines exploitability.

    For a two-player zero-sum game, the mean of what the two best responses to ``profile``
    win: how much an opponent who knows ``profile`` takes per hand, averaged over the seats.

    Raises:
        UnsupportedGameError: the utilities do not sum to the same constant at every end of the
            game (then exploitability is not defined; :func:`nash_conv` is).
        GameSearchError: the other errors of :func:`best_response`, for the same causes.

    Example:
        Kuhn poker's equilibrium (with alpha = 0) is not exploitable:

        >>> from gamesearch.imperfect import KuhnPoker
        >>> equilibrium = {
        ...     "0": {0: 1.0}, "0pb": {0: 1.0}, "1": {0: 1.0}, "1pb": {0: 2 / 3, 1: 1 / 3},
        ...     "2": {0: 1.0}, "2pb": {1: 1.0}, "0p": {0: 2 / 3, 1: 1 / 3}, "0b": {0: 1.0},
        ...     "1p": {0: 1.0}, "1b": {0: 2 / 3, 1: 1 / 3}, "2p": {1: 1.0}, "2b": {1: 1.0}}
        >>> abs(exploitability(KuhnPoker(), equilibrium)) < 1e-12
        True
    """
    form = _form(game, "exploitability")
    if form.constant_sum is None:
        raise UnsupportedGameError(
            f"exploitability is defined for constant-sum games, and the utilities of "
            f"{type(game).__name__} do not always sum to the same number: use nash_conv"
        )
    sigma = sigma_of(form, profile, range(form.num_players), "exploitability")
    return nash_conv_of(form, sigma)[0] / form.num_players


def _check_player(form: SequenceForm, player: object) -> None:
    players = range(form.num_players)
    if isinstance(player, bool) or not isinstance(player, int) or player not in players:
        raise InvalidSearchOptionError(
            f"best_response: player must be one of the game's players, 0 to "
            f"{form.num_players - 1}, not {player!r}"
        )
