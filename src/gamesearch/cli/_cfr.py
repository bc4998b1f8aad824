"""``gamesearch cfr``: solve a game of imperfect information by CFR, print and save the strategy.

``gamesearch cfr kuhn --iterations 1000`` runs CFR+ (or ``--variant vanilla``) on Kuhn poker,
or Monte Carlo CFR with ``--scheme external`` or ``--scheme outcome`` (the names of
:func:`~gamesearch.imperfect.mccfr`'s schemes), with a progress line on stderr (iterations done,
their rate and the exploitability of the average strategy so far), then prints the average
strategy as a table: one row per information set, in the order a person reads them
(:mod:`._reading_order`), the probability of each action. ``--out FILE`` saves it with
:func:`~gamesearch.imperfect.save_strategy`: SQLite rows for a name ending in ``.sqlite`` or
``.db``, JSON otherwise; ``--svg FILE`` draws the exploitability against the iterations with
:func:`~gamesearch.imperfect.convergence_svg`. Ctrl-C stops after the iteration under way, and
the strategy so far is printed and saved, with the iterations it has (a second Ctrl-C stops at
once, saving nothing).
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from ..errors import InvalidSearchOptionError
from ..frontdoor.making import CFR_GAMES, make_imperfect_game
from ..imperfect.convergence_curves import LABELS, ConvergenceCurve, checkpoints, convergence_svg
from ..imperfect.kuhn import KuhnPoker
from ..imperfect.leduc import LeducPoker
from ..imperfect.regret import CFRSolver
from ..imperfect.sampled_regret import MCCFRSolver
from ..imperfect.strategy_file import FileFormat, save_strategy
from ._numbers import positive_int
from ._reading_order import reading_order

_ACTION_NAMES: dict[type, tuple[str, ...]] = {
    KuhnPoker: ("pass", "bet"),
    LeducPoker: ("fold", "call", "raise"),
}
"""The names of the actions of the games whose actions are numbers with a meaning."""

_KUHN_CARDS = "JQK"
"""The cards of two-player Kuhn poker, 0 to 2."""

_PICTURE_POINTS = 12
"""The checkpoints of the ``--svg`` picture, spaced evenly on its log scale (as
:func:`~gamesearch.imperfect.convergence` spaces them), besides those of the progress lines."""


def add_cfr_command(commands: Any) -> None:
    """Add ``gamesearch cfr`` to the command's subparsers."""
    summary = "solve a game of imperfect information by CFR: print and save the strategy"
    cfr = commands.add_parser(
        "cfr",
        help=summary,
        description=summary + ". The progress line (stderr) shows the exploitability of the "
        "average strategy so far. Ctrl-C stops after the iteration under way and prints and "
        "saves the strategy so far.",
    )
    cfr.add_argument(
        "game",
        metavar="GAME",
        help=f"the game: {', '.join(CFR_GAMES)}; or your own as module:Class",
    )
    cfr.add_argument(
        "-p", "--param", action="append", default=[], metavar="NAME=VALUE",
        help="a game parameter, such as players=3 or dice_sides=3 (repeat for more)",
    )  # fmt: skip
    cfr.add_argument(
        "--iterations", type=positive_int, required=True, metavar="N", help="iterations to run"
    )
    cfr.add_argument(
        "--variant", choices=("plus", "vanilla"), default=None,
        help="tabular CFR: CFR+ (default) or vanilla CFR, both with alternating updates",
    )  # fmt: skip
    cfr.add_argument(
        "--scheme", choices=("external", "outcome"), default=None,
        help="Monte Carlo CFR instead: external or outcome sampling (gamesearch.imperfect.mccfr)",
    )  # fmt: skip
    cfr.add_argument(
        "--epsilon", type=float, default=None, metavar="E",
        help="outcome sampling: the weight of the uniform strategy in the sampling, in (0, 1] "
        "(default 0.6)",
    )  # fmt: skip
    cfr.add_argument(
        "--seed", type=int, default=0, metavar="N", help="Monte Carlo CFR: the samples' seed"
    )
    cfr.add_argument(
        "--no-measure", action="store_true",
        help="Monte Carlo CFR: do not measure the exploitability, which walks the whole tree "
        "(for a game too big to enumerate)",
    )  # fmt: skip
    cfr.add_argument(
        "--every", type=positive_int, metavar="N",
        help="a progress line every N iterations (default: ten lines in all)",
    )  # fmt: skip
    cfr.add_argument(
        "--out", metavar="FILE",
        help="save the strategy: SQLite for a name ending in .sqlite or .db, else JSON",
    )  # fmt: skip
    cfr.add_argument(
        "--svg", metavar="FILE",
        help="draw the exploitability against the iterations, on log-log axes, as SVG",
    )  # fmt: skip
    cfr.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    cfr.set_defaults(run=run_cfr)


