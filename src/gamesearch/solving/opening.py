"""Opening books: every position of the first few plies, each solved by the engine."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._entry import check_is_game, resolve_root
from .._faults import examined
from .._kinds import check_kind
from .._parts import check_executor, check_retries, check_shippable, run_parts
from .._validation import no_actions_error, translate
from ..capabilities import Capabilities
from ..errors import CyclicGameError, InvalidSearchOptionError, TableFileError
from ..game import Game, S
from ..twoplayer.deepening import iterative_deepening
from ..twoplayer.mtdf import mtdf
from ..twoplayer.table import TranspositionTable
from . import _file, _store
from ._values import Entry, Sums
from .progress import ProgressCallback, Reporter, check_progress
from .solution import Solution, SolveStats

__all__ = ["opening_book"]


@examined
def opening_book(
    game: Game[S, Any],
    plies: int,
    state: S | None = None,
    *,
    path: str | Path | None = None,
    progress: ProgressCallback | None = None,
    progress_every: int = 100,
    spec: str | None = None,
    executor: Executor | None = None,
    retries: int = 0,
    split_ply: int = 1,
) -> Solution:
    """A book of every position up to ``plies`` plies from the root, each solved exactly.

    For games too big to solve whole (Connect Four), the first plies still are: each position is
    solved by :func:`~gamesearch.iterative_deepening` with ``root_values=True``, or, where the
    game offers the exact solver's hooks (``win_utility`` and ``non_losing_children``, as
    :class:`~gamesearch.games.ConnectFour` does), by solving each child with
    :func:`~gamesearch.mtdf`'s exact solver (the children's values give every optimal action,
    and their distances the position's: Connect Four 5 x 4 to two plies in 3.8 s, not 88). The
    book is built in parts, one per position at ply 1 (or at ``split_ply``), holding the
    positions the breadth-first walk first reached through it: each part's positions are solved
    deepest first, sharing one transposition table (whose proven entries carry over from a
    position to its parents); the plies above are solved last, with the parts' entries as their
    book. On an ``executor`` the parts run in parallel, and the book is the same as in one
    process (what a search finds may depend on the table it shares, so the parts are the same
    whatever runs them). The game's ``order`` method, if any, orders the moves. Optimal actions
    are listed in ``actions`` order. Iterative deepening plays the fastest win and the slowest
    loss in games where each move adds a piece (see its docstring), so an entry's distance is
    the length of the principal variation found for a win or a loss (``None`` for a draw); the
    exact solver's distances are the shortest win and the longest loss in any game. The optimal
    actions are stored, not worked out from children, which the book does not hold at its last
    ply: with the exact solver, those of the best value and then the best distance (the
    shortest win, the longest loss), as :meth:`Solution.best_actions` defines them and a strong
    solution lists them; by iterative deepening, every action of the best value (its values
    do not tell one win's length from another's). Positions are told apart by the states
    themselves, not by ``game.key``, so that the stored actions are right for each.

    Args:
        game: A deterministic two-player game.
        plies: How deep the book goes (an int >= 0): positions at most this many plies from
            the root are in it.
        state: The root; ``None`` means ``game.initial_state()``.
        path: A SQLite file to save the book to.
        progress: Called with a :class:`~gamesearch.solving.Progress` every ``progress_every``
            positions solved.
        progress_every: Positions between two progress reports.
        spec: How to remake the game, stored in the file for ``gamesearch table probe``.
        executor: A ``concurrent.futures.Executor`` to solve the parts on (see
            :func:`~gamesearch.solving.solve`); ``None`` solves them here, one after another.
            With an executor, ``progress`` is told of the parts (phase ``"parts"``) and then of
            the root's positions.
        retries: How many times a part that raised is submitted again.
        split_ply: The ply whose positions head the parts (an int from 1 to ``plies``): one
            part for each, holding the positions first reached through it; the plies above
            are solved last, with the parts' entries. Deeper, the parts are more and smaller,
            for more workers than the root has moves, but they share less: a transposition
            table carries proofs between the positions of one part only. Connect Four 5 x 4
            to three plies, best of two: 5 parts took 5.2 s in one process and 4.1 s on two
            processes, 25 parts (``split_ply=2``) 8.2 s and 5.5 s. The values and optimal
            actions do not depend on it, nor do the distances where the exact solver or
            iterative deepening finds the true ones (see above).

    Returns:
        The book, a :class:`Solution` whose :attr:`~Solution.method` is ``"opening_book"``.

    Raises:
        InvalidSearchOptionError: ``plies`` is not an int >= 0, ``split_ply`` not an int from
            1 to ``plies``, or a bad option.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), not a deterministic two-player game, or not constant-sum.
        NotAGameError: ``game`` lacks members of the protocol.
        NotPicklableError: the executor runs parts in other processes and the game or the
            root does not pickle.
        PartFailedError: a part raised, or its worker died, after ``retries``.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> book = opening_book(game, 2)
        >>> len(book), book.value(game.initial_state())   # 1 + 9 + 72 positions; a draw
        (82, 0.0)
        >>> book.best_actions(game.parse("X.. / ... / ...")) # O must take the centre
        (4,)

        Its nine parts (one per first move) on a pool of threads, the same book:

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(2) as pool:
        ...     parallel = opening_book(game, 2, executor=pool)
        >>> parallel.stats.parts, all(parallel.value(p) == book.value(p) for p in book)
        (9, True)
    """
    started = time.perf_counter()
    check_is_game(game)
    found = Capabilities.of(game)
    check_kind(game, "opening_book", found)
    if isinstance(plies, bool) or not isinstance(plies, int) or plies < 0:
        raise InvalidSearchOptionError(f"opening_book: plies must be an int >= 0, not {plies!r}")
    _check_split_ply(split_ply, plies)
    check_progress(progress, progress_every)
    check_executor(executor, "opening_book")
    attempts = check_retries(retries, "opening_book")
    root = resolve_root(game, state, found)
    check_shippable(executor, "opening_book", game=game, state=root)
    if path is not None:
        done = _existing_book(path, game, plies, root)
        if done is not None:
            return done
    sums = Sums(game)
    sums.terminal(_some_end(game, root))
    top, parts = _book_parts(game, root, plies, sums.total, split_ply)
    reporter = Reporter(progress, progress_every)
    table: dict[Hashable, Entry] = {}
    if executor is None:
        reporter.start("solve", sum(len(layer) for layer in [*top, *_layers(parts)]))
        reporter.report()  # at 0: the first positions may take seconds
        for part in parts:
            table.update(_solve_layers(part, reporter.tick))
    else:
        run_parts(
            executor, solve_book_part, parts, caller="opening_book",
            on_result=lambda _, entries: table.update(entries), progress=progress,
            retries=attempts,
        )  # fmt: skip
        reporter.start("solve", sum(len(layer) for layer in top))
        reporter.report()  # at 0, as without an executor
    # The plies above the parts, deepest first, each position seeing the entries below it.
    known = Solution(game, table, sums, "opening_book", _identity, key_kind="state")
    above = BookPart(game, sums.total, tuple(top), known)
    table.update(_solve_layers(above, reporter.tick))
    reporter.report()
    stats = SolveStats(len(table), len(table), 0, time.perf_counter() - started, len(parts))
    book = Solution(
        game, table, sums, "opening_book", _identity, stats=stats, key_kind="state",
        roots=[(root, game.to_move(root))], plies=plies,
    )  # fmt: skip
    if path is not None:  # into the file found empty: a table written since is not replaced
        book._write(path, 10_000, spec, replace=False)
    return book


@dataclass(frozen=True)
class BookPart:
    """Positions of a book solved together, sharing one transposition table (private)."""

    game: Game[Any, Any]
    total: float | None
    layers: tuple[tuple[Any, ...], ...]
    """The positions, by ply, shallowest first; they are solved deepest first."""
    book: Solution | None = None
    """The entries already known below these positions (for the plies above the parts)."""

    def __repr__(self) -> str:
        first = next((layer[0] for layer in self.layers if layer), None)
        return f"<{sum(map(len, self.layers))} book positions from {first!r}>"


def solve_book_part(part: BookPart) -> list[tuple[Any, Entry]]:
    """Solve a part's positions (run in a worker): its entries."""
    return _solve_layers(part, _nothing)


