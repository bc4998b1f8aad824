"""A game made from its name and parameters, as the front ends (the command and the page) make it.

:func:`make_game` makes a game of perfect information that the registry names
(:func:`gamesearch.games.find_game`: a bundled game, or ``module:Class``) with its ``NAME=VALUE``
parameters, and reads its record of optional members once; a game of imperfect information is
refused there with the command that takes it (:func:`refuse_imperfect`).
:func:`make_imperfect_game` makes the games of imperfect information that ``gamesearch cfr``
and ``gamesearch play`` know by name (:data:`CFR_GAMES`, :data:`IMPERFECT_GAMES`).
"""

from __future__ import annotations

import ast
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from .._kinds import check_perfect_information
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError, UnknownGameError, short_repr
from ..games.registry import GameSpec, find_game
from ..imperfect.kuhn import KuhnPoker
from ..imperfect.leduc import LeducPoker
from ..imperfect.liars_dice import LiarsDice
from ..imperfect.oh_hell import OhHell
from .board import with_capabilities

CFR_GAMES: dict[str, Any] = {"kuhn": KuhnPoker, "leduc": LeducPoker, "liars_dice": LiarsDice}
"""The games ``gamesearch cfr`` knows by name."""

IMPERFECT_GAMES: dict[str, Any] = {**CFR_GAMES, "ohhell": OhHell}
"""The games of imperfect information ``gamesearch play`` knows by name: cfr's, and Oh Hell."""

_PROTOCOL = ("initial_state", "to_move", "actions", "result", "is_terminal", "utility")


def make_game(name: str, params: Sequence[str], command: str) -> tuple[GameSpec, Any, Capabilities]:
    """The game called ``name``, made with its ``NAME=VALUE`` parameters ``params``, and its record.

    The record of the game's optional members is read here, once for the whole command (or
    the page's request). ``command`` (``solve``, ``play``, ``match``) searches as if every
    player saw everything.

    Raises:
        UnknownGameError: no such game, or an import path to something that is not a game.
        InvalidSearchOptionError: a parameter the game does not take, or refuses.
        GameProtocolError: an optional member that must be a method is not callable, or
            ``player_names`` or ``layout`` is not what the command can show.
        UnsupportedGameError: a game of imperfect information (by its name, such as ``kuhn``,
            or one that declares ``information_set``): the message names ``gamesearch cfr``.
    """
    refuse_imperfect(command, name, params)
    spec = find_game(name)
    game = spec.make_from(params)
    missing = [member for member in _PROTOCOL if not callable(getattr(game, member, None))]
    if missing:
        raise UnknownGameError(f"{spec.name} does not make a game: it has no {', '.join(missing)}")
    players = getattr(game, "num_players", None)
    if players is None:
        raise UnknownGameError(f"{spec.name} does not make a game: it has no num_players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise UnknownGameError(
            f"{spec.name} does not make a game: its num_players must be an int, not "
            f"{short_repr(players)}"
        )
    members = Capabilities.of(game)
    refuse_imperfect(command, name, params, game, members)
    if len(spec.players) < game.num_players:  # names for fewer players (tree's MAX and MIN)
        spec = replace(spec, players=())  # name none rather than some: player 0, 1, 2, ...
    return with_capabilities(spec, members), game, members


def make_imperfect_game(name: str, params: list[str], games: Mapping[str, Any] = CFR_GAMES) -> Any:
    """The game called ``name`` in ``games`` (or at the path ``module:Class``), with its parameters.

    Raises:
        UnknownGameError: no such game, or one without ``information_set``.
        InvalidSearchOptionError: a parameter that is not ``NAME=VALUE``, or that the game
            refuses.
    """
    if ":" in name:
        game = find_game(name).make_from(params)
    else:
        cls = games.get(name.strip().lower())
        if cls is None:
            raise UnknownGameError(
                f"cfr knows the games {', '.join(games)}; {name!r} is none of them (give a "
                "game of your own as module:Class)"
            )
        values = {}
        for assignment in params:
            key, equals, text = assignment.partition("=")
            if not equals or not key.strip().isidentifier():
                raise InvalidSearchOptionError(f"{assignment!r}: give a parameter as NAME=VALUE")
            try:
                values[key.strip()] = ast.literal_eval(text.strip())
            except (ValueError, SyntaxError):
                values[key.strip()] = text.strip()
        try:
            game = cls(**values)
        except (TypeError, ValueError) as exc:
            raise InvalidSearchOptionError(f"{name}: {exc}") from None
    if Capabilities.of(game).information_set is None:
        raise UnknownGameError(
            f"{name} is not a game of imperfect information: it has no information_set"
        )
    return game


def refuse_imperfect(
    command: str,
    name: str,
    params: Sequence[str],
    game: Any = None,
    members: Capabilities | None = None,
) -> None:
    """Refuse a game of imperfect information to ``gamesearch COMMAND``, which would see all.

    ``game`` is the game made of ``name`` and ``params`` (``members`` its record, if read), or
    ``None`` before it is made: then a name of a game of imperfect information that ``cfr`` or
    ``play`` knows (``kuhn``, ...), which no reference game has, makes it here, to be refused.

    Raises:
        UnsupportedGameError: the game declares ``information_set``; the message names the
            command that takes it, as the command line gave it: ``gamesearch cfr NAME -p ...``
            (for a game ``cfr`` knows, or one of one's own), and ``gamesearch play``.
    """
    known = name.strip().lower()
    if game is None:
        if known not in IMPERFECT_GAMES:
            return
        game = make_imperfect_game(name, list(params), IMPERFECT_GAMES)
    found = Capabilities.of(game) if members is None else members
    given = shlex.join([name, *(part for param in params for part in ("-p", param))])
    takers = []
    if known in CFR_GAMES or ":" in name:  # not Oh Hell, too big for CFR's walk of the whole tree
        takers.append(f"solve it with gamesearch cfr {given} --iterations 1000")
    if found.sample_state is not None:  # ismcts samples the hidden states
        takers.append(f"play it against ismcts with gamesearch play {given}")
    instead = ", or ".join(takers)
    check_perfect_information(game, f"gamesearch {command}", found, instead=instead)
