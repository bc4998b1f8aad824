"""The reference games by name, with their parameters: what the ``gamesearch`` command offers.

Each game is one :class:`GameSpec` in the tuple ``_GAMES`` below: adding a game is adding one,
with its class's import and its name in ``__all__`` (``gamesearch.games`` exports what this
module exports; the docs' reference and the command's lists are made from ``_GAMES``).

>>> spec = find_game("tictactoe")
>>> spec.make(size=4, k=3)
TicTacToe(size=4, k=3)
>>> spec.make_from(["size=4"])
TicTacToe(size=4, k=4)
>>> find_game("nim").make_from(["piles=(1, 2, 3)", "players=2"])
Nim((1, 2, 3), players=2, max_take=None)

A game of one's own is found by its import path, ``module:Class`` (see :func:`find_game`).
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .._import_path import keyword_parameters, load_factory
from ..errors import InvalidSearchOptionError, UnknownGameError
from .connect_four import ConnectFour
from .hex import Hex
from .hog import Hog
from .nim import Nim
from .pig import Pig
from .rolit import Rolit
from .tictactoe import TicTacToe
from .tree import GameTree

__all__ = [
    "ConnectFour",
    "GameParameter",
    "GameSpec",
    "GameTree",
    "Hex",
    "Hog",
    "Nim",
    "Pig",
    "Rolit",
    "TicTacToe",
    "find_game",
    "reference_games",
]
"""The registry's own names and the class of each reference game, which ``gamesearch.games``
exports by ``from .registry import *``: a game's entry here is also its export."""


@dataclass(frozen=True)
class GameParameter:
    """One parameter of a reference game's constructor."""

    name: str
    """The keyword argument's name."""

    type: type
    """What its value is read as: ``int``, ``float``, ``str`` or ``bool``; any other type
    (``tuple``, ``object``...) means a Python literal, read by :func:`ast.literal_eval`."""

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
        elif self.type in (int, float, str):
            try:
                return self.type(text)
            except ValueError:
                pass
        else:
            try:
                return ast.literal_eval(text)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                pass
        kind = {
            int: "an integer",
            float: "a number",
            bool: "true or false",
            str: "a string",
        }.get(self.type, "a Python literal, such as (3, 4) or None")
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
    """How long ``gamesearch solve --searcher mcts`` searches when no limit is given (``solve``
    proves the value by default, with no time limit); ``None``: ``move_seconds``."""

    move_seconds: float = 1.0
    """How long the computer thinks per move in ``gamesearch play`` by default, in a two-player
    game without chance (less once the value is proven)."""

    depth: int | None = None
    """How deep the searches that take no time limit (``maxn``, ``expectiminimax``) go by
    default, scoring unfinished positions with the game's ``evaluate``; ``None``: to the end of
    the game."""

    layout: str | None = None
    """How the command draws coordinates next to the board: ``"squares"`` (a key of the square
    numbers, row by row from 0), ``"columns"`` (column numbers under it) or ``None``."""

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
        except (ValueError, TypeError) as exc:
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


