"""Which searcher the command runs on a game, with what limits and options.

Every choice is made from the registry's rows (:mod:`gamesearch.searchers`) against the game's
kind (:mod:`.kinds`: its players, chance, and what its utilities add up to): the command chooses
only a searcher whose row takes the game, and refuses one the user names that does not, before
anything is printed. ``solve`` proves by default, with the first of :data:`PROVING` that fits;
a limit given without ``--searcher`` (``--depth``, ``--time``, ``-o node_limit=N``) runs the
first of :data:`LIMITED` that fits and keeps it. ``play`` keeps a limit per move
(:func:`default_plan`), for every searcher but the table solver, which it refuses. A searcher
that takes a depth and no time of its own is given ``--time`` by deepening it one ply at a time
(:func:`command_limits`). :func:`plan` checks the options against the game before anything is
printed; :mod:`.running` searches.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import searchers as registry
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError
from ..games.registry import GameSpec
from ..result import SearchResult
from ..solving import solve
from .kinds import Kind, fits, kind_of, why_not
from .options import Options, describe, flags, in_words, parse_options

TABLE = "solve"
"""The name of the table solver, :func:`gamesearch.solving.solve`, for ``--searcher``."""

SEARCHERS: dict[str, Callable[..., SearchResult[Any]]] = {
    row.name: row.function for row in sorted(registry.SEARCHERS, key=lambda row: row.name)
    if row.command and row.name != TABLE
}  # fmt: skip
"""The searchers ``--searcher`` names, besides ``solve`` (the table solver, which returns a
``Solution``): the registry's rows marked ``command``."""

METHODS: dict[str, Callable[..., Any]] = {**SEARCHERS, TABLE: solve}
"""Every name ``--searcher`` takes, with the function its ``-o`` options are checked against."""

LIMITS = frozenset({"node_limit"})
"""Options that limit a depth-limited search: given without a searcher, they choose one."""

_ROWS = tuple(row for row in registry.SEARCHERS if row.name in METHODS)
"""The registry's rows of the searchers ``--searcher`` names, in the registry's order."""

PROVERS = tuple(
    row.name for row in _ROWS if row.limits and "depth" not in row.limits and not row.needs_limit
)
"""The searchers that prove to the end of the game (no ``--depth``), and stop at ``--time`` or
``-o node_limit=N`` with the bounds proven so far: the proof-number searches."""

DEEPENED = tuple(
    row.name for row in _ROWS if row.limits == ("depth",) and (row.chance or row.players == "any")
)
"""The depth-limited searchers of the games the engine does not take (chance nodes, other than
two players), which the command runs one depth deeper at a time, to report progress and keep a
result for Ctrl-C: expectiminimax and maxn."""


PROVING = ("mtdf", "iterative_deepening", TABLE, "expectiminimax", "maxn", "mcts")
"""What ``solve`` runs by default, the first of these whose row takes the game's kind: the
engine's exact solver (``mtdf`` without a depth, for a game that offers its hooks), else
``iterative_deepening`` until the value is proven; the table solver for a two-player
constant-sum game of chance; ``expectiminimax`` for another two-player game of chance and
``maxn`` for a game of n != 2 players without chance, deepened until the value is proven (at
most the game's time); ``mcts`` for a game of chance of n != 2 players."""

LIMITED = ("iterative_deepening", "expectiminimax", "maxn", "mcts")
"""What a limit given without ``--searcher`` (and ``play``, each move) runs: the first of these
whose row takes the game's kind and the command's limits given."""


def command_limits(searcher: str) -> tuple[str, ...]:
    """The limits the command keeps for ``searcher``: its row's, and a time for a depth search.

    A searcher that takes a depth and no time of its own is deepened by the command one ply at
    a time until the next ply would pass the time (or the value is proven).

    >>> command_limits("alphabeta"), command_limits("dfpn"), command_limits("solve")
    (('depth', 'time_limit'), ('time_limit', 'node_limit'), ())
    """
    row = registry.find_searcher(searcher)
    if "depth" in row.limits and "time_limit" not in row.limits:
        return (*row.limits, "time_limit")
    return row.limits


