"""Input checks shared by the searchers of games with any number of players."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .._core import Problem, check_depth, check_game, resolve_root
from .._validation import is_player, mover_error
from ..errors import UnsupportedGameError
from ..game import Game, Player

_S = TypeVar("_S")


def check_players(game: object, searcher: str) -> int:
    """``game.num_players`` after checking that it is an int >= 1.

    Raises:
        UnsupportedGameError: ``num_players`` is not an int >= 1.
    """
    players = getattr(game, "num_players", None)
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise UnsupportedGameError(
            f"{searcher} searches games of one or more players, but {type(game).__name__} has "
            f"num_players={players!r}"
        )
    return players


def prepare_players(
    game: Game[_S, Any],
    state: _S | None,
    depth: int | None,
    evaluate: Callable[[_S, Player], float] | None,
    *,
    searcher: str,
) -> tuple[Problem, int]:
    """Check a search request for a game of any number of players, and resolve its defaults.

    Returns:
        The root and the ply limit (-1 for none), and the number of players.

    Raises:
        NotAGameError: ``game`` lacks members of the protocol.
        UnsupportedGameError: ``game.num_players`` is not an int >= 1.
        InvalidSearchOptionError: ``depth`` is not an int >= 1, or is given without a callable
            ``evaluate``.
        GameProtocolError: the root state is not hashable, or ``to_move`` names no player
            there.
    """
    check_game(game)
    players = check_players(game, searcher)
    limit = check_depth(depth, evaluate, searcher)
    root = resolve_root(game, state)
    if not game.is_terminal(root):
        mover = game.to_move(root)
        if not is_player(mover, players, chance=False):
            raise mover_error(root, mover, players, chance=False)
    return Problem(root, limit), players
