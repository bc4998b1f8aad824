"""Iterative deepening: the anytime engine that searches one ply deeper until time runs out."""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from .._budget import Budget
from .._entry import check_count, check_time_limit, check_trace, merge_limit, prepare
from .._faults import examined, user_stacklevel
from .._recursion import on_fresh_stack, recursion_guard
from .._validation import check_unchanged, is_positive_number, snapshot
from ..book import Book, book_evaluation, book_result, check_book
from ..capabilities import Capabilities
from ..errors import BlindSearchWarning, InvalidSearchOptionError
from ..game import A, Evaluation, Game, Order, Player, S
from ..limit import Limit
from ..result import SearchResult, SearchStats
from ..trace.observer_type import Observer
from ._distances import MATE, win_utility
from ._enhanced import (
    Enhancements,
    Guard,
    Searched,
    Session,
    Stop,
    enhanced_search,
    with_work_of,
)
from ._first_best import first_best
from ._ordering import Memory
from ._window import finish, terminal_root
from .table import TranspositionTable

__all__ = ["iterative_deepening"]

_SEARCHER = "iterative_deepening"
_WATCH_CYCLES_FROM = 64
"""Without limits, iterations deeper than this watch their line for a repeated state."""


@examined
def iterative_deepening(
    game: Game[S, A],
    state: S | None = None,
    *,
    limit: Limit | None = None,
    depth: int | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    evaluate: Evaluation[S] | None = None,
    table: TranspositionTable | None = None,
    on_iteration: Callable[[SearchResult[A]], object] | None = None,
    order: Order[S, A] | None = None,
    root_values: bool = False,
    trace: Observer | None = None,
    book: Book | None = None,
    pvs: bool = False,
    aspiration: float | None = None,
    extend: Callable[[S, A, S], int] | None = None,
    reductions: bool = False,
    singular: float | None = None,
) -> SearchResult[A]:
    """Search to depth 1, 2, 3, ... until a limit is reached or the value is proven.

    Each iteration is an alpha-beta search (values for the root player, as :func:`alphabeta`)
    with a transposition table, killer moves and the history heuristic; the table's best action
    of each state, found by the previous iteration, is tried first, so every iteration starts
    with the previous principal variation (Slate and Atkin 1977). The result is that of the
    deepest *completed* iteration (``result.depth``), with the work of all iterations in
    ``result.stats``. It stops early once an iteration's value is proven (``result.exact``:
    no evaluation was read), which makes it a solver when no limit is given.

    Fastest win, slowest loss: a forced win in ``n`` plies first shows in iteration ``n``;
    the first action found to win there is a shortest win, and later iterations keep it, since
    they try it first and a search changes its choice only for a strictly better value. In a
    lost position the last action to show the loss is the one that delays it longest, and is
    kept for the same reason. This needs evaluations strictly between the utilities of a loss
    and a win, and states that are reached at one depth only (true of games where every move
    adds a piece, like tic-tac-toe and Connect Four).

    Ties: once a game with ``win_utility`` (whose wins and losses the engine ranks by their
    distance) has its value proven, each root action before the best one found, in
    ``actions()`` order, is searched one ply shallower with a window around the value, and the
    first as good is returned, as :func:`mtdf` and ``solve`` do (its line too); the checks are
    told to ``trace`` and counted in ``result.stats``.

    Args:
        game: A two-player game.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``depth``, ``time_limit`` and ``node_limit`` as one
            :class:`~gamesearch.Limit` (its ``iterations`` is refused).
        time_limit: Seconds to search (> 0). The clock is read before every state is
            generated, so the search returns within 5% or 20 ms of it, whichever is larger,
            unless one call of the game's methods or of ``evaluate`` takes longer than that.
        depth: The deepest iteration to run (an int >= 1), as ``depth`` limits every
            searcher; ``None`` for no limit.
        node_limit: The most nodes to visit in all iterations together; never exceeded.
        evaluate: ``evaluate(state, player)`` for states at the depth limit; defaults to the
            game's own ``evaluate`` method, else 0 for every state (play by proven results;
            a search stopped by a limit before it proved the value then warns, with a
            :class:`~gamesearch.BlindSearchWarning`).
        table: A table to use and fill (pass the same one for every move of a match, so that
            each search starts with the best actions of the last); default: a new one.
        on_iteration: Called with the result of every completed iteration, for progress.
        order: ``order(state, actions)``, the static move ordering, checked at every node to
            return each action once; defaults to the game's own ``order`` method, if any,
            which :func:`gamesearch.testing.check_game` checks instead.
        root_values: Search every root action with a full window (see :func:`alphabeta`).
        trace: An observer given every step of every iteration (see :mod:`gamesearch.trace`;
            a :class:`~gamesearch.trace.SearchTree` keeps one tree per iteration).
        book: A table of solved positions (a :class:`~gamesearch.book.Book`, such as a
            :class:`gamesearch.solving.Solution`): if it knows the root, its exact result is
            returned at once without a search; otherwise the positions it knows at the depth
            limit are scored with its exact values instead of ``evaluate`` (an endgame table).
            Those still count as estimates: the search goes on deepening until every line ends.
        pvs: Principal-variation search (NegaScout, Reinefeld 1983): at every node the actions
            after the first are searched with a null window, and again with the full window
            only if they may be better. Exact: the same value, usually fewer nodes with a good
            move order.
        aspiration: Search each iteration after the first in a window of this width (in
            utility units, > 0) on each side of the last iteration's value, and again with the
            full window if the value falls outside. Exact: the same value.
        extend: ``extend(state, action, child)``, the extra plies (an int >= 0) to search below
            ``child`` beyond the iteration's depth: a check in chess, a forced reply in Connect
            Four. A line is searched to twice the iteration's depth at most. Approximate at a
            depth limit (the value is that of a deeper, uneven search); proofs stay proofs.
        reductions: Late-move reductions: from a node's fourth action on, with two plies or
            more to go, an action is first searched one ply shallower with a null window, and
            again in full only if it seems better. Approximate: a depth-limited value may
            differ from alpha-beta's (proven wins and losses stay proven, but a shortest win
            may be missed); solving without limits is exact, as no reduction applies.
        singular: Singular extensions (Anantharaman, Campbell and Hsu 1990) with this margin
            (in utility units, > 0): where four plies or more remain and the table's move
            has a lower bound ``v`` from an earlier iteration, the other moves are searched
            to half the depth with a null window at ``v - singular``; if all fail low, the
            table's move is searched one ply deeper. Approximate at a depth limit (the
            verification is shallower and the margin a guess, so the value is that of an
            uneven search, not alpha-beta's); exact when solving without limits (no depth
            limit, no extension) and for proven values.

    Returns:
        The deepest completed iteration's result; its ``stats`` count the work of every
        iteration, the interrupted one included. If even depth 1 did not complete, the best
        of the root actions searched so far (else the first in order), with ``depth == 0``.

    Raises:
        InvalidSearchOptionError: ``time_limit <= 0``, ``depth < 1``, ``node_limit < 1``,
            a value of the wrong type, or a ``table`` used with another game.
        CyclicGameError: without any limit, a state repeats on the line searched (the game
            has a cycle, so no iteration can prove its value); give a limit.
        UnsupportedGameError: as for :func:`alphabeta`.
        NotAGameError: as for :func:`alphabeta`.
        GameProtocolError: as for :func:`alphabeta`; also when the game's ``result`` changes
            the root state it is given (found after each iteration), which would make the
            table's answer wrong.
        InvalidUtilityError: as for :func:`alphabeta`.
        SearchTooDeepError: as for :func:`alphabeta`.

    Warns:
        BlindSearchWarning: a limit stopped the search before it proved the value, with no
            ``evaluate`` (given or the game's): the move was chosen blind among those not
            proven.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> result = iterative_deepening(game, game.parse("XX. / OO. / ..."))
        >>> result.action, result.value   # X wins at once
        (2, 1.0)
        >>> result.exact, result.depth    # proven at once: no line wins sooner
        (True, 1)
    """
    started = time.perf_counter()
    depth, time_limit, node_limit, _ = merge_limit(
        "iterative_deepening", limit, depth=depth, time_limit=time_limit, node_limit=node_limit
    )
    found = Capabilities.of(game)  # the game's optional members, read once for the search
    evaluate = _default(evaluate, found.evaluate, _zero)
    blind = evaluate is _zero
    trusted_order = order is None  # the game's own order, if any: check_game checks it
    order = _default(order, found.order, None)
    _check_limits(time_limit, depth, node_limit, on_iteration)
    _check_switches(pvs=pvs, aspiration=aspiration, reductions=reductions, singular=singular)
    _check_members(evaluate=evaluate, order=order, extend=extend, table=table)
    root, _ = prepare(game, state, None, evaluate, searcher=_SEARCHER, capabilities=found)
    check_trace(trace, _SEARCHER)
    # Book probes (gamesearch.book), kept out of the search loop: an exact answer at the root,
    # and the book's values in place of the evaluation at the leaves.
    check_book(book, _SEARCHER, game)
    if book is not None:
        known = book_result(book, game, root, started)
        if known is not None:
            return known
        evaluate = book_evaluation(book, evaluate)
    table = TranspositionTable() if table is None else table
    search_id = table.begin_search(game)
    if game.is_terminal(root):
        return terminal_root(game, root, depth=0, started=started, trace=trace)
    options = Enhancements(
        order=order, table=table, killers=True, history=True, root_values=root_values,
        trusted_order=trusted_order, pvs=pvs, extend=extend, reductions=reductions,
        singular=None if singular is None else float(singular),
    )  # fmt: skip
    deadline = None if time_limit is None else started + time_limit
    result: SearchResult[A] = on_fresh_stack(  # one stack chunk: every iteration starts there
        _deepen, game, root, evaluate, options, search_id,
        limits=(deadline, depth, node_limit),
        on_iteration=on_iteration,
        started=started,
        trace=trace,
        aspiration=aspiration,
        capabilities=found,
    )  # fmt: skip
    if blind and not result.exact:
        _warn_blind(game)
    return result


