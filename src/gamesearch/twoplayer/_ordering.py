"""Move ordering for the enhanced alpha-beta loop: table move, game order, killers, history.

Alpha-beta prunes most when the best action is tried first (Knuth and Moore 1975: with perfect
ordering it reads about b^(d/2) leaves instead of b^d). The order at each node is: the
transposition table's best action (the previous iteration's choice), then the first choice of
the game's ``order``, then the killers of this ply, then the rest: in ``order``'s sequence if
there is one, else by history score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..errors import InvalidSearchOptionError

__all__ = [
    "NO_ACTION",
    "Memory",
    "Ordering",
    "make_ordering",
    "order_error",
    "remember_cutoff",
]

NO_ACTION: Any = object()
"""Stands for "no action known" (``None`` may be a legal action)."""

Order = Callable[[Any, Sequence[Any]], Sequence[Any]]
Ordering = Callable[[Any, Sequence[Any], int, Any], Sequence[Any]]
"""``ordering(state, actions, ply, table_action)``: the actions in the order to try them."""


class Memory:
    """What move ordering learns during a search, kept across the iterations of deepening.

    A plain class, not a dataclass (whose decoration costs 0.3 ms of every program's start).
    """

    def __init__(
        self,
        killers: dict[int, list[Any]] | None = None,
        history: dict[Any, int] | None = None,
    ) -> None:
        self.killers: dict[int, list[Any]] = {} if killers is None else killers
        """Per ply, the (at most two) latest actions that caused a cutoff there."""
        self.history: dict[Any, int] = {} if history is None else history
        """Per action, the sum of depth² over the cutoffs it caused."""


def make_ordering(
    order: Order | None,
    killer_slots: dict[int, list[Any]] | None,
    history: dict[Any, int] | None,
    *,
    check_order: bool = True,
) -> Ordering:
    """The function that puts a node's actions in the order to try them.

    Args:
        order: The static ordering, or ``None``.
        killer_slots: The killers per ply to try early, or ``None`` for no killer moves.
        history: The history scores, or ``None`` for no history heuristic.
        check_order: Check at every node that ``order`` returned each action once (an
            ``order=`` passed to a searcher); ``False`` for a game's own ``order`` method,
            which :func:`gamesearch.testing.check_game` checks instead (the check costs about
            15% of a tic-tac-toe node).
    """

    def ordered(state: Any, moves: Sequence[Any], ply: int, first: Any) -> Sequence[Any]:
        if order is not None:
            given, moves = moves, order(state, moves)
            if check_order:
                # Every action once: the same length, and every legal action among them.
                try:
                    permutation = len(moves) == len(given) and set(moves).issuperset(given)
                except TypeError:  # no length, or unhashable actions
                    permutation = _is_permutation(moves, given)
                if not permutation:
                    raise order_error(state, given, moves)
        front: list[Any] = []
        if first is not NO_ACTION and first in moves:
            front.append(first)
        if order is not None:
            # A game's own ordering knows things no statistic does (a win in one, a forced
            # block): its first choice goes before the killers, and it replaces history.
            if moves and moves[0] not in front:
                front.append(moves[0])
        elif history:
            # The history heuristic (Schaeffer 1983): actions that caused many deep cutoffs
            # anywhere in the tree are tried first. sorted() is stable: ties keep the order.
            moves = sorted(moves, key=lambda action: -history.get(action, 0))
        if killer_slots is not None:
            # Killer moves (Akl and Newborn 1977): an action that refuted a sibling position at
            # this ply often refutes this one too.
            for killer in killer_slots.get(ply, ()):
                if killer not in front and killer in moves:
                    front.append(killer)
        if front and (len(front) > 1 or front[0] != moves[0]):
            return front + [action for action in moves if action not in front]
        return moves  # nothing to move forward: the order as it is, not a copy

    return ordered


def remember_cutoff(
    killer_slots: dict[int, list[Any]] | None,
    history: dict[Any, int] | None,
    action: Any,
    ply: int,
    remaining: int,
) -> None:
    """Learn from ``action`` causing a cutoff at ``ply`` with ``remaining`` plies below."""
    if killer_slots is not None:
        slot = killer_slots.setdefault(ply, [])
        if action not in slot:
            slot.insert(0, action)
            del slot[2:]
    if history is not None:
        history[action] = history.get(action, 0) + remaining * remaining


def _is_permutation(moves: object, given: Sequence[Any]) -> bool:
    """Whether ``moves`` is a sequence holding each of ``given`` once (unhashable actions)."""
    if not isinstance(moves, Sequence) or len(moves) != len(given):
        return False
    rest = list(given)
    for action in moves:
        if action not in rest:
            return False
        rest.remove(action)
    return True


def order_error(state: object, given: Sequence[Any], moves: object) -> InvalidSearchOptionError:
    """The error for an ``order`` that did not return a rearrangement of ``given``."""
    if not isinstance(moves, Sequence):
        return InvalidSearchOptionError(
            f"order(state, actions) returned {moves!r} ({type(moves).__name__}) for state "
            f"{state!r}; it must return a list or a tuple of the actions, rearranged"
        )
    missing = [action for action in given if action not in moves]
    extra = [action for action in moves if action not in given]
    twice = [action for action in given if list(moves).count(action) > 1]
    return InvalidSearchOptionError(
        f"order(state, actions) must return every action of state {state!r} once, rearranged; "
        f"it returned {list(moves)!r} for {list(given)!r}"
        + (f": missing {missing!r}" if missing else "")
        + (f", twice {twice!r}" if twice else "")
        + (f", not legal {extra!r}" if extra else "")
    )
