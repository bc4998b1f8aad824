"""The ``gamesearch`` command: play, solve and draw searches from a terminal.

``gamesearch --help`` and ``gamesearch COMMAND --help`` describe every option::

    gamesearch games                                  the reference games and their parameters
    gamesearch play tictactoe                         play the computer
    gamesearch solve tictactoe --moves 4 0            the value and best line of a position
    gamesearch tree '[[3,12,8],[2,4,6],[14,5,2]]'     draw the search of a nested-list tree
    gamesearch table build tictactoe --out t.sqlite   solve a game into a SQLite table
    gamesearch table probe t.sqlite --moves 4 0       a position's value from the table

Also ``python -m gamesearch``. Built on :mod:`argparse`, so it needs nothing installed; only
``tree --svg`` needs the ``viz`` extra and Graphviz.
"""

from __future__ import annotations

import argparse
import ast
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from . import __version__
from .errors import GameSearchError, InvalidSearchOptionError, UnknownGameError
from .games.registry import GameSpec, find_game, reference_games
from .games.tree import GameTree
from .mcts.search import mcts
from .result import SearchResult
from .solve._command import add_table_command
from .trace import SearchTree
from .twoplayer.alphabeta import alphabeta
from .twoplayer.deepening import iterative_deepening
from .twoplayer.minimax import minimax
from .twoplayer.negamax import negamax

__all__ = ["main"]

SEARCHERS: dict[str, Callable[..., SearchResult[Any]]] = {
    "alphabeta": alphabeta,
    "iterative_deepening": iterative_deepening,
    "mcts": mcts,
    "minimax": minimax,
    "negamax": negamax,
}
_TREE_SEARCHERS = ("alphabeta", "minimax", "negamax")
_MOVE_SECONDS = 1.0
"""How long the computer thinks per move in ``play`` by default (it stops sooner once it has
proven the value, as it soon does in tic-tac-toe)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: ``sys.argv[1:]``); return its exit status.

    0 on success, 1 when a search or a file fails, 2 for a bad command line (as argparse),
    130 when interrupted with Ctrl-C.
    """
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args, sys.stdout))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (gamesearch ... | head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (InvalidSearchOptionError, UnknownGameError) as exc:
        parser.exit(2, f"gamesearch: error: {exc}\n")
    except (GameSearchError, OSError) as exc:
        parser.exit(1, f"gamesearch: error: {exc}\n")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gamesearch",
        description="Adversarial game search: play the computer, solve positions, and draw "
        "how minimax and alpha-beta search a tree.",
    )
    parser.add_argument("--version", action="version", version=f"gamesearch {__version__}")
    commands = parser.add_subparsers(title="commands", required=True, metavar="COMMAND")

    games = commands.add_parser("games", help="list the reference games and their parameters")
    games.set_defaults(run=_games)

    names = ", ".join(spec.name for spec in reference_games())
    for name, run, summary, default in (
        (
            "play",
            _play,
            "play a reference game against the computer",
            f"iterative_deepening, {_MOVE_SECONDS:g} s a move (less once the value is proven)",
        ),
        (
            "solve",
            _solve,
            "search a position: value, best move, principal variation",
            "alphabeta to the end of the game (iterative_deepening with --time)",
        ),
    ):
        command = commands.add_parser(name, help=summary, description=summary + ".")
        command.add_argument("game", metavar="GAME", help=f"the game: {names}")
        command.add_argument(
            "-p",
            "--param",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a game parameter, such as size=4 (repeat for more; see 'gamesearch games')",
        )
        _search_options(command, default)
        command.set_defaults(run=run)
    play = commands.choices["play"]
    play.add_argument(
        "--computer-first", action="store_true", help="let the computer make the first move"
    )
    solve = commands.choices["solve"]
    solve.add_argument(
        "--moves",
        nargs="+",
        default=[],
        metavar="MOVE",
        help="the moves played so far, from the start of the game",
    )
    solve.add_argument("--position", help="the position as the game draws it (its parse method)")

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
    add_table_command(commands)  # gamesearch table build / probe (gamesearch.solve)
    return parser


def _search_options(command: argparse.ArgumentParser, default: str) -> None:
    command.add_argument("--searcher", choices=sorted(SEARCHERS), help=f"default: {default}")
    limit = command.add_mutually_exclusive_group()
    limit.add_argument(
        "--depth",
        type=int,
        metavar="N",
        help="search N plies deep, scoring unfinished positions with the game's evaluate "
        "method (0 for every one if it has none)",
    )
    limit.add_argument(
        "--time",
        type=float,
        metavar="S",
        help="think S seconds per move (iterative deepening, or mcts)",
    )


def _games(args: argparse.Namespace, out: TextIO) -> int:
    for spec in reference_games():
        print(f"{spec.name}: {spec.summary}", file=out)
        for parameter in spec.parameters:
            default = "" if parameter.default is None else f", default {parameter.default}"
            print(
                f"  {parameter.name}={parameter.type.__name__.upper()}  {parameter.help}{default}",
                file=out,
            )
        print(f"  moves: {spec.moves}", file=out)
    return 0


