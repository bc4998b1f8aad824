"""Running a :class:`~.plans.Plan`: the search, its progress lines, and what Ctrl-C keeps.

Every search tells its progress as lines for standard error (``progress``), and keeps its
last complete result, which :class:`Interrupted` carries when Ctrl-C stops it:

- ``iterative_deepening`` and the searchers the command deepens (``maxn``,
  ``expectiminimax``, and any searcher of a depth given a time it does not keep itself): one
  line and one result per completed depth;
- ``mcts``: run in slices over one :class:`~gamesearch.montecarlo.MCTSTree` (each slice goes on
  growing the tree the last one grew, with the same generator), one line and one result per
  slice, so that Ctrl-C loses the slice under way at most (a fraction of a second), never the
  search (issue 26);
- the exact solver (``mtdf``): a line now and then with the positions in its table; it has
  no estimate before its proof. Once proven, the principal variation is followed to the end
  of the game by solving each position on it over the same table (a few nodes each);
- the table solver: its own progress reports, by phase.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .._entry import check_count
from .._validation import checked_generator
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError, UnsupportedGameError
from ..game import CHANCE
from ..montecarlo.tree import MCTSTree
from ..result import SearchResult, SearchStats
from ..searchers import find_searcher
from ..solving import Progress, solve
from ..twoplayer.table import TranspositionTable
from .board import move_text
from .plans import DEEPENED, PROVERS, SEARCHERS, TABLE, Plan, deepened_by_time

Lines = Callable[[str], object]
"""Told each progress line (without its newline)."""

_SLICES = (0.25, 0.5)
"""The first slices of an mcts search, in seconds; then one second each."""

_MOST_GROWTH = 8.0
"""The most a depth is guessed to take, as a multiple of the depth before it."""

_LONGEST_LINE = 10_000
"""The most plies the principal variation of a proof is followed (a guard against cycles)."""


class Interrupted(Exception):
    """Ctrl-C stopped a search; ``best`` is the last complete result, if any."""

    def __init__(self, best: SearchResult[Any] | None, elapsed: float) -> None:
        super().__init__("interrupted")
        self.best = best
        self.elapsed = elapsed


@dataclass(frozen=True)
class Solved:
    """What the table solver found, besides the root's result."""

    positions: int
    """The positions in the table."""

    method: str
    """How they were solved: ``memo``, ``retrograde`` or ``value_iteration``."""

    tolerance: float | None
    """The tolerance of value iteration, ``None`` for exact values."""


def run(
    game: Any,
    state: Any,
    plan: Plan,
    progress: Lines | None = None,
    *,
    members: Capabilities | None = None,
) -> tuple[SearchResult[Any], Solved | None]:
    """Search ``state`` as ``plan`` says, telling ``progress`` how it goes.

    ``members`` is the game's record, if the command has read it (else it is read here): its
    ``evaluate`` scores the depth limit, and 0 every unfinished state if it has none.

    Returns:
        The result, and for the table solver what it solved (else ``None``).

    Raises:
        Interrupted: Ctrl-C; it carries the last complete result, if any.
    """
    started = time.perf_counter()
    best: list[SearchResult[Any]] = []

    def keep(result: SearchResult[Any]) -> None:
        best[:] = [result]

    def completed(result: SearchResult[Any]) -> None:
        keep(result)
        if progress is not None:
            progress(info(result, time.perf_counter() - started))

    options = dict(plan.options)
    own = (Capabilities.of(game) if members is None else members).evaluate or _unknown
    try:
        if plan.searcher == TABLE:
            return _table(game, state, options, progress)
        if plan.searcher == "iterative_deepening":
            found = SEARCHERS["iterative_deepening"](
                game, state, time_limit=plan.seconds, depth=plan.depth, on_iteration=completed,
                **options,
            )  # fmt: skip
        elif plan.searcher == "mcts":
            found = _mcts(game, state, plan.seconds, options, completed)
        elif plan.searcher in PROVERS:
            found = SEARCHERS[plan.searcher](game, state, time_limit=plan.seconds, **options)
        elif plan.searcher == "mtdf" and plan.depth is None and plan.seconds is None:
            found = _exact(game, state, options, progress, keep)
        elif plan.searcher in DEEPENED or deepened_by_time(plan):
            options.setdefault("evaluate", own)
            found = _deepen(
                SEARCHERS[plan.searcher], game, state, (plan.depth, plan.seconds), options,
                completed,
            )  # fmt: skip
        else:  # any other searcher, given the limits its row of the registry says it keeps
            if plan.depth is not None:
                options.setdefault("evaluate", own)
            kept = find_searcher(plan.searcher).limits
            limits = {"depth": plan.depth, "time_limit": plan.seconds}
            given = {name: value for name, value in limits.items() if name in kept}
            found = SEARCHERS[plan.searcher](game, state, **given, **options)
        return found, None
    except KeyboardInterrupt:
        raise Interrupted(best[0] if best else None, time.perf_counter() - started) from None


