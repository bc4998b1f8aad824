"""How often a command prints its progress: a line a second at most, the first and last always.

A callback may be told of every game or every position (a book's positions may take seconds
each, or a hundred a second); the lines on stderr stay readable either way.
"""

from __future__ import annotations

import math
import time

from ..progress import Progress


def finished(report: Progress) -> bool:
    """Whether ``report`` is its phase's last: every one of a known total done."""
    return report.total is not None and report.done >= report.total


class Throttle:
    """Says which reports to print: the first of each phase, the last, and one a second between.

    A report of the count last printed is not printed again.

    Example:
        >>> throttle = Throttle()
        >>> [throttle.due(Progress("solve", done, 3, 0.0)) for done in (0, 1, 2, 3, 3)]
        [True, False, False, True, False]
    """

    def __init__(self, seconds: float = 1.0) -> None:
        self.seconds = seconds
        self.last = -math.inf
        self.shown: tuple[str, int] | None = None

    def due(self, report: Progress) -> bool:
        """Whether to print ``report`` (and, if so, it counts as printed now)."""
        now = time.perf_counter()
        shown = (report.phase, report.done)
        if shown == self.shown:
            return False
        same_phase = self.shown is not None and report.phase == self.shown[0]
        if same_phase and not finished(report) and now - self.last < self.seconds:
            return False
        self.last, self.shown = now, shown
        return True
