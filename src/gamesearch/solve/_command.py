"""``gamesearch table build`` and ``gamesearch table probe``: solution files from a terminal.

``gamesearch table build GAME --out FILE`` solves a reference game into a SQLite file (with
``--plies N``, an opening book of its first N plies instead, and ``--split-ply K`` its parts
one per position K plies deep; with ``--workers N``, in parts on N worker processes);
``gamesearch table probe FILE --moves ...`` reads the file back and tells the value, distance
and best moves of a position. The file remembers which game it solves (the ``spec`` line), so
probe needs no game name.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TextIO

from ..errors import InvalidSearchOptionError
from ..games.registry import GameSpec, find_game, reference_games
from . import _store
from .opening import opening_book
from .progress import Progress
from .solution import Solution
from .solver import solve


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
    probe = actions.add_parser("probe", help="the value and best moves of a position in FILE")
    probe.add_argument("file", metavar="FILE", help="a file written by 'table build'")
    probe.add_argument(
        "--moves", nargs="+", default=[], metavar="MOVE",
        help="the moves played so far, from the start of the game",
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


def _report(report: Progress) -> None:
    left = "" if report.remaining is None else f", about {report.remaining:.0f} s left"
    if report.phase == "parts":
        done = f"{report.done:,} of {report.total or 0:,} parts done, {report.rate:,.2f} parts/s"
    else:
        done = f"{report.done:,} states, {report.rate:,.0f} states/s"
    print(f"{report.phase}: {done}{left}", file=sys.stderr)


def _build(args: argparse.Namespace, out: TextIO) -> int:
    if args.split_ply is not None and args.plies is None:  # before any worker starts
        raise InvalidSearchOptionError("--split-ply splits an opening book: give --plies too")
    spec = find_game(args.game)
    game = spec.make_from(args.param)
    line = shlex.join([spec.name, *args.param])
    progress = None if args.quiet else _report
    with ExitStack() as stack:
        executor = None
        if args.workers is not None:
            executor = stack.enter_context(ProcessPoolExecutor(args.workers))
        options: dict[str, Any] = {"path": args.out, "progress": progress, "spec": line}
        if args.plies is not None:
            if args.split_ply is not None:
                options["split_ply"] = args.split_ply
            solution = opening_book(game, args.plies, executor=executor, **options)
        else:
            solution = solve(game, executor=executor, **options)
    size = Path(args.out).stat().st_size
    print(
        f"{len(solution):,} states of {game!r} by {solution.method} in "
        f"{solution.stats.elapsed:.2f} s; {args.out}: {size:,} bytes "
        f"({size / max(len(solution), 1):.0f} bytes per state)",
        file=out,
    )
    return 0


def _probe(args: argparse.Namespace, out: TextIO) -> int:
    if not Path(args.file).exists():
        raise InvalidSearchOptionError(f"no table file {args.file}")
    connection = _store.connect(args.file)
    meta = _store.read_meta(connection)
    connection.close()
    if "spec" not in meta:
        raise InvalidSearchOptionError(f"{args.file} does not say which game it solves")
    name, *params = shlex.split(meta["spec"])
    spec = find_game(name)
    game = spec.make_from(params)
    with Solution.load(args.file, game) as solution:
        return _show(solution, spec, game, args.moves, out)


def _show(solution: Solution, spec: GameSpec, game: Any, moves: list[str], out: TextIO) -> int:
    """Play ``moves`` from the start and print what ``solution`` says of the position."""
    state = game.initial_state()
    for move in moves:
        legal = {str(action): action for action in game.actions(state)}
        if move not in legal:
            raise InvalidSearchOptionError(
                f"--moves: {move!r} is not legal here; the legal moves are "
                f"{' '.join(legal) or 'none (the game is over)'}"
            )
        state = game.result(state, legal[move])
    render = getattr(game, "render", None)
    print(render(state) if callable(render) else repr(state), file=out)
    mover = spec.players[game.to_move(state)]
    value, distance = solution.value(state), solution.distance(state)
    print(f"to move: {mover}", file=out)
    print(f"value: {value:g} for {mover}", file=out)
    ends = "none (a draw)" if distance is None else f"{distance} plies to the end"
    print(f"distance: {ends}", file=out)
    best = " ".join(str(action) for action in solution.best_actions(state))
    print(f"best moves: {best or 'none (the game is over)'}", file=out)
    return 0
