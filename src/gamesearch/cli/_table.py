"""``gamesearch table build`` and ``gamesearch table probe``: solution files from a terminal.

``gamesearch table build GAME --out FILE`` solves a reference game into a SQLite file (with
``--plies N``, an opening book of its first N plies instead, and ``--split-ply K`` its parts
one per position K plies deep; with ``--workers N``, in parts on N worker processes);
``gamesearch table probe FILE`` tells what the file holds (the game, the kind of table, its
size, the root's value, when it was built and whether it is complete), from the file alone,
importing nothing; with ``--moves ...`` or ``--position ...``, also the value, distance and
best moves of a position, in the game the file names (made under the rule of
:func:`gamesearch.identity.remake`) or in ``--game`` (with ``--game`` alone, of the start).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from ..capabilities import Capabilities
from ..errors import (
    GameSearchError,
    InvalidSearchOptionError,
    TableFileError,
    UnsolvedStateError,
    short_repr,
)
from ..frontdoor.board import move_text, own_player_names, position_from, show
from ..frontdoor.making import refuse_imperfect
from ..game import CHANCE
from ..games.registry import GameSpec, find_game, reference_games
from ..identity import GameIdentity, game_identity, game_name, remake
from ..solving import _file
from ..solving.opening import opening_book
from ..solving.progress import Progress
from ..solving.solution import Solution
from ..solving.solver import solve
from ._pool import worker_pool
from ._throttle import Throttle, finished


def add_table_command(commands: Any) -> None:
    """Add ``table build`` and ``table probe`` to the ``gamesearch`` command's subparsers."""
    table = commands.add_parser(
        "table",
        help="solve a game into a SQLite table, and look positions up in it",
        description="Solve a reference game into a SQLite file, and look positions up in it.",
    )
    actions = table.add_subparsers(title="actions", required=True, metavar="ACTION")
    build = actions.add_parser("build", help="solve GAME into the file --out")
    names = ", ".join(spec.name for spec in reference_games())
    build.add_argument("game", metavar="GAME", help=f"the game: {names}")
    build.add_argument(
        "-p", "--param", action="append", default=[], metavar="NAME=VALUE",
        help="a game parameter, such as width=4 (repeat for more)",
    )  # fmt: skip
    build.add_argument("--out", required=True, metavar="FILE", help="the SQLite file to write")
    build.add_argument(
        "--plies", type=int, metavar="N",
        help="an opening book of the first N plies instead of the whole game",
    )  # fmt: skip
    build.add_argument(
        "--split-ply", type=int, default=None, metavar="K",
        help="with --plies: one part per position K plies deep (default 1), for more workers",
    )  # fmt: skip
    build.add_argument(
        "--workers", type=_workers, default=None, metavar="N",
        help="solve in parts on N worker processes (a ProcessPoolExecutor); the same table",
    )  # fmt: skip
    build.add_argument("--quiet", action="store_true", help="no progress reports on stderr")
    build.set_defaults(run=_build)
    probe = actions.add_parser(
        "probe", help="what FILE holds, and the value and best moves of a position in it"
    )
    probe.add_argument("file", metavar="FILE", help="a table file (table build, solve(path=))")
    probe.add_argument(
        "--moves", nargs="*", default=None, metavar="MOVE",
        help="the moves played so far, from the start of the game or from --position (Nim's "
        "(0, 2) as 0,2); none for the start itself",
    )  # fmt: skip
    probe.add_argument("--position", help="the position as the game draws it (its parse method)")
    probe.add_argument(
        "--game", metavar="GAME",
        help="the game, if not the one the file names (a reference game or module:Class)",
    )  # fmt: skip
    probe.add_argument(
        "-p", "--param", action="append", default=[], metavar="NAME=VALUE",
        help="a parameter of --game, such as width=4 (repeat for more)",
    )  # fmt: skip
    probe.set_defaults(run=_probe)


def _workers(text: str) -> int:
    """``--workers``: an int >= 1."""
    try:
        count = int(text)
    except ValueError:
        count = 0
    if count < 1:
        raise argparse.ArgumentTypeError(f"must be a number of processes >= 1, not {text!r}")
    return count