def _solve_layers(part: BookPart, tick: Callable[[], object]) -> list[tuple[Any, Entry]]:
    tt = TranspositionTable(max_entries=2_000_000)
    sums = Sums(part.game, part.total)
    exact = Capabilities.of(part.game).solves_exactly  # a part's own read
    # The entries known below (exact solving only): the book's, and this part's as it goes.
    solved = {} if part.book is None or not exact else dict(part.book._table)
    entries = []
    for layer in reversed(part.layers):
        for position in layer:
            if exact:
                entry = _solve_children(part.game, position, sums, tt, solved)
                solved[position] = entry
            else:
                entry = _solve_one(part.game, position, sums, tt, part.book)
            entries.append((position, entry))
            tick()
    return entries


def _nothing() -> None:
    return None


def _layers(parts: list[BookPart]) -> list[tuple[Any, ...]]:
    return [layer for part in parts for layer in part.layers]


def _check_split_ply(split_ply: object, plies: int) -> None:
    """Refuse a ``split_ply`` that is not an int from 1 to ``plies`` (1 for a book of 0 plies)."""
    if (
        isinstance(split_ply, bool)
        or not isinstance(split_ply, int)
        or not (1 <= split_ply <= max(plies, 1))
    ):
        raise InvalidSearchOptionError(
            f"opening_book: split_ply must be an int from 1 to plies ({plies}), not {split_ply!r}"
        )


