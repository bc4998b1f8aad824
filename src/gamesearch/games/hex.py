"""Hex on an n x n rhombus, with the swap rule as an option."""

from __future__ import annotations

from collections.abc import Sequence

from .._parameters import check_size
from ..errors import IllegalActionError
from ..game import Player
from ._end_flags import flagged_utility, flagged_winner
from ._hex_analysis import Analysis
from ._hex_board import HexBoard
from ._hex_knowledge import HexKnowledge
from ._hex_text import draw, read

__all__ = ["Hex"]

SWAP = "swap"
"""The action of the swap rule: the second player takes over the first stone."""

_MEMO_LIMIT = 1 << 17
"""The most entries each memo holds before it is emptied and starts again."""

class Hex(HexKnowledge):
    """Hex (Hein 1942, Nash 1948): X (player 0) joins top and bottom, O (player 1) left and right.

    The players take turns to put a stone of their own on an empty cell of an ``n x n``
    rhombus of hexagons; the first to join their two edges of the board with a chain of their
    stones wins. The board cannot fill up without a chain, so there are no draws; and the first
    player wins every board from the empty one (Nash's strategy-stealing argument), which the
    swap rule answers.

    An action is a cell's name, its column's letter and its row's number, ``"a1"`` at the top
    left to ``"k11"``; the rows go down and each is drawn half a cell to the right of the one
    above (:meth:`render`). With ``swap=True`` the second player's first move may instead be
    ``"swap"`` (the swap or pie rule): X's first stone becomes O's, reflected in the long
    diagonal (cell ``(r, c)`` to ``(c, r)``), and X moves next, so that O has taken over the
    stone and its place with respect to O's edges (the rule as Little Golem and HexGui play
    it). The utility is +1 for the winner and -1 for the loser.

    A state is one ``int``: X's stones in the low ``n * n`` bits, O's in the next ``n * n``,
    and above them four flags: O is to move, the swap was played, the game is over, it was won
    (one of them always is). The win test after a move floods the new stone's group through
    its own colour (:class:`~gamesearch.games._hex_board.HexBoard`): as many rounds of twelve
    int operations as the group is long, with no memory kept between moves.

    Beside the protocol it offers :meth:`key` (a position and its half-turn are one),
    :meth:`order` (the centre first), :meth:`evaluate` (the difference of the players'
    shortest-path distances), ``win_utility`` and :meth:`non_losing_actions`.

    Args:
        size: The board's side, ``n`` (an int from 2 to 11: 11 is the board of play).
        swap: Whether the second player may swap as its first move.

    Raises:
        ValueError: ``size`` is not an int from 2 to 11, or ``swap`` is not a bool.

    Example:
        >>> game = Hex(3)
        >>> state = game.result(game.result(game.initial_state(), "b2"), "a2")
        >>> print(game.render(state))
          a b c
        1 . . . 1
         2 O X . 2
          3 . . . 3
            a b c
        >>> game.to_move(state), game.actions(state)[:3]
        (0, ('a1', 'b1', 'c1'))
    """

    num_players = 2

    win_utility = 1.0
    """The utility of a won game (a lost one: its negation): wins and losses are ranked by
    their distance in the engine, and an evaluation stays within [-1, 1]."""

    player_names = ("X", "O")
    """X joins top and bottom, O left and right."""

    layout = None
    """:meth:`render` draws the coordinates itself."""

    def __init__(self, size: int = 11, swap: bool = False) -> None:
        check_size("Hex", "size", size, 2, 11)
        if not isinstance(swap, bool):
            raise ValueError(f"Hex: swap must be True or False, not {swap!r}")
        self.size = size
        self.swap = swap
        self._board = HexBoard.of(size)
        count = size * size
        self._count = count
        self._turn_shift = 2 * count
        self._turn = 1 << 2 * count
        self._swapped = 1 << 2 * count + 1
        self._over = 1 << 2 * count + 2
        self._won = 1 << 2 * count + 3
        self._names = tuple(
            f"{chr(ord('a') + column)}{row + 1}" for row in range(size) for column in range(size)
        )
        self._bits = {name: 1 << cell for cell, name in enumerate(self._names)}
        centre = size - 1
        self._rank = {
            name: (abs(2 * row - centre) + abs(2 * column - centre), cell)
            for cell, name in enumerate(self._names)
            for row, column in [divmod(cell, size)]
        }
        self._rank[SWAP] = (-1, -1)  # swapping is tried first where it is legal
        self._free: dict[int, tuple[str, ...]] = {}
        self._scores: dict[int, float] = {}
        self._threatened: dict[int, tuple[int, int]] = {}
        self._analyses: dict[int, Analysis | None] = {}

    def __repr__(self) -> str:
        return f"Hex(size={self.size}, swap={self.swap})"

    def __eq__(self, other: object) -> bool:
        """Whether ``other`` is the same game: a ``Hex`` of the same size and swap rule."""
        if isinstance(other, Hex) and type(other) is type(self):
            return (self.size, self.swap) == (other.size, other.swap)
        return NotImplemented

    def __hash__(self) -> int:
        """The hash of the class and the parameters that make the game."""
        return hash((type(self), self.size, self.swap))

    def game_parameters(self) -> dict[str, object]:
        """The arguments that make this game again: ``size`` and ``swap``."""
        return {"size": self.size, "swap": self.swap}

    # The Game protocol.

    def initial_state(self) -> int:
        """The empty board, X to move: no stone, no swap made."""
        return 0

    def is_terminal(self, state: int) -> bool:
        """Whether a player has joined its edges (Hex has no draw: a full board has a chain).

        The win test, made as each stone is placed, sets the state's "over" bit.
        """
        return state >= self._over

    def to_move(self, state: int) -> Player:
        """0 when X is to move, 1 when O is."""
        return state >> self._turn_shift & 1

    def actions(self, state: int) -> tuple[str, ...]:
        """The empty cells, row by row from ``"a1"``, then ``"swap"`` where it is legal."""
        if state >= self._over:
            return ()
        cells = self._board.cells
        taken = (state | state >> self._count) & cells
        try:
            free = self._free[taken]
        except KeyError:
            free = tuple(name for cell, name in enumerate(self._names) if not taken >> cell & 1)
            if len(self._free) >= _MEMO_LIMIT:
                self._free.clear()
            self._free[taken] = free
        if self._may_swap(state):
            return (*free, SWAP)
        return free

    def _may_swap(self, state: int) -> bool:
        """Whether ``state`` is O's first move after X's first stone, under the swap rule."""
        stones = state & self._board.cells
        return (
            self.swap
            and state >> self._count & self._board.cells == 0
            and stones & stones - 1 == 0
            and stones != 0
            and state & (self._turn | self._swapped) == self._turn
        )

    def result(self, state: int, action: object) -> int:
        """The board after the player to move plays ``action``: a cell's name, or ``"swap"``.

        Raises:
            IllegalActionError: ``action`` is not an empty cell's name (nor a legal swap), or
                the game is over.
        """
        try:
            bit = self._bits[action]  # type: ignore[index]
        except (KeyError, TypeError):
            if action == SWAP and self._may_swap(state):
                return self._swap(state)
            raise IllegalActionError(action, self.actions(state), "Hex") from None
        count = self._count
        if state >= self._over or (state | state >> count) & bit:
            raise IllegalActionError(action, self.actions(state), "Hex")
        player = state >> self._turn_shift & 1
        state = (state | bit << count * player) ^ self._turn
        stones = state >> count * player & self._board.cells
        if self._board.joins(bit, stones, player):
            return state | self._over | self._won
        return state

    def _swap(self, state: int) -> int:
        """The swap: X's one stone, reflected in the long diagonal, becomes O's; X to move."""
        stone = self._board.transpose(state & self._board.cells)
        return (stone << self._count | self._swapped) | (state & ~self._board.cells) ^ self._turn

    def utility(self, state: int, player: Player) -> float:
        """``player``'s utility at the end: +1 for the winner, -1 for the loser.

        Raises:
            GameProtocolError: ``state`` is not terminal.
            ValueError: ``player`` is neither 0 (X) nor 1 (O).
        """
        return flagged_utility(self, state, player, "Hex")

    def winner(self, state: int) -> Player | None:
        """The player who joined its edges, or ``None``."""
        return flagged_winner(self, state)

    # For searches.

    def stones(self, state: int, player: Player) -> int:
        """The bitboard of ``player``'s stones: bit ``row * size + column`` for each.

        Raises:
            ValueError: ``player`` is neither 0 (X) nor 1 (O).
        """
        if player not in (0, 1):
            raise ValueError(f"Hex has players 0 (X) and 1 (O), not {player!r}")
        return state >> self._count * player & self._board.cells

    def key(self, state: int) -> int:
        """The transposition-table key: a position and its half-turn share one.

        Turning the board half a turn keeps each player's edges, so the two positions have
        the same value (the swap rule commutes with it too).

        >>> game = Hex(3)
        >>> game.key(game.result(0, "a1")) == game.key(game.result(0, "c3"))
        True
        """
        board = self._board
        x, o = state & board.cells, state >> self._count & board.cells
        turned = board.rotate(o) << self._count | board.rotate(x)
        flags = state >> self._turn_shift << self._turn_shift
        return min(state, turned | flags)

    def order(self, state: int, actions: Sequence[str]) -> list[str]:
        """``actions`` in the order to try them: the most promising first.

        A winning cell, else the cells that block the other player's win, then the rest from
        the centre out (centre cells lie on more short paths).

        Raises:
            IllegalActionError: an action is not a cell of the board, nor ``"swap"``.
        """
        try:
            ordered = sorted(actions, key=self._rank.__getitem__)
        except (KeyError, TypeError):
            bad = next(a for a in actions if a not in self._rank)
            raise IllegalActionError(bad, self.actions(state), "Hex") from None
        mover = state >> self._turn_shift & 1
        wins, blocks = self._threats(state, mover)
        urgent = wins or blocks
        if not urgent:
            return ordered
        return sorted(ordered, key=lambda name: not urgent & self._bits.get(name, 0))

    def _threats(self, state: int, mover: Player) -> tuple[int, int]:
        """The cells where the mover wins at once, and where the other player would.

        Memoized: :meth:`order` and :meth:`non_losing_actions` ask it of the same states.
        """
        try:
            return self._threatened[state]
        except KeyError:
            pass
        threats = self._find_threats(state, mover)
        if len(self._threatened) >= _MEMO_LIMIT:
            self._threatened.clear()
        self._threatened[state] = threats
        return threats

    def _find_threats(self, state: int, mover: Player) -> tuple[int, int]:
        """:meth:`_threats`, worked out from the bitboards."""
        board, count = self._board, self._count
        x, o = state & board.cells, state >> count & board.cells
        empty = board.cells & ~(x | o)
        mine, theirs = (x, o) if mover == 0 else (o, x)
        wins = board.winning_cells(mine, empty, mover)
        return wins, board.winning_cells(theirs, empty, 1 - mover)

    def non_losing_actions(self, state: int) -> tuple[str, ...]:
        """The cells that win at once, if any; else the moves after which the other cannot.

        None when the other player threatens two cells (but a swap, where legal). Two floods
        from the edges per player find every winning cell at once
        (:meth:`HexBoard.winning_cells`); a stone only takes its own cell from the other
        player's, so one threat must be blocked there and two cannot both be.
        """
        if state >= self._over:
            return ()
        mover = state >> self._turn_shift & 1
        wins, blocks = self._threats(state, mover)
        actions = self.actions(state)
        if wins:
            return tuple(name for name in actions if wins & self._bits.get(name, 0))
        if not blocks:
            return actions
        # After a swap X has no stone, so no win at once: a swap, where legal, never loses.
        swap = (SWAP,) if actions[-1] == SWAP else ()
        if blocks & blocks - 1:
            return swap
        return (*(name for name in actions if blocks & self._bits.get(name, 0)), *swap)

    def evaluate(self, state: int, player: Player) -> float:
        """How good ``state`` looks for ``player``: between -1 and +1, exclusive.

        The other player's distance minus ``player``'s, over ``size + 1``: a distance is the
        fewest empty cells a player must still fill to join its edges
        (:meth:`HexBoard.distance`, a shortest path of Shannon's and Anshelevich's resistance
        evaluations, without the resistance). Zero-sum, and memoized.

        Raises:
            ValueError: ``player`` is neither 0 (X) nor 1 (O).

        Example:
            >>> game = Hex(3)
            >>> game.evaluate(game.result(0, "b2"), 0)   # X needs 2 more cells, O 3
            0.25
        """
        try:
            score = self._scores[state]
        except KeyError:
            score = self._score(state)
            if len(self._scores) >= _MEMO_LIMIT:
                self._scores.clear()
            self._scores[state] = score
        if player == 0:
            return score
        if player == 1:
            return 0.0 - score
        raise ValueError(f"Hex has players 0 (X) and 1 (O), not {player!r}")

    def _score(self, state: int) -> float:
        """:meth:`evaluate` for X, worked out from the bitboards."""
        board = self._board
        x, o = state & board.cells, state >> self._count & board.cells
        empty = board.cells & ~(x | o)
        gap = board.distance(o, empty, 1) - board.distance(x, empty, 0)
        return max(-self.size, min(self.size, gap)) / (self.size + 1)

    # For people.

    def features(self, state: int, player: Player) -> tuple[float, ...]:
        """Numbers describing ``state`` from ``player``'s side, for a learned evaluation.

        Five counts, then one number per cell:

        0. ``player``'s distance: the fewest empty cells it must still fill to join its edges
           (:meth:`HexBoard.distance`, as :meth:`evaluate` reads it; ``size * size`` if it
           cannot any more);
        1. the opponent's distance;
        2. +1 if ``player`` is to move, -1 if the opponent is;
        3. the empty cells at which ``player`` would join its edges at once;
        4. the same for the opponent;

        then ``size * size`` cells as ``player`` sees the board, its own edges at the top
        and bottom: X's board row by row from ``a1``, O's reflected in the long diagonal (its
        left and right edges become the top and bottom); +1 for ``player``'s stone, -1 for
        the opponent's, 0 for an empty cell. So one set of weights serves both players.

        Raises:
            ValueError: ``player`` is neither 0 (X) nor 1 (O).

        Example:
            >>> game = Hex(3)
            >>> state = game.result(game.result(0, "b2"), "b1")   # X in the centre, O above
            >>> game.features(state, 0)[:5], game.features(state, 1)[:5]
            ((2, 2, 1, 0, 0), (2, 2, -1, 0, 0))
            >>> game.features(state, 0)[5:]   # b1 is the second cell of the first row
            (0, -1, 0, 0, 1, 0, 0, 0, 0)
            >>> game.features(state, 1)[5:]   # reflected: b1 is the first cell of the second
            (0, 0, 0, 1, -1, 0, 0, 0, 0)
        """
        if player not in (0, 1):
            raise ValueError(f"Hex has players 0 (X) and 1 (O), not {player!r}")
        board = self._board
        x, o = state & board.cells, state >> self._count & board.cells
        empty = board.cells & ~(x | o)
        own, other = (x, o) if player == 0 else (o, x)
        counts = (
            board.distance(own, empty, player),
            board.distance(other, empty, 1 - player),
            1 if self.to_move(state) == player else -1,
            board.winning_cells(own, empty, player).bit_count(),
            board.winning_cells(other, empty, 1 - player).bit_count(),
        )
        if player == 1:
            own, other = board.transpose(own), board.transpose(other)
        cells = tuple((own >> cell & 1) - (other >> cell & 1) for cell in range(self._count))
        return counts + cells

    def render(self, state: int) -> str:
        """The rhombus, X's stones ``X``, O's ``O``, empty cells ``.``, with its coordinates.

        The letters of the columns stand above and below the board (X's edges), the numbers
        of the rows on its left and right (O's edges). After a swap, a last line says so.
        """
        board = self._board
        x, o = state & board.cells, state >> self._count & board.cells
        marks = [
            "X" if x >> cell & 1 else "O" if o >> cell & 1 else "." for cell in range(self._count)
        ]
        return draw(self.size, marks, swapped=bool(state & self._swapped))

    def parse(self, board: str) -> int:
        """The state drawn by ``board``: what :meth:`render` draws, or rows of marks alone.

        Rows of ``X``, ``O`` and ``.`` (or ``-``, ``_``) go one per line or split by ``/``;
        spaces, row numbers and lines of column letters are ignored, and a line starting with
        ``swap`` says that O swapped. Whose turn it is follows from the counts.

        Raises:
            ValueError: the picture is not a board of this size, has counts that alternate
                moves cannot give, or a chain that play would have stopped at (both players
                with one, or one for the player who did not move last).

        Example:
            >>> game = Hex(3)
            >>> state = game.parse(". . . / . X . / . . O")
            >>> game.to_move(state), game.is_terminal(state)
            (0, False)
        """
        cells, swapped = read(board, self.size)
        x = sum(1 << cell for cell, mark in enumerate(cells) if mark == "X")
        o = sum(1 << cell for cell, mark in enumerate(cells) if mark == "O")
        if swapped and not self.swap:
            raise ValueError(f"{self!r} has no swap rule, but the picture says O swapped")
        lead = x.bit_count() - o.bit_count() + swapped  # 0: X to move, 1: O to move
        if lead not in (0, 1) or (swapped and x.bit_count() + o.bit_count() == 0):
            raise ValueError(
                "X moves first and the players alternate (after a swap, O has taken X's first "
                f"stone), which these counts do not give: {board!r}"
            )
        state = x | o << self._count | lead * self._turn | swapped * self._swapped
        x_won, o_won = self._board.connects(x, 0), self._board.connects(o, 1)
        if (x_won and (o_won or lead == 0)) or (o_won and lead == 1):
            raise ValueError(f"no game reaches {board!r}: play stops at the first chain")
        return state | (self._over | self._won) * (x_won or o_won)
