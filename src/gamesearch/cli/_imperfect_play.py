"""``gamesearch play`` on a game of imperfect information: against a saved strategy or ISMCTS.

``gamesearch play kuhn --strategy k.json`` plays Kuhn poker against the strategy profile a
``gamesearch cfr kuhn --out k.json`` saved (each move drawn with its information set's
probabilities); ``gamesearch play ohhell`` plays Oh Hell against
:func:`~gamesearch.imperfect.ismcts` (``-o iterations=N``, ``-o exploration=C``, or ``--time
S`` per move). The person sees only what their seat knows: their information set, never the
others' cards, until the game ends and every hand is shown. The dice and deals are drawn with
``--seed``, and so are the computer's choices.
"""

from __future__ import annotations

import argparse
import random
from types import SimpleNamespace
from typing import Any, TextIO

from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError, UnsupportedGameError
from ..frontdoor.board import move_text
from ..frontdoor.making import IMPERFECT_GAMES, make_imperfect_game
from ..frontdoor.options import parse_options
from ..game import CHANCE
from ..games.registry import find_game
from ..imperfect.information_set_mcts import ismcts
from ..imperfect.kuhn import KuhnPoker
from ..imperfect.liars_dice import LiarsDice
from ..imperfect.oh_hell import OhHell
from ..imperfect.players import ISMCTSPlayer, StrategyPlayer
from ..imperfect.strategy_file import load_strategy
from . import _commands
from ._cfr import _ACTION_NAMES, _KUHN_CARDS

_MOVES: Any = SimpleNamespace(moves="one of the moves listed")
"""What ``_commands._ask`` says a move is, when one is not legal (it reads only ``moves`` of
the game's spec)."""

_ITERATIONS = 1000
"""ISMCTS's iterations per move when neither ``-o iterations=N`` nor ``--time`` is given."""


def add_play_options(play: argparse.ArgumentParser) -> None:
    """``play``'s option ``--strategy``, and the games of imperfect information in its help."""
    play.add_argument(
        "--strategy", metavar="FILE",
        help="a game of imperfect information: play against this strategy file (from "
        "'gamesearch cfr --out'); without it, against ismcts",
    )  # fmt: skip
    for action in play._actions:
        if action.dest == "game":
            action.help = f"{action.help}; of imperfect information: {', '.join(IMPERFECT_GAMES)}"


def play(args: argparse.Namespace, out: TextIO) -> int:
    """``gamesearch play``: a game of imperfect information here, any other game as before."""
    game = _imperfect(args)
    if game is None:
        if args.strategy is not None:
            raise InvalidSearchOptionError(
                f"--strategy plays a game of imperfect information; {args.game} is not one "
                f"(the games of imperfect information: {', '.join(IMPERFECT_GAMES)})"
            )
        return _commands.play(args, out)
    computer = _computer(game, args)
    you = 1 if args.computer_first else 0
    rng = random.Random(args.seed)
    who = "a saved strategy" if args.strategy is not None else "ismcts"
    print(
        f"{game!r}: you are player {you}, the computer ({who}) plays every other seat. "
        "You see what your seat knows; type 'quit' to stop.",
        file=out,
    )
    state = game.initial_state()
    while not game.is_terminal(state):
        mover = game.to_move(state)
        if mover == CHANCE:
            outcomes = game.chance_outcomes(state)
            action = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        elif mover == you:
            print(f"you know: {view(game, state, you)}", file=out)
            legal = _legal(game, state)
            action = _commands._ask(_MOVES, legal, out)
            if action is None:
                print("game abandoned", file=out)
                return 0
        else:
            action = computer(state)
            print(f"player {mover} (computer) plays {action_name(game, state, action)}", file=out)
        state = game.result(state, action)
    print(f"game over: {state!r}", file=out)
    print(
        "utilities: "
        + ", ".join(f"player {p} {game.utility(state, p):+g}" for p in range(game.num_players)),
        file=out,
    )
    return 0


def _imperfect(args: argparse.Namespace) -> Any:
    """The game of imperfect information the command line names, or ``None`` for another game."""
    name = args.game.strip().lower()
    if name in IMPERFECT_GAMES:
        return make_imperfect_game(name, args.param, IMPERFECT_GAMES)
    if ":" in args.game:
        game = find_game(args.game).make_from(args.param)
        if Capabilities.of(game).information_set is not None:
            return game
    return None


def _computer(game: Any, args: argparse.Namespace) -> Any:
    """The computer's player: the saved strategy, or ISMCTS with the command's limits."""
    if args.searcher is not None or args.depth is not None:
        raise InvalidSearchOptionError(
            "a game of imperfect information is played by ismcts (its options with -o, "
            "--time S per move) or by a saved strategy (--strategy FILE); not --searcher or "
            "--depth"
        )
    if args.strategy is not None:
        if args.option or args.time is not None:
            raise InvalidSearchOptionError("--strategy plays the file: it takes no -o or --time")
        try:
            strategy = load_strategy(args.strategy, game)
        except UnsupportedGameError:  # too big to check against the tree: the file alone
            strategy = load_strategy(args.strategy, game, complete=False)
        return StrategyPlayer(game, strategy, rng=args.seed)
    options = dict(parse_options(args.option, "ismcts", ismcts))
    options.pop("rng", None)
    if args.time is not None:
        options["time_limit"] = args.time
    elif "time_limit" not in options:
        options.setdefault("iterations", _ITERATIONS)
    return ISMCTSPlayer(game, rng=args.seed, **options)


def view(game: Any, state: Any, player: int) -> str:
    """What ``player`` knows in ``state``, in words for the bundled games, else its key."""
    key = game.information_set(state, player)
    if isinstance(game, KuhnPoker) and game.num_players == 2 and isinstance(key, str) and key:
        betting = " ".join("bet" if c == "b" else "pass" for c in key[1:]) or "none yet"
        return f"your card {_KUHN_CARDS[int(key[0])]}; the betting so far: {betting}"
    if isinstance(game, OhHell):
        names = game.card_name
        return (
            f"your hand {' '.join(map(names, key.hand))}; bids {list(key.bids)}; "
            f"played {' '.join(map(names, key.played)) or 'nothing yet'}"
        )
    if isinstance(game, LiarsDice):
        die, _, bids = key.partition(" ")
        return f"your die {int(die) + 1}; the bids so far: {bids or 'none yet'}"
    return repr(key)


def action_name(game: Any, state: Any, action: Any) -> str:
    """How the command writes ``action`` of ``state``: its name where the game's are known."""
    names = _ACTION_NAMES.get(type(game), ())
    if isinstance(action, int) and 0 <= action < len(names):
        return names[action]
    if isinstance(game, LiarsDice) and isinstance(action, int):
        if action == game.liar:
            return "liar"
        return f"{action // game.dice_sides + 1}-{action % game.dice_sides + 1}"
    if isinstance(game, OhHell) and game.bids and len(state.bids) < game.num_players:
        return f"bid {action}"
    if isinstance(game, OhHell):
        return game.card_name(action)
    return move_text(action)


def _legal(game: Any, state: Any) -> dict[str, Any]:
    """The legal actions of ``state`` by name as typed (a bid by its number)."""
    return {
        move_text(action_name(game, state, action)).removeprefix("bid"): action
        for action in game.actions(state)
    }
