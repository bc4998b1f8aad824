"""Openings for tournaments: short random lines drawn from a seed, or a suite read from a file.

Two deterministic players (alpha-beta at fixed depths, say) play the same game every time they
start from the same position: ten games between them are one or two games, repeated, and
count as no more evidence than that. Engine testers start every game from an *opening*, a few
moves made before the players take over, drawn from a book (cutechess-cli and fastchess read
suites of EPD or PGN lines), and play each opening twice with the colours swapped, as a *pair*,
so that an opening that favours one side favours each player once.

:class:`RandomOpenings` asks a tournament to draw its openings: ``plies`` random moves from the
initial state, a new line for every pair of games, all drawn from the tournament's seed (at a
chance node the outcome is drawn with its probability). Lines that reach the same position
(by the game's ``key``, or the state itself) count as one, and are drawn again while new ones
can be found. :func:`read_openings` reads a suite: a text file of one opening a line, its
moves written as ``gamesearch`` writes them (``move_text``), each checked legal from the
initial state: the file is data, never code.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ._distributions import distribution
from ._parts import derived_seed
from ._small_files import read_small
from .capabilities import Capabilities
from .errors import InvalidSearchOptionError, TableFileError, short_repr
from .game import CHANCE, Game

__all__ = [
    "DEFAULT_OPENINGS",
    "RandomOpenings",
    "move_text",
    "random_openings",
    "read_openings",
]

_S = TypeVar("_S")
_A = TypeVar("_A")

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest opening suite :func:`read_openings` reads."""
MAX_PLIES = 1_000
"""The most moves of an opening (drawn or read): past it a line is a game, not an opening."""
_TRIES = 20
"""Draws per opening asked for, at most, while looking for positions not drawn yet."""
_STALE = 200
"""Draws in a row that find no new position, after which the game is taken to have no more."""
_DROPPED = frozenset(" ()[]'\"")
"""Characters ``move_text`` leaves out of an action's text."""


@dataclass(frozen=True)
class RandomOpenings:
    """Openings of ``plies`` random moves from the initial state, drawn from the seed.

    The default of :func:`~gamesearch.tournament`, :func:`~gamesearch.round_robin` and
    :func:`~gamesearch.gauntlet`: every pair of games (one opening, the seats swapped) gets a
    line of its own, distinct from the others while the game has enough (see
    :func:`random_openings`).
    """

    plies: int = 2
    """How many random moves each opening makes (fewer where the game would end)."""

    def __post_init__(self) -> None:
        check_plies(self.plies, "RandomOpenings")


def check_plies(plies: object, caller: str) -> int:
    """``plies``, an int from 0 to :data:`MAX_PLIES` (not a bool), or the library's error."""
    if isinstance(plies, bool) or not isinstance(plies, int) or not 0 <= plies <= MAX_PLIES:
        raise InvalidSearchOptionError(
            f"{caller}: plies must be an int from 0 to {MAX_PLIES:,}, not {short_repr(plies)}"
        )
    return plies


DEFAULT_OPENINGS = RandomOpenings()
"""Two random moves per pair of games: the openings of a tournament by default."""


def move_text(action: Any) -> str:
    """How ``gamesearch`` writes ``action``, and how a person types it (``-`` for no action).

    Example:
        >>> move_text((0, 2)), move_text(4), move_text("roll"), move_text(None)
        ('0,2', '4', 'roll', '-')
    """
    if action is None:
        return "-"
    return "".join(char for char in str(action) if char not in _DROPPED)


