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

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass

__all__ = ["Budget", "BudgetSpent"]


@dataclass(frozen=True)
class Budget:
    """When a search must stop: a clock reading and a node count, either one unlimited."""

    deadline: float = math.inf
    """A ``time.perf_counter()`` reading at which to stop."""

    nodes: int = sys.maxsize
    """The most nodes the search may visit."""

    @property
    def active(self) -> bool:
        """Whether there is any limit to read."""
        return self.deadline != math.inf or self.nodes != sys.maxsize

    @classmethod
    def of(cls, deadline: float | None, node_limit: int | None) -> Budget:
        """The budget for a ``deadline`` and a ``node_limit``, each ``None`` for none."""
        return cls(
            math.inf if deadline is None else deadline,
            sys.maxsize if node_limit is None else node_limit,
        )

    @classmethod
    def starting(
        cls, started: float, time_limit: float | None, node_limit: int | None
    ) -> Budget:
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


class BudgetSpent(Exception):
    """Raised inside a search when its budget is spent, to unwind it to its entry."""

    def __init__(self, message: str = "search budget spent") -> None:
        super().__init__(message)
