"""Exact solving: null-window probes of a lean alpha-beta loop, for games that offer the hooks.

When a search has no depth limit and no evaluation, and the game offers
``win_utility`` and ``non_losing_children`` (see :mod:`gamesearch.game`), the engine needs
none of its estimates' machinery: every value is proven, every table entry valid at any depth,
and the game's hook already leaves out the moves that lose at once and orders the others. This
module is that loop (Pons's solver, "Solving Connect 4", 2019, in the engine's terms):

- negamax with distance scores (:mod:`._distances`), fail-soft, with mate-distance pruning;
- the game's ``non_losing_children``: no child that lets the opponent win at once is searched,
  and a state with none is lost two plies on (the opponent's next move wins);
- a transposition table of proven bounds, read before the children are made (a bound that
  settles the window returns at once; one that does not narrows it) and whose best action is
  tried first, keyed by the game's ``solving_key`` if it has one (which may merge states of
  equal value, such as mirror images), else by its ``key``;
- enhanced transposition cutoffs (Plaat, Schaeffer, Pijls and de Bruin 1996): before any
  child is searched, a child whose stored bound already refutes the window cuts off;
- null-window probes (:func:`probe`): the value is found by tests "is it above ``m``?" with
  ``m`` halving the range of the values still possible, counted in plies to the end for wins
  and losses (Pons's iterative narrowing of ``[min, max]``; Plaat et al.'s MTD framework).

On Connect Four it visits about as many nodes as Pons's C++ solver (fewer from the empty
board, where ``solving_key`` merges mirror images), at a fifth of the cost per node of
:func:`._enhanced.enhanced_search`: the cost per node is what a pure-Python solver is limited
by (``bench/bench_c4_solver.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, final

from .._recursion import on_fresh_stack
from .._validation import checked_number, children_shape_fault
from ..capabilities import Capabilities, ProbeSetting, SolvingProbe, TableAccess
from ..errors import GameProtocolError
from ..game import Game, Player
from ..trace.observer_type import Observer
from ._distances import MATE, MAX_PLIES, TOP, public, shown_value, win_utility
from ._enhanced import Searched
from ._ordering import NO_ACTION
from .table import EXACT, LOWER, UNLIMITED, UPPER, RawEntry, TranspositionTable

if TYPE_CHECKING:
    from ..trace.events import MaxView

__all__ = ["Children", "game_probe", "probe", "probe_once", "solving_children"]

Children = Callable[[Any], Sequence[tuple[Any, Any, Player | None]]]
"""A game's ``non_losing_children(state)``: ``(action, child, mover or None)``, best first."""


def solving_children(capabilities: Capabilities) -> Children | None:
    """The game's ``non_losing_children`` if it also has a ``win_utility``, else ``None``.

    Both are read from ``capabilities``, the game's record.
    """
    if not capabilities.solves_exactly:
        return None
    return capabilities.non_losing_children  # type: ignore[return-value]  # a sequence


def probe(
    game: Game[Any, Any],
    root: Any,
    children: Children,
    table: TranspositionTable,
    search_id: int,
    trace: Observer | None = None,
    *,
    capabilities: Capabilities,
    kernel: SolvingProbe | None = None,
) -> Searched:
    """The proven value of the non-terminal ``root`` for its mover, by null-window probes.

    Each probe asks whether the value is above a point ``m`` with the window ``(m, m+)``; the
    fail-soft answer bounds the value on one side, beyond ``m``. The next point halves the
    values still possible (see :func:`_split`), until both bounds meet: a few probes, each
    mostly answered by the table the others filled. ``trace``, if given, is told every probe's
    events (one search each), in the game's values (see :func:`._distances.shown_value`).
    ``capabilities`` is the game's record, read by the searcher (its keys and ``win_utility``).
    ``kernel`` runs the probes (the game's own, :func:`game_probe`, for an untraced search);
    ``None``: the general loop.

    Raises:
        GameProtocolError: as the engine's loop does, for a game member's bad answer.
    """
    win = win_utility(capabilities)
    lower, upper, action = -TOP, TOP, NO_ACTION
    expanded = leaves = cutoffs = max_depth = 0  # every probe's work, added up here: a
    # dataclasses.replace per probe is most of the cost of a solve of a few nodes
    while lower < upper:
        point = _split(lower, upper)
        searched = probe_once(
            game, root, children, table, search_id, point, trace, capabilities=capabilities,
            kernel=kernel,
        )  # fmt: skip
        expanded += searched.expanded
        leaves += searched.leaves
        cutoffs += searched.cutoffs
        max_depth = max(max_depth, searched.max_depth)
        if searched.score > point:
            lower, action = searched.score, searched.line[0]
        else:
            upper = searched.score
            if action is NO_ACTION:
                action = searched.line[0]
    total = Searched(0.0, None, expanded, leaves, cutoffs, max_depth, 0, None)
    return _proven(lower, win, action, total)