def check_plan(game: Any, plan: Plan) -> None:
    """Check ``plan``'s limits and options, as its searcher checks them, before the search.

    The searcher is run as :func:`run` runs it, on ``game`` seen as over at every state (worth
    0 to everyone): it checks what it is given, meets a finished game and returns. So a command
    refuses a bad option (``-o node_limit=0``, ``-o exploration=-1``) before it prints anything,
    in the searcher's own words.

    Raises:
        InvalidSearchOptionError: an option or a limit the searcher refuses.
        UnsupportedGameError: a game the searcher refuses with these options.
    """
    over = type(type(game).__name__, (_Over,), {})(game)
    try:
        start = game.initial_state()
    except Exception:  # no state to stand for the root: the search itself will say why
        return
    try:
        run(over, start, plan)
    except (InvalidSearchOptionError, UnsupportedGameError):
        raise
    except Exception:  # anything else is the game's, which the real search meets and names
        return


class _Over:
    """A game whose every state is over, worth 0 to every player; its other members ``game``'s."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def is_terminal(self, state: Any) -> bool:
        """Every state is over."""
        return True

    def utility(self, state: Any, player: Any) -> float:
        """Worth nothing to anyone."""
        return 0.0


def move_of(game: Any, state: Any, result: SearchResult[Any]) -> Any:
    """The move to play after ``result``: its action, or the first action if it names none.

    A proof search stopped by its limit names a move only if it proved one secures a bound;
    without one, every move is as good as the search knows, and ``play`` and ``match`` play
    the first.
    """
    return result.action if result.action is not None else game.actions(state)[0]


def info(result: SearchResult[Any], elapsed: float) -> str:
    """One progress line, as a chess engine's info line: depth (or playouts), value, move."""
    nodes = result.stats.nodes
    rate = nodes / elapsed if elapsed > 0 else 0.0
    if result.depth is not None:
        reach = f"depth {result.depth}"
    else:
        reach = f"playouts {result.stats.leaves:,}"
    return (
        f"{reach}  value {result.value:+.4g}  move {move_text(result.action)}  nodes {nodes:,}  "
        f"nodes/s {rate:,.0f}  elapsed {elapsed:.2f} s"
    )


def _deepen(
    searcher: Callable[..., SearchResult[Any]],
    game: Any,
    state: Any,
    limits: tuple[int | None, float | None],
    options: dict[str, Any],
    completed: Callable[[SearchResult[Any]], None],
) -> SearchResult[Any]:
    """Search 1, 2, ... plies deep, to the depth, until the value is proven or the time is up.

    ``limits`` is the deepest depth and the seconds (each ``None`` for none). The time is kept
    between depths: the next depth is not begun when it would likely end past the time (it is
    guessed to take as long as the last one times the growth from the one before, at least
    twice and at most :data:`_MOST_GROWTH` times as long: the first depths, a few nodes each,
    are too short to tell). The result is the deepest search's, with the work of all of them in its
    stats.
    """
    depth, seconds = limits
    deadline = None if seconds is None else time.perf_counter() + seconds
    total: SearchStats | None = None
    ply, last = 0, 0.0
    while True:
        ply += 1
        began = time.perf_counter()
        result = searcher(game, state, depth=ply, **options)
        took = time.perf_counter() - began
        total = result.stats if total is None else _added(total, result.stats)
        result = replace(result, stats=total)
        completed(result)
        if result.exact or ply == depth:
            return result
        growth = min(max(2.0, took / last), _MOST_GROWTH) if last > 0 else 2.0
        if deadline is not None and time.perf_counter() + took * growth > deadline:
            return result
        last = took


def _added(total: SearchStats, more: SearchStats) -> SearchStats:
    """The work of two searches together (the deepest ply of either)."""
    return SearchStats(
        nodes=total.nodes + more.nodes,
        leaves=total.leaves + more.leaves,
        cutoffs=total.cutoffs + more.cutoffs,
        max_depth=max(total.max_depth, more.max_depth),
        elapsed=total.elapsed + more.elapsed,
    )


