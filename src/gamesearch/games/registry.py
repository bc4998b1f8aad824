"""The reference games by name, with their parameters: what the ``gamesearch`` command offers.

Each game is one :class:`GameSpec` in the tuple ``_GAMES`` below: adding a game is adding one.

>>> spec = find_game("tictactoe")
>>> spec.make(size=4, k=3)
TicTacToe(size=4, k=3)
>>> spec.make_from(["size=4"])
TicTacToe(size=4, k=4)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..errors import InvalidSearchOptionError, UnknownGameError
from .connect_four import ConnectFour
from .tictactoe import TicTacToe

__all__ = ["GameParameter", "GameSpec", "find_game", "reference_games"]


@dataclass(frozen=True)
class GameParameter:
    """One parameter of a reference game's constructor."""

    name: str
    """The keyword argument's name."""

    type: type
    """What its value is read as (``int``, ``float``, ``str`` or ``bool``)."""

    default: Any
    """Its default value (``None``: the constructor works it out)."""

    help: str
    """What it means, in a few words."""

    def parse(self, text: str) -> Any:
        """The value written as ``text``.

        Raises:
            InvalidSearchOptionError: ``text`` is not a value of this parameter's type.
        """
        if self.type is bool:
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
        else:
            try:
                return self.type(text)
            except ValueError:
                pass
        kind = {int: "an integer", float: "a number", bool: "true or false"}.get(
            self.type, f"a {self.type.__name__}"
        )
        raise InvalidSearchOptionError(f"{self.name} must be {kind}, not {text!r} ({self.help})")


@dataclass(frozen=True)
class GameSpec:
    """A reference game: its name, how to make it, and how to play it in a terminal."""

    name: str
    """The name on the command line."""

    factory: Callable[..., Any]
    """The class (or function) that makes the game, given the parameters as keywords."""

    summary: str
    """One line on what the game is."""

    parameters: tuple[GameParameter, ...] = ()
    """The factory's parameters."""

    players: tuple[str, ...] = ("player 0", "player 1")
    """What to call each player, by number."""

    moves: str = "one of the legal moves listed"
    """How a person writes a move (``gamesearch play`` matches it against the legal ones)."""

    seconds: float | None = None
    """The default thinking time per move for games too big to solve at once, ``None`` for
    games that are searched to the end."""

    def make(self, **values: Any) -> Any:
        """The game, made with ``values`` for some of its parameters.

        Raises:
            InvalidSearchOptionError: a parameter the game does not have, or a value the game
                refuses.
        """
        known = {parameter.name for parameter in self.parameters}
        unknown = sorted(set(values) - known)
        if unknown:
            raise InvalidSearchOptionError(
                f"{self.name} has no parameter {', '.join(unknown)}; it has "
                f"{', '.join(sorted(known)) or 'none'}"
            )
        try:
            return self.factory(**values)
        except ValueError as exc:
            raise InvalidSearchOptionError(f"{self.name}: {exc}") from exc

    def make_from(self, assignments: Sequence[str]) -> Any:
        """The game, made from ``name=value`` strings, as the command line gives them.

        Raises:
            InvalidSearchOptionError: a string that is not ``name=value`` for one of the
                parameters, with a value of its type.
        """
        by_name: Mapping[str, GameParameter] = {p.name: p for p in self.parameters}
        values = {}
        for assignment in assignments:
            name, equals, text = assignment.partition("=")
            if not equals or name.strip() not in by_name:
                raise InvalidSearchOptionError(
                    f"{assignment!r}: give a parameter of {self.name} as NAME=VALUE, NAME one "
                    f"of {', '.join(by_name) or '(none)'}"
                )
            values[name.strip()] = by_name[name.strip()].parse(text.strip())
        return self.make(**values)


_GAMES = (
    GameSpec(
        "tictactoe",
        TicTacToe,
        "tic-tac-toe, and k in a row on an n x n board",
        (
            GameParameter("size", int, 3, "the board's side"),
            GameParameter("k", int, None, "how many in a row win (default: size)"),
        ),
        players=("X", "O"),
        moves="a square's number, 0 at the top left, counting row by row",
    ),
    GameSpec(
        "connect4",
        ConnectFour,
        "Connect Four: drop stones into columns, four in a row wins",
        (
            GameParameter("width", int, 7, "the number of columns"),
            GameParameter("height", int, 6, "the number of rows"),
        ),
        players=("X", "O"),
        moves="a column's number, 0 on the left",
        seconds=2.0,
    ),
)
"""The reference games, in the order ``gamesearch games`` lists them."""

_BY_NAME: Mapping[str, GameSpec] = MappingProxyType({spec.name: spec for spec in _GAMES})


def reference_games() -> tuple[GameSpec, ...]:
    """Every reference game, in order.

    Example:
        >>> "tictactoe" in [spec.name for spec in reference_games()]
        True
    """
    return _GAMES


def find_game(name: str) -> GameSpec:
    """The reference game called ``name`` (case does not matter).

    Raises:
        UnknownGameError: no reference game has that name; the message lists them.
    """
    spec = _BY_NAME.get(name.strip().lower())
    if spec is None:
        raise UnknownGameError(
            f"no reference game is called {name!r}; the games are {', '.join(_BY_NAME)}"
        )
    return spec
