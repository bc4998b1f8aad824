"""A position of a game the page plays: the game made from its name and parameters, then moves.

The page keeps no Python object: a position travels as the game's name, its parameters
(``size=7``) and the moves played from the start (``"4,0,8"``), and is made again for each
request. Each move is written as ``gamesearch play`` writes it, with ``-`` for a comma inside
one (Nim's ``(0, 2)`` is ``0-2``), so that commas only separate moves. A mistake in any part
is a :class:`Refused`, which names the control of the page it came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..capabilities import Capabilities
from ..errors import GameSearchError, InvalidSearchOptionError
from ..frontdoor.board import move_text, position_from
from ..frontdoor.making import make_game
from ..game import CHANCE
from ..games.registry import GameSpec
from ..imperfect.kuhn import KuhnPoker
from ._catalogue import SEARCHERS, PageGame, describe, page_game, searchers_for
from ._params import split_parameters

__all__ = ["MOST_MOVES", "Position", "Refused", "offered", "position_at", "position_of", "token"]

MOST_MOVES = 1000
"""The most moves a position may carry."""

_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,16}")

_KUHN = GameSpec("kuhn", KuhnPoker, "Kuhn poker", players=("player 0", "player 1"))


class Refused(InvalidSearchOptionError):
    """A request the page refuses, with the control that caused it (``field``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        """The page's control whose value is refused: ``game``, ``params``, ``moves``,
        ``searcher``, ``amount``, ``evaluation``, ``depth``..."""


@dataclass(frozen=True)
class Position:
    """A game the page plays, made, and a position in it."""

    entry: PageGame
    """The page's row of the game: how it is drawn, its scale of utilities."""

    spec: GameSpec
    """The registry's row of the game: its players' names."""

    game: Any
    """The game, made with its parameters."""

    members: Capabilities
    """The game's optional members."""

    state: Any
    """The position."""

    moves: tuple[str, ...]
    """The moves played from the start, as typed."""

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return bool(self.game.is_terminal(self.state))

    @property
    def chance(self) -> bool:
        """Whether chance moves next (a roll of the dice, a deal)."""
        return not self.over and self.game.to_move(self.state) == CHANCE


def token(action: Any) -> str:
    """How the page writes ``action`` in a list of moves: as the command does, ``-`` for ``,``.

    >>> token((0, 2)), token(4), token("c3")
    ('0-2', '4', 'c3')
    """
    return move_text(action).replace(",", "-")


def _moves(text: object) -> list[str]:
    """The moves written ``"4,0,8"`` (empty for none), each as typed.

    Raises:
        Refused: not a string of at most :data:`MOST_MOVES` moves of letters, digits and ``-``.
    """
    if not isinstance(text, str):
        raise Refused("moves", f"moves must be text such as 4,0,8, not {type(text).__name__}")
    moves = [move.strip() for move in text.split(",")] if text.strip() else []
    if len(moves) > MOST_MOVES or not all(_TOKEN.fullmatch(move) for move in moves):
        raise Refused(
            "moves",
            f"moves must be at most {MOST_MOVES} moves separated by commas, such as 4,0,8 or "
            f"c3,d4; not {text[:40]!r}",
        )
    return moves


def _made(entry: PageGame, params: object) -> tuple[GameSpec, Any, Capabilities]:
    """The game of ``entry`` made with the parameters typed as ``params``."""
    if not isinstance(params, str):
        raise Refused("params", "the parameters must be text such as size=7")
    try:
        assignments = split_parameters(params)
        if entry.name == "kuhn":
            if assignments:
                raise InvalidSearchOptionError("Kuhn poker in the page takes no parameters")
            game = KuhnPoker()
            return _KUHN, game, Capabilities.of(game)
        return make_game(entry.name, assignments, "play")
    except GameSearchError as exc:
        raise Refused("params", str(exc)) from exc


def position_of(name: object, params: object, moves: object) -> Position:
    """The position after ``moves`` in the game ``name`` made with ``params``.

    Raises:
        Refused: an unknown game (``game``), parameters it refuses (``params``), or a move
            that is not legal where it is played (``moves``).
    """
    try:
        entry = page_game(name)
    except GameSearchError as exc:
        raise Refused("game", str(exc)) from exc
    spec, game, members = _made(entry, params)
    played = _moves(moves)
    try:
        state = position_from(
            game, members, entry.name, [m.replace("-", ",") for m in played], None
        )
    except InvalidSearchOptionError as exc:
        said = str(exc).removeprefix("--moves: ")
        for move in played:  # the move as typed, not as the game reads it ("1-2" is "1,2")
            said = said.replace(repr(move.replace("-", ",")), repr(move))
        raise Refused("moves", said) from exc
    return Position(entry, spec, game, members, state, tuple(played))


def position_at(at: object) -> Position:
    """The position a request gives as ``{"game": ..., "params": ..., "moves": ...}``.

    Raises:
        Refused: not such a mapping, or a part of it refused (see :func:`position_of`).
    """
    if not isinstance(at, dict):
        raise Refused("game", "a position is given by its game, parameters and moves")
    return position_of(at.get("game"), at.get("params", ""), at.get("moves", ""))


def offered(position: Position) -> list[dict[str, Any]]:
    """The page's searchers that fit the game made, with their default limits.

    In the order of the game's defaults (its usual searcher first), then the others.
    """
    fit = searchers_for(
        position.game.num_players,
        position.members.chance_outcomes is not None,
        position.entry.board == "cards",
    )
    usual = [key for key, _ in position.entry.defaults]
    keys = sorted(fit, key=lambda key: usual.index(key) if key in usual else len(usual))
    return [describe(SEARCHERS[key], position.entry.default(key)) for key in keys]
