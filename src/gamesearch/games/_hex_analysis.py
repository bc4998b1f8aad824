"""What Hex's knowledge says about a position: who wins it already, and which moves matter.

Put together from the fill-in (:mod:`._hex_inferior`) and H-search (:mod:`._hex_vc`), as
Benzene's solver does at each node (Arneson, Hayward and Henderson, "Solving Hex: beyond
humans", 2010):

1. the dead and captured cells are filled in, which changes no value;
2. a chain of the filled-in stones wins for its player;
3. on the filled-in board, a full connection between a player's edges wins for that player,
   and a semi connection wins for the player to move (it plays the key);
4. otherwise the mover must play inside every semi connection of the opponent's (the
   *must-play region*), or lose; moves that make the position its own mirror image (the
   colours swapped, the board reflected in a diagonal) lose too, by the strategy-stealing
   argument (the player to move in such a position wins: Benzene's
   ``ComputeLossesViaStrategyStealingArgument``);
5. and of the moves left, those in filled-in cells are no better than the best other move,
   and of a move and its half-turn in a position that is its own half-turn, one is enough:
   the others are *inferior*. If every move left is inferior, the mover loses.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._hex_board import HexBoard
from ._hex_inferior import Fill, fill_in
from ._hex_vc import EdgeConnections, HSearch

__all__ = ["Analysis", "Parts", "Verdict", "analyse", "region_words", "verdict_words"]

_EDGES = ("the top and the bottom", "the left and the right")
"""Each player's two edges, in words."""


@dataclass(frozen=True)
class Parts:
    """Which parts of the knowledge :func:`analyse` runs: all, unless one is measured away."""

    connections: bool = True
    """H-search's virtual connections (else no connection is known: no must-play region)."""
    fill_in: bool = True
    """The fill-in of dead and captured cells (else none: no inferior cell either)."""


@dataclass(frozen=True)
class Verdict:
    """Who wins a position that the knowledge decides, and by what."""

    winner: int
    """The player who wins, whoever is to move: 0 (X) or 1 (O)."""
    rule: str
    """What decides it: ``"chain"`` (the filled-in stones join the winner's edges),
    ``"full"`` (a full connection between its edges), ``"semi"`` (a semi connection of the
    player to move) or ``"no move"`` (every move of the loser's loses or is inferior)."""
    carrier: int = 0
    """The connection's carrier (empty for a chain or no move)."""
    key: int = -1
    """A semi connection's key, the winning move's cell (else -1)."""


@dataclass(frozen=True)
class Analysis:
    """The knowledge of one position, for its player to move. Cells are bitboards."""

    verdict: Verdict | None
    """The winner, if the knowledge decides the position."""
    region: int
    """The empty cells outside of which every move of the mover loses (every empty cell
    if none is known to)."""
    inferior: int
    """Empty cells of the region whose moves are no better than the best other move."""
    fill: Fill
    """The fill-in the rest was found on."""
    threats: tuple[tuple[int, int], ...] = ()
    """The opponent's semi connections between its edges that make the region, ``(carrier,
    key)`` each."""


def analyse(board: HexBoard, x: int, o: int, mover: int, parts: Parts = Parts()) -> Analysis:
    """The knowledge of the position of X's stones ``x`` and O's ``o``, ``mover`` to move.

    Example:
        >>> board = HexBoard.of(5)
        >>> found = analyse(board, 1 << 12, 0, 1)   # X's c3: ziggurats to both edges
        >>> found.verdict.winner, found.verdict.rule
        (0, 'full')
    """
    empty = board.cells & ~(x | o)
    fill = fill_in(board, x, o) if parts.fill_in else Fill(x, o, 0, (0, 0))
    stones = (fill.x, fill.o)
    for player in (0, 1):
        if board.connects(stones[player], player):
            return Analysis(Verdict(player, "chain"), 0, 0, fill)
    other = 1 - mover
    own, theirs = _connections(board, stones, mover, parts.connections)
    if own.fulls:
        return Analysis(Verdict(mover, "full", own.fulls[0]), 0, 0, fill)
    if own.semis:
        carrier, key = own.semis[0]
        return Analysis(Verdict(mover, "semi", carrier, key), 0, 0, fill)
    if theirs.fulls:
        return Analysis(Verdict(other, "full", theirs.fulls[0]), 0, 0, fill)
    region = empty
    if theirs.semis:
        # Outside the semi connections' carriers, a move loses; so does a move in a dead
        # cell or one of the mover's captured cells (a pass: the opponent then plays its
        # semi connection's key). The opponent's captured cells are answered inside: kept.
        region = theirs.semi_intersection & empty & ~fill.cells | fill.captured[other]
    region &= ~_mirror_losses(board, x, o, mover) & ~_mirror_losses(board, fill.x, fill.o, mover)
    if board.rotate(x) == x and board.rotate(o) == o:  # its own half-turn: so is the region
        region &= board.rotate(region)  # turned, and every move outside either loses
    inferior = region & (fill.cells | _half_turn_twins(board, fill.x, fill.o, region))
    if not region & ~inferior:
        return Analysis(Verdict(other, "no move"), 0, 0, fill, theirs.semis)
    return Analysis(None, region, inferior, fill, theirs.semis)


