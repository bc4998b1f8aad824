"""The options of the engine's loop, as frozen records: what is on, what is shared, when to stop.

:func:`._enhanced.enhanced_search` takes them, and :class:`._engine.EngineLoop` reads them once,
at the start of a search: :class:`Enhancements` (the techniques switched on), :class:`Session`
(what the searches of one session share: an iterative deepening's iterations, MTD(f)'s passes),
:class:`Guard` (when a search stops), and :class:`Distances` (how it ranks wins and losses); and
:class:`Stop`, the exception that unwinds a search whose budget is spent.

The records are named tuples, not frozen dataclasses: every two-player searcher loads this
module, and a frozen dataclass's methods are compiled from source when its module loads
(about 0.7 ms each, against 0.15 for a named tuple), a cost a program that solves a few
positions pays at every start. They are the library's own, never a user's.
"""

# No `from __future__ import annotations`: a named tuple would then compile each field's
# annotation from its string as the module loads (about 20 us a field).

import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .._budget import Budget, BudgetSpent
from ..capabilities import Capabilities
from ..trace.observer_type import Observer
from ._distances import MATE, NO_WIN, TOP, win_utility
from ._ordering import Memory
from .table import TranspositionTable

__all__ = ["Distances", "Enhancements", "Extend", "Guard", "Session", "Stop", "distances_of"]

Order = Callable[[Any, Sequence[Any]], Sequence[Any]]
Quiescence = Callable[[Any], Sequence[Any]]
Extend = Callable[[Any, Any, Any], object]
"""``extend(state, action, child)``: extra plies, an int >= 0 (checked at every call)."""


class Enhancements(NamedTuple):
    """The options that switch the enhancements on."""

    order: Order | None = None
    table: TranspositionTable | None = None
    killers: bool = False
    history: bool = False
    quiescence: Quiescence | None = None
    root_values: bool = False
    trusted_order: bool = False
    """``order`` is the game's own method (checked by ``check_game``, not at every node)."""
    pvs: bool = False
    """Principal-variation search: every action after a node's first is searched with a null
    window first, and again with the full window only if it may be better (exact)."""
    extend: Extend | None = None
    """``extend(state, action, child)``: extra plies to search below ``child`` (approximate)."""
    reductions: bool = False
    """Late-move reductions: late actions searched one ply shallower first (approximate)."""
    singular: float | None = None
    """Singular extensions of the table's move, with this margin (approximate; see
    :data:`._engine.SINGULAR_DEPTH`)."""
    distances: bool = True
    """Rank proven wins and losses by their distance, in a game with ``win_utility`` (see
    :mod:`._distances`): the distance scores, mate-distance pruning and the game's
    ``non_losing_actions`` filter. Off only where the enhanced loop stands in for the plain
    loop, which has none of them (a traced ``alphabeta`` or ``negamax`` without options), so
    that it visits the plain loop's nodes."""


class Session(NamedTuple):
    """What the searches of one session share: an iterative deepening's iterations, say.

    The defaults are those of a single search of its own (``alphabeta``'s).
    """

    searcher: str = "alphabeta"
    """The public name of the searcher, for error messages."""
    search_id: int = 0
    """The number ``options.table.begin_search`` gave the session: the table's entries of it
    are this session's."""
    memory: Memory | None = None
    """Killer moves and history scores to start from and to update (``None``: a fresh one)."""
    trace: Observer | None = None
    """The observer to tell each step (:mod:`gamesearch.trace`), or ``None``. Its events are in
    MAX view (the root player's values), converted from the loop's negamax values; quiescence
    below a depth-limit state shows as that leaf's score."""
    capabilities: Capabilities | None = None
    """The game's record, as the searcher read it at its entry (read again if not given): its
    ``key``, ``win_utility``, ``non_losing_actions`` and ``engine_kernel`` serve."""
    fresh_stack: bool = True
    """Start the recursion on a stack chunk of its own (see
    :func:`gamesearch._recursion.on_fresh_stack`); ``False`` for a caller already on one, such
    as iterative deepening, which runs all its iterations on one chunk."""


class Guard(NamedTuple):
    """When one search stops, and what it leaves for the error that explains a deep one."""

    budget: Budget | None = None
    """When to stop (``None`` for never): read before every child is generated, so that neither
    the deadline nor the node count is passed by more than one game call."""
    detect_cycles: bool = False
    """Raise :class:`~gamesearch.CyclicGameError` when a state (or its key) repeats on the line
    being searched: for searches that would otherwise never end, such as iterative deepening
    of a cyclic game without a limit."""
    unwound: list[Any] | None = None
    """Where the frames put their states when a ``RecursionError`` unwinds them (see
    :func:`gamesearch._recursion.recursion_guard`)."""


class Distances(NamedTuple):
    """How a search ranks proven wins and losses by their distance (see :mod:`._distances`).

    Off (``top`` and ``mate`` infinite, which switches mate-distance pruning off too) for a
    game without ``win_utility`` and where :attr:`Enhancements.distances` is off.
    """

    win: float
    """The game's ``win_utility``, or ``NO_WIN``."""
    top: float
    """``TOP``: the distance score of a win at ply 0 (infinite when off)."""
    mate: float
    """``MATE``: every distance score is beyond it (infinite when off)."""
    safe_of: Callable[[Any], Sequence[Any]] | None
    """The game's ``non_losing_actions``, which serves with distance scores only."""

    @property
    def on(self) -> bool:
        """Whether wins and losses are ranked by distance."""
        return self.top != math.inf


def distances_of(found: Capabilities, distances: bool) -> Distances:
    """How a search of the game whose record is ``found`` ranks wins and losses.

    Distance scores (:mod:`._distances`) are off for a game without ``win_utility`` and without
    ``distances`` (:attr:`Enhancements.distances`); a trace changes nothing here (its events
    show the game's values: see :func:`._distances.shown_value`). The game's
    ``non_losing_actions``, which leaves out the moves that lose at once, serves with distance
    scores only.
    """
    win = win_utility(found) if distances else NO_WIN
    if win != win:
        return Distances(win, math.inf, math.inf, None)
    return Distances(win, TOP, MATE, found.non_losing_actions)


class Stop(BudgetSpent):
    """Raised inside the engine's search when its budget is spent, with what it had found."""

    def __init__(self, root_values: list[tuple[Any, float]], nodes: int, leaves: int) -> None:
        super().__init__("search limit reached")
        self.root_values = root_values
        """The values of the root actions that were searched in full before the stop."""
        self.nodes = nodes
        """Nodes visited before the stop."""
        self.leaves = leaves
        """Leaves scored before the stop."""
