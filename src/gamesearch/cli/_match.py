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
from ..errors import InvalidSearchOptionError, TableFileError
from ..frontdoor.making import make_game
from ..frontdoor.plans import Plan, plan
from ..frontdoor.running import Interrupted, check_plan, move_of, run
from ..game import CHANCE
from ..openings import (
    MAX_PLIES,
    RandomOpenings,
    decisions_left,
    move_text,
    position_of,
    read_openings,
    schedule_openings,
)
from ..pentanomial import Pentanomial
from ..playing import GameRecord, RandomPlayer, is_deterministic
from ..progress import Progress
from ..searchers import DETERMINISTIC, find_searcher
from ..sprt import SPRT, SPRTStatus, distinct, sprt_match
from ..tournaments import seats_of, tally, tournament
from ._numbers import positive_int, positive_seconds
from ._pool import checked_workers, worker_pool
from ._throttle import Throttle, finished

RANDOM = "random"
"""The name of the player that plays a legal move at random."""

_Z = 1.96
"""The normal quantile of a two-sided 95% interval."""
DEFAULT_PLIES = 2
"""The random moves of an opening when neither ``--openings`` nor ``--random-openings`` is
given."""


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

    @property
    def deterministic(self) -> bool:
        """Whether it plays the same move in the same state every time.

        True for one of the library's deterministic searchers with no time limit (``--time``,
        a game's default seconds) and plain options (see
        :func:`gamesearch.playing.is_deterministic`).
        """
        chosen = self.plan
        if chosen.seconds is not None or chosen.searcher not in DETERMINISTIC:
            return False
        return all(_plain_option(name, value) for name, value in chosen.options)

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


