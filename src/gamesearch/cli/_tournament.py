"""``gamesearch tournament``: searchers meet in a round robin or a gauntlet, and are rated.

The games are those of :func:`gamesearch.round_robin` (every pair of entrants) or
:func:`gamesearch.gauntlet` (the first entrant against each of the others), each pairing's games
half with each entrant first; ``--seed`` seeds the players and the dice, ``--workers N`` plays
on N processes. Each two rounds start from one opening, which every pairing plays once with each
entrant first: two random moves drawn from the seed by default, ``--random-openings N`` moves,
``--random-openings 0`` none, or ``--openings FILE`` a suite of one's own (see
:func:`gamesearch.read_openings`); a game that repeats an earlier one move for move is counted
once, and the intervals take each pair of games as one sample. An entrant is written
``SEARCHER`` or ``SEARCHER:NAME=VALUE,...`` (its own options, such as ``alphabeta:depth=2`` or
``mcts:iterations=200``); ``-o``, ``--depth`` and ``--time`` apply to every entrant, as in
``gamesearch match``. The result gives each entrant's games won, drawn and lost and its score;
``--ratings`` adds the Elo ratings of :func:`gamesearch.elo_ratings` with their 95% intervals,
and ``--svg FILE`` draws them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TextIO

from .._rating_tally import check_prior
from ..errors import InvalidSearchOptionError, UndeterminedRatingsError
from ..frontdoor.making import make_game
from ..ratings import elo_ratings
from ..schedules import gauntlet, pairings, round_robin, schedule_pairs, schedule_seats
from ..tournaments import tally
from ._match import (
    Line,
    add_opening_options,
    check_openings_leave_play,
    check_random_options,
    limits,
    make_player,
    openings_of,
    openings_told,
    repeats_told,
    warn_of_openings,
)
from ._numbers import positive_int, positive_seconds
from ._pool import checked_workers, worker_pool

__all__ = ["add_tournament_command", "entrant_labels", "split_entrant"]


def add_tournament_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``tournament`` command's parser."""
    summary = "searchers meet in a round robin (or a gauntlet): their tally and Elo ratings"
    command = commands.add_parser(
        "tournament",
        help=summary,
        description=summary + ". Each pairing plays --games-per-pair games, half with each "
        "entrant first, each two from one opening (two random moves by default); --ratings fits "
        "Elo ratings with 95% intervals, from the pairs of games.",
    )
    command.add_argument("game", metavar="GAME", help="the game, or your own as module:Class")
    command.add_argument(
        "entrants", metavar="ENTRANT", nargs="+",
        help="two or more: a searcher (or random), with its own options as "
        "SEARCHER:NAME=VALUE,NAME=VALUE (such as alphabeta:depth=2)",
    )  # fmt: skip
    command.add_argument(
        "-p", "--param", action="append", default=[], metavar="NAME=VALUE",
        help="a game parameter, such as size=4 (repeat for more)",
    )  # fmt: skip
    command.add_argument("--gauntlet", action="store_true",
                         help="the first entrant against each of the others only")  # fmt: skip
    command.add_argument("--games-per-pair", type=positive_int, default=10, metavar="N",
                         help="an even number (default 10)")  # fmt: skip
    add_opening_options(command)
    command.add_argument("--ratings", action="store_true", help="fit Elo ratings")
    command.add_argument("--anchor", metavar="ENTRANT",
                         help="the entrant rated 0 (default: the mean is 0)")  # fmt: skip
    command.add_argument("--prior-draws", type=float, default=0.0, metavar="D",
                         help="D virtual draws between every pair that met (default 0): finite "
                         "ratings when an entrant won every game")  # fmt: skip
    command.add_argument("--svg", metavar="FILE", help="draw the ratings (implies --ratings)")
    command.add_argument("--seed", type=int, default=0, metavar="N", help="default 0")
    command.add_argument("--workers", type=positive_int, metavar="N",
                         help="play the games on N processes")  # fmt: skip
    command.add_argument("--max-moves", type=positive_int, default=10_000, metavar="N",
                         help="stop a game after N moves (default 10000)")  # fmt: skip
    command.add_argument("--depth", type=positive_int, metavar="N",
                         help="each move: search N plies deep")  # fmt: skip
    command.add_argument("--time", type=positive_seconds, metavar="S",
                         help="each move: think S seconds")  # fmt: skip
    command.add_argument(
        "-o", "--option", action="append", default=[], dest="option", metavar="NAME=VALUE",
        help="an option of every searcher (repeat for more)",
    )  # fmt: skip
    command.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    command.set_defaults(run=tournament_command, searcher=None)


def split_entrant(text: str) -> tuple[str, list[str]]:
    """An entrant's searcher and its options: ``"mcts:iterations=9,exploration=2"``.

    Example:
        >>> split_entrant("alphabeta:depth=2,evaluate=mygame:score")
        ('alphabeta', ['depth=2', 'evaluate=mygame:score'])
    """
    name, _, rest = text.partition(":")
    return name, [option for option in rest.split(",") if option]


