"""Alpha-beta with the engine's enhancements: the entry of the engine's loop, and its record.

:func:`enhanced_search` runs one search of the engine's loop (:class:`._engine.EngineLoop`,
where each enhancement is applied and named), or, where the game offers one for the options,
the game's own loop (its ``engine_kernel``: Connect Four's on 64-bit words), and gives back an
:class:`Searched`. Its options travel as frozen records (:mod:`._engine_options`):
:class:`Enhancements` (what is switched on), :class:`Session` (what the searches of one session
share) and :class:`Guard` (when a search stops).

The plain loop stays separate so that the textbook algorithm keeps its speed and its node
counts; the two agree exactly when no enhancement is switched on (a test checks that).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, NoReturn, final

from .._budget import Budget
from .._recursion import on_fresh_stack, raised_recursion_limit
from ..capabilities import Capabilities, EngineSetting, TableAccess
from ..errors import InvalidSearchOptionError
from ..game import Game, Player
from ._distances import public, public_pairs
from ._engine import EngineLoop
from ._engine_options import Distances, Enhancements, Guard, Session, Stop, distances_of
from ._ordering import Memory
from .table import EXACT, LOWER, UNLIMITED, UPPER, TranspositionTable

__all__ = [
    "Enhancements",
    "Guard",
    "Memory",
    "Searched",
    "Session",
    "Stop",
    "enhanced_search",
    "make_enhancements",
]

FRAMES_PER_PLY = 3
"""The Python frames the engine's loop takes a ply, at most: :meth:`~._engine.EngineLoop.search`
and :meth:`~._engine.EngineLoop.expand`, and :meth:`~._engine.EngineLoop.narrowed` (or the
singular test) between an expansion and its child's search."""

SESSION = Session()
"""A single search of its own: ``alphabeta``'s."""

GUARD = Guard()
"""No limit, no watch for cycles."""

FULL_WINDOW = (-math.inf, math.inf)


@final
class Searched:
    """What one enhanced search found, before it becomes a ``SearchResult``.

    ``line`` is the principal variation as nested pairs ``(action, rest)``, or ``None``;
    ``proven`` whether ``value`` is the game's value (no estimate read, or a proven win or
    loss); ``plies_to_end``, for a proven win or loss, the plies to the end under best play
    (:mod:`._distances`); ``score`` the value as the search compares values (a distance score
    for a proven win or loss); ``proofs`` whether ``score`` is a proven lower bound, and a
    proven upper bound, of the value.

    A plain class, not a dataclass: one is made per search or probe and copied with a field
    changed (:meth:`with_line`, :meth:`with_proven`, :meth:`with_estimates`), where
    ``dataclasses.replace`` costs ten times a copy and decorating a dataclass 0.5 ms of every
    program's start.
    """

    def __init__(
        self,
        value: float,
        line: Any,
        expanded: int,
        leaves: int,
        cutoffs: int,
        max_depth: int,
        estimates: int,
        action_values: tuple[tuple[Any, float], ...] | None,
        proven: bool = False,
        plies_to_end: int | None = None,
        score: float = math.nan,
        proofs: tuple[bool, bool] = (False, False),
    ) -> None:
        self.value, self.line, self.action_values = value, line, action_values
        self.expanded, self.leaves, self.cutoffs = expanded, leaves, cutoffs
        self.max_depth, self.estimates, self.proven = max_depth, estimates, proven
        self.plies_to_end, self.score, self.proofs = plies_to_end, score, proofs

    def with_line(self, line: Any) -> Searched:
        """This record with the principal variation ``line``."""
        return self._but(line, self.proven, self.estimates)

    def with_proven(self, proven: bool) -> Searched:
        """This record with ``proven`` set as given."""
        return self._but(self.line, proven, self.estimates)

    def with_estimates(self, estimates: int) -> Searched:
        """This record with ``estimates`` evaluations counted."""
        return self._but(self.line, self.proven, estimates)

    def _but(self, line: Any, proven: bool, estimates: int) -> Searched:
        """A copy of this record but for ``line``, ``proven`` and ``estimates``."""
        return Searched(
            self.value, line, self.expanded, self.leaves, self.cutoffs, self.max_depth,
            estimates, self.action_values, proven, self.plies_to_end, self.score, self.proofs,
        )  # fmt: skip

    def __repr__(self) -> str:
        return (
            f"Searched(value={self.value!r}, line={self.line!r}, expanded={self.expanded}, "
            f"leaves={self.leaves}, cutoffs={self.cutoffs}, max_depth={self.max_depth}, "
            f"estimates={self.estimates}, proven={self.proven}, "
            f"plies_to_end={self.plies_to_end}, score={self.score!r}, proofs={self.proofs})"
        )


