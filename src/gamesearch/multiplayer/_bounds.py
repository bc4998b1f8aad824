"""The bounds on utilities that shallow pruning of max-n relies on, checked in exact arithmetic.

Korf (1991) prunes a max-n tree with two facts about the game: every player's utility is at
least ``min_per_player``, and the players' utilities sum to at most ``max_sum``. A pruning
decision made from bounds the utilities break would be a wrong answer, so every utility vector
the search reads is checked against them, and every pruning test is confirmed in rational
arithmetic: floating-point rounding must not prune a move that is better by one ulp.
"""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Real
from typing import Any

from ..errors import InvalidSearchOptionError, InvalidUtilityError

__all__ = ["Bounds", "check_bounds"]

_MEMO_LIMIT = 1 << 12


class Bounds:
    """Checked bounds ``(min_per_player, max_sum)`` for ``players`` players.

    Args:
        low: The least utility any player can get.
        total: The most the utilities of all players can sum to.
        players: How many players the game has.
    """

    def __init__(self, low: float, total: float, players: int) -> None:
        self.low = low
        self.total = total
        self.players = players
        self._exact_low = Fraction(low)
        self._exact_total = Fraction(total)
        self._sums_ok: set[tuple[float, ...]] = set()  # vectors whose exact sum was checked
        self.top = total - (players - 1) * low
        """The most any one player can get: ``max_sum - (n - 1) * min_per_player``, rounded."""
        self.ceiling = total - (players - 2) * low
        """``ceiling - v`` bounds the utility of another player when one player gets ``v``:
        ``max_sum - v - (n - 2) * min_per_player``, rounded."""
        self._exact_top = self._exact_total - (players - 1) * self._exact_low
        self._exact_ceiling = self._exact_total - (players - 2) * self._exact_low
        # Comparisons between numbers are exact in Python: with an exact float ``top`` and
        # ``ceiling``, most tests need no rational arithmetic.
        self._top_is_exact = Fraction(self.top) == self._exact_top
        self._ceiling_is_exact = Fraction(self.ceiling) == self._exact_ceiling

    def __repr__(self) -> str:
        return f"Bounds(min_per_player={self.low!r}, max_sum={self.total!r})"

    def check(self, values: tuple[Any, ...], state: object, source: str) -> None:
        """Raise :class:`InvalidUtilityError` unless ``values`` keep within the bounds.

        ``source`` names the function that produced the values (``"utility"`` or
        ``"evaluate"``) for the message.
        """
        excess = None
        if min(values) >= self.low:
            total = math.fsum(values)  # correctly rounded: below max_sum means below it exactly
            if total < self.total:
                return
            if values in self._sums_ok:
                return
            excess = sum(Fraction(value) for value in values) - self._exact_total
            if excess <= 0:
                if len(self._sums_ok) < _MEMO_LIMIT:
                    self._sums_ok.add(values)
                return
        hint = ""
        scale = max(Fraction(1), abs(self._exact_total))
        if excess is not None and excess <= scale / (1 << 40):
            hint = (
                f" They sum past max_sum by only {float(excess):.2g} in exact arithmetic: a "
                "floating-point rounding error. Round the values down, or pass a slightly "
                "larger max_sum."
            )
        raise InvalidUtilityError(
            f"{source}(state, player) for players 0 to {self.players - 1} gave {values!r} for "
            f"state {state!r}, which breaks sum_bounds=({self.low!r}, {self.total!r}): every "
            f"utility must be >= {self.low!r} and their sum <= {self.total!r}, or shallow "
            f"pruning could give a wrong answer.{hint}"
        )

    def stops(self, own: float, mover: int, parent: int, parent_best: float) -> bool:
        """Whether a node can skip its remaining actions once ``mover`` is sure of ``own`` there.

        ``parent`` moved into the node and is sure of ``parent_best`` from an earlier sibling
        (-inf if none). Both tests are decided exactly.
        """
        if parent != mover:
            # Shallow pruning (Korf 1991): with ``own`` for ``mover``, every other player gets
            # at most max_sum - own - (n - 2) * min_per_player here; once that is no better
            # than ``parent_best``, ``parent`` will not choose this node.
            ceiling = self.ceiling
            bound = ceiling - own
            if bound <= parent_best:
                if self._ceiling_is_exact and type(own) is float:
                    # TwoSum (Knuth, TAOCP vol. 2, 4.2.2): the rounding error of ceiling - own,
                    # computed exactly; when it is 0 the comparison above was exact.
                    back = bound - ceiling
                    if (ceiling - (bound - back)) + (-own - back) == 0.0:
                        return True
                if self._exact_ceiling - Fraction(own) <= Fraction(parent_best):
                    return True
        # Immediate pruning: no child can give ``mover`` more than the most one player can get.
        return own >= self.top and (self._top_is_exact or Fraction(own) >= self._exact_top)


def check_bounds(bounds: object, players: int, searcher: str) -> Bounds:
    """``bounds``, a pair ``(min_per_player, max_sum)`` of finite numbers, as :class:`Bounds`.

    ``bounds`` is what ``maxn`` takes as ``sum_bounds``.

    Raises:
        InvalidSearchOptionError: ``bounds`` is not such a pair, or no utilities can keep within
            it (``max_sum < num_players * min_per_player``).
    """
    if (
        not isinstance(bounds, tuple)
        or len(bounds) != 2
        or not all(isinstance(b, Real) and not isinstance(b, bool) for b in bounds)
        or not all(math.isfinite(b) for b in bounds)
    ):
        raise InvalidSearchOptionError(
            f"{searcher}: sum_bounds must be a pair (min_per_player, max_sum) of finite numbers, "
            f"not {bounds!r}"
        )
    low, total = bounds
    if Fraction(total) < players * Fraction(low):
        raise InvalidSearchOptionError(
            f"{searcher}: sum_bounds={bounds!r} cannot hold: {players} players who each get at "
            f"least {low!r} get at least {players * low!r} together, more than max_sum={total!r}"
        )
    return Bounds(low, total, players)