def _book_parts(
    game: Game[Any, Any], root: Any, plies: int, total: float | None, split_ply: int
) -> tuple[list[tuple[Any, ...]], list[BookPart]]:
    """The positions above the parts (the plies before ``split_ply``), and the parts.

    One part for each position at ``split_ply``: it holds the position and the positions the
    breadth-first walk first reached through it, so the book is the same whatever runs the
    parts, and each part's table carries proofs from its positions to their parents.
    """
    layers = _positions(game, root, plies)
    if plies == 0:
        return [tuple(layers[0])], []
    deepest = len(layers) - 1  # the last ply that holds positions, or the first empty one
    split_ply = min(split_ply, deepest)
    heads = [[item if ply < 2 else item[0] for item in layers[ply]] for ply in range(split_ply + 1)]
    branch: dict[Any, int] = {position: number for number, position in enumerate(heads[-1])}
    grouped: list[list[list[Any]]] = [[[p]] for p in heads[-1]]
    for ply in range(split_ply + 1, deepest + 1):
        for group in grouped:
            group.append([])
        for position, parent in layers[ply]:
            branch[position] = branch[parent]
            grouped[branch[position]][-1].append(position)
    parts = [BookPart(game, total, tuple(tuple(layer) for layer in group)) for group in grouped]
    return [tuple(layer) for layer in heads[:-1]], parts


def _existing_book(
    path: str | Path, game: Game[Any, Any], plies: int, root: Any
) -> Solution | None:
    """The complete book of this game, depth and root that ``path`` holds, if it does.

    A new file (or an empty one) gives ``None`` (made now, so that a path that cannot be
    written fails before any work); a file holding any other table is refused untouched.

    Raises:
        TableFileError: ``path`` cannot be written, or holds another table.
        UnsupportedGameError: the game has no stable identity, or the root cannot be stored.
    """
    _file.head(game, "opening_book", "state", [(root, game.to_move(root))])  # checks, first
    connection = _store.connect(path, create=True)
    try:
        meta = _store.read_meta(connection, path)
        states = _store.count(connection, path)
    finally:
        connection.close()
    if not meta and not states:
        return None
    if meta:  # every value checked before any is used
        _file.read_head(meta, path, states)
    if meta.get("complete") == "1" and meta.get("method") == "opening_book":
        _file.check_built_for(meta, game, path)
        book = Solution.load(path, game, in_memory=True)
        if book.plies == plies and book._roots and book._roots[0][0] == root:
            return book
    raise TableFileError(
        f"{_file.held(path, meta, states)}, not this book of {plies} plies: choose another "
        "path, or delete the file to replace it"
    )


def _identity(state: Any) -> Any:
    return state