def random_openings(
    game: Game[_S, _A], count: int, *, plies: int = 2, seed: int = 0
) -> tuple[tuple[_A, ...], ...]:
    """``count`` openings of ``plies`` random moves each, distinct while the game has enough.

    Each line is drawn move by move from the initial state: a player's move uniformly among its
    actions (a move that would end the game only when every move would), nature's outcome with
    its probability; a line stops early where the game would end. A line that reaches a
    position drawn before is drawn again, up to twenty tries per opening (and no more once two
    hundred draws in a row found nothing new); a game with fewer positions ``plies`` deep
    than ``count`` gets each of them, then the same ones again, in the order drawn.

    Args:
        game: Any game :func:`~gamesearch.play` plays.
        count: How many openings (an int >= 0).
        plies: Moves per opening (an int from 0 to 1,000).
        seed: The int the lines are drawn from.

    Returns:
        The openings, each a tuple of moves from the initial state.

    Raises:
        InvalidSearchOptionError: ``count``, ``plies`` or ``seed`` out of range.

    Example:
        >>> from gamesearch.games import ConnectFour
        >>> lines = random_openings(ConnectFour(), 5, plies=4, seed=1)
        >>> len(lines), len(set(lines)), all(len(line) == 4 for line in lines)
        (5, 5, True)
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 10**7:
        raise InvalidSearchOptionError(
            f"random_openings: count must be an int from 0 to 10,000,000, not {short_repr(count)}"
        )
    check_plies(plies, "random_openings")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidSearchOptionError(
            f"random_openings: seed must be an int, not {short_repr(seed)}"
        )
    rng = random.Random(seed)
    members = Capabilities.of(game)
    found: dict[Hashable, tuple[_A, ...]] = {}
    stale = 0
    for _ in range(_TRIES * count):
        if len(found) == count or stale >= _STALE:
            break
        line, where = _random_line(game, members, plies, rng)
        stale = stale + 1 if where in found else 0
        found.setdefault(where, line)
    lines = list(found.values())
    while lines and len(lines) < count:
        lines += lines[: count - len(lines)]
    return tuple(lines) if lines or not count else ((),) * count


def _random_line(
    game: Game[_S, _A], members: Capabilities, plies: int, rng: random.Random
) -> tuple[tuple[_A, ...], Hashable]:
    """One random line of ``plies`` moves, and the position it reaches (for telling apart)."""
    state = game.initial_state()
    moves: list[_A] = []
    for _ in range(plies):
        if game.is_terminal(state):
            break
        if game.to_move(state) == CHANCE and members.chance_outcomes is not None:
            pairs = distribution(members.chance_outcomes(state), state, "chance_outcomes")
            move = rng.choices([o for o, _ in pairs], weights=[p for _, p in pairs])[0]
        else:
            legal = list(game.actions(state))
            going = [a for a in legal if not game.is_terminal(game.result(state, a))]
            if not legal or (not going and moves):
                break  # every move would end the game: the opening stops before it
            move = rng.choice(going or legal)
        moves.append(move)
        state = game.result(state, move)
    return tuple(moves), position_of(members, state)


def decisions_left(game: Game[_S, _A], state: _S, enough: int = 2, budget: int = 10_000) -> int:
    """The most decisions the players can still make from ``state``, counted up to ``enough``.

    A decision is a state whose mover has two moves or more (a forced move, or nature's draw,
    is none). The tree is searched depth first until a line holds ``enough`` of them; a tree
    too large to look through in ``budget`` states is taken to hold enough.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> state = game.initial_state()
        >>> for move in [0, 1, 2, 4, 3, 5, 7]:   # two empty cells: one choice, then forced
        ...     state = game.result(state, move)
        >>> decisions_left(game, state), decisions_left(game, game.initial_state())
        (1, 2)
    """
    members = Capabilities.of(game)
    best, seen = 0, 0
    stack = [(state, 0)]
    while stack:
        where, made = stack.pop()
        seen += 1
        if game.is_terminal(where):
            best = max(best, made)
            continue
        if seen > budget:
            return enough
        if game.to_move(where) == CHANCE and members.chance_outcomes is not None:
            moves = [o for o, _ in members.chance_outcomes(where)]
        else:
            moves = list(game.actions(where))
            made += len(moves) >= 2
        if made >= enough:
            return enough
        stack.extend((game.result(where, move), made) for move in moves)
    return best


def position_of(members: Capabilities, state: Any) -> Hashable:
    """What tells positions apart: the game's ``key`` of ``state``, or the state itself."""
    key = members.key
    where = key(state) if key is not None else state
    try:
        hash(where)
    except TypeError:
        return repr(where)
    return where


def opening_positions(game: Game[Any, Any], lines: Sequence[Sequence[Any]]) -> tuple[Hashable, ...]:
    """The position each of ``lines`` reaches from the initial state (see :func:`position_of`).

    Two lines that transpose (the same position by different move orders) give equal values:
    deterministic players play the same game from both.
    """
    members = Capabilities.of(game)
    found: dict[str, Hashable] = {}
    positions = []
    for line in lines:
        text = repr(tuple(line))
        if text not in found:
            state = game.initial_state()
            for move in line:
                state = game.result(state, move)
            found[text] = position_of(members, state)
        positions.append(found[text])
    return tuple(positions)


def read_openings(path: str | os.PathLike[str], game: Game[_S, _A]) -> tuple[tuple[_A, ...], ...]:
    r"""The openings of a suite file, each checked legal in ``game``.

    The file is text: one opening a line, its moves separated by spaces, each written as
    ``gamesearch`` writes a move (:func:`move_text`: ``3`` for a Connect Four column, ``0,2``
    for a square given as a pair); a ``#`` starts a comment, blank lines are skipped, and a
    UTF-8 byte-order mark at the start (as some editors write) is ignored. Every
    move is looked up among the legal moves of the position the line has reached (nature's
    outcomes at a chance node), so the file can name nothing but moves: it is data, never code.

    Args:
        path: The suite file (at most 16 MiB).
        game: The game the openings are for.

    Returns:
        The openings, in the file's order, each a tuple of moves.

    Raises:
        TableFileError: the file cannot be read, is larger than 16 MiB or is not UTF-8 text, has
            no opening, or a line names a move that is not legal where it is played, ends the
            game, or has more than 1,000 moves (the message gives the line and the move).

    Example:
        >>> import pathlib, tempfile
        >>> from gamesearch.games import ConnectFour
        >>> suite = pathlib.Path(tempfile.mkdtemp()) / "suite.txt"
        >>> _ = suite.write_text("# centre first\n3 3\n3 2 # then beside it\n")
        >>> read_openings(suite, ConnectFour())
        ((3, 3), (3, 2))
    """
    target = Path(path)
    data = read_small(target, MAX_FILE_BYTES, "an opening suite")
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")  # a byte-order mark is no move
    except UnicodeDecodeError:
        raise TableFileError(f"{target} is not UTF-8 text: not an opening suite") from None
    openings = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if words:
            openings.append(_replayed(game, words, f"{target}, line {number}"))
    if not openings:
        raise TableFileError(f"{target} holds no opening (one a line, moves separated by spaces)")
    return tuple(openings)