def _proven(
    score: float,
    win: float,
    action: Any,
    work: Searched | _Probe | SolvingProbe,
    *,
    line: bool = True,
) -> Searched:
    """What a probe found, or all of them: ``score``, proven, with ``work``'s counts.

    ``score`` is the root's, as the search compares values; ``action`` its best action, the
    line's first unless not ``line`` (then ``None``).
    """
    value, plies = public(score, win)
    return Searched(
        value=value + 0.0,  # not -0.0, the negation of a draw
        line=(action, None) if line else None,
        expanded=work.expanded,
        leaves=work.leaves,
        cutoffs=work.cutoffs,
        max_depth=work.max_depth,
        estimates=0,
        action_values=None,
        proven=True,
        plies_to_end=plies,
        score=score,
        proofs=(True, True),
    )


def _rank(value: float) -> float:
    """``value`` on a line where every win or loss distance is one step: wins above 1."""
    if value >= MATE:
        return 1 + MAX_PLIES - (TOP - value)
    if value <= -MATE:
        return -(1 + MAX_PLIES - (TOP + value))
    return value / MATE


def _unrank(rank: float) -> float:
    """The value at ``rank`` (:func:`_rank`'s inverse, a whole distance beyond 1)."""
    if rank >= 1:
        return TOP - (1 + MAX_PLIES - math.floor(rank))
    if rank <= -1:
        return -(TOP - (1 + MAX_PLIES + math.floor(rank)))
    return rank * MATE


def _split(lower: float, upper: float) -> float:
    """The probe point between the bounds: halfway in plies to the end, in ``[lower, upper)``.

    The first point is 0 (a win or not), as in Pons's solver; a point is halfway between the
    bounds' distances when both are wins or both losses, so that a distance of ``d`` plies
    takes about ``log2 d`` probes.
    """
    point = _unrank((_rank(lower) + _rank(upper)) / 2)
    return point if lower <= point < upper else lower


def probe_once(
    game: Game[Any, Any],
    root: Any,
    children: Children,
    table: TranspositionTable,
    search_id: int,
    point: float,
    trace: Observer | None = None,
    *,
    capabilities: Capabilities,
    line: bool = True,
    kernel: SolvingProbe | None = None,
) -> Searched:
    """One probe: a fail-soft null-window search of ``root`` around ``point``.

    Its ``score``, for the mover at ``root``, is above ``point`` exactly when the value is
    (then a lower bound, else an upper bound).

    With ``trace``, a node settled before its children are made (by the table, by mate
    distance, by an enhanced transposition cutoff) is told as entered and left without looking
    at its actions; the others as the engine's loop tells them. The checks ``tracer is not
    None`` are the only cost of tracing to an untraced probe. ``capabilities`` is the game's
    record (``solving_key``, else ``key``, keys the table). Not ``line``: the answer's line is
    ``None`` rather than its best action's (a caller that completes it from the table).
    ``kernel``: the game's probe of this search (:func:`game_probe`), for an untraced search;
    ``None``: the general loop.
    """
    win = win_utility(capabilities)
    window = (point, math.nextafter(point, math.inf))
    if kernel is not None:
        return _proven(kernel.run(root, *window), win, kernel.root_action, kernel, line=line)
    keyfn = capabilities.solving_key or capabilities.key
    tracer: MaxView | None = None
    if trace is not None:
        from ..trace.events import MaxView  # a search without a trace never loads the events

        tracer = MaxView(trace, game.to_move(root), shown_value(win))
    run = _Probe(game, children, table, search_id, keyfn or _identity, win, tracer)
    try:
        score = on_fresh_stack(run.search, root, game.to_move(root), *window, 0)
    except (ValueError, TypeError, IndexError) as error:  # a child that is not a triple?
        fault = children_shape_fault(children(root), root)
        if fault is not None:
            raise GameProtocolError(f"{type(game).__name__}.{fault}") from error
        raise
    return _proven(score, win, run.root_action, run, line=line)


