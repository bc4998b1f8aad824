"""How the command shows positions, moves and players, and reads moves back.

Moves are numbered as the library numbers actions, from 0: a tic-tac-toe square from 0 at the
top left, a Connect Four column from 0 on the left. A move is written as its action is,
without spaces, brackets or quotes (Nim's ``(0, 2)`` is ``0,2``), and boards are drawn with
their coordinates: a key of square numbers beside a board of squares, column numbers under a
board of columns.
"""

from __future__ import annotations

from typing import Any

from ..games.registry import GameSpec

_DROPPED = frozenset(" ()[]'\"")


def move_text(action: Any) -> str:
    """How the command writes ``action``, and how a person types it (``-`` for no action).

    Example:
        >>> move_text((0, 2)), move_text(4), move_text("roll"), move_text(None)
        ('0,2', '4', 'roll', '-')
    """
    if action is None:
        return "-"
    return "".join(char for char in str(action) if char not in _DROPPED)


def legal_moves(game: Any, state: Any) -> dict[str, Any]:
    """The legal actions of ``state``, by how a person types them."""
    return {move_text(action): action for action in game.actions(state)}


def read_move(text: str, legal: dict[str, Any]) -> Any:
    """The legal action typed as ``text`` (spaces and brackets ignored); ``KeyError`` if none."""
    return legal[move_text(text.strip())]


def player_name(spec: GameSpec, player: int) -> str:
    """What the command calls ``player``."""
    return spec.players[player] if 0 <= player < len(spec.players) else f"player {player}"


def show(spec: GameSpec, game: Any, state: Any) -> str:
    """The position drawn by the game's ``render`` method, with coordinates where they fit."""
    render = getattr(game, "render", None)
    if not callable(render):
        return repr(state)
    board = str(render(state))
    if spec.layout == "columns":
        return board + "\n" + _column_numbers(board)
    if spec.layout == "squares":
        return _beside(board)
    return board


def _column_numbers(board: str) -> str:
    """The column numbers under ``board`` (rows of one-character cells split by spaces)."""
    width = len(board.splitlines()[-1].split())
    return " ".join(str(column % 10) for column in range(width))


def _beside(board: str) -> str:
    """``board`` with the key of its square numbers, row by row from 0, beside it."""
    rows = board.splitlines()
    size = len(rows[0].split())
    digits = len(str(len(rows) * size - 1))
    lines = []
    for number, row in enumerate(rows):
        key = " ".join(f"{number * size + column:>{digits}}" for column in range(size))
        lines.append(f"{row}    {key}")
    return "\n".join(lines)


def outcome(spec: GameSpec, game: Any, state: Any) -> str:
    """Who won the finished game ``state``, in words."""
    scores = [game.utility(state, player) for player in range(game.num_players)]
    best = max(scores)
    winners = [player_name(spec, p) for p, score in enumerate(scores) if score == best]
    if len(winners) == len(scores):
        return "a draw"
    return " and ".join(winners) + (" wins" if len(winners) == 1 else " win")
