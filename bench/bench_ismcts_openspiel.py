"""The library's ISMCTS against OpenSpiel's ISMCTSBot (C++) on Leduc poker, duplicate deals.

Lines (JSON, one dict per line on stdout):

- ``ismcts_openspiel.env``: Python, platform, library version; then
  ``ismcts_openspiel.openspiel``: OpenSpiel's version.
- ``ismcts_openspiel.match``: one line per pairing, both at the same iterations per move:
  ``ismcts_vs_bot`` (the library's :class:`~gamesearch.imperfect.ISMCTSPlayer` through
  :class:`~gamesearch.adapters.openspiel.OpenSpielGame` against ``pyspiel.ISMCTSBot``) and
  ``bot_vs_bot`` (two ISMCTSBots with different seeds: the noise reference, whose true mean is
  0), and ``bot_vs_bot_c2`` (ISMCTSBot at the constant against ISMCTSBot at 2, OpenSpiel's
  examples' value: whether the constant suits the bot; with ``--uct-c 2`` it is left out).
  ``mean`` is the first player's mean return per hand, in chips (Leduc's antes are 1 chip),
  with its 95% interval (normal approximation over the deals); ``won``, ``tied`` and ``lost``
  count the deals by the first player's return summed over both seats.

Every deal is played twice with the same cards, the first player in seat 0 and then in seat 1:
a deal is a shuffled deck drawn from a seeded generator, and each chance node of a game gets the
first card of that deck it allows (the two private cards, then the public card). The deal's
return is the first player's mean over its two games, so luck of the cards cancels. Both
searchers run ``ITERATIONS`` simulations per move with one random rollout each and the same
UCT constant; ISMCTSBot samples its move from its root's visit counts (OpenSpiel's default,
``NORMALIZED_VISIT_COUNT``), the library plays the most visited move.

With ``--quick``, 20 deals: a smoke run, whose figures mean little. Without OpenSpiel
(``pip install "gamesearch[openspiel]"``), one JSON line says so and the script exits 0.

Usage: ``python bench/bench_ismcts_openspiel.py [--quick] [--deals N] [--seed N] [--uct-c C]``
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from _common import emit, emit_env, fail

GAME = "leduc_poker"
ITERATIONS = 300
"""Simulations per move, for both searchers."""
UCT_C = 8.0
"""The UCT exploration constant of both searchers (the same formula in both:
``mean + c * sqrt(ln N / n)``), for Leduc's returns of up to 13 chips a hand. ISMCTSBot plays
as well at 8 as at 2 (the value of OpenSpiel's ISMCTS examples; ``--uct-c 2``), the library
better (see bench/README.md)."""
OPENSPIEL_C = 2.0
"""The UCT constant of OpenSpiel's ISMCTS examples."""
DEALS = {"full": 500, "quick": 20}


def bot(pyspiel: Any, seed: int, uct_c: float) -> Callable[[Any], int]:
    """A ``pyspiel.ISMCTSBot`` seeded with ``seed``: a function from a pyspiel state to a move."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    searcher = pyspiel.ISMCTSBot(
        seed, evaluator, uct_c, ITERATIONS, -1,
        pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False,
    )  # fmt: skip

    def move(state: Any) -> int:
        assert evaluator is not None  # the bot holds it by reference: keep it alive as long
        return int(searcher.step(state))

    return move


def play(
    game: Any, movers: list[Callable[[Any], int]], deck: list[int]
) -> tuple[tuple[float, ...], list[int]]:
    """Both players' returns in one game of ``deck``'s deal, and the cards it dealt.

    ``movers[p]`` takes an adapter state and returns player ``p``'s move.

    Each chance node gets the first card of ``deck`` among its outcomes, so two games of one deck
    deal the same cards whatever the betting.
    """
    state = game.initial_state()
    dealt = []
    while not game.is_terminal(state):
        player = game.to_move(state)
        if player < 0:
            allowed = {outcome for outcome, _ in game.chance_outcomes(state)}
            action = next(card for card in deck if card in allowed)
            dealt.append(action)
        else:
            action = movers[player](state)
        state = game.result(state, action)
    return tuple(game.utility(state, p) for p in range(game.num_players)), dealt


def match(
    game: Any, deals: int, seed: int, first: Callable[[int], Any], second: Callable[[int], Any]
) -> list[float]:
    """The first player's mean return over the two seats, deal by deal.

    ``first(s)`` and ``second(s)`` build a fresh player seeded with ``s`` (a function from an
    adapter state to a move); each game has its own seeds, the same in every pairing.
    """
    deck_size = len(game.chance_outcomes(game.initial_state()))
    shuffle = random.Random(seed)
    returns = []
    for deal in range(deals):
        deck = list(range(deck_size))
        shuffle.shuffle(deck)
        total = 0.0
        cards = []
        for seat in (0, 1):
            one = first(seed * 1_000_003 + 2 * deal + seat)
            other = second(seed * 1_000_033 + 2 * deal + seat + 7)
            movers = [one, other] if seat == 0 else [other, one]
            utilities, dealt = play(game, movers, deck)
            total += utilities[seat]
            cards.append(dealt)
        # A hand that ends in a fold before the public card deals one card fewer.
        if min(map(len, cards)) < 2 or any(a != b for a, b in zip(*cards, strict=False)):
            fail(f"deal {deal}: the two seats were dealt different cards: {cards}")
        returns.append(total / 2)
    return returns


def summary(returns: list[float]) -> dict[str, Any]:
    """Mean per hand, its 95% interval (normal approximation), and deals won, tied and lost."""
    mean = statistics.fmean(returns)
    half = 1.96 * statistics.stdev(returns) / math.sqrt(len(returns)) if len(returns) > 1 else 0
    return {
        "mean": round(mean, 4),
        "interval": [round(mean - half, 4), round(mean + half, 4)],
        "won": sum(r > 0 for r in returns),
        "tied": sum(r == 0 for r in returns),
        "lost": sum(r < 0 for r in returns),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--deals", type=int, help="deals to play (default 500; 20 with --quick)")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--uct-c", type=float, default=UCT_C, help="both searchers' constant")
    args = parser.parse_args()
    deals = args.deals if args.deals is not None else DEALS["quick" if args.quick else "full"]
    if deals < 1:
        fail(f"--deals must be at least 1, not {deals}")
    try:
        import pyspiel
    except ImportError:
        emit(bench="ismcts_openspiel.skipped", reason="OpenSpiel (pyspiel) is not installed")
        return
    from gamesearch.adapters.openspiel import OpenSpielGame
    from gamesearch.imperfect import ISMCTSPlayer

    emit_env("ismcts_openspiel", gc_disabled=False)
    emit(bench="ismcts_openspiel.openspiel", version=getattr(pyspiel, "__version__", None))
    game = OpenSpielGame(GAME)

    def library(seed: int) -> Callable[[Any], int]:
        return ISMCTSPlayer(game, iterations=ITERATIONS, exploration=args.uct_c, rng=seed)

    def openspiel(seed: int, uct_c: float = args.uct_c) -> Callable[[Any], int]:
        move = bot(pyspiel, seed, uct_c)
        return lambda state: move(state.to_pyspiel())

    pairings = [("ismcts_vs_bot", library, openspiel), ("bot_vs_bot", openspiel, openspiel)]
    if args.uct_c != OPENSPIEL_C:
        pairings.append(("bot_vs_bot_c2", openspiel, lambda seed: openspiel(seed, OPENSPIEL_C)))
    for pairing, first, second in pairings:
        started = time.perf_counter()
        returns = match(game, deals, args.seed, first, second)
        emit(
            bench="ismcts_openspiel.match", pairing=pairing, game=GAME, deals=deals,
            hands=2 * deals, iterations=ITERATIONS, uct_c=args.uct_c, **summary(returns),
            seconds=round(time.perf_counter() - started, 2),
        )  # fmt: skip


if __name__ == "__main__":
    main()
