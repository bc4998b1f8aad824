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
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from .._entry import check_budget, check_count, iterate_within, iteration_limit
from .._faults import examined
from ..errors import InvalidSearchOptionError
from ..limit import Limit
from ._cfr_loop import update
from ._forms import build_form
from ._pickling import reduce_result
from ._sequences import nash_conv_of, profile_of, uniform
from .protocol import ImperfectInformationGame, InfoSetKey

__all__ = ["CFRResult", "CFRSolver", "Variant", "cfr"]

Variant = Literal["vanilla", "plus"]
"""Which CFR: ``"vanilla"`` (regret matching, uniform averaging) or ``"plus"`` (CFR+: regret
matching+, linear averaging). Both update the players in turn."""

_VARIANTS = ("vanilla", "plus")


@dataclass(frozen=True)
class CFRResult:
    """What :func:`cfr` returns: the average strategy and how good it is."""

    strategy: Mapping[InfoSetKey, Mapping[Any, float]]
    """The average strategy profile: each information set's key to the probability of each of
    its actions (read-only). This is the strategy that converges to an equilibrium."""

    values: tuple[float, ...]
    """Each player's expected utility when every player follows ``strategy``, indexed by
    player (the game's value for each, at an equilibrium)."""

    nash_conv: float
    """The sum over the players of what each would gain by a best response to the others'
    ``strategy``: 0 exactly at a Nash equilibrium."""

    exploitability: float | None
    """``nash_conv`` divided by the number of players (OpenSpiel's ``exploitability``: for two
    players, what a best-responding opponent wins on average per seat); ``None`` where the
    utilities do not sum to the same constant at every end of the game."""

    variant: Variant
    """``"vanilla"`` or ``"plus"``."""

    iterations: int
    """Iterations run (each updates every player once)."""

    elapsed: float
    """Wall-clock seconds of the iterations (not of enumerating the tree)."""

    infosets: int
    """Information sets of the game (of all players)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its strategy as plain dicts, read-only again when loaded."""
        return reduce_result(self)


class CFRSolver:
    """CFR or CFR+ on a game's whole tree, one iteration at a time.

    The game is enumerated and compiled when the solver is made; :meth:`iterate` runs
    iterations, and :meth:`result` measures the average strategy so far. :func:`cfr` runs a
    solver for a number of iterations or seconds.

    Args:
        game: A game of imperfect information (:class:`ImperfectInformationGame`) with perfect
            recall, small enough to enumerate (at most 5,000,000 histories).
        variant: ``"vanilla"`` (OpenSpiel's ``CFRSolver``) or ``"plus"`` (its
            ``CFRPlusSolver``).

    Raises:
        InvalidSearchOptionError: an unknown ``variant``.
        NotAGameError: ``game`` lacks members of the protocol.
        UnsupportedGameError: the game lacks perfect recall, or is too big to enumerate.
        GameProtocolError: the game breaks the protocol (see
            :func:`~gamesearch.imperfect.check_information_sets`).

    Example:
        >>> from gamesearch.imperfect import KuhnPoker
        >>> solver = CFRSolver(KuhnPoker(), variant="plus")
        >>> solver.iterate(200)
        >>> result = solver.result()
        >>> result.iterations, result.exploitability < 1e-3
        (200, True)
    """

    def __init__(self, game: ImperfectInformationGame[Any, Any], *, variant: Variant = "vanilla"):
        if variant not in _VARIANTS:
            raise InvalidSearchOptionError(
                f"CFRSolver: variant must be 'vanilla' or 'plus', not {variant!r}"
            )
        self.variant: Variant = variant
        """``"vanilla"`` or ``"plus"``."""
        self._form = build_form(game, searcher="cfr")
        slots = self._form.slots
        self._sigma = uniform(self._form)
        self._regret = [0.0] * slots
        self._average = [0.0] * slots
        self._reach = [1.0] * slots
        self.iterations = 0
        """Iterations run so far."""
        self.elapsed = 0.0
        """Wall-clock seconds spent in :meth:`iterate`."""

    def iterate(self, iterations: int = 1) -> None:
        """Run ``iterations`` more iterations, each updating every player in turn.

        Raises:
            InvalidSearchOptionError: ``iterations`` is not an int >= 1.
        """
        check_count("CFRSolver.iterate", "iterations", iterations)
        start = time.perf_counter()
        plus = self.variant == "plus"
        for _ in range(iterations):
            self.iterations += 1
            weight = float(self.iterations) if plus else 1.0
            for player in range(self._form.num_players):
                self._update(player, weight, plus)
        self.elapsed += time.perf_counter() - start

    def _update(self, p: int, weight: float, plus: bool) -> None:
        """Player ``p``'s regrets, average strategy and next strategy: :func:`._cfr_loop.update`."""
        update(self._form, p, weight, plus, self._sigma, self._regret, self._average, self._reach)

    def current_strategy(self) -> dict[InfoSetKey, dict[Any, float]]:
        """The strategy of the next iteration (which need not converge): key to probabilities."""
        return profile_of(self._form, self._sigma)

    def average_strategy(self) -> dict[InfoSetKey, dict[Any, float]]:
        """The average strategy so far, key to probabilities (uniform where never reached)."""
        return profile_of(self._form, self._average_sigma())

    def _average_sigma(self) -> list[float]:
        sigma = uniform(self._form)
        average = self._average
        for b, e, _ in self._form.layout:
            total = sum(average[b:e])
            if total > 0.0:
                sigma[b:e] = [a / total for a in average[b:e]]
        return sigma

    def result(self) -> CFRResult:
        """The average strategy so far, with its values, NashConv and exploitability."""
        sigma = self._average_sigma()
        form = self._form
        nash_conv, values = nash_conv_of(form, sigma)
        strategy = {
            key: MappingProxyType(probabilities)
            for key, probabilities in profile_of(form, sigma).items()
        }
        return CFRResult(
            strategy=MappingProxyType(strategy),
            values=values,
            nash_conv=nash_conv,
            exploitability=None if form.constant_sum is None else nash_conv / form.num_players,
            variant=self.variant,
            iterations=self.iterations,
            elapsed=self.elapsed,
            infosets=len(form.keys),
        )


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
    iterations, time_limit = iteration_limit("cfr", limit, iterations, time_limit)
    check_budget("cfr", iterations, time_limit)  # it runs until told to stop
    solver = CFRSolver(game, variant=variant)
    iterate_within(solver, iterations, time_limit)
    return solver.result()
