"""The numbers of the chess evaluation: material and piece-square tables, in centipawns.

Material plus piece-square tables is the oldest evaluation that plays recognisable chess
(Shannon 1950 counted material; piece-square tables go back to the 1970s programs). The tables
here are small hand-set bonuses: knights and bishops toward the centre, pawns forward, rooks on
the seventh rank, the king tucked away behind its pawns. They are written as White sees the
board, rank 8 at the top; Black's are the mirror image.
"""

from __future__ import annotations

__all__ = ["PIECE_SQUARE", "VALUES"]

VALUES = (0, 100, 320, 330, 500, 900, 0)
"""Material by python-chess piece type (``PAWN == 1`` ... ``KING == 6``), in centipawns."""

_PAWN = """
  0   0   0   0   0   0   0   0
 50  50  50  50  50  50  50  50
 10  10  20  30  30  20  10  10
  5   5  10  25  25  10   5   5
  0   0   0  20  20   0   0   0
  5  -5 -10   0   0 -10  -5   5
  5  10  10 -20 -20  10  10   5
  0   0   0   0   0   0   0   0
"""
_KNIGHT = """
-50 -40 -30 -30 -30 -30 -40 -50
-40 -20   0   0   0   0 -20 -40
-30   0  10  15  15  10   0 -30
-30   5  15  20  20  15   5 -30
-30   0  15  20  20  15   0 -30
-30   5  10  15  15  10   5 -30
-40 -20   0   5   5   0 -20 -40
-50 -40 -30 -30 -30 -30 -40 -50
"""
_BISHOP = """
-20 -10 -10 -10 -10 -10 -10 -20
-10   0   0   0   0   0   0 -10
-10   0   5  10  10   5   0 -10
-10   5   5  10  10   5   5 -10
-10   0  10  10  10  10   0 -10
-10  10  10  10  10  10  10 -10
-10   5   0   0   0   0   5 -10
-20 -10 -10 -10 -10 -10 -10 -20
"""
_ROOK = """
  0   0   0   0   0   0   0   0
  5  10  10  10  10  10  10   5
 -5   0   0   0   0   0   0  -5
 -5   0   0   0   0   0   0  -5
 -5   0   0   0   0   0   0  -5
 -5   0   0   0   0   0   0  -5
 -5   0   0   0   0   0   0  -5
  0   0   0   5   5   0   0   0
"""
_QUEEN = """
-20 -10 -10  -5  -5 -10 -10 -20
-10   0   0   0   0   0   0 -10
-10   0   5   5   5   5   0 -10
 -5   0   5   5   5   5   0  -5
  0   0   5   5   5   5   0  -5
-10   5   5   5   5   5   0 -10
-10   0   5   0   0   0   0 -10
-20 -10 -10  -5  -5 -10 -10 -20
"""
_KING = """
-30 -40 -40 -50 -50 -40 -40 -30
-30 -40 -40 -50 -50 -40 -40 -30
-30 -40 -40 -50 -50 -40 -40 -30
-30 -40 -40 -50 -50 -40 -40 -30
-20 -30 -30 -40 -40 -30 -30 -20
-10 -20 -20 -20 -20 -20 -20 -10
 20  20   0   0   0   0  20  20
 20  30  10   0   0  10  30  20
"""


def _squares(table: str) -> tuple[int, ...]:
    """A table written rank 8 first as python-chess numbers squares: a1 = 0, h8 = 63."""
    ranks = [[int(number) for number in line.split()] for line in table.strip().splitlines()]
    return tuple(value for rank in reversed(ranks) for value in rank)


def _signed_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Material plus square bonus per (colour, piece type, square), signed for White."""
    white: list[tuple[int, ...]] = [()]
    black: list[tuple[int, ...]] = [()]
    for piece_type, table in enumerate((_PAWN, _KNIGHT, _BISHOP, _ROOK, _QUEEN, _KING), start=1):
        bonus = _squares(table)
        white.append(tuple(VALUES[piece_type] + bonus[square] for square in range(64)))
        # Black's square s is White's square s mirrored rank-wise (s ^ 56), and counts negative.
        black.append(tuple(-(VALUES[piece_type] + bonus[square ^ 56]) for square in range(64)))
    return tuple(black), tuple(white)


PIECE_SQUARE = _signed_tables()
"""``PIECE_SQUARE[color][piece_type][square]``: what the piece is worth there, in centipawns,
positive for White (``color`` is python-chess's: ``False`` is Black, ``True`` is White)."""
