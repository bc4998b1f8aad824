"""Progress reports for long solves: states done, states per second, and an estimate."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import InvalidSearchOptionError

__all__ = ["Progress", "ProgressCallback"]


@dataclass(frozen=True)
class Progress:
    """Where a solve is: handed to the ``progress`` callback of :func:`~gamesearch.solve.solve`.

    Example:
        >>> report = Progress(phase="solve", done=500, total=1000, elapsed=2.0)
        >>> report.rate, report.remaining
        (250.0, 2.0)
    """

    phase: str
    """What is being done: ``"solve"`` (the memoised depth-first pass), ``"forward"`` (building
    the graph of reachable states), ``"propagate"`` (retrograde analysis), ``"iterate"`` (value
    iteration) or ``"write"`` (saving to SQLite)."""

    done: int
    """States finished in this phase so far."""

    total: int | None
    """States this phase will finish in all, when known (after the forward pass), else
    ``None``."""

    elapsed: float
    """Seconds since the phase began."""

    @property
    def rate(self) -> float:
        """States per second in this phase so far (0.0 before any time could be measured)."""
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def remaining(self) -> float | None:
        """Estimated seconds left in this phase at the current rate; ``None`` when unknown."""
        if self.total is None or self.rate == 0.0:
            return None
        return max(self.total - self.done, 0) / self.rate


ProgressCallback = Callable[[Progress], object]
"""``progress(report)``: called every ``progress_every`` states and at the end of each phase."""


class Reporter:
    """Counts states and calls the callback every ``every`` of them (private helper)."""

    __slots__ = ("_callback", "_every", "_next", "_phase", "_started", "_total", "done")

    def __init__(self, callback: ProgressCallback | None, every: int) -> None:
        self._callback = callback
        self._every = every
        self._phase = ""
        self._total: int | None = None
        self._started = time.perf_counter()
        self._next = every
        self.done = 0

    def start(self, phase: str, total: int | None = None) -> None:
        """Begin counting a new phase."""
        self._phase, self._total, self.done = phase, total, 0
        self._started = time.perf_counter()
        self._next = self._every

    def tick(self, count: int = 1) -> None:
        """Count ``count`` more states finished; report when a multiple of ``every`` passes."""
        self.done += count
        if self.done >= self._next:
            self._next = self.done + self._every
            self.report()

    def report(self) -> None:
        """Call the callback with the phase's figures now (if there is a callback)."""
        if self._callback is not None:
            elapsed = time.perf_counter() - self._started
            self._callback(Progress(self._phase, self.done, self._total, elapsed))


def check_progress(progress: object, every: object) -> None:
    """Raise :class:`InvalidSearchOptionError` for a bad ``progress`` or ``progress_every``."""
    if progress is not None and not callable(progress):
        raise InvalidSearchOptionError(
            f"solve: progress must be a callable given a Progress report, such as print, not "
            f"{type(progress).__name__}"
        )
    if isinstance(every, bool) or not isinstance(every, int) or every < 1:
        raise InvalidSearchOptionError(f"solve: progress_every must be an int >= 1, not {every!r}")
