"""What every searcher checks at its entry, and the defaults those checks resolve.

The game's members and players, the root state, the depth and its evaluation, the limits and
the observer: each checked once, before the search loop starts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol, TypeVar

from ._validation import is_player, is_positive_number, mover_error
from .capabilities import Capabilities
from .errors import (
    GameProtocolError,
    GameSearchError,
    InvalidSearchOptionError,
    NotAGameError,
    UnsupportedGameError,
)
from .game import Game, Player
from .limit import Limit

__all__ = [
    "LIMIT_TAKERS",
    "Problem",
    "check_budget",
    "check_count",
    "check_depth",
    "check_deterministic",
    "check_game",
    "check_time_limit",
    "check_trace",
    "check_two_players",
    "depth_limit",
    "game_evaluation",
    "iterate_within",
    "iteration_limit",
    "merge_limit",
    "prepare",
    "refuse_limits",
    "resolve_root",
]

_S = TypeVar("_S")



_GAME_METHODS = ("initial_state", "to_move", "actions", "result", "is_terminal", "utility")


class Problem(NamedTuple):
    """A validated search request."""

    root: Any
    """The state to search from."""

    limit: int
    """The ply at which non-terminal states are evaluated, or -1 for no limit."""


def check_game(game: object) -> None:
    """Raise :class:`NotAGameError` unless ``game`` has every member of the ``Game`` protocol."""
    if isinstance(game, type):
        raise NotAGameError(
            f"{game.__name__} is a class; pass a game object, such as {game.__name__}()"
        )
    missing = [name for name in _GAME_METHODS if not callable(getattr(game, name, None))]
    if not hasattr(game, "num_players"):
        missing.append("num_players")
    if missing:
        raise NotAGameError(
            f"{type(game).__name__} object is not a Game: it lacks {', '.join(missing)} "
            f"(a Game needs num_players and {', '.join(_GAME_METHODS)})"
        )


def check_two_players(game: object, searcher: str) -> None:
    """Raise :class:`UnsupportedGameError` unless ``game`` declares exactly two players."""
    players = getattr(game, "num_players", None)
    if players != 2 or isinstance(players, bool):
        raise UnsupportedGameError(
            f"{searcher} searches two-player games, but {type(game).__name__} has "
            f"num_players={players!r}"
        )


def prepare(
    game: Game[_S, Any],
    state: _S | None,
    depth: int | None,
    evaluate: Callable[[_S, Player], float] | None,
    *,
    searcher: str,
    capabilities: Capabilities | None = None,
) -> Problem:
    """Check a two-player search request and resolve its defaults.

    ``capabilities`` is the game's record, if the searcher has read it (else it is read here).

    Raises:
        NotAGameError: ``game`` lacks members of the protocol.
        UnsupportedGameError: ``game`` does not have two players, or has chance nodes.
        InvalidSearchOptionError: ``depth`` is not an int >= 1, or is given without a callable
            ``evaluate``.
        GameProtocolError: the root state is not hashable (nor its ``game.key``), or an
            optional member that must be a method is not callable.
    """
    check_game(game)
    check_two_players(game, searcher)
    found = Capabilities.of(game) if capabilities is None else capabilities
    check_deterministic(game, searcher, found)
    limit = check_depth(depth, evaluate, searcher)
    root = resolve_root(game, state, found)
    if not game.is_terminal(root):
        mover = game.to_move(root)
        if not is_player(mover, 2, chance=False):
            raise mover_error(root, mover, 2, chance=False)
    return Problem(root, limit)


def check_deterministic(
    game: object, searcher: str, capabilities: Capabilities | None = None
) -> None:
    """Raise :class:`UnsupportedGameError` if ``game`` has chance nodes.

    A game declares chance nodes by having a ``chance_outcomes`` member (the
    ``StochasticGame`` protocol), read from ``capabilities`` (the game's record, read here if
    not given). Checking the member once here keeps the search loops free of a test for
    ``CHANCE`` at every node.
    """
    found = Capabilities.of(game) if capabilities is None else capabilities
    if found.chance_outcomes is not None:
        raise UnsupportedGameError(
            f"{searcher} searches deterministic games, but {type(game).__name__} has chance "
            "nodes (it has chance_outcomes): search it with expectiminimax, or with expectimax"
        )


def resolve_root(
    game: Game[_S, Any], state: _S | None, capabilities: Capabilities | None = None
) -> _S:
    """The root of a search: ``state``, or the initial state for ``None``; it must hash.

    Its ``game.key`` must hash, if the game has one (read from ``capabilities``, the game's
    record, or here if not given).
    """
    root = game.initial_state() if state is None else state
    key = (Capabilities.of(game) if capabilities is None else capabilities).key
    try:
        hash(root if key is None else key(root))
    except TypeError as exc:
        what = "the keys game.key(state) gives" if key is not None else "states"
        raise GameProtocolError(
            f"{what} must be hashable, but {type(root).__name__} is not: {exc} (a game whose "
            "states cannot be hashed can offer key(state) returning a hashable key)"
        ) from exc
    if state is not None:
        _check_root(game, root)
    return root


def _check_root(game: Game[_S, Any], root: _S) -> None:
    """Raise :class:`GameProtocolError` if the game cannot even read the given ``root``.

    A root the caller built by hand may not be a state of the game at all (a string for a
    tuple, a tuple of the wrong length): the game's own members then fail with an error of
    their own, from deep inside the search; here it fails at once, naming the root.
    """
    try:
        if not game.is_terminal(root):
            game.to_move(root)
            game.actions(root)
    except GameSearchError:
        raise
    except (TypeError, ValueError, AttributeError, IndexError, KeyError) as exc:
        raise GameProtocolError(
            f"{root!r} is not a state of {type(game).__name__}: reading it raised "
            f"{type(exc).__name__}: {exc}"
        ) from exc


def check_depth(depth: object, evaluate: object, searcher: str) -> int:
    """Return the ply limit for ``depth`` (-1 for none) after checking it and ``evaluate``."""
    if depth is None:
        if evaluate is not None and not callable(evaluate):
            raise InvalidSearchOptionError(f"{searcher}: evaluate must be callable")
        return -1
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise InvalidSearchOptionError(
            f"{searcher}: depth must be an int >= 1 or None, not {depth!r}"
        )
    if depth < 1:
        raise InvalidSearchOptionError(
            f"{searcher}: depth must be >= 1 (plies searched from the root), got {depth}"
        )
    if evaluate is None:
        raise InvalidSearchOptionError(
            f"{searcher}: depth={depth} needs an evaluate(state, player) function to score the "
            "non-terminal states at the depth limit: pass evaluate=..., or give the game an "
            "evaluate(state, player) method, which is used when evaluate is not given"
        )
    if not callable(evaluate):
        raise InvalidSearchOptionError(f"{searcher}: evaluate must be callable")
    return depth


def game_evaluation(
    game: object, depth: object, evaluate: Any, capabilities: Capabilities | None = None
) -> Any:
    """``evaluate``, or else, for a depth-limited search, the game's own ``evaluate`` method.

    Every depth-limited searcher scores the states at its depth limit with the ``evaluate``
    it is given, and by default with the game's ``evaluate(state, player)`` method, if it has
    one (as :class:`~gamesearch.games.ConnectFour` and :class:`~gamesearch.games.Rolit` do),
    read from ``capabilities`` (the game's record, read here if not given).
    """
    if evaluate is None and depth is not None:
        own = (Capabilities.of(game) if capabilities is None else capabilities).evaluate
        if own is not None:
            return own
    return evaluate


def check_time_limit(searcher: str, time_limit: object) -> None:
    """Raise :class:`InvalidSearchOptionError` unless ``time_limit`` is ``None`` or seconds > 0.

    The seconds must be a finite int or float (not a ``bool``).
    """
    if time_limit is not None and not is_positive_number(time_limit):
        raise InvalidSearchOptionError(
            f"{searcher}: time_limit must be a finite number of seconds > 0, not {time_limit!r}"
        )


def check_count(searcher: str, name: str, value: object) -> None:
    """Raise :class:`InvalidSearchOptionError` unless ``value`` is ``None`` or an int >= 1."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise InvalidSearchOptionError(
            f"{searcher}: {name} must be an int >= 1 or None, not {value!r}"
        )