def _check_members(*, evaluate: object, order: object, extend: object, table: object) -> None:
    """Refuse uncallable ``evaluate``, ``order`` or ``extend``, and a ``table`` of another type.

    Each may be ``None``; a table must be a :class:`TranspositionTable`.
    """
    for name, member in (("evaluate", evaluate), ("order", order), ("extend", extend)):
        if member is not None and not callable(member):
            raise InvalidSearchOptionError(
                f"{_SEARCHER}: {name} must be callable or None, not {type(member).__name__}"
            )
    if table is not None and not isinstance(table, TranspositionTable):
        raise InvalidSearchOptionError(
            f"{_SEARCHER}: table must be a TranspositionTable, not {type(table).__name__}"
        )


def _warn_blind(game: object) -> None:
    """Warn that the move was chosen blind: every position at the depth limit counted 0.

    A constant message, pointing at the user's call, so that Python shows it once per line.
    """
    warnings.warn(
        f"{_SEARCHER}: stopped before it proved the value, and {type(game).__name__} has no "
        "evaluate method and no evaluate= was given, so every position at the depth limit "
        "counted 0 and the move was chosen blind among those not proven. Pass "
        "evaluate=(state, player) -> estimate to play well",
        BlindSearchWarning,
        stacklevel=user_stacklevel(),
    )


