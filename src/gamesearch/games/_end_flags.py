"""The end of a game on the bitboards of TicTacToe and ConnectFour: who won, and what it is worth.

Both games keep a state in one ``int``: the board's bits, then the player to move (bit
``turn_shift``), then an *over* flag and above it a *won* flag. A state at least ``won`` is won
by the player who moved last; one at least ``over`` (but not ``won``) is a draw.
"""

from __future__ import annotations

from typing import Protocol

from ..errors import GameProtocolError
from ..game import Player

__all__ = ["FlaggedBoards", "flagged_utility", "flagged_winner"]


class FlaggedBoards(Protocol):
    """A game whose states carry the player to move and the two end flags (see above)."""

    _turn_shift: int
    _over: int
    _won: int

    def render(self, state: int) -> str:
        """The board, for the message of a utility asked too early."""
        ...


def flagged_utility(game: FlaggedBoards, state: int, player: Player, name: str) -> float:
    """+1 if ``player`` won, -1 if it lost, 0 for a draw: ``game.utility``'s body.

    Args:
        game: The game, whose flags the state carries.
        state: A terminal state.
        player: 0 or 1.
        name: The game's name, for the message of a player who is neither.

    Raises:
        GameProtocolError: ``state`` is not terminal.
        ValueError: ``player`` is not 0 or 1.
    """
    if state >= game._won:
        winner = (state >> game._turn_shift & 1) ^ 1  # the player who moved last
        if player == winner:
            return 1.0
        if player == winner ^ 1:
            return -1.0
    elif state >= game._over:
        if player == 0 or player == 1:
            return 0.0
    else:
        raise GameProtocolError(f"utility of a game in progress:\n{game.render(state)}")
    raise ValueError(f"{name} has players 0 (X) and 1 (O), not {player!r}")


def flagged_winner(game: FlaggedBoards, state: int) -> Player | None:
    """The player who moved last if ``state`` is won, else ``None``: ``game.winner``'s body."""
    if state >= game._won:
        return (state >> game._turn_shift & 1) ^ 1
    return None
