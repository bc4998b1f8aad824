"""Star2 (Ballard 1983): Star1 after a probe of each child of a chance node.

Star2 first *probes*: for each child that is a MAX node it searches only the child's first
action, whose value is a lower bound on the child (and for a MIN child, an upper bound); the
bounds replace ``L`` and ``U`` in Star1's formulas and may cut the chance node off before any
child is searched in full. A probe that does not cut off returns an exact value (its window
reaches down to ``L``, or up to ``U``), so the search phase goes on from the child's second
action: no node is visited twice, and Star2 visits no more nodes than the unpruned search.
A probe is made only where its bound could cut the chance node off: a MAX child's lower bound
only when ``beta < U``, a MIN child's upper one only when ``alpha > L`` (on Pig endgames four
chance nodes in five have the full window, where a probe would only cost).

Star2 allocates its per-node lists only once a child is not a leaf (most chance nodes have
only leaves). It is not traced: its probes start on every child before finishing any, which a
trace of nested nodes cannot show.
"""

from __future__ import annotations

from typing import Any, final

from .._recursion import cycle_error
from .._validation import mover_error, no_actions_error
from ..game import CHANCE
from ._context import NOT_LEAF
from ._loop import ChanceLoop
from ._sums import Sums

__all__ = ["Star2Loop"]

_LEAF: Any = object()
"""What the probe phase notes of a child that is a leaf (its value in ``lows`` and ``highs``)."""