def entrant_labels(texts: Sequence[str]) -> list[str]:
    """Each entrant's name in the result: as written, a repeated one numbered ``#2``, ``#3``.

    Example:
        >>> entrant_labels(["random", "alphabeta", "random"])
        ['random', 'alphabeta', 'random #2']
    """
    labels: list[str] = []
    for text in texts:
        seen = sum(1 for earlier in texts[: len(labels)] if earlier == text)
        labels.append(text if not seen else f"{text} #{seen + 1}")
    return labels


def tournament_command(args: argparse.Namespace, out: TextIO) -> int:
    """``gamesearch tournament``: the games, each entrant's tally, and with ``--ratings`` Elo."""
    spec, game, members = make_game(args.game, args.param, "tournament")
    if len(args.entrants) < 2:
        raise InvalidSearchOptionError("tournament: name two or more entrants")
    if game.num_players != 2:
        raise InvalidSearchOptionError(
            f"tournament pairs two entrants a game: {spec.name} has {game.num_players} players"
        )
    if args.games_per_pair % 2:
        raise InvalidSearchOptionError(
            f"tournament: --games-per-pair must be even (half with each entrant first), not "
            f"{args.games_per_pair}"
        )
    try:
        check_prior(args.prior_draws)
    except InvalidSearchOptionError:
        raise InvalidSearchOptionError(
            f"tournament: --prior-draws must be a finite number >= 0 (at least 1e-300 if not "
            f"0), not {args.prior_draws!r}"
        ) from None
    labels = entrant_labels(args.entrants)
    if args.anchor is not None and args.anchor not in labels:  # refused before the first game
        raise InvalidSearchOptionError(
            f"tournament: --anchor: no entrant {args.anchor!r}: the entrants are "
            f"{', '.join(repr(label) for label in labels)}"
        )
    games = len(pairings(len(labels), gauntlet=args.gauntlet)) * args.games_per_pair
    workers = checked_workers(args.workers, games, "tournament")
    openings = openings_of(args, game)  # a bad suite is refused before anything is printed
    check_openings_leave_play(args, game, openings, args.games_per_pair // 2)
    players = []
    for text in args.entrants:
        name, own = split_entrant(text)
        own_args, rest = limits(args, own, text)
        check_random_options(name, own, text)  # after limits: a bad depth is told as such
        own = rest
        players.append(make_player(spec, game, members, own_args, name, [*args.option, *own],
                                   text))  # fmt: skip
    kind = "a gauntlet" if args.gauntlet else "a round robin"
    print(f"tournament: {spec.name}, {kind}, {args.games_per_pair} games a pairing, each two "
          f"from one opening ({openings_told(args, openings)})", file=out)  # fmt: skip
    warn_of_openings(args, game, openings, args.games_per_pair // 2, players)
    records: dict[int, Any] = {}
    try:
        with ExitStack() as stack:
            executor = None
            if workers is not None:
                executor = stack.enter_context(worker_pool(workers))
            options: dict[str, Any] = {
                "games_per_pair": args.games_per_pair, "seed": args.seed, "executor": executor,
                "openings": openings,
                "max_moves": args.max_moves, "progress": None if args.quiet else Line(),
                "on_record": records.__setitem__,
            }  # fmt: skip
            if args.gauntlet:
                gauntlet(game, players[0], players[1:], **options)
            else:
                round_robin(game, players, **options)
    except KeyboardInterrupt:
        print(f"interrupted after {len(records)} games", file=sys.stderr)
        try:
            _report(args, labels, records, out, game)
        except UndeterminedRatingsError as error:  # too few games yet: the tally is shown
            print(f"no ratings: {error}", file=sys.stderr)
        return 130
    _report(args, labels, records, out, game)
    return 0


def _report(
    args: argparse.Namespace, labels: list[str], records: dict[int, Any], out: TextIO, game: Any
) -> None:
    """Print the tally of the games finished (all, or those before Ctrl-C), and the ratings."""
    pairs = pairings(len(labels), gauntlet=args.gauntlet)
    seats = schedule_seats(pairs, args.games_per_pair)
    numbers = schedule_pairs(len(pairs), args.games_per_pair)
    games = sorted(records)
    result = tally(tuple(records[g] for g in games), tuple(seats[g] for g in games), len(labels),
                   tuple(numbers[g] for g in games), game=game)  # fmt: skip
    width = max(len(label) for label in labels)
    for label, win, draw, loss, score in zip(labels, result.wins, result.draws, result.losses,
                                             result.score, strict=True):  # fmt: skip
        print(f"{label:<{width}}  {win} won, {draw} drawn, {loss} lost: score {score:g}", file=out)
    if result.unfinished:
        print(f"unfinished: {result.unfinished} games stopped at --max-moves", file=out)
    if result.repeats:
        print(repeats_told(len(result.repeats), suite=args.openings is not None), file=out)
    if args.ratings or args.svg:
        ratings = elo_ratings(
            result, names=labels, anchor=args.anchor, prior_draws=args.prior_draws
        )
        print(ratings.table(), file=out)
        if args.svg:
            Path(args.svg).write_text(ratings.to_svg(title=f"{args.game}: Elo"), encoding="utf-8")
            print(f"wrote {args.svg}", file=out)