def _tree(
    tree: object = ((3, 12, 8), (2, 4, 6), (14, 5, 2)), num_players: int | None = None
) -> GameTree:
    """A :class:`GameTree`, by default the textbook one (AIMA figure 5.2)."""
    return GameTree(tree, num_players=num_players)


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
        seconds=10.0,
        layout="squares",
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
        move_seconds=2.0,
        layout="columns",
    ),
    GameSpec(
        "hex",
        Hex,
        "Hex: join your two edges of the rhombus; X joins top and bottom, O left and right",
        (
            GameParameter("size", int, 11, "the board's side, 2 to 11"),
            GameParameter("swap", bool, False, "whether O's first move may take X's stone"),
        ),
        players=("X", "O"),
        moves="a cell: its column's letter and row's number, such as c3 (or swap)",
    ),
    GameSpec(
        "nim",
        Nim,
        "Nim for n players in turn: take sticks from one pile; taking the last one wins",
        (
            GameParameter("piles", tuple, (3, 4), "the sticks in each pile, such as (3, 4, 5)"),
            GameParameter("players", int, 3, "the number of players"),
            GameParameter("max_take", int, None, "the most sticks a move takes (default: all)"),
        ),
        moves="pile,count: take count sticks from the pile numbered from 0",
    ),
    GameSpec(
        "rolit",
        Rolit,
        "Rolit, Othello for 2 to 4 players: the most pieces when the board is full wins",
        (
            GameParameter("size", int, 8, "the board's side, even and >= 4"),
            GameParameter("players", int, 3, "the number of players, 2 to 4"),
        ),
        players=("red", "yellow", "green", "blue"),
        moves="a square's number, 0 at the top left, counting row by row",
        depth=4,
        layout="squares",
    ),
    GameSpec(
        "pig",
        Pig,
        "Pig, a dice game: roll to add to your turn total, or hold to bank it; a 1 loses it",
        (
            GameParameter("goal", int, 100, "the points that win"),
            GameParameter("die_sides", int, 6, "the faces of the die"),
        ),
        moves="roll or hold",
        depth=6,
    ),
    GameSpec(
        "hog",
        Hog,
        "Hog, a short dice game: choose how many dice to roll; any 1 scores 1",
        (
            GameParameter("goal", int, 10, "the points that end the game"),
            GameParameter("die_sides", int, 4, "the faces of each die"),
            GameParameter("max_dice", int, 2, "the most dice a turn may roll"),
            GameParameter("turns", int, 2, "the turns of each player"),
        ),
        moves="how many dice to roll",
    ),
    GameSpec(
        "tree",
        _tree,
        "a game tree of nested lists, MAX's utilities at the leaves (as 'gamesearch tree')",
        (
            GameParameter(
                "tree", object, ((3, 12, 8), (2, 4, 6), (14, 5, 2)), "nested lists of numbers"
            ),
            GameParameter(
                "num_players", int, None, "n for a tree of n players, tuples at the leaves"
            ),
        ),
        players=("MAX", "MIN"),
        moves="a child's index, from 0 (or a dict's key)",
    ),
)
"""The reference games, in the order ``gamesearch games`` lists them."""


def _spec_from_path(path: str) -> GameSpec:
    """A :class:`GameSpec` for the game class (or function) at the import path ``path``.

    Its parameters are the constructor's keyword parameters, typed by their annotations;
    its summary is the first line of the class's docstring.

    Raises:
        UnknownGameError: ``path`` is not ``module:Class``, or the import or the name fails.
    """
    factory = load_factory(path)
    parameters = tuple(
        GameParameter(name, kind, default, f"a keyword of {path}")
        for name, kind, default in keyword_parameters(factory)
    )
    doc = (inspect.getdoc(factory) or "").strip().splitlines()
    return GameSpec(path, factory, doc[0] if doc else path, parameters, seconds=10.0)


_BY_NAME: Mapping[str, GameSpec] = MappingProxyType({spec.name: spec for spec in _GAMES})


def reference_games() -> tuple[GameSpec, ...]:
    """Every reference game, in order.

    Example:
        >>> "tictactoe" in [spec.name for spec in reference_games()]
        True
    """
    return _GAMES


def find_game(name: str) -> GameSpec:
    """The reference game called ``name`` (case does not matter), or a game by import path.

    ``name`` of the form ``module:Class`` (``mypackage.games:Bones``) imports the module and
    makes a :class:`GameSpec` of ``Class`` (any callable that makes a game), whose parameters
    are the keyword parameters of its constructor, read by their annotations (``int``,
    ``float``, ``str``, ``bool``; anything else as a Python literal).

    Raises:
        UnknownGameError: no reference game has that name (the message lists them), or the
            module cannot be imported, or has no such class.

    Example:
        >>> find_game("fractions:Fraction").parameters[0].name
        'numerator'
    """
    if ":" in name:
        return _spec_from_path(name.strip())
    spec = _BY_NAME.get(name.strip().lower())
    if spec is None:
        raise UnknownGameError(
            f"no reference game is called {name!r}; the games are {', '.join(_BY_NAME)}, or "
            f"give a game of your own as module:Class"
        )
    return spec
