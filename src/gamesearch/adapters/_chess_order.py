"""Which chess moves to try first: captures, promotions, checks; and which to follow in quiescence.

Alpha-beta prunes most when the best move comes first. In chess the likeliest refutations are
captures, best the biggest victim taken by the smallest attacker: MVV-LVA, "most valuable
victim, least valuable attacker" (as in Chess 4.5, Slate and Atkin 1977); then promotions, then
quiet checks, then the other quiet moves in generation order.
"""

from __future__ import annotations

from collections.abc import Sequence

import chess

from ._chess_tables import VALUES

__all__ = ["captures", "ordered"]

_CAPTURE, _PROMOTION, _CHECK = 100_000, 50_000, 10_000
_PAWN, _KNIGHT, _BISHOP, _ROOK, _QUEEN = (
    chess.PAWN,
    chess.KNIGHT,
    chess.BISHOP,
    chess.ROOK,
    chess.QUEEN,
)


def _checking_squares(board: chess.Board) -> tuple[int, ...]:
    """Per piece type, the squares from which a piece of the mover would attack the enemy king.

    Direct checks only, on the current occupancy: a discovered check, or a line the moving
    piece itself opens, is not foreseen here (the search finds those).
    """
    king = board.king(not board.turn)
    if king is None:
        return (0, 0, 0, 0, 0, 0, 0)
    occupied = board.occupied
    diagonal = chess.BB_DIAG_ATTACKS[king][chess.BB_DIAG_MASKS[king] & occupied]
    straight = (
        chess.BB_RANK_ATTACKS[king][chess.BB_RANK_MASKS[king] & occupied]
        | chess.BB_FILE_ATTACKS[king][chess.BB_FILE_MASKS[king] & occupied]
    )
    pawn = chess.BB_PAWN_ATTACKS[not board.turn][king]
    return (0, pawn, chess.BB_KNIGHT_ATTACKS[king], diagonal, straight, diagonal | straight, 0)


def _priority(board: chess.Board, move: chess.Move, checks: tuple[int, ...]) -> int:
    """How early to try ``move``: MVV-LVA for captures, then promotions, then quiet checks."""
    mover = board.piece_type_at(move.from_square) or _PAWN
    victim = board.piece_type_at(move.to_square)
    score = 0
    if victim is not None:
        score = _CAPTURE + 10 * VALUES[victim] - VALUES[mover] // 10
    elif mover == _PAWN and move.to_square == board.ep_square:
        score = _CAPTURE + 10 * VALUES[_PAWN] - VALUES[_PAWN] // 10
    if move.promotion:
        score += _PROMOTION + VALUES[move.promotion]
    elif not score and checks[mover] & chess.BB_SQUARES[move.to_square]:
        score = _CHECK  # a quiet check; captures stay in MVV-LVA order among themselves
    return score


def ordered(board: chess.Board, moves: Sequence[chess.Move]) -> list[chess.Move]:
    """``moves`` best first: captures by MVV-LVA, promotions, checks, then the rest in order."""
    checks = _checking_squares(board)
    keyed = [(_priority(board, move, checks), index) for index, move in enumerate(moves)]
    keyed.sort(key=lambda pair: (-pair[0], pair[1]))
    return [moves[index] for _, index in keyed]


def captures(board: chess.Board) -> list[chess.Move]:
    """The legal captures and promotions of ``board``, best first (all moves when in check).

    Quiescence search follows these past the depth limit, until the position is quiet. In
    check every legal move is an evasion worth following, since standing still is no option.
    """
    if board.is_check():
        return ordered(board, list(board.generate_legal_moves()))
    noisy = list(board.generate_legal_captures())
    promotions = [
        move
        for move in board.generate_legal_moves(board.pawns, chess.BB_RANK_1 | chess.BB_RANK_8)
        if move.promotion and not board.piece_at(move.to_square)
    ]
    return ordered(board, noisy + promotions)
