"""The engine's alpha-beta loop: one search's settings, its counts and its recursive core.

The loop is the one of :mod:`._window` (negamax form: Knuth and Moore 1975; leaf children
scored in their parent; a triangular PV table) plus the enhancements, each a named piece applied
where a comment names it:

- the transposition table's probe (in :meth:`EngineLoop.search`) and store
  (:meth:`EngineLoop.store`);
- mate-distance pruning and the game's filter of the moves that lose at once (:mod:`._distances`);
- move ordering with the table's move, the game's order, killers and history
  (:mod:`._ordering`);
- principal-variation search and late-move reductions (:meth:`EngineLoop.narrowed`);
- extensions, singular ones too (:meth:`EngineLoop.extended`, :meth:`EngineLoop.singular_action`);
- quiescence search at the depth limit (:mod:`._quiescence`, :meth:`EngineLoop.at_horizon`);
- exact root values (every root action searched with a full window);
- time and node limits, read before every child is generated (:class:`~gamesearch._budget.Budget`).

One search is one :class:`EngineLoop`: the game's members and the options bound once as typed
attributes, the counts, and the recursive core as methods: :meth:`~EngineLoop.search` settles
a node by the table or by mate distance if it can, :meth:`~EngineLoop.expand` searches its
children. A class rather than a closure over a function's local variables, so that each piece
can be read on its own, and so that mypyc (the compiled build) makes it a native class whose
methods call each other directly in C. It reads its options, frozen records
(:mod:`._engine_options`), once, as it starts.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, final

from .._budget import Budget
from .._recursion import cycle_error, recursion_limit
from .._validation import (
    checked_number,
    mover_error,
    no_actions_error,
    translate,
    unchecked_members,
)
from ..capabilities import Capabilities
from ..errors import GameProtocolError
from ..game import Game, Player
from ._distances import evaluation_range_error, public_pairs, shown_value
from ._engine_options import Distances, Enhancements, Extend, Guard, Session, Stop
from ._ordering import NO_ACTION, Memory, Ordering, make_ordering, remember_cutoff
from ._quiescence import Quiesce, QuiescenceCount, make_quiescence
from .table import EXACT, LOWER, UNLIMITED, UPPER, RawEntry

if TYPE_CHECKING:
    from ..trace.events import MaxView

__all__ = ["LATE", "SINGULAR_DEPTH", "EngineLoop"]

SINGULAR_DEPTH = 4
"""Singular extensions are tried where four plies or more remain, on a table entry searched
at most three plies shallower (Anantharaman, Campbell and Hsu 1990; the table-move form of
Romstad, Costalba and Kiiski's Stockfish)."""

_SOURCES = ("evaluate", "utility")
"""The member a leaf's value came from, by whether the leaf is terminal (for error messages)."""

LATE = 3
"""Late-move reductions start with a node's fourth action (the first three are searched in full:
the table's, the order's first, a killer)."""


@final
class EngineLoop:
    """One search of the engine's loop: the game's members and the options, and the counts.

    The counts: ``expanded`` nodes, ``leaves`` scored, ``cutoffs``, the deepest ply reached
    (``max_depth``) and the ``estimates`` read (those of quiescence search in ``counted``);
    ``scored_root`` holds the root's ``(action, value)`` pairs searched so far. ``got_lo`` and
    ``got_hi`` say whether the value the last :meth:`search` returned is a proven lower bound,
    and a proven upper bound (set by every call: read at once by the caller). ``lines`` is the
    triangular principal-variation table: after the search of a node at ply ``p`` returns,
    ``lines[p]`` holds the best line found below it, as linked ``(action, rest)`` pairs.
    """

    __slots__ = (
        "actions",
        "clock",
        "counted",
        "cutoffs",
        "deadline",
        "deepen",
        "deepest",
        "distances",
        "entries",
        "estimate",
        "estimates",
        "evaluate",
        "expanded",
        "extend",
        "game",
        "got_hi",
        "got_lo",
        "history",
        "is_terminal",
        "keyfn",
        "killer_slots",
        "leaves",
        "limited",
        "lines",
        "margin",
        "mate",
        "max_depth",
        "most_nodes",
        "narrowing",
        "on_path",
        "ordered",
        "pvs",
        "quiesce",
        "reducing",
        "result",
        "root_horizon",
        "root_player",
        "root_values",
        "root_view",
        "safe_of",
        "scored_root",
        "search_id",
        "searcher",
        "singular",
        "store_raw",
        "stored_here",
        "to_move",
        "top",
        "tracer",
        "unwound",
        "utility",
        "win",
    )

    def __init__(
        self,
        game: Game[Any, Any],
        evaluate: Callable[[Any, Player], float] | None,
        options: Enhancements,
        session: Session,
        guard: Guard,
        *,
        view: tuple[Player, bool],
        horizon: int,
        scores: Distances,
        found: Capabilities,
    ) -> None:
        """A search of ``game`` with ``options``, in ``session``, stopped by ``guard``.

        ``view`` is the player whose utility leaves are scored by (with ``root_view``) and
        ``root_view`` (else each leaf is scored by its mover's utility); ``horizon`` the ply at
        which states are evaluated, or -1 for none; ``scores`` the distance scores of the game
        whose record is ``found``.
        """
        self.game, self.evaluate, self.root_horizon = game, evaluate, horizon
        self.actions: Callable[[Any], Sequence[Any]] = game.actions
        self.result: Callable[[Any, Any], Any] = game.result
        self.is_terminal, self.to_move, self.utility, estimate = unchecked_members(
            game, evaluate, None if view[1] else session.searcher
        )
        # A search with a depth limit has an evaluation (the searchers' entry checks it).
        self.estimate: Callable[[Any, Player], Any] = (
            _no_evaluation if estimate is None else estimate
        )
        self.keyfn: Callable[[Any], Hashable] | None = found.key
        self.root_player, self.root_view = view
        self.searcher, self.search_id = session.searcher, session.search_id
        scores_on = scores.on
        self.win, self.top, self.mate = scores.win, scores.top, scores.mate
        self.distances = scores_on
        self.safe_of: Callable[[Any], Sequence[Any]] | None = scores.safe_of
        self.tracer: MaxView | None = None
        if session.trace is not None:
            from ..trace.events import MaxView  # a search without a trace never loads the events

            self.tracer = MaxView(session.trace, view[0], shown_value(scores.win))
        self.bind_options(options, session.memory)
        budget = Budget() if guard.budget is None else guard.budget
        self.limited, self.deadline, self.most_nodes = budget.active, budget.deadline, budget.nodes
        self.clock: Callable[[], float] = time.perf_counter
        self.on_path: set[Any] | None = set() if guard.detect_cycles else None
        # Watching for cycles, an estimate stored by an earlier iteration may not settle a node:
        # stored from a shallower ply, it would cut each cycle before its state repeats on the
        # line, iteration after iteration, and the deepening would never end (walk adv45, r4).
        # Proofs and the estimates of this search itself (keys here) still settle.
        self.stored_here: set[Any] = set()
        self.unwound: list[Any] = [] if guard.unwound is None else guard.unwound
        self.expanded, self.leaves, self.cutoffs, self.max_depth, self.estimates = 0, 0, 0, 0, 0
        self.got_lo = self.got_hi = False
        self.scored_root: list[tuple[Any, float]] = []
        # Extensions may double the depth of a line, at most (see ``extended``); compiled, the
        # recursion limit bounds the plies (see ._plain.deepest_ply).
        self.deepest = min(2 * horizon + 1, recursion_limit()) if horizon > 0 else recursion_limit()
        self.lines: list[Any] = [None] * (self.deepest + 1)
        self.counted = QuiescenceCount()
        self.quiesce: Quiesce | None = make_quiescence(
            game, evaluate, options.quiescence, root_player=view[0], root_view=view[1],
            count=self.counted, check_limits=self.check_limits if self.limited else None,
            win=scores.win if scores_on else None,
        )  # fmt: skip

    def bind_options(self, options: Enhancements, memory: Memory | None) -> None:
        """Bind the table, the ordering and the switches of ``options``; ``memory`` is learned."""
        memory = Memory() if memory is None else memory
        self.killer_slots = memory.killers if options.killers else None
        self.history = memory.history if options.history else None
        self.ordered: Ordering = make_ordering(
            options.order, self.killer_slots, self.history, check_order=not options.trusted_order
        )
        table = options.table
        self.entries: dict[Hashable, RawEntry] | None = None
        self.store_raw: Callable[[Hashable, RawEntry], None] = _no_store
        if table is not None:
            self.entries, self.store_raw = table._entries, table.store_raw  # raw: see TableEntry
        self.root_values, self.pvs = options.root_values, options.pvs
        self.extend: Extend | None = options.extend
        self.reducing = options.reductions and self.root_horizon > 0
        self.margin = 0.0 if options.singular is None else options.singular
        self.singular = options.singular is not None and self.root_horizon > 0
        self.deepen = options.extend is not None or options.singular is not None
        self.narrowing = self.pvs or self.reducing

    def check_limits(self) -> None:
        """Stop the search if its deadline has passed or its node budget is spent.

        Raises:
            Stop: with the root values searched so far, the nodes and the leaves.
        """
        leaves = self.leaves + self.counted.leaves
        if self.clock() >= self.deadline or self.expanded + leaves >= self.most_nodes:
            raise Stop(public_pairs(self.scored_root, self.win), self.expanded + leaves, leaves)

    def search(
        self, state: Any, mover: Player, alpha: float, beta: float, ply: int, horizon: int
    ) -> float:
        """Value of the non-terminal ``state`` for ``mover``, fail-soft.

        Exact inside (alpha, beta); an upper bound at or below alpha, a lower bound at or above
        beta. Proven (stored with unlimited depth) when no evaluation was read below it:
        :attr:`got_lo` and :attr:`got_hi` say whether it is a proven lower and upper bound.
        ``horizon`` is the ply at which states are evaluated (``UNLIMITED`` for none); the
        node's best line is left in ``lines[ply]``. Here the table and mate distance may settle
        the node; else :meth:`expand` searches its children.
        """
        self.expanded += 1
        remaining = horizon - ply if horizon < UNLIMITED else UNLIMITED
        entries, on_path = self.entries, self.on_path
        key: Any = None
        entry: RawEntry | None = None
        if entries is not None or on_path is not None:
            keyfn = self.keyfn
            key = state if keyfn is None else keyfn(state)
            if on_path is not None and key in on_path:
                raise cycle_error(state, self.searcher)
        if entries is not None:
            entry = entries.get(key)
            if entry is not None:
                search_of, depth_of, bound, value, _, proven = entry
                if value >= self.mate:  # a distance score counted from the state: from the root
                    value -= ply
                elif value <= -self.mate:
                    value += ply
                # The table probe. Transposition table cutoff: reuse a value stored by this
                # search if it was searched at least as deep and its bound settles the window.
                if (
                    search_of == self.search_id
                    and depth_of >= remaining
                    and ply > 0
                    and (
                        bound == EXACT
                        or (bound == LOWER and value >= beta)
                        or (bound == UPPER and value <= alpha)
                    )
                    and (proven or on_path is None or key in self.stored_here)
                ):
                    if not proven:
                        self.estimates += 1
                    self.got_lo, self.got_hi = proven and bound != UPPER, proven and bound != LOWER
                    self.lines[ply] = None
                    if self.tracer is not None:
                        self.tracer.settle(state, mover, value, (alpha, beta), ply, True)
                    return value
        # Mate-distance pruning: from here the game ends at ply + 1 at the soonest, won or lost
        # (a move may end it either way); a window outside those distance scores is settled.
        if self.distances:
            top = self.top
            if alpha >= top - ply - 1:
                self.lines[ply], self.got_lo, self.got_hi = None, False, True
                if self.tracer is not None:  # a node settled without looking at its actions
                    self.tracer.settle(state, mover, top - ply - 1, (alpha, beta), ply, False)
                return top - ply - 1
            if beta <= ply + 1 - top:
                self.lines[ply], self.got_lo, self.got_hi = None, True, False
                if self.tracer is not None:
                    self.tracer.settle(state, mover, ply + 1 - top, (alpha, beta), ply, False)
                return ply + 1 - top
        return self.expand(state, mover, alpha, beta, ply, horizon, remaining, key, entry)

    def expand(
        self,
        state: Any,
        mover: Player,
        alpha: float,
        beta: float,
        ply: int,
        horizon: int,
        remaining: int,
        key: Any,
        entry: RawEntry | None,
    ) -> float:
        """:meth:`search`'s value of ``state``, from its children; then the table's store.

        The value is :meth:`search`'s, fail-soft in the window (alpha, beta). ``remaining`` is
        the plies left to the horizon, ``key`` the state's key (if the table or the watch for
        cycles needs it) and ``entry`` its table entry, if any.

        The one long method of the loop, kept whole: a leaf child is scored here, in its
        parent, and a node's preparation (its actions, the filter of those that lose at once,
        their order) runs here too, since one more method call a child or a node costs the pure
        build 2-2.5% (instructions counted by ``valgrind --tool=callgrind``: scoring each
        evaluated leaf in a method, 2.4% on Connect Four's iterative deepening to depth 8; the
        preparation in a method, 1.8% on tic-tac-toe's alpha-beta with a table, 2.4% on
        Connect Four). What runs once a node beside it, or only with an option, is a method of
        its own: the table's store, the null windows, extensions, quiescence search.
        """
        tracer, lines, on_path = self.tracer, self.lines, self.on_path
        result, is_terminal, to_move = self.result, self.is_terminal, self.to_move
        utility, estimate = self.utility, self.estimate
        win, top, inf = self.win, self.top, math.inf
        alpha_in = alpha
        # Proofs amid estimates: the value is a proven lower bound if the best child's is (for
        # the mover), and a proven upper bound if every child's is and none was cut off.
        best_lo, all_hi = False, True
        if on_path is not None:  # the line from the root: a state met again is a cycle
            on_path.add(key)
        view = self.root_player if self.root_view else mover
        wide = self.root_values and ply == 0  # root values: no cutoffs at the root
        best, best_action, special = -inf, NO_ACTION, NO_ACTION
        child_ply, scored, estimated = ply + 1, False, 0  # leaf children scored, evaluated
        try:
            moves = self.actions(state)
            if not moves:
                raise no_actions_error(state, moves)
            if self.safe_of is not None and horizon - ply >= 2 and not wide:
                # Moves that lose at once are worse than any other (the shortest loss): the game
                # leaves them out; with none left, the mover loses at ply + 2 (as Pons's solver).
                # Only where the search would see that loss, so that values stay minimax's.
                safe = self.safe_of(state)
                if not safe:
                    best, best_action, lines[ply] = ply + 2 - top, moves[0], (moves[0], None)
                    best_lo = True
                moves = safe
            first = NO_ACTION if entry is None else entry[4]
            tried = self.ordered(state, moves, ply, first) if moves else ()
            if self.singular and entry is not None and ply and horizon - ply >= SINGULAR_DEPTH:
                special = self.singular_action(state, mover, moves, entry, ply, horizon)
            if tracer is not None:
                tried = tuple(tried)
                tracer.enter(state, mover, alpha, beta, ply, tried)
            for count, action in enumerate(tried, 1):
                # The limits' test inline (it runs before every child); check_limits raises.
                if self.limited and (
                    self.clock() >= self.deadline
                    or self.expanded + self.leaves + self.counted.leaves >= self.most_nodes
                ):
                    self.check_limits()
                child = result(state, action)
                terminal = is_terminal(child)
                if terminal or child_ply >= (
                    child_horizon := self.extended(state, action, child, horizon, special)
                    if self.deepen
                    else horizon
                ):
                    # A leaf child, scored here: by the game's utility if the game is over, else
                    # by quiescence search or the evaluation.
                    below, c_lo, c_hi = None, terminal, terminal
                    if not terminal and self.quiesce is not None:
                        value = self.at_horizon(child, action, mover, alpha, beta, child_ply)
                    else:
                        raw = utility(child, view) if terminal else estimate(child, view)
                        if type(raw) is float and -inf < raw < inf:
                            value = raw
                        else:  # compiled, a float cast would take a bool or an int: look closely
                            value = checked_number(raw, child, view, _SOURCES[terminal])
                        if not terminal:
                            if top != inf and not -win <= value <= win:  # wins would not outrank it
                                raise evaluation_range_error(self.game, child, view, value, win)
                            estimated += 1
                        if view != mover:
                            value = -value
                        if terminal and (value == win or value == -win):  # ranked by distance
                            value = top - child_ply if value > 0 else child_ply - top
                        self.leaves += 1
                        scored = True
                        if tracer is not None:
                            tracer.leaf(child, action, child_ply, mover, value, terminal)
                else:
                    if child_ply >= self.deepest:  # compiled: see ._plain.deepest_ply
                        raise RecursionError("maximum recursion depth exceeded")
                    next_mover = to_move(child)
                    if tracer is not None:
                        tracer.edge = action
                    if next_mover != mover and next_mover != 1 - mover:
                        raise mover_error(child, next_mover, 2, chance=False)
                    if self.narrowing and best_action is not NO_ACTION:
                        value = self.narrowed(
                            child, (mover, next_mover), alpha, beta, child_ply, child_horizon,
                            count > LATE, not wide,
                        )  # fmt: skip
                    elif next_mover == mover:
                        value = self.search(child, mover, alpha, beta, child_ply, child_horizon)
                    else:
                        value = -self.search(
                            child, next_mover, -beta, -alpha, child_ply, child_horizon
                        )
                    below, c_lo, c_hi = lines[child_ply], self.got_lo, self.got_hi
                    if next_mover != mover:  # the child's proven bounds, seen from above
                        c_lo, c_hi = c_hi, c_lo
                if not c_hi:
                    all_hi = False
                if ply == 0:
                    self.scored_root.append((action, value))
                if value > best or best_action is NO_ACTION:
                    best, best_action, best_lo = value, action, c_lo
                    lines[ply] = (action, below)
                    if value > alpha and not wide:
                        if value >= beta:  # alpha would rise to beta: a cutoff
                            self.cutoffs += 1
                            remember_cutoff(self.killer_slots, self.history, action, ply, remaining)
                            if tracer is not None:  # the actions after this one are pruned
                                rest = tried[tried.index(action) + 1 :]
                                tracer.prune(state, mover, value, alpha, beta, ply, rest)
                            all_hi = False
                            break
                        alpha = value
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, self.game, state, self.evaluate)
        except RecursionError:  # tell recursion_guard the line, to look for a cycle in it
            self.unwound.append(state)
            raise
        if scored:
            self.estimates += estimated
            if child_ply > self.max_depth:  # the deepest ply a leaf was scored at
                self.max_depth = child_ply
        if self.entries is not None:
            self.store(key, best, best_action, alpha_in, beta, ply, remaining, best_lo, all_hi)
        if on_path is not None:
            on_path.discard(key)
        if tracer is not None:
            tracer.leave(state, mover, best, best_action, alpha, beta, ply)
        self.got_lo, self.got_hi = best_lo, all_hi
        return best


    def at_horizon(
        self, child: Any, action: Any, mover: Player, alpha: float, beta: float, child_ply: int
    ) -> float:
        """The value for ``mover`` of a non-terminal ``child`` at the depth limit, by quiescence.

        Its quiescence search (its leaves are counted in :attr:`counted`); ``action`` led to it
        from the node where ``mover`` moves, searched with the window (``alpha``, ``beta``).
        """
        quiesce = self.quiesce
        assert quiesce is not None  # the caller's test
        next_mover = self.to_move(child)
        if next_mover != mover and next_mover != 1 - mover:
            raise mover_error(child, next_mover, 2, chance=False)
        if next_mover == mover:
            value = quiesce(child, mover, alpha, beta, child_ply)
        else:
            value = -quiesce(child, next_mover, -beta, -alpha, child_ply)
        if self.tracer is not None:
            self.tracer.leaf(child, action, child_ply, mover, value, False)
        return value

    def narrowed(
        self,
        child: Any,
        movers: tuple[Player, Player],
        alpha: float,
        beta: float,
        child_ply: int,
        child_horizon: int,
        late: bool,
        scout: bool,
    ) -> float:
        """The value of ``child`` for the mover above it, by null windows first where they serve.

        Called for a child after the node's first; ``movers`` are the node's mover and the
        child's; ``late`` says the child is past the first :data:`LATE`, ``scout`` that its
        node is not the root of a search of root values. :meth:`search`'s contract holds for
        the window (``alpha``, ``beta``): a null-window search that fails is followed by one
        with the full window.
        """
        search, nextafter, inf = self.search, math.nextafter, math.inf
        mover, next_mover = movers
        same = next_mover == mover
        if self.reducing and late and child_horizon - child_ply >= 2:
            # Late-move reductions (Heinz 2000; Romstad's Glaurung, 2007): a late action in a
            # good order rarely beats the ones before it, so it is searched one ply shallower
            # with a null window first, and in full only if it seems to. Approximate: the
            # shallower search may miss its value.
            above = nextafter(alpha, inf)
            if same:
                value = search(child, mover, alpha, above, child_ply, child_horizon - 1)
            else:
                value = -search(child, next_mover, -above, -alpha, child_ply, child_horizon - 1)
            if value <= alpha:
                return value
        if self.pvs and scout:
            # Principal-variation search (NegaScout, Reinefeld 1983): prove with a null window
            # (alpha, alpha+) that this action is no better than the first; search it again
            # with the full window only if it may be.
            above = nextafter(alpha, inf)
            if same:
                value = search(child, mover, alpha, above, child_ply, child_horizon)
            else:
                value = -search(child, next_mover, -above, -alpha, child_ply, child_horizon)
            if not (alpha < value < beta and above < beta):
                return value
        if same:
            return search(child, mover, alpha, beta, child_ply, child_horizon)
        return -search(child, next_mover, -beta, -alpha, child_ply, child_horizon)

    def extended(self, state: Any, action: Any, child: Any, horizon: int, singular: Any) -> int:
        """The horizon below ``child``, with ``extend``'s plies and the singular ply, if any.

        At most twice the root's horizon; one more ply if ``action`` is the ``singular`` one.

        Raises:
            GameProtocolError: ``extend`` did not return an int >= 0.
        """
        extend = self.extend
        extra = 0 if extend is None else extend(state, action, child)
        if isinstance(extra, bool) or not isinstance(extra, int) or extra < 0:
            raise GameProtocolError(
                f"extend(state, action, child) returned {extra!r} for action {action!r} of "
                f"state {state!r}; it must return an int >= 0 (extra plies)"
            )
        if singular is not NO_ACTION and action == singular:
            extra += 1
        root_horizon = self.root_horizon
        return min(horizon + extra, 2 * root_horizon) if root_horizon > 0 else horizon

    def singular_action(
        self,
        state: Any,
        mover: Player,
        moves: Sequence[Any],
        entry: RawEntry,
        ply: int,
        horizon: int,
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
            search_of != self.search_id
            or bound == UPPER
            or depth_of < remaining - 3
            or abs(value) >= self.mate
            or first not in moves
            or len(moves) < 2
        ):
            return NO_ACTION
        bar = value - self.margin
        below, reduced = math.nextafter(bar, -math.inf), ply + 1 + (remaining - 1) // 2
        for action in moves:
            if action == first:
                continue
            child = self.result(state, action)
            if self.is_terminal(child):
                return NO_ACTION  # a game-ending alternative: not worth a guess
            next_mover = self.to_move(child)
            if next_mover == mover:
                found = self.search(child, mover, below, bar, ply + 1, reduced)
            else:
                found = -self.search(child, next_mover, -bar, -below, ply + 1, reduced)
            if found >= bar:
                return NO_ACTION
        return first

    def store(
        self,
        key: Any,
        best: float,
        best_action: Any,
        alpha_in: float,
        beta: float,
        ply: int,
        remaining: int,
        best_lo: bool,
        all_hi: bool,
    ) -> None:
        """The table store of a node searched with the window (``alpha_in``, ``beta``).

        The value is exact inside the window, an upper bound at or below it (fail low), a lower
        bound above (fail high). A distance score is a proof, valid at any depth (see
        :mod:`._distances`); it is stored counted from this state, so that a transposition at
        another ply reads its own. ``best_lo``: whether the best child's value is a proven lower
        bound; ``all_hi``: whether every child's is a proven upper bound.
        """
        bound = UPPER if best <= alpha_in else LOWER if best >= beta else EXACT
        mate = self.mate
        if best >= mate:
            stored, proven = best + ply, True
        elif best <= -mate:
            stored, proven = best - ply, True
        else:
            stored = best
            proven = all_hi if bound == UPPER else best_lo and (bound == LOWER or all_hi)
        depth = UNLIMITED if proven else remaining
        self.store_raw(key, (self.search_id, depth, bound, stored, best_action, proven))
        if self.on_path is not None:
            self.stored_here.add(key)


def _no_store(key: Hashable, entry: RawEntry) -> None:
    """No table: nothing to store."""


def _no_evaluation(state: Any, player: Player) -> float:
    """The evaluation of a search without a depth limit, which never reads one.

    Raises:
        AssertionError: always (a search with a depth limit has an evaluation).
    """
    raise AssertionError("a state at the depth limit of a search without one")
