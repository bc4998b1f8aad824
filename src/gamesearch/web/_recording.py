"""A search recorded for its step-through page, with its progress told and its size kept in bounds.

The page steps through a search recorded by a :class:`~gamesearch.trace.SearchTree`. A search
can be far bigger than a page steps through (the page of a search of more than 5,000 nodes is
its summary) and than a browser's memory holds: the recording tells its progress every quarter
of a second (the nodes so far) and stops the search, with :class:`TooBig`, once it has recorded
:data:`MOST_EVENTS` events.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..errors import InvalidSearchOptionError
from ..trace.events import Enter, Event
from ..trace.page import TOO_BIG_ADVICE
from ..trace.search_tree import SearchTree

__all__ = ["MOST_EVENTS", "Recording", "TooBig"]

MOST_EVENTS = 200_000
"""The most events a recording keeps before it stops the search."""

_EVERY = 0.25
"""Seconds between two progress reports."""

_PAGE_ADVICE = (
    "To step through a search on this page, search a smaller one: a lower depth, fewer "
    "iterations, or from a later position (play some moves first). In Python, "
    "SearchTree.to_html(max_nodes=...) draws a bigger one."
)
"""What the page advises for a search too big to step through: what the page can change."""


class TooBig(InvalidSearchOptionError):
    """The search recorded more events than the page keeps: it was stopped."""


class Recording(SearchTree):
    """A :class:`SearchTree` that tells ``tell`` its nodes so far and stops at ``most`` events.

    Args:
        game: The game searched.
        tell: Told a line of progress now and then (``"1,024 nodes recorded, 0.5 s"``).
        most: The most events it records before it raises :class:`TooBig` (default
            :data:`MOST_EVENTS`).
    """

    def __init__(
        self, game: Any, tell: Callable[[str], object], *, most: int | None = None
    ) -> None:
        super().__init__(game)
        self.tell = tell
        self.most = MOST_EVENTS if most is None else most
        self.entered = 0
        self.started = time.perf_counter()
        self.told = self.started

    def __call__(self, event: Event) -> None:
        """Record ``event``; now and then tell the progress; stop a search grown too big."""
        super().__call__(event)
        if isinstance(event, Enter):
            self.entered += 1
        if len(self.log) >= self.most:
            raise TooBig(
                f"the search passed {self.most:,} steps ({self.entered:,} nodes), too many to "
                "record in the page: choose a smaller depth, fewer iterations or a smaller game"
            )
        if not len(self.log) & 255:
            now = time.perf_counter()
            if now - self.told >= _EVERY:
                self.told = now
                self.tell(
                    f"{self.entered:,} node{'' if self.entered == 1 else 's'} and "
                    f"{len(self.log):,} steps recorded, {now - self.started:.1f} s"
                )

    def page(self) -> str:
        """The step-through page, whose advice for a search too big to draw fits the page."""
        return self.to_html().replace(TOO_BIG_ADVICE, _PAGE_ADVICE)
