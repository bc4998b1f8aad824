"""``gamesearch match``: two searchers play a series of games, with a progress line.

The games are those of :func:`gamesearch.tournament`: the seats alternate from game to game,
each two games start from one opening (two random moves drawn from ``--seed`` by default,
``--random-openings N`` moves, or a suite: ``--openings FILE``), every player's generator and
the dice are seeded from ``--seed``, and ``--workers N`` plays them on N processes. Each
searcher plays as ``gamesearch play`` lets the computer play (its default limit per move, or
``--depth``/``--time``, and its ``-o`` options; ``-a``/``-b`` set options of one side only). The
result gives each searcher's wins, draws and losses, its score (a draw counts half) with a 95%
interval, its mean utility per game with a 95% interval (Student's t: what a poker player
counts, chips rather than games won), the pairs' counts (``Ptnml(0-2)``) and the Elo difference
the score implies, with the 95% interval of the pairs' variance. ``--sprt ELO0,ELO1`` plays
until the sequential test of :class:`gamesearch.SPRT` decides (``--games`` is then the most
games to play): it prints the log-likelihood ratio and its bounds as the pairs come in, and the
verdict.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import replace
from typing import Any, TextIO

from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError
from ..frontdoor.making import make_game
from ..frontdoor.plans import Plan, plan
from ..frontdoor.running import Interrupted, check_plan, move_of, run
from ..openings import MAX_PLIES, RandomOpenings, read_openings
from ..pentanomial import Pentanomial
from ..playing import GameRecord, RandomPlayer
from ..progress import Progress
from ..sprt import SPRT, SPRTStatus, sprt_match
from ..tournaments import seats_of, tally, tournament
from ._numbers import positive_int, positive_seconds
from ._pool import worker_pool

RANDOM = "random"
"""The name of the player that plays a legal move at random."""

_Z = 1.96
"""The normal quantile of a two-sided 95% interval."""


class PlanPlayer:
    """A player that plays the move a :class:`~._search.Plan` finds, as ``gamesearch play``.

    It has a generator (``rng``) for ``mcts``, which :func:`~gamesearch.tournament` seeds
    for every game; it pickles, for ``--workers``.
    """

    def __init__(self, plan: Plan, game: Any = None, rng: random.Random | None = None) -> None:
        self.plan = plan
        self.game = game
        self.rng = rng if rng is not None else random.Random(dict(plan.options).get("rng"))

    def __repr__(self) -> str:
        return f"<{self.plan.describe()}>"

    def bind(self, game: Any) -> PlanPlayer:
        """This player, playing ``game`` (with the same generator)."""
        return self if self.game is game else PlanPlayer(self.plan, game, self.rng)

    def __call__(self, state: Any) -> Any:
        """The move the plan finds in ``state``."""
        chosen = self.plan
        if chosen.searcher == "mcts":
            kept = tuple(option for option in chosen.options if option[0] != "rng")
            chosen = replace(chosen, options=(*kept, ("rng", self.rng)))
        try:
            result, _ = run(self.game, state, chosen)
        except Interrupted:  # Ctrl-C stops the match, not just this game (a part that failed)
            raise KeyboardInterrupt from None
        return move_of(self.game, state, result)


def match(args: argparse.Namespace, out: TextIO) -> int:
    """``gamesearch match``: ``--games`` games between two searchers, and the result."""
    spec, game, members = make_game(args.game, args.param, "match")
    if game.num_players != 2:
        raise InvalidSearchOptionError(
            f"match plays two searchers against each other: {spec.name} has "
            f"{game.num_players} players"
        )
    test = _sprt_of(args)
    games = args.games if args.games is not None else 10_000 if test else 10
    if test is not None and games % 2:
        raise InvalidSearchOptionError(f"match: --games must be even with --sprt, not {games}")
    names = (args.first, args.second)
    players = []
    for name, own, flag in ((args.first, args.a_option, "-a"), (args.second, args.b_option, "-b")):
        own_args, rest = limits(args, [*args.option, *own], flag)
        players.append(make_player(spec, game, members, own_args, name, rest, flag))
    labels = _labels(names)
    limit = f"up to {games} games, until {test} decides" if test else f"{games} games"
    print(f"match: {spec.name}, {limit}, the seats alternating, each two games from one "
          f"opening ({_openings_told(args)})", file=out)  # fmt: skip
    for label, player in zip(labels, players, strict=True):
        described = RANDOM if isinstance(player, RandomPlayer) else player.plan.describe()
        print(f"{label}: {described}", file=out)
    records: dict[int, GameRecord[Any, Any]] = {}
    options: dict[str, Any] = {
        "seed": args.seed, "max_moves": args.max_moves, "openings": openings_of(args, game),
        "progress": None if args.quiet else Line(), "on_record": records.__setitem__,
    }  # fmt: skip
    verdict = None
    try:
        with ExitStack() as stack:
            if args.workers is not None:
                options["executor"] = stack.enter_context(worker_pool(args.workers))
            if test is None:
                tournament(game, players, games=games, **options)
            else:
                told = _Told(out)
                verdict = sprt_match(game, players, test, max_games=games, on_status=told,
                                     **options).status  # fmt: skip
                told.last(verdict)
    except KeyboardInterrupt:
        print(f"interrupted after {len(records)} of {games} games", file=sys.stderr)
        _print_result(labels, records, out)
        return 130
    _print_result(labels, records, out)
    if verdict is not None:
        told_verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "undecided"}
        print(f"SPRT: {told_verdict[verdict.verdict]} (LLR {verdict.llr:+.2f}, bounds "
              f"{verdict.lower:+.2f} and {verdict.upper:+.2f})"
              + ("" if verdict.verdict else f" after the limit of {games} games"), file=out)
    return 0


def add_opening_options(command: argparse.ArgumentParser) -> None:
    """``--openings FILE`` and ``--random-openings N``, as ``match`` and ``tournament`` take."""
    for flag, settings in _OPENING_OPTIONS:
        command.add_argument(flag, **settings)


def _plies(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer >= 0, not {text!r}") from None
    if not 0 <= value <= MAX_PLIES:
        raise argparse.ArgumentTypeError(f"must be an integer from 0 to {MAX_PLIES}, not {text!r}")
    return value


_OPENING_OPTIONS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("--openings", {"metavar": "FILE", "help": "start the games from the openings of FILE, one a "
     "line, moves separated by spaces (each opening played twice, each side first once)"}),
    ("--random-openings", {"metavar": "N", "default": 2, "type": _plies, "help": "start each two "
     "games from N random moves drawn from --seed (default 2; 0: every game from the start)"}),
)  # fmt: skip
"""The options of ``match`` and ``tournament`` that say where the games start."""


def openings_of(args: argparse.Namespace, game: Any) -> Any:
    """The ``openings=`` of the command's games: a suite read from ``--openings``, or random.

    Raises:
        TableFileError: the suite cannot be read, or names a move that is not legal.
    """
    if args.openings is not None:
        return read_openings(args.openings, game)
    return RandomOpenings(args.random_openings) if args.random_openings else None


def repeats_told(count: int) -> str:
    """What the result says of ``count`` games that repeated an earlier one."""
    return (f"repeated: {count} games repeated an earlier game move for move (deterministic "
            "players, one opening): counted once; longer openings (--random-openings N) or a "
            "suite (--openings FILE) give new games")  # fmt: skip


def _openings_told(args: argparse.Namespace) -> str:
    if args.openings is not None:
        return f"the suite {args.openings}"
    if not args.random_openings:
        return "none: every game from the start"
    return f"{args.random_openings} random move{'s' if args.random_openings > 1 else ''}"


def _sprt_of(args: argparse.Namespace) -> SPRT | None:
    """The test ``--sprt ELO0,ELO1`` (with ``--alpha`` and ``--beta``) asks for, if any."""
    if args.sprt is None:
        return None
    parts = args.sprt.split(",")
    try:
        elo0, elo1 = (float(part) for part in parts)
    except ValueError:
        raise InvalidSearchOptionError(
            f"match: --sprt takes ELO0,ELO1, two numbers such as 0,10, not {args.sprt!r}"
        ) from None
    return SPRT(elo0, elo1, args.alpha, args.beta)


class _Told:
    """Prints the test's status as the pairs come in: one line a second at most, and the last."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.when = -math.inf
        self.shown: tuple[int, float] | None = None
        self.latest: tuple[SPRTStatus, Pentanomial] | None = None

    def __call__(self, status: SPRTStatus, pairs: Pentanomial) -> None:
        self.latest = (status, pairs)
        now = time.perf_counter()
        if status.verdict is not None or now - self.when >= 1.0:
            self.when = now
            self._show(status, pairs)

    def last(self, status: SPRTStatus) -> None:
        """The final status, unless it was the last shown."""
        if self.latest is not None:
            self._show(*self.latest)

    def _show(self, status: SPRTStatus, pairs: Pentanomial) -> None:
        if self.shown == (pairs.pairs, status.llr):
            return
        self.shown = (pairs.pairs, status.llr)
        print(f"pairs {pairs.pairs}: LLR {status.llr:+.2f} (bounds {status.lower:+.2f}, "
              f"{status.upper:+.2f})", file=self.out, flush=True)  # fmt: skip


