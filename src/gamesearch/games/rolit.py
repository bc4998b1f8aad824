"""Rolit: Othello for two to four players, the test bed of multi-player search papers."""

from __future__ import annotations

from ..errors import GameProtocolError, IllegalActionError
from ..game import Player

__all__ = ["Rolit", "RolitState"]

RolitState = tuple[int, ...]
"""A state of :class:`Rolit`: four ints, the squares of each colour as bits, then the player to
move."""

COLOURS = "RYGB"
"""The colours' letters, by colour number: red, yellow, green and blue."""

_MEMO_LIMIT = 1 << 16
_SHARE_BITS = 20
_SCALE = float(1 << _SHARE_BITS)


class Rolit:
    """Rolit on a ``size`` x ``size`` board, for ``players`` players (Schadd and Winands 2011).

    The four centre squares start with one piece of each colour: red, yellow, green and blue,
    clockwise from the top left. Player ``i`` plays colour ``i`` (0 red, 1 yellow, 2 green,
    3 blue), in that order, each placing one piece of its colour on an empty square next to an
    occupied one (in any of the eight directions). As in Othello, the pieces of other colours
    lying in a straight line between the new piece and the nearest piece of the mover's colour
    turn to the mover's colour. A player who can capture so must; a player who cannot places
    its piece on any empty square next to a piece. Nobody ever has to pass, and the game ends
    when the board is full. With fewer than four players the colours nobody plays stay on the
    board as neutral pieces, which anyone can capture.

    The player with the most pieces wins and gets 1, the others 0; players who tie for the most
    share 1 equally. Utilities therefore sum to 1: shallow-pruned max-n can take
    ``sum_bounds=(0, 1)``, and :meth:`evaluate` keeps within them too.

    Squares are numbered row by row from 0 (top left) to ``size * size - 1``; an action is the
    number of the square a piece is placed on. A state is a tuple of five ints, cheap to hash:
    one bit board per colour, then the player to move. :meth:`parse` and :meth:`render` turn
    pictures of the board into states and back.

    Args:
        size: The side of the board: an even number from 4 to 16 (8 in the boxed game, which
            also has a 6 x 6 board).
        players: The number of players, 2 to 4.

    Raises:
        ValueError: ``size`` or ``players`` is out of range.

    Example:
        >>> game = Rolit(size=6)
        >>> state = game.initial_state()
        >>> print(game.render(state))
        . . . . . .
        . . . . . .
        . . R Y . .
        . . B G . .
        . . . . . .
        . . . . . .
        >>> game.actions(state)   # red must capture yellow, blue or green
        (16, 26, 28)
        >>> print(game.render(game.result(state, 16)))   # red captures yellow
        . . . . . .
        . . . . . .
        . . R R R .
        . . B G . .
        . . . . . .
        . . . . . .
    """

    corner_weight = 4
    """How many pieces a corner counts for in :meth:`evaluate` (an int): corners can never be
    captured."""

    def __init__(self, size: int = 8, *, players: int = 3) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or not 4 <= size <= 16 or size % 2:
            raise ValueError(f"Rolit: size must be an even int from 4 to 16, got {size!r}")
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"Rolit: players must be 2, 3 or 4, got {players!r}")
        self.size = size
        self.num_players = players
        """How many players take turns: 2, 3 or 4."""
        # Bit boards with one padding column: square (row, col) is bit row * width + col, and
        # a piece shifted off the east or west edge lands in the padding column, which no mask
        # includes, so that shifting never wraps a line round to the next row.
        width = size + 1
        self._width = width
        self._bits = tuple(1 << (row * width + col) for row in range(size) for col in range(size))
        self._squares = {bit: square for square, bit in enumerate(self._bits)}
        self._board = sum(self._bits)
        self._shifts = (1, width - 1, width, width + 1)  # E, SW, S, SE; and their opposites
        self._run = size - 3  # the longest run of captured pieces, less one
        corners = (0, size - 1, size * (size - 1), size * size - 1)
        self._corners = sum(self._bits[square] for square in corners)
        self._moves: dict[RolitState, tuple[int, ...]] = {}  # memo of actions()

    def game_parameters(self) -> dict[str, object]:
        """The keyword arguments that make this game again (its identity in a table file)."""
        return {"size": self.size, "players": self.num_players}

    def __repr__(self) -> str:
        return f"Rolit(size={self.size}, players={self.num_players})"

    def initial_state(self) -> RolitState:
        """Red, yellow, green and blue clockwise on the centre squares; red to move."""
        half = self.size // 2
        top_left = (half - 1) * self.size + half - 1
        squares = (top_left, top_left + 1, top_left + self.size + 1, top_left + self.size)
        return (*(self._bits[square] for square in squares), 0)

    def to_move(self, state: RolitState) -> Player:
        """The player whose turn it is."""
        return state[4]

    def is_terminal(self, state: RolitState) -> bool:
        """Whether the board is full."""
        return state[0] | state[1] | state[2] | state[3] == self._board

    def actions(self, state: RolitState) -> tuple[int, ...]:
        """The squares the player to move may play, in increasing order; none at the end.

        The capturing moves if there are any, else every empty square next to a piece.
        """
        try:
            return self._moves[state]
        except KeyError:
            pass
        board, run = self._board, self._run
        own = state[state[4]]
        occupied = state[0] | state[1] | state[2] | state[3]
        others, empty = occupied ^ own, board & ~occupied
        captures = near = 0
        for shift in self._shifts:
            # Othello move generation by shifts: grow runs of other colours from own pieces,
            # one square a step, then step onto an empty square (both directions at once).
            up = own << shift & others
            down = own >> shift & others
            for _ in range(run):
                up |= up << shift & others
                down |= down >> shift & others
            captures |= up << shift | down >> shift
            near |= occupied << shift | occupied >> shift
        found = captures & empty or near & empty
        squares = self._squares
        moves = []
        while found:
            low = found & -found
            moves.append(squares[low])
            found ^= low
        result = tuple(moves)
        if len(self._moves) < _MEMO_LIMIT:
            self._moves[state] = result
        return result

    def result(self, state: RolitState, action: int) -> RolitState:
        """The board after the player to move places a piece on square ``action``.

        Raises:
            IllegalActionError: ``action`` is not one of ``actions(state)``.
        """
        if action not in self.actions(state):
            raise IllegalActionError(action, self.actions(state), "Rolit")
        mover = state[4]
        own = state[mover]
        placed = self._bits[action]
        others = (state[0] | state[1] | state[2] | state[3]) ^ own
        flipped = 0
        for shift in self._shifts:
            line, step = 0, placed << shift
            while step & others:
                line |= step
                step <<= shift
            if step & own:
                flipped |= line
            line, step = 0, placed >> shift
            while step & others:
                line |= step
                step >>= shift
            if step & own:
                flipped |= line
        keep = ~flipped
        after = [colour & keep for colour in state[:4]]
        after[mover] = own | placed | flipped
        return (*after, (mover + 1) % self.num_players)

    def pass_turn(self, state: RolitState) -> RolitState:
        """The same board with the next player to move: the player to move passes.

        Rolit has no passing, but best-reply search lets the opponents who do not reply pass.

        Raises:
            GameProtocolError: the game is over.
        """
        if self.is_terminal(state):
            raise GameProtocolError("pass_turn in a finished game")
        return (*state[:4], (state[4] + 1) % self.num_players)

    def pieces(self, state: RolitState) -> tuple[int, ...]:
        """How many pieces each colour has, by colour (four counts, neutral colours included)."""
        return tuple(colour.bit_count() for colour in state[:4])

    def utility(self, state: RolitState, player: Player) -> float:
        """1 for the sole player with the most pieces, 1/k each for k who tie for it, else 0.

        Raises:
            GameProtocolError: ``state`` is not terminal.
            ValueError: ``player`` is not one of the players.
        """
        if not self.is_terminal(state):
            raise GameProtocolError(f"utility of a game in progress:\n{self.render(state)}")
        if player not in range(self.num_players):
            raise ValueError(f"Rolit has players 0 to {self.num_players - 1}, not {player!r}")
        counts = self.pieces(state)[: self.num_players]
        best = max(counts)
        return 1.0 / counts.count(best) if counts[int(player)] == best else 0.0

    def evaluate(self, state: RolitState, player: Player) -> float:
        """``player``'s share of the pieces on the board, corners counting ``corner_weight``.

        Between 0 and 1, and the shares of the players sum to at most 1 (neutral pieces take
        the rest), like the utilities; a terminal state's share is not its utility, though.
        Shares are rounded down to multiples of 2**-20, so that their sum stays at most 1 in
        exact arithmetic too (shares such as 2/5, 2/5 and 1/5 sum past 1 as floats).
        """
        extra = self.corner_weight - 1
        corners = self._corners
        total = 0
        for colour in state[:4]:
            total += colour.bit_count() + extra * (colour & corners).bit_count()
        colour = state[int(player)]
        score = colour.bit_count() + extra * (colour & corners).bit_count()
        return (score << _SHARE_BITS) // total / _SCALE  # the exact share, rounded down

    def render(self, state: RolitState) -> str:
        """The board as rows of ``R``, ``Y``, ``G``, ``B`` and ``.``, separated by spaces."""
        marks = []
        for bit in self._bits:
            mark = "."
            for colour, letter in zip(state[:4], COLOURS, strict=True):
                if colour & bit:
                    mark = letter
            marks.append(mark)
        size = self.size
        return "\n".join(" ".join(marks[row * size : (row + 1) * size]) for row in range(size))

    def parse(self, board: str, to_move: Player | None = None) -> RolitState:
        """The state drawn by ``board``, rows of ``R``, ``Y``, ``G``, ``B`` and ``.``.

        Rows go one per line or are split by ``/``; spaces are ignored. Whose turn it is
        follows from the pieces when ``to_move`` is not given: the game starts with four, each
        move places one and nobody passes, so after ``n`` pieces placed it is player
        ``n % players``'s turn (what :meth:`render` leaves out, and what a position drawn by
        ``gamesearch`` on the command line needs to be read back). Give ``to_move`` for a
        position reached otherwise (after :meth:`pass_turn`, or made up).

        Raises:
            ValueError: the picture is not a board of this size, holds fewer than the 4 pieces
                a game starts with, or ``to_move`` is not one of the players (an int).

        Example:
            >>> game = Rolit(size=4)
            >>> state = game.parse("R... / .RY. / .BG. / ....")   # one piece placed: yellow
            >>> game.to_move(state), game.actions(state)   # captures red, blue or green
            (1, (4, 12, 14))
            >>> game.to_move(game.parse("R... / .RY. / .BG. / ....", to_move=2))
            2
        """
        rows = [row.replace(" ", "") for row in board.replace("/", "\n").split("\n")]
        rows = [row for row in rows if row]
        if len(rows) != self.size or any(len(row) != self.size for row in rows):
            raise ValueError(f"expected {self.size} rows of {self.size} squares, got {board!r}")
        if to_move is not None and (
            isinstance(to_move, bool)
            or not isinstance(to_move, int)
            or to_move not in range(self.num_players)
        ):
            raise ValueError(f"Rolit has players 0 to {self.num_players - 1}, not {to_move!r}")
        colours = [0, 0, 0, 0]
        for square, mark in enumerate("".join(rows).upper()):
            if mark in COLOURS:
                colours[COLOURS.index(mark)] |= self._bits[square]
            elif mark not in ".-_":
                raise ValueError(f"unexpected mark {mark!r} in {board!r}; use R, Y, G, B and .")
        pieces = sum(colour.bit_count() for colour in colours)
        if pieces < 4:
            raise ValueError(
                f"a Rolit board holds at least the 4 pieces it starts with, and {board!r} "
                f"holds {pieces}"
            )
        if to_move is None:
            to_move = (pieces - 4) % self.num_players
        return (*colours, int(to_move))