def _plain_option(name: str, value: object) -> bool:
    """Whether an option leaves a search deterministic: plain data, and no time limit."""
    if name == "time_limit":
        return value is None
    return value is None or isinstance(value, (bool, int, float, str))


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
    workers = checked_workers(args.workers, games, "match")
    openings = openings_of(args, game)  # a bad suite is refused before anything is printed
    check_openings_leave_play(args, game, openings, games // 2)
    names = (args.first, args.second)
    players = []
    for name, own, flag in ((args.first, args.a_option, "-a"), (args.second, args.b_option, "-b")):
        own_args, rest = limits(args, [*args.option, *own], flag)
        check_random_options(name, own, flag)  # after limits: a bad depth is told as such
        players.append(make_player(spec, game, members, own_args, name, rest, flag))
    labels = _labels(names)
    limit = f"up to {games} games, until {test} decides" if test else f"{games} games"
    print(f"match: {spec.name}, {limit}, the seats alternating, each two games from one "
          f"opening ({openings_told(args, openings)})", file=out)  # fmt: skip
    for label, player in zip(labels, players, strict=True):
        described = RANDOM if isinstance(player, RandomPlayer) else player.plan.describe()
        print(f"{label}: {described}", file=out)
    warn_of_openings(args, game, openings, games // 2, players)
    records: dict[int, GameRecord[Any, Any]] = {}
    line = None if args.quiet else Line()
    options: dict[str, Any] = {
        "seed": args.seed, "max_moves": args.max_moves, "openings": openings,
        "progress": line, "on_record": records.__setitem__,
    }  # fmt: skip
    told = _Told(out)
    done = None
    try:
        with ExitStack() as stack:
            if workers is not None:
                options["executor"] = stack.enter_context(worker_pool(workers))
            if test is None:
                tournament(game, players, games=games, **options)
            else:
                done = sprt_match(game, players, test, max_games=games, on_status=told, **options)
                if line is not None:
                    line.flush()  # the games played when the test decided
                told.last()
    except KeyboardInterrupt:
        print(f"interrupted after {len(records)} of {games} games", file=sys.stderr)
        _print_result(labels, records, out, game, suite=args.openings is not None)
        if test is not None:
            status = told.latest[0] if told.latest else test.status((0, 0, 0, 0, 0))
            print(f"SPRT: undecided, interrupted (LLR {status.llr:+.2f}, bounds "
                  f"{status.lower:+.2f} and {status.upper:+.2f})", file=out)  # fmt: skip
        return 130
    _print_result(labels, records, out, game, suite=args.openings is not None)
    if done is not None:
        verdict = done.status
        told_verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "undecided"}
        why = {"decided": "", "limit": f" after the limit of {games} games",
               "repeats": f": {done.reason.removeprefix('undecided: ')}"}[done.ended]  # fmt: skip
        print(f"SPRT: {told_verdict[verdict.verdict]} (LLR {verdict.llr:+.2f}, bounds "
              f"{verdict.lower:+.2f} and {verdict.upper:+.2f}){why}", file=out)  # fmt: skip
    return 0


def warn_of_openings(
    args: argparse.Namespace, game: Any, openings: Any, pairs: int, players: Sequence[Any]
) -> None:
    """Warn on stderr when the openings are fewer than the pairs: some are played again.

    A suite shorter than the pairs is played from its first line again (always warned of);
    random openings of a game with fewer positions than pairs repeat (warned of when two
    players or more are deterministic: they replay the same games, which count once, and
    ``--sprt`` stops when nothing new is left).
    """
    lines = schedule_openings(game, openings, pairs, args.seed, "match")
    found = distinct(game, lines)
    fixed = sum(is_deterministic(player) for player in players)
    if found >= pairs or (args.openings is None and fixed < 2):
        return
    where = (f"the suite {args.openings} has only {_count(found, 'distinct opening')}"
             if args.openings is not None else
             f"random openings of {_count(_plies_of(args), 'move')} give only "
             f"{_count(found, 'distinct opening')}")  # fmt: skip
    then = ("deterministic players replay the same games from them, counted once" if fixed >= 2
            else "players that vary still play new games from them")  # fmt: skip
    print(f"warning: {where} for {_count(pairs, 'pair')} of games: {then}; "
          f"{more_openings_advice(args)}", file=sys.stderr)  # fmt: skip


def more_openings_advice(args: argparse.Namespace) -> str:
    """What gives new games: what fits the openings the command was given."""
    if args.openings is not None:
        return ("a larger suite (more distinct openings), or random openings of more moves "
                "(--random-openings N instead of --openings) give new games")
    return ("longer random openings (--random-openings N, more moves) or a suite "
            "(--openings FILE) give new games")


def _count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless one."""
    return f"{number:,} {noun}" + ("" if number == 1 else "s")


def _plies_of(args: argparse.Namespace) -> int:
    return DEFAULT_PLIES if args.random_openings is None else int(args.random_openings)


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
    ("--random-openings", {"metavar": "N", "type": _plies, "help": "start each two games from "
     "N random moves drawn from --seed (default 2; 0: every game from the start); not with "
     "--openings"}),
)  # fmt: skip
"""The options of ``match`` and ``tournament`` that say where the games start."""


def openings_of(args: argparse.Namespace, game: Any) -> Any:
    """The ``openings=`` of the command's games: a suite read from ``--openings``, or random.

    Raises:
        InvalidSearchOptionError: both ``--openings`` and ``--random-openings`` were given, or
            the suite cannot be read, or names a move that is not legal (a bad command line:
            exit 2, before anything is printed).
    """
    if args.openings is not None:
        if args.random_openings is not None:
            raise InvalidSearchOptionError(
                f"--openings and --random-openings are two sources of openings: keep one "
                f"(--openings {args.openings} plays the suite; --random-openings "
                f"{args.random_openings} draws random ones)"
            )
        try:
            return read_openings(args.openings, game)
        except TableFileError as exc:
            raise InvalidSearchOptionError(f"--openings: {exc}") from None
    plies = _plies_of(args)
    return RandomOpenings(plies) if plies else None


def check_openings_leave_play(
    args: argparse.Namespace, game: Any, openings: Any, pairs: int
) -> None:
    """Refuse openings that leave the players fewer than two decisions: the opening would decide.

    A decision is a position where the mover has two moves or more; an opening after which no
    line of the game holds two of them rates the moves of the opening, not the players.

    Raises:
        InvalidSearchOptionError: an opening leaves fewer than two decisions (exit 2, before
            anything is printed).
    """
    lines = schedule_openings(game, openings, pairs, args.seed, "match")
    short = {}
    for line in lines:
        text = " ".join(move_text(move) for move in line)
        if text in short:
            continue
        state = game.initial_state()
        for move in line:
            state = game.result(state, move)
        short[text] = decisions_left(game, state) < 2
    bad = [text for text, few in short.items() if few]
    if not bad:
        return
    counted = _count(len(bad), "opening")
    where = (f"--openings: {counted} of the suite {args.openings}" if args.openings is not None
             else f"--random-openings {_plies_of(args)}: {counted} drawn")  # fmt: skip
    verb = "leaves" if len(bad) == 1 else "leave"
    raise InvalidSearchOptionError(
        f"{where} (the first: {bad[0]!r}) {verb} the players fewer than 2 decisions (positions "
        f"with a choice of moves): the opening, not the players, would decide those games; "
        f"give shorter openings"
    )


def repeats_told(count: int, *, suite: bool = False) -> str:
    """What the result says of ``count`` games that repeated an earlier one."""
    advice = ("a larger suite (more distinct openings), random openings of more moves "
              "(--random-openings N instead of --openings) or players that vary give new games"
              if suite else
              "longer openings (--random-openings N), a suite (--openings FILE) or players "
              "that vary give new games")  # fmt: skip
    return (f"repeated: {_count(count, 'game')} repeated an earlier game move for move "
            f"(deterministic players, one opening): counted once; {advice}")  # fmt: skip


def openings_told(args: argparse.Namespace, openings: Any) -> str:
    """Where the games start, for the header: the suite and its size, or the random moves."""
    if args.openings is not None:
        return f"the suite {args.openings}: {_count(len(openings), 'opening')}"
    plies = _plies_of(args)
    if not plies:
        return "none: every game from the start"
    return f"{_count(plies, 'random move')} drawn from --seed {args.seed}"


def _sprt_of(args: argparse.Namespace) -> SPRT | None:
    """The test ``--sprt ELO0,ELO1`` (with ``--alpha`` and ``--beta``) asks for, if any."""
    if args.sprt is None:
        given = [flag for flag, value in (("--alpha", args.alpha), ("--beta", args.beta))
                 if value is not None]  # fmt: skip
        if given:
            raise InvalidSearchOptionError(
                f"{' and '.join(given)} set the error rates of the sequential test: give "
                "--sprt ELO0,ELO1 with them (or leave them out)"
            )
        return None
    parts = args.sprt.split(",")
    try:
        elo0, elo1 = (float(part) for part in parts)
    except ValueError:
        raise InvalidSearchOptionError(
            f"match: --sprt takes ELO0,ELO1, two numbers such as 0,10, not {args.sprt!r}"
        ) from None
    alpha = 0.05 if args.alpha is None else args.alpha
    beta = 0.05 if args.beta is None else args.beta
    try:
        return SPRT(elo0, elo1, alpha, beta)
    except InvalidSearchOptionError as exc:  # the test's names are the command's flags here
        message = str(exc).removeprefix("SPRT: ")
        below = "--sprt ELO0,ELO1 needs ELO0 below ELO1"
        message = message.replace("elo0 must be below elo1", below)
        for name, flag in (("elo0", "ELO0 of --sprt"), ("elo1", "ELO1 of --sprt"),
                           ("alpha", "--alpha"), ("beta", "--beta")):  # fmt: skip
            message = message.replace(f"{name} must", f"{flag} must")
        raise InvalidSearchOptionError(f"match: {message}") from None


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

    def last(self) -> None:
        """The final status, unless it was the last shown."""
        if self.latest is not None:
            self._show(*self.latest)

    def _show(self, status: SPRTStatus, pairs: Pentanomial) -> None:
        if self.shown == (pairs.pairs, status.llr):
            return
        self.shown = (pairs.pairs, status.llr)
        print(f"pairs {pairs.pairs:,}: LLR {status.llr:+.2f} (bounds {status.lower:+.2f}, "
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
                  flag=f"-o/{flag}" if flag.startswith("-") else f"entrant {flag!r}",
                  members=members)  # fmt: skip
    check_plan(game, chosen)  # a bad option is refused before the first game
    if _unlimited(chosen) and _large(game, members):
        raise InvalidSearchOptionError(
            f"{flag}: {name} has no limit ({chosen.describe()}): it would search {spec.name} "
            f"(more than {_SMALL_GAME:,} positions) to the end at every move, and the games "
            f"would not end; give it a limit (depth=N among its options, or --depth N for "
            f"every player)"
        )
    return PlanPlayer(chosen)


def check_random_options(name: str, options: Sequence[str], flag: str) -> None:
    """Refuse options (a depth too) given to the random player alone: it would ignore them.

    ``--depth`` and ``-o``, for every player, still apply to the others.
    """
    if name == RANDOM and options:
        raise InvalidSearchOptionError(
            f"{flag}: the random player takes no options (not {', '.join(options)})"
        )


_SMALL_GAME = 20_000
"""The most positions a game may have for a player with no limit to search it to the end."""


def _unlimited(chosen: Plan) -> bool:
    """Whether ``chosen`` has no depth, no time and no count of nodes or playouts."""
    row = find_searcher(chosen.searcher)
    counted = {row.keyword(field) for field in row.limits}
    named = {name for name, _ in chosen.options}
    return chosen.depth is None and chosen.seconds is None and not named & counted


def _large(game: Any, members: Capabilities) -> bool:
    """Whether ``game`` has more than :data:`_SMALL_GAME` positions (counted until then)."""
    start = game.initial_state()
    seen = {position_of(members, start)}
    waiting = [start]
    while waiting:
        state = waiting.pop()
        if game.is_terminal(state):
            continue
        if game.to_move(state) == CHANCE and members.chance_outcomes is not None:
            moves = [outcome for outcome, _ in members.chance_outcomes(state)]
        else:
            moves = list(game.actions(state))
        for move in moves:
            after = game.result(state, move)
            where = position_of(members, after)
            if where not in seen:
                if len(seen) >= _SMALL_GAME:
                    return True
                seen.add(where)
                waiting.append(after)
    return False


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

    One line a second at most, and the last game's; :meth:`flush` prints a report held back
    (a match that a sequential test stopped before its last game).
    """

    def __init__(self) -> None:
        self.throttle = Throttle()
        self.held: Progress | None = None

    def __call__(self, report: Progress) -> None:
        if not self.throttle.due(report):
            self.held = report
            return
        self.held = None
        self._print(report)

    def flush(self) -> None:
        """Print the last report, if the throttle held it back."""
        if self.held is not None:
            self._print(self.held, stopped=True)
            self.held = None

    @staticmethod
    def _print(report: Progress, *, stopped: bool = False) -> None:
        last = stopped or finished(report)
        left = "" if report.remaining is None or last else (
            f", about {report.remaining:.0f} s left"
        )
        print(
            f"games: {report.done:,} of {report.total or 0:,} done, {report.rate:,.2f} games/s"
            f"{left}",
            file=sys.stderr,
            flush=True,
        )


def _print_result(
    labels: tuple[str, str],
    records: dict[int, GameRecord[Any, Any]],
    out: TextIO,
    game: Any,
    *,
    suite: bool = False,
) -> None:
    """Each side's tally, score and mean utility with 95% intervals, and the Elo difference."""
    games = sorted(records)  # those played so far, when interrupted
    seats = tuple(seats_of(index, 2, alternate=True) for index in games)
    result = tally(tuple(records[index] for index in games), seats, 2,
                   tuple(index // 2 for index in games), game=game)  # fmt: skip
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
        print(repeats_told(len(result.repeats), suite=suite), file=out)
    pairs = Pentanomial.of(result) if games else Pentanomial((0, 0, 0, 0, 0))
    if pairs.pairs:
        print(f"pairs of games, A's points: {pairs} ({_count(pairs.pairs, 'pair')})", file=out)
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