def game_probe(
    capabilities: Capabilities, root: Any, table: TranspositionTable, search_id: int
) -> SolvingProbe | None:
    """The game's own probe (its ``solving_kernel``) for the untraced probes of one search.

    Made once a search: it runs each probe from ``root``, or from a child of ``root`` (the
    tests of :mod:`._first_best`). ``None`` if the game gives none.
    """
    if capabilities.solving_kernel is None:
        return None
    access = TableAccess(
        table._entries, table.store_raw, search_id, TOP, MATE, EXACT, LOWER, UPPER, UNLIMITED,
        table.side_table,
    )
    return capabilities.solving_kernel(
        ProbeSetting(root, access, table.max_entries, win_utility(capabilities))
    )


@final
class _Probe:
    """One probe's search: the game's members and the table, bound once, and the counts.

    A class of typed attributes rather than a closure over local variables, so that mypyc
    (the compiled build, README) makes it a native class: its recursive :meth:`search` is then
    a direct C call with unboxed floats and ints, where a closure's would go through Python.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        children: Children,
        table: TranspositionTable,
        search_id: int,
        keyfn: Callable[[Any], Hashable],
        win: float,
        tracer: MaxView | None,
    ) -> None:
        self.keyfn = keyfn
        self.children = children
        self.utility: Callable[[Any, Player], object] = game.utility
        self.actions: Callable[[Any], Sequence[Any]] = game.actions
        self.entries: dict[Hashable, RawEntry] = table._entries
        self.store: Callable[[Hashable, RawEntry], None] = table.store_raw
        self.capacity: int = table.max_entries
        self.search_id = search_id
        self.win = win
        self.tracer = tracer
        self.expanded = 0
        self.leaves = 0
        self.cutoffs = 0
        self.max_depth = 0
        self.root_action: Any = NO_ACTION


    def search(self, state: Any, mover: Player, alpha: float, beta: float, ply: int) -> float:
        """The value of the non-terminal ``state`` for ``mover``, fail-soft and proven.

        Exact inside (alpha, beta); an upper bound at or below alpha, a lower bound at or
        above beta (the window narrowed by the table's bound and by mate distance).
        """
        self.expanded += 1
        tracer = self.tracer
        key = self.keyfn(state)
        entries = self.entries
        entry = entries.get(key)
        first: Any = NO_ACTION
        if entry is not None:
            _, _, bound, value, first, proven = entry
            if proven and ply > 0:
                if value >= MATE:  # stored counted from the state: count it from the root
                    value -= ply
                elif value <= -MATE:
                    value += ply
                # Transposition table cutoff: a proven bound holds at any depth.
                if bound == EXACT:
                    if tracer is not None:
                        return tracer.settle(state, mover, value, (alpha, beta), ply, True)
                    return value
                if bound == LOWER:
                    if value >= beta:
                        if tracer is not None:
                            return tracer.settle(state, mover, value, (alpha, beta), ply, True)
                        return value
                    if value > alpha:
                        alpha = value
                elif value <= alpha:
                    if tracer is not None:
                        return tracer.settle(state, mover, value, (alpha, beta), ply, True)
                    return value
                elif value < beta:
                    beta = value
        # Mate-distance pruning: the game ends at ply + 1 at the soonest if won, and at ply + 2
        # if lost (the moves that lose at once are left out); at ply + 3 if won but not at once.
        # (Not at the root, whose best action is wanted.)
        top = TOP
        if ply:
            if alpha >= top - ply - 1:
                if tracer is not None:
                    return tracer.settle(state, mover, top - ply - 1, (alpha, beta), ply, False)
                return top - ply - 1
            if beta <= ply + 2 - top:
                if tracer is not None:
                    return tracer.settle(state, mover, ply + 2 - top, (alpha, beta), ply, False)
                return ply + 2 - top
        kids = self.children(state)
        if ply and kids and kids[0][2] is not None:
            if alpha >= top - ply - 3:
                if tracer is not None:
                    return tracer.settle(state, mover, top - ply - 3, (alpha, beta), ply, False)
                return top - ply - 3
            # Enhanced transposition cutoff (Plaat et al. 1996): a child whose proven upper
            # bound (for its mover) settles the window here cuts off before any search.
            keyfn = self.keyfn
            for kid in kids:
                entry = entries.get(keyfn(kid[1]))
                if entry is None or not entry[5]:
                    continue
                bound, value = entry[2], entry[3]
                if value >= MATE:
                    value -= ply + 1
                elif value <= -MATE:
                    value += ply + 1
                if kid[2] != mover:
                    if bound != LOWER and -value >= beta:
                        if tracer is not None:
                            return tracer.settle(state, mover, -value, (alpha, beta), ply, True)
                        return -value
                elif bound != UPPER and value >= beta:
                    if tracer is not None:
                        return tracer.settle(state, mover, value, (alpha, beta), ply, True)
                    return value
        if ply + 1 > self.max_depth:
            self.max_depth = ply + 1
        alpha_in = alpha
        if not kids:  # every move lets the opponent win at once: lost at ply + 2
            if tracer is not None:
                tracer.enter(state, mover, alpha, beta, ply, ())
            actions = self.actions(state)
            if not actions:
                raise GameProtocolError(
                    f"actions({state!r}) is empty, but non_losing_children gave the state as "
                    "not terminal (a mover): the two must agree (check_game compares them)"
                )
            best, best_action = ply + 2 - top, actions[0]
            alpha_in, beta = -math.inf, math.inf
        else:
            if first is not NO_ACTION and kids[0][0] != first:  # the table's move first
                kids = sorted(kids, key=lambda kid: kid[0] != first)
            if tracer is not None:
                tracer.enter(state, mover, alpha, beta, ply, tuple(kid[0] for kid in kids))
            best, best_action = -math.inf, NO_ACTION
            win, child_ply = self.win, ply + 1
            for action, child, next_mover in kids:
                if next_mover is None:
                    self.leaves += 1
                    raw = self.utility(child, mover)
                    if raw == win:
                        value = top - child_ply
                    elif raw == -win:
                        value = child_ply - top
                    elif isinstance(raw, float) and -win < raw < win:
                        value = raw
                    else:  # neither a win nor a loss: a draw, or what a game may not return
                        value = checked_number(raw, child, mover, "utility")
                    if tracer is not None:
                        tracer.leaf(child, action, child_ply, mover, value, True)
                else:
                    if tracer is not None:
                        tracer.edge = action
                    if next_mover == mover:
                        value = self.search(child, mover, alpha, beta, child_ply)
                    else:
                        value = -self.search(child, next_mover, -beta, -alpha, child_ply)
                if value > best:
                    best, best_action = value, action
                    if value > alpha:
                        if value >= beta:
                            self.cutoffs += 1
                            if tracer is not None:  # the actions after this one are pruned
                                order = [kid[0] for kid in kids]
                                rest = order[order.index(action) + 1 :]
                                tracer.prune(state, mover, value, alpha, beta, ply, rest)
                            break
                        alpha = value
        bound = UPPER if best <= alpha_in else LOWER if best >= beta else EXACT
        stored = best + ply if best >= MATE else best - ply if best <= -MATE else best
        if len(entries) < self.capacity:  # the table's store, inline while it has room
            entries[key] = (self.search_id, UNLIMITED, bound, stored, best_action, True)
        else:
            self.store(key, (self.search_id, UNLIMITED, bound, stored, best_action, True))
        if ply == 0:
            self.root_action = best_action
        if tracer is not None:
            tracer.leave(state, mover, best, best_action, alpha, beta, ply)
        return best


def _identity(state: Hashable) -> Hashable:
    """A state as its own key."""
    return state