def run_cfr(args: argparse.Namespace, out: TextIO) -> int:
    """``gamesearch cfr``: run CFR with a progress line, print the table, save the strategy.

    Returns:
        0, or 130 when Ctrl-C stopped the iterations (the strategy so far printed and saved).
    """
    _check_options(args)
    game = make_imperfect_game(args.game, args.param)
    solver: CFRSolver | MCCFRSolver
    if args.scheme is None:
        solver = CFRSolver(game, variant=args.variant or "plus")
    else:
        epsilon = 0.6 if args.epsilon is None else args.epsilon
        solver = MCCFRSolver(game, scheme=args.scheme, rng=args.seed, epsilon=epsilon)
    curve: list[tuple[int, float, float]] = []
    interrupted = _iterate(solver, args, curve)
    if interrupted:
        print(
            f"interrupted after {solver.iterations:,} of {args.iterations:,} iterations: the "
            "strategy so far",
            file=sys.stderr,
        )
    result = _measured(solver, args)
    print(_summary(game, result), file=out)
    print(strategy_table(game, result.strategy), file=out)
    so_far = f" so far ({result.iterations:,} iterations)" if interrupted else ""
    if args.out is not None:
        suffix = Path(args.out).suffix.lower()
        file_format: FileFormat = "sqlite" if suffix in (".sqlite", ".db") else "json"
        save_strategy(args.out, game, result.strategy, file_format=file_format)
        print(f"saved the strategy{so_far} to {args.out} ({file_format})", file=out)
    if args.svg is not None:
        _draw(args, game, solver, result, curve)
        print(f"drew the exploitability{so_far} to {args.svg}", file=out)
    return 130 if interrupted else 0


def _check_options(args: argparse.Namespace) -> None:
    """Refuse the options that do not go together, before the game is made.

    Raises:
        InvalidSearchOptionError: ``--variant`` with ``--scheme``, Monte Carlo CFR's options
            without ``--scheme``, ``--epsilon`` out of range, or ``--svg`` with
            ``--no-measure``.
    """
    if args.scheme is not None and args.variant is not None:
        raise InvalidSearchOptionError(
            "--variant chooses tabular CFR's variant and --scheme runs Monte Carlo CFR: give one"
        )
    if args.scheme is None and (args.epsilon is not None or args.no_measure):
        raise InvalidSearchOptionError(
            "--epsilon and --no-measure are Monte Carlo CFR's: give --scheme external or outcome"
        )
    if args.epsilon is not None and not 0.0 < args.epsilon <= 1.0:
        raise InvalidSearchOptionError(f"--epsilon must be > 0 and <= 1, not {args.epsilon}")
    if args.svg is not None and args.no_measure:
        raise InvalidSearchOptionError(
            "--svg draws the exploitability, which --no-measure leaves unmeasured"
        )


def _iterate(
    solver: CFRSolver | MCCFRSolver, args: argparse.Namespace, curve: list[tuple[int, float, float]]
) -> bool:
    """Run the iterations, one at a time, so that Ctrl-C stops after the one under way.

    A progress line at each of the progress stops, a point of ``curve`` at each of the
    picture's. Returns whether Ctrl-C stopped the iterations.
    """
    total = args.iterations
    every = args.every or max(1, total // 10)
    shown = set() if args.quiet else {*range(every, total, every), total}
    drawn = set() if args.svg is None else set(checkpoints(total, _PICTURE_POINTS))
    started = time.perf_counter()
    with _CtrlC() as ctrl_c:
        for stop in sorted(shown | drawn | {total}):
            while solver.iterations < stop:
                if ctrl_c.pressed:
                    return True
                solver.iterate()
            if stop not in shown and stop not in drawn:
                continue
            exploitability = None if args.no_measure else solver.result().exploitability
            if stop in drawn and exploitability is not None:
                curve.append((solver.iterations, solver.elapsed, exploitability))
            if stop in shown:
                _report(solver, total, exploitability, started)
    return False


class _CtrlC:
    """Ctrl-C, once, asks the loop to stop after the iteration under way; twice, stops at once.

    Where no handler can be set (not the main thread), Ctrl-C stops at once, as elsewhere.
    """

    def __init__(self) -> None:
        self.pressed = False
        self._previous: Any = None

    def __enter__(self) -> _CtrlC:
        try:
            self._previous = signal.signal(signal.SIGINT, self._press)
        except ValueError:  # not the main thread
            self._previous = None
        return self

    def _press(self, signum: int, frame: FrameType | None) -> None:
        if self.pressed:
            raise KeyboardInterrupt
        self.pressed = True

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)