def make_player(
    spec: Any,
    game: Any,
    members: Capabilities,
    args: argparse.Namespace,
    name: str,
    options: list[str],
    flag: str,
) -> Any:
    """The player ``name`` (a searcher, or ``random``) with ``options``, as ``play`` plays.

    ``flag`` names where the options came from in an error (``-a``, or a tournament's entrant).
    """
    if name == RANDOM:
        if options:
            raise InvalidSearchOptionError(f"{flag}: the random player takes no options")
        return RandomPlayer(random.Random(args.seed))
    chosen = plan(spec, game, args, play=True, searcher=name, assignments=options,
                  flag=f"-o/{flag}", members=members)  # fmt: skip
    check_plan(game, chosen)  # a bad option is refused before the first game
    return PlanPlayer(chosen)


_LIMITS = {"depth": positive_int, "time": positive_seconds}
"""The entrant's options that are the command's own ``--depth`` and ``--time`` for it alone."""


def limits(
    args: argparse.Namespace, options: list[str], text: str
) -> tuple[argparse.Namespace, list[str]]:
    """The command's arguments with an entrant's own ``depth=``/``time=``, and its other options.

    Raises:
        InvalidSearchOptionError: a depth or time that is not a count or seconds.
    """
    own = argparse.Namespace(**vars(args))
    rest = []
    for option in options:
        key, _, value = option.partition("=")
        read = _LIMITS.get(key.strip())
        if read is None:
            rest.append(option)
            continue
        try:
            setattr(own, key.strip(), read(value.strip()))
        except argparse.ArgumentTypeError as exc:
            raise InvalidSearchOptionError(f"{text}: {key} {exc}") from None
    return own, rest


