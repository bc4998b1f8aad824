"""``solve``: the strong solution of every state reachable from a game's root."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Hashable, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._entry import check_is_game, resolve_root
from .._faults import examined
from .._kinds import check_kind
from .._parts import check_executor, check_retries, check_shippable
from ..capabilities import Capabilities
from ..errors import CyclicGameError, GameProtocolError, InvalidSearchOptionError, TableFileError
from ..game import Game, S
from . import _file, _store
from ._chance import value_iteration
from ._classes import Classes
from ._graph import build_graph
from ._memo import CycleFound, memo_solve
from ._parallel import split_solve

if TYPE_CHECKING:  # the core imports without SQLite (_store opens the files)
    import sqlite3
from ._retrograde import retrograde
from ._values import Entry, Key, Sums
from .progress import ProgressCallback, Reporter, check_progress
from .solution import Solution, SolveStats

__all__ = ["solve"]

_METHODS = ("auto", "memo", "retrograde", "value_iteration")


@examined
def solve(
    game: Game[S, Any],
    state: S | None = None,
    *,
    roots: Iterable[S] | None = None,
    method: str = "auto",
    key: Callable[[S], Hashable] | str | None = None,
    path: str | Path | None = None,
    batch: int = 10_000,
    tolerance: float = 1e-9,
    max_sweeps: int = 100_000,
    progress: ProgressCallback | None = None,
    progress_every: int = 10_000,
    spec: str | None = None,
    executor: Executor | None = None,
    retries: int = 0,
    split: int | None = None,
) -> Solution:
    """Solve every state reachable from ``state`` (or from each of ``roots``) into a table.

    Supported: two-player games whose terminal utilities add up to the same constant
    everywhere (zero-sum, such as tic-tac-toe, or constant-sum, such as :class:`Nim`), with or
    without chance nodes. Each state gets its value for each player under best play, its
    distance to the end (shortest win, longest loss) and its optimal actions.

    The methods:

    - ``"memo"``: a memoised depth-first pass (post-order, with an explicit stack, so deep
      games do not reach the recursion limit), for acyclic games; exact for any utilities.
    - ``"retrograde"``: retrograde analysis (Ströhlein 1970, Thompson 1986) over the graph of
      reachable states, built forward first: values flow back from the terminal states;
      positions never resolved are draws. For games with cycles whose results are win, loss
      or draw.
    - ``"value_iteration"``: for games of chance, cyclic ones such as Pig included (Neller and
      Presser 2004): values are expected utilities, iterated one strongly connected component
      at a time until no value moves by more than ``tolerance`` in a sweep.
    - ``"auto"`` (default): value iteration for a game with chance nodes; otherwise the memo
      pass, which switches to retrograde analysis the moment it meets a state that repeats on
      its own line. :attr:`Solution.method` says which was used.

    Memory: the memo pass keeps one entry per state (a key, a float, an int: about 140-190
    bytes in CPython with the dict slot, as ``bench/bench_solve.py`` measures); retrograde
    analysis and value iteration also keep the graph of states while they work, about 480
    bytes per state in all for Pig.

    Resuming (with ``path``): the entries are written to the SQLite file ``batch`` at a time,
    each batch in one transaction. If the build is interrupted, calling ``solve`` again with the
    same arguments reads the finished entries back and the memo pass does not expand those
    states again (only the unfinished line above them is redone); value iteration writes each
    strongly connected component once it has settled, and takes the components found whole in
    the file as they are (the forward pass that builds the graph is redone; the tolerance must
    be the same); a complete file is read and returned at once. Retrograde analysis redoes its
    pass (its values are only final at the end) and then writes the file.

    On many cores (``executor``): the memo pass is split below a frontier, a layer a few plies
    down, into ``split`` parts; each part's states are solved whole in a worker, the driver
    merges the entries (exact values and distances: parts that overlap agree) and solves the
    states above the frontier with them. A game that offers ``region(state)`` (as
    :class:`~gamesearch.games.ConnectFour` does; see :mod:`gamesearch.game`) is split by
    region instead: each part solves whole regions, so no state is solved twice, and the
    driver solves the states of no region. The solution is the same as in one process. With a
    ``path``, each part's entries are written the moment it finishes, so a run that stops (a
    part raised, a worker died, Ctrl-C) resumes without shipping the parts whose frontier
    states the file holds. Retrograde analysis and value iteration (and ``"auto"`` once it meets
    a cycle) run in this process, whatever the executor: their passes over the graph are not
    split. See the page "Beyond one process" of the documentation.

    Args:
        game: A two-player game (a :class:`~gamesearch.StochasticGame` for value iteration).
        state: The root; ``None`` means ``game.initial_state()``.
        roots: Several roots instead of ``state`` (the table covers all they reach).
        method: ``"auto"``, ``"memo"``, ``"retrograde"`` or ``"value_iteration"``.
        key: How states are told apart: ``None`` for ``game.key(state)`` when the game has a
            ``key`` (which may merge symmetric states), else the state; ``"state"`` for the
            states themselves; or a function of the state. A key may merge states only if they
            have the same value for player 0 and the same distance (a board and its mirror
            image, with the same player to move).
        path: A SQLite file to write the solution to (and to resume from).
        batch: Entries per transaction when writing ``path``.
        tolerance: Value iteration stops when a sweep moves no value by more than this.
        max_sweeps: Value iteration gives up after this many sweeps of one component.
        progress: Called with a :class:`~gamesearch.solving.Progress` every ``progress_every``
            states and at the end of each phase (an exception it raises stops the build;
            what was written to ``path`` stays).
        progress_every: States between two progress reports.
        spec: How to remake the game, stored in the file for ``gamesearch table probe``.
        executor: A ``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``, or a Dask
            ``Client.get_executor()``) to solve the parts on; ``None`` solves here, unsplit.
            A process pool or a cluster must be able to pickle the game, its states and
            ``key``.
        retries: How many times a part that raised is submitted again before the build gives
            up with :class:`~gamesearch.PartFailedError`.
        split: How many parts to cut the frontier (or the regions) into; ``None`` means one
            per worker of the executor (four when it does not say how many workers it has).
            A state that two parts of a frontier split reach is solved by both
            (:attr:`SolveStats.duplicates`), which in games rich in transpositions costs more
            than uneven parts do: Connect Four 4 x 4 cut below a frontier on two processes
            took 2.6 s in 2 parts, 3.9 s in 4 and 7.7 s in 8. More parts balance uneven
            subtrees better, lose less to a failure and, in a game without transpositions,
            ship one part while the next is solved: a uniform tree of 1.4 million states
            solved 1.41-1.45 times faster on two processes in 2 parts, 1.59-1.74 in 8.

    Returns:
        The in-memory :class:`Solution`.

    Raises:
        NotAGameError: ``game`` lacks members of the protocol.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), not two players, utilities that are not constant-sum, or (for
            retrograde analysis) results other than win, loss and draw.
        CyclicGameError: ``method="memo"`` on a game whose states repeat.
        InvalidSearchOptionError: an unknown method, a method that does not fit the game,
            both ``state`` and ``roots``, a bad option, or a ``path`` holding another table.
        GameProtocolError: a state without actions that is not terminal, keys that cannot be
            hashed, chance outcomes that are not a distribution, or value iteration that did
            not settle in ``max_sweeps`` sweeps.
        NotPicklableError: the executor runs parts in other processes and the game, a root or
            ``key`` does not pickle (raised before any work is shipped).
        PartFailedError: a part raised (other than the errors above, which are raised as
            themselves) or its worker died, after ``retries``; the finished parts are in the
            file, if there is one.

    Example:
        >>> from gamesearch.games import Nim
        >>> game = Nim((1, 2), players=2)
        >>> solution = solve(game)
        >>> len(solution), solution.value(game.initial_state())   # 1 ^ 2 != 0: a win
        (8, 1.0)
        >>> solution.best_actions(game.initial_state()), solution.distance(game.initial_state())
        (((1, 1),), 3)

        The same table, its memo pass split into parts on a pool of threads:

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(2) as pool:
        ...     split = solve(game, executor=pool, split=2)
        >>> len(split), split.value(game.initial_state()), split.stats.parts
        (8, 1.0, 2)
    """
    started = time.perf_counter()
    check_is_game(game)
    found = Capabilities.of(game)
    check_kind(game, "solve", found)
    chance = found.chance_outcomes is not None
    method = _check_method(method, chance)
    _check_options(batch, tolerance, max_sweeps)
    check_progress(progress, progress_every)
    starts = _roots(game, state, roots)
    keyfn, kind = _key(found, key)
    _check_roots(game, starts, keyfn, kind, found)
    parallel = _parallel(game, starts[0], method, chance, keyfn, executor, retries, split)
    reporter = Reporter(progress, progress_every)
    sums = Sums(game)
    table: dict[Any, Entry] = {}
    connection = None
    writer = None
    if path is not None:
        opened = _resume(path, game, method, kind, starts, keyfn, spec, tolerance, sums)
        if opened is None:  # a complete file: read back, if it holds what was asked
            return _finished(path, game, keyfn, kind, started, starts, tolerance)
        connection, head, table, classes = opened
        before = _store.meta_number(head, "elapsed", path) or 0.0  # the sessions before

        def progress_meta() -> dict[str, str]:  # committed with each batch
            spent = before + time.perf_counter() - started
            return {"constant_sum": json.dumps(sums.total), "elapsed": json.dumps(spent)}

        writer = _store.Writer(connection, path, head, batch, progress_meta, classes)
    try:
        table, used, parts, duplicates, resumed = _run(
            game, starts, method, keyfn, table, sums, reporter, writer, tolerance, max_sweeps,
            parallel, found,
        )  # fmt: skip
        if writer is not None:
            exact = used != "value_iteration"
            tolerance_text = json.dumps(None if exact else tolerance)
            writer.flush({"complete": "1", "method": used, "tolerance": tolerance_text})
    finally:
        if connection is not None:
            connection.close()
    elapsed = time.perf_counter() - started
    stats = SolveStats(len(table), len(table) - resumed, resumed, elapsed, parts, duplicates)
    solution = Solution(
        game,
        table,
        sums,
        used,
        keyfn,
        tolerance=tolerance if used == "value_iteration" else None,
        stats=stats,
        key_kind=kind,
        roots=[(keyfn(root), game.to_move(root)) for root in starts],
    )
    if resumed:  # entries read from the file: a damaged key there is a state missing here
        solution._source = str(path)
    return solution


def _run(
    game: Game[Any, Any],
    starts: list[Any],
    method: str,
    keyfn: Key,
    table: dict[Any, Entry],
    sums: Sums,
    reporter: Reporter,
    writer: _store.Writer | None,
    tolerance: float,
    max_sweeps: int,
    parallel: _Split | None,
    capabilities: Capabilities,
) -> tuple[dict[Any, Entry], str, int, int, int]:
    """Solve with ``method``: the table, the method used, the parts, duplicates, entries kept.

    The entries kept are those ``table`` held (read back from a file) and not solved again.
    The memo pass goes on from ``table`` and tells ``writer`` each entry as it is solved (split
    into parts below a frontier first, with ``parallel``, each part written as it arrives);
    value iteration takes the components ``table`` holds whole and tells ``writer`` each
    component as it settles; retrograde analysis hands its whole table to ``writer`` at the end.
    ``capabilities`` is the game's record of optional members (its ``chance_outcomes``, ``region``).
    """
    chance = capabilities.chance_outcomes is not None
    resumed = len(table)
    if method in ("auto", "memo") and not chance:
        try:
            parts = duplicates = 0
            top = (0, 0.0)  # the states of no region a worker solved, and since when
            if parallel is not None:
                parts, duplicates, top = split_solve(
                    game, starts, keyfn, table, sums, parallel.executor, split=parallel.split,
                    retries=parallel.retries, progress=reporter.callback,
                    save=None if writer is None else writer.add_all, region=capabilities.region,
                )  # fmt: skip
            reporter.start("solve", done=top[0], elapsed=top[1])
            memo_solve(
                game, starts, keyfn, table, sums, reporter, None if writer is None else writer.add
            )
            reporter.report()
            return table, "memo", parts, duplicates, resumed  # it trusts every entry it holds
        except CycleFound as found:
            if method == "memo":
                raise CyclicGameError(
                    f"solve: the state {found.state!r} repeats, so {type(game).__name__} is not "
                    "acyclic: use method='retrograde' (or 'auto')"
                ) from None
    graph = build_graph(game, starts, keyfn, reporter, capabilities.chance_outcomes)
    if not any(graph.terminal):  # nothing ever ends, so nothing is paid: a sum of 0
        sums.never_ends()
    if chance:
        # Each component is written as it settles, so an interrupted run resumes from there.
        finished = None if writer is None else writer.add
        solved, kept = value_iteration(
            graph, sums, tolerance, max_sweeps, reporter, table, finished
        )
        return solved, "value_iteration", 0, 0, kept
    # Retrograde analysis solves every state again, whatever the file held.
    used, table = "retrograde", retrograde(game, graph, sums, reporter)
    if writer is not None:  # committed with the caller's last flush, which marks it complete
        writer.hold(table.items())
    return table, used, 0, 0, 0


@dataclass(frozen=True)
class _Split:
    """How to split the memo pass: the executor, the number of parts, the retries."""

    executor: Executor
    split: int
    retries: int


def _parallel(
    game: Game[Any, Any],
    root: Any,
    method: str,
    chance: bool,
    keyfn: Key,
    executor: object,
    retries: object,
    split: object,
) -> _Split | None:
    """Check the options of a run on an executor; ``None`` when the run is not split.

    Raises:
        InvalidSearchOptionError: ``executor`` is not an executor, or a bad ``retries`` or
            ``split``.
        NotPicklableError: the game, the root or the key function does not pickle, and the
            executor would ship them to other processes.
    """
    check_executor(executor, "solve")
    count = check_retries(retries, "solve")
    if split is not None and (isinstance(split, bool) or not isinstance(split, int) or split < 1):
        raise InvalidSearchOptionError(f"solve: split must be an int >= 1 or None, not {split!r}")
    if executor is None or chance or method not in ("auto", "memo"):
        return None  # retrograde analysis and value iteration run here (see the docstring)
    check_shippable(executor, "solve", game=game, state=root, key=keyfn)
    parts = split if isinstance(split, int) else _workers(executor)
    return _Split(executor, parts, count)  # type: ignore[arg-type]


def _workers(executor: object) -> int:
    """How many workers ``executor`` has, as far as it tells (else 4)."""
    found = getattr(executor, "_max_workers", None)  # ProcessPool- and ThreadPoolExecutor
    if isinstance(found, int) and found > 0:
        return found
    client = getattr(executor, "_client", None)  # dask.distributed's ClientExecutor
    nthreads = getattr(client, "nthreads", None)
    if callable(nthreads):
        try:
            return max(1, int(sum(nthreads().values())))
        except Exception:  # a cluster that cannot say: the default
            return 4
    return 4


def _check_method(method: object, chance: bool) -> str:
    if method not in _METHODS:
        raise InvalidSearchOptionError(
            f"solve: method must be one of {', '.join(_METHODS)}, not {method!r}"
        )
    if chance and method in ("memo", "retrograde"):
        raise InvalidSearchOptionError(
            f"solve: method={method!r} solves deterministic games, but this game has chance "
            "nodes: use method='value_iteration' (or 'auto')"
        )
    if not chance and method == "value_iteration":
        raise InvalidSearchOptionError(
            "solve: value iteration is for games of chance, and this game has no chance "
            "nodes: use method='memo', 'retrograde' or 'auto'"
        )
    return str(method)


def _check_options(batch: object, tolerance: object, max_sweeps: object) -> None:
    for name, value in (("batch", batch), ("max_sweeps", max_sweeps)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidSearchOptionError(f"solve: {name} must be an int >= 1, not {value!r}")
    if (
        isinstance(tolerance, bool)
        or not isinstance(tolerance, (int, float))
        or not 0 < tolerance < 1
    ):
        raise InvalidSearchOptionError(
            f"solve: tolerance must be a number between 0 and 1 (exclusive), not {tolerance!r}"
        )


def _roots(game: Game[S, Any], state: S | None, roots: Iterable[S] | None) -> list[S]:
    if roots is None:
        return [game.initial_state() if state is None else state]
    if state is not None:
        raise InvalidSearchOptionError("solve: give either state or roots, not both")
    found = list(roots)
    if not found:
        raise InvalidSearchOptionError("solve: roots is empty; give at least one state")
    return found


def _key(found: Capabilities, key: object) -> tuple[Key, str]:
    """The key function and what it is: ``"game.key"``, ``"state"`` or ``"custom"``.

    ``found`` is the game's record, whose ``key`` is the default.
    """
    if key is None:
        if found.key is not None:
            return found.key, "game.key"
        return _identity, "state"
    if key == "state":
        return _identity, "state"
    if callable(key):
        return key, "custom"
    raise InvalidSearchOptionError(
        f"solve: key must be None (game.key), 'state' or a function of the state, not {key!r}"
    )


def _identity(state: Any) -> Any:
    return state


def _check_roots(
    game: Game[Any, Any], starts: list[Any], keyfn: Key, kind: str, found: Capabilities
) -> None:
    for root in starts:
        if kind == "custom":
            _hashable(keyfn, root)
        else:
            resolve_root(game, root, found)


def _resume(
    path: str | Path,
    game: Game[Any, Any],
    method: str,
    kind: str,
    starts: list[Any],
    keyfn: Key,
    spec: str | None,
    tolerance: float,
    sums: Sums,
) -> tuple[sqlite3.Connection, dict[str, str], dict[Any, Entry], Classes] | None:
    """Claim ``path`` for a build: its connection, the head written, entries read back, classes.

    The file's classes (of its states and actions) are those the build goes on numbering. The
    file is checked, read back and claimed (its head written) in one transaction, so that two
    builds of one new file never both start it: the second finds the first's head, and is
    refused if it names another game (or keys); two builds of one game share the file.

    ``None`` (the file closed) when the file holds a complete table of this game. The game's
    identity and the roots' keys are checked before the file is touched; an unfinished file
    must be of this game, keys and tolerance, and gives ``sums`` its constant sum.

    Raises:
        TableFileError: the file cannot be written, is not a table file of this game and keys,
            or holds part of a value iteration made with another tolerance.
        UnsupportedGameError: the game has no stable identity, or a root's key cannot be stored.
    """
    roots_known = [(keyfn(root), game.to_move(root)) for root in starts]
    extra = {"tolerance_asked": json.dumps(tolerance)}
    _file.head(game, method, kind, roots_known, spec=spec, extra=extra)  # checks, first
    connection = _store.connect(path, create=True)
    try:
        with _store.locked(connection, path):
            meta = _store.read_meta(connection, path)
            if meta:  # every value checked before any is used
                states = _store.count(connection, path)
                _file.read_head(meta, path, states)
                _check_file(path, meta, game, kind, states)
            claimed = None
            if meta.get("complete") != "1":  # complete: nothing to write, read back instead
                claimed = _claim(connection, path, meta, game, method, kind, roots_known,
                                 spec, extra, sums)  # fmt: skip
                _check_tolerance(path, meta, bool(claimed[1]), tolerance)
    except BaseException:
        connection.close()
        raise
    if claimed is None:
        connection.close()
        return None
    return (connection, *claimed)


def _claim(
    connection: sqlite3.Connection,
    path: str | Path,
    meta: dict[str, str],
    game: Game[Any, Any],
    method: str,
    kind: str,
    roots_known: list[tuple[Any, Any]],
    spec: str | None,
    extra: dict[str, str],
    sums: Sums,
) -> tuple[dict[str, str], dict[Any, Entry], Classes]:
    """Read an unfinished file back and write the build's head (in the caller's transaction).

    Returns the head written, the entries and the file's classes; ``sums`` takes the file's
    constant sum.
    """
    classes = Classes.from_meta(meta, path, type(game).__module__)
    classes.resolve_all()
    head = _file.head(game, method, kind, roots_known, spec=spec, extra=extra, classes=classes)
    table = _store.read_all(connection, path, classes)
    sums.total = _store.meta_number(meta, "constant_sum", path)
    sums.source = None if sums.total is None else str(path)
    if meta:  # resuming: keep when the build began, and the time its sessions took so far
        head = {**head, "created": meta.get("created", head["created"])}
        if "elapsed" in meta:
            head["elapsed"] = meta["elapsed"]
    _store.claim(connection, head)
    return head, table, classes


def _check_tolerance(
    path: str | Path, meta: dict[str, str], resuming: bool, tolerance: float
) -> None:
    """Refuse to resume a value iteration begun with another tolerance."""
    started_with = _store.meta_number(meta, "tolerance_asked", path)
    if resuming and started_with is not None and started_with != tolerance:
        raise TableFileError(
            f"{path} holds part of a solution made with tolerance={started_with}, not "
            f"{tolerance}: resume it with the same tolerance, or delete the file"
        )


def _hashable(keyfn: Key, root: Any) -> None:
    try:
        hash(keyfn(root))
    except TypeError as exc:
        raise GameProtocolError(f"solve: key(state) must be hashable: {exc}") from exc


def _check_file(
    path: str | Path, meta: dict[str, str], game: Game[Any, Any], kind: str, states: int
) -> None:
    """Refuse a file that holds the table of another game, an opening book, or other keys."""
    _file.check_built_for(meta, game, path, "choose another path, or delete the file")
    if meta.get("method") == "opening_book":  # a book is no strong solution, nor part of one
        raise TableFileError(
            f"{_file.held(path, meta, states)}, not a strong solution: choose another path, or "
            "delete the file to replace it"
        )
    if meta.get("key") != kind:
        raise TableFileError(
            f"{path} holds a table keyed by {meta.get('key', '?')[:40]}, not by {kind}: choose "
            "another path, or delete the file"
        )


def _finished(
    path: str | Path,
    game: Game[Any, Any],
    keyfn: Key,
    kind: str,
    started: float,
    starts: list[Any],
    tolerance: float,
) -> Solution:
    """A complete file, read into memory, if it holds what was asked.

    Raises:
        TableFileError: the file does not hold a root asked for (it was built from other
            roots), or its values were iterated to a looser tolerance than asked.
    """
    # keyfn is the key the file was built with (_resume checked its kind): not read again.
    loaded = Solution.load(path, game, in_memory=True, key=keyfn)
    for root in starts:
        if root not in loaded:
            raise TableFileError(
                f"{path} holds a complete table built from other roots, which does not hold "
                f"{root!r}: choose another path, or delete the file to solve from this root"
            )
    if loaded.tolerance is not None and loaded.tolerance > tolerance:
        raise TableFileError(
            f"{path} holds values iterated to tolerance={loaded.tolerance}, looser than the "
            f"{tolerance} asked: choose another path, or delete the file to solve it again"
        )
    stats = SolveStats(len(loaded), 0, len(loaded), time.perf_counter() - started)
    solution = Solution(
        game,
        loaded._table,
        loaded._sums,
        loaded.method,
        keyfn,
        tolerance=loaded.tolerance,
        stats=stats,
        key_kind=kind,
        roots=loaded._roots,
    )
    solution._source = loaded._source
    return solution
