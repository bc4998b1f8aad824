"""``gamesearch match``: two searchers play a series of games, with a progress line.

The games are those of :func:`gamesearch.tournament`: the seats alternate from game to game,
every player's generator and the dice are seeded from ``--seed``, and ``--workers N`` plays
them on N processes. Each searcher plays as ``gamesearch play`` lets the computer play (its
default limit per move, or ``--depth``/``--time``, and its ``-o`` options; ``-a``/``-b`` set
options of one side only). The result gives each searcher's wins, draws and losses, its
score (a draw counts half) with a 95% interval, its mean utility per game with a 95% interval
(Student's t: what a poker player counts, chips rather than games won), and the Elo difference
the score implies.
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
from ..frontdoor.running import Interrupted, move_of, run
from ..playing import GameRecord, RandomPlayer
from ..progress import Progress
from ..tournaments import seats_of, tally, tournament
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
    names = (args.first, args.second)
    players = [
        make_player(spec, game, members, args, name, [*args.option, *own], flag)
        for name, own, flag in (
            (args.first, args.a_option, "-a"),
            (args.second, args.b_option, "-b"),
        )
    ]
    labels = _labels(names)
    print(f"match: {spec.name}, {args.games} games, the seats alternating", file=out)
    for label, player in zip(labels, players, strict=True):
        described = RANDOM if isinstance(player, RandomPlayer) else player.plan.describe()
        print(f"{label}: {described}", file=out)
    records: dict[int, GameRecord[Any, Any]] = {}
    progress = None if args.quiet else Line()
    try:
        with ExitStack() as stack:
            executor = None
            if args.workers is not None:
                executor = stack.enter_context(worker_pool(args.workers))
            tournament(
                game, players, games=args.games, seed=args.seed, executor=executor,
                max_moves=args.max_moves, progress=progress, on_record=records.__setitem__,
            )  # fmt: skip
    except KeyboardInterrupt:
        print(f"interrupted after {len(records)} of {args.games} games", file=sys.stderr)
        _print_result(labels, records, out)
        return 130
    _print_result(labels, records, out)
    return 0


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
    return PlanPlayer(plan(spec, game, args, play=True, searcher=name, assignments=options,
                           flag=f"-o/{flag}", members=members))  # fmt: skip


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
    result = tally(tuple(records[index] for index in games), seats, 2)
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
    if played:
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