@final
class Star2Loop(ChanceLoop):
    """Expectiminimax with Star2 at its chance nodes; MAX and MIN nodes run alpha-beta."""

    __slots__ = ()

    def at_chance(self, state: Any, ply: int, alpha: Any, beta: Any, mover: Any) -> tuple[Any, Any]:
        """Star2 at the chance node ``state``: its value for MAX and its line, fail-soft.

        The leading leaf children are scored and summed only: a chance node whose children
        are all leaves (most of them) keeps no lists and returns its exact expectation. At the
        first child that is not a leaf the probe phase (``probe_phase``) takes over.
        ``mover`` is ``CHANCE``: any other is not a player of expectiminimax's.
        """
        if mover != CHANCE:
            raise self.wrong_mover(state, mover)
        result, outcomes_of = self.result, self.outcomes_of
        raw = None if outcomes_of is None else outcomes_of(state)
        known = self.known
        _, outcomes, found = known if raw is known[0] else self.outcomes_at(state, raw)
        low_after, high_after = found.low_after, found.high_after  # L and U times the rest
        least: Any = 0
        for start, (outcome, probability) in enumerate(outcomes):
            self.nodes += 1
            child = result(state, outcome)
            value = self.leaf(child, ply)
            if value is NOT_LEAF:
                return self.probe_phase(
                    state, ply, alpha, beta, outcomes, found, start, child, least
                )
            least += probability * value
            cut = self.outside(least, least, low_after[start], high_after[start], (alpha, beta))
            if cut is not None:
                return cut, (outcome, None)
        # Every child a leaf: least is the exact expectation.
        return self.expectation(state, least, (outcomes[found.first][0], None))

    def outside(self, least: Any, most: Any, low_after: Any, high_after: Any, window: Any) -> Any:
        """The bound that cuts a chance node off, or ``None`` while its value may lie inside.

        ``least`` and ``most`` bound the expectation's part from the children searched so far,
        ``low_after`` and ``high_after`` the rest's (Ballard's L and U times the probabilities
        left); ``window`` is (alpha, beta). Counted as a cutoff where it cuts.
        """
        alpha, beta = window
        if least + low_after >= beta:
            self.cutoffs += 1
            bound = least + low_after
            return bound if bound >= beta else beta
        if most + high_after <= alpha:
            self.cutoffs += 1
            bound = most + high_after
            return bound if bound <= alpha else alpha
        return None

    def probe_phase(
        self,
        state: Any,
        ply: int,
        alpha: Any,
        beta: Any,
        outcomes: list[Any],
        found: Sums,
        start: int,
        child: Any,
        least: Any,
    ) -> tuple[Any, Any]:
        """Star2's probes from the chance node's child ``start``, ``child``; then its search.

        Recursive core, fail-soft as alpha-beta. The probe of a MAX child searches its first
        action only, a lower bound on it (a MIN child's, an upper bound), and cuts the node
        off if the bounds already put it outside the window (alpha, beta); ``least`` is the
        sum over the leading leaves, exact. The search phase goes on from each probed child's
        second action (``search_phase``).

        What is noted of each child in ``probed``: ``_LEAF`` if it is a leaf (its value in
        ``lows`` and ``highs``), or its probe's (maximise, actions, the first's exact value,
        line), or ``None`` if it was not probed.
        """
        low_after, high_after = found.low_after, found.high_after
        result, to_move = self.result, self.to_move
        max_player, low, high = self.max_player, self.low, self.high
        count = len(outcomes)
        prefix = most = least  # the expectation's part from the leading leaves, exact
        children: list[Any] = [None] * count
        probed: list[Any] = [None] * count
        lows: list[Any] = [low] * count  # what each child is known to be worth at least...
        highs: list[Any] = [high] * count  # ...and at most
        for i in range(start, count):
            outcome, probability = outcomes[i]
            if i > start:
                self.nodes += 1
                child = result(state, outcome)
            children[i] = child
            if (value := self.leaf(child, ply)) is not NOT_LEAF:
                probed[i], lows[i], highs[i] = _LEAF, value, value
            elif (mover := to_move(child)) == CHANCE or (
                # A probe is worth its cost only where its bound can cut this node off: a
                # MAX child's lower bound where beta < U, a MIN child's upper one where alpha > L.
                (beta >= high) if (maximise := mover == max_player) else (alpha <= low)
            ):
                if mover != CHANCE and not maximise and mover != self.min_player:
                    raise mover_error(child, mover, 2, chance=True)
            else:
                if maximise:  # the first action's value is a lower bound on MAX's
                    reach = (beta - least - low_after[i]) / probability
                else:  # MIN's first action: an upper bound
                    reach = (alpha - most - high_after[i]) / probability
                choices, value, line = self.probe(child, ply + 1, maximise, mover, reach)
                if maximise and value >= reach:
                    self.cutoffs += 1
                    bound = least + probability * value + low_after[i]
                    return (bound if bound >= beta else beta), (outcome, (choices[0], line))
                if not maximise and value <= reach:
                    self.cutoffs += 1
                    bound = most + probability * value + high_after[i]
                    return (bound if bound <= alpha else alpha), (outcome, (choices[0], line))
                probed[i] = (maximise, choices, value, line)  # exact: its window reached L or U
                if maximise:
                    lows[i] = value
                else:
                    highs[i] = value
            least += probability * lows[i]
            most += probability * highs[i]
            cut = self.outside(least, most, low_after[i], high_after[i], (alpha, beta))
            if cut is not None:
                return cut, (outcome, None)
        return self.search_phase(
            state, ply, (alpha, beta), outcomes, start, prefix, (children, probed, lows, highs)
        )

    def probe(
        self, child: Any, ply: int, maximise: bool, mover: Any, reach: Any
    ) -> tuple[Any, Any, Any]:
        """Star2's probe of the MAX or MIN node ``child``: its actions, the first's value, line.

        ``reach`` is the value past which the probe cuts its chance node off: the first
        action is searched with the window from L to it (a MAX child) or from it to U.
        """
        if self.track and child in self.on_line:
            raise cycle_error(child, self.searcher)
        actions, result = self.actions, self.result
        low, high = self.low, self.high
        choices = actions(child)
        if not choices:
            raise no_actions_error(child)
        if maximise:
            window = low, (reach if reach <= high else high)
        elif mover == self.min_player:
            window = (reach if reach >= low else low), high
        else:
            raise mover_error(child, mover, 2, chance=True)
        self.nodes += 1
        grandchild = result(child, choices[0])
        if (value := self.leaf(grandchild, ply)) is not NOT_LEAF:  # a leaf, without a frame
            return choices, value, None
        if self.track:
            self.on_line.add(child)
        value, line = self.expand(grandchild, ply, *window, None)
        if self.track:
            self.on_line.discard(child)
        return choices, value, line

    def search_phase(
        self, state: Any, ply: int, window: tuple[Any, Any], outcomes: list[Any], start: int,
        prefix: Any, probes: tuple[list[Any], list[Any], list[Any], list[Any]],
    ) -> tuple[Any, Any]:  # fmt: skip
        """Star2's search phase: Star1 from child ``start``, with the probes' bounds for L and U.

        Recursive core, fail-soft as alpha-beta in ``window``, (alpha, beta). ``prefix`` is the
        exact sum over the leading leaves, whose tests could not cut the node off here after
        the probe phase's last one did not; ``probes`` are the children, their probes, and what
        each is worth at least and at most (see ``probe_phase``).
        """
        alpha, beta = window
        children, probed, lows, highs = probes
        low, high = self.low, self.high
        count = len(outcomes)
        below: list[Any] = [0] * count  # sums of probabilities times values: the game's numbers
        above: list[Any] = [0] * count
        for i in range(count - 1, start, -1):
            probability = outcomes[i][1]
            below[i - 1] = below[i] + probability * lows[i]
            above[i - 1] = above[i] + probability * highs[i]
        total: Any = prefix
        likeliest: Any = -1  # a probability: the game's own number, as every value
        best_line = None
        for outcome, probability in outcomes[:start]:
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, None)
        for i in range(start, count):
            outcome, probability = outcomes[i]
            entry = probed[i]
            if entry is _LEAF:  # exact: the node's own bounds decide, as in Star1
                total += probability * lows[i]
                if total + above[i] <= alpha:
                    self.cutoffs += 1
                    return total + above[i], (outcome, None)
                if total + below[i] >= beta:
                    self.cutoffs += 1
                    return total + below[i], (outcome, None)
                if probability > likeliest:
                    likeliest, best_line = probability, (outcome, None)
                continue
            cut_low = (alpha - total - above[i]) / probability
            cut_high = (beta - total - below[i]) / probability
            window_low = cut_low if cut_low >= low else low
            window_high = cut_high if cut_high <= high else high
            child = children[i]
            # Probed: its search goes on from its second action (Star2 is not traced).
            value, line = self.descend(child, ply, window_low, window_high, entry)
            if value <= cut_low:
                self.cutoffs += 1
                bound = total + probability * value + above[i]
                return (bound if bound <= alpha else alpha), (outcome, line)
            if value >= cut_high:
                self.cutoffs += 1
                bound = total + probability * value + below[i]
                return (bound if bound >= beta else beta), (outcome, line)
            total += probability * value
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, line)
        return self.expectation(state, total, best_line)
