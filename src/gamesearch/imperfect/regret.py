"""Counterfactual regret minimisation: vanilla CFR and CFR+, tabular, on the whole game tree.

CFR (Zinkevich, Johanson, Bowling and Piccione 2007) plays the game against itself. At each
information set it keeps, for each action, the *cumulative counterfactual regret*: how much
better the action would have done than the strategy played, weighed by the probability that
the others (and chance) bring play there. The next strategy is *regret matching* (Hart and
Mas-Colell 2000): each action in proportion to its positive regret, uniform when none is
positive. The *average* strategy, each iteration's weighed by the player's own probability of
reaching the set, converges to a Nash equilibrium in two-player zero-sum games.

CFR+ (Tammelin 2014; Tammelin, Burch, Johanson and Bowling 2015) keeps the cumulative regrets
at 0 or above (regret matching+) and weighs iteration ``t`` by ``t`` in the average (linear
averaging); it converges far faster in practice.

Both update the players in turn (alternating updates): player 0's regrets against the current
strategies, then player 1's against player 0's new strategy, and so on, as OpenSpiel's
``CFRSolver`` and ``CFRPlusSolver`` do, so that the iterates can be compared one by one. They
agree to rounding (Kuhn, Leduc), except where a regret that is 0 in exact arithmetic is rounded
to a tiny positive number on one side only and is the only positive regret of its information
set: regret matching then plays it with probability 1 there, uniformly on the other side, and
the runs part (Goofspiel with 4 cards, ``bench/bench_cfr_iterates.py``).

The game is enumerated once (:mod:`._tree`) and compiled to its sequence form
(:mod:`._sequences`); an iteration is then a few loops over flat lists of floats.
:class:`CFRSolver` is defined in :mod:`._cfr_solver`, which a solver's run imports without
``dataclasses``, and :class:`CFRResult` in :mod:`._cfr_result`; this module gives both.
"""

from __future__ import annotations

from typing import Any

from .._faults import examined
from ..limit import Limit
from ._cfr_result import CFRResult
from ._cfr_solver import CFRSolver, Variant, check_variant
from .protocol import ImperfectInformationGame

__all__ = ["CFRResult", "CFRSolver", "Variant", "cfr"]


@examined
def cfr(
    game: ImperfectInformationGame[Any, Any],
    *,
    limit: Limit | None = None,
    iterations: int | None = None,
    time_limit: float | None = None,
    variant: Variant = "vanilla",
) -> CFRResult:
    """Approximate a Nash equilibrium of ``game`` by counterfactual regret minimisation.

    Runs CFR (or CFR+, ``variant="plus"``) with alternating updates on the whole game tree,
    enumerated once, for ``iterations`` iterations, or until ``time_limit`` seconds have passed
    (checked after each iteration; with both, whichever comes first).

    Args:
        game: A game of imperfect information (:class:`ImperfectInformationGame`) with perfect
            recall, small enough to enumerate (at most 5,000,000 histories).
        limit: ``iterations`` and ``time_limit`` as one :class:`~gamesearch.Limit`
            (its ``depth`` and ``node_limit`` are refused).
        iterations: The most iterations to run.
        time_limit: The most seconds to iterate for (the tree's enumeration not counted).
        variant: ``"vanilla"`` (as OpenSpiel's ``CFRSolver``) or ``"plus"`` (CFR+, as its
            ``CFRPlusSolver``).

    Returns:
        The average strategy, with each player's value under it, its NashConv and its
        exploitability, the iterations run and the seconds they took.

    Raises:
        InvalidSearchOptionError: neither ``iterations`` nor ``time_limit`` is given, one is
            out of range, or ``variant`` is unknown.
        NotAGameError: ``game`` lacks members of the protocol.
        UnsupportedGameError: the game lacks perfect recall, or is too big to enumerate.
        GameProtocolError: the game breaks the protocol.

    Example:
        Kuhn poker's value is -1/18 for the first player:

        >>> from gamesearch.imperfect import KuhnPoker
        >>> result = cfr(KuhnPoker(), iterations=300, variant="plus")
        >>> round(result.values[0], 3), result.exploitability < 1e-3
        (-0.056, True)
    """
    # The searchers' shared checks load here: a solver's first result, which loads this module,
    # does not need them (about 2 ms of imports).
    from .._entry import check_budget, iterate_within, iteration_limit

    iterations, time_limit = iteration_limit("cfr", limit, iterations, time_limit)
    check_budget("cfr", iterations, time_limit)  # it runs until told to stop
    check_variant(variant, "cfr")
    solver = CFRSolver(game, variant=variant)
    iterate_within(solver, iterations, time_limit)
    return solver.result()
