"""``gamesearch cfr``: solve a game of imperfect information by CFR, print and save the strategy.

``gamesearch cfr kuhn --iterations 1000`` runs CFR+ (or ``--variant vanilla``) on Kuhn poker
with a progress line on stderr (iterations done, their rate and the exploitability of the
average strategy so far), then prints the average strategy as a table: one row per information
set, the probability of each action. ``--out FILE`` saves it with
:func:`~gamesearch.imperfect.save_strategy`: SQLite rows for a name ending in ``.sqlite`` or
``.db``, JSON otherwise.
"""

from __future__ import annotations

import argparse
import ast
import shlex
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from .._entry import check_perfect_information
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError, UnknownGameError
from ..games.registry import find_game
from ..imperfect import (
    CFRSolver,
    FileFormat,
    KuhnPoker,
    LeducPoker,
    LiarsDice,
    OhHell,
    save_strategy,
)
from ._numbers import positive_int

GAMES: dict[str, Any] = {"kuhn": KuhnPoker, "leduc": LeducPoker, "liars_dice": LiarsDice}
"""The games ``gamesearch cfr`` knows by name."""

PLAY_GAMES: dict[str, Any] = {**GAMES, "ohhell": OhHell}
"""The games of imperfect information ``gamesearch play`` knows by name: cfr's, and Oh Hell."""

_ACTION_NAMES: dict[type, tuple[str, ...]] = {
    KuhnPoker: ("pass", "bet"),
    LeducPoker: ("fold", "call", "raise"),
}
"""The names of the actions of the games whose actions are numbers with a meaning."""

_KUHN_CARDS = "JQK"
"""The cards of two-player Kuhn poker, 0 to 2."""


def add_cfr_command(commands: Any) -> None:
    """Add ``gamesearch cfr`` to the command's subparsers."""
    summary = "solve a game of imperfect information by CFR: print and save the strategy"
    cfr = commands.add_parser(
        "cfr",
        help=summary,
        description=summary + ". The progress line (stderr) shows the exploitability of the "
        "average strategy so far.",
    )
    cfr.add_argument(
        "game", metavar="GAME", help=f"the game: {', '.join(GAMES)}; or your own as module:Class"
    )
    cfr.add_argument(
        "-p", "--param", action="append", default=[], metavar="NAME=VALUE",
        help="a game parameter, such as players=3 or dice_sides=3 (repeat for more)",
    )  # fmt: skip
    cfr.add_argument(
        "--iterations", type=positive_int, required=True, metavar="N", help="iterations to run"
    )
    cfr.add_argument(
        "--variant", choices=("plus", "vanilla"), default="plus",
        help="CFR+ (default) or vanilla CFR, both with alternating updates",
    )  # fmt: skip
    cfr.add_argument(
        "--every", type=positive_int, metavar="N",
        help="a progress line every N iterations (default: ten lines in all)",
    )  # fmt: skip
    cfr.add_argument(
        "--out", metavar="FILE",
        help="save the strategy: SQLite for a name ending in .sqlite or .db, else JSON",
    )  # fmt: skip
    cfr.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    cfr.set_defaults(run=run_cfr)


def make_imperfect_game(name: str, params: list[str], games: Mapping[str, Any] = GAMES) -> Any:
    """The game called ``name`` in ``games`` (or at the path ``module:Class``), with its parameters.

    Raises:
        UnknownGameError: no such game, or one without ``information_set``.
        InvalidSearchOptionError: a parameter that is not ``NAME=VALUE``, or that the game
            refuses.
    """
    if ":" in name:
        game = find_game(name).make_from(params)
    else:
        cls = games.get(name.strip().lower())
        if cls is None:
            raise UnknownGameError(
                f"cfr knows the games {', '.join(games)}; {name!r} is none of them (give a "
                "game of your own as module:Class)"
            )
        values = {}
        for assignment in params:
            key, equals, text = assignment.partition("=")
            if not equals or not key.strip().isidentifier():
                raise InvalidSearchOptionError(f"{assignment!r}: give a parameter as NAME=VALUE")
            try:
                values[key.strip()] = ast.literal_eval(text.strip())
            except (ValueError, SyntaxError):
                values[key.strip()] = text.strip()
        try:
            game = cls(**values)
        except (TypeError, ValueError) as exc:
            raise InvalidSearchOptionError(f"{name}: {exc}") from None
    if Capabilities.of(game).information_set is None:
        raise UnknownGameError(
            f"{name} is not a game of imperfect information: it has no information_set"
        )
    return game