def _measured(solver: CFRSolver | MCCFRSolver, args: argparse.Namespace) -> Any:
    """The solver's result, measured unless ``--no-measure``."""
    if isinstance(solver, MCCFRSolver):
        return solver.result(measure=not args.no_measure)
    return solver.result()


def _summary(game: Any, result: Any) -> str:
    """The line above the table: the method, its iterations, exploitability and values."""
    method = (
        f"{result.variant} CFR"
        if hasattr(result, "variant")
        else f"MCCFR ({result.scheme} sampling)"
    )
    if result.values is None:
        return (
            f"{game!r}: {method}, {result.iterations:,} iterations in {result.elapsed:.2f} s; "
            "not measured (--no-measure)"
        )
    exploitability = (
        "not defined (not constant-sum)"
        if result.exploitability is None
        else f"{result.exploitability:.6g}"
    )
    return (
        f"{game!r}: {method}, {result.iterations:,} iterations in {result.elapsed:.2f} s; "
        f"exploitability {exploitability}; values "
        + ", ".join(f"player {p} {v:+.4f}" for p, v in enumerate(result.values))
    )


def _draw(
    args: argparse.Namespace,
    game: Any,
    solver: CFRSolver | MCCFRSolver,
    result: Any,
    curve: list[tuple[int, float, float]],
) -> None:
    """Write the picture of the exploitability at each checkpoint, the last one included.

    Raises:
        InvalidSearchOptionError: the game is not constant-sum: it has no exploitability.
    """
    if result.exploitability is None:
        raise InvalidSearchOptionError(
            f"--svg draws the exploitability, and {game!r} is not constant-sum: it has none"
        )
    if not curve or curve[-1][0] != result.iterations:
        curve.append((result.iterations, solver.elapsed, result.exploitability))
    method = args.scheme or args.variant or "plus"
    iterations, seconds, exploitability = zip(*curve, strict=True)
    drawn = ConvergenceCurve(method, LABELS[method], iterations, seconds, exploitability)
    title = f"{game!r}: exploitability of the average strategy"
    Path(args.svg).write_text(convergence_svg([drawn], title=title), encoding="utf-8")


def _report(
    solver: CFRSolver | MCCFRSolver, total: int, exploitability: float | None, started: float
) -> None:
    """A progress line, in the style of the other commands' (``phase: done, rate, left``)."""
    done = solver.iterations
    rate = done / solver.elapsed if solver.elapsed > 0 else 0.0
    measured = "" if exploitability is None else f", exploitability {exploitability:.6g}"
    left = "" if rate == 0 or done >= total else f", about {(total - done) / rate:.0f} s left"
    print(
        f"cfr: {done:,} of {total:,} iterations, {rate:,.0f} iterations/s{measured}{left}",
        file=sys.stderr,
        flush=True,
    )


def strategy_table(game: Any, strategy: Mapping[Any, Mapping[Any, float]]) -> str:
    """The strategy as a table: a row per information set, a column per action.

    The rows come in the order a person reads them (:func:`._reading_order.reading_order`): a
    player's together, by the decisions so far (the betting), then by the cards the player
    sees, in the order the game deals them. Kuhn poker's rows give the card (J, Q, K for two
    players) and the betting so far; other games' rows give the information set's key. An
    action a set lacks leaves its cell blank.
    """
    actions: list[Any] = []
    for probabilities in strategy.values():
        actions.extend(a for a in probabilities if a not in actions)
    names = _ACTION_NAMES.get(type(game), ())
    labels = [names[a] if isinstance(a, int) and 0 <= a < len(names) else str(a) for a in actions]
    kuhn = isinstance(game, KuhnPoker)
    header = ["card", "history"] if kuhn else ["information set"]
    rows = []
    place = reading_order(game)
    for key, probabilities in sorted(strategy.items(), key=lambda item: place(item[0])):
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
