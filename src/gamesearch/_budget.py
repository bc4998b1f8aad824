"""A search's budget: the clock reading and the node count at which it must stop.

Any searcher that takes ``time_limit`` and ``node_limit`` turns them into a :class:`Budget` at
its entry and reads it in its loop, raising :class:`BudgetSpent` (or its own subclass, which
carries what was found) to unwind to its entry, which answers with what it had proven:

>>> budget = Budget.starting(started=100.0, time_limit=2.0, node_limit=None)
>>> budget.deadline, budget.active
(102.0, True)
>>> budget.spent(nodes=10, now=101.0), budget.spent(nodes=10, now=102.5)
(False, True)
>>> Budget().active
False
"""

# No `from __future__ import annotations`: a named tuple would then compile each field's
# annotation from its string as the module loads (about 20 us a field).

import math
import sys
import time
from collections.abc import Callable
from typing import NamedTuple

__all__ = ["GAP", "MOST_BETWEEN", "Budget", "BudgetSpent", "Pace", "nodes_between"]

GAP = 0.001
"""The seconds a search that counts its nodes lets pass between two readings of the clock, as
far as it can tell from how long its nodes took so far: what it may run past its deadline,
besides the node under way. A reading of ``time.perf_counter()`` costs about 0.1 microsecond,
so a search of nodes of a microsecond reads it once every thousand nodes, and a search of
nodes of a millisecond (Hex 11x11's proof-number searches) once every node."""

MOST_BETWEEN = 1024
"""The most nodes counted between two readings of the clock, however cheap they are."""


class Budget(NamedTuple):
    """When a search must stop: a clock reading and a node count, either one unlimited.

    A named tuple rather than a frozen dataclass, for the start of a process: every searcher
    with a limit loads it (see :mod:`gamesearch.twoplayer._engine_options`).
    """

    deadline: float = math.inf
    """A ``time.perf_counter()`` reading at which to stop."""

    nodes: int = sys.maxsize
    """The most nodes the search may visit."""

    @property
    def active(self) -> bool:
        """Whether there is any limit to read."""
        return self.deadline != math.inf or self.nodes != sys.maxsize

    @classmethod
    def of(cls, deadline: float | None, node_limit: int | None) -> "Budget":
        """The budget for a ``deadline`` and a ``node_limit``, each ``None`` for none."""
        return cls(
            math.inf if deadline is None else deadline,
            sys.maxsize if node_limit is None else node_limit,
        )

    @classmethod
    def starting(
        cls, started: float, time_limit: float | None, node_limit: int | None
    ) -> "Budget":
        """The budget of a search begun at the clock reading ``started`` with these limits."""
        return cls.of(None if time_limit is None else started + time_limit, node_limit)

    def spent(self, nodes: int, now: float | None = None) -> bool:
        """Whether ``nodes`` visited, at the clock reading ``now`` (default: the clock's), spend it.

        A loop that reads the budget before every node tests ``nodes`` first and reads the
        clock only when it has one (the engine inlines this test).
        """
        if nodes >= self.nodes:
            return True
        if self.deadline == math.inf:
            return False
        return (time.perf_counter() if now is None else now) >= self.deadline


def nodes_between(last: int, slowest: float) -> int:
    """How many steps of work to count before the next reading of the clock.

    As many as take :data:`GAP` seconds at ``slowest`` seconds a step, the slowest pace seen
    lately, but at most twice the ``last`` count (a pace measured over few steps is a rough
    one: the count grows from 1 to :data:`MOST_BETWEEN` in ten readings), at least 1.

    >>> nodes_between(1, 0.0), nodes_between(512, 1e-7), nodes_between(4, 0.0005)
    (2, 1024, 2)
    >>> nodes_between(100, 0.005)   # steps of 5 ms: read the clock at every step
    1
    """
    most = min(MOST_BETWEEN, 2 * last)
    if slowest <= 0.0:  # too quick for the clock to see
        return most
    return max(1, min(most, int(GAP / slowest)))


HALF_LIFE = 64
"""The steps over which a pace forgets half of how slow the slowest steps it saw were."""


class Pace:
    """When a search reads the clock next: at every step where steps are slow, else seldom.

    A search that reads the clock at every node pays for the reading at every node; one that
    reads it every thousand nodes overshoots its deadline by a thousand nodes, seconds where a
    node takes milliseconds (the proof-number searches on Hex 11x11 ran 0.37 s for a
    ``time_limit`` of 0.05 s). A pace is told of each step of work (:meth:`spent`: a node made,
    a new node's numbers worked out) and reads the clock after as many steps as take about
    :data:`GAP` seconds, measured as the search goes (:func:`nodes_between`): the first
    reading comes at the first step.

    >>> readings = iter([0.0, 0.5, 1.0, 1.5, 2.0])
    >>> pace = Pace(deadline=1.2, clock=lambda: next(readings))   # steps of half a second
    >>> pace.spent(), pace.due   # read at the first step: read again at the next
    (False, 2)
    >>> pace.spent(), pace.spent(), pace.readings
    (False, True, 3)
    >>> Pace(deadline=math.inf).spent()   # no deadline: the clock is never read
    False
    """

    __slots__ = (
        "clock", "deadline", "due", "last_steps", "last_time", "readings", "slowest", "steps",
    )  # fmt: skip

    def __init__(self, deadline: float, clock: Callable[[], float] | None = None) -> None:
        self.clock = time.perf_counter if clock is None else clock
        """The clock read, ``time.perf_counter`` by default."""
        self.deadline = deadline
        """The clock reading at which the search stops."""
        unlimited = deadline == math.inf
        self.steps = 0
        """The steps told so far."""
        self.due = sys.maxsize if unlimited else 1
        """The step at which the clock is read next (never, without a deadline)."""
        self.last_steps = 0
        self.last_time = 0.0 if unlimited else self.clock()
        self.slowest = 0.0
        """The seconds a step took, at the slowest pace seen lately (forgotten by half every
        :data:`HALF_LIFE` steps): a search whose steps are cheap and dear by turns (df-pn's
        children made, then their numbers worked out) paces itself by the dear ones."""
        self.readings = 0
        """How many times the clock was read."""

    def spent(self) -> bool:
        """Count one step of work; whether the deadline has passed (read when it is due)."""
        steps = self.steps = self.steps + 1
        if steps < self.due:
            return False
        now = self.clock()
        self.readings += 1
        if now >= self.deadline:
            return True
        counted, seconds = steps - self.last_steps, now - self.last_time
        kept = self.slowest * 0.5 ** (counted / HALF_LIFE) if self.slowest else 0.0
        self.slowest = max(seconds / counted, kept)
        self.due = steps + nodes_between(counted, self.slowest)
        self.last_steps, self.last_time = steps, now
        return False


class BudgetSpent(Exception):
    """Raised inside a search when its budget is spent, to unwind it to its entry."""

    def __init__(self, message: str = "search budget spent") -> None:
        super().__init__(message)
