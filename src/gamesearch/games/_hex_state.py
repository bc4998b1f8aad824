"""What makes an int a state of a Hex board, and what is wrong with one that is not.

A state of ``Hex`` is one int: X's stones in the low ``n * n`` bits, O's in the next ``n * n``,
then four flags (O to move, the swap played, the game over, the game won). An int a caller
builds by hand may be none: bits above the flags, a cell of both players, stone counts that
alternate moves cannot give, a game marked won by a player without a chain. :func:`state_fault`
says what is wrong, in words, for the game to refuse the state before a search trusts it.
"""

from __future__ import annotations

from ._hex_board import HexBoard

__all__ = ["state_fault"]

_NAMES = ("X", "O")


def state_fault(board: HexBoard, swap: bool, state: object) -> str | None:
    """What keeps ``state`` from being a position of Hex on ``board``, in words; None if nothing.

    A position is an int (not a bool) within the board's bits; no cell holds both stones;
    X moves first and the players alternate, so X has as many stones as O when X is to move
    and one more when O is (after a swap, which turns X's first stone into O's and gives X
    the move, O has one more than that); a swap only under the swap rule; a game over is won
    (Hex has no draw) by the player who moved last, whose stones join its edges, and a game
    not over has no such chain.

    Args:
        board: The board's geometry.
        swap: Whether the game has the swap rule.
        state: What a caller gave as a state.

    Example:
        >>> board = HexBoard.of(3)   # bits 0 to 8 hold X's cells, 9 to 17 O's; bit 18: O to move
        >>> state_fault(board, False, 0b10000 | 1 << 18) is None   # X on b2, O to move
        True
        >>> state_fault(board, False, 0b10000 | 0b10000 << 9)
        'cell b2 holds both X and O'
        >>> print(state_fault(board, False, 0b10000))   # X on b2, X to move
        X has 1 stone and O 0 with X to move: X moves first and the players alternate
    """
    if isinstance(state, bool) or not isinstance(state, int):
        return f"a state is an int (the stones and flags as bits), not a {type(state).__name__}"
    count = board.size * board.size
    if state < 0:
        return "a state is an int >= 0 (the stones and flags as bits), not a negative one"
    if state >> 2 * count + 4:
        return (
            f"it has {state.bit_length()} bits, where a state of a {board.size}x{board.size} "
            f"board has at most {2 * count + 4}: X's {count} cells, O's {count} and four flags"
        )
    x, o = state & board.cells, state >> count & board.cells
    both = x & o
    if both:
        return f"cell {_name(board, both)} holds both X and O"
    return (
        _flags_fault(swap, state >> 2 * count)
        or _counts_fault(board, state, x, o)
        or _chains_fault(board, state >> 2 * count, x, o)
    )


def _flags_fault(swap: bool, flags: int) -> str | None:
    """The fault of a state's swap and end ``flags`` (its bits above the cells), if any."""
    swapped, over, won = flags >> 1 & 1, flags >> 2 & 1, flags >> 3
    if swapped and not swap:
        return "its swap flag says O swapped, but the game has no swap rule"
    if won and not over:
        return "its won flag is set without its game-over flag"
    if over and not won:
        return "its game-over flag is set without its won flag, and Hex has no draw"
    return None


def _chains_fault(board: HexBoard, flags: int, x: int, o: int) -> str | None:
    """The fault of a state's chains: one where the game goes on, or not the winner's alone."""
    over = flags >> 2 & 1
    chains = [player for player, stones in enumerate((x, o)) if board.connects(stones, player)]
    last = (flags & 1) ^ 1  # the player who moved last
    if not over and chains:
        return f"{_NAMES[chains[0]]}'s stones join its edges, but the game is not marked over"
    if over and chains != [last]:
        won = f"the game is marked won by {_NAMES[last]}, who moved last, but"
        if not chains:
            return f"{won} neither player's stones join their edges"
        return f"{won} {_NAMES[1 - last]}'s stones join its edges" + (
            " too" if last in chains else f", and {_NAMES[last]}'s do not"
        )
    return None


def _counts_fault(board: HexBoard, state: int, x: int, o: int) -> str | None:
    """The fault of ``state``'s stone counts for the player to move, if any."""
    count = board.size * board.size
    mover, swapped = state >> 2 * count & 1, state >> 2 * count + 1 & 1
    lead = x.bit_count() - o.bit_count() + swapped  # 0: X to move, 1: O to move
    if lead == mover and not (swapped and o == 0):
        return None
    stones = x.bit_count()
    counts = f"X has {stones} stone{'' if stones == 1 else 's'} and O {o.bit_count()}"
    if swapped:
        return (
            f"{counts} after O's swap, with {_NAMES[mover]} to move: the swap turns X's first "
            "stone into O's and gives X the move, then the players alternate"
        )
    return f"{counts} with {_NAMES[mover]} to move: X moves first and the players alternate"


def _name(board: HexBoard, cells: int) -> str:
    """The name of the first of ``cells`` (row by row from ``a1``), such as ``"b2"``."""
    cell = (cells & -cells).bit_length() - 1
    row, column = divmod(cell, board.size)
    return f"{chr(ord('a') + column)}{row + 1}"