def _some_end(game: Game[Any, Any], state: Any) -> Any:
    """A terminal state below ``state`` (to learn the sums): the first line of play that ends.

    Depth first, the first action first, never into a state seen before: a game whose first
    line of play goes round a cycle (found by a test over the registry's searchers, where it ran
    for ever) gets another line, and one where no line ends is refused.

    Raises:
        CyclicGameError: no line of play from ``state`` ends.
    """
    seen: set[Any] = set()
    waiting = [state]
    while waiting:
        position = waiting.pop()
        if game.is_terminal(position):
            return position
        if position in seen:
            continue
        seen.add(position)
        actions = game.actions(position)
        if not actions:
            raise no_actions_error(position, actions)
        try:
            waiting.extend(reversed([game.result(position, action) for action in actions]))
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, game, position, None)
    raise CyclicGameError(
        f"opening_book: no line of play from state {state!r} ends (each one comes back to a "
        "state it passed), so its positions have no exact values to put in a book"
    )


def _positions(game: Game[Any, Any], root: Any, plies: int) -> list[list[Any]]:
    """The distinct positions at each ply from 0 to ``plies``, each at its first ply.

    Plies 0 and 1 hold positions; deeper plies hold ``(position, parent)`` pairs, the parent
    being the position of the ply above through which it was first reached. The layers stop
    after the first empty one: ``plies=10**9`` walks the game to its end, not a billion plies.
    """
    seen = {root}
    layers: list[list[Any]] = [[root]]
    for ply in range(1, plies + 1):
        if not layers[-1]:  # every line has ended: no ply below holds a position
            break
        layer = []
        for item in layers[-1]:
            position = item[0] if ply > 2 else item
            if game.is_terminal(position):
                continue
            for action in game.actions(position):
                child = game.result(position, action)
                if child not in seen:
                    seen.add(child)
                    layer.append(child if ply == 1 else (child, position))
        layers.append(layer)
    return layers


def _solve_one(
    game: Game[Any, Any], state: Any, sums: Sums, tt: TranspositionTable, book: Solution | None
) -> Entry:
    """The book entry of one position, solved by iterative deepening."""
    if game.is_terminal(state):
        return Entry(sums.terminal(state), 0, ())
    result = iterative_deepening(game, state, table=tt, root_values=True, book=book)
    mover = result.player
    own = result.value
    value0 = sums.of(own, mover)  # the constant sum maps one player's value to the other's
    distance = None if own == sums.draw else len(result.pv)
    # In ``actions`` order, as the exact path lists them: the search tries the table's move
    # first, so its order depends on the table the part shares (on ``split_ply``).
    best = result.best_actions
    return Entry(value0, distance, tuple(a for a in game.actions(state) if a in best))


def _solve_children(
    game: Game[Any, Any],
    state: Any,
    sums: Sums,
    tt: TranspositionTable,
    solved: Mapping[Any, Entry],
) -> Entry:
    """The book entry of one position, from its children's exact values and distances.

    A child already in ``solved`` (the book's deeper plies) is read there; any other is solved
    by the exact solver (``mtdf`` without a depth, over the game's solving hooks), sharing
    ``tt``. The position's distance is the shortest of its best-valued children's for a win,
    the longest for a loss; its optimal actions, in ``actions`` order, those of the best value
    and that distance (all those of the best value for a draw), as
    :meth:`Solution.best_actions` defines them.
    """
    if game.is_terminal(state):
        return Entry(sums.terminal(state), 0, ())
    mover = game.to_move(state)
    scored = []
    for action in game.actions(state):
        child = game.result(state, action)
        entry = solved.get(child)
        if entry is None:
            entry = _exact_entry(game, child, sums, tt)
        scored.append((action, sums.of(entry.value, mover), entry.distance))
    best = max(own for _, own, _ in scored)
    value0 = sums.of(best, mover)
    if best == sums.draw:
        return Entry(value0, None, tuple(action for action, own, _ in scored if own == best))
    # Every child of the best value is proven, so each has its distance.
    lengths = [distance for _, own, distance in scored if own == best and distance is not None]
    length = min(lengths) if best > sums.draw else max(lengths)
    actions = tuple(action for action, own, distance in scored if (own, distance) == (best, length))
    return Entry(value0, 1 + length, actions)


def _exact_entry(game: Game[Any, Any], state: Any, sums: Sums, tt: TranspositionTable) -> Entry:
    """A position's value for player 0 and distance, by the exact solver (no actions)."""
    if game.is_terminal(state):
        return Entry(sums.terminal(state), 0)
    result = mtdf(game, state, table=tt)
    own = result.value
    value0 = sums.of(own, result.player)
    return Entry(value0, None if own == sums.draw else result.plies_to_end)
