"""MCCFR benchmark: exploitability at equal time on Liar's Dice, against OpenSpiel's Python MCCFR.

Lines (JSON, one dict per line on stdout):

- ``mccfr.env``: Python, platform, library version; ``mccfr.versions``: OpenSpiel's version.
- ``mccfr.curve``: for each sampling scheme and each checkpoint (seconds of iterating, the
  measuring not counted), gamesearch's ``MCCFRSolver`` on :class:`LiarsDice` (one die each)
  and, in the same run, OpenSpiel's Python ``ExternalSamplingSolver`` or
  ``OutcomeSamplingSolver`` on ``liars_dice``: the iterations each ran and the exploitability
  of each one's average strategy. Both are measured by the library's exact
  :func:`~gamesearch.imperfect.exploitability` (the information-set keys are OpenSpiel's
  strings; OpenSpiel's sets never sampled are played uniformly, as its ``AveragePolicy`` does).
- ``mccfr.summary``: iterations per second of each, and the ratio.
- ``mccfr.big``: a game too big for full traversal, OpenSpiel's ``liars_dice`` with two
  four-sided dice each (about 34 million histories; the library's enumeration stops at 5
  million), the library's external-sampling ``MCCFRSolver`` walking it through
  ``OpenSpielGame`` and OpenSpiel's Python ``ExternalSamplingSolver`` natively, at equal
  seconds of iterating. Exploitability cannot be computed there; the proxy is each average
  strategy's mean return (chips a game) against a uniformly random player, over the same deals
  played from both seats (``vs_random``, with the half-width of its 95% interval), which rises
  as the strategy improves (an information set never met is played uniformly).
- ``mccfr.big_match``: at each checkpoint, the two average strategies against each other over
  the same deals from both seats: the library's mean return, with a 95% interval.
- ``mccfr.skipped``: in place of OpenSpiel's figures, where OpenSpiel is not installed.

With ``--quick`` the game is ``LiarsDice(dice_sides=4)`` (``liars_dice(dice_sides=4)``) and the
checkpoints a fraction of a second; the run then also checks, on the final OpenSpiel policy,
that the library's exploitability equals OpenSpiel's own ``exploitability`` (within 1e-9), and
exits with status 1 if not. The figures depend on the machine's load: they are reported, not
enforced.

Usage: ``python bench/bench_mccfr.py [--quick] [--seed N]``
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import time
from collections.abc import Callable
from typing import Any

from _common import emit, emit_env, fail

from gamesearch.imperfect import LiarsDice, MCCFRSolver, exploitability

CHECKPOINTS = {"full": (1.0, 2.0, 4.0, 8.0, 16.0), "quick": (0.2, 0.4)}
"""Seconds of iterating after which each solver's average strategy is measured."""

BIG = "liars_dice(numdice=2,dice_sides=4)"
"""The game too big for full traversal (OpenSpiel's name)."""

BIG_CHECKPOINTS = {"full": (2.0, 4.0, 8.0, 16.0, 32.0), "quick": (0.3, 0.6)}
"""Seconds of iterating on it after which each average strategy is played."""

BIG_DEALS = {"full": 2000, "quick": 200}
"""The deals each match plays, each from both seats."""

SCHEMES = {"external": "ExternalSamplingSolver", "outcome": "OutcomeSamplingSolver"}


def ours(game: LiarsDice, scheme: str, checkpoints: tuple[float, ...], seed: int) -> list[Any]:
    """The library's MCCFR: ``(iterations, exploitability, seconds)`` at each checkpoint."""
    solver = MCCFRSolver(game, scheme=scheme, rng=seed)  # type: ignore[arg-type]  # a Scheme
    found = []
    for seconds in checkpoints:
        while solver.elapsed < seconds:
            solver.iterate(10 if scheme == "external" else 100)
        found.append((solver.iterations, solver.result().exploitability, solver.elapsed))
    return found