def _deepen(
    game: Game[S, A],
    root: S,
    evaluate: Evaluation[S],
    options: Enhancements,
    search_id: int,
    *,
    limits: tuple[float | None, int | None, int | None],
    on_iteration: Callable[[SearchResult[A]], object] | None,
    started: float,
    trace: Observer | None,
    aspiration: float | None = None,
    capabilities: Capabilities,
) -> SearchResult[A]:
    """Run iterations 1, 2, 3, ... of the search of ``root`` until a limit or a proof.

    ``limits`` is the deadline (a ``time.perf_counter()`` reading), the deepest iteration and
    the node budget of all iterations together, each ``None`` for none. ``capabilities`` is
    the game's record, read by :func:`iterative_deepening`.
    """
    deadline, max_depth, node_limit = limits
    table, order = options.table, options.order
    assert table is not None  # iterative deepening always has a table
    # A game whose result changes the state it is given corrupts the root, and the table's
    # entries keyed by what the states were: its answer would be wrong, yet look proven. Each
    # iteration expands the root, so comparing it with a copy after each one (a copy and a
    # comparison per iteration, not per node) catches such a game at its first iteration.
    taken = snapshot(root)
    win = win_utility(capabilities)
    ranks_distances = options.distances and win == win
    # The engine's search, as every iteration and every check of its first best action runs it.
    session = Session(_SEARCHER, search_id, Memory(), trace, capabilities, fresh_stack=False)
    engine = partial(
        enhanced_search, game, evaluate=evaluate, root_view=True, options=options, session=session
    )
    done: SearchResult[A] | None = None
    total = Searched(0.0, None, 0, 0, 0, 0, 0, None)
    depth = 0
    while max_depth is None or depth < max_depth:
        if node_limit is not None and done is not None and _nodes(total) >= node_limit:
            break  # the budget is spent: not even the next iteration's root fits
        depth += 1
        try:
            unwound: list[Any] = []

            def iteration(
                window: tuple[float, float],
                spent: int,
                depth: int = depth,
                total: Searched = total,
                unwound: list[Any] = unwound,
            ) -> Searched:
                return engine(
                    root,
                    depth,
                    guard=Guard(
                        Budget.of(
                            deadline,
                            None if node_limit is None else node_limit - _nodes(total) - spent,
                        ),
                        # Without any limit only a proof ends the deepening, and a cyclic game
                        # has none: a state met again on the line searched ends it with an
                        # error. Watching the line costs ~10% a node, so it starts only past the
                        # length of most finite games; a cyclic game gets there fast, its table
                        # cutting each cycle.
                        detect_cycles=limits == (None, None, None) and depth > _WATCH_CYCLES_FROM,
                        unwound=unwound,
                    ),
                    window=window,
                )

            with recursion_guard(_SEARCHER, unwound, capabilities.key):
                known = total.score if done is not None else None
                searched = _aspired(iteration, known, aspiration)
        except Stop as stop:
            check_unchanged(root, taken)
            return _stopped(done, stop, game, root, evaluate, order, started)
        except Exception as exc:  # what a corrupted root led to: name the cause
            check_unchanged(root, taken, exc)
            raise
        check_unchanged(root, taken)
        # What the iteration found, now counting the work of all: updated in place, since
        # dataclasses.replace costs ~2% of a small search such as tic-tac-toe's.
        searched.expanded += total.expanded
        searched.leaves += total.leaves
        searched.cutoffs += total.cutoffs
        searched.max_depth = max(total.max_depth, searched.max_depth)
        total = searched
        # A cooperative deadline: the principal variation's completion from the table stops
        # at the deadline too, so the cleanup of the last iteration does not overrun it.
        done = finish(
            game, root, total, table, depth=depth, started=started, deadline=deadline,
            capabilities=capabilities,
        )  # fmt: skip
        if done.exact and ranks_distances:  # the first of equally good actions (issue 27)
            total, done = _first_of_equals(
                game, root, total, done, depth, evaluate, engine, trace, table=table,
                deadline=deadline, node_limit=node_limit, started=started,
                capabilities=capabilities,
            )  # fmt: skip
        if on_iteration is not None:
            on_iteration(done)
        if done.exact:
            break
    assert done is not None  # the loop runs at least once: max_depth >= 1
    return done