def with_work_of(earlier: Searched, searched: Searched) -> Searched:
    """``searched`` with the work of ``earlier`` (the passes searched before it) added.

    For searches whose answer combines every pass (MTD(f)'s and the exact solver's probes), so
    that the estimates of every pass count too.
    """
    return Searched(
        searched.value,
        searched.line,
        earlier.expanded + searched.expanded,
        earlier.leaves + searched.leaves,
        earlier.cutoffs + searched.cutoffs,
        max(earlier.max_depth, searched.max_depth),
        earlier.estimates + searched.estimates,
        searched.action_values,
        searched.proven,
        searched.plies_to_end,
        searched.score,
        searched.proofs,
    )


def enhanced_search(
    game: Game[Any, Any],
    root: Any,
    horizon: int,
    evaluate: Callable[[Any, Player], float] | None,
    *,
    root_view: bool,
    options: Enhancements,
    session: Session = SESSION,
    guard: Guard = GUARD,
    window: tuple[float, float] = FULL_WINDOW,
    viewer: Player | None = None,
) -> Searched:
    """Alpha-beta search of the non-terminal ``root`` with ``options``; values for its mover.

    Args:
        game: A two-player game.
        root: The state to search, not terminal.
        horizon: The ply at which states are evaluated, or -1 for none.
        evaluate: The evaluation used at ``horizon``.
        root_view: Score leaves by the root player's utility (``alphabeta``), else by the
            mover's (``negamax``).
        options: The enhancements to use.
        session: What the search shares with the others of its session: the searcher's
            name, the table's search number, the killers and history, the trace, the game's
            record (see :class:`Session`).
        guard: When to stop: the budget and the watch for cycles (see :class:`Guard`).
        window: The root's window (alpha, beta), in the values the search compares (distance
            scores for won and lost values, see :mod:`._distances`); the full window by default.
            Outside it the value is a bound (fail-soft), as in every node.
        viewer: With ``root_view``, the player whose utility leaves are scored by, if not the
            root's mover (a child searched for a root's ``alphabeta``, which keeps its view).

    Raises:
        Stop: the deadline or the node limit was reached.
        CyclicGameError: with ``guard.detect_cycles``, a state repeats on the line searched.
    """
    found = Capabilities.of(game) if session.capabilities is None else session.capabilities
    mover = game.to_move(root)
    root_player = mover if viewer is None else viewer  # whose utility leaves are scored by
    scores = distances_of(found, options.distances)
    if session.trace is None and not guard.detect_cycles:
        own = _on_own_loop(
            found, options, session, guard, root, (mover, root_player), horizon, evaluate, window,
            root_view, scores,
        )  # fmt: skip
        if own is not None:
            return own
    loop = EngineLoop(
        game, evaluate, options, session, guard, view=(root_player, root_view), horizon=horizon,
        scores=scores, found=found,
    )  # fmt: skip
    until = horizon if horizon > 0 else UNLIMITED
    score = _deep_enough(loop, root, mover, window, until, session.fresh_stack)
    counted = loop.counted
    counts = (
        loop.expanded,
        loop.leaves + counted.leaves,
        loop.cutoffs,
        max(loop.max_depth, counted.max_depth),
        loop.estimates + counted.estimates,
    )
    pairs = tuple(public_pairs(loop.scored_root, scores.win)) if options.root_values else None
    return _finished(score, scores.win, loop.lines[0], counts, pairs, (loop.got_lo, loop.got_hi))


def _deep_enough(
    loop: EngineLoop,
    root: Any,
    mover: Player,
    window: tuple[float, float],
    horizon: int,
    fresh_stack: bool,
) -> float:
    """``loop``'s search of ``root``, where ``mover`` moves, with the recursion limit raised.

    The loop takes up to :data:`FRAMES_PER_PLY` Python frames a ply where the plain loop takes
    one: the recursion limit is raised by as much while it runs (as
    :func:`gamesearch._recursion.recursion_guard` does for a loop of two), and put back. The
    loop checks its plies against the limit as it was (``EngineLoop.deepest``), so that it
    reaches the depth of the plain loop, no deeper, in either build. ``fresh_stack``: start on
    a stack chunk of its own (see :attr:`Session.fresh_stack`).
    """
    with raised_recursion_limit(FRAMES_PER_PLY):
        start = on_fresh_stack if fresh_stack else _call
        return start(loop.search, root, mover, window[0], window[1], 0, horizon)