def theirs(
    game: LiarsDice, name: str, scheme: str, checkpoints: tuple[float, ...], seed: int
) -> tuple[list[Any], Any, Any]:
    """OpenSpiel's Python MCCFR: ``(iterations, exploitability, seconds)`` at each checkpoint."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import external_sampling_mccfr, outcome_sampling_mccfr

    np.random.seed(seed)
    spiel_game = pyspiel.load_game(name)
    module = external_sampling_mccfr if scheme == "external" else outcome_sampling_mccfr
    solver = getattr(module, SCHEMES[scheme])(spiel_game)
    found, elapsed, iterations = [], 0.0, 0
    for seconds in checkpoints:
        while elapsed < seconds:
            start = time.perf_counter()
            for _ in range(10 if scheme == "external" else 100):
                solver.iteration()
            elapsed += time.perf_counter() - start
            iterations += 10 if scheme == "external" else 100
        found.append((iterations, exploitability(game, strategy_of(game, solver)), elapsed))
    return found, spiel_game, solver


def strategy_of(game: LiarsDice, solver: Any) -> dict[str, dict[int, float]]:
    """OpenSpiel's MCCFR average policy as a strategy profile of ``game`` (uniform where unmet).

    Reads the solver's table of information sets (its ``_infostates``: key to regrets and
    average-strategy weights, in the order of the legal actions).
    """
    from gamesearch.imperfect._tree import enumerate_tree

    sets = _sets(game, enumerate_tree)
    profile = {}
    for key, actions in sets.items():
        found = solver._infostates.get(key)
        if found is None:
            profile[key] = {a: 1.0 / len(actions) for a in actions}
        else:
            weights = found[1]
            total = float(weights.sum())
            profile[key] = {a: float(w) / total for a, w in zip(actions, weights, strict=True)}
    return profile


_SETS: dict[int, dict[str, tuple[Any, ...]]] = {}


def _sets(game: LiarsDice, enumerate_tree: Any) -> dict[str, tuple[Any, ...]]:
    """Each information set's key and actions (enumerated once per game)."""
    if game.dice_sides not in _SETS:
        tree = enumerate_tree(game, searcher="bench")
        _SETS[game.dice_sides] = dict(zip(tree.keys, tree.infoset_actions, strict=True))
    return _SETS[game.dice_sides]


Policy = Callable[[str, list[int]], list[float] | None]
"""An average strategy: the weights of the legal actions at an information state string, or
``None`` for a set it never met (played uniformly)."""


def ours_policy(table: dict[Any, dict[Any, float]]) -> Policy:
    """The library's average strategy (keys and actions are OpenSpiel's, through the adapter)."""

    def weights(key: str, legal: list[int]) -> list[float] | None:
        odds = table.get(key)
        return None if odds is None else [odds.get(a, 0.0) for a in legal]

    return weights


def theirs_policy(solver: Any) -> Policy:
    """OpenSpiel's average strategy: its solver's weights, in the order of the legal actions."""

    def weights(key: str, legal: list[int]) -> list[float] | None:
        found = solver._infostates.get(key)
        return None if found is None else [float(w) for w in found[1]]

    return weights


def choose(policy: Policy | None, state: Any, rng: random.Random) -> int:
    """An action of the pyspiel ``state`` drawn with ``policy`` (``None``: uniformly)."""
    legal = state.legal_actions()
    weights = None if policy is None else policy(state.information_state_string(), legal)
    if weights is not None and sum(weights) > 0:
        return rng.choices(legal, weights)[0]
    return legal[int(rng.random() * len(legal))]


def match(
    spiel_game: Any, first: Policy | None, second: Policy | None, deals: int, seed: int
) -> tuple[float, float]:
    """``first``'s mean return against ``second``, each deal played from both seats.

    The same dice fall in both games of a deal (chance draws from a generator of its own,
    seeded by the deal). Returns the mean and the half-width of its 95% interval.
    """
    results = []
    for deal in range(deals):
        total = 0.0
        for seat in (0, 1):
            dice, moves = random.Random(seed * 1_000_003 + deal), random.Random(deal * 2 + seat)
            policies = (first, second) if seat == 0 else (second, first)
            state = spiel_game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(dice.choices(outcomes, odds)[0])
                else:
                    state.apply_action(choose(policies[state.current_player()], state, moves))
            total += state.returns()[seat]
        results.append(total / 2)
    mean = sum(results) / deals
    spread = math.sqrt(sum((r - mean) ** 2 for r in results) / max(1, deals - 1))
    return mean, 1.96 * spread / math.sqrt(deals)


