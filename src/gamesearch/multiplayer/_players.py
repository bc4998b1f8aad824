"""The entry shared by the searchers of games with any number of players: one check of a request."""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar

from .._entry import (
    check_depth,
    check_is_game,
    depth_limit,
    game_evaluation,
    resolve_root,
)
from .._kinds import check_kind
from .._validation import is_player, mover_error
from ..capabilities import Capabilities
from ..game import Evaluation, Game

_S = TypeVar("_S")


class Request(NamedTuple):
    """A checked search request of max-n, paranoid or best-reply search."""

    root: Any
    """The state to search from."""

    horizon: int
    """The ply at which non-terminal states are evaluated, or -1 for no limit."""

    players: int
    """``game.num_players``, an int >= 1."""

    evaluate: Evaluation[Any] | None
    """The evaluation at the depth limit: the one given, or the game's own; ``None`` without
    a depth limit, unless one was given anyway."""

    members: Capabilities
    """The game's optional members, read once at the entry."""


def prepare_players(
    game: Game[_S, Any],
    state: _S | None,
    depth: int | None,
    evaluate: Evaluation[_S] | None,
    limits: tuple[object, object, object],
    searcher: str,
) -> Request:
    """Check a search request for a game of any number of players, and resolve its defaults.

    ``limits`` are the ``limit``, ``time_limit`` and ``node_limit`` the searcher was given:
    it refuses the last two, and ``limit`` may give the depth. ``evaluate`` defaults to the
    game's own for a depth-limited search.

    Raises:
        InvalidSearchOptionError: a time or node limit, ``depth`` not an int >= 1, or given
            without a callable ``evaluate``.
        NotAGameError: ``game`` lacks members of the protocol.
        UnsupportedGameError: ``game`` is of imperfect information, has chance nodes, or its
            ``num_players`` is not an int >= 1.
        GameProtocolError: the root state is not hashable, or ``to_move`` names no player
            there.
    """
    given, time_limit, node_limit = limits
    depth = depth_limit(searcher, given, depth, time_limit, node_limit)
    check_is_game(game)
    members = Capabilities.of(game)  # the game's optional members, read once for the checks
    players = check_kind(game, searcher, members)
    evaluate = game_evaluation(game, depth, evaluate, members)
    horizon = check_depth(depth, evaluate, searcher)
    root = resolve_root(game, state, members)
    if not game.is_terminal(root):
        mover = game.to_move(root)
        if not is_player(mover, players, chance=False):
            raise mover_error(root, mover, players, chance=False)
    return Request(root, horizon, players, evaluate, members)