def deepened_by_time(plan: Plan) -> bool:
    """Whether the command deepens ``plan``'s searcher under its time (no time of its own)."""
    return plan.seconds is not None and "time_limit" not in (
        registry.find_searcher(plan.searcher).limits
    )


@dataclass(frozen=True)
class Plan:
    """A search the command will run: a searcher, its limits and its own options."""

    searcher: str
    """The name of the searcher, a key of :data:`METHODS`."""

    depth: int | None = None
    """The depth limit in plies (the deepest iteration), ``None`` for none."""

    seconds: float | None = None
    """The time limit (the searcher's own, or the command's deepening's); ``None`` for none."""

    options: Options = ()
    """The searcher's own options (``-o NAME=VALUE``), passed to it as keywords."""

    def describe(self) -> str:
        """The plan in words, as ``--help`` and ``gamesearch games`` say it."""
        extra = f" ({describe(self.options)})" if self.options else ""
        if self.searcher == "mcts":
            rest = tuple(o for o in self.options if o[0] not in ("iterations", "node_limit"))
            return f"mcts{_mcts_limit(self)}" + (f" ({describe(rest)})" if rest else "")
        if self.searcher == TABLE:
            return f"the table solver (solve), every position to the end{extra}"
        if self.searcher == "mtdf" and self.depth is None and self.seconds is None:
            return f"mtdf, the exact solver, until the value is proven{extra}"
        if self.depth is not None:
            limit = f"{self.depth} {'ply' if self.depth == 1 else 'plies'} deep"
        elif (
            self.searcher in DEEPENED
            or self.searcher == "iterative_deepening"
            or deepened_by_time(self)
        ):
            limit = "until the value is proven"
        else:
            limit = "to the end of the game"
        if self.seconds is not None:
            limit += f", at most {self.seconds:g} s"
        return f"{self.searcher} {limit}{extra}"


_COUNTED = {"iterations": "playouts", "node_limit": "nodes"}


def _mcts_limit(plan: Plan) -> str:
    limits = [f"{plan.seconds:g} s"] if plan.seconds is not None else []
    options = dict(plan.options)
    limits += [
        f"{options[name]:,} {said}" if isinstance(options[name], int) else f"{options[name]} {said}"
        for name, said in _COUNTED.items()
        if name in options
    ]
    return " for " + " or ".join(limits) if limits else ""


def _first_fitting(names: Sequence[str], kind: Kind, fields: Sequence[str] = ()) -> str:
    """The first of ``names`` whose row takes a game of ``kind`` and the command's ``fields``.

    If none takes the fields, the first that takes the kind (whose refusal of them says why).
    """
    fitting = [name for name in names if fits(registry.find_searcher(name), kind)]
    for name in fitting:
        if all(field in command_limits(name) for field in fields):
            return name
    return fitting[0] if fitting else names[-1]


def fitting(game: Any, members: Capabilities, fields: Sequence[str] = ()) -> str:
    """The searcher a limit given without ``--searcher`` runs on ``game`` (:data:`LIMITED`).

    ``members`` is the game's record; ``fields`` the limits given (``"depth"``,
    ``"time_limit"``, ``"node_limit"``), which the searcher must keep.
    """
    return _first_fitting(LIMITED, kind_of(game, members), fields)


def exact_method(game: Any, members: Capabilities) -> str:
    """The method ``solve`` runs on ``game`` by default (:data:`PROVING`)."""
    return _exact(members, kind_of(game, members))


def _exact(members: Capabilities, kind: Kind) -> str:
    return _first_fitting(PROVING if members.solves_exactly else PROVING[1:], kind)