def big(quick: bool, seed: int) -> None:
    """The ``mccfr.big`` and ``mccfr.big_match`` lines: external sampling on the big game."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import external_sampling_mccfr

    from gamesearch.adapters import OpenSpielGame

    mode = "quick" if quick else "full"
    deals = BIG_DEALS[mode]
    spiel_game = pyspiel.load_game(BIG)
    mine = MCCFRSolver(OpenSpielGame(BIG), scheme="external", rng=seed)
    np.random.seed(seed)
    other = external_sampling_mccfr.ExternalSamplingSolver(spiel_game)
    other_elapsed, other_iterations = 0.0, 0
    for seconds in BIG_CHECKPOINTS[mode]:
        while mine.elapsed < seconds:
            mine.iterate(10)
        while other_elapsed < seconds:
            start = time.perf_counter()
            for _ in range(10):
                other.iteration()
            other_elapsed += time.perf_counter() - start
            other_iterations += 10
        average = mine.average_strategy()
        policies = {"gamesearch": ours_policy(average), "openspiel": theirs_policy(other)}
        done = {"gamesearch": mine.iterations, "openspiel": other_iterations}
        sets = {"gamesearch": len(average), "openspiel": len(other._infostates)}
        for name, policy in policies.items():
            gain, half = match(spiel_game, policy, None, deals, seed)
            emit(bench="mccfr.big", game=BIG, solver=name, seconds=seconds,
                 iterations=done[name], infosets=sets[name], deals=deals,
                 vs_random=round(gain, 4), vs_random_95=round(half, 4))  # fmt: skip
        gain, half = match(spiel_game, policies["gamesearch"], policies["openspiel"], deals, seed)
        emit(bench="mccfr.big_match", game=BIG, seconds=seconds, deals=deals,
             gamesearch_vs_openspiel=round(gain, 4), interval_95=round(half, 4))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="four-sided dice, short runs")
    parser.add_argument("--seed", type=int, default=1, help="the seed of both solvers")
    args = parser.parse_args()
    sides = 4 if args.quick else 6
    game = LiarsDice(dice_sides=sides)
    name = "liars_dice" if sides == 6 else f"liars_dice(dice_sides={sides})"
    checkpoints = CHECKPOINTS["quick" if args.quick else "full"]
    has_openspiel = importlib.util.find_spec("pyspiel") is not None
    emit_env("mccfr.env", gc_disabled=False)
    if has_openspiel:
        from importlib.metadata import version

        emit(bench="mccfr.versions", open_spiel=version("open_spiel"))
    for scheme in SCHEMES:
        mine = ours(game, scheme, checkpoints, args.seed)
        if not has_openspiel:
            for seconds, (iterations, found, _) in zip(checkpoints, mine, strict=True):
                emit(bench="mccfr.curve", game=repr(game), scheme=scheme, seconds=seconds,
                     gamesearch_iterations=iterations, gamesearch_exploitability=found)  # fmt: skip
            emit(bench="mccfr.skipped", scheme=scheme,
                 note="OpenSpiel (pyspiel) is not installed: no side-by-side figures")  # fmt: skip
            continue
        other, spiel_game, solver = theirs(game, name, scheme, checkpoints, args.seed)
        for seconds, (iterations, found, _), (their_iterations, their_found, _) in zip(
            checkpoints, mine, other, strict=True
        ):
            emit(
                bench="mccfr.curve",
                game=name,
                scheme=scheme,
                seconds=seconds,
                gamesearch_iterations=iterations,
                gamesearch_exploitability=round(found, 5),
                openspiel_iterations=their_iterations,
                openspiel_exploitability=round(their_found, 5),
            )
        rate, their_rate = mine[-1][0] / mine[-1][2], other[-1][0] / other[-1][2]
        emit(
            bench="mccfr.summary",
            game=name,
            scheme=scheme,
            gamesearch_per_s=round(rate, 1),
            openspiel_python_per_s=round(their_rate, 1),
            speedup=round(rate / their_rate, 2),
            lower_exploitability_at_equal_time=mine[-1][1] < other[-1][1],
        )
        if args.quick:
            from open_spiel.python.algorithms import exploitability as openspiel_exploitability

            expected = openspiel_exploitability.exploitability(spiel_game, solver.average_policy())
            if abs(expected - other[-1][1]) > 1e-9:
                fail(f"{name}: the library measures OpenSpiel's {scheme} policy at "
                     f"{other[-1][1]}, OpenSpiel at {expected}")  # fmt: skip
    if has_openspiel:
        big(args.quick, args.seed)
    else:
        emit(bench="mccfr.skipped", game=BIG,
             note="OpenSpiel (pyspiel) is not installed: the big game is OpenSpiel's")  # fmt: skip


if __name__ == "__main__":
    main()
