"""MTD(f): minimax by a sequence of null-window alpha-beta searches over one table."""

from __future__ import annotations

import math
import time
from typing import Any

from .._entry import check_trace, depth_limit, prepare
from .._faults import examined
from .._recursion import recursion_guard
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError, short_repr
from ..game import A, Evaluation, Game, Order, S
from ..limit import Limit
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._distances import win_utility
from ._enhanced import (
    Enhancements,
    Guard,
    Searched,
    Session,
    enhanced_search,
    with_work_of,
)
from ._first_best import first_best
from ._ordering import Memory
from ._solver import game_probe, probe, probe_once, solving_children
from ._window import finish, terminal_root
from .table import TranspositionTable

__all__ = ["mtdf"]

_SEARCHER = "mtdf"


@examined
def mtdf(
    game: Game[S, A],
    state: S | None = None,
    *,
    limit: Limit | None = None,
    depth: int | None = None,
    first_guess: float = 0.0,
    evaluate: Evaluation[S] | None = None,
    order: Order[S, A] | None = None,
    table: TranspositionTable | None = None,
    trace: Observer | None = None,
    time_limit: None = None,
    node_limit: None = None,
) -> SearchResult[A]:
    """MTD(f) (Plaat, Schaeffer, Pijls and de Bruin 1996): minimax by null-window searches.

    Each pass is an alpha-beta search with a window of zero width at a guess ``g``: it only
    says whether the value is below ``g`` (an upper bound) or not (a lower bound), which prunes
    far more than a wide window. The bounds close in on the value, and the transposition table
    carries what each pass learned into the next, so most nodes are not searched again. It
    takes few passes when values are coarse (wins, draws and losses, small integer scores);
    an evaluation with many distinct values may need many. The value is that of
    :func:`~gamesearch.alphabeta` at the same depth, for the player to move at ``state``.

    Of several optimal actions it returns the first in ``actions()`` order, as the other
    searchers do, although it tries the table's move and ``order``'s first: once the value
    is known, each action before the best one found is tested with a null window (mostly
    answered by the table), and the first as good is returned (:mod:`._first_best`). With
    ``win_utility``, a win is as good only if it comes as soon (distance scores).

    Exact solving: without ``depth`` and without an ``order`` of its own, on a game that offers
    ``non_losing_children`` and ``win_utility`` (see :mod:`gamesearch.game`), the passes run
    the engine's lean exact solver instead, whose probe points halve the values still possible
    (counted in plies to the end) rather than follow ``first_guess``: Pons's Connect Four
    solver, in the engine's terms. The value is the same.

    Args:
        game: A two-player game.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``depth`` as a :class:`~gamesearch.Limit` (its other fields are refused).
        depth: Plies to search (an int >= 1), or ``None`` to search to terminal states.
        first_guess: Where the first null window goes (for the player to move at ``state``):
            the closer to the value, the fewer passes; the value of a shallower search is a
            good guess.
        evaluate: ``evaluate(state, player)`` for states at the depth limit; defaults to the
            game's own ``evaluate`` method (needed with ``depth``).
        order: ``order(state, actions)``, best first; defaults to the game's own ``order``.
        table: The table the passes share (default: a new one).
        trace: An observer given every step of every pass, values and windows for the player
            to move at ``state`` (see :mod:`gamesearch.trace`; a
            :class:`~gamesearch.trace.SearchTree` keeps one tree per pass); ``None`` for none.
            The traced search is the untraced one, exact solver included, but where the
            game runs the untraced probes in a loop of its own (``solving_kernel``:
            ConnectFour, compiled), which no trace follows: there the trace shows the general
            loop, which finds the same value, distance and action by other nodes.
        time_limit: Not taken: this searcher searches to its depth, then returns (an
            ``InvalidSearchOptionError`` if given); ``iterative_deepening`` and ``mcts``
            take a time limit.
        node_limit: Not taken either, likewise.

    Returns:
        The value for the player to move at ``state``, its best action and principal
        variation, ``exact`` when proven (with ``plies_to_end`` for a won or lost game whose
        game has a ``win_utility``), and the work of all passes.

    Raises:
        InvalidSearchOptionError: a bad ``depth``, ``depth`` without an evaluation, a
            ``first_guess`` that is not a finite number, or a bad ``order`` or ``table``.
        UnsupportedGameError: as for :func:`~gamesearch.alphabeta`.
        NotAGameError: as for :func:`~gamesearch.alphabeta`.
        GameProtocolError: as for :func:`~gamesearch.alphabeta`.
        InvalidUtilityError: as for :func:`~gamesearch.alphabeta`.
        SearchTooDeepError: as for :func:`~gamesearch.alphabeta`.

    Example:
        >>> from gamesearch import minimax
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> state = game.parse("X.. / .O. / ...")
        >>> result = mtdf(game, state)
        >>> result.value == minimax(game, state).value, result.exact
        (True, True)
    """
    depth = depth_limit(_SEARCHER, limit, depth, time_limit, node_limit)
    started = time.perf_counter()
    found = Capabilities.of(game)  # the game's optional members, read once for the search
    if depth is not None and evaluate is None:
        evaluate = found.evaluate
    trusted_order = order is None
    order = _checked_order(found.order if order is None else order, first_guess)
    root, horizon = prepare(game, state, depth, evaluate, searcher=_SEARCHER, capabilities=found)
    check_trace(trace, _SEARCHER)
    table = _checked_table(table)
    if game.is_terminal(root):
        return terminal_root(game, root, depth=depth, started=started, trace=trace)
    search_id = table.begin_search(game)
    children = solving_children(found) if depth is None and trusted_order else None
    win = win_utility(found)
    if children is not None:  # exact solving with the game's hooks: the lean probe loop
        kernel = None if trace is not None else game_probe(found, root, table, search_id)

        def lean(child: Any, target: float, same: bool) -> Searched:
            # A null window below the target (is it at least the target?) or at it (is it
            # above?); the probe's line is not a principal variation: the table completes it.
            point = math.nextafter(target, -math.inf) if same else target
            return probe_once(
                game, child, children, table, search_id, point, trace, capabilities=found,
                line=False, kernel=kernel,
            )  # fmt: skip

        with recursion_guard(_SEARCHER, [], found.key):
            searched = probe(
                game, root, children, table, search_id, trace, capabilities=found, kernel=kernel
            )
            searched = first_best(
                game, root, searched, lean, evaluate=None, at_horizon=False, win=win
            )
        return finish(
            game, root, searched, table, depth=depth, started=started, capabilities=found
        )
    options = Enhancements(order=order, table=table, trusted_order=trusted_order)
    session = Session(_SEARCHER, search_id, Memory(), trace, found)
    mover = game.to_move(root)

    def engine(child: Any, target: float, same: bool) -> Searched:
        # A window just around the target: as cheap as a null window, and exact (with its
        # principal variation) when the value is the target.
        window = (math.nextafter(target, -math.inf), math.nextafter(target, math.inf))
        unwound: list[Any] = []
        with recursion_guard(_SEARCHER, unwound, found.key):
            searched = enhanced_search(
                game, child, horizon - 1 if horizon > 0 else horizon, evaluate, root_view=True,
                options=options, session=session, guard=Guard(unwound=unwound), window=window,
                viewer=mover,
            )  # fmt: skip
        return searched if searched.score == target else searched.with_line(None)

    guess, lower, upper = float(first_guess), -math.inf, math.inf
    total: Searched | None = None
    line: Any = None  # the line of the last pass that failed high: its action reaches lower
    proofs = [False, False]  # whether the lower and the upper bound are proven
    while lower < upper:
        # The null window (beta-, beta): is the value at least beta?
        beta = guess if guess != lower else math.nextafter(guess, math.inf)
        unwound: list[Any] = []
        with recursion_guard(_SEARCHER, unwound, found.key):
            searched = enhanced_search(
                game, root, horizon, evaluate, root_view=True, options=options, session=session,
                guard=Guard(unwound=unwound), window=(math.nextafter(beta, -math.inf), beta),
            )  # fmt: skip
        guess = searched.score
        if guess < beta:
            upper, proofs[1] = guess, searched.proofs[1]
        else:
            lower, proofs[0], line = guess, searched.proofs[0], searched.line
        total = searched if total is None else with_work_of(total, searched)
    assert total is not None  # the loop runs once at least: lower < upper at first
    # The last pass may have failed low, or stopped at the root by mate-distance pruning with
    # no line at all: the best action is that of the last pass that failed high, whose value
    # is at least the lower bound, now the value.
    total = total.with_line(line if line is not None else total.line)
    total = first_best(
        game, root, total, engine, evaluate=evaluate, at_horizon=horizon == 1, win=win
    )
    proven = total.plies_to_end is not None or all(proofs)
    return finish(
        game, root, total.with_proven(proven), table, depth=depth, started=started,
        capabilities=found,
    )  # fmt: skip


def _checked_order(order: Any, first_guess: object) -> Any:
    """``order`` (the given one, or the game's), after checking it and ``first_guess``.

    Raises:
        InvalidSearchOptionError: ``order`` is not callable or ``None``, or ``first_guess`` is
            not a finite number.
    """
    if order is not None and not callable(order):
        raise InvalidSearchOptionError(f"{_SEARCHER}: order must be callable or None")
    if (
        isinstance(first_guess, bool)
        or not isinstance(first_guess, (int, float))
        or not math.isfinite(float(first_guess) if abs(first_guess) < 2**1023 else math.inf)
    ):
        raise InvalidSearchOptionError(
            f"{_SEARCHER}: first_guess must be a finite number, not {short_repr(first_guess)}"
        )
    return order


def _checked_table(table: object) -> TranspositionTable:
    """The table the passes share: ``table``, or a new one for ``None``."""
    if table is None:
        return TranspositionTable()
    if not isinstance(table, TranspositionTable):
        raise InvalidSearchOptionError(
            f"{_SEARCHER}: table must be a TranspositionTable, not {type(table).__name__}"
        )
    return table