def check_budget(searcher: str, name: str, count: object, time_limit: object) -> None:
    """Check a searcher's two limits, ``name`` (a count) and ``time_limit``: at least one given.

    Raises:
        InvalidSearchOptionError: a count that is not an int >= 1, a time limit that is not
            seconds > 0, or neither limit.
    """
    check_count(searcher, name, count)
    check_time_limit(searcher, time_limit)
    if count is None and time_limit is None:
        raise InvalidSearchOptionError(
            f"{searcher} needs a limit: pass {name}=N, time_limit=SECONDS or both"
        )


LIMIT_TAKERS = {
    "depth": "minimax, alphabeta, negamax, iterative_deepening, mtdf, expectiminimax, expectimax, "
    "maxn, paranoid, best_reply and parallel_search",
    "time_limit": "iterative_deepening, mcts, ismcts, pimc, cfr and mccfr",
    "node_limit": "iterative_deepening and mcts",
    "iterations": "mcts, ismcts, pimc, cfr and mccfr",
}
"""The searchers that take each field of a :class:`~gamesearch.Limit`, and of the keywords of
the same names, for error messages."""


def refuse_limits(searcher: str, time_limit: object, node_limit: object) -> None:
    """Refuse a limit that ``searcher``, which searches to its depth and returns, cannot keep.

    Raises:
        InvalidSearchOptionError: ``time_limit`` or ``node_limit`` is not ``None``.
    """
    for name, value in (("time_limit", time_limit), ("node_limit", node_limit)):
        if value is not None:
            raise InvalidSearchOptionError(
                f"{searcher} cannot keep {name}={value!r}: it searches to its depth (or to the "
                f"end of the game) and then returns. The searchers that take {name} are "
                f"{LIMIT_TAKERS[name]}; with {searcher}, limit the search with depth=N"
            )


