"""What a solution stores per state, and how values pass between the two players.

Every solver here handles two-player *constant-sum* games: at every terminal state the two
utilities add up to the same constant ``K`` (0 for zero-sum games such as tic-tac-toe, 1 for
:class:`~gamesearch.games.Nim`, whose winner gets 1 and loser 0). Then one number per state is
enough: the table stores player 0's value ``v``, and player 1's is ``K - v``. The *draw value*
``K / 2`` splits wins (above) from losses (below).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from .._validation import checked_number, safe_repr
from ..errors import TableFileError, UnsupportedGameError
from ..game import Game, Player

Key = Callable[[Any], Hashable]

_INF, _NEG_INF = float("inf"), float("-inf")


class Entry(NamedTuple):
    """What a table holds for one state (keyed by ``game.key(state)``, else the state)."""

    value: float
    """Player 0's value of the state under best play by both sides."""

    distance: int | None
    """Plies to the end under best play: 0 at a terminal state, the shortest win or the
    longest loss otherwise; ``None`` for a draw that is not over, and in games of chance."""

    actions: tuple[Any, ...] | None = None
    """The optimal actions, when stored with the entry (opening books); ``None`` when they are
    worked out from the children's entries at query time."""


def entry_maker() -> Callable[[float, int | None], Entry]:
    """A maker of :class:`Entry` objects that makes one per distinct (value, distance).

    A solved table holds few distinct entries (a few values, a few dozen distances), so the
    states of a table share them: an object fewer per state, and less for the garbage collector
    to walk (solving Connect Four 5 x 4, 3.9 million states: 13% less time and a peak of 363 MB
    instead of 620; a tree of 1.4 million states with tuple keys: 24% less time).

    >>> make = entry_maker()
    >>> make(1.0, 3) is make(1.0, 3), make(1.0, 3) == Entry(1.0, 3)
    (True, True)
    """
    made: dict[tuple[float, int | None], Entry] = {}

    def make(value0: float, distance: int | None) -> Entry:
        try:
            return made[value0, distance]
        except KeyError:
            entry = made[value0, distance] = Entry(value0, distance)
            return entry

    return make


class Sums:
    """The constant sum ``K`` of a game's terminal utilities, learnt from the first terminal."""

    __slots__ = ("game", "source", "total")

    def __init__(self, game: Game[Any, Any], total: float | None = None) -> None:
        self.game = game
        self.total = total
        self.source: str | None = None
        """The table file the total was read from, if it was (a build resumed from it)."""

    def terminal(self, state: Any) -> float:
        """Player 0's utility of the terminal ``state``, after checking the constant sum.

        Raises:
            InvalidUtilityError: a utility is not a finite number (NaN, an infinity, ``None``,
                a string, a ``bool``: see :func:`gamesearch._validation.number_error`).
            UnsupportedGameError: the utilities do not add up to the same constant everywhere.
        """
        utility = self.game.utility
        first, second = utility(state, 0), utility(state, 1)
        if first.__class__ is not float or not _NEG_INF < first < _INF:
            first = checked_number(first, state, 0, "utility")
        if second.__class__ is not float or not _NEG_INF < second < _INF:
            second = checked_number(second, state, 1, "utility")
        total = first + second
        if self.total is None:
            self.total = total
        elif abs(total - self.total) > 1e-9:  # the state's repr only for the message
            self.learn(total, "at one terminal state", f"at {safe_repr(state)}")
        return first

    def learn(self, total: float, known_where: str, where: str) -> None:
        """Learn the constant sum ``total`` (found ``where``), or check it against the known one.

        Raises:
            UnsupportedGameError: ``total`` differs from the sum known (found ``known_where``).
            TableFileError: ``total`` differs from the sum read from a table file (the file is
                damaged, or of another version of the game).
        """
        if self.total is None:
            self.total = total
        elif abs(total - self.total) > 1e-9 and self.source is not None:
            raise TableFileError(
                f"{self.source} says that the utilities of {type(self.game).__name__} add up to "
                f"{self.total:g}, but they add up to {total:g} {where}: the file is damaged, or "
                "was built for another version of the game"
            )
        elif abs(total - self.total) > 1e-9:
            raise UnsupportedGameError(
                f"solve handles two-player constant-sum games (the utilities of every terminal "
                f"state add up to the same number), but {type(self.game).__name__}'s add up to "
                f"{self.total:g} {known_where} and to {total:g} {where}"
            )

    def never_ends(self) -> None:
        """Take a constant sum of 0 for a game none of whose reachable states ends.

        No utility is ever paid: every state is a draw by endless play, worth 0 to both
        players. A sum already known (read from a file being resumed) is kept.
        """
        if self.total is None:
            self.total = 0.0

    @property
    def draw(self) -> float:
        """The value of a draw: half the constant sum (0 when nothing is known yet)."""
        return 0.0 if self.total is None else self.total / 2

    def of(self, value0: float, player: Player) -> float:
        """Player ``player``'s value, given player 0's.

        With no constant sum known (no terminal state seen, so no utility paid), 0 less
        player 0's: a draw by endless play is worth 0 to both.
        """
        if player == 0:
            return value0
        return (0.0 if self.total is None else self.total) - value0


def preference(value: float, distance: int | None, draw: float) -> tuple[float, float]:
    """A sort key for the player to move, ``value`` being its own value: larger is better.

    A higher value first; between equal wins the shorter distance, between equal losses the
    longer one (to delay the loss), and no preference between draws.
    """
    if distance is None or value == draw:
        return (value, 0.0)
    return (value, -distance if value > draw else distance)


def final_distance(value: float, best: int | None, draw: float) -> int | None:
    """The distance of a non-terminal state: the best child's plus one; ``None`` for a draw."""
    if value == draw or best is None:
        return None
    return best + 1
