"""Connect Four on a bitboard, for any board size."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .._parameters import check_size
from ..capabilities import EngineSetting, ProbeSetting
from ..errors import IllegalActionError
from ..game import Player
from ..result import SearchResult
from ._bitboard import completions_on, has_four, window_counts, window_score
from ._connect_four_engine import ConnectFourEngine
from ._connect_four_engine import native as engine_native
from ._connect_four_playout import ConnectFourPlayout
from ._connect_four_playout import native as playout_native
from ._connect_four_probe import NEAR_SLOTS, ConnectFourBoard, ConnectFourProbe, fits, native
from ._connect_four_table import SolvingTable, fewest_slots
from ._end_flags import flagged_utility, flagged_winner

try:  # mypyc reads the decorator at compile time; at run time it does nothing (not
    # `if TYPE_CHECKING: ... else:`, whose else mypyc compiles as unreachable: it raises)
    from mypy_extensions import mypyc_attr
except ImportError:  # the package does not depend on mypy_extensions: a stand-in
    from .._mypyc import mypyc_attr

__all__ = ["ConnectFour"]

_EMPTY = ".-_"
_MEMO_LIMIT = 1 << 17
"""The most entries each memo holds before it is emptied and starts again (~15 MB at most)."""

THREE, TWO, CENTRE = 5, 2, 3
"""Weights of :meth:`ConnectFour.evaluate`: an open three, an open two, a centre stone."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the compiled build: a game may extend it
class ConnectFour:
    """Connect Four: X (player 0) and O (player 1) drop stones into columns; four in a row wins.

    A stone falls to the lowest empty cell of its column. An action is a column number, 0 to
    ``width - 1`` from the left; ``actions`` lists the columns that are not full in that order.
    Four stones of one player in a row, a column or a diagonal win; a full board without four
    in a row is a draw. The utility is +1 for the winner, -1 for the loser, 0 for a draw.

    A state is one ``int``, laid out as the bitboards of John Tromp's and Pascal Pons's
    solvers: column ``c`` takes ``height + 1`` bits, bit ``c * (height + 1) + r`` standing for
    row ``r`` counted from the bottom, and the top bit of each column (a sentinel row that is
    always clear) stops runs of stones from wrapping from one column into the next. Of the
    ``n = width * (height + 1)`` low bits, a bit is set where the cell holds a stone (the
    *mask*); the next ``n`` bits hold the stones of the player who moved last; above them three
    flags record that O is to move, that the game is over, and that it was won. Dropping a
    stone is then one addition (``mask + bottom of column`` carries into the column's first
    empty cell) and a four in a row is four shifts and ands per direction (Pons, "Solving
    Connect 4", 2019, blog.gamesolver.org). Use :meth:`parse`, :meth:`render` and
    :meth:`from_moves` to go from and to pictures and move lists.

    Besides the ``Game`` protocol, the game offers what a search needs: :meth:`key` for
    transposition tables, :meth:`order` for move ordering and :meth:`evaluate` for
    depth-limited search; and the engine's solving hooks (see :mod:`gamesearch.game`):
    ``win_utility``, :meth:`non_losing_actions`, :meth:`non_losing_children` and
    :meth:`solving_key`, with which ``mtdf(game, state)`` solves a position as Pons's solver
    does.

    Args:
        width: Columns on the board (an int from 1 to 16).
        height: Rows on the board (an int from 1 to 16).

    Raises:
        ValueError: ``width`` or ``height`` is not an int from 1 to 16.

    Example:
        >>> game = ConnectFour()
        >>> state = game.from_moves("4453")  # columns counted from 1: X, O, X, O
        >>> print(game.render(state))
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . O . . .
        . . O X X . .
        >>> game.to_move(state), game.actions(state)
        (0, (0, 1, 2, 3, 4, 5, 6))
    """

    num_players = 2
    _scores: dict[int, float]
    """The shared memo of :meth:`evaluate`, attached on its first call (see ``_shared_scores``)."""
    _kernel_board: ConnectFourBoard
    """The board's shifts and masks as words, for the loops on words (see ``_board_words``)."""

    win_utility = 1.0
    """The utility of a won game (a lost one: its negation), which lets the engine rank wins
    and losses by their distance and report ``plies_to_end`` (see :meth:`pons_score`)."""

    # The arguments are checked here, not by their annotations: in the compiled build a
    # compiled function refuses a wrong type with a bare TypeError before its body runs.
    def __init__(self, width: object = 7, height: object = 6) -> None:
        self.width: int = check_size("ConnectFour", "width", width, 1, 16)
        self.height: int = check_size("ConnectFour", "height", height, 1, 16)
        self._lay_out(self.width, self.height)

    def _lay_out(self, width: int, height: int) -> None:
        """The board's bitboards, shifts and memos (see the class's docstring for the layout)."""
        stride = height + 1
        bits = width * stride
        bottom_row = sum(1 << (col * stride) for col in range(width))
        self._stride = stride
        self._shift = bits  # where the last mover's stones start
        self._full = (1 << bits) - 1
        self._bottom_row = bottom_row
        self._board = bottom_row * ((1 << height) - 1)  # every cell, no sentinel
        self._turn_shift = 2 * bits
        self._turn = 1 << (2 * bits)
        self._over = 1 << (2 * bits + 1)
        self._won = 1 << (2 * bits + 2)
        self._ended = self._won | self._over
        # A full column carries into its sentinel: one test refuses it and a finished game.
        self._refuse = bottom_row << height | self._over
        self._tops = bottom_row << (height - 1) | self._over
        self._bottoms: dict[object, int] = {col: 1 << (col * stride) for col in range(width)}
        self._columns = tuple(((1 << height) - 1) << (col * stride) for col in range(width))
        # Shifts between neighbouring cells: vertical, horizontal and the two diagonals.
        self._directions = (1, stride, height, height + 2)
        self._centre_first = tuple(
            sorted(range(width), key=lambda col: (abs(2 * col - (width - 1)), col))
        )
        self._rank = {col: rank for rank, col in enumerate(self._centre_first)}
        # Windows of four cells, per direction: the shifts to their cells after the lowest
        # one, and the lowest cells of those that fit on the board.
        board = self._board
        self._windows = tuple(
            (d, 2 * d, 3 * d, board & board >> d & board >> 2 * d & board >> 3 * d)
            for d in self._directions
        )
        self._centre = self._columns[(width - 1) // 2] | self._columns[width // 2]
        self._scale = float(
            1
            + THREE * sum(window[3].bit_count() for window in self._windows)
            + CENTRE * self._centre.bit_count()
        )
        # Memos, per game: the free columns of each set of full columns (for ``actions``),
        # the end flags of each set of the last mover's stones (for ``result``), and the
        # centre-first order of each tuple of actions and the cells that would complete a
        # four for each set of stones (for ``order``). In a search most stone sets recur:
        # 96 to 98% of ``result`` calls hit the memo in depth-9 searches of middle games.
        self._free: dict[int, tuple[int, ...]] = {}
        self._ends: dict[int, int] = {}
        self._ordered: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._threats: dict[int, int] = {}
        self._mirrored_stones = width * height // 4  # see solving_key
        self._complete = completions_on(stride, self._board)
        # For the solving hook: each column centre-first, with its tie-break (centre highest).
        self._region_cell = 1 << (self._centre_first[0] * stride)  # see region
        self._centre_columns = tuple(
            (width - 1 - rank, col, self._columns[col])
            for rank, col in enumerate(self._centre_first)
        )
        # The same by tie-break: the column and its cells at index width - 1 - rank.
        self._by_tie = tuple((col, column) for _, col, column in sorted(self._centre_columns))
        # Each cell's bit, column by column from the left, bottom up, and the cells of the
        # odd rows counted from 1 at the bottom (for ``features``).
        self._cell_bits = tuple(
            1 << (col * stride + row) for col in range(width) for row in range(height)
        )
        self._odd_rows = sum(bottom_row << row for row in range(0, height, 2))

    def __repr__(self) -> str:
        return f"ConnectFour(width={self.width}, height={self.height})"

    def __eq__(self, other: object) -> bool:
        """Whether ``other`` is the same game: of the same class, and a board of the same size."""
        if not isinstance(other, ConnectFour) or type(other) is not type(self):
            return NotImplemented
        return (self.width, self.height) == (other.width, other.height)

    def __hash__(self) -> int:
        return hash((type(self), self.width, self.height))

    def game_parameters(self) -> dict[str, int]:
        """The arguments that make this game again: ``width`` and ``height``.

        Read by :func:`gamesearch.identity.game_identity` (table files name the game they
        solve with it).
        """
        return {"width": self.width, "height": self.height}

    def __reduce__(self) -> tuple[type[ConnectFour], tuple[int, int]]:
        """Pickle the board's size only, not the memos.

        The memos, which a long search fills with megabytes, are caches that a copy rebuilds;
        an executor ships the game to every part it runs.
        """
        return type(self), (self.width, self.height)

    # The Game protocol. These are the hot path of every search: a few int operations each.

    def initial_state(self) -> int:
        """The empty board, X to move."""
        return 0

    def to_move(self, state: int) -> Player:
        """0 when X is to move, 1 when O is."""
        return state >> self._turn_shift & 1

    def is_terminal(self, state: int) -> bool:
        """Whether a player has four in a row or the board is full."""
        return state >= self._over

    def actions(self, state: int) -> tuple[int, ...]:
        """The columns that are not full, from left to right; none once the game is over."""
        tops = state & self._tops  # the full columns, and the game-over flag
        try:
            return self._free[tops]
        except KeyError:
            free = (
                ()
                if tops >= self._over
                else tuple(col for col, column in enumerate(self._columns) if not tops & column)
            )
            if len(self._free) >= _MEMO_LIMIT:
                self._free.clear()
            self._free[tops] = free
            return free

    def result(self, state: int, action: object) -> int:
        """The board after the player to move drops a stone into column ``action``.

        Raises:
            IllegalActionError: ``action`` is not a column on the board, its column is full,
                or the game is over.
        """
        try:
            grown = state + self._bottoms[action]  # carries into the column's first empty cell
        except (KeyError, TypeError):
            raise IllegalActionError(action, self.actions(state), "ConnectFour") from None
        if grown & self._refuse:
            raise IllegalActionError(action, self.actions(state), "ConnectFour")
        state |= grown
        mask = state & self._full
        shift = self._shift
        state ^= mask << shift ^ self._turn  # the mover's stones: the mask minus the others'
        mover = state >> shift  # the mover's stones, and the turn flag above them
        try:
            state |= self._ends[mover]
        except KeyError:
            ends = self._ended if has_four(mover & self._full, self._directions) else 0
            if len(self._ends) >= _MEMO_LIMIT:
                self._ends.clear()
            self._ends[mover] = ends
            state |= ends
        if mask == self._board:
            return state | self._over
        return state

    def utility(self, state: int, player: Player) -> float:
        """+1 if ``player`` won, -1 if it lost, 0 for a draw.

        Raises:
            GameProtocolError: ``state`` is not terminal.
            ValueError: ``player`` is not 0 or 1.
        """
        return flagged_utility(self, state, player, "ConnectFour")

    # Helpers for searches and for people.

    def winner(self, state: int) -> Player | None:
        """The player who has four in a row, or ``None``."""
        return flagged_winner(self, state)

    def stones(self, state: int, player: Player) -> int:
        """The bitboard of ``player``'s stones: bit ``col * (height + 1) + row`` for each.

        Rows count from the bottom, as in the class's layout; handy for evaluation functions.

        Example:
            >>> game = ConnectFour()
            >>> state = game.from_moves("44")  # X, then O, in the middle column
            >>> game.stones(state, 0) == 1 << (3 * 7), game.stones(state, 1) == 1 << (3 * 7 + 1)
            (True, True)
        """
        last = state >> self._shift & self._full
        to_move = state >> self._turn_shift & 1
        if player == to_move:
            return state & self._full ^ last
        if player == to_move ^ 1:
            return last
        raise ValueError(f"ConnectFour has players 0 (X) and 1 (O), not {player!r}")

    def key(self, state: int) -> int:
        """A small int that identifies ``state``, for transposition tables.

        This is Pons's key: the mask plus the last mover's stones. In each column the mask's
        ``h`` stones are the bits ``2**h - 1``, so a column of ``h`` stones maps to a number
        from ``2**h - 1`` to ``2**(h + 1) - 2``: the ranges of different heights do not
        overlap and never carry into the next column, and the key fits in
        ``width * (height + 1)`` bits. Whose turn it is and whether the game is over follow
        from the stones, so different states have different keys. Mirror images are *not*
        merged: a table keyed by it may store best moves.

        Example:
            >>> game = ConnectFour()
            >>> game.key(game.from_moves("4435")) == game.key(game.from_moves("3544"))
            True
            >>> game.key(game.from_moves("4435")) == game.key(game.from_moves("4453"))
            False
        """
        return (state & self._full) + (state >> self._shift & self._full)

    def solving_key(self, state: int) -> int:
        """The engine's key for exact solving: :meth:`key`, or the mirror image's, early on.

        While at most a quarter of the cells hold stones, the smaller of the two keys. A
        position and its mirror image (the columns reversed) have the same value, so a solver
        may store one entry for both; from the empty board, whose first moves come in mirrored
        pairs, that spares a third to a half of the nodes. Deeper down the pairs are
        rare and the mirroring would cost more than it saves, so the key is :meth:`key` there.
        Only the engine's exact solver uses it (stored best moves may be the mirror image's:
        it only tries them first).

        Example:
            >>> game = ConnectFour()
            >>> game.solving_key(game.from_moves("12")) == game.solving_key(game.from_moves("76"))
            True
            >>> game.key(game.from_moves("12")) == game.key(game.from_moves("76"))
            False
        """
        mask = state & self._full
        key = mask + (state >> self._shift & self._full)
        if mask.bit_count() > self._mirrored_stones:
            return key
        stride, column, last = self._stride, (1 << self._stride) - 1, self.width - 1
        mirrored = 0
        for col in range(self.width):
            mirrored |= (key >> (col * stride) & column) << ((last - col) * stride)
        return min(key, mirrored)

    def order(self, state: int, actions: Sequence[int]) -> list[int]:
        """``actions`` in the order a search should try them: the most promising first.

        A column that wins at once comes first, then one that blocks the opponent's immediate
        win, then the rest from the centre outwards (the centre columns are in more lines of
        four). Ties keep the centre-first order, left before right.

        Args:
            state: The position the actions are played in.
            actions: Columns, usually ``actions(state)``.

        Raises:
            IllegalActionError: an action is not a column on the board.

        Example:
            >>> game = ConnectFour()
            >>> game.order(game.initial_state(), game.actions(game.initial_state()))
            [3, 2, 4, 1, 5, 0, 6]
            >>> state = game.from_moves("12121")  # three X in column 0, two O in column 1
            >>> game.order(state, game.actions(state))  # O must block column 0
            [0, 3, 2, 4, 1, 5, 6]
            >>> state = game.result(game.result(state, 1), 5)  # O: 1, X: 5; O wins at 1
            >>> game.order(state, game.actions(state))  # win at 1, then block 0
            [1, 0, 3, 2, 4, 5, 6]
        """
        as_tuple = tuple(actions)
        try:
            ordered = self._ordered[as_tuple]
        except (KeyError, TypeError):
            try:
                ordered = tuple(sorted(as_tuple, key=self._rank.__getitem__))
            except (KeyError, TypeError):
                offered: tuple[object, ...] = as_tuple  # any object: not checked as an int
                bad = next(a for a in offered if not _is_key(a, self._rank))
                raise IllegalActionError(bad, self.actions(state), "ConnectFour") from None
            if len(self._ordered) >= _MEMO_LIMIT:
                self._ordered.clear()
            self._ordered[as_tuple] = ordered
        mask = state & self._full
        last = state >> self._shift & self._full
        playable = (mask + self._bottom_row) & self._board
        wins = self._completions(mask ^ last) & playable
        blocks = self._completions(last) & playable
        if not wins | blocks:
            return list(ordered)
        columns = self._columns
        first = [col for col in ordered if wins & columns[col]]
        then = [col for col in ordered if blocks & columns[col] and not wins & columns[col]]
        rest = [col for col in ordered if not (wins | blocks) & columns[col]]
        return first + then + rest

    def evaluate(self, state: int, player: Player) -> float:
        """How good ``state`` looks for ``player``: between -1 and +1, exclusive.

        Counts the windows of four cells (in a row, a column or a diagonal) that hold three
        of ``player``'s stones and one empty cell (weight 5), two stones and two empty cells
        (weight 2), and ``player``'s stones in the centre column (weight 3, both centre
        columns on an even width), minus the same counts for the opponent, divided by one more
        than the largest total possible, so that any proven win (+1) or loss (-1) outweighs
        every estimate. Zero-sum: ``evaluate(s, 0) == -evaluate(s, 1)``.

        Args:
            state: The position; meant for states that are not terminal.
            player: Whose estimate to return, 0 (X) or 1 (O).

        Returns:
            The estimate for ``player``: positive when ``player`` stands better.

        Example:
            >>> game = ConnectFour()
            >>> state = game.from_moves("4151")  # X: two in the centre; O: two in a corner
            >>> round(game.evaluate(state, 0), 4), round(game.evaluate(state, 1), 4)
            (0.0192, -0.0192)
        """
        try:
            scores = self._scores
        except AttributeError:
            scores = self._scores = _shared_scores(self.width, self.height)
        try:
            score = scores[state]
        except KeyError:
            score = self._score(state)
            if len(scores) >= _MEMO_LIMIT:
                scores.clear()
            scores[state] = score
        if player == 0:
            return score
        if player == 1:
            return 0.0 - score  # 0.0 - x is -x, but 0.0 where x is 0.0 (not -0.0)
        raise ValueError(f"ConnectFour has players 0 (X) and 1 (O), not {player!r}")

    def _score(self, state: int) -> float:
        """:meth:`evaluate` for X (player 0), worked out from the bitboards."""
        mine = self.stones(state, 0)
        theirs = (state & self._full) ^ mine
        centre = self._centre
        score = CENTRE * ((mine & centre).bit_count() - (theirs & centre).bit_count())
        score += window_score(mine, theirs, self._windows, THREE, TWO)
        return score / self._scale

    def features(self, state: int, player: Player) -> tuple[float, ...]:
        """Numbers describing ``state`` from ``player``'s side, for a learned evaluation.

        First twenty counts, whose meaning does not depend on the board's size (so that
        weights fitted on a small board can be tried on a larger one), then one number per
        cell:

        0. ``player``'s open threes: windows of four cells (see :meth:`evaluate`) holding three
           of ``player``'s stones and one empty cell;
        1. the opponent's open threes;
        2. ``player``'s open twos: two stones and two empty cells;
        3. the opponent's open twos;
        4. ``player``'s stones in the centre column (both centre columns on an even width);
        5. the opponent's stones there;
        6. +1 if ``player`` is to move, -1 if the opponent is;
        7. the columns where ``player`` would complete four at once, if it were to move;
        8. the same for the opponent;
        9. ``player``'s threats on rows of its own parity: empty cells that would complete its
           four, on the odd rows counted from 1 at the bottom for X (who moves first), the
           even rows for O (the threats that the endgame's zugzwang tends to make good,
           Allis 1988);
        10. ``player``'s other threats (empty cells that would complete its four);
        11. the opponent's threats on rows of the opponent's parity;
        12. the opponent's other threats;
        13. of ``player``'s threats in 9., the lowest threats of their columns: no threat of
            either player lies below them (a column's lowest threat is met first as the
            column fills; one above it may never be reached, Allis 1988);
        14. of ``player``'s threats in 10., the lowest of their columns;
        15. of the opponent's threats in 11., the lowest of their columns;
        16. of the opponent's threats in 12., the lowest of their columns;
        17. the side to move wins at once (a threat of its own is playable): +1 if that side is
            ``player``, -1 if it is the opponent, else 0;
        18. the side to move cannot win at once and the other side has two playable threats
            (one move blocks one of them): +1 if the other side is ``player``, -1 if not, else 0;
        19. the side to move cannot win at once and the other side has a playable threat with
            another of its threats just above it (the block makes the upper one playable): +1
            if the other side is ``player``, -1 if not, else 0. These three are the wins of the
            next three plies that a position shows by its threats alone, which a search that
            stops at it would otherwise miss;

        then ``width * height`` cells, column by column from the left, each bottom up: +1 for
        ``player``'s stone, -1 for the opponent's, 0 for an empty cell.

        Args:
            state: The position.
            player: Whose side the numbers take, 0 (X) or 1 (O).

        Returns:
            ``20 + width * height`` numbers.

        Raises:
            ValueError: ``player`` is not 0 or 1.

        Example:
            >>> game = ConnectFour(4, 4)
            >>> state = game.from_moves("1121")  # X: 1 and 2 on the bottom row; O: two on X's 1
            >>> game.features(state, 0)[:9]  # X: an open two, a centre stone, to move
            (0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0)
            >>> game.features(state, 0)[20:24], game.features(state, 1)[20:24]
            ((1.0, -1.0, -1.0, 0.0), (-1.0, 1.0, 1.0, 0.0))
            >>> state = game.from_moves("11223")  # X: three on the bottom row, O: two on them
            >>> game.features(state, 0)[7:13]  # X's threat at column 4, row 1: odd, X's rows
            (1.0, 0.0, 1.0, 0.0, 0.0, 0.0)
            >>> game.features(state, 1)[7:13]  # the same threat, seen by O
            (0.0, 1.0, 0.0, 0.0, 1.0, 0.0)
            >>> game.features(state, 0)[17:20], game.features(state, 1)[17:20]  # O to move
            ((0.0, 0.0, 0.0), (0.0, 0.0, 0.0))
            >>> state = game.from_moves("112233")  # X to move, three on the bottom row
            >>> game.features(state, 0)[17:20], game.features(state, 1)[17:20]
            ((1.0, 0.0, 0.0), (-1.0, 0.0, 0.0))
        """
        mine = self.stones(state, player)
        mask = state & self._full
        theirs = mask ^ mine
        threes_mine, twos_mine, threes_theirs, twos_theirs = window_counts(
            mine, theirs, self._windows
        )
        centre = self._centre
        playable = (mask + self._bottom_row) & self._board
        empty = self._board & ~mask
        own_threats = self._completions(mine) & empty
        other_threats = self._completions(theirs) & empty
        odd = self._odd_rows  # X's rows; O's are the others
        own_rows, other_rows = (odd, ~odd) if player == 0 else (~odd, odd)
        lowest = self._lowest_in_columns(own_threats | other_threats)
        own_lowest, other_lowest = own_threats & lowest, other_threats & lowest
        to_move = self.to_move(state) == player
        counts = (
            threes_mine,
            threes_theirs,
            twos_mine,
            twos_theirs,
            (mine & centre).bit_count(),
            (theirs & centre).bit_count(),
            1 if to_move else -1,
            (own_threats & playable).bit_count(),
            (other_threats & playable).bit_count(),
            (own_threats & own_rows).bit_count(),
            (own_threats & other_rows).bit_count(),
            (other_threats & other_rows).bit_count(),
            (other_threats & own_rows).bit_count(),
            (own_lowest & own_rows).bit_count(),
            (own_lowest & other_rows).bit_count(),
            (other_lowest & other_rows).bit_count(),
            (other_lowest & own_rows).bit_count(),
            *_wins_ahead(own_threats, other_threats, playable, to_move),
        )
        cells = tuple(
            1.0 if mine & bit else -1.0 if theirs & bit else 0.0 for bit in self._cell_bits
        )
        return tuple(float(count) for count in counts) + cells

    def _lowest_in_columns(self, cells: int) -> int:
        """The lowest of ``cells`` in each column (a bitboard of at most one cell a column)."""
        lowest = 0
        for column in self._columns:
            found = cells & column
            lowest |= found & -found  # two's complement: the lowest set bit
        return lowest

    def render(self, state: int) -> str:
        """The board as rows of ``X``, ``O`` and ``.``, top row first, separated by spaces."""
        x_stones = self.stones(state, 0)
        mask = state & self._full
        stride = self._stride

        def mark(col: int, row: int) -> str:
            bit = 1 << (col * stride + row)
            if not mask & bit:
                return "."
            return "X" if x_stones & bit else "O"

        return "\n".join(
            " ".join(mark(col, row) for col in range(self.width))
            for row in reversed(range(self.height))
        )

    def parse(self, board: str) -> int:
        """The state drawn by ``board``: rows of ``X``, ``O`` and ``.``, top row first.

        Rows go one per line or are split by ``/``; spaces are ignored. Whose turn it is follows
        from the counts: X moves first. The picture is checked for what any position reached by
        play must satisfy, though not for a move order that reaches it.

        Raises:
            ValueError: the picture is not a board of this size, has a stone above an empty
                cell, has counts that alternate moves cannot give, or has a four in a row that
                play would have stopped at (both players with one, say).

        Example:
            >>> game = ConnectFour()
            >>> state = game.parse("......./......./......./......./...O.../..OXX..")
            >>> state == game.from_moves("4453"), game.to_move(state)
            (True, 0)
        """
        rows = [row.replace(" ", "") for row in board.replace("/", "\n").split("\n")]
        rows = [row for row in rows if row]
        width, height = self.width, self.height
        if len(rows) != height or any(len(row) != width for row in rows):
            raise ValueError(f"expected {height} rows of {width} cells, got {board!r}")
        x_stones = o_stones = 0
        for from_top, row in enumerate(rows):
            for col, mark in enumerate(row.upper()):
                bit = 1 << (col * self._stride + height - 1 - from_top)
                if mark == "X":
                    x_stones |= bit
                elif mark == "O":
                    o_stones |= bit
                elif mark not in _EMPTY:
                    raise ValueError(f"unexpected mark {mark!r} in {board!r}; use X, O and .")
        mask = x_stones | o_stones
        if (mask + self._bottom_row) & mask:  # a column whose stones are not stacked
            raise ValueError(f"a stone floats above an empty cell in {board!r}")
        x_count, o_count = x_stones.bit_count(), o_stones.bit_count()
        if x_count not in (o_count, o_count + 1):
            raise ValueError(f"X moves first, so X has as many stones as O or one more: {board!r}")
        last, other = (x_stones, o_stones) if x_count > o_count else (o_stones, x_stones)
        won = has_four(last, self._directions)
        if has_four(other, self._directions) or (won and not self._last_stone_won(last, mask)):
            raise ValueError(f"no game reaches {board!r}: play stops at the first four in a row")
        state = mask | last << self._shift | (self._turn if x_count > o_count else 0)
        if won:
            return state | self._ended
        if mask == self._board:
            return state | self._over
        return state

    def from_moves(self, moves: str) -> int:
        """The state after playing ``moves`` from the empty board.

        Moves are written as in Pons's solver and John Tromp's databases: one digit per move,
        the column counted from 1 (so ``"4"`` is the action 3); spaces are ignored. Boards of
        more than 9 columns need :meth:`result` for the columns beyond the ninth.

        Raises:
            ValueError: a move is not a column of the board, or is illegal (its column is full,
                or the game is already over).

        Example:
            >>> game = ConnectFour()
            >>> game.winner(game.from_moves("1212121"))  # X's fourth stone in column 1
            0
        """
        state = self.initial_state()
        digits = "123456789"[: self.width]
        for number, char in enumerate((c for c in moves if c != " "), start=1):
            if char not in digits:
                raise ValueError(
                    f"move {number} of {moves!r}: {char!r} is not a column from 1 to {digits[-1]}"
                )
            try:
                state = self.result(state, int(char) - 1)
            except IllegalActionError as exc:
                reason = "the game is over" if self.is_terminal(state) else "the column is full"
                raise ValueError(f"move {number} of {moves!r}: {reason}") from exc
        return state

    def non_losing_actions(self, state: int) -> tuple[int, ...]:
        """The columns the player to move can play without letting the opponent win at once.

        A hook of the engine (as Pons's solver's ``possibleNonLosingMoves``): with a column that
        wins at once, just the winning columns; else, if the opponent threatens to win in one
        playable cell, only the column that blocks it (none if it threatens two), and never a
        column whose stone would let the opponent win on top of it. Empty when every move
        loses at once. Left to right, like :meth:`actions`.

        Example:
            >>> game = ConnectFour()
            >>> game.non_losing_actions(game.from_moves("11223"))  # O must block in column 4
            (3,)
            >>> game.non_losing_actions(game.from_moves("112233"))  # X can win in column 4
            (3,)
        """
        mask = state & self._full
        if state >= self._over:
            return ()
        opponent = state >> self._shift & self._full
        playable = (mask + self._bottom_row) & self._board
        wins = self._completions(mask ^ opponent) & playable
        if not wins:
            threats = self._completions(opponent) & ~mask
            forced = playable & threats
            if forced:
                if forced & (forced - 1):  # two threats: no single stone blocks both
                    return ()
                playable = forced
            wins = playable & ~(threats >> 1)
        stride = self._stride
        return tuple(
            col for col in self.actions(state) if wins >> (col * stride) & ((1 << stride) - 1)
        )

    def non_losing_children(self, state: int) -> tuple[tuple[int, int, Player | None], ...]:
        """The children of :meth:`non_losing_actions`, best first: the engine's solving hook.

        One call does for an exact solver what :meth:`non_losing_actions`, :meth:`threat_order`,
        :meth:`result` and :meth:`to_move` do one by one, sharing their bitboards (Pons's
        ``possibleNonLosingMoves`` and ``MoveSorter``): ``(action, child, mover)`` triples, where
        ``child`` is ``result(state, action)`` and ``mover`` is ``to_move(child)``, or ``None``
        when ``child`` is terminal. Winning columns come alone; otherwise the columns that
        make the most cells where one more stone completes a four come first, ties
        centre-first.

        Example:
            >>> game = ConnectFour()
            >>> tuple(action for action, _, _ in game.non_losing_children(game.from_moves("11223")))
            (3,)
            >>> action, child, mover = game.non_losing_children(game.from_moves("112233"))[0]
            >>> action, game.winner(child), mover
            (3, 0, None)
        """
        if state >= self._over:
            return ()
        # A child is made here rather than by result(), which would look for a four again: the
        # stone `cell` joins the mask, the mover's stones become the last mover's
        # (opponent ^ (mask | cell), as in result()) and the turn flips.
        full, shift, flip, completions = self._full, self._shift, self._turn, self._completions
        mask = state & full
        opponent = state >> shift & full
        mine = mask ^ opponent
        known = self._threats.get  # the memo of _completions, read inline (a hot loop)
        playable = (mask + self._bottom_row) & self._board
        wins = (known(mine) or completions(mine)) & playable
        if wins:
            ended = self._ended
            return tuple(
                (col, (state | cell) ^ (mask | cell) << shift ^ flip | ended, None)
                for _, col, column in self._centre_columns
                if (cell := wins & column)
            )
        threats = (known(opponent) or completions(opponent)) & ~mask
        forced = playable & threats
        if forced:
            if forced & (forced - 1):  # two threats: no single stone blocks both
                return ()
            playable = forced
        safe = playable & ~(threats >> 1)
        if not safe:
            return ()
        mover = (state >> self._turn_shift & 1) ^ 1
        free = self._board & ~mask
        if not safe & (safe - 1):  # one move: nothing to order
            child = (state | safe) ^ (mask | safe) << shift ^ flip
            if free == safe:  # the last empty cell: a draw
                return ((self._column_of(safe), child | self._over, None),)
            return ((self._column_of(safe), child, mover),)
        # Pons's move ordering: by the cells where one more stone would complete a four.
        # Each column's score is one int, made * width + tie (no tuple to make and compare):
        # the ties are distinct, so the order is the same, and the tie gives the column back.
        scored = []
        span = self.width
        for tie, _, column in self._centre_columns:
            cell = safe & column
            if cell:
                grown = mine | cell
                made = ((known(grown) or completions(grown)) & free).bit_count()
                scored.append(made * span + tie)
        scored.sort(reverse=True)
        by_tie = self._by_tie
        kids = []
        for score in scored:
            col, column = by_tie[score % span]
            cell = safe & column
            kids.append((col, (state | cell) ^ (mask | cell) << shift ^ flip, mover))
        return tuple(kids)

    def solving_kernel(self, setting: ProbeSetting) -> ConnectFourProbe | None:
        """The exact solver's probe on this board's words, where it pays; else ``None``.

        A capability of the engine (see :mod:`gamesearch.capabilities`): the same nodes, counts
        and table entries as the general loop over :meth:`non_losing_children`, at a fraction
        of the cost of a node once compiled. Given only by the compiled build (in pure Python
        the general loop is faster), on boards of at most 62 bits and 15 columns (the 7 x 6
        board is one), and to a class whose rules are ConnectFour's own: a subclass that
        changes ``actions``, ``utility``, ``win_utility``, ``non_losing_children`` or
        ``solving_key`` is solved by the general loop over its own members.
        """
        # setting.win is the game's win_utility as Python reads it: compiled, self.win_utility
        # would read ConnectFour's own, though a subclass may set another.
        if not native() or not fits(self.width, self.height) or setting.win != 1.0:
            return None
        if not self._own_rules(_KERNEL_RULES) or not self._is_position(setting.root):
            return None
        access = setting.table
        if access.side is None:
            return None
        board = self._board_words()
        # Two tables beside the engine's, of at most its max_entries slots together: the
        # large one, and a small one for the states near the end (see NEAR_SLOTS).
        bits, near_capacity = int(board.bits), min(NEAR_SLOTS, setting.capacity // 8)
        if near_capacity < fewest_slots(bits):  # a max_entries too small for the two tables
            return None  # (under 4,096 on 7 x 6): the general loop keeps to it
        capacity = setting.capacity - near_capacity
        owner = ("ConnectFour.solving_kernel", self.width, self.height)
        table = access.side(owner, lambda: SolvingTable(bits, capacity, access))
        near = access.side((*owner, "near"), lambda: SolvingTable(bits, near_capacity, access))
        assert isinstance(table, SolvingTable)  # made here, under this owner
        assert isinstance(near, SolvingTable)
        return ConnectFourProbe(board, setting, table, near)

    def engine_kernel(self, setting: EngineSetting) -> ConnectFourEngine | None:
        """The engine's loop on this board's words, where it pays and applies; else ``None``.

        A capability of the engine (see :mod:`gamesearch.capabilities`): the same nodes,
        counts, line, table entries, killers and history as the general loop, at a fraction of
        the cost of a node once compiled. Given only by the compiled build, on boards of at
        most 62 bits and 15 columns, for a search that orders moves by this game's own
        :meth:`order` and evaluates by its own :meth:`evaluate` (or not at all), and to a class
        whose rules are ConnectFour's own.
        """
        if not engine_native() or not fits(self.width, self.height) or setting.win != 1.0:
            return None
        # The search's order and evaluation must be this game's own methods: read from them,
        # not from the game (a searcher reads each of a game's members once, at its entry).
        if not _bound_to(setting.order, self, "order"):
            return None
        if setting.evaluate is not None and not _bound_to(setting.evaluate, self, "evaluate"):
            return None
        if not self._own_rules(_ENGINE_RULES) or not self._is_position(setting.root):
            return None
        weights = (THREE, TWO, CENTRE)
        return ConnectFourEngine(self._board_words(), setting, weights, self._scale, self._centre)

    def playout_kernel(self, root: object) -> ConnectFourPlayout | None:
        """``mcts``'s random playouts on this board's words, where it pays; else ``None``.

        A capability of ``mcts`` (see :mod:`gamesearch.capabilities`): the same draws, moves
        and ends as its own playout over :meth:`actions` and :meth:`result`, at a fraction of
        the cost once compiled. Given only by the compiled build, on boards of at most 62 bits
        and 15 columns, for a search from a state play reaches, and to a class whose rules
        are ConnectFour's own.
        """
        if not playout_native() or not fits(self.width, self.height):
            return None
        if not self._own_rules(_PLAYOUT_RULES) or not self._is_position(root):
            return None
        return ConnectFourPlayout(self._board_words())

    def _own_rules(self, names: tuple[str, ...]) -> bool:
        """Whether this object's class keeps ConnectFour's own members ``names``."""
        cls = type(self)
        return cls is ConnectFour or all(
            getattr(cls, name) is getattr(ConnectFour, name) for name in names
        )

    def _is_position(self, state: object) -> bool:
        """Whether ``state`` is a position of a game in progress, as play reaches them.

        What the loops on words assume: only this board's bits set, the last mover's stones
        among the stones, every column stacked, the counts of alternate moves, no four in a
        row and an empty cell. Anything else is left to the general loop, which answers for
        every state as the pure build does.
        """
        if not isinstance(state, int) or state < 0 or state >= self._over:
            return False
        full, mask = self._full, state & self._full
        last = state >> self._shift & full
        if last & ~mask or (mask + self._bottom_row) & mask or mask == self._board:
            return False
        mover_count, last_count = (mask ^ last).bit_count(), last.bit_count()
        o_to_move = state >> self._turn_shift & 1
        if last_count != mover_count + o_to_move:  # X moves first: X has one more when O moves
            return False
        return not has_four(last, self._directions) and not has_four(mask ^ last, self._directions)

    def _board_words(self) -> ConnectFourBoard:
        """This board's shifts and masks as words, made once."""
        try:
            return self._kernel_board
        except AttributeError:
            self._kernel_board = ConnectFourBoard(self.width, self.height)
            return self._kernel_board

    def _column_of(self, cell: int) -> int:
        """The column of the one-bit board ``cell``."""
        return (cell.bit_length() - 1) // self._stride

    def region(self, state: int) -> Player | None:
        """The player whose stone lies at the bottom of the centre column, or ``None``.

        The hook with which ``solve`` splits the board's states among workers (see
        :mod:`gamesearch.game`): a stone never moves, so every position reached from one with a
        bottom centre stone has the same one. The two regions hold 95% of the 5 x 4 board's
        states, in halves of 51% and 49%; the rest, with an empty centre column, are solved by
        the driver. (With an even width, the centre column is the left one of the two.)

        Example:
            >>> game = ConnectFour()
            >>> game.region(game.from_moves("3")), game.region(game.from_moves("34"))
            (None, 1)
        """
        cell = self._region_cell
        if not state & cell:
            return None
        mover = state >> self._turn_shift & 1  # the player to move
        return mover ^ 1 if state >> self._shift & cell else mover

    def threat_order(self, state: int, actions: Sequence[int]) -> list[int]:
        """``actions`` by how many winning cells each gives the player to move, most first.

        The move ordering of Pons's solver, for solving: a move that makes more cells where
        one more stone would complete a four tends to win faster. Ties keep the centre-first
        order. Slower per node than :meth:`order`, it saves many nodes in a full solve.

        Example:
            >>> game = ConnectFour()
            >>> state = game.from_moves("4455")
            >>> game.threat_order(state, game.actions(state))[:2]  # each makes two threats
            [2, 5]
        """
        mask = state & self._full
        mine = mask ^ (state >> self._shift & self._full)
        free = self._board & ~mask
        rank = self._rank
        scored = []
        for col in actions:
            cell = (mask + self._bottoms[col]) & self._columns[col]
            threats = (self._completions(mine | cell) & free & ~cell).bit_count()
            scored.append((-threats, rank[col], col))
        scored.sort()
        return [col for _, _, col in scored]

    def pons_score(self, state: int, result: SearchResult[int]) -> int:
        """Pascal Pons's score of ``state`` from a proven search ``result`` of it.

        The score is for the side to move: 0 for a draw; for a win, one more than the number of
        the winner's stones still in hand when the winning stone is played (22 minus the
        winner's stones on the 7x6 board, so a faster win scores more); the negation of the
        opponent's for a loss. In general ``(width * height + 2 - stones - plies) // 2`` for a
        win in ``plies`` plies, where ``stones`` are on the board now.

        Args:
            state: The position that was searched.
            result: A search of ``state`` that proved its value (``result.exact``) and, if it is
                a win or a loss, says when the game ends (``result.plies_to_end``): as
                :func:`~gamesearch.iterative_deepening` and :func:`~gamesearch.mtdf` return.

        Returns:
            The score for the player to move in ``state``.

        Raises:
            ValueError: ``result`` is not exact, or is a win or loss without ``plies_to_end``,
                or the game is over at ``state`` (four in a row on the board).

        Example:
            >>> from gamesearch import iterative_deepening
            >>> game = ConnectFour()
            >>> state = game.from_moves("112233")   # X wins at once: the 4th X of 21 in hand
            >>> game.pons_score(state, iterative_deepening(game, state))
            18
        """
        if not result.exact:
            raise ValueError(
                "pons_score needs a proven result (result.exact): search without a depth limit, "
                "with iterative_deepening or mtdf"
            )
        if result.value == 0:
            return 0
        if self.winner(state) is not None:
            raise ValueError(
                "pons_score scores a position still in play, and this game is over: its last "
                "move made four in a row (Pons's solver refuses such a move string as an "
                "invalid move)"
            )
        if result.plies_to_end is None:
            raise ValueError(
                "pons_score needs result.plies_to_end: search with iterative_deepening or mtdf"
            )
        stones = (state & self._full).bit_count()
        score = (self.width * self.height + 2 - stones - result.plies_to_end) // 2
        return score if result.value > 0 else -score

    def _last_stone_won(self, stones: int, mask: int) -> bool:
        """Whether one of ``stones`` on top of its column makes every four they hold.

        The stone that won was played last, so it is on top of its column, and the board
        without it has no four.
        """
        for column in self._columns:
            cells = mask & column
            top = 1 << (cells.bit_length() - 1) if cells else 0
            if top & stones and not has_four(stones ^ top, self._directions):
                return True
        return False

    def _completions(self, stones: int) -> int:
        """The cells that would complete a four for ``stones``, from the memo if it has them."""
        try:
            return self._threats[stones]
        except KeyError:
            cells = self._complete(stones)
            if len(self._threats) >= _MEMO_LIMIT:
                self._threats.clear()
            self._threats[stones] = cells
            return cells


_KERNEL_RULES = ("actions", "utility", "non_losing_children", "solving_key", "key")
"""The members :meth:`ConnectFour.solving_kernel`'s probe stands for."""

_PLAYOUT_RULES = ("actions", "result", "is_terminal", "to_move", "utility")
"""The members :meth:`ConnectFour.playout_kernel`'s loop stands for."""

_ENGINE_RULES = (
    "actions", "result", "is_terminal", "to_move", "utility", "order", "evaluate",
    "non_losing_actions", "key",
)  # fmt: skip
"""The members :meth:`ConnectFour.engine_kernel`'s loop stands for."""


def _wins_ahead(own: int, other: int, playable: int, to_move: bool) -> tuple[int, int, int]:
    """Features 17-19 of :meth:`ConnectFour.features`: the wins its threats show, signed.

    ``own`` and ``other`` are ``player``'s threats and the opponent's (empty cells that would
    complete a four), ``playable`` the cells a stone can go into, ``to_move`` whether
    ``player`` moves next. A cell's neighbour above is the next bit.
    """
    sign = 1 if to_move else -1
    mover, waiting = (own, other) if to_move else (other, own)
    if mover & playable:
        return sign, 0, 0
    ready = waiting & playable
    two = -sign if ready & (ready - 1) else 0  # more than one bit set
    stacked = -sign if (ready << 1) & waiting else 0
    return 0, two, stacked


def _bound_to(method: object, game: ConnectFour, name: str) -> bool:
    """Whether ``method`` is ``game``'s own method ``name`` (bound to that very game)."""
    return getattr(method, "__self__", None) is game and getattr(method, "__name__", "") == name


@lru_cache(maxsize=8)
def _shared_scores(width: int, height: int) -> dict[int, float]:
    """The memo of :meth:`ConnectFour.evaluate` (X's score of each state) for a board size.

    Shared by every game of that size, since a score follows from the state and the rules
    alone; emptied when it reaches ``_MEMO_LIMIT`` entries. Within one search most leaves are
    transpositions of others (73 to 84% of the calls of depth-7 searches from the opening), so
    most evaluations are one lookup.
    """
    return {}


def _is_key(value: object, mapping: dict[int, int]) -> bool:
    """Whether ``value`` is a key of ``mapping`` (``False`` for an unhashable value)."""
    try:
        return value in mapping
    except TypeError:
        return False
