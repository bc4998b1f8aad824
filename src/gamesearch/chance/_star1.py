"""Star1 (Ballard 1983): alpha-beta's cutoffs at chance nodes too, from the bounds on values.

If every value lies within known bounds ``L <= v <= U``, the children of a chance node not yet
searched are worth at least ``L`` and at most ``U``; child ``i`` is searched with the window
``(max(A_i, L), min(B_i, U))`` of Ballard's A_i and B_i, and a value outside ``(A_i, B_i)``
cuts the node off (the formulas are in :mod:`gamesearch.chance._search`). A leaf child is exact:
it is tested against the node's own bounds with two additions, without A_i and B_i (two
divisions), which only an inner child's window needs.
"""

from __future__ import annotations

from typing import Any, final

from ..game import CHANCE
from ._context import NOT_LEAF
from ._loop import ChanceLoop

__all__ = ["Star1Loop"]


@final
class Star1Loop(ChanceLoop):
    """Expectiminimax with Star1 at its chance nodes; MAX and MIN nodes run alpha-beta."""

    __slots__ = ()

    def at_chance(self, state: Any, ply: int, alpha: Any, beta: Any, mover: Any) -> tuple[Any, Any]:
        """Star1 at the chance node ``state``: its value for MAX and its line.

        Recursive core, fail-soft as alpha-beta: exact strictly inside (alpha, beta), else a
        bound on the side it fails. Child ``i`` is searched with the window of Ballard's A_i
        and B_i within (L, U); a leaf child, exact, is tested against the node's own bounds.
        ``mover`` is ``CHANCE``: any other is not a player of expectiminimax's.
        """
        if mover != CHANCE:
            raise self.wrong_mover(state, mover)
        result, outcomes_of = self.result, self.outcomes_of
        low, high = self.low, self.high
        raw = None if outcomes_of is None else outcomes_of(state)
        known = self.known
        _, outcomes, found = known if raw is known[0] else self.outcomes_at(state, raw)
        below, above = found.below, found.above
        level = self.edge[2]
        tracing, teller = self.tracing, self.teller
        if tracing:
            moves = [outcome for outcome, _ in outcomes]
            teller.enter(state, self.edge, CHANCE, "chance", alpha, beta, moves)
        total: Any = 0  # the probability-weighted values of the outcomes searched so far
        likeliest: Any = -1  # a probability: the game's own number, as every value
        best_line = None
        for i, (outcome, probability) in enumerate(outcomes):
            self.nodes += 1
            child = result(state, outcome)
            value = self.leaf(child, ply)
            if value is NOT_LEAF:
                cut_low = (alpha - total - above[i]) / probability  # Ballard's A_i
                cut_high = (beta - total - below[i]) / probability  # Ballard's B_i
                if tracing:
                    self.edge = (outcome, probability, level + 1)
                value, line = self.expand(
                    child,
                    ply,
                    cut_low if cut_low >= low else low,
                    cut_high if cut_high <= high else high,
                    None,
                )
                if value <= cut_low:  # V <= alpha whatever the other outcomes bring
                    bound = total + probability * value + above[i]
                    bound = bound if bound <= alpha else alpha
                    self.cutoffs += 1
                    if tracing:
                        teller.cut(state, level, outcomes, i, bound, alpha, beta)
                    return bound, (outcome, line)
                if value >= cut_high:  # V >= beta whatever the other outcomes bring
                    bound = total + probability * value + below[i]
                    bound = bound if bound >= beta else beta
                    self.cutoffs += 1
                    if tracing:
                        teller.cut(state, level, outcomes, i, bound, alpha, beta)
                    return bound, (outcome, line)
                total += probability * value
                if probability > likeliest:  # the first of the most probable outcomes
                    likeliest, best_line = probability, (outcome, line)
                continue
            if tracing:
                teller.leaf(child, outcome, probability, level + 1, value)
            # A leaf's value is exact: the node's own bounds decide, without A_i and B_i.
            total += probability * value
            if total + above[i] <= alpha or total + below[i] >= beta:
                self.cutoffs += 1
                bound = total + (above[i] if total + above[i] <= alpha else below[i])
                if tracing:
                    teller.cut(state, level, outcomes, i, bound, alpha, beta)
                return bound, (outcome, None)
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, None)
        return self.expectation(state, total, best_line)
