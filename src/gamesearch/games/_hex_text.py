"""A Hex board as text: the rhombus with its coordinates, and the reading of such a picture.

Row ``r`` (numbered from 1 at the top) is drawn ``r - 1`` spaces to the right of the first, so
that each cell sits between the two cells above it that it touches; the columns' letters
stand above and below, the rows' numbers at both ends. Reading skips the coordinates, so a
picture :func:`draw` made reads back, and so do rows of marks alone (``"X.. / .O. / ..."``).
"""

from __future__ import annotations

__all__ = ["draw", "read"]

_MARKS = {"X": "X", "O": "O", ".": ".", "-": ".", "_": "."}
"""What a mark in a picture means: a stone of X, of O, or an empty cell."""

SWAPPED = "swap: O took X's first stone"
"""The last line of the picture of a position after the swap."""


def draw(size: int, marks: list[str], *, swapped: bool) -> str:
    """The rhombus of ``marks`` (``"X"``, ``"O"`` or ``"."`` per cell, row by row).

    Example:
        >>> print(draw(2, ["X", ".", ".", "O"], swapped=False))
          a b
        1 X . 1
         2 . O 2
           a b
    """
    width = len(str(size))
    letters = " ".join(chr(ord("a") + column) for column in range(size))
    lines = [" " * (width + 1) + letters]
    for row in range(size):
        cells = " ".join(marks[row * size : (row + 1) * size])
        lines.append(f"{' ' * row}{row + 1:>{width}} {cells} {row + 1}")
    lines.append(" " * (size + width) + letters)
    if swapped:
        lines.append(SWAPPED)
    return "\n".join(lines)


def read(text: str, size: int) -> tuple[list[str], bool]:
    """The marks of the ``size x size`` board drawn in ``text``, and whether it says O swapped.

    Raises:
        ValueError: a line holds a character that is no mark, coordinate or space, or the
            rows are not ``size`` rows of ``size`` cells.
    """
    rows: list[str] = []
    swapped = False
    for line in text.replace("/", "\n").splitlines():
        stripped = line.strip()
        if stripped.lower().startswith("swap"):
            swapped = True
            continue
        if not stripped or _is_coordinates(stripped, size):
            continue
        cells = "".join(char for char in stripped if not char.isspace() and not char.isdigit())
        unknown = sorted({char for char in cells if char.upper() not in _MARKS})
        if unknown:
            raise ValueError(
                f"unexpected {', '.join(map(repr, unknown))} in {text!r}; draw a Hex board with "
                "X, O and . (coordinates may stand around it)"
            )
        rows.append("".join(_MARKS[char.upper()] for char in cells))
    if len(rows) != size or any(len(row) != size for row in rows):
        raise ValueError(f"expected {size} rows of {size} cells, got {text!r}")
    return list("".join(rows)), swapped


def _is_coordinates(line: str, size: int) -> bool:
    """Whether ``line`` is a line of column letters (``a b c``)."""
    letters = {chr(ord("a") + column) for column in range(size)}
    return all(char in letters or char.isspace() for char in line)
