"""The options of ``mcts``, checked once before the search, and the settings they make."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any

from .._entry import check_count, check_some_limit, check_time_limit
from .._kinds import check_kind
from .._validation import checked_generator
from ..capabilities import Capabilities
from ..errors import GameProtocolError, InvalidSearchOptionError
from ..game import Player

SEARCHER = "mcts"

EXPLORATION = math.sqrt(2)
"""The default exploration constant ``c``: UCB1's sqrt(2) (Auer, Cesa-Bianchi and Fischer
2002), for utilities on the win/loss scale ``[-1, 1]``. Left to its default (``exploration=
None``), the search multiplies it by the scale of the game's utilities
(:func:`exploration_scale`)."""

Rollout = Callable[[Any, random.Random], Sequence[float]]
"""``rollout(state, rng)``: every player's utility, indexed by player, at the end of a playout
(or an estimate of it) from the non-terminal ``state``."""

Prior = Callable[[Any, Sequence[Any]], Sequence[float]]
"""``prior(state, actions)``: one probability per action, in order, summing to 1."""


@dataclass(frozen=True)
class Settings:
    """The checked options of one search."""

    players: int
    iterations: int | None
    time_limit: float | None
    node_limit: int | None
    exploration: float
    """The exploration constant: as given, else :data:`EXPLORATION`."""
    fit: bool
    """Whether ``exploration`` is scaled to the game's utilities (it was left to its default)."""
    evaluate: Callable[[Any, Player], float] | None
    rollout: Rollout | None
    prior: Prior | None
    dirichlet: tuple[float, float] | None
    solver: bool
    bounds: tuple[float, float] | None
    """``bounds=`` as given, else the game's ``utility_bounds``, else ``None``."""
    capabilities: Capabilities
    """The game's optional members (its ``chance_outcomes``, ``key``), read once."""


def check_options(game: Any, options: dict[str, Any]) -> Settings:
    """The settings for ``options`` (``mcts``'s keyword arguments), after checking them all.

    Raises:
        InvalidSearchOptionError: no limit, a limit that is not a positive number, or any
            other option of the wrong type or out of range (the message says which).
        UnsupportedGameError: a game of imperfect information, or with no player.
        GameProtocolError: the game's ``utility_bounds`` is not a range, or an optional member
            that must be a method is not callable.
    """
    found = Capabilities.of(game)
    players = check_kind(game, SEARCHER, found)
    iterations, time_limit, node_limit = (
        options["iterations"],
        options["time_limit"],
        options["node_limit"],
    )
    # it stops at the first limit reached
    check_some_limit(SEARCHER, iterations=iterations, time_limit=time_limit, node_limit=node_limit)
    for name in ("iterations", "node_limit"):
        check_count(SEARCHER, name, options[name])
    check_time_limit(SEARCHER, time_limit)
    exploration = options["exploration"]
    fit = exploration is None
    if fit:
        exploration = EXPLORATION
    elif not _is_number(exploration) or not 0 <= exploration < math.inf:
        raise InvalidSearchOptionError(
            f"{SEARCHER}: exploration must be a finite number >= 0 (the constant on the game's "
            f"own scale), or None to fit the default to the game's utilities; not "
            f"{exploration!r}"
        )
    for name in ("evaluate", "rollout", "prior"):
        if options[name] is not None and not callable(options[name]):
            raise InvalidSearchOptionError(f"{SEARCHER}: {name} must be callable or None")
    if options["evaluate"] is not None and options["rollout"] is not None:
        raise InvalidSearchOptionError(
            f"{SEARCHER}: pass evaluate or rollout, not both: evaluate scores a new leaf "
            "without a playout, rollout plays it out"
        )
    if not isinstance(options["solver"], bool):
        raise InvalidSearchOptionError(f"{SEARCHER}: solver must be True or False")
    return Settings(
        players=players,
        iterations=iterations,
        time_limit=None if time_limit is None else float(time_limit),
        node_limit=node_limit,
        exploration=float(exploration),
        fit=fit,
        evaluate=options["evaluate"],
        rollout=options["rollout"],
        prior=options["prior"],
        dirichlet=_check_dirichlet(options["dirichlet"], options["prior"]),
        solver=options["solver"] and players == 2,
        bounds=_check_bounds(options["bounds"]) or declared_bounds(found),
        capabilities=found,
    )