def _replayed(game: Game[_S, _A], words: Sequence[str], where: str) -> tuple[_A, ...]:
    """The moves ``words`` name, each legal where it is played, the game not over after them."""
    if len(words) > MAX_PLIES:
        raise TableFileError(f"{where}: {len(words):,} moves, more than an opening's {MAX_PLIES:,}")

    def pick(ply: int, word: str, legal: list[_A]) -> _A:
        by_text = {move_text(action): action for action in legal}
        if move_text(word) not in by_text:
            shown = ", ".join(sorted(by_text)[:20]) + (", ..." if len(by_text) > 20 else "")
            raise TableFileError(
                f"{where}: move {ply}, {short_repr(word)}, is not legal there (legal: {shown})"
            )
        return by_text[move_text(word)]

    def refuse(message: str) -> TableFileError:
        return TableFileError(f"{where}: {message}")

    return replay(game, words, pick, refuse)


def replay(
    game: Game[_S, _A],
    items: Sequence[Any],
    pick: Callable[[int, Any, list[_A]], _A],
    refuse: Callable[[str], Exception],
) -> tuple[_A, ...]:
    """The moves ``pick`` finds for ``items`` among the legal moves (nature's at chance nodes).

    Every move is played from the initial state; the game must not be over before any of them,
    or after the last: ``refuse(message)`` makes the error raised then.
    """
    outcomes = Capabilities.of(game).chance_outcomes
    state = game.initial_state()
    moves = []
    for ply, item in enumerate(items, 1):
        if game.is_terminal(state):
            raise refuse(f"the game is over before move {ply} ({short_repr(item)})")
        if game.to_move(state) == CHANCE and outcomes is not None:
            legal = [outcome for outcome, _ in outcomes(state)]
        else:
            legal = list(game.actions(state))
        move = pick(ply, item, legal)
        moves.append(move)
        state = game.result(state, move)
    if game.is_terminal(state):
        raise refuse("the game is over after the opening: it leaves nothing to play")
    return tuple(moves)


def schedule_openings(
    game: Game[_S, _A], openings: object, count: int, seed: int, caller: str
) -> tuple[tuple[_A, ...], ...]:
    """The ``count`` openings of a tournament's pairs of games, as ``openings=`` asks.

    ``openings`` is a :class:`RandomOpenings` (lines drawn from ``seed``), a sequence of
    openings (each a sequence of moves, checked legal here; used in turn, from the first
    again when there are more pairs than openings), or ``None`` (every game from the initial
    state).

    Raises:
        InvalidSearchOptionError: ``openings`` is none of these, is empty, or holds a move that
            is not legal where it is played, or that ends the game.
    """
    if openings is None:
        return ((),) * count
    if isinstance(openings, RandomOpenings):
        drawn = derived_seed(seed, "openings")
        return random_openings(game, count, plies=openings.plies, seed=drawn)
    if isinstance(openings, (str, bytes)) or not isinstance(openings, Sequence) or not openings:
        raise InvalidSearchOptionError(
            f"{caller}: openings must be RandomOpenings(plies=N), a sequence of openings (each "
            f"a sequence of moves, as read_openings gives) or None, not {short_repr(openings)}"
        )
    suite = tuple(_checked(game, opening, number, caller)
                  for number, opening in enumerate(openings))  # fmt: skip
    return tuple(suite[index % len(suite)] for index in range(count))


def _checked(game: Game[_S, _A], opening: object, number: int, caller: str) -> tuple[_A, ...]:
    """``opening`` as a tuple of moves, each legal where it is played from the initial state."""
    if isinstance(opening, (str, bytes)) or not isinstance(opening, Sequence):
        raise InvalidSearchOptionError(
            f"{caller}: opening {number} must be a sequence of moves, not {short_repr(opening)}"
        )
    if len(opening) > MAX_PLIES:
        raise InvalidSearchOptionError(
            f"{caller}: opening {number} has {len(opening):,} moves, more than {MAX_PLIES:,}"
        )

    def pick(ply: int, move: Any, legal: list[_A]) -> _A:
        if move not in legal:
            raise InvalidSearchOptionError(
                f"{caller}: opening {number}: move {ply}, {short_repr(move)}, is not legal there"
            )
        return move  # type: ignore[no-any-return]

    def refuse(message: str) -> InvalidSearchOptionError:
        return InvalidSearchOptionError(f"{caller}: opening {number}: {message}")

    return replay(game, opening, pick, refuse)
