"""What the chance loop tells its trace: the nodes it enters, scores, leaves and cuts off.

The trace is an observer: the loop tells it each node as it searches it and the search is the
same with it or without (STYLE.md, habit 11). The loop tells a node through the edge into it
(``via``, its action or outcome; ``probability``, that of an outcome; ``level``, its depth in
the tree, chance layers included), which the parent sets just before it expands the child.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, final

from ..trace.observer_type import Observer

if TYPE_CHECKING:
    from ..trace.events import NodeKind

__all__ = ["Teller"]


@final
class Teller:
    """The chance loop's trace, with what it needs to tell an event: the window, the leaves."""

    __slots__ = ("is_terminal", "trace", "windowed")

    def __init__(self, trace: Observer, windowed: bool, is_terminal: Callable[[Any], Any]) -> None:
        self.trace = trace
        self.windowed = windowed
        """Whether the search prunes: without pruning, the trace is told no window."""
        self.is_terminal = is_terminal

    def shown(self, value: Any) -> float | None:
        """A window edge as the trace tells it: none without pruning."""
        return float(value) if self.windowed else None

    def enter(
        self,
        state: Any,
        edge: tuple[Any, Any, int],
        mover: Any,
        kind: NodeKind,
        alpha: Any,
        beta: Any,
        moves: Any,
    ) -> None:
        """Tell the trace the search enters ``state`` through ``edge``."""
        from ..trace.events import Enter  # loaded only by a traced search

        via, probability, level = edge
        trace = self.trace  # a local: see _context.py's docstring
        trace(
            Enter(
                state,
                via,
                level,
                mover,
                kind,
                self.shown(alpha),
                self.shown(beta),
                tuple(moves),
                probability=probability,
            )
        )

    def leaf(self, state: Any, via: Any, probability: Any, level: int, value: Any) -> None:
        """Tell the trace the search scores the leaf ``state``."""
        from ..trace.events import Leaf  # loaded only by a traced search

        trace, is_terminal = self.trace, self.is_terminal
        terminal = is_terminal(state)
        trace(Leaf(state, via, level, float(value), terminal, probability=probability))

    def leave(self, state: Any, level: int, found: Any, alpha: Any, beta: Any) -> None:
        """Tell the trace the search leaves ``state`` with ``found``, its value and line."""
        from ..trace.events import Leave  # loaded only by a traced search

        best = None if found[1] is None else found[1][0]
        trace = self.trace
        trace(Leave(state, level, float(found[0]), best, self.shown(alpha), self.shown(beta)))

    def child(
        self, state: Any, via: Any, probability: Any, level: int, found: Any, alpha: Any, beta: Any
    ) -> None:
        """Tell the trace of a child searched: a leaf scored (no line), or a node left."""
        if found[1] is None:
            self.leaf(state, via, probability, level, found[0])
        else:
            self.leave(state, level, found, alpha, beta)

    def prune(
        self, state: Any, level: int, moves: Any, last: Any, value: Any, alpha: Any, beta: Any
    ) -> None:
        """Tell the trace of a cutoff at ``state`` after ``last``, of its moves or outcomes."""
        from ..trace.events import Prune  # loaded only by a traced search

        order = list(moves)
        rest = tuple(order[order.index(last) + 1 :])
        trace = self.trace
        trace(Prune(state, level, rest, float(value), float(alpha), float(beta)))

    def cut(
        self, state: Any, level: int, outcomes: list[Any], i: int, bound: Any, alpha: Any, beta: Any
    ) -> None:
        """Tell the trace of Star1's cutoff at the chance node ``state`` after outcome ``i``."""
        moves = [outcome for outcome, _ in outcomes]
        self.prune(state, level, moves, outcomes[i][0], bound, alpha, beta)
