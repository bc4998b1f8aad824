"""The CFR and CFR+ solver, one iteration at a time: :class:`CFRSolver` (see :mod:`.regret`).

A module of its own, which imports only what a solver's run uses: a program that makes a
solver and runs it loads neither :mod:`dataclasses` (with :mod:`inspect`, about 7 ms of a
process's start) nor the searchers' shared checks. :meth:`CFRSolver.result` loads
:mod:`._cfr_result`, where :class:`~._cfr_result.CFRResult` is; :mod:`.regret` gives this
module's names too.
"""

from __future__ import annotations

import time
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from .._faults import examining
from .._lazy import LazyModule
from .._validation import check_count
from ..errors import InvalidSearchOptionError, short_repr
from ._cfr_loop import update
from ._forms import build_form
from ._sequences import SequenceForm, nash_conv_of, profile_of, uniform
from .protocol import ImperfectInformationGame, InfoSetKey

if TYPE_CHECKING:
    from . import _cfr_result as results
else:  # CFRResult with dataclasses, imported by the first result (or read of the annotation)
    results = LazyModule(f"{__package__}._cfr_result")

__all__ = ["CFRSolver", "Variant", "check_variant"]

Variant = Literal["vanilla", "plus"]
"""Which CFR: ``"vanilla"`` (regret matching, uniform averaging) or ``"plus"`` (CFR+: regret
matching+, linear averaging). Both update the players in turn."""

_VARIANTS = ("vanilla", "plus")


def check_variant(variant: object, caller: str) -> None:
    """Raise :class:`InvalidSearchOptionError` unless ``variant`` is ``"vanilla"`` or ``"plus"``."""
    if variant not in _VARIANTS:
        raise InvalidSearchOptionError(
            f"{caller}: variant must be 'vanilla' or 'plus', not {short_repr(variant)}"
        )


def _examined_form(game: ImperfectInformationGame[Any, Any]) -> SequenceForm:
    """``game``'s sequence form, its walk examined as ``cfr``'s search is (see :mod:`.._faults`).

    A game whose ``result`` changes the state it is given would make the form of a tree that
    does not exist; it is refused, as ``cfr`` refuses it.
    """
    try:
        root = game.initial_state()
    except Exception:  # the form's own checks say why
        return build_form(game, searcher="cfr")
    return examining(game, root, lambda: build_form(game, searcher="cfr"), "CFRSolver", timed=False)


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
        check_variant(variant, "CFRSolver")
        self.variant: Variant = variant
        """``"vanilla"`` or ``"plus"``."""
        self._form = _examined_form(game)
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
        check_count("CFRSolver.iterate", "iterations", iterations, optional=False)
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

    def nash_conv(self) -> float:
        """The NashConv of the average strategy so far: :attr:`result`'s ``nash_conv``.

        What the players would gain, summed, each by a best response to the others (0 at a
        Nash equilibrium); computed on the solver's own form, without building the result.

        Example:
            >>> from gamesearch.imperfect import KuhnPoker
            >>> solver = CFRSolver(KuhnPoker(), variant="plus")
            >>> solver.iterate(30)
            >>> solver.nash_conv() == solver.result().nash_conv
            True
        """
        return nash_conv_of(self._form, self._average_sigma())[0]

    def exploitability(self) -> float | None:
        """The exploitability of the average strategy so far: :attr:`result`'s ``exploitability``.

        :meth:`nash_conv` divided by the number of players (OpenSpiel's ``exploitability``), or
        ``None`` for a game whose utilities do not sum to the same constant at every end. The
        quick read of the answer, with :meth:`average_strategy`: a process's first
        :meth:`result` loads :mod:`dataclasses` (about 8 ms), this does not (0.05 ms on Kuhn
        poker, compiled).

        Example:
            >>> from gamesearch.imperfect import KuhnPoker
            >>> solver = CFRSolver(KuhnPoker(), variant="plus")
            >>> solver.iterate(200)
            >>> quick = solver.exploitability()
            >>> quick < 1e-3, quick == solver.result().exploitability
            (True, True)
        """
        form = self._form
        if form.constant_sum is None:
            return None
        return nash_conv_of(form, self._average_sigma())[0] / form.num_players

    def result(self) -> results.CFRResult:
        """The average strategy so far, with its values, NashConv and exploitability."""
        sigma = self._average_sigma()
        form = self._form
        nash_conv, values = nash_conv_of(form, sigma)
        strategy = {
            key: MappingProxyType(probabilities)
            for key, probabilities in profile_of(form, sigma).items()
        }
        return results.CFRResult(
            strategy=MappingProxyType(strategy),
            values=values,
            nash_conv=nash_conv,
            exploitability=None if form.constant_sum is None else nash_conv / form.num_players,
            variant=self.variant,
            iterations=self.iterations,
            elapsed=self.elapsed,
            infosets=len(form.keys),
        )