def _connections(
    board: HexBoard, stones: tuple[int, int], mover: int, search: bool
) -> tuple[EdgeConnections, EdgeConnections]:
    """The mover's connections between its edges and the other player's.

    None if not ``search``; none of the other player's where the mover's decide.
    """
    other = 1 - mover
    if not search:
        return EdgeConnections(mover, (), ()), EdgeConnections(other, (), ())
    own = HSearch(board, stones[mover], stones[other], mover).edges(mover)
    if own.fulls or own.semis:  # decided: the other player's are not needed
        return own, EdgeConnections(other, (), ())
    return own, HSearch(board, stones[other], stones[mover], other).edges(other)


def _mirror_losses(board: HexBoard, x: int, o: int, mover: int) -> int:
    """The cells where the mover's stone would make the position its own mirror image.

    Mirrored in the long diagonal (``transpose``) or in the short one (``transpose`` of the
    half-turn), with the colours swapped: each player's stones are the other's reflected.
    The opponent, then to move, wins (strategy stealing), so such a move loses.
    """
    mine, theirs = (x, o) if mover == 0 else (o, x)
    found = 0
    for reflected in (board.transpose(theirs), board.transpose(board.rotate(theirs))):
        missing = reflected & ~mine
        if missing and not missing & missing - 1 and not mine & ~reflected and not missing & theirs:
            found |= missing  # the reflections are their own inverses: mine | missing mirrors
    return found


def _half_turn_twins(board: HexBoard, x: int, o: int, region: int) -> int:
    """Of each pair of cells a half-turn apart in ``region``, the later one.

    Only if the position is its own half-turn (the two moves are then worth the same); else
    none.
    """
    if board.rotate(x) != x or board.rotate(o) != o:
        return 0
    twins = 0
    for cell in range(board.size * board.size):
        if region >> cell & 1:
            turned = board.size * board.size - 1 - cell
            if turned < cell and region >> turned & 1:
                twins |= 1 << cell
    return twins


def verdict_words(verdict: Verdict, fill: Fill, names: tuple[str, ...]) -> str:
    """Why ``verdict`` holds, in words: the chain, connection or lack of moves that decides.

    ``names``: the cells' names, by index.
    """
    winner = "XO"[verdict.winner]
    loser = "XO"[1 - verdict.winner]
    edges = _EDGES[verdict.winner]
    carrier = _cells(verdict.carrier, names)
    if verdict.rule == "chain":
        filled = [
            f"{what} {_cells(cells, names)}"
            for what, cells in (
                ("dead", fill.dead),
                ("captured by X", fill.captured[0]),
                ("captured by O", fill.captured[1]),
            )
            if cells
        ]
        return (
            f"{winner}'s stones join {edges} once the dead and captured cells are filled in "
            f"({'; '.join(filled)})"
        )
    if verdict.rule == "full":
        return (
            f"{winner} joins {edges} whoever moves: a full virtual connection (H-search) "
            f"needing {carrier}"
        )
    if verdict.rule == "semi":
        return (
            f"{winner}, to move, joins {edges} by playing {names[verdict.key]}: a semi virtual "
            f"connection (H-search) needing {carrier}"
        )
    return (
        f"{loser} must play inside {winner}'s threats (semi virtual connections between its "
        "edges), and every move there loses or is no better than another that loses"
    )


def region_words(analysis: Analysis, mover: int, names: tuple[str, ...], kept: str) -> str:
    """Why the mover must play in its region, in words: the opponent's threats.

    ``kept``: the moves left, in words.
    """
    other = "XO"[1 - mover]
    keys = sorted({names[key] for _, key in analysis.threats}, key=names.index)
    if not analysis.threats:
        return f"{'XO'[mover]} must play {kept}: a move that mirrors the position loses"
    return (
        f"{other} threatens to join its edges by {len(analysis.threats)} semi virtual "
        f"connection{'s' if len(analysis.threats) > 1 else ''} (H-search; keys "
        f"{', '.join(keys)}): {'XO'[mover]} must play in the cells every one needs, "
        f"{kept}, or lose"
    )


def _cells(bits: int, names: tuple[str, ...]) -> str:
    """The names of the cells of ``bits``, row by row, comma-separated."""
    return ", ".join(name for cell, name in enumerate(names) if bits >> cell & 1) or "no cell"
