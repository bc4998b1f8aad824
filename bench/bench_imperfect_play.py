"""PIMC and ISMCTS on Oh Hell: against a random player, deal by deal, against exact references.

Lines (JSON, one dict per line on stdout):

- ``imperfect_play.env``: Python, platform, library version.
- ``imperfect_play.duplicate``: for each searcher (PIMC over alpha-beta, SO-ISMCTS), the deals
  it beat a random player on. Every deal is played twice with the same cards, the searcher in
  seat 0 and then in seat 1 (two :func:`~gamesearch.tournament` runs with the same seed and
  ``alternate=False``: game ``g`` of both has the same chance draws, so the same deal); the
  searcher *beats* random on the deal when its utility summed over the two seats is above 0
  (the game is zero-sum), ties when it is 0, loses when below. Each count with its share and
  the share's 95% Wilson interval; ``reference_odds_of_not_won`` is the mean odds that the
  honest best response (below) wins the deals the searcher did not win: near or under 0.5
  when those deals are ones no honest player wins reliably. With the seconds taken.
- ``imperfect_play.reference``: on the same deals, exact (no sampling; see
  ``_ohhell_bounds.py``): the expected deals won, tied and lost by ``honest_best_response``
  (the most expected utility a player can get against random seeing only what it sees: the
  best any honest player does in expectation) and by ``cheater`` (expectimax on the true deal:
  it sees every card). With ``--all-deals``, a second pair of lines over every deal of the game
  (about a minute for ``OhHell()``; far longer for ``--hand 4``).
- ``imperfect_play.ascent``, with ``--ascent N``: honest players aimed at the deals won rather
  than at utility (``_ohhell_bounds.duplicate_ascent``: N rounds of best responses, seat by
  seat, to the other seat's player), the share of every deal their pair wins after each step
  (about two minutes for ``OhHell()`` and 3 rounds).
- ``imperfect_play.match``: PIMC against ISMCTS in one :func:`~gamesearch.tournament`
  (seats alternating), its wins, draws and losses as the tournament reports them, PIMC's score
  (a draw counts half) and its 95% Wilson interval (``gamesearch match``'s).

The game is ``OhHell()``: two players, three suits of A, K, Q, three cards each, three face
down; ``--hand 4`` deals four each (one face down). ``--worlds N`` and ``--iterations N`` change
PIMC's and ISMCTS's budgets a move, ``--deals N`` the deals each plays. With ``--quick``, 6
deals and 6 games, fewer worlds and iterations: a smoke run, whose figures mean little. The
figures of a full run are reported, not enforced (the slow tests enforce 90% on
``OhHell(hand=4)``, and that no honest player reaches it on ``OhHell()``).

Usage: ``python bench/bench_imperfect_play.py [--quick] [--seed N] [--hand N] [--worlds N]
[--iterations N] [--deals N] [--all-deals] [--ascent N]``
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from _common import emit, emit_env
from _ohhell_bounds import Cheater, HonestBestResponse, all_deals, deal_odds, duplicate_ascent

from gamesearch import random_player, tournament
from gamesearch.cli._match import wilson
from gamesearch.imperfect import ISMCTSPlayer, OhHell, PIMCPlayer

SETTINGS = {
    "full": {"deals": 100, "games": 100, "worlds": 20, "iterations": 1000},
    "quick": {"deals": 6, "games": 6, "worlds": 5, "iterations": 100},
}
EXPLORATION = 8.0
"""ISMCTS's exploration constant, for utilities from -14 to 14."""

Deal = tuple[tuple[int, ...], ...]


def duplicate(game: Any, player: Any, deals: int, seed: int) -> list[tuple[Deal, float]]:
    """Each deal, and ``player``'s utility summed over its two seats against a random player."""
    opponent = random_player()
    first = tournament(game, [player, opponent], games=deals, seed=seed, alternate=False)
    second = tournament(game, [opponent, player], games=deals, seed=seed, alternate=False)
    played = []
    for one, other in zip(first.records, second.records, strict=True):
        dealt = game.num_players
        if one.moves[:dealt] != other.moves[:dealt]:
            raise AssertionError("the two seats were dealt different cards")
        assert one.utilities is not None
        assert other.utilities is not None
        played.append((tuple(one.moves[:dealt]), one.utilities[0] + other.utilities[1]))
    return played


