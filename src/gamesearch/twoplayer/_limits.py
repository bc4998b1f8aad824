"""Time and node limits for the enhanced loop, and the exception that unwinds the search."""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from typing import Any

__all__ = ["Limits", "Stop"]


@dataclass(frozen=True)
class Limits:
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
    def of(cls, deadline: float | None, node_limit: int | None) -> Limits:
        """The limits for a ``deadline`` and a ``node_limit``, each ``None`` for none."""
        return cls(
            math.inf if deadline is None else deadline,
            sys.maxsize if node_limit is None else node_limit,
        )


class Stop(Exception):
    """Raised inside the search when the deadline or the node limit is reached."""

    def __init__(self, root_values: list[tuple[Any, float]], nodes: int, leaves: int) -> None:
        super().__init__("search limit reached")
        self.root_values = root_values
        """The values of the root actions that were searched in full before the stop."""
        self.nodes = nodes
        """Nodes visited before the stop."""
        self.leaves = leaves
        """Leaves scored before the stop."""