def _search(
    game: Any, state: Any, args: argparse.Namespace, default_seconds: float | None
) -> SearchResult[Any]:
    """Search ``state`` as the options say; by default for ``default_seconds``, if not None."""
    searcher = args.searcher
    seconds = args.time
    if searcher is None:
        if seconds is None and args.depth is None:
            seconds = default_seconds
        searcher = "iterative_deepening" if seconds is not None else "alphabeta"
    if searcher == "mcts":
        if args.depth is not None:
            raise InvalidSearchOptionError("mcts searches for a --time, not to a --depth")
        return mcts(game, state, time_limit=seconds or default_seconds or _MOVE_SECONDS)
    if seconds is not None and searcher != "iterative_deepening":
        raise InvalidSearchOptionError(
            f"--time needs the iterative_deepening or mcts searcher, not {searcher}"
        )
    if searcher == "iterative_deepening":
        return iterative_deepening(game, state, time_limit=seconds, max_depth=args.depth)
    evaluate = getattr(game, "evaluate", None)
    if args.depth is not None and not callable(evaluate):
        evaluate = _unknown
    return SEARCHERS[searcher](game, state, depth=args.depth, evaluate=evaluate)


def _unknown(state: Any, player: int) -> float:
    """The evaluation that knows nothing: 0 for every unfinished position."""
    return 0.0


def _show(game: Any, state: Any) -> str:
    render = getattr(game, "render", None)
    return str(render(state)) if callable(render) else repr(state)


def _outcome(spec: GameSpec, game: Any, state: Any) -> str:
    scores = [game.utility(state, player) for player in range(game.num_players)]
    best = max(scores)
    winners = [spec.players[p] for p, score in enumerate(scores) if score == best]
    if len(winners) == len(scores):
        return "a draw"
    return " and ".join(winners) + (" wins" if len(winners) == 1 else " win")


def _legal(game: Any, state: Any) -> dict[str, Any]:
    return {str(action): action for action in game.actions(state)}


def _play(args: argparse.Namespace, out: TextIO) -> int:
    spec = find_game(args.game)
    game = spec.make_from(args.param)
    state = game.initial_state()
    you = 1 if args.computer_first else 0
    print(
        f"{spec.name}: you are {spec.players[you]}, the computer is {spec.players[1 - you]}. "
        f"A move is {spec.moves}; type 'quit' to stop.",
        file=out,
    )
    print(_show(game, state), file=out)
    while not game.is_terminal(state):
        legal = _legal(game, state)
        if game.to_move(state) == you:
            action = _ask(spec, legal, out)
            if action is None:
                print("game abandoned", file=out)
                return 0
        else:
            result = _search(game, state, args, spec.seconds or _MOVE_SECONDS)
            action = result.action
            print(
                f"the computer ({spec.players[1 - you]}) plays {action}  "
                f"[its value {result.value:+g}, {result.stats.nodes:,} nodes, "
                f"{result.stats.elapsed:.2f} s]",
                file=out,
            )
        state = game.result(state, action)
        print(_show(game, state), file=out)
    print(f"game over: {_outcome(spec, game, state)}", file=out)
    return 0


def _ask(spec: GameSpec, legal: dict[str, Any], out: TextIO) -> Any:
    """A legal move typed by the person, asked again until it is; ``None`` to stop."""
    while True:
        print(f"your move ({' '.join(legal)}): ", end="", file=out, flush=True)
        try:
            line = input()
        except EOFError:
            print("", file=out)
            return None
        if not sys.stdin.isatty():
            print(line, file=out)  # show the move read from a file or a pipe
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text in legal:
            return legal[text]
        if text:
            print(f"{text!r} is not a legal move here; a move is {spec.moves}", file=out)


def _solve(args: argparse.Namespace, out: TextIO) -> int:
    spec = find_game(args.game)
    game = spec.make_from(args.param)
    state = game.initial_state()
    if args.position is not None:
        parse = getattr(game, "parse", None)
        if not callable(parse):
            raise InvalidSearchOptionError(f"{spec.name} cannot read a --position")
        try:
            state = parse(args.position)
        except ValueError as exc:
            raise InvalidSearchOptionError(f"--position: {exc}") from exc
    for move in args.moves:
        legal = _legal(game, state)
        if move not in legal:
            raise InvalidSearchOptionError(
                f"--moves: {move!r} is not legal here; the legal moves are "
                f"{' '.join(legal) or 'none (the game is over)'}"
            )
        state = game.result(state, legal[move])
    print(_show(game, state), file=out)
    if game.is_terminal(state):
        print(f"the game is over: {_outcome(spec, game, state)}", file=out)
        return 0
    result = _search(game, state, args, spec.seconds)
    stats = result.stats
    mover = spec.players[result.player]
    kind = "proven" if result.exact else f"estimated at depth {result.depth}"
    if not result.exact and result.depth is None:  # mcts
        kind = f"estimated by {stats.leaves:,} playouts"
    print(f"to move: {mover}", file=out)
    print(f"value: {result.value:g} for {mover} ({kind})", file=out)
    print(f"best move: {result.action}", file=out)
    print(f"principal variation: {' '.join(str(a) for a in result.pv)}", file=out)
    print(
        f"nodes: {stats.nodes:,} (leaves {stats.leaves:,}, cutoffs {stats.cutoffs:,}, "
        f"deepest ply {stats.max_depth})",
        file=out,
    )
    print(f"time: {stats.elapsed:.3f} s", file=out)
    return 0


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
    SEARCHERS[args.searcher](game, trace=recorder)
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
