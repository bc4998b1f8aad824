"""Opening books: every position of the first few plies, each solved by the engine."""

from __future__ import annotations

import time
from collections.abc import Hashable
from pathlib import Path
from typing import Any

from .._core import check_deterministic, check_game, check_two_players, resolve_root
from ..errors import InvalidSearchOptionError
from ..game import Game, S
from ..twoplayer.deepening import iterative_deepening
from ..twoplayer.table import TranspositionTable
from ._values import Entry, Sums
from .progress import ProgressCallback, Reporter, check_progress
from .solution import Solution, SolveStats

__all__ = ["opening_book"]


def opening_book(
    game: Game[S, Any],
    plies: int,
    state: S | None = None,
    *,
    path: str | Path | None = None,
    progress: ProgressCallback | None = None,
    progress_every: int = 100,
    spec: str | None = None,
) -> Solution:
    """A book of every position up to ``plies`` plies from the root, each solved exactly.

    For games too big to solve whole (Connect Four), the first plies still are: each position
    is solved by :func:`~gamesearch.iterative_deepening` with ``root_values=True``, deepest
    positions first, all sharing one transposition table (whose proven entries carry over from
    a position to its parents). The game's ``order`` method, if any, orders the moves. Iterative
    deepening plays the fastest win and the slowest loss in games where each move adds a piece
    (see its docstring), so an entry's distance is the length of the principal variation found
    for a win or a loss (``None`` for a draw). Its optimal actions are those of the best value
    (they are stored, not worked out from children, which the book does not hold at its last
    ply). Positions are told apart by the states themselves, not by ``game.key``, so that the
    stored actions are right for each.

    Args:
        game: A deterministic two-player game.
        plies: How deep the book goes (an int >= 0): positions at most this many plies from
            the root are in it.
        state: The root; ``None`` means ``game.initial_state()``.
        path: A SQLite file to save the book to.
        progress: Called with a :class:`~gamesearch.solve.Progress` every ``progress_every``
            positions solved.
        progress_every: Positions between two progress reports.
        spec: How to remake the game, stored in the file for ``gamesearch table probe``.

    Returns:
        The book, a :class:`Solution` whose :attr:`~Solution.method` is ``"opening_book"``.

    Raises:
        InvalidSearchOptionError: ``plies`` is not an int >= 0, or a bad option.
        UnsupportedGameError: not a deterministic two-player game, or not constant-sum.
        NotAGameError: ``game`` lacks members of the protocol.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> book = opening_book(game, 2)
        >>> len(book), book.value(game.initial_state())   # 1 + 9 + 72 positions; a draw
        (82, 0.0)
        >>> book.best_actions(game.parse("X.. / ... / ...")) # O must take the centre
        (4,)
    """
    started = time.perf_counter()
    check_game(game)
    check_two_players(game, "opening_book")
    check_deterministic(game, "opening_book")
    if isinstance(plies, bool) or not isinstance(plies, int) or plies < 0:
        raise InvalidSearchOptionError(f"opening_book: plies must be an int >= 0, not {plies!r}")
    check_progress(progress, progress_every)
    root = resolve_root(game, state)
    sums = Sums(game)
    sums.terminal(_some_end(game, root))
    layers = _positions(game, root, plies)
    reporter = Reporter(progress, progress_every)
    reporter.start("solve", sum(len(layer) for layer in layers))
    tt = TranspositionTable(max_entries=2_000_000)
    table: dict[Hashable, Entry] = {}
    for layer in reversed(layers):
        for position in layer:
            table[position] = _solve_one(game, position, sums, tt)
            reporter.tick()
    reporter.report()
    stats = SolveStats(len(table), len(table), 0, time.perf_counter() - started)
    book = Solution(game, table, sums, "opening_book", _identity, stats=stats, key_kind="state")
    if path is not None:
        book.save(path, spec=spec)
    return book


def _identity(state: Any) -> Any:
    return state


def _some_end(game: Game[Any, Any], state: Any) -> Any:
    """A terminal state reached by always playing the first action (to learn the sums)."""
    while not game.is_terminal(state):
        state = game.result(state, game.actions(state)[0])
    return state


def _positions(game: Game[Any, Any], root: Any, plies: int) -> list[list[Any]]:
    """The distinct positions at each ply from 0 to ``plies``, each at its first ply."""
    seen = {root}
    layers = [[root]]
    for _ in range(plies):
        layer = []
        for position in layers[-1]:
            if game.is_terminal(position):
                continue
            for action in game.actions(position):
                child = game.result(position, action)
                if child not in seen:
                    seen.add(child)
                    layer.append(child)
        layers.append(layer)
    return layers


def _solve_one(game: Game[Any, Any], state: Any, sums: Sums, tt: TranspositionTable) -> Entry:
    """The book entry of one position, solved by iterative deepening."""
    if game.is_terminal(state):
        return Entry(sums.terminal(state), 0, ())
    result = iterative_deepening(game, state, table=tt, root_values=True)
    mover = result.player
    own = result.value
    value0 = own if mover == 0 else sums.of(own, 1)
    distance = None if own == sums.draw else len(result.pv)
    return Entry(value0, distance, result.best_actions)
