"""Tic-tac-toe, and its generalisation to k in a row on an n x n board."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .._parameters import check_size
from ..errors import IllegalActionError
from ..game import Player
from ._end_flags import flagged_utility, flagged_winner

__all__ = ["TicTacToe"]

_EMPTY = ".-_"
_MEMO_LIMIT = 1 << 16
_RESULT_STATES = 1 << 13
"""The most states whose children ``result`` memoizes (a dict each): every 3 x 3 position."""


class TicTacToe:
    """Tic-tac-toe: X (player 0) and O (player 1) take turns to mark squares; ``k`` in a row wins.

    Squares are numbered row by row from 0 (top left) to ``size * size - 1``; an action is the
    number of an empty square. The utility is +1 for the winner, -1 for the loser, 0 for a draw.

    A state is one ``int``, cheap to hash and to copy: bit ``i`` is set when square ``i`` is
    taken, bit ``cells + i`` when O took it (so X's squares are the taken ones that are not O's),
    and three bits above them record that O is to move, that the game is over and that it was
    won. Use :meth:`parse` and :meth:`render` to go from and to pictures of the board.

    Args:
        size: The board's side, ``n`` (1 to 16).
        k: How many in a row (horizontal, vertical or diagonal) win; defaults to ``size``.

    Example:
        >>> game = TicTacToe()
        >>> state = game.result(game.result(game.initial_state(), 4), 0)
        >>> print(game.render(state))
        O . .
        . X .
        . . .
        >>> game.to_move(state), game.actions(state)
        (0, (1, 2, 3, 5, 6, 7, 8))
    """

    num_players = 2

    win_utility = 1.0
    """The utility of a won game (a lost one: its negation), which lets the engine rank wins
    and losses by their distance and report ``plies_to_end``; an evaluation passed to a
    depth-limited search must stay within [-1, 1]."""

    def __init__(self, size: int = 3, k: int | None = None) -> None:
        check_size("TicTacToe", "size", size, 1, 16)
        k = size if k is None else k
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= size:
            raise ValueError(f"TicTacToe: k must be an int from 1 to size={size}, got {k!r}")
        self.size = size
        self.k = k
        cells = size * size
        self._cells = cells
        self._full = (1 << cells) - 1
        self._turn_shift = 2 * cells
        self._turn = 1 << (2 * cells)
        self._over = 1 << (2 * cells + 1)
        self._won = 1 << (2 * cells + 2)
        self._layout = (cells, self._full, self._turn, self._over, self._won)
        self._lines = _lines(size, k)
        self._bits, self._rank = _squares(size, k)
        # Memos of the empty squares of each occupancy (for ``actions``), of whether a
        # player's squares hold a line (for ``result``), of keys, children, orders and results
        # (the children of each state, for ``result``, in up to _RESULT_STATES states); each stops
        # growing at _MEMO_LIMIT entries, which covers every 3 x 3 position. They are shared
        # by every game of the same size and k (what they hold follows from the rules alone),
        # so a new game object is as fast as one that has searched before.
        memo = _memo(size, k)
        self._free, self._line, self._keys, self._children, self._orders, self._results = memo
        self._symmetries = _symmetries(size)
        if type(self).children is TicTacToe.children:
            # The memo's own lookup, a call into C: a search calls ``children`` at every node,
            # and a Python method around the lookup cost 4 % of alpha-beta's time. A subclass
            # that overrides ``children`` keeps its own.
            self.children = self._children.__getitem__  # type: ignore[method-assign, assignment]

    def __repr__(self) -> str:
        return f"TicTacToe(size={self.size}, k={self.k})"

    def initial_state(self) -> int:
        """The empty board, X to move."""
        return 0

    def to_move(self, state: int) -> Player:
        """0 when X is to move, 1 when O is."""
        return state >> self._turn_shift & 1

    def is_terminal(self, state: int) -> bool:
        """Whether a player has ``k`` in a row or the board is full."""
        return state >= self._over

    def actions(self, state: int) -> tuple[int, ...]:
        """The empty squares in increasing order; none once the game is over."""
        if state >= self._over:
            return ()
        occupied = state & self._full
        try:
            return self._free[occupied]
        except KeyError:
            free = tuple(sq for sq in range(self._cells) if not occupied >> sq & 1)
            if len(self._free) < _MEMO_LIMIT:
                self._free[occupied] = free
            return free

    def children(self, state: int) -> tuple[tuple[int, int, Player | None], ...]:
        """Every ``(action, child, mover)`` of ``state`` in ``actions`` order, in one call.

        The optional fast member of the ``Game`` protocol: ``child`` is
        ``result(state, action)`` and ``mover`` is ``to_move(child)``, or ``None`` when
        ``child`` is terminal. The plain searchers use it instead of calling ``actions``,
        ``result``, ``is_terminal`` and ``to_move`` for every child.

        >>> game = TicTacToe()
        >>> tuple((action, mover) for action, _, mover in game.children(game.parse("XXO/OO./XX.")))
        ((5, None), (8, 0))
        """
        return self._children[state]

    def key(self, state: int) -> int:
        """The transposition-table key of ``state``, the same for symmetric boards.

        Boards that are rotations or reflections of each other (the square's 8 symmetries)
        share a key, so a table stores each position once.

        >>> game = TicTacToe()
        >>> game.key(game.parse("X.. / ... / ...")) == game.key(game.parse("... / ... / ..X"))
        True
        """
        try:
            return self._keys[state]
        except KeyError:
            cells = self._cells
            marks = [sq for sq in range(2 * cells) if state >> sq & 1]
            key = min(
                sum(1 << (image[sq % cells] + (sq >= cells) * cells) for sq in marks)
                for image in self._symmetries
            ) | (state >> 2 * cells << 2 * cells)
            if len(self._keys) < _MEMO_LIMIT:
                self._keys[state] = key
            return key

    def order(self, state: int, actions: Sequence[int]) -> Sequence[int]:
        """``actions`` with the squares on the most winning lines first.

        For the searchers' ``order`` option; ``iterative_deepening`` uses it by default. The
        order of a tuple of actions (what ``actions`` gives) is memoized, as a tuple.

        >>> TicTacToe().order(0, TicTacToe().actions(0))
        (4, 0, 2, 6, 8, 1, 3, 5, 7)
        """
        try:
            return self._orders[actions]  # type: ignore[index]  # a tuple, or TypeError
        except (KeyError, TypeError):
            ordered = tuple(sorted(actions, key=self._rank.__getitem__))
            if actions.__class__ is tuple and len(self._orders) < _MEMO_LIMIT:
                self._orders[actions] = ordered
            return ordered

    def result(self, state: int, action: int) -> int:
        """The board after the player to move marks square ``action``.

        Raises:
            IllegalActionError: ``action`` is not an empty square, or the game is over.
        """
        try:  # the memo holds only moves found legal
            return self._results[state][action]
        except (KeyError, TypeError):
            pass
        child = self._play(state, action)
        known = self._results.get(state)
        if known is None:
            if len(self._results) >= _RESULT_STATES:
                return child
            known = self._results[state] = {}
        known[action] = child
        return child

    def _play(self, state: int, action: int) -> int:
        """:meth:`result`, worked out (and checked) rather than looked up."""
        try:
            bit = self._bits[action]
        except (KeyError, TypeError):
            raise IllegalActionError(action, self.actions(state), "TicTacToe") from None
        cells, full, turn, over, won = self._layout
        if state >= over or state & bit:
            raise IllegalActionError(action, self.actions(state), "TicTacToe")
        if state & turn:  # O marks the square
            state = (state | bit | bit << cells) ^ turn
            mine = state >> cells & full
        else:
            state = (state | bit) ^ turn
            mine = (state ^ state >> cells) & full
        try:
            has_line = self._line[mine]
        except KeyError:
            has_line = self._has_line(mine)
            if len(self._line) < _MEMO_LIMIT:
                self._line[mine] = has_line
        if has_line:
            return state | won | over
        if state & full == full:
            return state | over
        return state

    def utility(self, state: int, player: Player) -> float:
        """``player``'s utility at the end: +1 for ``k`` in a row, -1 for the other's, 0 for a draw.

        Raises:
            GameProtocolError: ``state`` is not terminal: the game is still in progress.
            ValueError: ``player`` is neither 0 (X) nor 1 (O).
        """
        return flagged_utility(self, state, player, "TicTacToe")

    def winner(self, state: int) -> Player | None:
        """The player who has ``k`` in a row, or ``None``."""
        return flagged_winner(self, state)

    def features(self, state: int, player: Player) -> tuple[float, ...]:
        """Numbers describing ``state`` from ``player``'s side, for a learned evaluation.

        First five counts, then one number per square:

        0. the lines (rows, columns, diagonals of ``k`` squares) where ``player`` has ``k - 1``
           marks and the last square is empty: a win next move;
        1. the same for the opponent;
        2. the open lines of ``player``: at least one of its marks, none of the opponent's;
        3. the open lines of the opponent;
        4. +1 if ``player`` is to move, -1 if the opponent is;

        then the squares row by row from the top left: +1 for ``player``'s mark, -1 for the
        opponent's, 0 for an empty square.

        Args:
            state: The position.
            player: Whose side the numbers take, 0 (X) or 1 (O).

        Returns:
            ``5 + size * size`` numbers.

        Raises:
            ValueError: ``player`` is neither 0 (X) nor 1 (O).

        Example:
            >>> game = TicTacToe()
            >>> state = game.parse("X X . / . O . / . . .")  # O to move; X threatens 2
            >>> game.features(state, 1)[:5]
            (0.0, 1.0, 2.0, 2.0, 1.0)
            >>> game.features(state, 1)[5:]
            (-1.0, -1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0)
        """
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError(f"TicTacToe has players 0 (X) and 1 (O), not {player!r}")
        taken = state & self._full
        o_marks = state >> self._cells & self._full
        mine, theirs = (taken ^ o_marks, o_marks) if player == 0 else (o_marks, taken ^ o_marks)
        near = self.k - 1
        counts = [0, 0, 0, 0]
        for line in self._lines:
            own, other = (mine & line).bit_count(), (theirs & line).bit_count()
            if not other and own:
                counts[2] += 1
                counts[0] += own == near
            if not own and other:
                counts[3] += 1
                counts[1] += other == near
        mover = 1.0 if self.to_move(state) == player else -1.0
        cells = tuple(
            1.0 if mine >> square & 1 else -1.0 if theirs >> square & 1 else 0.0
            for square in range(self._cells)
        )
        return (*map(float, counts), mover, *cells)

    def render(self, state: int) -> str:
        """The board as rows of ``X``, ``O`` and ``.``, separated by spaces and newlines."""
        cells, size = self._cells, self.size

        def mark(square: int) -> str:
            if state >> (cells + square) & 1:
                return "O"
            if state >> square & 1:
                return "X"
            return "."

        return "\n".join(
            " ".join(mark(row * size + col) for col in range(size)) for row in range(size)
        )

    def parse(self, board: str) -> int:
        """The state drawn by ``board``: rows of ``X``, ``O`` and ``.``.

        Rows go one per line or are split by ``/``; spaces are ignored. Whose turn it is follows
        from the counts: X moves first.

        Raises:
            ValueError: the picture is not a board of this size, or not a position that play can
                reach (wrong counts, or both players with a line).

        Example:
            >>> game = TicTacToe()
            >>> state = game.parse("X.O / .X. / ...")
            >>> game.to_move(state), game.is_terminal(state)
            (1, False)
        """
        rows = [row.replace(" ", "") for row in board.replace("/", "\n").split("\n")]
        rows = [row for row in rows if row]
        if len(rows) != self.size or any(len(row) != self.size for row in rows):
            raise ValueError(f"expected {self.size} rows of {self.size} squares, got {board!r}")
        x_bits = o_bits = 0
        for square, mark in enumerate("".join(rows).upper()):
            if mark == "X":
                x_bits |= 1 << square
            elif mark == "O":
                o_bits |= 1 << square
            elif mark not in _EMPTY:
                raise ValueError(f"unexpected mark {mark!r} in {board!r}; use X, O and .")
        x_count, o_count = x_bits.bit_count(), o_bits.bit_count()
        if x_count not in (o_count, o_count + 1):
            raise ValueError(f"X moves first, so X has as many marks as O or one more: {board!r}")
        x_line, o_line = self._has_line(x_bits), self._has_line(o_bits)
        if (x_line and (o_line or x_count == o_count)) or (o_line and x_count > o_count):
            raise ValueError(f"no game reaches {board!r}: play stops at the first line")
        state = x_bits | o_bits | o_bits << self._cells | (self._turn if x_count > o_count else 0)
        if x_line or o_line:
            return state | self._won | self._over
        if x_count + o_count == self._cells:
            return state | self._over
        return state

    def _has_line(self, bits: int) -> bool:
        return any(bits & line == line for line in self._lines)


_Memo = tuple[
    dict[int, tuple[int, ...]],
    dict[int, bool],
    dict[int, int],
    dict[int, tuple[tuple[int, int, Player | None], ...]],
    dict[tuple[int, ...], tuple[int, ...]],
    dict[int, dict[int, int]],
]


class _Children(dict[int, tuple[tuple[int, int, "Player | None"], ...]]):
    """The memo of :meth:`TicTacToe.children` for one size and ``k``: a miss makes the children.

    They are made with the rules of a plain ``TicTacToe`` of that size (never a subclass's),
    and kept while the memo has fewer than ``_MEMO_LIMIT`` entries.
    """

    __slots__ = ("k", "maker", "size")

    def __init__(self, size: int, k: int) -> None:
        super().__init__()
        self.size, self.k = size, k
        self.maker: TicTacToe | None = None

    def __missing__(self, state: int) -> tuple[tuple[int, int, Player | None], ...]:
        game = self.maker
        if game is None:
            game = self.maker = TicTacToe(self.size, self.k)
        over = game._over
        found = []
        for action in TicTacToe.actions(game, state):
            child = TicTacToe._play(game, state, action)
            found.append((action, child, None if child >= over else TicTacToe.to_move(game, child)))
        kids = tuple(found)
        if len(self) < _MEMO_LIMIT:
            self[state] = kids
        return kids


@lru_cache(maxsize=8)
def _memo(size: int, k: int) -> _Memo:
    """The memos shared by the games of one size and ``k``: free squares, lines, keys, etc.

    A cache of what the rules compute, bounded in entries (``_MEMO_LIMIT`` each) and in boards
    (the 8 most recently made sizes); nothing in it depends on a game's history.
    """
    return {}, {}, {}, _Children(size, k), {}, {}


@lru_cache(maxsize=8)
def _squares(size: int, k: int) -> tuple[dict[int, int], dict[int, tuple[int, int]]]:
    """Each square's bit, and its rank in the static move ordering.

    Squares on more winning lines go first (the centre of 3 x 3 lies on four lines, a corner
    on three, an edge on two); ties by square number.
    """
    lines = _lines(size, k)
    squares = range(size * size)
    bits = {square: 1 << square for square in squares}
    rank = {square: (-sum(line >> square & 1 for line in lines), square) for square in squares}
    return bits, rank


@lru_cache(maxsize=8)
def _lines(size: int, k: int) -> tuple[int, ...]:
    """Bit masks of every run of ``k`` squares in a row, column or diagonal."""
    lines = []
    for row in range(size):
        for col in range(size):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
                if 0 <= end_row < size and 0 <= end_col < size:
                    mask = 0
                    for step in range(k):
                        mask |= 1 << ((row + d_row * step) * size + col + d_col * step)
                    lines.append(mask)
    return tuple(sorted(set(lines)))


@lru_cache(maxsize=8)
def _symmetries(size: int) -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the board (rotations and reflections), as images of the squares."""
    rotate = [col * size + (size - 1 - row) for row in range(size) for col in range(size)]
    mirror = [row * size + (size - 1 - col) for row in range(size) for col in range(size)]
    images, image = [], list(range(size * size))
    for _ in range(4):
        images.append(tuple(image))
        images.append(tuple(mirror[square] for square in image))
        image = [rotate[square] for square in image]
    return tuple(images)
