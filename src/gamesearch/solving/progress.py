"""Progress reports for long solves: states done, states per second, and an estimate.

:class:`~gamesearch.progress.Progress` is defined in :mod:`gamesearch.progress` (parallel runs
report with it too) and re-exported here.
"""

from __future__ import annotations

import time

from ..errors import InvalidSearchOptionError
from ..progress import Progress, ProgressCallback

__all__ = ["Progress", "ProgressCallback"]


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

    @property
    def callback(self) -> ProgressCallback | None:
        """The callback reports go to (``None`` for none)."""
        return self._callback

    def start(
        self, phase: str, total: int | None = None, *, done: int = 0, elapsed: float = 0.0
    ) -> None:
        """Begin counting a new phase: ``done`` states finished already, ``elapsed`` s ago."""
        self._phase, self._total, self.done = phase, total, done
        self._started = time.perf_counter() - elapsed
        self._next = done + self._every

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
