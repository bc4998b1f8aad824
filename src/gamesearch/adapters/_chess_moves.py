"""Playing a move on an immutable position: the new board, its Zobrist key and its score.

Recomputing a Polyglot Zobrist key (``chess.polyglot.zobrist_hash``) or a piece-square score
from the whole board costs more than generating the moves. Both are sums over the pieces (an
XOR for the key, a plain sum for the score), so a move changes them by the terms of the pieces
it moves, takes or promotes: incremental updates (Zobrist 1970), checked against the full
computation by the tests.
"""

from __future__ import annotations

import chess
import chess.polyglot

from ._chess_tables import PIECE_SQUARE

__all__ = ["play", "polyglot_key", "score_of"]

_RANDOM: list[int] = chess.polyglot.POLYGLOT_RANDOM_ARRAY
_HASHER = chess.polyglot.ZobristHasher(_RANDOM)
_TURN = _RANDOM[780]
_PAWN, _ROOK = chess.PAWN, chess.ROOK


def _piece(piece_type: int, color: bool, square: int) -> int:
    """The Polyglot random number of a piece on a square (black pawn 0, white pawn 1, ...)."""
    return _RANDOM[64 * ((piece_type - 1) * 2 + color) + square]


def polyglot_key(board: chess.Board) -> int:
    """The Polyglot Zobrist key of ``board``, computed from scratch."""
    return int(chess.polyglot.zobrist_hash(board))


def score_of(board: chess.Board) -> int:
    """Material plus piece-square bonuses of ``board`` in centipawns, positive for White."""
    total = 0
    for square, piece in board.piece_map().items():
        total += PIECE_SQUARE[piece.color][piece.piece_type][square]
    return total


def play(
    board: chess.Board, move: chess.Move, key: int, score: int
) -> tuple[chess.Board, int, int]:
    """The position after the legal ``move``, without changing ``board``.

    Args:
        board: The position before the move (its move stack is not copied).
        move: A legal move of ``board``.
        key: ``board``'s Polyglot Zobrist key.
        score: ``board``'s score (see :func:`score_of`).

    Returns:
        The new board, its Zobrist key and its score.
    """
    color = board.turn
    start, end = move.from_square, move.to_square
    moved = board.piece_type_at(start)
    assert moved is not None  # a legal move moves a piece
    ep_before = _HASHER.hash_ep_square(board) if board.ep_square is not None else 0
    rights_before = board.castling_rights
    child = board.copy(stack=False)
    child.push(move)
    them = not color
    placed = move.promotion or moved
    own, theirs = PIECE_SQUARE[color], PIECE_SQUARE[them]
    key ^= _TURN ^ _piece(moved, color, start) ^ _piece(placed, color, end)
    score += own[placed][end] - own[moved][start]
    if moved == _PAWN and end == board.ep_square:  # en passant: the pawn taken is beside
        taken_square = end - 8 if color else end + 8
        key ^= _piece(_PAWN, them, taken_square)
        score -= theirs[_PAWN][taken_square]
    else:
        victim = board.piece_type_at(end)
        if victim is not None:
            key ^= _piece(victim, them, end)
            score -= theirs[victim][end]
    if moved == chess.KING and abs(end - start) == 2:  # castling: the rook moves too
        rank = start & ~7
        rook_from, rook_to = (rank + 7, rank + 5) if end > start else (rank, rank + 3)
        key ^= _piece(_ROOK, color, rook_from) ^ _piece(_ROOK, color, rook_to)
        score += own[_ROOK][rook_to] - own[_ROOK][rook_from]
    if child.castling_rights != rights_before:
        key ^= _HASHER.hash_castling(board) ^ _HASHER.hash_castling(child)
    if ep_before:
        key ^= ep_before
    if child.ep_square is not None:
        key ^= _HASHER.hash_ep_square(child)
    return child, key, score