def _labels(names: Sequence[str]) -> tuple[str, str]:
    """What the result calls the two sides: A and B, with their searchers' names."""
    return f"A {names[0]}", f"B {names[1]}"


class Line:
    """Progress on stderr as ``table build`` prints it: games done of N, rate, time left.

    One line a second at most, and the last game's.
    """

    def __init__(self) -> None:
        self.last = -math.inf

    def __call__(self, report: Progress) -> None:
        now = time.perf_counter()
        final = report.total is not None and report.done >= report.total
        if not final and now - self.last < 1.0:
            return
        self.last = now
        left = "" if report.remaining is None else f", about {report.remaining:.0f} s left"
        print(
            f"games: {report.done:,} of {report.total or 0:,} done, {report.rate:,.2f} games/s"
            f"{left}",
            file=sys.stderr,
            flush=True,
        )


def _print_result(
    labels: tuple[str, str], records: dict[int, GameRecord[Any, Any]], out: TextIO
) -> None:
    """Each side's tally, score and mean utility with 95% intervals, and the Elo difference."""
    games = sorted(records)  # those played so far, when interrupted
    seats = tuple(seats_of(index, 2, alternate=True) for index in games)
    result = tally(tuple(records[index] for index in games), seats, 2,
                   tuple(index // 2 for index in games))  # fmt: skip
    wins, draws, losses, unfinished = result.wins, result.draws, result.losses, result.unfinished
    played = wins[0] + draws[0] + losses[0]
    width = max(len(label) for label in labels)
    for side, label in enumerate(labels):
        score = wins[side] + draws[side] / 2
        print(
            f"{label:<{width}}  {wins[side]} won, {draws[side]} drawn, {losses[side]} lost: "
            f"score {score:g} of {played}{_interval(score, played)}",
            file=out,
        )
    for label, utility in zip(labels, result.utilities, strict=True):
        if utility.mean is not None:
            print(f"{label:<{width}}  mean utility per game {utility}", file=out)
    if unfinished:
        print(f"unfinished: {unfinished} games stopped at --max-moves", file=out)
    if result.repeats:
        print(repeats_told(len(result.repeats)), file=out)
    pairs = Pentanomial.of(result)
    if pairs.pairs:
        print(f"pairs of games, A's points: {pairs} ({pairs.pairs} pairs)", file=out)
        gap = pairs.difference("A", "B")
        print(f"Elo difference, A minus B: {_elo(pairs.score)} (95% interval {gap.low:+.0f} .. "
              f"{gap.high:+.0f}, from the pairs)", file=out)  # fmt: skip
    elif played:
        low, high = wilson(wins[0] + draws[0] / 2, played)
        share = (wins[0] + draws[0] / 2) / played
        print(
            f"Elo difference, A minus B: {_elo(share)} (95% interval {_elo(low)} .. {_elo(high)})",
            file=out,
        )


def _interval(score: float, games: int) -> str:
    if not games:
        return ""
    low, high = wilson(score, games)
    return f" ({score / games:.3f}, 95% interval {low:.3f} .. {high:.3f})"


def wilson(score: float, games: int, z: float = _Z) -> tuple[float, float]:
    """Wilson's score interval for ``score`` points in ``games`` games, as fractions.

    A draw counts half a point: the interval treats the score as a proportion of successes,
    which overstates the spread a little when there are draws (a known, safe approximation).

    Example:
        >>> low, high = wilson(5, 10)
        >>> round(low, 3), round(high, 3)
        (0.237, 0.763)
    """
    share = score / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    spread = (
        z
        / (1 + z * z / games)
        * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    )
    return max(0.0, centre - spread), min(1.0, centre + spread)


def _elo(share: float) -> str:
    """The Elo difference a score share implies: 400 log10(s / (1 - s))."""
    if share <= 0:
        return "-inf"
    if share >= 1:
        return "+inf"
    return f"{400 * math.log10(share / (1 - share)):+.0f}"