def _finished(
    score: float,
    win: float,
    line: Any,
    counts: tuple[int, int, int, int, int],
    action_values: tuple[tuple[Any, float], ...] | None,
    proofs: tuple[bool, bool],
) -> Searched:
    """The record of a search that found ``score`` (a distance score for a win or a loss).

    ``counts``: the nodes expanded, the leaves, the cutoffs, the deepest ply and the estimates
    read; ``proofs``: whether ``score`` is a proven lower bound, and a proven upper bound.
    """
    value, plies = public(score, win)
    return Searched(
        value=value,
        line=line,
        expanded=counts[0],
        leaves=counts[1],
        cutoffs=counts[2],
        max_depth=counts[3],
        estimates=counts[4],
        action_values=action_values,
        proven=plies is not None or (proofs[0] and proofs[1]),
        proofs=proofs,
        plies_to_end=plies,
        score=score,
    )


def _on_own_loop(
    found: Capabilities,
    options: Enhancements,
    session: Session,
    guard: Guard,
    root: Any,
    players: tuple[Player, Player],
    horizon: int,
    evaluate: Callable[[Any, Player], float] | None,
    window: tuple[float, float],
    root_view: bool,
    scores: Distances,
) -> Searched | None:
    """The search by the game's own engine loop (its ``engine_kernel``), or ``None``.

    ``None`` where the game gives no loop for these options, and for the options no such loop
    stands for (quiescence, PVS, reductions, extensions, root values, no distance scores).
    ``players`` are the root's mover and the player leaves are scored for; the other arguments
    are :func:`enhanced_search`'s, with ``scores`` its distance scores.
    """
    if (
        found.engine_kernel is None
        or options.quiescence is not None
        or options.pvs
        or options.root_values
        or options.extend is not None
        or options.singular is not None
        or (options.reductions and horizon > 0)
        or (evaluate is None and horizon > 0)
        or scores.safe_of is None
        or not scores.on
    ):
        return None
    table, win = options.table, scores.win
    memory = Memory() if session.memory is None else session.memory
    budget = Budget() if guard.budget is None else guard.budget

    def stop(scored: list[tuple[Any, float]], nodes: int, leaves: int) -> NoReturn:
        raise Stop(public_pairs(scored, win), nodes, leaves)

    access = TableAccess(
        None if table is None else table._entries,
        _no_store if table is None else table.store_raw,
        session.search_id, scores.top, scores.mate, EXACT, LOWER, UPPER, UNLIMITED,
    )  # fmt: skip
    setting = EngineSetting(
        root, access, evaluate, options.order, memory.killers if options.killers else None,
        memory.history if options.history else None, root_view, win, budget.active,
        budget.deadline, budget.nodes, time.perf_counter, stop,
    )  # fmt: skip
    own = found.engine_kernel(setting)
    if own is None:
        return None
    score = own.run(root, players[0], players[1], *window, horizon)
    counts = (own.expanded, own.leaves, own.cutoffs, own.max_depth, own.estimates)
    return _finished(score, win, own.line, counts, None, (own.got_lo, own.got_hi))


def _no_store(key: Any, entry: Any) -> None:
    """No table: nothing to store."""


def _call(function: Callable[..., float], *args: Any) -> float:
    """``function(*args)``, on the stack as it is (:func:`on_fresh_stack`'s plain twin)."""
    return function(*args)


def make_enhancements(
    searcher: str,
    depth: object,
    *,
    order: object,
    table: object,
    killers: object,
    history: object,
    quiescence: object,
    root_values: object,
) -> Enhancements | None:
    """Check a searcher's enhancement options; ``None`` when all are off (the plain loop).

    Raises:
        InvalidSearchOptionError: an option of the wrong type, or ``quiescence`` without
            ``depth``.
    """
    for name, value in (("order", order), ("quiescence", quiescence)):
        if value is not None and not callable(value):
            raise InvalidSearchOptionError(f"{searcher}: {name} must be callable or None")
    if table is not None and not isinstance(table, TranspositionTable):
        raise InvalidSearchOptionError(
            f"{searcher}: table must be a TranspositionTable, not {type(table).__name__}"
        )
    for name, value in (("killers", killers), ("history", history), ("root_values", root_values)):
        if not isinstance(value, bool):
            raise InvalidSearchOptionError(f"{searcher}: {name} must be True or False")
    if quiescence is not None and depth is None:
        raise InvalidSearchOptionError(
            f"{searcher}: quiescence extends the search at the depth limit; give depth=N too"
        )
    options = Enhancements(
        order=order,  # type: ignore[arg-type]  # checked callable above
        table=table,
        killers=bool(killers),
        history=bool(history),
        quiescence=quiescence,  # type: ignore[arg-type]  # checked callable above
        root_values=bool(root_values),
    )
    return None if options == Enhancements() else options
