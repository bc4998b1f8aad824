"""The ``gamesearch`` command itself: its parser and its commands (see :mod:`gamesearch.cli`)."""

from __future__ import annotations

import argparse
import ast
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from .. import __version__
from .._build import build_info
from ..errors import (
    GameSearchError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    TableFileError,
    UnknownGameError,
)
from ..frontdoor.plans import METHODS, SEARCHERS, default_plan
from ..games.registry import reference_games
from ..games.tree import GameTree
from ..trace.search_tree import SearchTree
from . import _commands, _imperfect_play, _match
from ._cfr import add_cfr_command
from ._numbers import positive_int, positive_seconds
from ._table import add_table_command
from ._tournament import add_tournament_command
from ._warnings import shown_in_words
from ._web import add_web_command

__all__ = ["run"]

_TREE_SEARCHERS = ("alphabeta", "minimax", "negamax", "pns", "dfpn")


def run(argv: Sequence[str] | None = None) -> int:
    """:func:`gamesearch.cli.main`, once the command's modules are loaded."""
    parser = _parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:  # no command: the commands and what they do
        parser.print_help()
        return 0
    # A game of one's own (module:Class), or a function an option names, is imported from the
    # current directory too, as ``python -m`` would find it, even from the installed script.
    named = [getattr(args, "game", None) or "", *_option_texts(args)]
    here = any(":" in text for text in named) and os.getcwd() not in sys.path
    if here:
        sys.path.insert(0, os.getcwd())
    try:
        with shown_in_words(sys.stderr):
            return int(args.run(args, sys.stdout))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (gamesearch ... | head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except TableFileError as exc:  # a file that cannot be used: not a bad command line
        parser.exit(1, f"gamesearch: error: {exc}\n")
    except (InvalidSearchOptionError, UnknownGameError) as exc:
        parser.exit(2, f"gamesearch: error: {exc}\n")
    except (GameSearchError, OSError) as exc:
        parser.exit(1, f"gamesearch: error: {exc}\n")
    finally:
        if here:
            sys.path.remove(os.getcwd())


def _option_texts(args: argparse.Namespace) -> list[str]:
    """Every ``-o``, ``-a`` and ``-b`` option given, and the tournament's entrants."""
    return [
        text
        for name in ("option", "a_option", "b_option", "entrants")
        for text in getattr(args, name, None) or []
    ]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gamesearch",
        description="Adversarial game search: play the computer, solve positions, and draw "
        "how minimax and alpha-beta search a tree. Moves are numbered from 0.",
    )
    parser.add_argument(
        "--version", action="version", version=f"gamesearch {__version__} ({build_info()})"
    )
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    games = commands.add_parser("games", help="list the bundled games and their parameters")
    games.set_defaults(run=_commands.games)

    names = ", ".join(spec.name for spec in reference_games())
    for name, run, summary in (
        ("play", _imperfect_play.play, "play a game against the computer"),
        ("solve", _commands.solve, "prove a position's value, best move and principal variation"),
    ):
        command = commands.add_parser(
            name,
            help=summary,
            description=summary + ". Moves are numbered from 0, as the library's actions.",
            epilog=_defaults(play=name == "play"),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.add_argument(
            "game", metavar="GAME", help=f"the game: {names}; or your own as module:Class"
        )
        command.add_argument(
            "-p",
            "--param",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a game parameter, such as size=4 (repeat for more; see 'gamesearch games')",
        )
        _search_options(command)
        _option_argument(command, "-o", "--option", "option", "a searcher's option")
        command.set_defaults(run=run)
    play = commands.choices["play"]
    play.add_argument(
        "--computer-first", action="store_true", help="let the computer make the first move"
    )
    play.add_argument(
        "--seed", type=int, metavar="N", help="seed the dice of games of chance (default: none)"
    )
    _imperfect_play.add_play_options(play)  # --strategy, and the games of imperfect information
    solve = commands.choices["solve"]
    solve.add_argument(
        "--moves",
        nargs="+",
        default=[],
        metavar="MOVE",
        help="the moves played so far, from the start of the game or from --position",
    )
    solve.add_argument("--position", help="the position as the game draws it (its parse method)")
    solve.add_argument(
        "--quiet", action="store_true", help="no progress lines on stderr (one per iteration)"
    )
    _match_command(commands, names)
    add_tournament_command(commands)  # gamesearch tournament (round robin, gauntlet, ratings)
    _tree_command(commands)
    add_table_command(commands)  # gamesearch table build / probe (gamesearch.solving)
    add_cfr_command(commands)  # gamesearch cfr (gamesearch.imperfect)
    add_web_command(commands)  # gamesearch web (gamesearch.web: the page under Pyodide)
    return parser


def _defaults(*, play: bool) -> str:
    """The epilog of ``play --help`` or ``solve --help``: each game's default search."""
    lines = ["by default each game is searched by the searcher that fits it:"]
    for spec in reference_games():
        plan = default_plan(spec, spec.make(), play=play).describe()
        lines.append(f"  {spec.name:10} {plan}{', each move' if play else ''}")
    if play:
        lines.append(
            "  module:Class  the first of iterative_deepening, expectiminimax, maxn, mcts that\n"
            "             takes its kind, each move at most 1 s"
        )
    else:
        lines.append(
            "  module:Class  the first of mtdf (with the exact solver's hooks),\n"
            "             iterative_deepening, solve (constant-sum chance), expectiminimax,\n"
            "             maxn and mcts that takes its kind (the last three at most 10 s)"
        )
        lines.append(
            "The value is proven, unless a limit stops the search first: --depth N, --time S or "
            "-o node_limit=N gives an estimate instead, with the first searcher of the game's "
            "kind that keeps it. Ctrl-C stops the search and prints the best result found so far."
        )
    lines.append(
        "-o NAME=VALUE sets an option of the searcher (a Python literal, a plain word, or "
        "module:name for a function), such as -o exploration=2."
    )
    return "\n".join(lines)


def _option_argument(
    command: argparse.ArgumentParser, short: str, long: str, dest: str, what: str
) -> None:
    command.add_argument(
        short,
        long,
        action="append",
        default=[],
        dest=dest,
        metavar="NAME=VALUE",
        help=f"{what}, such as exploration=2 or node_limit=100000 (repeat for more)",
    )


def _match_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], names: str
) -> None:
    summary = "two searchers play a series of games: wins, score and Elo with 95% intervals"
    match = commands.add_parser(
        "match",
        help=summary.replace("%", "%%"),
        description=summary + ". The seats alternate from game to game, each two games from one "
        "opening (two random moves by default); --seed seeds the openings, the players' "
        "generators and the dice; --sprt stops the match when a sequential test decides.",
    )
    match.add_argument(
        "game", metavar="GAME", help=f"the game: {names}; or your own as module:Class"
    )
    searchers = sorted([*SEARCHERS, _match.RANDOM])
    for name in ("first", "second"):
        match.add_argument(
            name, metavar=f"SEARCHER_{name[0].upper()}", choices=searchers,
            help=f"the {name} searcher: {', '.join(searchers)}",
        )  # fmt: skip
    match.add_argument(
        "-p", "--param", action="append", default=[], metavar="NAME=VALUE",
        help="a game parameter, such as size=4 (repeat for more)",
    )  # fmt: skip
    match.add_argument("--games", type=positive_int, metavar="N",
                       help="default 10; with --sprt, the most games (default 10000)")  # fmt: skip
    match.add_argument(
        "--sprt", metavar="ELO0,ELO1",
        help="play until the sequential test of H0 (A is ELO0 Elo stronger) against H1 (ELO1) "
        "decides: the LLR and its bounds as the pairs come in, and the verdict",
    )  # fmt: skip
    for name, wrongly, holds in (("--alpha", "H1", "H0"), ("--beta", "H0", "H1")):
        match.add_argument(
            name, type=float, metavar="P",
            help=f"with --sprt only: the chance of accepting {wrongly} when {holds} holds "
            "(default 0.05)",
        )  # fmt: skip
    _match.add_opening_options(match)
    match.add_argument("--seed", type=int, default=0, metavar="N", help="default 0")
    match.add_argument(
        "--workers", type=positive_int, metavar="N", help="play the games on N processes"
    )
    match.add_argument(
        "--max-moves", type=positive_int, default=10_000, metavar="N",
        help="stop a game after N moves, counted unfinished (default 10000)",
    )  # fmt: skip
    match.add_argument(
        "--depth", type=positive_int, metavar="N", help="each move: search N plies deep"
    )
    match.add_argument(
        "--time", type=positive_seconds, metavar="S",
        help="each move: think S seconds (iterative_deepening, mcts, pns or dfpn)",
    )  # fmt: skip
    _option_argument(match, "-o", "--option", "option", "an option of both searchers")
    _option_argument(match, "-a", "--a-option", "a_option", "an option of the first searcher")
    _option_argument(match, "-b", "--b-option", "b_option", "an option of the second searcher")
    match.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    match.set_defaults(run=_match.match, searcher=None)


