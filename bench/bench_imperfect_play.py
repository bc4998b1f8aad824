"""PIMC and ISMCTS on Oh Hell: against a random player, deal by deal, and against each other.

Lines (JSON, one dict per line on stdout):

- ``imperfect_play.env``: Python, platform, library version.
- ``imperfect_play.duplicate``: for each searcher (PIMC over alpha-beta, SO-ISMCTS), the deals
  it beat a random player on. Every deal is played twice with the same cards, the searcher in
  seat 0 and then in seat 1 (two :func:`~gamesearch.tournament` runs with the same seed and
  ``alternate=False``: game ``g`` of both has the same chance draws, so the same deal); the
  searcher *beats* random on the deal when its utility summed over the two seats is above 0
  (the game is zero-sum), ties when it is 0. With the deals and the seconds taken.
- ``imperfect_play.match``: PIMC against ISMCTS in one :func:`~gamesearch.tournament`
  (seats alternating), its wins, draws and losses as the tournament reports them, PIMC's score
  (a draw counts half) and its 95% Wilson interval (``gamesearch match``'s).

The game is ``OhHell(hand=4)``: three suits of A, K, Q, four cards each, one card face down;
``--hand 3`` plays the default game (three cards face down). ``--worlds N`` and
``--iterations N`` change PIMC's and ISMCTS's budgets a move. With ``--quick``, 6 deals and 6
games, fewer worlds and iterations: a smoke run, whose figures mean little. The figures of a
full run are reported, not enforced (the tests enforce 90% on ``OhHell(hand=4)``).

Usage: ``python bench/bench_imperfect_play.py [--quick] [--seed N] [--hand N] [--worlds N]
[--iterations N]``
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from _common import emit, emit_env

from gamesearch import random_player, tournament
from gamesearch.cli._match import wilson
from gamesearch.imperfect import ISMCTSPlayer, OhHell, PIMCPlayer

SETTINGS = {
    "full": {"deals": 100, "games": 100, "worlds": 20, "iterations": 1000},
    "quick": {"deals": 6, "games": 6, "worlds": 5, "iterations": 100},
}
EXPLORATION = 8.0
"""ISMCTS's exploration constant, for utilities from -14 to 14."""


def duplicate(game: Any, player: Any, deals: int, seed: int) -> tuple[int, int, int]:
    """``(beaten, tied, lost)``: the deals ``player`` beat a random player on, from both seats."""
    opponent = random_player()
    first = tournament(game, [player, opponent], games=deals, seed=seed, alternate=False)
    second = tournament(game, [opponent, player], games=deals, seed=seed, alternate=False)
    beaten = tied = lost = 0
    for one, other in zip(first.records, second.records, strict=True):
        dealt = game.num_players
        if one.moves[:dealt] != other.moves[:dealt]:
            raise AssertionError("the two seats were dealt different cards")
        assert one.utilities is not None
        assert other.utilities is not None
        total = one.utilities[0] + other.utilities[1]
        beaten += total > 0
        tied += total == 0
        lost += total < 0
    return beaten, tied, lost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--hand", type=int, default=4, help="cards a hand (3: the default game)")
    parser.add_argument("--worlds", type=int, help="PIMC's worlds a move")
    parser.add_argument("--iterations", type=int, help="ISMCTS's iterations a move")
    args = parser.parse_args()
    settings = dict(SETTINGS["quick" if args.quick else "full"])
    settings.update({k: getattr(args, k) for k in ("worlds", "iterations") if getattr(args, k)})
    emit_env("imperfect_play")
    game = OhHell(hand=args.hand)
    pimc = PIMCPlayer(game, worlds=settings["worlds"])
    ismcts = ISMCTSPlayer(game, iterations=settings["iterations"], exploration=EXPLORATION)
    for name, player in (("pimc", pimc), ("ismcts", ismcts)):
        started = time.perf_counter()
        beaten, tied, lost = duplicate(game, player, settings["deals"], args.seed)
        emit(
            bench="imperfect_play.duplicate", searcher=name, player=repr(player),
            deals=settings["deals"], beaten=beaten, tied=tied, lost=lost,
            share=beaten / settings["deals"], seconds=round(time.perf_counter() - started, 2),
        )  # fmt: skip
    started = time.perf_counter()
    match = tournament(game, [pimc, ismcts], games=settings["games"], seed=args.seed)
    played = match.wins[0] + match.draws[0] + match.losses[0]
    score = match.score[0]
    low, high = wilson(score, played)
    emit(
        bench="imperfect_play.match", games=settings["games"], pimc_wins=match.wins[0],
        draws=match.draws[0], ismcts_wins=match.wins[1], unfinished=match.unfinished,
        pimc_score=score / played, interval=[round(low, 3), round(high, 3)],
        seconds=round(time.perf_counter() - started, 2),
    )  # fmt: skip


if __name__ == "__main__":
    main()
