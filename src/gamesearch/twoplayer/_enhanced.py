"""Alpha-beta with the engine's enhancements.

The loop is the one of :mod:`._window` (negamax form, leaf children scored in their parent, a
triangular PV table) plus the enhancements, each a named piece kept in its own module:

- the transposition table's probe and store (inline in the core, named where applied: they
  run at every node, and a function call each cost 5% of the time on tic-tac-toe);
- move ordering with the table's move, the game's order, killers and history
  (:mod:`._ordering`);
- quiescence search at the depth limit (:mod:`._quiescence`);
- exact root values (every root action searched with a full window);
- time and node limits, read before every child is generated (:mod:`._limits`).

The plain loop stays separate so that the textbook algorithm keeps its speed and its node
counts; the two agree exactly when no enhancement is switched on (a test checks that).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, NoReturn

from .._recursion import on_fresh_stack
from .._validation import (
    checked_number,
    cycle_error,
    mover_error,
    no_actions_error,
    translate,
    unchecked_members,
)
from ..capabilities import Capabilities, EngineSetting, TableAccess
from ..errors import GameProtocolError, InvalidSearchOptionError
from ..game import Game, Player
from ..trace.events import MaxView, Observer
from ._limits import Limits, Stop
from ._ordering import NO_ACTION, Memory, make_ordering, remember_cutoff
from ._proofs import (
    MATE,
    NO_WIN,
    TOP,
    evaluation_range_error,
    public,
    shown_value,
    win_utility,
)
from ._quiescence import QuiescenceCount, make_quiescence
from .table import EXACT, LOWER, UNLIMITED, UPPER, TranspositionTable

__all__ = ["Enhancements", "Memory", "Outcome", "Stop", "enhanced_search", "make_enhancements"]

Order = Callable[[Any, Sequence[Any]], Sequence[Any]]
Quiescence = Callable[[Any], Sequence[Any]]
Extend = Callable[[Any, Any, Any], object]
"""``extend(state, action, child)``: extra plies, an int >= 0 (checked at every call)."""

SINGULAR_DEPTH = 4
"""Singular extensions are tried where four plies or more remain, on a table entry searched
at most three plies shallower (Anantharaman, Campbell and Hsu 1990; the table-move form of
Romstad, Costalba and Kiiski's Stockfish)."""

LATE = 3
"""Late-move reductions start with a node's fourth action (the first three are searched in full:
the table's, the order's first, a killer)."""


@dataclass(frozen=True)
class Enhancements:
    """The options that switch the enhancements on."""

    order: Order | None = None
    table: TranspositionTable | None = None
    killers: bool = False
    history: bool = False
    quiescence: Quiescence | None = None
    root_values: bool = False
    trusted_order: bool = False
    """``order`` is the game's own method (checked by ``check_game``, not at every node)."""
    pvs: bool = False
    """Principal-variation search: every action after a node's first is searched with a null
    window first, and again with the full window only if it may be better (exact)."""
    extend: Extend | None = None
    """``extend(state, action, child)``: extra plies to search below ``child`` (approximate)."""
    reductions: bool = False
    """Late-move reductions: late actions searched one ply shallower first (approximate)."""
    singular: float | None = None
    """Singular extensions of the table's move, with this margin (approximate; see
    :data:`SINGULAR_DEPTH`)."""
    distances: bool = True
    """Rank proven wins and losses by their distance, in a game with ``win_utility`` (see
    :mod:`._proofs`): the distance scores, mate-distance pruning and the game's
    ``non_losing_actions`` filter. Off only where the enhanced loop stands in for the plain
    loop, which has none of them (a traced ``alphabeta`` or ``negamax`` without options), so
    that it visits the plain loop's nodes."""


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
    proven: bool = False
    """Whether ``value`` is the game's value: no estimate read, or a proven win or loss."""
    plies_to_end: int | None = None
    """For a proven win or loss, the plies to the end under best play (see :mod:`._proofs`)."""
    score: float = math.nan
    proofs: tuple[bool, bool] = (False, False)
    """Whether ``score`` is a proven lower bound, and a proven upper bound, of the value."""
    """``value`` as the search compares values: a distance score for a proven win or loss."""


def with_work_of(earlier: Outcome, outcome: Outcome) -> Outcome:
    """``outcome`` with the work of ``earlier`` (the passes searched before it) added.

    For searches whose answer combines every pass (MTD(f)'s and the exact solver's probes), so
    that the estimates of every pass count too.
    """
    return replace(
        outcome,
        expanded=earlier.expanded + outcome.expanded,
        leaves=earlier.leaves + outcome.leaves,
        cutoffs=earlier.cutoffs + outcome.cutoffs,
        max_depth=max(earlier.max_depth, outcome.max_depth),
        estimates=earlier.estimates + outcome.estimates,
    )


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
    limits: Limits | None = None,
    detect_cycles: bool = False,
    unwound: list[Any] | None = None,
    searcher: str = "alphabeta",
    trace: Observer | None = None,
    window: tuple[float, float] = (-math.inf, math.inf),
    viewer: Player | None = None,
    fresh_stack: bool = True,
    capabilities: Capabilities | None = None,
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
        limits: When to stop (``None`` for never): read before every child is generated, so
            that neither the deadline nor the node count is passed by more than one game call.
        detect_cycles: Raise :class:`~gamesearch.CyclicGameError` when a state (or its key)
            repeats on the line being searched: for searches that would otherwise never end,
            such as iterative deepening of a cyclic game without a limit.
        unwound: Where the frames put their states when a ``RecursionError`` unwinds them
            (see :func:`gamesearch._recursion.recursion_guard`).
        searcher: The public name of the searcher, for error messages.
        trace: The observer to tell each step (:mod:`gamesearch.trace`), or ``None``. Its
            events are in MAX view (the root player's values), converted from the loop's
            negamax values; quiescence below a depth-limit state shows as that leaf's score.
        window: The root's window (alpha, beta), in the values the search compares (distance
            scores for won and lost values, see :mod:`._proofs`); the full window by default.
            Outside it the value is a bound (fail-soft), as in every node.
        viewer: With ``root_view``, the player whose utility leaves are scored by, if not the
            root's mover (a child searched for a root's ``alphabeta``, which keeps its view).
        fresh_stack: Start the recursion on a stack chunk of its own (see
            :func:`gamesearch._recursion.on_fresh_stack`); ``False`` for a caller already on one,
            such as iterative deepening, which runs all its iterations on one chunk.
        capabilities: The game's record, as the searcher read it at its entry (read here if not
            given): its ``key``, ``win_utility`` and ``non_losing_actions`` serve.

    Raises:
        Stop: the deadline or the node limit was reached.
        CyclicGameError: with ``detect_cycles``, a state repeats on the line searched.
    """
    table, root_values, pvs = options.table, options.root_values, options.pvs
    memory = memory if memory is not None else Memory()
    killer_slots = memory.killers if options.killers else None
    history = memory.history if options.history else None
    ordered = make_ordering(
        options.order, killer_slots, history, check_order=not options.trusted_order
    )
    actions, result = game.actions, game.result
    is_terminal, to_move, utility, estimate = unchecked_members(game, evaluate)
    found = Capabilities.of(game) if capabilities is None else capabilities
    keyfn = found.key
    entries = table._entries if table is not None else None  # raw tuples: see TableEntry
    root_player = to_move(root) if viewer is None else viewer  # whose utility leaves are scored by
    inf, nextafter, clock = math.inf, math.nextafter, time.perf_counter
    neg_inf = -inf  # a local, not a negation per check
    win, top, mate, safe_of = _distance_scores(found, options.distances)
    distances = top != inf
    expanded, leaves, cutoffs, max_depth, estimates = 0, 0, 0, 0, 0
    # Whether the value the last search() call returned is a proven lower, upper bound.
    got_lo = got_hi = False
    limits = Limits() if limits is None else limits
    limited, deadline, budget = limits.active, limits.deadline, limits.nodes
    scored_root: list[tuple[Any, float]] = []
    # Extensions may double the depth of a line, at most (see ``extended``).
    deepest = 2 * limit + 1 if limit > 0 else sys.getrecursionlimit()
    lines: list[Any] = [None] * (deepest + 1)
    extend, reducing, margin = options.extend, options.reductions and limit > 0, options.singular
    singular, deepen = margin is not None and limit > 0, extend is not None or margin is not None
    tracer = None if trace is None else MaxView(trace, root_player, shown_value(win))
    on_path: set[Any] | None = set() if detect_cycles else None
    unwound = [] if unwound is None else unwound
    own = None if tracer or on_path is not None else _on_own_loop(
        found, options, root, (to_move(root), root_player), limit, evaluate,
        (killer_slots, history), search_id, window, limits, root_view, (win, top, mate, safe_of),
    )  # fmt: skip
    if own is not None:
        return own

    def check_limits() -> None:
        """Stop the search if its deadline has passed or its node budget is spent."""
        if clock() >= deadline or expanded + leaves + counted.leaves >= budget:
            raise Stop(
                _public_pairs(scored_root, win),
                expanded + leaves + counted.leaves,
                leaves + counted.leaves,
            )

    counted = QuiescenceCount()
    quiesce = make_quiescence(
        game, evaluate, options.quiescence, root_player=root_player, root_view=root_view,
        count=counted, check_limits=check_limits if limited else None,
        win=win if distances else None,
    )  # fmt: skip

    def extended(state: Any, action: Any, child: Any, horizon: int, singular: Any) -> int:
        """The horizon below ``child``, with ``extend``'s plies and the singular ply, if any.

        At most ``2 * limit``; one more ply if ``action`` is the ``singular`` one.

        Raises:
            GameProtocolError: ``extend`` did not return an int >= 0.
        """
        extra = 0 if extend is None else extend(state, action, child)
        if isinstance(extra, bool) or not isinstance(extra, int) or extra < 0:
            raise GameProtocolError(
                f"extend(state, action, child) returned {extra!r} for action {action!r} of "
                f"state {state!r}; it must return an int >= 0 (extra plies)"
            )
        if singular is not NO_ACTION and action == singular:
            extra += 1
        return min(horizon + extra, 2 * limit) if limit > 0 else horizon

    def singular_action(
        state: Any, mover: Player, moves: Sequence[Any], entry: Any, ply: int, horizon: int
    ) -> Any:
        """The table's move if it is singular in ``state``, else ``NO_ACTION``.

        Singular extensions (Anantharaman, Campbell and Hsu 1990): a move far better than
        every other deserves a deeper look, since the value rests on it alone. The test is
        that of today's engines: the table holds a lower bound ``v`` for its move, from a
        search at most three plies shallower; every other move, searched to half the depth
        left with a null window at ``v - margin``, fails low. Approximate: the verification
        is shallower and the margin a guess, and the extended line changes which states are
        evaluated, so a depth-limited value may differ from alpha-beta's; proofs stay proofs.
        """
        search_of, depth_of, bound, value, first, _ = entry
        remaining = horizon - ply
        if (
            search_of != search_id
            or bound == UPPER
            or depth_of < remaining - 3
            or abs(value) >= mate
            or first not in moves
            or len(moves) < 2
        ):
            return NO_ACTION
        bar = value - margin
        below, reduced = nextafter(bar, -inf), ply + 1 + (remaining - 1) // 2
        for action in moves:
            if action == first:
                continue
            child = result(state, action)
            if is_terminal(child):
                return NO_ACTION  # a game-ending alternative: not worth a guess
            next_mover = to_move(child)
            if next_mover == mover:
                found = search(child, mover, below, bar, ply + 1, reduced)
            else:
                found = -search(child, next_mover, -bar, -below, ply + 1, reduced)
            if found >= bar:
                return NO_ACTION
        return first

    def search(
        state: Any, mover: Player, alpha: float, beta: float, ply: int, horizon: int
    ) -> float:
        """Value of the non-terminal ``state`` for ``mover``, fail-soft.

        Exact inside (alpha, beta); an upper bound at or below alpha, a lower bound at or above
        beta. Proven (stored with unlimited depth) when no evaluation was read below it.
        """
        nonlocal expanded, leaves, cutoffs, max_depth, estimates, got_lo, got_hi
        expanded += 1
        remaining = horizon - ply if horizon < UNLIMITED else UNLIMITED
        first, entry = NO_ACTION, None
        if entries is not None or on_path is not None:
            key = state if keyfn is None else keyfn(state)
        if on_path is not None and key in on_path:
            raise cycle_error(state, searcher)
        if entries is not None:
            entry = entries.get(key)
            if entry is not None:
                search_of, depth_of, bound, value, first, proven = entry
                if value >= mate:  # a distance score counted from the state: from the root
                    value -= ply
                elif value <= -mate:
                    value += ply
                # The table probe (inline: it runs at every node). Transposition table cutoff:
                # reuse a value stored by this search if it was searched at least as deep and
                # its bound settles the window.
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
                    got_lo, got_hi = proven and bound != UPPER, proven and bound != LOWER
                    lines[ply] = None
                    if tracer is not None:
                        tracer.enter(state, mover, alpha, beta, ply, None)
                        tracer.leave(state, mover, value, None, alpha, beta, ply, stored=True)
                    return value
        # Mate-distance pruning: from here the game ends at ply + 1 at the soonest, won or lost
        # (a move may end it either way); a window outside those distance scores is settled.
        if distances:
            if alpha >= top - ply - 1:
                lines[ply], got_lo, got_hi = None, False, True
                if tracer is not None:  # a node settled without looking at its actions
                    tracer.enter(state, mover, alpha, beta, ply, None)
                    tracer.leave(state, mover, top - ply - 1, None, alpha, beta, ply)
                return top - ply - 1
            if beta <= ply + 1 - top:
                lines[ply], got_lo, got_hi = None, True, False
                if tracer is not None:
                    tracer.enter(state, mover, alpha, beta, ply, None)
                    tracer.leave(state, mover, ply + 1 - top, None, alpha, beta, ply)
                return ply + 1 - top
        alpha_in = alpha
        special = NO_ACTION  # the singular action, extended by one ply
        # Proofs amid estimates: the value is a proven lower bound if the best child's is (for
        # the mover), and a proven upper bound if every child's is and none was cut off.
        best_lo, all_hi = False, True
        if on_path is not None:  # the line from the root: a state met again is a cycle
            on_path.add(key)
        view = root_player if root_view else mover
        wide = root_values and ply == 0  # root values: no cutoffs at the root
        best, best_action = -inf, NO_ACTION
        child_ply = ply + 1
        try:
            moves = actions(state)
            if not moves:
                raise no_actions_error(state, moves)
            if safe_of is not None and horizon - ply >= 2 and not wide:
                # Moves that lose at once are worse than any other (the shortest loss): the game
                # leaves them out; with none left, the mover loses at ply + 2 (as Pons's solver).
                # Only where the search would see that loss, so that values stay minimax's.
                safe = safe_of(state)
                if not safe:
                    best, best_action, lines[ply] = ply + 2 - top, moves[0], (moves[0], None)
                    best_lo = True
                moves = safe
            tried = ordered(state, moves, ply, first) if moves else ()
            if singular and entry is not None and ply and horizon - ply >= SINGULAR_DEPTH:
                special = singular_action(state, mover, moves, entry, ply, horizon)
            if tracer is not None:
                tried = tuple(tried)
                tracer.enter(state, mover, alpha, beta, ply, tried)
            for count, action in enumerate(tried, 1):
                # The limits' test inline (it runs before every child); check_limits raises.
                if limited and (
                    clock() >= deadline or expanded + leaves + counted.leaves >= budget
                ):
                    check_limits()
                child = result(state, action)
                if is_terminal(child):
                    raw = utility(child, view)
                    if type(raw) is float and neg_inf < raw < inf:
                        value = raw
                    else:  # compiled, a float cast would take a bool or an int: look closely
                        value = checked_number(raw, child, view, "utility")
                    if view != mover:
                        value = -value
                    if value == win or value == -win:  # won or lost: rank by distance
                        value = top - child_ply if value > 0 else child_ply - top
                    below, c_lo, c_hi = None, True, True
                    leaves += 1
                    max_depth = max(max_depth, child_ply)
                    if tracer is not None:
                        tracer.leaf(child, action, child_ply, mover, value, True)
                elif child_ply >= (
                    child_horizon := extended(state, action, child, horizon, special)
                    if deepen
                    else horizon
                ):
                    below, c_lo, c_hi = None, False, False
                    if quiesce is not None:
                        next_mover = to_move(child)
                        if next_mover != mover and next_mover != 1 - mover:
                            raise mover_error(child, next_mover, 2, chance=False)
                        if next_mover == mover:
                            value = quiesce(child, mover, alpha, beta, child_ply)
                        else:
                            value = -quiesce(child, next_mover, -beta, -alpha, child_ply)
                    else:
                        raw = estimate(child, view)  # type: ignore[misc]  # a limit implies it
                        if type(raw) is float and neg_inf < raw < inf:
                            value = raw
                        else:  # compiled, a float cast would take a bool or an int: look closely
                            value = checked_number(raw, child, view, "evaluate")
                        if distances and not -win <= value <= win:  # wins would not outrank it
                            raise evaluation_range_error(game, child, view, value, win)
                        if view != mover:
                            value = -value
                        leaves += 1
                        estimates += 1
                        if child_ply > max_depth:
                            max_depth = child_ply
                    if tracer is not None:
                        tracer.leaf(child, action, child_ply, mover, value, False)
                else:
                    if child_ply >= deepest:  # compiled: see ._children.deepest_ply
                        raise RecursionError("maximum recursion depth exceeded")
                    next_mover = to_move(child)
                    if tracer is not None:
                        tracer.edge = action
                    if next_mover != mover and next_mover != 1 - mover:
                        raise mover_error(child, next_mover, 2, chance=False)
                    settled = False
                    if reducing and count > LATE and child_horizon - child_ply >= 2:
                        # Late-move reductions (Heinz 2000; Romstad's Glaurung, 2007): a late
                        # action in a good order rarely beats the ones before it, so it is
                        # searched one ply shallower with a null window first, and in full only
                        # if it seems to. Approximate: the shallower search may miss its value.
                        above = nextafter(alpha, inf)
                        if next_mover == mover:
                            value = search(child, mover, alpha, above, child_ply, child_horizon - 1)
                        else:
                            value = -search(
                                child, next_mover, -above, -alpha, child_ply, child_horizon - 1
                            )
                        settled = value <= alpha
                    if settled:
                        pass
                    elif pvs and best_action is not NO_ACTION and not wide:
                        # Principal-variation search (NegaScout, Reinefeld 1983): prove with
                        # a null window (alpha, alpha+) that this action is no better than the
                        # first; search it again with the full window only if it may be.
                        above = nextafter(alpha, inf)
                        if next_mover == mover:
                            value = search(child, mover, alpha, above, child_ply, child_horizon)
                            if alpha < value < beta and above < beta:
                                value = search(child, mover, alpha, beta, child_ply, child_horizon)
                        else:
                            value = -search(
                                child, next_mover, -above, -alpha, child_ply, child_horizon
                            )
                            if alpha < value < beta and above < beta:
                                value = -search(
                                    child, next_mover, -beta, -alpha, child_ply, child_horizon
                                )
                    elif next_mover == mover:
                        value = search(child, mover, alpha, beta, child_ply, child_horizon)
                    else:
                        value = -search(child, next_mover, -beta, -alpha, child_ply, child_horizon)
                    below = lines[child_ply]
                    c_lo, c_hi = (got_lo, got_hi) if next_mover == mover else (got_hi, got_lo)
                if not c_hi:
                    all_hi = False
                if ply == 0:
                    scored_root.append((action, value))
                if value > best or best_action is NO_ACTION:
                    best, best_action, best_lo = value, action, c_lo
                    lines[ply] = (action, below)
                    if value > alpha and not wide:
                        if value >= beta:  # alpha would rise to beta: a cutoff
                            cutoffs += 1
                            remember_cutoff(killer_slots, history, action, ply, remaining)
                            if tracer is not None:  # the actions after this one are pruned
                                rest = tried[tried.index(action) + 1 :]
                                tracer.prune(state, mover, value, alpha, beta, ply, rest)
                            all_hi = False
                            break
                        alpha = value
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, game, state, evaluate)
        except RecursionError:  # tell recursion_guard the line, to look for a cycle in it
            unwound.append(state)
            raise
        if entries is not None:
            # The table store (inline: it runs at every node). The value is exact inside the
            # window, an upper bound at or below it (fail low), a lower bound above (fail high).
            # A distance score is a proof, valid at any depth (see ._proofs); it is stored
            # counted from this state, so that a transposition at another ply reads its own.
            bound = UPPER if best <= alpha_in else LOWER if best >= beta else EXACT
            if best >= mate:
                stored, proven = best + ply, True
            elif best <= -mate:
                stored, proven = best - ply, True
            else:
                stored = best
                proven = all_hi if bound == UPPER else best_lo and (bound == LOWER or all_hi)
            table.store_raw(  # type: ignore[union-attr]  # entries implies table
                key,
                (search_id, UNLIMITED if proven else remaining, bound, stored, best_action, proven),
            )
        if on_path is not None:
            on_path.discard(key)
        if tracer is not None:
            tracer.leave(state, mover, best, best_action, alpha, beta, ply)
        got_lo, got_hi = best_lo, all_hi
        return best

    start = on_fresh_stack if fresh_stack else _call
    score = start(search, root, to_move(root), *window, 0, limit if limit > 0 else UNLIMITED)
    deepest_ply, estimated = max(max_depth, counted.max_depth), estimates + counted.estimates
    counts = (expanded, leaves + counted.leaves, cutoffs, deepest_ply, estimated)
    pairs = tuple(_public_pairs(scored_root, win)) if root_values else None
    return _finished(score, win, lines[0], counts, pairs, (got_lo, got_hi))


def _finished(
    score: float,
    win: float,
    line: Any,
    counts: tuple[int, int, int, int, int],
    action_values: tuple[tuple[Any, float], ...] | None,
    proofs: tuple[bool, bool],
) -> Outcome:
    """The outcome of a search that found ``score`` (a distance score for a win or a loss).

    ``counts``: the nodes expanded, the leaves, the cutoffs, the deepest ply and the estimates
    read; ``proofs``: whether ``score`` is a proven lower bound, and a proven upper bound.
    """
    value, plies = public(score, win)
    return Outcome(
        value=value,
        line=line,
        expanded=counts[0],
        leaves=counts[1],
        cutoffs=counts[2],
        max_depth=counts[3],
        estimates=counts[4],
        action_values=action_values,
        proven=plies is not None or (proofs[0] and proofs[1]),
        proofs=proofs,
        plies_to_end=plies,
        score=score,
    )


def _on_own_loop(
    found: Capabilities,
    options: Enhancements,
    root: Any,
    players: tuple[Player, Player],
    limit: int,
    evaluate: Callable[[Any, Player], float] | None,
    memory: tuple[dict[int, list[Any]] | None, dict[Any, int] | None],
    search_id: int,
    window: tuple[float, float],
    limits: Limits,
    root_view: bool,
    scores: tuple[float, float, float, Callable[[Any], Sequence[Any]] | None],
) -> Outcome | None:
    """The search by the game's own engine loop (its ``engine_kernel``), or ``None``.

    ``None`` where the game gives no loop for these options, and for the options no such loop
    stands for (quiescence, PVS, reductions, extensions, root values, no distance scores).
    ``players`` are the root's mover and the player leaves are scored for; ``memory`` the
    killers and history, as the general loop has them; ``scores`` its distance scores (see
    :func:`_distance_scores`).
    """
    if (
        found.engine_kernel is None
        or options.quiescence is not None
        or options.pvs
        or options.root_values
        or options.extend is not None
        or options.singular is not None
        or (options.reductions and limit > 0)
        or (evaluate is None and limit > 0)
    ):
        return None
    win, top, mate, safe_of = scores
    if safe_of is None or top == math.inf:
        return None
    table = options.table

    def stop(scored: list[tuple[Any, float]], nodes: int, leaves: int) -> NoReturn:
        raise Stop(_public_pairs(scored, win), nodes, leaves)

    access = TableAccess(
        None if table is None else table._entries,
        _no_store if table is None else table.store_raw,
        search_id, top, mate, EXACT, LOWER, UPPER, UNLIMITED,
    )  # fmt: skip
    setting = EngineSetting(
        root, access, evaluate, options.order, memory[0], memory[1], root_view, win, limits.active,
        limits.deadline, limits.nodes, time.perf_counter, stop,
    )  # fmt: skip
    own = found.engine_kernel(setting)
    if own is None:
        return None
    score = own.run(root, players[0], players[1], *window, limit)
    counts = (own.expanded, own.leaves, own.cutoffs, own.max_depth, own.estimates)
    return _finished(score, win, own.line, counts, None, (own.got_lo, own.got_hi))


def _no_store(key: Any, entry: Any) -> None:
    """No table: nothing to store."""


def _call(function: Callable[..., float], *args: Any) -> float:
    """``function(*args)``, on the stack as it is (:func:`on_fresh_stack`'s plain twin)."""
    return function(*args)


def _distance_scores(
    found: Capabilities, distances: bool
) -> tuple[float, float, float, Callable[[Any], Sequence[Any]] | None]:
    """The win value, ``TOP`` and ``MATE`` of distance scores, and the game's move filter.

    Distance scores (:mod:`._proofs`) are off for a game without ``win_utility`` (then
    ``TOP`` and ``MATE`` are infinite, which switches mate-distance pruning off too) and
    without ``distances`` (:attr:`Enhancements.distances`); a trace changes nothing here (its
    events show the game's values: see :func:`._proofs.shown_value`). The game's
    ``non_losing_actions``, which leaves out the moves that lose at once, serves with distance
    scores only. ``found`` is the game's record.
    """
    win = win_utility(found) if distances else NO_WIN
    if win != win:
        return win, math.inf, math.inf, None
    return win, TOP, MATE, found.non_losing_actions


def _public_pairs(scored: list[tuple[Any, float]], win: float) -> list[tuple[Any, float]]:
    """The root's ``(action, value)`` pairs with the game's values for distance scores."""
    return [(action, public(value, win)[0]) for action, value in scored]


def make_enhancements(
    searcher: str,
    depth: object,
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
