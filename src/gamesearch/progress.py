"""Progress reports for long runs: a solve's phases, and the parts of a parallel run."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Progress", "ProgressCallback"]


@dataclass(frozen=True)
class Progress:
    """Where a long run is: handed to the ``progress`` callback of a solve or a parallel run.

    Example:
        >>> report = Progress(phase="solve", done=500, total=1000, elapsed=2.0)
        >>> report.rate, report.remaining
        (250.0, 2.0)
    """

    phase: str
    """What is being done. For :func:`~gamesearch.solving.solve`: ``"solve"`` (the memoised
    depth-first pass), ``"forward"`` (building the graph of reachable states), ``"propagate"``
    (retrograde analysis), ``"iterate"`` (value iteration) or ``"write"`` (saving to SQLite).
    For a run on an executor: ``"parts"``, counting the parts finished."""

    done: int
    """States (or parts) finished in this phase so far."""

    total: int | None
    """States (or parts) this phase will finish in all, when known, else ``None``."""

    elapsed: float
    """Seconds since the phase began."""

    @property
    def rate(self) -> float:
        """States (or parts) per second so far (0.0 before any time could be measured)."""
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def remaining(self) -> float | None:
        """Estimated seconds left in this phase at the current rate; ``None`` when unknown."""
        if self.total is None or self.rate == 0.0:
            return None
        return max(self.total - self.done, 0) / self.rate


ProgressCallback = Callable[[Progress], object]
"""``progress(report)``: called as a run goes on (every ``progress_every`` states in a solve,
after each part on an executor) and at the end of each phase."""
