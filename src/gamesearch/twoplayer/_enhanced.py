"""Alpha-beta with the engine's enhancements.

The enhancements: a transposition table, move ordering, killer moves, the history heuristic,
quiescence search, exact root values, and time and node limits. The loop is the one of
:mod:`gamesearch._negamax` (negamax form, leaf children scored in their parent, a triangular
PV table) plus the enhancements, each named where it is applied. The plain loop stays separate
so that the textbook algorithm keeps its speed and its node counts; the two
agree exactly when no enhancement is switched on (a test checks that).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._core import nan_error, no_actions_error
from ..errors import InvalidSearchOptionError
from ..game import Game, Player
from ..trace.events import MaxView, Observer
from .table import UNLIMITED, Bound, TranspositionTable

__all__ = ["Enhancements", "Memory", "Outcome", "Stop", "enhanced_search", "make_enhancements"]

Order = Callable[[Any, Sequence[Any]], Sequence[Any]]
Quiescence = Callable[[Any], Sequence[Any]]

_NO_ACTION: Any = object()
EXACT, LOWER, UPPER = int(Bound.EXACT), int(Bound.LOWER), int(Bound.UPPER)
_CHECK_EVERY = 64
"""Expanded nodes between two looks at the clock and the node count."""


@dataclass(frozen=True)
class Enhancements:
    """The options that switch the enhancements on."""

    order: Order | None = None
    table: TranspositionTable | None = None
    killers: bool = False
    history: bool = False
    quiescence: Quiescence | None = None
    root_values: bool = False


@dataclass
class Memory:
    """What move ordering learns during a search, kept across the iterations of deepening."""

    killers: dict[int, list[Any]] = field(default_factory=dict)
    """Per ply, the (at most two) latest actions that caused a cutoff there."""

    history: dict[Any, int] = field(default_factory=dict)
    """Per action, the sum of depth² over the cutoffs it caused."""


@dataclass
class Outcome:
    """What one enhanced search found, before it becomes a ``SearchResult``."""

    value: float
    line: Any
    expanded: int
    leaves: int
    cutoffs: int
    max_depth: int
    estimates: int
    action_values: tuple[tuple[Any, float], ...] | None


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


def enhanced_search(
    game: Game[Any, Any],
    root: Any,
    limit: int,
    evaluate: Callable[[Any, Player], float] | None,
    *,
    root_view: bool,
    options: Enhancements,
    search_id: int = 0,
    memory: Memory | None = None,
    deadline: float | None = None,
    node_limit: int | None = None,
    trace: Observer | None = None,
) -> Outcome:
    """Alpha-beta search of the non-terminal ``root`` with ``options``; values for its mover.

    Args:
        game: A two-player game.
        root: The state to search, not terminal.
        limit: The ply at which states are evaluated, or -1 for none.
        evaluate: The evaluation used at ``limit``.
        root_view: Score leaves by the root player's utility (``alphabeta``), else by the
            mover's (``negamax``).
        options: The enhancements to use.
        search_id: The number ``options.table.begin_search`` gave this search.
        memory: Killer moves and history scores to start from and to update.
        deadline: A ``time.perf_counter()`` reading at which to stop.
        node_limit: A node count at which to stop.
        trace: The observer to tell each step (:mod:`gamesearch.trace`), or ``None``. Its
            events are in MAX view (the root player's values), converted from the loop's
            negamax values; quiescence below a depth-limit state shows as that leaf's score.

    Raises:
        Stop: the deadline or the node limit was reached.
    """
    order, table, quiescence = options.order, options.table, options.quiescence
    root_values = options.root_values
    memory = memory if memory is not None else Memory()
    killer_slots = memory.killers if options.killers else None
    history = memory.history if options.history else None
    actions, result, is_terminal = game.actions, game.result, game.is_terminal
    to_move, utility = game.to_move, game.utility
    keyfn = getattr(game, "key", None)
    entries = table._entries if table is not None else None  # raw tuples: see TableEntry
    root_player = to_move(root)
    inf = math.inf
    expanded, leaves, cutoffs, max_depth, estimates = 0, 0, 0, 0, 0
    check_at = _CHECK_EVERY if deadline is not None or node_limit is not None else -1
    scored_root: list[tuple[Any, float]] = []
    lines: list[Any] = [None] * ((limit if limit > 0 else sys.getrecursionlimit()) + 1)
    tracer = None if trace is None else MaxView(trace, root_player)

    def check_limits() -> None:
        nonlocal check_at
        check_at += _CHECK_EVERY
        if (deadline is not None and time.perf_counter() >= deadline) or (
            node_limit is not None and expanded + leaves >= node_limit
        ):
            raise Stop(list(scored_root), expanded + leaves, leaves)

    def ordered(state: Any, moves: Sequence[Any], ply: int, first: Any) -> Sequence[Any]:
        """The actions in the order to try.

        The table's best action first; then, with an ``order``, its first choice, the killers
        and the rest of its sequence; without one, the killers and the rest by history.
        """
        if order is not None:
            count, moves = len(moves), order(state, moves)
            if len(moves) != count:
                raise InvalidSearchOptionError(
                    f"order(state, actions) returned {len(moves)} actions for the {count} "
                    f"actions of state {state!r}; it must return them all, rearranged"
                )
        front: list[Any] = []
        if first is not _NO_ACTION and first in moves:
            front.append(first)
        if order is not None:
            # A game's own ordering knows things no statistic does (a win in one, a forced
            # block): its first choice goes before the killers, and it replaces history.
            if moves and moves[0] not in front:
                front.append(moves[0])
        elif history is not None and history:
            # The history heuristic (Schaeffer 1983): actions that caused many deep cutoffs
            # anywhere in the tree are tried first. sorted() is stable: ties keep the order.
            moves = sorted(moves, key=lambda action: -history.get(action, 0))
        if killer_slots is not None:
            # Killer moves (Akl and Newborn 1977): an action that refuted a sibling position at
            # this ply often refutes this one too.
            for killer in killer_slots.get(ply, ()):
                if killer not in front and killer in moves:
                    front.append(killer)
        if front:
            return front + [action for action in moves if action not in front]
        return moves

    def quiesce(state: Any, mover: Player, alpha: float, beta: float, ply: int) -> float:
        """Value of ``state`` for ``mover`` by quiescence search (Shannon 1950; Harris 1975).

        Past the depth limit, only the actions ``quiescence(state)`` names are followed, until
        the position is quiet. The player to move may also stand pat on the evaluation, since
        it need not take any of them.
        """
        nonlocal leaves, estimates, max_depth
        leaves += 1
        estimates += 1
        max_depth = max(max_depth, ply)
        view = root_player if root_view else mover
        best = evaluate(state, view)  # type: ignore[misc]  # a limit implies evaluate
        if best != best:
            raise nan_error(state, view, "evaluate")
        if view != mover:
            best = -best
        if best >= beta:
            return best
        alpha = max(alpha, best)
        for action in quiescence(state):  # type: ignore[misc]  # only called when set
            child = result(state, action)
            if is_terminal(child):
                leaves += 1
                value = utility(child, view)
                if value != value:
                    raise nan_error(child, view, "utility")
                if view != mover:
                    value = -value
            else:
                next_mover = to_move(child)
                if next_mover == mover:
                    value = quiesce(child, mover, alpha, beta, ply + 1)
                else:
                    value = -quiesce(child, next_mover, -beta, -alpha, ply + 1)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def search(state: Any, mover: Player, alpha: float, beta: float, ply: int) -> float:
        """Value of the non-terminal ``state`` for ``mover``, fail-soft.

        Exact inside (alpha, beta); an upper bound at or below alpha, a lower bound at or above
        beta.
        """
        nonlocal expanded, leaves, cutoffs, max_depth, estimates
        expanded += 1
        if expanded == check_at:
            check_limits()
        remaining = limit - ply if limit > 0 else UNLIMITED
        first = _NO_ACTION
        if entries is not None:
            key = state if keyfn is None else keyfn(state)
            entry = entries.get(key)
            if entry is not None:
                search_of, depth_of, bound, value, first, proven = entry
                # Transposition table cutoff: reuse a value stored by this search if it was
                # searched at least as deep and its bound settles the window.
                if (
                    search_of == search_id
                    and depth_of >= remaining
                    and ply > 0
                    and (
                        bound == EXACT
                        or (bound == LOWER and value >= beta)
                        or (bound == UPPER and value <= alpha)
                    )
                ):
                    if not proven:
                        estimates += 1
                    lines[ply] = None
                    if tracer is not None:
                        tracer.enter(state, mover, alpha, beta, ply, None)
                        tracer.leave(state, mover, value, None, alpha, beta, ply, stored=True)
                    return value
        alpha_in, estimates_in = alpha, estimates
        view = root_player if root_view else mover
        wide = root_values and ply == 0
        best, best_action = -inf, _NO_ACTION
        child_ply = ply + 1
        moves = actions(state)
        if not moves:
            raise no_actions_error(state)
        tried = ordered(state, moves, ply, first)
        if tracer is not None:
            tried = tuple(tried)
            tracer.enter(state, mover, alpha, beta, ply, tried)
        for action in tried:
            child = result(state, action)
            if is_terminal(child):
                value = utility(child, view)
                if value != value:
                    raise nan_error(child, view, "utility")
                if view != mover:
                    value = -value
                below = None
                leaves += 1
                max_depth = max(max_depth, child_ply)
                if tracer is not None:
                    tracer.leaf(child, action, child_ply, mover, value, True)
            elif child_ply == limit:
                below = None
                if quiescence is not None:
                    next_mover = to_move(child)
                    if next_mover == mover:
                        value = quiesce(child, mover, alpha, beta, child_ply)
                    else:
                        value = -quiesce(child, next_mover, -beta, -alpha, child_ply)
                else:
                    value = evaluate(child, view)  # type: ignore[misc]  # a limit implies it
                    if value != value:
                        raise nan_error(child, view, "evaluate")
                    if view != mover:
                        value = -value
                    leaves += 1
                    estimates += 1
                    max_depth = limit
                if tracer is not None:
                    tracer.leaf(child, action, child_ply, mover, value, False)
            else:
                next_mover = to_move(child)
                if tracer is not None:
                    tracer.edge = action
                if next_mover == mover:
                    value = search(child, mover, alpha, beta, child_ply)
                else:
                    value = -search(child, next_mover, -beta, -alpha, child_ply)
                below = lines[child_ply]
            if ply == 0:
                scored_root.append((action, value))
            if value > best or best_action is _NO_ACTION:
                best, best_action = value, action
                lines[ply] = (action, below)
                if value > alpha and not wide:
                    if value >= beta:  # alpha would rise to beta: a cutoff
                        cutoffs += 1
                        if killer_slots is not None:
                            slot = killer_slots.setdefault(ply, [])
                            if action not in slot:
                                slot.insert(0, action)
                                del slot[2:]
                        if history is not None:
                            history[action] = history.get(action, 0) + remaining * remaining
                        if tracer is not None:  # the actions after this one are pruned
                            rest = tried[tried.index(action) + 1 :]
                            tracer.prune(state, mover, value, alpha, beta, ply, rest)
                        break
                    alpha = value
        if entries is not None:
            proven = estimates == estimates_in
            if best <= alpha_in:
                bound = UPPER
            elif best >= beta:
                bound = LOWER
            else:
                bound = EXACT
            table.store_raw(  # type: ignore[union-attr]  # entries implies table
                key,
                (search_id, UNLIMITED if proven else remaining, bound, best, best_action, proven),
            )
        if tracer is not None:
            tracer.leave(state, mover, best, best_action, alpha, beta, ply)
        return best

    value = search(root, root_player, -inf, inf, 0)
    return Outcome(
        value=value,
        line=lines[0],
        expanded=expanded,
        leaves=leaves,
        cutoffs=cutoffs,
        max_depth=max_depth,
        estimates=estimates,
        action_values=tuple(scored_root) if root_values else None,
    )


def make_enhancements(
    searcher: str,
    depth: int | None,
    *,
    order: object,
    table: object,
    killers: object,
    history: object,
    quiescence: object,
    root_values: object,
) -> Enhancements | None:
    """Check a searcher's enhancement options; ``None`` when all are off (the plain loop).

    Raises:
        InvalidSearchOptionError: an option of the wrong type, or ``quiescence`` without
            ``depth``.
    """
    for name, value in (("order", order), ("quiescence", quiescence)):
        if value is not None and not callable(value):
            raise InvalidSearchOptionError(f"{searcher}: {name} must be callable or None")
    if table is not None and not isinstance(table, TranspositionTable):
        raise InvalidSearchOptionError(
            f"{searcher}: table must be a TranspositionTable, not {type(table).__name__}"
        )
    for name, value in (("killers", killers), ("history", history), ("root_values", root_values)):
        if not isinstance(value, bool):
            raise InvalidSearchOptionError(f"{searcher}: {name} must be True or False")
    if quiescence is not None and depth is None:
        raise InvalidSearchOptionError(
            f"{searcher}: quiescence extends the search at the depth limit; give depth=N too"
        )
    options = Enhancements(
        order=order,  # type: ignore[arg-type]  # checked callable above
        table=table,
        killers=bool(killers),
        history=bool(history),
        quiescence=quiescence,  # type: ignore[arg-type]  # checked callable above
        root_values=bool(root_values),
    )
    return None if options == Enhancements() else options
