"""What the bundled games of imperfect information check alike: sizes, actions, players.

Private to :mod:`gamesearch.imperfect`.
"""

from __future__ import annotations

from .._parameters import check_size as check_size  # the same check as the other games
from ..errors import GameProtocolError, IllegalActionError


def check_legal(game: str, legal: tuple[object, ...], action: object) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is one of ``legal`` (a bool is not)."""
    if isinstance(action, bool) or action not in legal:
        raise IllegalActionError(action, legal, game)


def check_scored(
    game: str, over: bool, state: object, player: object, players: int, what: str = "utility"
) -> None:
    """Raise unless the hand is ``over`` and ``player`` is one of the game's ``players``.

    Raises:
        GameProtocolError: the hand is in progress (no ``what`` yet), or ``player`` is not a
            player.
    """
    if not over:
        raise GameProtocolError(f"{what} of a hand in progress: {state!r}")
    if isinstance(player, bool) or player not in range(players):
        raise GameProtocolError(f"{game} has players 0 to {players - 1}, not {player!r}")
