"""``parallel_search``: one position's alpha-beta search, split below its root, on any executor."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import replace

from .._entry import check_is_game, depth_limit, game_evaluation, prepare
from .._faults import examined
from .._parts import check_executor, check_retries, check_shippable
from .._results import make_result
from .._validation import terminal_value
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError
from ..game import A, Evaluation, Game, S
from ..limit import Limit
from ..progress import ProgressCallback
from ..result import SearchResult
from ..twoplayer._distances import public
from ._split import SEARCHER, Setup, Splitter

__all__ = ["parallel_search"]


@examined
def parallel_search(
    game: Game[S, A],
    state: S | None = None,
    *,
    executor: Executor | None = None,
    limit: Limit | None = None,
    depth: int | None = None,
    evaluate: Evaluation[S] | None = None,
    order: Callable[[S, Sequence[A]], Sequence[A]] | None = None,
    part_tables: bool = False,
    split_depth: int = 1,
    wave_size: int | None = None,
    retries: int = 0,
    progress: ProgressCallback | None = None,
    time_limit: None = None,
    node_limit: None = None,
) -> SearchResult[A]:
    """Alpha-beta search of one position, split below its root into parts run on ``executor``.

    Principal variation splitting (Marsland and Campbell 1982; Young Brothers Wait, Feldmann
    1993, at the root): the root's first child in order (the *eldest brother*) is searched
    first, for a bound; then the others (the *young brothers*) in parallel, each a part (an
    alpha-beta search of that child) with the best value of the brothers before it as alpha,
    so that most of them only prove they are no better. With ``split_depth=d`` the eldest
    brother is split the same way, down to ``d`` plies below the root.

    The value and the action are :func:`~gamesearch.alphabeta`'s with the same ``depth``,
    ``evaluate`` and ``order`` (``part_tables`` too when ``depth`` is ``None``): the minimax
    value, and the first optimal action in the order the root's actions are tried (a later
    action worth as much does not replace it); the principal variation is the line below it.
    With an ``order`` or ``part_tables`` the parts run the engine's loop, which ranks proven
    wins by their distance as ``alphabeta`` then does (the fastest win is the best). The
    answer does not
    depend on the executor nor on the number of workers: the parts and their windows are fixed
    by the order of the children and by ``wave_size``, never by which part finishes first.

    Every part does its own work, so splitting costs nodes: a young brother searched with the
    eldest's bound, where the serial search would have had the better bound of a brother
    before it, may search more. ``stats`` add up every part's work.

    Args:
        game: A two-player deterministic game; with a process pool or Dask it must pickle.
        state: The root; ``None`` means ``game.initial_state()``.
        executor: Where the parts run: any ``concurrent.futures.Executor``
            (``ProcessPoolExecutor`` for every core, Dask's ``Client.get_executor()`` for a
            cluster); ``None`` runs them here, one after another (the same result).
        limit: ``depth`` as a :class:`~gamesearch.Limit` (its other fields are refused).
        depth: Plies to search (an int >= 1), or ``None`` to search to terminal states.
        evaluate: ``evaluate(state, player)`` at the depth limit; with ``depth``, the game's
            own ``evaluate`` method if not given.
        order: ``order(state, actions)``, the actions in the order to try them (best first),
            at every node, the root included.
        part_tables: Give every part a transposition table of its own (they share none).
            Without a depth limit the value and action stay ``alphabeta``'s; at a depth limit a
            table reads a position searched deeper at that depth, so that the value may then
            differ from ``alphabeta``'s with one table by as much as any two tables' differ.
            The principal variation stops where a stored value cut a part's line short
            (``alphabeta`` continues it from its table). (Not ``table``, which the other
            searchers take for a :class:`~gamesearch.TranspositionTable` to use.)
        split_depth: How many plies of eldest brothers are split (an int >= 1): 1 splits the
            root only.
        wave_size: Search the young brothers in waves of this many parts (an int >= 1), each
            wave with the bounds of the waves before it: fewer nodes, less parallelism.
            ``None`` (the default): all of them at once, in one wave. (Not ``batch``, which
            ``solve`` takes for the entries per transaction.)
        retries: Search a part that raised again, up to this many times (an int >= 0).
        progress: Called with a :class:`~gamesearch.progress.Progress` (phase ``"parts"``)
            as each part finishes (``total`` is ``None`` when ``split_depth > 1``).
        time_limit: Not taken: this searcher searches to its depth, then returns (an
            ``InvalidSearchOptionError`` if given); ``iterative_deepening`` and ``mcts``
            take a time limit.
        node_limit: Not taken either, likewise.

    Returns:
        The :class:`~gamesearch.SearchResult` of the root: value for the player to move there,
        action, principal variation, the summed ``stats`` of the parts and of the nodes above
        them, ``exact`` when no estimate was read (with an ``order`` or a table also when the
        value is proven amid estimates, as the engine proves it), and
        ``plies_to_end`` where ``alphabeta`` with an ``order`` or a table gives it.

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), not two players, or chance nodes.
        InvalidSearchOptionError: a bad ``depth``, ``split_depth``, ``wave_size``,
            ``retries``, ``part_tables`` or ``order``, ``depth`` without an evaluation, an
            ``executor`` that is not one, or an option given under its new and its old name.
        NotPicklableError: the executor runs parts in other processes, and the game, the state,
            ``evaluate`` or ``order`` cannot be pickled (raised before any part is sent).
        PartFailedError: a part raised (an error of the game, say, as its ``__cause__``) or its
            worker died, after its retries.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from gamesearch import alphabeta
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> state = game.parse("X.. / .O. / ...")
        >>> with ThreadPoolExecutor(2) as pool:
        ...     result = parallel_search(game, state, executor=pool)
        >>> serial = alphabeta(game, state)
        >>> (result.value, result.action, result.pv) == (serial.value, serial.action, serial.pv)
        True
    """
    depth = depth_limit(SEARCHER, limit, depth, time_limit, node_limit)
    started = time.perf_counter()
    check_is_game(game)
    members = Capabilities.of(game)
    evaluate = game_evaluation(game, depth, evaluate, members)
    root, horizon = prepare(game, state, depth, evaluate, searcher=SEARCHER, capabilities=members)
    _check_options(order, part_tables, split_depth, wave_size)
    check_executor(executor, SEARCHER)
    retries = check_retries(retries, SEARCHER)
    if game.is_terminal(root):
        player = game.to_move(root)
        value = terminal_value(game, root, player)
        return make_result(
            value, None, player, nodes=1, leaves=1, cutoffs=0, max_depth=0, started=started,
            depth=depth, exact=True,
        )  # fmt: skip
    functions = {name: f for name, f in (("evaluate", evaluate), ("order", order)) if f}
    check_shippable(executor, SEARCHER, game=game, state=root, **functions)
    setup = Setup(
        game=game, evaluate=evaluate, order=order, table=part_tables, viewer=game.to_move(root),
        split_depth=split_depth, batch=wave_size, capabilities=members,
    )  # fmt: skip
    found = Splitter(setup, executor, retries, progress).node(
        root, (-math.inf, math.inf), horizon, split_depth
    )
    value, plies = public(found.score, setup.win)
    line: object = None
    for action in reversed(found.line):
        line = (action, line)
    result = make_result(
        value, line, setup.viewer, nodes=found.expanded + found.leaves, leaves=found.leaves,
        cutoffs=found.cutoffs, max_depth=found.max_depth, started=started, depth=depth,
        exact=found.estimates == 0
        or (setup.enhanced and (plies is not None or (found.lo and found.hi))),
    )  # fmt: skip
    return result if plies is None else replace(result, plies_to_end=plies)


def _check_options(order: object, tables: object, split_depth: object, wave: object) -> None:
    if order is not None and not callable(order):
        raise InvalidSearchOptionError(f"{SEARCHER}: order must be callable or None")
    if not isinstance(tables, bool):
        raise InvalidSearchOptionError(
            f"{SEARCHER}: part_tables must be True or False, not {tables!r}"
        )
    for name, value, allowed in (("split_depth", split_depth, False), ("wave_size", wave, True)):
        if value is None and allowed:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidSearchOptionError(
                f"{SEARCHER}: {name} must be an int >= 1{' or None' if allowed else ''}, "
                f"not {value!r}"
            )
