"""What the searchers of games of chance share: their setup, bounds and errors.

A chance node's distribution is read by :func:`gamesearch._distributions.distribution`, shared with
every other searcher that meets one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import replace
from numbers import Real
from typing import Any, NamedTuple

from .._entry import check_depth, check_is_game, resolve_root
from .._kinds import check_kind
from .._validation import is_player, mover_error
from ..capabilities import Capabilities
from ..errors import (
    InvalidSearchOptionError,
    InvalidUtilityError,
)
from ..game import CHANCE, Game, Player
from ..result import SearchResult

PRUNINGS = ("star1", "star2")
"""The values of ``expectiminimax``'s ``pruning`` option, besides ``None``."""


class ChanceRequest(NamedTuple):
    """A validated search request for a game that may have chance nodes."""

    root: Any
    """The state to search from."""

    horizon: int
    """The decision ply at which non-terminal states are evaluated, or -1 for no limit."""

    player: Player
    """MAX, whose expected utility the search computes: the player to move at the root, or
    player 0 when the root is a chance node."""

    chance_outcomes: Callable[[Any], Iterable[tuple[Any, Any]]] | None
    """The game's ``chance_outcomes`` method, if it has one."""


def prepare_chance(
    game: Game[Any, Any], state: object, depth: object, evaluate: object, members: Capabilities,
    searcher: str,
) -> ChanceRequest:  # fmt: skip
    """Check a search request for a game of chance and resolve its defaults.

    ``members`` is the game's record, read once by the searcher.

    Raises:
        NotAGameError: ``game`` lacks members of the protocol.
        UnsupportedGameError: a game of a kind the searcher's row of the registry does not
            accept: of imperfect information, or with other than two players (expectiminimax),
            or with no player.
        InvalidSearchOptionError: a bad ``depth``, or ``depth`` without ``evaluate``.
        GameProtocolError: the root state is not hashable.
    """
    check_is_game(game)
    players = check_kind(game, searcher, members)
    horizon = check_depth(depth, evaluate, searcher)
    root = resolve_root(game, state, members)
    outcomes = members.chance_outcomes
    mover = game.to_move(root)
    if not game.is_terminal(root) and not is_player(mover, players, chance=outcomes is not None):
        raise mover_error(root, mover, players, chance=outcomes is not None)
    return ChanceRequest(root, horizon, 0 if mover == CHANCE else int(mover), outcomes)


def check_bounds(bounds: object, pruning: object, searcher: str) -> tuple[Any, Any] | None:
    """The ``(lower, upper)`` bounds on every value, after checking them and ``pruning``.

    Raises:
        InvalidSearchOptionError: ``pruning`` is not ``None``, ``"star1"`` or ``"star2"``;
            pruning is asked for without bounds; or the bounds are not two finite numbers with
            ``lower < upper``.
    """
    if pruning is not None and pruning not in PRUNINGS:
        raise InvalidSearchOptionError(
            f"{searcher}: pruning must be None, 'star1' or 'star2', not {pruning!r}"
        )
    if bounds is None:
        if pruning is not None:
            raise InvalidSearchOptionError(
                f"{searcher}: pruning={pruning!r} needs bounds=(lower, upper): numbers that no "
                "utility and no evaluation goes below or above (Ballard's L and U)"
            )
        return None
    pair: Any = bounds
    try:
        lower, upper = pair
    except (TypeError, ValueError):
        raise InvalidSearchOptionError(
            f"{searcher}: bounds must be a pair (lower, upper), not {bounds!r}"
        ) from None
    for bound in (lower, upper):
        if isinstance(bound, bool) or not isinstance(bound, Real) or not math.isfinite(bound):
            raise InvalidSearchOptionError(
                f"{searcher}: bounds must be finite numbers, not {bounds!r}"
            )
    if not lower < upper:
        raise InvalidSearchOptionError(
            f"{searcher}: bounds must satisfy lower < upper, got {bounds!r}"
        )
    return lower, upper


def bounds_error(
    state: object, player: Player, source: str, value: object, bounds: tuple[Any, Any]
) -> InvalidUtilityError:
    """The error for a utility or evaluation outside the declared ``bounds``."""
    return InvalidUtilityError(
        f"{source}(state, {player}) returned {value!r} for state {state!r}, outside the declared "
        f"bounds {bounds!r}; Star1 and Star2 prune with the bounds, so every utility and "
        "evaluation must lie within them"
    )


def infinite_mix_error(state: object) -> InvalidUtilityError:
    """The error for an expectation over +inf and -inf, which is NaN."""
    return InvalidUtilityError(
        f"the outcomes of state {state!r} are worth both +inf and -inf: their expectation is "
        "undefined (NaN)"
    )


def chance_result(game: Game[Any, Any], root: Any, found: SearchResult[Any]) -> SearchResult[Any]:
    """A chance search's result ``found`` (for MAX, ``found.player``), made by ``make_result``.

    There is no action to report at a root where nature moves: there it has none.
    """
    if found.action is not None and game.to_move(root) != found.player:
        found = replace(found, action=None)  # nature moves at the root: nothing to decide
    return found