def _stopped(
    done: SearchResult[A] | None,
    stop: Stop,
    game: Game[S, A],
    root: S,
    evaluate: Evaluation[S],
    order: Any,
    started: float,
) -> SearchResult[A]:
    """What iterative deepening stopped by a limit returns.

    The last completed iteration's result, its work counting the unfinished one's; or, when no
    iteration completed, the estimates of the root's actions (:func:`_unfinished`).
    """
    if done is None:
        return _unfinished(game, root, evaluate, stop, order, started)
    stats = done.stats
    return replace(
        done,
        stats=replace(
            stats,
            nodes=stats.nodes + stop.nodes,
            leaves=stats.leaves + stop.leaves,
            elapsed=time.perf_counter() - started,
        ),
    )


def _first_of_equals(
    game: Game[Any, Any],
    root: Any,
    searched: Searched,
    done: SearchResult[Any],
    depth: int,
    evaluate: Evaluation[Any],
    engine: Callable[..., Searched],
    trace: Observer | None,
    *,
    table: TranspositionTable,
    deadline: float | None,
    node_limit: int | None,
    started: float,
    capabilities: Capabilities,
) -> tuple[Searched, SearchResult[Any]]:
    """``searched`` and ``done`` (proven), with the first root action as good as the one found.

    For a game whose wins and losses are ranked by their distance (``win_utility``): of
    equally good actions, the first in ``actions()`` order, as ``mtdf`` and ``solve`` return
    (:func:`first_best`). Without ``win_utility`` the first proof is the fastest win, which the
    checks would trade for an earlier, slower one: they are not made. Each earlier child is
    searched by ``engine`` (the iterations' search, :func:`enhanced_search` with their options,
    table and memory) one ply shallower with a window just around the root's value,
    so most of it is answered by the entries the iteration left; the searches are told to
    ``trace`` as every search is (a child scored without a search, as a leaf). If a limit stops
    these checks, the action found is kept (it is optimal too).
    """
    mover = game.to_move(root)
    budget = Budget.of(deadline, None if node_limit is None else node_limit - _nodes(searched))

    def search(child: Any, target: float, same: bool) -> Searched:
        window = (math.nextafter(target, -math.inf), math.nextafter(target, math.inf))
        unwound: list[Any] = []
        with recursion_guard(_SEARCHER, unwound, capabilities.key):
            found = engine(
                child, depth - 1, guard=Guard(budget, unwound=unwound), window=window, viewer=mover
            )
        return found if found.score == target else found.with_line(None)

    def tell(child: Any, value: float, terminal: bool) -> None:
        if trace is not None:
            from ..trace.events import Leaf  # a search without a trace never loads the events

            trace(Leaf(child, None, 0, value, terminal))

    try:
        first = first_best(
            game, root, searched, search, evaluate=evaluate, at_horizon=depth == 1,
            win=win_utility(capabilities), tell=tell,
        )  # fmt: skip
    except Stop:
        return searched, done
    if first is searched:
        return searched, done
    return first, finish(
        game, root, first, table, depth=depth, started=started, deadline=deadline,
        capabilities=capabilities,
    )  # fmt: skip


