"""Which searcher the command runs on a game, with what limits and options.

``solve`` proves by default, with the exact method that fits the game (:func:`exact_method`):
the engine's exact solver (``mtdf`` without a depth) for a two-player game that offers its
hooks, else ``iterative_deepening`` until the value is proven; the table solver
(:func:`gamesearch.solving.solve`, value iteration) for a two-player game of chance; ``maxn``,
deepened until proven, for n != 2 players. A limit the user gives (``--depth``, ``--time``)
switches to the depth-limited family that fits (:func:`fitting`): ``iterative_deepening``,
``expectiminimax`` or ``maxn``. ``play`` keeps a limit per move (:func:`default_plan`).
:func:`plan` checks the options against the game before anything is printed; :mod:`.running`
searches.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import searchers as registry
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError
from ..games.registry import GameSpec
from ..result import SearchResult
from ..solving import solve
from .options import Options, describe, flags, in_words, parse_options

SEARCHERS: dict[str, Callable[..., SearchResult[Any]]] = {
    row.name: row.function for row in sorted(registry.SEARCHERS, key=lambda row: row.name)
    if row.command
}  # fmt: skip
"""The searchers ``--searcher`` names, besides ``solve`` (the table solver): the registry's rows
marked ``command``."""

TABLE = "solve"
"""The name of the table solver, :func:`gamesearch.solving.solve`, for ``--searcher``."""

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


@dataclass(frozen=True)
class Plan:
    """A search the command will run: a searcher, its limits and its own options."""

    searcher: str
    """The name of the searcher, a key of :data:`METHODS`."""

    depth: int | None = None
    """The depth limit in plies (the deepest iteration), ``None`` for none."""

    seconds: float | None = None
    """The time limit, for ``iterative_deepening`` and ``mcts``; ``None`` for none."""

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
        if self.searcher == "mtdf" and self.depth is None:
            return f"mtdf, the exact solver, until the value is proven{extra}"
        if self.depth is not None:
            limit = f"{self.depth} {'ply' if self.depth == 1 else 'plies'} deep"
        elif self.searcher in DEEPENED or self.searcher == "iterative_deepening":
            limit = "until the value is proven"
        else:
            limit = "to the end of the game"
        if self.searcher in ("iterative_deepening", *PROVERS) and self.seconds is not None:
            limit += f", at most {self.seconds:g} s"
        return f"{self.searcher} {limit}{extra}"


def _mcts_limit(plan: Plan) -> str:
    limits = [f"{plan.seconds:g} s"] if plan.seconds is not None else []
    options = dict(plan.options)
    limits += [
        f"{options[name]} {name}" for name in ("iterations", "node_limit") if name in options
    ]
    return " for " + " or ".join(limits) if limits else ""


def fitting(game: Any, members: Capabilities) -> str:
    """The depth-limited searcher for ``game``: expectiminimax, maxn or iterative_deepening.

    ``members`` is the game's record (a game of chance has ``chance_outcomes``).
    """
    if members.chance_outcomes is not None:
        return "expectiminimax"
    if getattr(game, "num_players", 2) != 2:
        return "maxn"
    return "iterative_deepening"


def exact_method(game: Any, members: Capabilities) -> str:
    """The method that proves ``game``'s value: mtdf, iterative_deepening, solve or maxn.

    The engine's exact solver (``mtdf`` without a depth) where the game offers its hooks
    (``win_utility`` and ``non_losing_children``), else ``iterative_deepening`` until the value
    is proven (its progress per depth, its last iteration kept for Ctrl-C); the table solver
    for a two-player game of chance; ``maxn``, deepened until proven, for n != 2 players.
    """
    family = fitting(game, members)
    if family == "expectiminimax":
        return TABLE if game.num_players == 2 else family
    if family == "iterative_deepening" and members.solves_exactly:
        return "mtdf"
    return family


def default_plan(
    spec: GameSpec, game: Any, *, play: bool, members: Capabilities | None = None
) -> Plan:
    """What ``solve`` (or, with ``play``, each move of ``play``) runs on ``game`` by default.

    ``members`` is the game's record, if the command has read it (else it is read here).
    """
    if members is None:
        members = Capabilities.of(game)
    if not play:
        return Plan(exact_method(game, members))
    searcher = fitting(game, members)
    if searcher in DEEPENED:
        return Plan(searcher, depth=spec.depth)
    return Plan(searcher, seconds=spec.move_seconds)


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
    read here).

    Raises:
        InvalidSearchOptionError: a searcher that does not fit the game, a limit the
            searcher does not take, or an option it does not have.
    """
    if members is None:
        members = Capabilities.of(game)
    default = default_plan(spec, game, play=play, members=members)
    chosen = searcher if searcher is not None else args.searcher
    given = assignments if searcher is not None else getattr(args, "option", [])
    named = {assignment.partition("=")[0].strip() for assignment in given}
    limited = args.depth is not None or args.time is not None or bool(named & LIMITS)
    if chosen is None:
        # A limit asks for the depth-limited family that fits; no limit keeps the default.
        exact = default.searcher in (TABLE, "mtdf")
        chosen = fitting(game, members) if limited and exact else default.searcher
    _check_fits(spec, game, chosen, members)
    _check_sums(spec, game, chosen)
    options = parse_options(given, chosen, METHODS[chosen], flag=flag)
    row = registry.find_searcher(chosen)
    if row.needs_limit:
        if args.depth is not None:
            raise InvalidSearchOptionError(
                f"{chosen} searches for a number of playouts or a time, not to a depth: give "
                f"it {in_words(flags(chosen))}, not --depth"
            )
        counted = {name for name, _ in options} & {row.keyword(f) for f in row.limits}
        usual = spec.move_seconds if play else spec.seconds or spec.move_seconds
        seconds = args.time or (None if counted else usual)
        return Plan(chosen, seconds=seconds, options=options)
    if chosen in PROVERS:
        if args.depth is not None:
            raise InvalidSearchOptionError(
                f"--searcher {chosen} proves the value to the end of the game: it takes no "
                f"--depth (give it {in_words(flags(chosen))} to stop it sooner)"
            )
        return Plan(chosen, seconds=args.time, options=options)
    if args.time is not None:
        if "time_limit" not in row.limits:
            timed = registry.with_names((r.name for r in _ROWS if "time_limit" in r.limits), "or")
            own = flags(chosen)
            instead = f"give it {in_words(own)} instead" if own else f"{chosen} takes no limit"
            raise InvalidSearchOptionError(
                f"--time needs the {timed} searcher, not {chosen} ({instead})"
            )
        return Plan(chosen, depth=args.depth, seconds=args.time, options=options)
    if args.depth is not None:
        if chosen == TABLE:
            raise InvalidSearchOptionError(
                "--searcher solve solves every position to the end: it takes no --depth"
            )
        return Plan(chosen, depth=args.depth, options=options)
    if chosen == default.searcher:
        return Plan(chosen, default.depth, default.seconds, options)
    return Plan(chosen, depth=spec.depth if play and chosen in DEEPENED else None, options=options)


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


