"""The entry of :func:`alphabeta` and :func:`negamax`, and their plain loop.

The two searchers differ only in whose utility they read at a leaf: ``negamax`` asks the player
to move for its own utility (a zero-sum game), ``alphabeta`` asks the root player for its utility
and lets the opponent minimise it (classic minimax, for any two-player game). With an option or
a trace, both run the engine's loop (:func:`._enhanced.enhanced_search`, in negamax form: Knuth
and Moore 1975), which serves every alpha-beta searcher; with none, the plain loop here
(:func:`._plain.plain_search`), the one second loop kept because it pays (see its docstring). The
textbook's MAX-VALUE and MIN-VALUE, which both loops are checked against node for node, are in
``tests/oracles.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Any

from .._entry import check_trace, prepare
from .._recursion import recursion_guard
from .._results import flatten, make_result
from .._validation import terminal_value
from ..capabilities import Capabilities
from ..game import A, Evaluation, Game, Player, S
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._distances import MATE, TOP, public, win_utility
from ._enhanced import Enhancements, Guard, Searched, Session, enhanced_search, make_enhancements
from ._plain import plain_search
from .table import Bound, TranspositionTable

__all__ = ["finish", "terminal_root", "window_search"]

_NO_ACTION: Any = object()
_FLIPPED = {Bound.EXACT: Bound.EXACT, Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER}
"""Each bound kind as seen by the opponent (values negated)."""


def window_search(
    game: Game[S, A],
    state: S | None,
    *,
    searcher: str,
    root_view: bool,
    depth: Any,
    evaluate: Evaluation[S] | None,
    order: object = None,
    table: object = None,
    killers: object = False,
    history: object = False,
    quiescence: object = None,
    root_values: object = False,
    trace: Observer | None = None,
    capabilities: Capabilities | None = None,
) -> SearchResult[A]:
    """Alpha-beta search of ``state``, with values for the player to move at ``state``.

    The loop of :func:`~gamesearch.alphabeta` and :func:`~gamesearch.negamax`, whose arguments
    it takes (the enhancement options are checked here).

    Args:
        game: A two-player game.
        state: The root; ``None`` means ``game.initial_state()``.
        searcher: The public name of the searcher, for error messages.
        root_view: If true, every leaf is scored by the root player's utility (its negation
            for the opponent); if false, by the utility of the player to move above it.
        depth: Plies to search, or ``None`` to search to terminal states (checked here:
            typed ``Any`` so that, compiled, a wrong type meets this check, not a bare cast).
        evaluate: The estimate for states at the depth limit.
        order: As for :func:`~gamesearch.alphabeta`.
        table: As for :func:`~gamesearch.alphabeta`.
        killers: As for :func:`~gamesearch.alphabeta`.
        history: As for :func:`~gamesearch.alphabeta`.
        quiescence: As for :func:`~gamesearch.alphabeta`.
        root_values: As for :func:`~gamesearch.alphabeta`.
        trace: The observer to tell each step, or ``None``. With options, the enhanced loop
            tells it, the loop that runs without a trace too. Without options, tracing runs the
            enhanced loop with every option off (distance scores too), which visits exactly
            the nodes of the plain loop (``tests/trace/test_trace_observes.py`` checks it), so that
            the plain loop stays free of hooks, as the speed reference.
        capabilities: The game's record, if the searcher has read it (else it is read here).
    """
    started = time.perf_counter()
    options = make_enhancements(
        searcher, depth, order=order, table=table, killers=killers, history=history,
        quiescence=quiescence, root_values=root_values,
    )  # fmt: skip
    found = Capabilities.of(game) if capabilities is None else capabilities
    root, horizon = prepare(game, state, depth, evaluate, searcher=searcher, capabilities=found)
    check_trace(trace, searcher)
    if game.is_terminal(root):
        return terminal_root(game, root, depth=depth, started=started, trace=trace)
    if options is not None or trace is not None:
        # Traced without options, the enhanced loop stands in for the plain one, with what the
        # plain loop lacks left out: the distance scores (so that it visits the plain loop's
        # nodes), and proofs amid estimates (a plain search is exact when it read none).
        stand_in = options is None
        options = Enhancements(distances=False) if options is None else options
        unwound: list[Any] = []
        with recursion_guard(searcher, unwound, found.key):
            session = Session(
                searcher=searcher,
                search_id=0 if options.table is None else options.table.begin_search(game),
                trace=trace,
                capabilities=found,
            )
            searched = enhanced_search(
                game,
                root,
                horizon,
                evaluate,
                root_view=root_view,
                options=options,
                session=session,
                guard=Guard(unwound=unwound),
            )
            if stand_in:
                searched.proven = False
            return finish(
                game,
                root,
                searched,
                options.table,
                depth=depth,
                started=started,
                root_view=root_view,
                capabilities=found,
            )

    unwound = []
    with recursion_guard(searcher, unwound, found.key):
        searched = plain_search(
            game, root, horizon, evaluate, root_view=root_view, unwound=unwound, capabilities=found
        )
    return finish(game, root, searched, None, depth=depth, started=started, capabilities=found)


def terminal_root(
    game: Game[S, A],
    root: S,
    *,
    depth: int | None,
    started: float,
    trace: Observer | None,
) -> SearchResult[A]:
    """The result of a search whose root is terminal: its utility, no action."""
    player = game.to_move(root)
    value = terminal_value(game, root, player)
    if trace is not None:
        from ..trace.events import Leaf  # a search without a trace never loads the events

        trace(Leaf(root, None, 0, value, True))
    return make_result(
        value,
        None,
        player,
        nodes=1,
        leaves=1,
        cutoffs=0,
        max_depth=0,
        started=started,
        depth=depth,
        exact=True,
    )


def finish(
    game: Game[S, A],
    root: S,
    searched: Searched,
    table: TranspositionTable | None,
    *,
    depth: int | None,
    started: float,
    root_view: bool = True,
    deadline: float | None = None,
    capabilities: Capabilities | None = None,
) -> SearchResult[A]:
    """The :class:`SearchResult` of an enhanced search of ``root``.

    Where a table entry ended the search of a state early, the principal variation stops there;
    it is continued from the table: with actions whose results are terminal states or stored
    states proven to be worth the root's value, the stored best action first. (A key that
    merges symmetric states may store a mirrored action: the check keeps it out of the line.)
    The completion stops at ``deadline`` (a ``time.perf_counter()`` reading), if given.
    ``capabilities`` is the game's record, if the searcher has read it (else it is read here).
    """
    player = game.to_move(root)
    line = list(flatten(searched.line))
    if table is not None and line:
        found = Capabilities.of(game) if capabilities is None else capabilities
        keyfn, win = found.key, win_utility(found)
        state, seen = root, set()
        for action in line:
            state = game.result(state, action)
        while (depth is None or len(line) < depth) and (
            deadline is None or time.perf_counter() < deadline
        ):
            key = state if keyfn is None else keyfn(state)
            if key in seen:  # a cycle of stored actions
                break
            seen.add(key)
            action = _verified_step(
                game, state, table, player, searched.value, root_view, (keyfn, win)
            )
            if action is _NO_ACTION:
                break
            line.append(action)
            state = game.result(state, action)
    pv: Any = None
    for action in line[::-1]:  # (mypyc 2.4 fails on reversed() of this list)
        pv = (action, pv)
    values = None
    if searched.action_values is not None:
        values = tuple((action, float(value)) for action, value in searched.action_values)
    return make_result(
        searched.value,
        pv,
        player,
        nodes=searched.expanded + searched.leaves,
        leaves=searched.leaves,
        cutoffs=searched.cutoffs,
        max_depth=searched.max_depth,
        started=started,
        depth=depth,
        exact=searched.estimates == 0 or searched.proven,
        plies_to_end=searched.plies_to_end,
        action_values=values,
    )


def _verified_step(
    game: Game[S, A],
    state: S,
    table: TranspositionTable,
    player: Player,
    value: float,
    root_view: bool,
    members: tuple[Callable[[Any], Hashable] | None, float],
) -> Any:
    """An action in ``state`` that provably keeps the root's ``value`` (for ``player``).

    The proof comes from the table's entries of its latest search; the stored best action is
    tried first. ``members`` are the game's ``key`` (or ``None``) and its ``win_utility`` (or
    ``NO_WIN``), which turns a stored distance score into the game's value.
    """
    if game.is_terminal(state):
        return _NO_ACTION
    keyfn, win = members
    entries, search = table.raw, table.searches  # raw tuples: see TableEntry
    entry = entries(state if keyfn is None else keyfn(state))
    actions = game.actions(state)
    if entry is not None and entry[4] in actions:
        first = entry[4]
        actions = [first, *(action for action in actions if action != first)]
    mover = game.to_move(state)
    # The state's value is the best of its children's, so no child is better for the mover
    # than ``value``: a child whose entry bounds it on the other side at ``value`` equals it.
    needed = Bound.LOWER if mover == player else Bound.UPPER
    for action in actions:
        child = game.result(state, action)
        if game.is_terminal(child):
            view = player if root_view else mover
            found, bound = game.utility(child, view) * (1 if view == player else -1), Bound.EXACT
        else:
            below = entries(child if keyfn is None else keyfn(child))
            if below is None or below[0] != search:
                continue
            found, bound = below[3], Bound(below[2])
            if MATE <= abs(found) <= TOP:  # a distance score: the game's value
                found = public(found, win)[0]
            if game.to_move(child) != player:  # the entry's value is for the opponent
                found, bound = -found, _FLIPPED[bound]
        if found == value and (bound is Bound.EXACT or bound is needed):
            return action
    return _NO_ACTION
