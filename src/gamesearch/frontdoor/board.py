"""How the command and the page show positions, moves and players, and read moves back.

Moves are numbered as the library numbers actions, from 0: a tic-tac-toe square from 0 at the
top left, a Connect Four column from 0 on the left. A move is written as its action is,
without spaces, brackets or quotes (Nim's ``(0, 2)`` is ``0,2``), and boards are drawn with
their coordinates: a key of square numbers beside a board of squares, column numbers under a
board of columns.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ..capabilities import Capabilities
from ..errors import GameProtocolError, InvalidSearchOptionError
from ..game import CHANCE
from ..games.registry import GameSpec
from ..openings import move_text as move_text  # where the command and the page find it

_LAYOUTS = ("squares", "columns")


def with_capabilities(spec: GameSpec, members: Capabilities) -> GameSpec:
    """``spec``, told the game's own ``player_names`` and ``layout`` if it is not a bundled game.

    A bundled game's spec says how to show it; a game of one's own (found by its import path)
    may say it itself, by two optional members (see :mod:`gamesearch.game`), read from its
    record ``members``: ``player_names``, a sequence of names by player number, and
    ``layout``, ``"squares"`` or ``"columns"``.

    Raises:
        GameProtocolError: ``player_names`` is not a sequence of strings, or ``layout`` is
            neither ``"squares"``, ``"columns"`` nor ``None``.
    """
    if ":" not in spec.name:
        return spec
    names, layout = own_player_names(spec.name, members), members.layout
    if names is not None:
        spec = replace(spec, players=names)
    if layout is not None:
        if layout not in _LAYOUTS:
            raise GameProtocolError(
                f"{spec.name}: layout must be 'squares', 'columns' or None, not {layout!r}"
            )
        spec = replace(spec, layout=layout)
    return spec


def own_player_names(name: str, members: Capabilities) -> tuple[str, ...] | None:
    """The game's own ``player_names`` (from its record ``members``), checked; ``None`` if none.

    Raises:
        GameProtocolError: ``player_names`` is not a sequence of strings (``name`` names the
            game in the message).
    """
    names = members.player_names
    if names is None:
        return None
    if isinstance(names, str) or not all(isinstance(each, str) for each in names):
        raise GameProtocolError(
            f"{name}: player_names must be a sequence of strings, one per player, not {names!r}"
        )
    return tuple(names)


def legal_moves(game: Any, state: Any) -> dict[str, Any]:
    """The legal actions of ``state``, by how a person types them."""
    return {move_text(action): action for action in game.actions(state)}


def read_move(text: str, legal: dict[str, Any]) -> Any:
    """The legal action typed as ``text`` (spaces and brackets ignored); ``KeyError`` if none."""
    return legal[move_text(text.strip())]


def player_name(spec: GameSpec, player: int) -> str:
    """What the command calls ``player``."""
    return spec.players[player] if 0 <= player < len(spec.players) else f"player {player}"


def show(spec: GameSpec, members: Capabilities, state: Any) -> str:
    """The position drawn by the game's ``render`` method, with coordinates where they fit.

    ``members`` is the game's record, read once by the command.
    """
    render = members.render
    if render is None:
        return repr(state)
    board = str(render(state))
    if spec.layout == "columns":
        return board + "\n" + _column_numbers(board)
    if spec.layout == "squares":
        return _beside(board)
    return board


def _cells(row: str) -> list[str]:
    """The cells of a row of the board: split by spaces, or one a character without them."""
    cells = row.split()
    return cells if len(cells) > 1 else list(row.strip())


def _column_numbers(board: str) -> str:
    """The column numbers under ``board`` (rows of one-character cells split by spaces)."""
    width = len(_cells(board.splitlines()[-1]))
    return " ".join(str(column % 10) for column in range(width))


def _beside(board: str) -> str:
    """``board`` with the key of its square numbers, row by row from 0, beside it."""
    rows = board.splitlines()
    size = len(_cells(rows[0]))
    digits = len(str(len(rows) * size - 1))
    lines = []
    for number, row in enumerate(rows):
        key = " ".join(f"{number * size + column:>{digits}}" for column in range(size))
        lines.append(f"{row}    {key}")
    return "\n".join(lines)


_KEY_BESIDE = re.compile(r"\s{3,}\d+(?:\s+\d+)*\s*$")
"""The square numbers :func:`show` draws beside a row (after four spaces)."""


def without_coordinates(text: str) -> str | None:
    r"""``text`` without the coordinates :func:`show` draws, or ``None`` if it has none.

    What a user copies from the terminal: the board with the square numbers beside it, or the
    column numbers under it. ``--position`` reads it again when the text as given is not a
    board.

    >>> print(without_coordinates("X . .    0 1 2\n. O .    3 4 5\n. . .    6 7 8"))
    X . .
    . O .
    . . .
    >>> without_coordinates(". . . .\nR Y . .\n0 1 2 3"), without_coordinates("X.. / ... / ...")
    ('. . . .\nR Y . .', None)
    >>> print(without_coordinates("1 0    0 1\n0 1    2 3"))  # a last row of digits is a row
    1 0
    0 1
    >>> without_coordinates("X X .\nX . .\n0 0 0") is None  # not the numbers of 3 columns
    True
    """
    lines = text.strip("\n").splitlines()
    rows = [_KEY_BESIDE.sub("", line) for line in lines]
    under = len(rows) > 1 and rows[-1].strip() == _column_numbers("\n".join(rows[:-1]))
    if under and rows == lines:  # the numbers under a board, never drawn with those beside
        rows.pop()
    return "\n".join(rows) if rows != lines else None


def outcome(spec: GameSpec, game: Any, state: Any) -> str:
    """Who won the finished game ``state``, in words, and every player's final utility."""
    scores = [float(game.utility(state, player)) for player in range(game.num_players)]
    listed = ", ".join(f"{player_name(spec, p)} {score:+g}" for p, score in enumerate(scores))
    return f"{winners(spec, scores)}; final utilities {listed}"