def _tree_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    tree = commands.add_parser(
        "tree",
        help="draw the search of a game tree written as nested lists",
        description="Search a game tree written as nested lists (or dicts) of numbers, the "
        "leaves being MAX's utilities, and draw or tell what the searcher did.",
    )
    tree.add_argument("tree", metavar="TREE", help="the tree, e.g. '[[3,12,8],[2,4,6],[14,5,2]]'")
    tree.add_argument(
        "--searcher", choices=_TREE_SEARCHERS, default="alphabeta", help="default: alphabeta"
    )
    output = tree.add_mutually_exclusive_group()
    output.add_argument("--text", action="store_true", help="the tree in plain text (default)")
    output.add_argument("--dot", action="store_true", help="Graphviz DOT text")
    output.add_argument("--svg", metavar="FILE", help="an SVG picture (needs the viz extra)")
    output.add_argument("--narrate", action="store_true", help="the search told step by step")
    output.add_argument(
        "--html", metavar="FILE", help="a page that steps through the search (offline, one file)"
    )
    tree.set_defaults(run=_tree)


def _search_options(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--searcher",
        choices=sorted(METHODS),
        help="default: the one that fits the game (listed below); solve is the table solver",
    )
    limit = command.add_mutually_exclusive_group()
    limit.add_argument(
        "--depth",
        type=positive_int,
        metavar="N",
        help="search N plies deep (N >= 1), scoring unfinished positions with the game's "
        "evaluate method (0 for every one if it has none)",
    )
    limit.add_argument(
        "--time",
        type=positive_seconds,
        metavar="S",
        help="think S seconds (iterative_deepening, mcts, or pns and dfpn, stopped unproven)",
    )


def _tree(args: argparse.Namespace, out: TextIO) -> int:
    try:
        nested = ast.literal_eval(args.tree)
    except (ValueError, SyntaxError) as exc:
        raise InvalidSearchOptionError(
            f"TREE must be nested lists (or dicts) of numbers, like '[[3,12,8],[2,4,6]]': {exc}"
        ) from exc
    try:
        game = GameTree(nested)
    except ValueError as exc:
        raise InvalidSearchOptionError(f"TREE: {exc}") from exc
    recorder = SearchTree(game)
    try:
        SEARCHERS[args.searcher](game, trace=recorder)
    except InvalidUtilityError as exc:  # a leaf no searcher takes, such as 1e999 (infinity)
        raise InvalidSearchOptionError(f"TREE: {exc}") from exc
    if args.svg is not None:
        Path(args.svg).write_text(recorder.to_svg(), encoding="utf-8")
        print(f"wrote {args.svg}", file=out)
    elif args.html is not None:
        recorder.to_html(args.html)
        print(f"wrote {args.html}", file=out)
    elif args.dot:
        print(recorder.to_dot(), end="", file=out)
    elif args.narrate:
        print(recorder.narrate(), file=out)
    else:
        print(recorder.to_text(), file=out)
    return 0