def default_plan(
    spec: GameSpec, game: Any, *, play: bool, members: Capabilities | None = None
) -> Plan:
    """What ``solve`` (or, with ``play``, each move of ``play``) runs on ``game`` by default.

    ``members`` is the game's record, if the command has read it (else it is read here). Every
    plan of ``play`` has a limit per move: the game's depth for the searchers the command
    deepens, where the game names one, else its time per move.
    """
    if members is None:
        members = Capabilities.of(game)
    kind = kind_of(game, members)
    searcher = _first_fitting(LIMITED, kind) if play else _exact(members, kind)
    return _unlimited(spec, searcher, play=play)


def _unlimited(spec: GameSpec, searcher: str, *, play: bool) -> Plan:
    """``searcher``'s plan when no limit is given.

    In ``play`` a limit per move: the game's depth for the searchers the command deepens, where
    it names one, else its time per move. In ``solve`` a time for those that need a limit or may
    deepen for ever (expectiminimax and maxn: a game with cycles is never proven), and none for
    the others.
    """
    usual = spec.move_seconds if play else spec.seconds or spec.move_seconds
    row = registry.find_searcher(searcher)
    if play:
        if searcher in DEEPENED and spec.depth is not None:
            return Plan(searcher, depth=spec.depth)
        return Plan(searcher, seconds=spec.move_seconds)
    if row.needs_limit or searcher in DEEPENED:
        return Plan(searcher, seconds=usual)
    return Plan(searcher)


def plan(
    spec: GameSpec,
    game: Any,
    args: argparse.Namespace,
    *,
    play: bool,
    searcher: str | None = None,
    assignments: Sequence[str] = (),
    flag: str = "-o",
    members: Capabilities | None = None,
) -> Plan:
    """The search the options ask for, checked against ``game``.

    ``searcher`` (default: ``--searcher``) and ``assignments`` (``NAME=VALUE`` strings,
    default: ``-o``) choose the searcher and its options; ``args.depth`` and ``args.time``
    are the limits. ``members`` is the game's record, if the command has read it (else it is
    read here). A searcher the command chose itself is one whose row takes the game's kind and
    the limits given; a refusal of it names no flag the user did not give.

    Raises:
        InvalidSearchOptionError: a searcher that does not fit the game, a limit the
            searcher does not take, or an option it does not have.
    """
    if members is None:
        members = Capabilities.of(game)
    kind = kind_of(game, members)
    chosen = searcher if searcher is not None else args.searcher
    named = chosen is not None
    given = assignments if searcher is not None else getattr(args, "option", [])
    fields = _fields_given(args, given)
    if chosen is None:
        chosen = (
            _first_fitting(LIMITED, kind, fields) if fields or play
            else _exact(members, kind)
        )  # fmt: skip
    who = f"--searcher {chosen}" if named and searcher is None else chosen
    _check_fits(spec, chosen, kind, who, play=play)
    if play and not command_limits(chosen):
        raise InvalidSearchOptionError(
            f"{who}: the table solver solves every position before its first move and takes "
            f"no limit per move; play {spec.name} with {_takers('time_limit', kind, 'or')}"
        )
    options = parse_options(given, chosen, METHODS[chosen], flag=flag)
    _check_limits(args, chosen, kind, who)
    row = registry.find_searcher(chosen)
    counted = {name for name, _ in options} & {row.keyword(f) for f in row.limits}
    if args.depth is None and args.time is None and not counted:
        unlimited = _unlimited(spec, chosen, play=play)
        return replace(unlimited, options=options)
    return Plan(chosen, depth=args.depth, seconds=args.time, options=options)


def _fields_given(args: argparse.Namespace, given: Sequence[str]) -> tuple[str, ...]:
    """The limits given: ``depth`` and ``time_limit`` by flag, ``node_limit`` by ``-o``."""
    named = {assignment.partition("=")[0].strip() for assignment in given}
    fields = sorted(named & LIMITS)
    if args.depth is not None:
        fields.append("depth")
    if args.time is not None:
        fields.append("time_limit")
    return tuple(fields)