def winners(spec: GameSpec, scores: list[float]) -> str:
    """Who won with the final utilities ``scores``: "X wins", "red and blue win", "a draw"."""
    best = max(scores)
    top = [player_name(spec, p) for p, score in enumerate(scores) if score == best]
    if len(top) == len(scores):
        return "a draw"
    return " and ".join(top) + (" wins" if len(top) == 1 else " win")


def position_from(
    game: Any, members: Capabilities, name: str, moves: list[str], text: str | None
) -> Any:
    """The position ``--position text`` and ``--moves ...`` give, from the start by default.

    ``members`` is the game's record (its ``parse`` reads the position), read once by the
    command.

    Raises:
        InvalidSearchOptionError: the game (called ``name``) cannot read a position, the text
            is not one, or a move is not legal where it is played.
    """
    state = game.initial_state()
    if text is not None:
        parse = members.parse
        if parse is None:
            raise InvalidSearchOptionError(
                f"{name} cannot read a --position (it has no parse method): give the moves "
                "that lead to it from the start with --moves"
            )
        try:
            state = parse(text)
        except ValueError as exc:
            bare = without_coordinates(text)
            if bare is None:
                raise InvalidSearchOptionError(f"--position: {exc}") from exc
            try:  # the board copied with its coordinates: read without them
                state = parse(bare)
            except ValueError as bare_exc:
                raise InvalidSearchOptionError(f"--position: {bare_exc}") from bare_exc
    for move in moves:
        if game.is_terminal(state):
            legal = {}
        elif game.to_move(state) == CHANCE:
            legal = {move_text(o): o for o, _ in game.chance_outcomes(state)}
        else:
            legal = legal_moves(game, state)
        try:
            state = game.result(state, read_move(move, legal))
        except KeyError:
            raise InvalidSearchOptionError(
                f"--moves: {move!r} is not legal here; the legal moves are "
                f"{' '.join(legal) or 'none (the game is over)'}"
            ) from None
    return state