class _Lines:
    """A book's progress on stderr, in positions, a line a second at most (:class:`Throttle`)."""

    def __init__(self) -> None:
        self.throttle = Throttle()

    def __call__(self, report: Progress) -> None:
        if self.throttle.due(report):
            _report(report, "position")


def _report(report: Progress, noun: str = "state") -> None:
    done_all = finished(report)
    left = "" if report.remaining is None or done_all else f", about {report.remaining:.0f} s left"
    if report.phase == "parts":
        done = f"{report.done:,} of {report.total or 0:,} parts done, {report.rate:,.2f} parts/s"
    else:
        counted = noun if report.done == 1 else f"{noun}s"
        done = f"{report.done:,} {counted}, {report.rate:,.0f} {noun}s/s"
    print(f"{report.phase}: {done}{left}", file=sys.stderr)


def _refuse_players(game: Any, spec: GameSpec) -> None:
    """Refuse a game of other than two players, in the command line's words.

    Raises:
        InvalidSearchOptionError: ``game`` has one player, or three or more.
    """
    players = getattr(game, "num_players", 2)
    if players == 2:
        return
    two = " (build it with -p players=2)" if "players" in _parameters(game) else ""
    raise InvalidSearchOptionError(
        f"table build solves games of two players, and {game_name(game)} has {players} "
        f"players{two}; gamesearch solve {spec.name} searches it as it is"
    )


def _parameters(game: Any) -> dict[str, Any]:
    """The names of the game's parameters, as its identity records them (none if it has none)."""
    try:
        return dict(game_identity(game).parameters)
    except GameSearchError:
        return {}


def _kept(path: str, book: bool) -> str:
    """What an interrupted build left in ``path``, and what to do next."""
    if book:
        return (
            f"a book is written once it is finished, so {path} holds none of it; run the same "
            "build again to start it over"
        )
    try:
        states = _file.info(path).states
    except TableFileError:
        states = 0
    return (
        f"{path} keeps the {states:,} {'state' if states == 1 else 'states'} written so far; "
        "run the same build again to go on from there"
    )


def _build(args: argparse.Namespace, out: TextIO) -> int:
    if args.split_ply is not None and args.plies is None:  # before any worker starts
        raise InvalidSearchOptionError("--split-ply splits an opening book: give --plies too")
    refuse_imperfect("table build", args.game, args.param)
    spec = find_game(args.game)
    game = spec.make_from(args.param)
    refuse_imperfect("table build", args.game, args.param, game)
    _refuse_players(game, spec)
    line = shlex.join([spec.name, *args.param])
    # A book's positions are counted one by one (one may take seconds), the lines throttled.
    progress = None if args.quiet else _Lines() if args.plies is not None else _report
    try:
        with ExitStack() as stack:
            executor = None
            if args.workers is not None:
                executor = stack.enter_context(worker_pool(args.workers))
            options: dict[str, Any] = {"path": args.out, "progress": progress, "spec": line}
            if args.plies is not None:
                if args.split_ply is not None:
                    options["split_ply"] = args.split_ply
                options["progress_every"] = 1
                solution = opening_book(game, args.plies, executor=executor, **options)
            else:
                solution = solve(game, executor=executor, **options)
    except KeyboardInterrupt:
        print(f"\ninterrupted: {_kept(args.out, args.plies is not None)}", file=sys.stderr)
        return 130
    size = Path(args.out).stat().st_size
    stats, count = solution.stats, len(solution)
    made = f"by {solution.method} in {stats.elapsed:.2f} s"
    if count and not stats.solved:  # the same build run again on its finished file
        made = "read back: the file held them all already, nothing was solved"
    elif stats.resumed:
        made += f" ({stats.resumed:,} read back from the file, {stats.solved:,}"
        made += " solved)"
        total = _file.elapsed(args.out)  # every session's, as table probe says
        if total is not None:
            made += f", {total:.2f} s over all its sessions"
    print(
        f"{count:,} {'state' if count == 1 else 'states'} of {game_name(game)} {made}; "
        f"{args.out}: {size:,} bytes ({size / max(count, 1):.0f} bytes per state)",
        file=out,
    )
    return 0


