"""What every searcher checks at its entry, and the defaults those checks resolve.

The game's members and players, the root state, the depth and its evaluation, the limits and
the observer: each checked once, before the search loop starts.
"""

# No `from __future__ import annotations`: a named tuple would then compile each field's
# annotation from its string as the module loads (about 20 us a field).

import sys
import time
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol, TypeVar

from ._kinds import check_kind
from ._validation import check_count, check_is_game, is_player, is_positive_number, mover_error
from .capabilities import Capabilities
from .errors import (
    GameProtocolError,
    GameSearchError,
    InvalidSearchOptionError,
    short_repr,
)
from .game import Game, Player
from .limit import Limit
from .searchers import find_searcher, takers, with_names

__all__ = [
    "Request",
    "cannot_keep",
    "check_budget",
    "check_count",
    "check_depth",
    "check_is_game",
    "check_some_limit",
    "check_time_limit",
    "check_trace",
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

class Request(NamedTuple):
    """A checked search request of a two-player searcher (what ``prepare`` returns)."""

    root: Any
    """The state to search from."""

    horizon: int
    """The ply at which non-terminal states are evaluated, or -1 for no limit."""


def prepare(
    game: Game[_S, Any],
    state: _S | None,
    depth: int | None,
    evaluate: Callable[[_S, Player], float] | None,
    *,
    searcher: str,
    capabilities: Capabilities | None = None,
) -> Request:
    """Check a two-player search request and resolve its defaults.

    ``capabilities`` is the game's record, if the searcher has read it (else it is read here).

    Raises:
        NotAGameError: ``game`` lacks members of the protocol.
        UnsupportedGameError: ``game`` is of imperfect information, does not have two players,
            or has chance nodes.
        InvalidSearchOptionError: ``depth`` is not an int >= 1, or is given without a callable
            ``evaluate``.
        GameProtocolError: the root state is not hashable (nor its ``game.key``), or an
            optional member that must be a method is not callable.
    """
    check_is_game(game)
    found = Capabilities.of(game) if capabilities is None else capabilities
    check_kind(game, searcher, found)
    horizon = check_depth(depth, evaluate, searcher)
    root = resolve_root(game, state, found)
    if not game.is_terminal(root):
        mover = game.to_move(root)
        if not is_player(mover, 2, chance=False):
            raise mover_error(root, mover, 2, chance=False)
    return Request(root, horizon)


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
        keyed = root if key is None else key(root)
    except GameSearchError:
        raise
    except (TypeError, ValueError, AttributeError, IndexError, KeyError) as exc:
        raise _unread_root(game, "key", root, exc) from exc
    try:
        hash(keyed)
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
    member = "is_terminal"
    try:
        if not game.is_terminal(root):
            member = "to_move"
            game.to_move(root)
            member = "actions"
            game.actions(root)
    except GameSearchError:
        raise
    except (TypeError, ValueError, AttributeError, IndexError, KeyError) as exc:
        raise _unread_root(game, member, root, exc) from exc


def _unread_root(game: object, member: str, root: object, exc: Exception) -> GameProtocolError:
    """The error for ``game.member(root)`` failing with a Python error ``exc`` of its own."""
    return GameProtocolError(
        f"{type(game).__name__}.{member}({root!r}) raised {type(exc).__name__}: {exc}; "
        f"{root!r} is not a state of {type(game).__name__}, or its {member} fails there"
    )


def check_depth(depth: object, evaluate: object, searcher: str) -> int:
    """Return the ply limit for ``depth`` (-1 for none) after checking it and ``evaluate``."""
    if depth is None:
        if evaluate is not None and not callable(evaluate):
            raise InvalidSearchOptionError(f"{searcher}: evaluate must be callable")
        return -1
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise InvalidSearchOptionError(
            f"{searcher}: depth must be an int >= 1 or None, not {short_repr(depth)}"
        )
    if depth < 1:
        raise InvalidSearchOptionError(
            f"{searcher}: depth must be >= 1 (plies searched from the root), got "
            f"{short_repr(depth)}"
        )
    if evaluate is None:
        raise InvalidSearchOptionError(
            f"{searcher}: depth={short_repr(depth)} needs an evaluate(state, player) function "
            "to score the non-terminal states at the depth limit: pass evaluate=..., or give the "
            "game an "
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

    The seconds must be an int or a float (not a ``bool``) that a float holds: not NaN nor
    infinite, and not an int beyond the largest float (``10**400``), which no deadline can be
    computed from. ``None`` is no limit; any float is a limit (``1e300`` is one that never
    comes, ``1e-9`` one that has passed by the first reading of the clock).
    """
    if time_limit is not None and not is_positive_number(time_limit):
        raise InvalidSearchOptionError(
            f"{searcher}: time_limit must be a finite number of seconds > 0, not "
            f"{short_repr(time_limit)} (seconds are a float: at most {sys.float_info.max:.3g}; "
            "None is no limit)"
        )


def check_budget(searcher: str, count: object, time_limit: object) -> None:
    """Check an iterating searcher's two limits, a count and ``time_limit``: at least one given.

    The count is the ``iterations`` field under the searcher's own keyword (``pimc``'s
    ``worlds``).

    Raises:
        InvalidSearchOptionError: a count that is not an int >= 1, a time limit that is not
            seconds > 0, or neither limit.
    """
    check_count(searcher, find_searcher(searcher).keyword("iterations"), count)
    check_time_limit(searcher, time_limit)
    check_some_limit(searcher, iterations=count, time_limit=time_limit)


_HOW = {"depth": "N", "time_limit": "SECONDS", "node_limit": "N", "iterations": "N"}


def check_some_limit(searcher: str, **given: object) -> None:
    """Refuse to run ``searcher``, whose row says it needs a limit, with none of ``given``.

    ``given`` are the searcher's limits by field name (``iterations=None, time_limit=None``).

    Raises:
        InvalidSearchOptionError: every value of ``given`` is ``None``; the message names the
            searcher's limits as its keywords.
    """
    row = find_searcher(searcher)
    if row.needs_limit and all(value is None for value in given.values()):
        *others, last = [f"{row.keyword(field)}={_HOW[field]}" for field in row.limits]
        either = f"{', '.join(others)} or {last}" if others else last
        raise InvalidSearchOptionError(
            f"{searcher} needs a limit, or it would run for ever: pass {either} (it stops at "
            "the first reached), or limit=Limit(...)"
        )


def cannot_keep(
    searcher: str, field: str, value: object, limit: object = None
) -> InvalidSearchOptionError:
    """The refusal of the limit ``field`` (given as ``value``, or in ``limit``) by ``searcher``.

    One wording wherever the limit is given: by keyword or in a ``Limit``. It says which
    limits the searcher keeps and which searchers keep this one (from the registry).
    """
    row = find_searcher(searcher)
    keeps = with_names(row.keyword(name) for name in row.limits) or "no limit"
    where = "" if limit is None else f" (in {limit!r})"
    return InvalidSearchOptionError(
        f"{searcher} cannot keep {row.keyword(field)}={short_repr(value)}{where}: it keeps "
        f"{keeps}. The searchers that take {field} are {takers(field)}"
    )


def refuse_limits(searcher: str, **given: object) -> None:
    """Refuse the limits given by keyword that ``searcher`` cannot keep.

    ``given`` are the values of its keywords by field name (``time_limit=None, ...``).

    Raises:
        InvalidSearchOptionError: one of ``given`` is not ``None`` and not a limit the
            searcher's row keeps.
    """
    keeps = find_searcher(searcher).limits
    for field, value in given.items():
        if value is not None and field not in keeps:
            raise cannot_keep(searcher, field, value)


def check_trace(trace: object, searcher: str) -> None:
    """Raise :class:`InvalidSearchOptionError` unless ``trace`` is ``None`` or an observer.

    An observer is a callable given each event; a class is refused, although callable: called
    with each event it would make an object of it and drop it, and record nothing (the slip of
    ``trace=SearchTree`` for ``trace=SearchTree(game)``).
    """
    if trace is not None and (not callable(trace) or isinstance(trace, type)):
        what = f"the class {trace.__name__}" if isinstance(trace, type) else type(trace).__name__
        raise InvalidSearchOptionError(
            f"{searcher}: trace must be an observer, a callable given each search event (such "
            f"as a gamesearch.trace.SearchTree(game), or print), not {what}"
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
    *,
    depth: object = None,
    time_limit: object = None,
    node_limit: object = None,
    iterations: object = None,
) -> Given:
    """The limits of a search: its keywords' values, and ``limit``'s fields for the rest.

    The fields of a :class:`~gamesearch.Limit` that ``searcher`` can keep are its row's in the
    registry (:mod:`gamesearch.searchers`), as is its keyword for the iterations. The keywords
    of the fields' names give the same limits one by one, checked by the searcher; a
    ``Limit``'s fields were checked when it was made.

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
    row = find_searcher(searcher)
    fields = (limit.depth, limit.time_limit, limit.node_limit, limit.iterations)
    merged: list[object] = []
    for field, ours, theirs in zip(Given._fields, fields, given, strict=True):
        keyword = row.keyword(field)
        if ours is None:
            merged.append(theirs)
            continue
        if field not in row.limits:
            raise cannot_keep(searcher, field, ours, limit)
        if theirs is not None:
            raise InvalidSearchOptionError(
                f"{searcher}: the {field} is given twice, as {keyword}={short_repr(theirs)} and in "
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
    refuse_limits(searcher, time_limit=time_limit, node_limit=node_limit)
    merged: int | None = merge_limit(searcher, limit, depth=depth).depth
    return merged


def iteration_limit(
    searcher: str, limit: object, iterations: object, time_limit: object
) -> tuple[Any, Any]:
    """The iterations and the time limit of an iterating searcher: its keywords, or ``limit``'s.

    ``iterations`` is the value of the searcher's keyword for them (``pimc``'s ``worlds``).

    Raises:
        InvalidSearchOptionError: as :func:`merge_limit` does.
    """
    given = merge_limit(searcher, limit, time_limit=time_limit, iterations=iterations)
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