def refuse_imperfect(
    command: str,
    name: str,
    params: Sequence[str],
    game: Any = None,
    members: Capabilities | None = None,
) -> None:
    """Refuse a game of imperfect information to ``gamesearch COMMAND``, which would see all.

    ``game`` is the game made of ``name`` and ``params`` (``members`` its record, if read), or
    ``None`` before it is made: then a name of a game of imperfect information that ``cfr`` or
    ``play`` knows (``kuhn``, ...), which no reference game has, makes it here, to be refused.

    Raises:
        UnsupportedGameError: the game declares ``information_set``; the message names the
            command that takes it, as the command line gave it: ``gamesearch cfr NAME -p ...``
            (for a game ``cfr`` knows, or one of one's own), and ``gamesearch play``.
    """
    known = name.strip().lower()
    if game is None:
        if known not in PLAY_GAMES:
            return
        game = make_imperfect_game(name, list(params), PLAY_GAMES)
    found = Capabilities.of(game) if members is None else members
    given = shlex.join([name, *(part for param in params for part in ("-p", param))])
    takers = []
    if known in GAMES or ":" in name:  # not Oh Hell, too big for CFR's walk of the whole tree
        takers.append(f"solve it with gamesearch cfr {given} --iterations 1000")
    if found.sample_state is not None:  # ismcts samples the hidden states
        takers.append(f"play it against ismcts with gamesearch play {given}")
    instead = ", or ".join(takers)
    check_perfect_information(game, f"gamesearch {command}", found, instead=instead)


def run_cfr(args: argparse.Namespace, out: TextIO) -> int:
    """``gamesearch cfr``: run CFR with a progress line, print the table, save the strategy."""
    game = make_imperfect_game(args.game, args.param)
    solver = CFRSolver(game, variant=args.variant)
    every = args.every or max(1, args.iterations // 10)
    started = time.perf_counter()
    while solver.iterations < args.iterations:
        solver.iterate(min(every, args.iterations - solver.iterations))
        if not args.quiet:
            _report(solver, args.iterations, started)
    result = solver.result()
    exploitability = (
        "not defined (not constant-sum)"
        if result.exploitability is None
        else f"{result.exploitability:.6g}"
    )
    print(
        f"{game!r}: {result.variant} CFR, {result.iterations:,} iterations in "
        f"{result.elapsed:.2f} s; exploitability {exploitability}; values "
        + ", ".join(f"player {p} {v:+.4f}" for p, v in enumerate(result.values)),
        file=out,
    )
    print(strategy_table(game, result.strategy), file=out)
    if args.out is not None:
        suffix = Path(args.out).suffix.lower()
        file_format: FileFormat = "sqlite" if suffix in (".sqlite", ".db") else "json"
        save_strategy(args.out, game, result.strategy, file_format=file_format)
        print(f"saved the strategy to {args.out} ({file_format})", file=out)
    return 0


def _report(solver: CFRSolver, total: int, started: float) -> None:
    """A progress line, in the style of the other commands' (``phase: done, rate, left``)."""
    done = solver.iterations
    rate = done / solver.elapsed if solver.elapsed > 0 else 0.0
    exploitability = solver.result().exploitability
    measured = "" if exploitability is None else f", exploitability {exploitability:.6g}"
    left = "" if rate == 0 or done >= total else f", about {(total - done) / rate:.0f} s left"
    print(
        f"cfr: {done:,} of {total:,} iterations, {rate:,.0f} iterations/s{measured}{left}",
        file=sys.stderr,
    )


def strategy_table(game: Any, strategy: Mapping[Any, Mapping[Any, float]]) -> str:
    """The strategy as a table: a row per information set, a column per action.

    Kuhn poker's rows give the card (J, Q, K for two players) and the betting so far; other
    games' rows give the information set's key. An action a set lacks leaves its cell blank.
    """
    actions: list[Any] = []
    for probabilities in strategy.values():
        actions.extend(a for a in probabilities if a not in actions)
    names = _ACTION_NAMES.get(type(game), ())
    labels = [names[a] if isinstance(a, int) and 0 <= a < len(names) else str(a) for a in actions]
    kuhn = isinstance(game, KuhnPoker)
    header = ["card", "history"] if kuhn else ["information set"]
    rows = []
    items = list(strategy.items())
    if kuhn:  # by the betting so far, then the card: the table the lectures draw
        items.sort(key=lambda item: (len(item[0]), item[0][1:], item[0][0]))
    for key, probabilities in items:
        if kuhn:
            card = int(key[0])
            shown = _KUHN_CARDS[card] if game.num_players == 2 else str(card)
            first = [shown, key[1:] or "-"]
        else:
            first = [key if isinstance(key, str) else repr(key)]
        cells = [f"{probabilities[a]:.3f}" if a in probabilities else "" for a in actions]
        rows.append(first + cells)
    table = [header + labels, *rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    lines = []
    for row in table:
        lead = [cell.ljust(width) for cell, width in zip(row[: len(header)], widths, strict=False)]
        rest = [
            cell.rjust(width)
            for cell, width in zip(row[len(header) :], widths[len(header) :], strict=True)
        ]
        lines.append("  ".join(lead + rest).rstrip())
    return "\n".join(lines)