def _probe(args: argparse.Namespace, out: TextIO) -> int:
    """``table probe``: what the file holds and, with a game, a position's value."""
    found = _info(args.file)
    spec = _spec_of(found.game)
    wanted = args.moves is not None or args.position is not None
    moves = args.moves or []
    if args.param and args.game is None:
        raise InvalidSearchOptionError("-p/--param sets a parameter of --game: give --game too")
    if not found.complete or (args.game is None and not wanted):
        _describe(found, spec, out)
        if wanted and not found.complete:
            raise TableFileError(
                f"{args.file} is an unfinished build: its positions can be looked up once it is "
                "finished (run the same build again)"
            )
        if found.complete:  # what the file holds, from the file alone: nothing is imported
            print(
                "(look a position up with --moves or --position, in the game the file names, "
                "made under the rule of table files, or with --game MODULE:CLASS -p NAME=VALUE)",
                file=out,
            )
        return 0
    if args.game is not None:
        spec = find_game(args.game)
        game = spec.make_from(args.param)
    else:
        game = remake(found.game)
    members = Capabilities.of(game)
    if spec is None or ":" in spec.name:  # a game of one's own: its own names, if any
        names = own_player_names(game_name(game), members)
        if names is not None:
            own = spec or GameSpec(game_name(game), type(game), "a game of one's own")
            spec = replace(own, players=names)
    # The position first: a command line that is wrong prints nothing on standard output.
    state = position_from(game, members, type(game).__name__, moves, args.position)
    _describe(found, spec, out)
    with Solution.load(args.file, game) as solution:
        try:
            return _show(solution, spec, game, members, state, out)
        except UnsolvedStateError:  # named by the board drawn and its depth, not by its key
            counted = args.position is None and game.initial_state() in solution
            played = len(moves) if counted else None
            raise UnsolvedStateError(_not_held(args.file, found.plies, played)) from None


def _not_held(path: str, depth: int | None, moves: int | None) -> str:
    """Why the file at ``path`` (a book ``depth`` plies deep, or a table) lacks a position.

    ``moves``: how many moves from the start it is, where that is the book's depth (the
    position given by moves alone, in a book whose root is the start); else ``None``.
    """
    plies = "ply" if depth == 1 else "plies"
    if depth is None:
        why = "the table was not built from a position that reaches it, or the file is damaged"
    elif moves is not None and moves > depth:
        why = f"it is {moves} moves from the start, deeper than the book's {depth} {plies}"
    else:
        why = (
            f"a book holds the positions at most {depth} {plies} from its root, and this is "
            "not one of them: it lies deeper or is not reached from there (or the file is "
            "damaged)"
        )
    return f"{path} does not hold the position drawn above: {why}"


def _info(path: str) -> _file.FileInfo:
    """What the file says of itself; any error reading it (the file alone) a ``TableFileError``.

    Every value of a file is checked as it is read, so an error of another kind is a fault of
    the library that a file found: it is said in one line, as a hostile file's, not as a
    traceback.
    """
    try:
        return _file.info(path)
    except GameSearchError:
        raise
    except Exception as exc:  # a fault that a file found: one line, not a traceback
        raise TableFileError(
            f"{path} cannot be read ({type(exc).__name__}: {short_repr(str(exc))}): please "
            "report it, with the file"
        ) from None


def _spec_of(identity: GameIdentity) -> GameSpec | None:
    """The reference game whose class ``identity`` names, if any (for its player names)."""
    for spec in reference_games():
        if f"{spec.factory.__module__}:{spec.factory.__qualname__}" == identity.path:
            return spec
    return None


def _names(spec: GameSpec | None, player: int) -> str:
    if spec is not None and 0 <= player < len(spec.players):
        return spec.players[player]
    return "chance" if player == CHANCE else f"player {player}"