def _takers(field: str, kind: Kind, conjunction: str = "and") -> str:
    """The ``--searcher`` choices that keep ``field`` and take a game of ``kind``, in prose."""
    return registry.with_names(
        (
            row.name for row in _ROWS
            if field in command_limits(row.name) and fits(row, kind)
        ),
        conjunction,
    )  # fmt: skip


def _check_limits(args: argparse.Namespace, chosen: str, kind: Kind, who: str) -> None:
    """Refuse ``--depth`` or ``--time`` that ``chosen`` does not keep, in the command's words.

    The refusal says what the searcher takes instead, and which searchers of the game's kind
    keep the limit.
    """
    kept = command_limits(chosen)
    given = ((args.depth, "depth", "--depth"), (args.time, "time_limit", "--time"))
    for value, field, said in given:
        if value is None or field in kept:
            continue
        own = [text for text in flags(chosen) if text.split()[0] != said]
        if "time_limit" in kept and "--time S" not in own:
            own.insert(0, "--time S")
        instead = f"give it {in_words(own)} instead" if own else "it takes no limit"
        others = _takers(field, kind, "or")
        elsewhere = f"; the searchers that take {said} here are {others}" if others else ""
        raise InvalidSearchOptionError(
            f"{who} {_what_it_does(chosen)}: it takes no {said} ({instead}){elsewhere}"
        )


def _what_it_does(searcher: str) -> str:
    """What ``searcher`` does in place of a limit it refuses, in a phrase."""
    if searcher == TABLE:
        return "solves every position to the end"
    if searcher in PROVERS:
        return "proves the value to the end of the game"
    if registry.find_searcher(searcher).needs_limit:
        return "searches for a number of playouts or a time, not to a depth"
    return "searches to a depth"


def no_estimate_hint(game: Any, members: Capabilities, chosen: Plan, *, named: bool) -> str:
    """What to give ``solve`` for an estimate, when Ctrl-C stopped a search before it had one.

    ``named``: the user named the searcher (``--searcher``), whose own limits are suggested;
    else the command chose it, and a limit makes it choose the depth-limited searcher that
    fits the game (:func:`fitting`), whose limits are suggested.
    """
    searcher = chosen.searcher if named else fitting(game, members)
    given = [flag for flag in flags(searcher) if not flag.startswith("-o ")]
    if not given:
        return f"{searcher} takes no limit: it has no estimate before its proof"
    if searcher in PROVERS:
        return f"{in_words(given)} stops it with the bounds proven so far"
    return f"{in_words(given)} gives one"


def _check_fits(spec: GameSpec, searcher: str, kind: Kind, who: str, *, play: bool) -> None:
    """Refuse ``searcher`` for a game of ``kind`` if its row of the registry does not take it.

    ``who`` names it as the user did (``--searcher NAME``), or as the command chose it. With
    ``play`` the searchers suggested are those that keep a limit per move.

    Raises:
        InvalidSearchOptionError: the game has chance nodes, other than two players, or sums
            the searcher's row does not take; the message names those of the command that do.
    """
    row = registry.find_searcher(searcher)
    reason = why_not(row, kind)
    if not reason:
        return
    others = registry.with_names(
        (
            row.name for row in _ROWS
            if fits(row, kind) and (command_limits(row.name) or not play)
        ),
        "or",
    )  # fmt: skip
    if reason.startswith("not zero-sum") or reason.startswith("not constant-sum"):
        sums = "zero-sum" if row.zero_sum else "constant-sum"
        total = "0" if row.zero_sum else "the same number"
        raise InvalidSearchOptionError(
            f"{who} needs a {sums} game, whose two utilities add up to {total} at every end, "
            f"and {spec.name}'s do not; search it with {others}"
        )
    raise InvalidSearchOptionError(f"{who}: {spec.name} is {reason}; search it with {others}")