def make_rng(rng: object) -> random.Random:
    """The generator for ``rng``: a ``random.Random`` as given, a new one seeded by an int."""
    return checked_generator(rng, f"{SEARCHER}: rng must be an int seed, a random.Random or None")


def _is_number(value: object) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool) and value == value


def _check_dirichlet(dirichlet: object, prior: object) -> tuple[float, float] | None:
    if dirichlet is None:
        return None
    if prior is None:
        raise InvalidSearchOptionError(
            f"{SEARCHER}: dirichlet noise mixes into the root's prior: pass prior= too"
        )
    pair: Any = dirichlet
    if (
        not isinstance(pair, tuple)
        or len(pair) != 2
        or not all(_is_number(x) for x in pair)
        or not 0 < pair[0] < math.inf
        or not 0 <= pair[1] <= 1
    ):
        raise InvalidSearchOptionError(
            f"{SEARCHER}: dirichlet must be a pair (alpha, weight) with alpha > 0 and "
            f"0 <= weight <= 1, such as (0.3, 0.25) as AlphaZero used in chess; got {dirichlet!r}"
        )
    return float(pair[0]), float(pair[1])


def _check_bounds(bounds: object) -> tuple[float, float] | None:
    if bounds is None:
        return None
    pair = _range(bounds)
    if pair is None:
        raise InvalidSearchOptionError(
            f"{SEARCHER}: bounds must be a pair (lowest, highest) of finite numbers with "
            f"lowest < highest: the least and the most utility a player can get, such as "
            f"(-1, 1); got {bounds!r}"
        )
    return pair


def _range(pair: Any) -> tuple[float, float] | None:
    """``pair`` as ``(lowest, highest)`` if it is two finite numbers, the first the smaller."""
    if (
        not isinstance(pair, tuple)
        or len(pair) != 2
        or not all(_is_number(x) and math.isfinite(x) for x in pair)
        or not pair[0] < pair[1]
    ):
        return None
    return float(pair[0]), float(pair[1])


def declared_bounds(capabilities: Capabilities) -> tuple[float, float] | None:
    """The game's ``utility_bounds`` (an attribute or a method of no argument), or ``None``.

    The one place where ``mcts`` reads this optional member (see :mod:`gamesearch.game`), from
    the game's record ``capabilities``.

    Raises:
        GameProtocolError: ``utility_bounds`` is not a pair ``(lowest, highest)`` of finite
            numbers with ``lowest < highest``.
    """
    declared = capabilities.utility_bounds
    if callable(declared):
        declared = declared()
    if declared is None:
        return None
    pair = _range(declared)
    if pair is None:
        raise GameProtocolError(
            f"{capabilities.game_name}.utility_bounds must be a pair (lowest, highest) of finite "
            f"numbers with lowest < highest: the least and the most utility a player can get, "
            f"such as (-24, 24) for a store difference of 24 seeds; got {declared!r}"
        )
    return pair


def exploration_scale(low: float, high: float) -> float:
    """How much the exploration term is widened for utilities from ``low`` to ``high``.

    Half the range, and never less than 1: the default constant is tuned for the win/loss
    scale ``[-1, 1]``, and a game whose utilities spread no wider (wins, draws and losses as
    +-1 and 0, or 1 and 0) is searched exactly as with the raw constant. Scaling the
    exploration term by the range ranks the children as normalising their means to
    ``[-1, 1]`` would (the min-max normalisation of MuZero's pseudocode, Schrittwieser et al.
    2020), while a range of ``[-1, 1]`` leaves every float unchanged.
    """
    return max(1.0, (high - low) / 2)