def check_trace(trace: object, searcher: str) -> None:
    """Raise :class:`InvalidSearchOptionError` unless ``trace`` is ``None`` or callable."""
    if trace is not None and not callable(trace):
        raise InvalidSearchOptionError(
            f"{searcher}: trace must be an observer, a callable given each search event (such "
            f"as a gamesearch.trace.SearchTree, or print), not {type(trace).__name__}"
        )


class Given(NamedTuple):
    """A search's limits, from its keywords and its ``Limit``; ``None`` for unlimited."""

    depth: Any
    time_limit: Any
    node_limit: Any
    iterations: Any


def merge_limit(
    searcher: str,
    limit: object,
    takes: str,
    *,
    depth: object = None,
    time_limit: object = None,
    node_limit: object = None,
    iterations: object = None,
    iterations_keyword: str = "iterations",
) -> Given:
    """The limits of a search: its keywords' values, and ``limit``'s fields for the rest.

    ``takes`` names the fields of a :class:`~gamesearch.Limit` that ``searcher`` can keep,
    separated by spaces (such as ``"depth"``). The keywords of the same names give the same
    limits one by one, checked by the searcher; a ``Limit``'s fields were checked when it was
    made. ``iterations_keyword`` is the searcher's word for its iterations.

    Raises:
        InvalidSearchOptionError: ``limit`` is not a ``Limit``; a field is given both in
            ``limit`` and by its keyword; ``limit`` has a field ``searcher`` cannot keep.
    """
    given = Given(depth, time_limit, node_limit, iterations)
    if limit is None:
        return given
    if not isinstance(limit, Limit):
        raise InvalidSearchOptionError(
            f"{searcher}: limit must be a gamesearch.Limit, such as Limit(depth=4), not "
            f"{limit!r}"
        )
    fields = (limit.depth, limit.time_limit, limit.node_limit, limit.iterations)
    merged: list[object] = []
    for field, ours, theirs in zip(Given._fields, fields, given, strict=True):
        keyword = iterations_keyword if field == "iterations" else field
        if ours is None:
            merged.append(theirs)
            continue
        if field not in takes.split():
            raise InvalidSearchOptionError(
                f"{searcher} cannot keep the {field} of {limit!r}; the searchers that take "
                f"Limit({field}=...) are {LIMIT_TAKERS[field]}"
            )
        if theirs is not None:
            raise InvalidSearchOptionError(
                f"{searcher}: the {field} is given twice, as {keyword}={theirs!r} and in "
                f"{limit!r}: give it once"
            )
        merged.append(ours)
    return Given(*merged)


def depth_limit(
    searcher: str, limit: object, depth: int | None, time_limit: object, node_limit: object
) -> int | None:
    """The depth of a searcher that searches to its depth: ``depth`` or ``limit``'s.

    Raises:
        InvalidSearchOptionError: as :func:`merge_limit` and :func:`refuse_limits` do.
    """
    refuse_limits(searcher, time_limit, node_limit)
    merged: int | None = merge_limit(searcher, limit, "depth", depth=depth).depth
    return merged


def iteration_limit(
    searcher: str,
    limit: object,
    iterations: object,
    time_limit: object,
    iterations_keyword: str = "iterations",
) -> tuple[Any, Any]:
    """The iterations and the time limit of an iterating searcher: its keywords, or ``limit``'s.

    Raises:
        InvalidSearchOptionError: as :func:`merge_limit` does.
    """
    given = merge_limit(
        searcher, limit, "time_limit iterations", time_limit=time_limit, iterations=iterations,
        iterations_keyword=iterations_keyword,
    )  # fmt: skip
    return given.iterations, given.time_limit


class Iterating(Protocol):
    """A solver run one iteration at a time (:class:`~gamesearch.imperfect.CFRSolver`, ...)."""

    iterations: int

    def iterate(self, iterations: int = 1) -> None:
        """Run ``iterations`` more iterations."""


def iterate_within(solver: Iterating, iterations: int | None, time_limit: float | None) -> None:
    """Run ``solver`` for ``iterations`` more, or until ``time_limit`` seconds have passed.

    With both, whichever comes first. The clock is read after each iteration, so at least one
    runs however short the time (``time_limit=1e-300`` runs one).

    Args:
        solver: The solver, run from where it stands.
        iterations: The most iterations, counted in ``solver.iterations`` (``None``: no cap).
        time_limit: The most seconds (``None``: no limit); one of the two must be given.
    """
    if time_limit is None:
        solver.iterate(iterations or 1)
        return
    deadline = time.perf_counter() + time_limit
    solver.iterate()
    while (iterations is None or solver.iterations < iterations) and time.perf_counter() < deadline:
        solver.iterate()