def shares(counts: dict[str, float], deals: int) -> dict[str, Any]:
    """Each count, its share of ``deals`` and the share's 95% Wilson interval."""
    fields: dict[str, Any] = {}
    for name, count in counts.items():
        low, high = wilson(count, deals)
        fields[name] = round(count, 2)
        fields[f"{name}_share"] = round(count / deals, 3)
        fields[f"{name}_interval"] = [round(low, 3), round(high, 3)]
    return fields


def reference(game: Any, deals: list[Deal], references: dict[str, Any], over: str) -> None:
    """A ``reference`` line for each exact player: its expected deals won, tied and lost."""
    for name, seats in references.items():
        started = time.perf_counter()
        odds = [deal_odds(game, deal, seats) for deal in deals]
        won, tied, lost = (sum(o[i] for o in odds) for i in range(3))
        emit(
            bench="imperfect_play.reference", player=name, over=over, deals=len(deals),
            won=round(won, 2), tied=round(tied, 2), lost=round(lost, 2),
            won_share=round(won / len(deals), 4), tied_share=round(tied / len(deals), 4),
            seconds=round(time.perf_counter() - started, 2),
        )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--hand", type=int, default=3, help="cards a hand (3: the default game)")
    parser.add_argument("--deals", type=int, help="deals each searcher plays (default 100)")
    parser.add_argument("--worlds", type=int, help="PIMC's worlds a move")
    parser.add_argument("--iterations", type=int, help="ISMCTS's iterations a move")
    parser.add_argument("--all-deals", action="store_true", help="the references on every deal")
    parser.add_argument("--ascent", type=int, default=0, help="rounds of duplicate_ascent")
    args = parser.parse_args()
    settings = dict(SETTINGS["quick" if args.quick else "full"])
    given = ("deals", "worlds", "iterations")
    settings.update({k: getattr(args, k) for k in given if getattr(args, k)})
    emit_env("imperfect_play")
    game = OhHell(hand=args.hand)
    pimc = PIMCPlayer(game, worlds=settings["worlds"])
    ismcts = ISMCTSPlayer(game, iterations=settings["iterations"], exploration=EXPLORATION)
    honest = (HonestBestResponse(game, 0), HonestBestResponse(game, 1))
    references = {"honest_best_response": honest, "cheater": (Cheater(game, 0), Cheater(game, 1))}
    deals: list[Deal] = []
    for name, player in (("pimc", pimc), ("ismcts", ismcts)):
        started = time.perf_counter()
        played = duplicate(game, player, settings["deals"], args.seed)
        seconds = time.perf_counter() - started
        deals = [deal for deal, _ in played]
        not_won = [deal_odds(game, deal, honest)[0] for deal, total in played if total <= 0]
        counts = {
            "beaten": sum(total > 0 for _, total in played),
            "tied": sum(total == 0 for _, total in played),
            "lost": sum(total < 0 for _, total in played),
        }
        emit(
            bench="imperfect_play.duplicate", searcher=name, player=repr(player),
            deals=settings["deals"], **shares(counts, settings["deals"]),
            reference_odds_of_not_won=round(statistics.fmean(not_won), 3) if not_won else None,
            seconds=round(seconds, 2),
        )  # fmt: skip
    reference(game, deals, references, "the deals above")
    if args.all_deals:
        reference(game, all_deals(game), references, "every deal")
    if args.ascent:
        started = time.perf_counter()
        for round_, seat, share in duplicate_ascent(game, args.ascent):
            emit(
                bench="imperfect_play.ascent", round=round_, seat=seat, won_share=round(share, 4),
                seconds=round(time.perf_counter() - started, 2),
            )  # fmt: skip
    started = time.perf_counter()
    match = tournament(game, [pimc, ismcts], games=settings["games"], seed=args.seed)
    played_games = match.wins[0] + match.draws[0] + match.losses[0]
    score = match.score[0]
    low, high = wilson(score, played_games)
    emit(
        bench="imperfect_play.match", games=settings["games"], pimc_wins=match.wins[0],
        draws=match.draws[0], ismcts_wins=match.wins[1], unfinished=match.unfinished,
        pimc_score=score / played_games, interval=[round(low, 3), round(high, 3)],
        seconds=round(time.perf_counter() - started, 2),
    )  # fmt: skip


if __name__ == "__main__":
    main()