_LONGEST_PROBE = 1_000
"""The most plies :func:`_check_sums` plays to reach an end of the game."""


def _check_sums(spec: GameSpec, game: Any, searcher: str) -> None:
    """Refuse a searcher whose row needs a zero-sum game for a game that is not one.

    The first actions are played to an end of the game (within :data:`_LONGEST_PROBE` plies),
    whose utilities must add up to 0; the searcher checks every end it reads itself, so a game
    whose first end says nothing (or that raises, or runs on) is left to it.

    Raises:
        InvalidSearchOptionError: the end reached has utilities that do not add up to 0.
    """
    if not registry.find_searcher(searcher).zero_sum:
        return
    try:
        state = game.initial_state()
        for _ in range(_LONGEST_PROBE):
            if game.is_terminal(state):
                break
            state = game.result(state, game.actions(state)[0])
        else:
            return
        values = [float(game.utility(state, player)) for player in (0, 1)]
    except Exception:  # the searcher meets it, and names it
        return
    if abs(values[0] + values[1]) > 1e-9 * max(1.0, *map(abs, values)):
        others = [
            name for name in SEARCHERS
            if registry.find_searcher(name).players == "two"
            and not registry.find_searcher(name).zero_sum
        ]
        raise InvalidSearchOptionError(
            f"--searcher {searcher} needs a zero-sum game, whose utilities add up to 0 at every "
            f"end, but {spec.name}'s are {values[0]:g} and {values[1]:g} at one: search it with "
            f"{in_words(others)}"
        )


def _check_fits(spec: GameSpec, game: Any, searcher: str, members: Capabilities) -> None:
    """Refuse ``searcher`` for ``game`` if its row of the registry does not accept its kind.

    Raises:
        InvalidSearchOptionError: the game has chance nodes, or other than two players, and the
            searcher does not search such games; the message names those that do.
    """
    chance = members.chance_outcomes is not None
    players = game.num_players
    if registry.find_searcher(searcher).accepts(players=players, chance=chance, hidden=False):
        return
    if chance and not registry.find_searcher(searcher).chance:
        kind = "a game of chance"
    else:
        kind = f"not a two-player game ({players} players)"
    fitting = registry.accepting(players=players, chance=chance, hidden=False)
    others = registry.with_names((name for name in fitting if name in METHODS), "or")
    raise InvalidSearchOptionError(
        f"--searcher {searcher}: {spec.name} is {kind}; search it with {others}"
    )