def _aspired(
    iteration: Callable[[tuple[float, float], int], Searched],
    previous: float | None,
    width: float | None,
) -> Searched:
    """One iteration, first in an aspiration window around the ``previous`` iteration's value.

    Aspiration windows (Brudno 1963; Marsland 1986): a window of ``width`` on each side of the
    last value prunes more than the full one; if the value falls outside, the iteration is
    searched again with the full window, so the result is exact either way. Not used for the
    first iteration, nor after a proven win or loss (a distance score).
    """
    full = (-math.inf, math.inf)
    if width is None or previous is None or not -MATE < previous < MATE:
        return iteration(full, 0)
    window = (previous - width, previous + width)
    first = iteration(window, 0)
    if window[0] < first.score < window[1]:
        return first
    again = iteration(full, _nodes(first))
    # The work of both passes; the estimates of the re-search alone, whose answer is returned.
    return with_work_of(first, again).with_estimates(again.estimates)


def _zero(state: object, player: Player) -> float:
    """The evaluation that knows nothing: every non-terminal state is worth 0."""
    return 0.0


def _default(given: Any, own: Any, fallback: Any) -> Any:
    """``given``, else ``own`` (the game's member, from its record), else ``fallback``."""
    if given is not None:
        return given
    return own if own is not None else fallback


def _nodes(searched: Searched) -> int:
    return searched.expanded + searched.leaves


def _check_limits(
    time_limit: object, depth: object, node_limit: object, on_iteration: object
) -> None:
    """Raise :class:`InvalidSearchOptionError` for a limit that is not a positive number."""
    check_time_limit(_SEARCHER, time_limit)
    for name, value in (("depth", depth), ("node_limit", node_limit)):
        check_count(_SEARCHER, name, value)
    if on_iteration is not None and not callable(on_iteration):
        raise InvalidSearchOptionError(f"{_SEARCHER}: on_iteration must be callable")


def _check_switches(
    *, pvs: object, aspiration: object, reductions: object, singular: object
) -> None:
    """Check the switches of the null-window searches, reductions and extensions.

    Raises:
        InvalidSearchOptionError: ``pvs`` or ``reductions`` is not a bool, or ``aspiration``
            (the window's half-width) or ``singular`` (the margin of a singular move) is not
            ``None`` nor a finite number > 0 in utility units.
    """
    for name, switch in (("pvs", pvs), ("reductions", reductions)):
        if not isinstance(switch, bool):
            raise InvalidSearchOptionError(
                f"{_SEARCHER}: {name} must be True or False, not {switch!r}"
            )
    for name, margin, meaning in (
        ("aspiration", aspiration, "the window's half-width"),
        ("singular", singular, "the margin a singular move leads by"),
    ):
        if margin is not None and not is_positive_number(margin):
            raise InvalidSearchOptionError(
                f"{_SEARCHER}: {name} must be a finite number > 0 ({meaning}, in utility units) "
                f"or None, not {margin!r}"
            )


def _unfinished(
    game: Game[S, A],
    root: S,
    evaluate: Evaluation[S],
    stop: Stop,
    order: Order[S, A] | None,
    started: float,
) -> SearchResult[A]:
    """The best guess when not even the depth-1 iteration completed in time."""
    player = game.to_move(root)
    if stop.root_values:
        action, value = max(stop.root_values, key=lambda pair: pair[1])
    else:
        actions = game.actions(root)
        action = (order(root, actions) if order is not None else actions)[0]
        value = evaluate(game.result(root, action), player)
    stats = SearchStats(
        nodes=stop.nodes,
        leaves=stop.leaves,
        cutoffs=0,
        max_depth=1 if stop.root_values else 0,
        elapsed=time.perf_counter() - started,
    )
    return SearchResult(
        value=float(value), action=action, pv=(action,), player=player, stats=stats, depth=0
    )
