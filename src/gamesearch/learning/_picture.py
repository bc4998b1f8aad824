"""The weights of a board's cells drawn as SVG text, written by hand (nothing to install).

A square per cell, laid out as the board: blue for a positive weight (a stone of one's own
there is worth having), red for a negative one, the deeper the larger; the weight written in it.
"""

from __future__ import annotations

import html
from typing import Literal

from ..errors import InvalidSearchOptionError, short_repr
from ._linear import LinearEvaluation

__all__ = ["weights_svg"]

_CELL = 56
_PAD = 16
_CHAR = 7.2
"""About the width of a character of 12-point sans-serif text, for the title."""


def weights_svg(
    evaluation: LinearEvaluation,
    *,
    first: int,
    columns: int,
    rows: int,
    by: Literal["rows", "columns"] = "rows",
    title: str = "",
) -> str:
    """The weights of the board's cells as an SVG picture, laid out as the board.

    Args:
        evaluation: The evaluation whose weights to draw.
        first: The position, among the evaluation's weights, of the first cell's weight.
        columns: The board's columns.
        rows: The board's rows.
        by: ``"rows"``: the cells' weights come row by row from the top left (tic-tac-toe's
            features); ``"columns"``: column by column from the left, each from the bottom
            (Connect Four's).
        title: A line of text above the board.

    Returns:
        The SVG document, as text.

    Raises:
        InvalidSearchOptionError: the cells run past the weights, or ``by`` is neither.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> evaluation = LinearEvaluation(TicTacToe(), (0.0,) * 5 + (1.0, -0.5) + (0.0,) * 7)
        >>> picture = weights_svg(evaluation, first=5, columns=3, rows=3, title="X's cells")
        >>> picture.count('stroke="#888"'), "-0.50" in picture  # nine cells, one of them -0.5
        (9, True)
    """
    weights = evaluation.weights
    if (
        isinstance(first, bool)
        or not isinstance(first, int)
        or first < 0
        or first + columns * rows > len(weights)
        or by not in ("rows", "columns")
    ):
        raise InvalidSearchOptionError(
            f"weights_svg: {columns} x {rows} cells from weight {short_repr(first)}, by "
            f"{short_repr(by)}, do not "
            f"fit the {len(weights)} weights (by is 'rows' or 'columns')"
        )
    cells = weights[first : first + columns * rows]
    largest = max((abs(w) for w in cells), default=0.0) or 1.0
    top = _PAD + (24 if title else 0)
    width = round(2 * _PAD + max(columns * _CELL, _CHAR * len(title)))
    height = top + rows * _CELL + _PAD
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    if title:
        parts.append(f'<text x="{_PAD}" y="{_PAD + 10}">{html.escape(title)}</text>')
    for number, weight in enumerate(cells):
        if by == "rows":
            row, column = divmod(number, columns)
        else:
            column, from_bottom = divmod(number, rows)
            row = rows - 1 - from_bottom
        x, y = _PAD + column * _CELL, top + row * _CELL
        shade = round(255 * (1 - abs(weight) / largest))
        fill = f"rgb({shade},{shade},255)" if weight > 0 else f"rgb(255,{shade},{shade})"
        parts.append(
            f'<rect x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" fill="{fill}" stroke="#888"/>'
        )
        parts.append(
            f'<text x="{x + _CELL / 2}" y="{y + _CELL / 2 + 4}" text-anchor="middle">'
            f"{weight:.2f}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