def _mcts(
    game: Any,
    state: Any,
    seconds: float | None,
    options: dict[str, Any],
    completed: Callable[[SearchResult[Any]], None],
) -> SearchResult[Any]:
    """``mcts`` in slices over one tree, each slice's result told to ``completed``.

    The limits (``seconds``, and the options ``iterations`` and ``node_limit``) hold for the
    slices together. A search over several ``trees`` (root parallelisation) or with Dirichlet
    noise (added at the root of each search) runs in one piece.
    """
    search = SEARCHERS["mcts"]
    if options.get("trees") is not None or options.get("dirichlet") is not None:
        return search(game, state, time_limit=seconds, **options)
    iterations, nodes = options.pop("iterations", None), options.pop("node_limit", None)
    # The slices share these limits and one generator: checked here as mcts checks them, since
    # the slices pass on what is left of them (True would be 1, a string a seed).
    check_count("mcts", "iterations", iterations)
    check_count("mcts", "node_limit", nodes)
    options["rng"] = checked_generator(
        options.get("rng"), "mcts: rng must be an int seed, a random.Random or None"
    )
    tree = MCTSTree()
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    total: SearchStats | None = None
    for slice_number in range(1 << 62):
        budget = _SLICES[slice_number] if slice_number < len(_SLICES) else 1.0
        if deadline is not None:
            budget = min(budget, deadline - time.perf_counter())
        result = search(
            game, state, tree=tree, time_limit=max(budget, 1e-3), **options,
            iterations=None if iterations is None else iterations - _done(total, "leaves"),
            node_limit=None if nodes is None else nodes - _done(total, "nodes"),
        )  # fmt: skip
        total = result.stats if total is None else _added(total, result.stats)
        total = replace(total, elapsed=time.perf_counter() - started)
        result = replace(result, stats=total)
        completed(result)
        if (
            result.exact
            or (deadline is not None and time.perf_counter() >= deadline)
            or (iterations is not None and total.leaves >= iterations)
            or (nodes is not None and total.nodes >= nodes)
        ):
            return result
    raise AssertionError("unreachable")  # pragma: no cover


def _done(total: SearchStats | None, field: str) -> int:
    return 0 if total is None else int(getattr(total, field))


def _exact(
    game: Any,
    state: Any,
    options: dict[str, Any],
    progress: Lines | None,
    keep: Callable[[SearchResult[Any]], None],
) -> SearchResult[Any]:
    """The engine's exact solver, and its principal variation followed to the end of the game.

    The proof is told to ``keep`` before the line is followed (Ctrl-C then keeps the proof).
    """
    table = TranspositionTable()
    search = SEARCHERS["mtdf"]
    started = time.perf_counter()
    with _Heartbeat(table, started, progress):
        result = search(game, state, table=table, **options)
        if not result.exact or result.action is None:
            return result
        keep(result)
        line, stats = [result.action], result.stats
        position = game.result(state, result.action)
        while not game.is_terminal(position) and len(line) < _LONGEST_LINE:
            step = search(game, position, table=table, **options)
            stats = _added(stats, step.stats)
            if step.action is None:  # pragma: no cover - a non-terminal state has actions
                break
            line.append(step.action)
            position = game.result(position, step.action)
    stats = replace(stats, elapsed=time.perf_counter() - started)
    return replace(result, pv=tuple(line), stats=stats)


class _Heartbeat:
    """While the exact solver works: a line now and then with the positions in its table."""

    def __init__(self, table: TranspositionTable, started: float, progress: Lines | None) -> None:
        self.table, self.started, self.progress = table, started, progress
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._beat, daemon=True)

    def __enter__(self) -> None:
        if self.progress is not None:
            self.thread.start()

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        if self.thread.is_alive():
            self.thread.join()

    def _beat(self) -> None:
        assert self.progress is not None
        wait = 0.5
        while not self.stop.wait(wait):
            elapsed = time.perf_counter() - self.started
            self.progress(
                f"solving: {len(self.table):,} positions in the table  elapsed {elapsed:.1f} s"
            )
            wait = min(wait * 2, 30.0)


def _table(
    game: Any, state: Any, options: dict[str, Any], progress: Lines | None
) -> tuple[SearchResult[Any], Solved]:
    """The table solver: every position reachable from ``state``, and the root's result."""
    reports = None if progress is None else _Throttled(progress)
    solution = solve(game, state, progress=reports, **options)
    root = game.initial_state() if state is None else state
    mover = game.to_move(root)
    player = 0 if mover == CHANCE else mover
    line: list[Any] = []
    position = root
    while not game.is_terminal(position) and len(line) < _LONGEST_LINE:
        if game.to_move(position) == CHANCE:
            break
        action = solution.best_actions(position)[0]
        line.append(action)
        position = game.result(position, action)
    stats = SearchStats(len(solution), 0, 0, len(line), solution.stats.elapsed)
    result = SearchResult(
        value=solution.value(root, player),
        action=None if mover == CHANCE else line[0],
        pv=tuple(line),
        player=player,
        stats=stats,
        exact=True,
        plies_to_end=solution.distance(root) if solution.tolerance is None else None,
    )
    return result, Solved(len(solution), solution.method, solution.tolerance)


class _Throttled:
    """The table solver's progress reports as lines: each phase's first, then one a second."""

    def __init__(self, progress: Lines) -> None:
        self.progress = progress
        self.phase = ""
        self.last = -math.inf

    def __call__(self, report: Progress) -> None:
        now = time.perf_counter()
        if report.phase == self.phase and now - self.last < 1.0:
            return
        self.phase, self.last = report.phase, now
        left = "" if report.remaining is None else f", about {report.remaining:.0f} s left"
        total = "" if report.total is None else f" of {report.total:,}"
        self.progress(
            f"{report.phase}: {report.done:,}{total} positions, {report.rate:,.0f} positions/s"
            f"{left}"
        )


def _unknown(state: Any, player: int) -> float:
    """The evaluation that knows nothing: 0 for every unfinished position."""
    return 0.0
