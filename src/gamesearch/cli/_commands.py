"""``gamesearch games``, ``play`` and ``solve``: what each command does once its options are read.

Every option is checked, and the game made, before the first line is printed: a command line
that is wrong prints nothing but its error.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any, TextIO

from ..capabilities import Capabilities
from ..frontdoor.board import (
    legal_moves,
    move_text,
    outcome,
    player_name,
    position_from,
    read_move,
    show,
)
from ..frontdoor.making import make_game
from ..frontdoor.plans import Plan, default_plan, no_estimate_hint, plan
from ..frontdoor.running import Interrupted, check_plan, move_of, run
from ..frontdoor.summaries import move_summary, report
from ..game import CHANCE
from ..games.registry import GameSpec, reference_games


def games(args: argparse.Namespace, out: TextIO) -> int:
    """``gamesearch games``: each bundled game, its parameters, moves and default searches."""
    for spec in reference_games():
        print(f"{spec.name}: {spec.summary}", file=out)
        for parameter in spec.parameters:
            default = "" if parameter.default is None else f", default {parameter.default}"
            kind = parameter.type.__name__.upper() if parameter.type in (int, float, str) else ""
            print(f"  {parameter.name}={kind or 'VALUE'}  {parameter.help}{default}", file=out)
        print(f"  moves: {spec.moves}", file=out)
        game = spec.make()
        members = Capabilities.of(game)
        solving = default_plan(spec, game, play=False, members=members)
        print(f"  solve: {solving.describe()}", file=out)
        playing = default_plan(spec, game, play=True, members=members)
        print(f"  play, each move: {playing.describe()}", file=out)
    return 0


def play(args: argparse.Namespace, out: TextIO) -> int:
    """``gamesearch play``: a person against the computer, which plays every other seat."""
    spec, game, members = make_game(args.game, args.param, "play")
    chosen = plan(spec, game, args, play=True, members=members)
    check_plan(game, chosen)
    you = 1 if args.computer_first else 0
    rng = random.Random(args.seed)
    state = game.initial_state()
    others = ", ".join(player_name(spec, p) for p in range(game.num_players) if p != you)
    print(
        f"{spec.name}: you are {player_name(spec, you)}, the computer is {others}. "
        f"A move is {spec.moves}; type 'quit' to stop.",
        file=out,
    )
    print(show(spec, members, state), file=out)
    while not game.is_terminal(state):
        mover = game.to_move(state)
        if mover == CHANCE:
            action = _roll(game, state, rng)
            print(f"chance: {move_text(action)}", file=out)
        elif mover == you:
            action = _ask(spec, legal_moves(game, state), out)
            if action is None:
                print("game abandoned", file=out)
                return 0
        else:
            action = _think(spec, game, members, state, chosen, out)
        state = game.result(state, action)
        print(show(spec, members, state), file=out)
    print(f"game over: {outcome(spec, game, state)}", file=out)
    return 0


def _roll(game: Any, state: Any, rng: random.Random) -> Any:
    outcomes = game.chance_outcomes(state)
    return rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]


def _think(
    spec: GameSpec, game: Any, members: Capabilities, state: Any, chosen: Plan, out: TextIO
) -> Any:
    try:
        result, _ = run(game, state, chosen, members=members)
    except Interrupted:
        raise KeyboardInterrupt from None
    action = move_of(game, state, result)
    print(
        f"the computer ({player_name(spec, result.player)}) plays {move_text(action)}  "
        f"[{move_summary(spec, game, state, result, chosen)}]",
        file=out,
    )
    return action


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
        try:
            return read_move(text, legal)
        except KeyError:
            if text:
                print(f"{text!r} is not a legal move here; a move is {spec.moves}", file=out)


def solve(args: argparse.Namespace, out: TextIO) -> int:
    """``gamesearch solve``: search one position and print what the search found."""
    spec, game, members = make_game(args.game, args.param, "solve")
    state = position_from(game, members, spec.name, args.moves, args.position)
    chosen = plan(spec, game, args, play=False, members=members)
    check_plan(game, chosen)  # a bad option is refused before anything is printed
    print(show(spec, members, state), file=out)
    if game.is_terminal(state):
        print(f"the game is over: {outcome(spec, game, state)}", file=out)
        return 0
    print(f"search: {chosen.describe()}", file=out, flush=True)
    progress = None if args.quiet else _info
    try:
        result, solved = run(game, state, chosen, progress, members=members)
    except Interrupted as stop:
        if stop.best is None:
            hint = no_estimate_hint(game, members, chosen, named=args.searcher is not None)
            print(
                f"interrupted after {stop.elapsed:.1f} s, before the search had a result "
                f"({chosen.describe()} keeps no estimate before its proof; {hint})",
                file=sys.stderr,
            )
            return 130
        print("interrupted: the best result so far", file=sys.stderr)
        report(spec, game, state, stop.best, chosen, out, interrupted=not stop.best.exact)
        return 130
    report(spec, game, state, result, chosen, out, solved=solved)
    return 0


def _info(line: str) -> None:
    """A progress line on stderr, as a chess engine's info lines."""
    print(line, file=sys.stderr, flush=True)
