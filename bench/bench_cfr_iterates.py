"""Do CFR's iterates agree with OpenSpiel's, iterate by iterate? Where not, where do they part?

Runs the library's :class:`~gamesearch.imperfect.CFRSolver` and OpenSpiel's Python
``CFRSolver`` / ``CFRPlusSolver`` side by side on the same OpenSpiel game (through the adapter,
so the information sets are the same strings), one iteration at a time, and after each compares
the two average strategies. Lines (JSON, one dict per line on stdout):

- ``cfr_iterates.env``: Python, platform, library version; ``cfr_iterates.versions``: OpenSpiel's.
- ``cfr_iterates.game``: for each game and variant, the iterations run, the information sets,
  the largest difference of an action's probability between the two average strategies over
  all the iterations (``max_difference``) and the first iteration where it passes 1e-9
  (``parted_at``, ``null`` if never); the first iteration after which the cumulative regrets
  differ by more than 1e-12 somewhere (``regrets_parted_at``); the first iteration after which
  a regret is positive on one side and not on the other while both are within 1e-12 of 0
  (``noise_flips_at``: rounding noise around a regret that is 0 in exact arithmetic), with how
  many information sets have one (``noise_flips``) and the largest such regret in absolute
  value (``largest_noise``); and both strategies' exploitability after the last iteration,
  each measured exactly by the library.
- ``cfr_iterates.skipped``: where OpenSpiel is not installed.

Usage: ``python bench/bench_cfr_iterates.py [--quick]``
"""

from __future__ import annotations

import argparse
import importlib.util
from typing import Any

from _common import emit, emit_env

GAMES = {
    # name: (iterations, iterations with --quick)
    "kuhn_poker": (200, 20),
    "leduc_poker": (30, 3),
    "turn_based_simultaneous_game(game=goofspiel(num_cards=3))": (100, 10),
    "turn_based_simultaneous_game(game=goofspiel(num_cards=4,imp_info=True))": (30, 3),
}
"""The games compared, by OpenSpiel's name, and the iterations run on each."""

PARTED = 1e-9
"""A difference of probabilities above this counts as the iterates parting."""

NOISE = 1e-12
"""Regrets closer than this are the same up to rounding."""


def compare(name: str, variant: str, iterations: int) -> dict[str, Any]:
    """Run both solvers on ``name`` side by side; what agreed, and where they parted."""
    from open_spiel.python.algorithms import cfr as openspiel_cfr

    from gamesearch.adapters.openspiel import OpenSpielGame, strategy_from_policy
    from gamesearch.imperfect import CFRSolver, exploitability

    game = OpenSpielGame(name)
    ours = CFRSolver(game, variant=variant)  # type: ignore[arg-type]
    solver = openspiel_cfr.CFRSolver if variant == "vanilla" else openspiel_cfr.CFRPlusSolver
    theirs = solver(game.pyspiel_game)
    worst, parted, regrets_parted, noise = 0.0, None, None, (None, 0, 0.0)
    for iteration in range(1, iterations + 1):
        ours.iterate()
        theirs.evaluate_and_update_policy()
        difference = _difference(ours.average_strategy(), theirs.average_policy())
        worst = max(worst, difference)
        if parted is None and difference > PARTED:
            parted = iteration
        flips, largest, differing = _regrets(ours, theirs)
        if regrets_parted is None and differing:
            regrets_parted = iteration
        if noise[0] is None and flips:
            noise = (iteration, flips, largest)
    policy = strategy_from_policy(game, theirs.average_policy())
    return {
        "iterations": iterations,
        "infosets": ours.result().infosets,
        "max_difference": worst,
        "parted_at": parted,
        "regrets_parted_at": regrets_parted,
        "noise_flips_at": noise[0],
        "noise_flips": noise[1],
        "largest_noise": noise[2],
        "exploitability": ours.result().exploitability,
        "openspiel_exploitability": exploitability(game, policy),
    }


def _difference(strategy: dict[Any, dict[Any, float]], policy: Any) -> float:
    """The largest difference of one action's probability between the two strategies."""
    table = policy.action_probability_array
    return max(
        abs(probability - table[policy.state_lookup[key]][action])
        for key, probabilities in strategy.items()
        for action, probability in probabilities.items()
    )


def _regrets(ours: Any, theirs: Any) -> tuple[int, float, int]:
    """Compare the two solvers' cumulative regrets (their private tables, read for this).

    Returns:
        The information sets with a regret that is positive on one side only while both are
        within ``NOISE`` of 0, the largest such regret in absolute value, and the information
        sets whose regrets differ by more than ``NOISE``.
    """
    form = ours._form
    flips, largest, differing = 0, 0.0, 0
    for index, key in enumerate(form.keys):
        base, end, _ = form.layout[index]
        node = theirs._info_state_nodes[key]
        mine = ours._regret[base:end]
        given = [float(node.cumulative_regret[action]) for action in node.legal_actions]
        pairs = list(zip(mine, given, strict=True))
        noisy = [max(abs(a), abs(b)) for a, b in pairs if (a > 0) != (b > 0) and
                 max(abs(a), abs(b)) <= NOISE]  # fmt: skip
        if noisy:
            flips += 1
            largest = max(largest, *noisy)
        differing += any(abs(a - b) > NOISE for a, b in pairs)
    return flips, largest, differing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few iterations of each game")
    args = parser.parse_args()
    emit_env("cfr_iterates.env", gc_disabled=False)
    if importlib.util.find_spec("pyspiel") is None:
        emit(bench="cfr_iterates.skipped", note="OpenSpiel (pyspiel) is not installed")
        return
    from importlib.metadata import version

    emit(bench="cfr_iterates.versions", open_spiel=version("open_spiel"))
    for name, (full, quick) in GAMES.items():
        for variant in ("vanilla", "plus"):
            found = compare(name, variant, quick if args.quick else full)
            emit(bench="cfr_iterates.game", game=name, variant=variant, **found)


if __name__ == "__main__":
    main()