def _describe(found: _file.FileInfo, spec: GameSpec | None, out: TextIO) -> None:
    """Print what a table file says of itself."""
    print(f"{found.path}: {found.kind} of {found.game}", file=out)
    if found.plies is not None:
        print(f"depth: {found.plies} {'ply' if found.plies == 1 else 'plies'}", file=out)
    print(f"positions: {found.states:,}", file=out)
    if not found.complete:
        print(
            f"unfinished: {found.states:,} states written so far; run the same build again to "
            "finish it",
            file=out,
        )
    when = found.created or "an unrecorded time"
    took = ""
    if found.elapsed is not None:  # every session of a resumed build counted
        took = f", {found.elapsed:.2f} s so far"
        if found.complete:
            took = f", in {found.elapsed:.2f} s"
    print(f"built: {when}{took}" + ("" if found.complete else " (not finished)"), file=out)
    if found.tolerance is not None:
        print(f"tolerance: {found.tolerance:g} (values iterated to within it)", file=out)
    if found.root_value is not None and found.root_player is not None:
        player = 0 if found.root_player == CHANCE else found.root_player
        mover = _names(spec, player)
        where = "a chance node" if found.root_player == CHANCE else f"{mover} to move"
        chance = found.method == "value_iteration" or found.tolerance is not None
        outcome = "" if chance else _outcome(found.root_value, found.constant_sum, mover)
        value = f"{found.root_value:+g} for {mover}{outcome}"
        ends = _distance(found.root_distance, found.method, found.root_value, found.tolerance)
        print(f"root: {where}, value {value}, {ends}", file=out)


def _outcome(value: float, total: float | None, mover: str) -> str:
    """Who wins, in words, when ``mover``'s value is ``value`` in a game of constant sum ``total``.

    The two players' utilities add up to ``total`` at every end, so the mover wins when its
    value is more than half of it: Rolit's 0 is a loss, where tic-tac-toe's 0 is a draw. A draw
    gets no words here: the distance's line says it.

    >>> _outcome(0.0, 1.0, "red"), _outcome(1.0, 0.0, "X"), _outcome(0.5, 1.0, "red")
    (' (red loses)', ' (X wins)', '')
    """
    if total is None or value == total / 2:  # compared exactly, as the solver compares
        return ""
    return f" ({mover} wins)" if value > total / 2 else f" ({mover} loses)"


def _distance(distance: int | None, method: str, value: float, tolerance: float | None) -> str:
    if method == "value_iteration" or tolerance is not None:
        return "no distance (a game of chance has no fixed length)"
    if distance is None:
        return "a draw under best play"
    return f"the game ends in {distance} {'ply' if distance == 1 else 'plies'} under best play"


def _show(
    solution: Solution,
    spec: GameSpec | None,
    game: Any,
    members: Capabilities,
    state: Any,
    out: TextIO,
) -> int:
    """Print what ``solution`` says of ``state`` (``members``: the game's record, for render)."""
    if spec is not None:  # with its coordinates, as `gamesearch solve` draws it
        print(show(spec, members, state), file=out)
    else:
        render = members.render
        print(render(state) if render is not None else repr(state), file=out)
    chance = solution.method == "value_iteration" or solution.tolerance is not None
    if game.to_move(state) == CHANCE and not game.is_terminal(state):
        values = ", ".join(
            f"{solution.value(state, player):+g} for {_names(spec, player)}" for player in (0, 1)
        )
        print(f"a chance node (nature moves next): value {values}", file=out)
        return 0
    mover = game.to_move(state)
    name = _names(spec, mover)
    value, distance = solution.value(state), solution.distance(state)
    print(f"to move: {name}", file=out)
    outcome = "" if chance else _outcome(value, solution.constant_sum, name)
    print(f"value: {value:+g} for {name}{outcome}", file=out)
    if chance:
        print("distance: none (a game of chance has no fixed length)", file=out)
    elif distance is None:
        print("distance: none (a draw under best play)", file=out)
    else:
        print(f"distance: {distance} {'ply' if distance == 1 else 'plies'} to the end", file=out)
    best = " ".join(move_text(action) for action in solution.best_actions(state))
    print(f"best moves: {best or 'none (the game is over)'}", file=out)
    return 0
