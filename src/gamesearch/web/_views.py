"""What the page draws of a position: its board as cells, the last move, the winning line.

The page's script draws boards from plain data, never from Python's objects: a board of cells
read from the game's ``render`` (row by row from the top, one code a cell: ``.`` for empty, or
the mark of a player), which player each mark is, the cell of the last move and the cells of
the line that won. A Hex board comes as the same rows (the rhombus drawn by the script); the
dice games' and Kuhn poker's views are their scores and cards, the other player's card hidden
until the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games.hog import Hog
from ..games.pig import Pig
from ..imperfect.kuhn import KuhnPoker

__all__ = ["board_view", "cells_of", "hex_cells", "line_of"]

Cell = tuple[int, int]

_MARKS = {"X": 0, "O": 1, "R": 0, "Y": 1, "G": 2, "B": 3}
"""Each mark a bundled game draws, and the player whose it is."""

_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def cells_of(render: str) -> list[list[str]]:
    r"""The cells of a board of squares or columns drawn by ``render``, row by row from the top.

    >>> cells_of(". X .\nO . .")
    [['.', 'X', '.'], ['O', '.', '.']]
    """
    rows = [
        row.split() if len(row.split()) > 1 else list(row.strip()) for row in render.splitlines()
    ]
    return [row for row in rows if row]


def hex_cells(render: str) -> list[list[str]]:
    r"""The cells of a Hex board drawn by ``render``: each row between its two row numbers.

    >>> hex_cells("  a b\n1 X . 1\n 2 . O 2\n    a b")
    [['X', '.'], ['.', 'O']]
    """
    rows = []
    for line in render.splitlines():
        words = line.split()
        if len(words) >= 3 and words[0].isdigit() and words[-1].isdigit():
            rows.append(words[1:-1])
    return rows


def line_of(cells: Sequence[Sequence[str]], mark: str, length: int) -> list[Cell]:
    """The first ``length`` cells in a row (across, down or diagonal) holding ``mark``, or none.

    >>> line_of([["X", "X", "X"], [".", "O", "O"], [".", ".", "."]], "X", 3)
    [(0, 0), (0, 1), (0, 2)]
    """
    height = len(cells)
    for row in range(height):
        for column in range(len(cells[row])):
            for down, across in _DIRECTIONS:
                found = [(row + down * step, column + across * step) for step in range(length)]
                if all(
                    0 <= r < height and 0 <= c < len(cells[r]) and cells[r][c] == mark
                    for r, c in found
                ):
                    return found
    return []


def hex_chain(cells: Sequence[Sequence[str]], mark: str, top_to_bottom: bool) -> list[Cell]:
    """A shortest chain of ``mark``'s cells joining its two edges, or none.

    X joins the top and bottom rows, O the left and right columns; cell ``(r, c)`` touches
    ``(r, c +- 1)``, ``(r - 1, c)``, ``(r - 1, c + 1)``, ``(r + 1, c - 1)`` and ``(r + 1, c)``.
    """
    size = len(cells)
    starts = [(0, c) if top_to_bottom else (c, 0) for c in range(size)]
    came: dict[Cell, Cell | None] = {
        cell: None for cell in starts if cells[cell[0]][cell[1]] == mark
    }
    queue = list(came)
    for cell in queue:
        row, column = cell
        if (row if top_to_bottom else column) == size - 1:
            chain = [cell]
            while (before := came[chain[-1]]) is not None:
                chain.append(before)
            return chain[::-1]
        for dr, dc in ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, -1), (1, 0)):
            near = (row + dr, column + dc)
            inside = 0 <= near[0] < size and 0 <= near[1] < size
            if inside and near not in came and cells[near[0]][near[1]] == mark:
                came[near] = cell
                queue.append(near)
    return []


def _last_cell(board: str, cells: list[list[str]], move: str | None) -> Cell | None:
    """The cell where ``move`` put its piece: a square's number, a column, or a Hex cell."""
    if move is None or not cells:
        return None
    width = len(cells[0])
    if board == "hex":
        if len(move) >= 2 and move[0].isalpha() and move[1:].isdigit():
            return (int(move[1:]) - 1, ord(move[0]) - ord("a"))
        return None
    if not move.isdigit():
        return None
    if board == "columns":
        column = int(move)
        filled = [r for r in range(len(cells)) if column < width and cells[r][column] != "."]
        return (filled[0], column) if filled else None
    square = int(move)
    return divmod(square, width) if square < width * len(cells) else None


def _winning_cells(board: str, cells: list[list[str]], game: Any, winner: str | None) -> list[Cell]:
    if winner is None:
        return []
    if board == "hex":
        return hex_chain(cells, winner, top_to_bottom=winner == "X")
    length = 4 if board == "columns" else getattr(game, "k", 0)
    return line_of(cells, winner, length) if length else []


def board_view(
    board: str, game: Any, state: Any, render: str | None, last_move: str | None, winner: str | None
) -> dict[str, Any]:
    """What the page draws of ``state``: by the kind of ``board`` (see :mod:`._catalogue`).

    Args:
        board: How the page draws the game: ``squares``, ``columns``, ``hex``, ``piles``,
            ``dice`` or ``cards``.
        game: The game.
        state: The position.
        render: The game's drawing of it (``None`` for a game that draws nothing).
        last_move: The last move played on the board, as typed (``None`` for none).
        winner: The mark of the player who won (``X``, ``O``...), ``None`` if none.

    Returns:
        ``cells`` (rows of marks), ``marks`` (each mark's player), ``last`` (a cell) and
        ``line`` (the winning cells), or the dice games' and cards' own fields.
    """
    if board == "dice":
        return _dice(game, state)
    if board == "cards":
        return {}
    if board in ("squares", "columns", "hex") and render is not None:
        cells = hex_cells(render) if board == "hex" else cells_of(render)
        return {
            "cells": cells,
            "marks": _MARKS,
            "last": _last_cell(board, cells, last_move),
            "line": _winning_cells(board, cells, game, winner),
        }
    if board == "piles" and isinstance(state, tuple) and state and isinstance(state[0], tuple):
        return {"piles": list(state[0])}
    return {}


def _dice(game: Any, state: Any) -> dict[str, Any]:
    """Pig's and Hog's scores, goal and (Pig) the turn total so far."""
    if isinstance(game, Pig):
        return {
            "scores": [state.score0, state.score1],
            "goal": game.goal,
            "turn_total": state.turn_total,
            "sides": game.die_sides,
        }
    if isinstance(game, Hog):
        return {"scores": [state.score0, state.score1], "goal": game.goal, "sides": game.die_sides}
    return {}


def cards_view(game: KuhnPoker, state: Any, you: int, over: bool) -> dict[str, Any]:
    """Kuhn poker as ``you`` see it: your card, the other's hidden until the end, the bets.

    A hidden card is ``None``: the page draws its back. Cards are named J, Q and K.
    """
    names = "JQK"
    cards = [names[card] if over or seat == you else None for seat, card in enumerate(state.cards)]
    bets = ["bet" if action == 1 else "pass" for action in state.actions]
    return {"cards": cards, "bets": bets, "dealt": len(state.cards) == game.num_players}
