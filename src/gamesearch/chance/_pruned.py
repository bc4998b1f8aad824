"""Star1 and Star2 without trace hooks, at a cost per node below the unpruned search's.

The algorithm is :mod:`._star`'s, node for node: the same children in the same order, the
same windows, the same cutoffs and values. What changes is what a node costs, which decides
whether pruning saves time as well as nodes (measured in ``bench/bench_chance.py``):

- A leaf child is scored in its parent's loop, without a call of its own; only a child that
  is expanded gets a Python frame, one: its parent dispatches it to its MAX, MIN or chance
  loop (the root goes through ``search`` and ``expand``).
- A leaf child under a chance node is exact: it is tested against the node's bounds with two
  additions, without Ballard's A_i and B_i (two divisions), which only an inner child's
  window needs. The reference loop makes the same tests.
- A chance node's checked distribution is kept while ``chance_outcomes`` keeps returning the
  same tuple, as games with one die do; and the sums the formulas need of it (``Sums``) are
  kept for each list of probabilities met: worked out once, not at every chance node.
- Star1's chance loop keeps no per-node lists; Star2 allocates them only once a child is not
  a leaf, to carry its probes (most chance nodes have only leaves).
- Windows are narrowed with comparisons, not calls to ``max`` and ``min``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .._core import no_actions_error, on_fresh_stack, recursion_guard
from .._validation import cycle_error, mover_error, number_error, translate
from ..game import CHANCE, Game, Player
from ..result import SearchResult
from ._common import ChanceProblem, LeafScorer, bounds_error, distribution, infinite_mix_error

__all__ = ["pruned_search"]


class Sums(NamedTuple):
    """What Star1's and Star2's formulas need of one list of probabilities, for each outcome."""

    after: list[Any]
    """The probability of the outcomes after it."""
    below: list[Any]
    """The least the outcomes after it can add to the value: L times their probabilities."""
    above: list[Any]
    """The most they can add: U times their probabilities."""
    low_after: list[Any]
    """``L * after``, as Star2's probe phase writes it."""
    high_after: list[Any]
    """``U * after``."""
    first: int
    """The index of the first most probable outcome (whose line a node's line follows)."""

_NOTHING: Any = object()
_PLAIN = frozenset((float, int))
"""The classes whose values need only the bounds checked (NaN fails them)."""
_LEAF: Any = object()
_SUMS_LIMIT = 256
"""The most lists of probabilities whose sums one search keeps."""


def pruned_search(
    game: Game[Any, Any],
    problem: ChanceProblem,
    depth: int | None,
    evaluate: Callable[[Any, Player], float] | None,
    *,
    bounds: tuple[Any, Any],
    probe: bool,
    searcher: str,
    started: float,
) -> SearchResult[Any]:
    """Expectiminimax with Star1 (``probe=False``) or Star2 (``probe=True``), no trace.

    The arguments are :func:`._star.star_search`'s, which calls this when there is no trace.
    """
    root, limit, max_player, outcomes_of = problem
    is_terminal, to_move, utility = game.is_terminal, game.to_move, game.utility
    actions, result = game.actions, game.result
    low, high = bounds
    min_player = 1 - max_player
    nodes, cutoffs, leaves, max_depth, estimates = 1, 0, 0, 0, 0
    track = limit < 0  # without a depth limit a cycle would never end: watch the line
    on_line: set[Any] = set()
    # The last distribution checked: what chance_outcomes returned, the checked pairs, and
    # the sums of their probabilities (see ``sums_of``).
    known: list[Any] = [_NOTHING, None, None]
    # The sums of each list of probabilities met (uniform dice and trees repeat a few).
    sums: dict[tuple[Any, ...], Sums] = {}

    def checked(value: Any, state: Any, source: str) -> Any:
        """``value``, a leaf's, if it is a number within the bounds; else raise."""
        error = number_error(value, state, max_player, source)
        if error is not None:
            raise error
        if not low <= value <= high:
            raise bounds_error(state, max_player, source, value, bounds)
        return value

    def search(state: Any, ply: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        """The value of ``state`` (any node) for MAX and its line; fail-soft, as in ``_star``."""
        nonlocal leaves, max_depth, estimates
        if is_terminal(state):
            value = utility(state, max_player)
            if value.__class__ not in _PLAIN or not low <= value <= high:
                value = checked(value, state, "utility")
            leaves += 1
            if ply > max_depth:
                max_depth = ply
            return value, None
        if ply == limit:
            value = evaluate(state, max_player)  # type: ignore[misc]  # a limit implies it
            if value.__class__ not in _PLAIN or not low <= value <= high:
                value = checked(value, state, "evaluate")
            leaves += 1
            estimates += 1
            max_depth = limit
            return value, None
        return expand(state, ply, alpha, beta)

    def expand(state: Any, ply: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        """The value and line of the non-leaf ``state``, by its kind of node."""
        if track:
            if state in on_line:
                raise cycle_error(state, searcher)
            on_line.add(state)
        mover = to_move(state)
        try:
            if mover == CHANCE:
                found = at_chance(state, ply, alpha, beta)
            elif mover in (max_player, min_player):
                found = decide(state, ply, alpha, beta, mover == max_player, None)
            else:
                raise mover_error(state, mover, 2, chance=True)
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, game, state, evaluate)
        if track:
            on_line.discard(state)
        return found

    def decide(
        state: Any, ply: int, alpha: Any, beta: Any, maximise: bool, first: Any
    ) -> tuple[Any, Any]:
        """Alpha-beta at a MAX or MIN node, values for MAX; ``first`` as in ``_star``.

        Recursive core: leaf children are scored here, inline (see ``search``).
        """
        nonlocal nodes, cutoffs, leaves, max_depth, estimates
        best: Any = None
        best_line = None
        if first is None:
            options = iter(actions(state))
        else:  # Star2's probe: (maximise, the actions, the first one's exact value, its line)
            _, choices, value, line = first
            options = iter(choices)
            action = next(options)
            best, best_line = value, (action, line)
            if maximise and value > alpha:
                alpha = value
            elif not maximise and value < beta:
                beta = value
            if alpha >= beta:
                cutoffs += 1
                return best, best_line
        child_ply = ply + 1
        for action in options:
            nodes += 1
            child = result(state, action)
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "utility")
                leaves += 1
                if child_ply > max_depth:
                    max_depth = child_ply
                line = None
            elif child_ply == limit:
                value = evaluate(child, max_player)  # type: ignore[misc]  # a limit implies it
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "evaluate")
                leaves += 1
                estimates += 1
                max_depth = limit
                line = None
            else:  # ``expand``, inline: one frame a node
                if track:
                    if child in on_line:
                        raise cycle_error(child, searcher)
                    on_line.add(child)
                mover = to_move(child)
                try:
                    if mover == CHANCE:
                        value, line = at_chance(child, child_ply, alpha, beta)
                    elif mover == max_player:
                        value, line = decide(child, child_ply, alpha, beta, True, None)
                    elif mover == min_player:
                        value, line = decide(child, child_ply, alpha, beta, False, None)
                    else:
                        raise mover_error(child, mover, 2, chance=True)
                except TypeError as exc:  # a member returned something of the wrong kind
                    translate(exc, game, child, evaluate)
                if track:
                    on_line.discard(child)
            if maximise:
                if best_line is None or value > best:
                    best, best_line = value, (action, line)
                    if value > alpha:
                        if value >= beta:
                            cutoffs += 1
                            break
                        alpha = value
            elif best_line is None or value < best:
                best, best_line = value, (action, line)
                if value < beta:
                    if alpha >= value:
                        cutoffs += 1
                        break
                    beta = value
        if best_line is None:
            raise no_actions_error(state)
        return best, best_line

    def outcomes_at(state: Any, raw: Any) -> list[Any]:
        """The checked distribution ``raw`` of ``state`` with its sums, laid out as ``known``."""
        if outcomes_of is None:
            raise mover_error(state, CHANCE, 2, chance=False)
        outcomes = distribution(raw, state, "chance_outcomes")
        probabilities = tuple([probability for _, probability in outcomes])
        try:
            found = sums[probabilities]
        except KeyError:
            found = sums_of(probabilities)
            if len(sums) < _SUMS_LIMIT:
                sums[probabilities] = found
        entry = [raw, outcomes, found]
        if raw.__class__ is tuple:  # immutable: the same object next time is the same pairs
            known[:] = entry
        return entry

    def sums_of(probabilities: tuple[Any, ...]) -> Sums:
        """What the formulas need of a list of probabilities, worked out once (see ``Sums``)."""
        count = len(probabilities)
        after: list[Any] = [0] * count
        below: list[Any] = [0] * count
        above: list[Any] = [0] * count
        for i in range(count - 1, 0, -1):
            probability = probabilities[i]
            after[i - 1] = after[i] + probability
            below[i - 1] = below[i] + probability * low
            above[i - 1] = above[i] + probability * high
        return Sums(
            after,
            below,
            above,
            [low * rest for rest in after],
            [high * rest for rest in after],
            probabilities.index(max(probabilities)),
        )

    def chance(state: Any, ply: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        """Star1 at the chance node ``state`` (Star2's are searched by ``star2``).

        Recursive core: the contract and the formulas are ``_star``'s ``chance``.
        """
        nonlocal nodes, cutoffs, leaves, max_depth, estimates
        raw = None if outcomes_of is None else outcomes_of(state)
        _, outcomes, found = known if raw is known[0] else outcomes_at(state, raw)
        below, above = found.below, found.above
        total: Any = 0  # the probability-weighted values of the outcomes searched so far
        likeliest, best_line = -1, None
        for i, (outcome, probability) in enumerate(outcomes):
            nodes += 1
            child = result(state, outcome)
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "utility")
                leaves += 1
                if ply > max_depth:
                    max_depth = ply
            elif ply == limit:
                value = evaluate(child, max_player)  # type: ignore[misc]  # a limit implies it
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "evaluate")
                leaves += 1
                estimates += 1
                max_depth = limit
            else:
                cut_low = (alpha - total - above[i]) / probability  # Ballard's A_i
                cut_high = (beta - total - below[i]) / probability  # Ballard's B_i
                value, line = expand(
                    child,
                    ply,
                    cut_low if cut_low >= low else low,
                    cut_high if cut_high <= high else high,
                )
                if value <= cut_low:  # V <= alpha whatever the other outcomes bring
                    cutoffs += 1
                    bound = total + probability * value + above[i]
                    return (bound if bound <= alpha else alpha), (outcome, line)
                if value >= cut_high:  # V >= beta whatever the other outcomes bring
                    cutoffs += 1
                    bound = total + probability * value + below[i]
                    return (bound if bound >= beta else beta), (outcome, line)
                total += probability * value
                if probability > likeliest:  # the first of the most probable outcomes
                    likeliest, best_line = probability, (outcome, line)
                continue
            # A leaf's value is exact: the node's own bounds decide, without A_i and B_i.
            total += probability * value
            if total + above[i] <= alpha:
                cutoffs += 1
                return total + above[i], (outcome, None)
            if total + below[i] >= beta:
                cutoffs += 1
                return total + below[i], (outcome, None)
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, None)
        if total != total:
            raise infinite_mix_error(state)
        return total, best_line

    def star2(state: Any, ply: int, alpha: Any, beta: Any) -> tuple[Any, Any]:
        """Star2 at the chance node ``state``: probe every outcome, then search as Star1.

        Recursive core, long so that a chance node costs one frame: the contract is
        alpha-beta's (exact strictly inside (alpha, beta), else a bound on the side it fails),
        and the formulas are ``_star``'s ``chance`` and ``probe_phase``. The probe of a MAX
        child searches its first action only, a lower bound on it (a MIN child's, an upper
        bound), and cuts the node off if the bounds already put it outside the window; the
        search phase then goes on from each probed child's second action.
        """
        nonlocal nodes, cutoffs, leaves, max_depth, estimates
        raw = None if outcomes_of is None else outcomes_of(state)
        _, outcomes, found = known if raw is known[0] else outcomes_at(state, raw)
        low_after, high_after = found.low_after, found.high_after  # L and U times the rest
        count = len(outcomes)
        least: Any = 0
        most: Any = 0
        # The leading leaf children, scored and summed only: a chance node whose children are
        # all leaves (most chance nodes) keeps no lists, and the search phase starts after them.
        for start, (outcome, probability) in enumerate(outcomes):
            nodes += 1
            child = result(state, outcome)
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "utility")
                leaves += 1
                if ply > max_depth:
                    max_depth = ply
            elif ply == limit:
                value = evaluate(child, max_player)  # type: ignore[misc]  # a limit implies it
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "evaluate")
                leaves += 1
                estimates += 1
                max_depth = limit
            else:
                break
            least += probability * value
            most = least
            if least + low_after[start] >= beta:
                cutoffs += 1
                bound = least + low_after[start]
                return (bound if bound >= beta else beta), (outcome, None)
            if most + high_after[start] <= alpha:
                cutoffs += 1
                bound = most + high_after[start]
                return (bound if bound <= alpha else alpha), (outcome, None)
        else:  # every child a leaf: least is the exact expectation
            if least != least:
                raise infinite_mix_error(state)
            return least, (outcomes[found.first][0], None)
        prefix = least  # the expectation's part from the leading leaves, exact
        children: list[Any] = [None] * count
        # For each child: _LEAF if it is a leaf (its value in lows and highs), or its probe's
        # (maximise, actions, the first's exact value, line), or None if it was not probed.
        probed: list[Any] = [None] * count
        lows: list[Any] = [low] * count  # what each child is known to be worth at least...
        highs: list[Any] = [high] * count  # ...and at most
        for i in range(start, count):
            outcome, probability = outcomes[i]
            if i > start:
                nodes += 1
                child = result(state, outcome)
            children[i] = child
            if is_terminal(child):
                value = utility(child, max_player)
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "utility")
                leaves += 1
                if ply > max_depth:
                    max_depth = ply
                probed[i] = _LEAF
                lows[i] = highs[i] = value
                part = probability * value
                least += part
                most += part
            elif ply == limit:
                value = evaluate(child, max_player)  # type: ignore[misc]  # a limit implies it
                if value.__class__ not in _PLAIN or not low <= value <= high:
                    value = checked(value, child, "evaluate")
                leaves += 1
                estimates += 1
                max_depth = limit
                probed[i] = _LEAF
                lows[i] = highs[i] = value
                part = probability * value
                least += part
                most += part
            elif (mover := to_move(child)) == CHANCE or (
                # A probe is worth its cost only where its bound can cut this node off: a
                # MAX child's lower bound where beta < U, a MIN child's upper one where alpha > L.
                (beta >= high) if (maximise := mover == max_player) else (alpha <= low)
            ):
                if mover != CHANCE and not maximise and mover != min_player:
                    raise mover_error(child, mover, 2, chance=True)
                least += probability * low
                most += probability * high
            else:
                if track and child in on_line:
                    raise cycle_error(child, searcher)
                choices = actions(child)
                if not choices:
                    raise no_actions_error(child)
                action = choices[0]
                if maximise:  # the first action's value is a lower bound on MAX's
                    cut = (beta - least - low_after[i]) / probability
                    window_low, window_high = low, (cut if cut <= high else high)
                elif mover == min_player:  # MIN's first action: an upper bound
                    cut = (alpha - most - high_after[i]) / probability
                    window_low, window_high = (cut if cut >= low else low), high
                else:
                    raise mover_error(child, mover, 2, chance=True)
                nodes += 1
                grandchild = result(child, action)
                child_ply = ply + 1
                if is_terminal(grandchild):
                    value = utility(grandchild, max_player)
                    if value.__class__ not in _PLAIN or not low <= value <= high:
                        value = checked(value, grandchild, "utility")
                    leaves += 1
                    if child_ply > max_depth:
                        max_depth = child_ply
                    line = None
                elif child_ply == limit:
                    value = evaluate(grandchild, max_player)  # type: ignore[misc]
                    if value.__class__ not in _PLAIN or not low <= value <= high:
                        value = checked(value, grandchild, "evaluate")
                    leaves += 1
                    estimates += 1
                    max_depth = limit
                    line = None
                else:  # ``expand``, inline: one frame a node
                    if track:
                        if grandchild in on_line:
                            raise cycle_error(grandchild, searcher)
                        on_line.add(child)
                        on_line.add(grandchild)
                    below_mover = to_move(grandchild)
                    try:
                        if below_mover == CHANCE:
                            value, line = at_chance(grandchild, child_ply, window_low, window_high)
                        elif below_mover in (max_player, min_player):
                            value, line = decide(
                                grandchild,
                                child_ply,
                                window_low,
                                window_high,
                                below_mover == max_player,
                                None,
                            )
                        else:
                            raise mover_error(grandchild, below_mover, 2, chance=True)
                    except TypeError as exc:  # a member returned something of the wrong kind
                        translate(exc, game, grandchild, evaluate)
                    if track:
                        on_line.discard(grandchild)
                        on_line.discard(child)
                if maximise:
                    if value >= cut:
                        cutoffs += 1
                        bound = least + probability * value + low_after[i]
                        return (bound if bound >= beta else beta), (outcome, (action, line))
                    lows[i] = value
                    least += probability * value
                    most += probability * high
                else:
                    if value <= cut:
                        cutoffs += 1
                        bound = most + probability * value + high_after[i]
                        return (bound if bound <= alpha else alpha), (outcome, (action, line))
                    highs[i] = value
                    least += probability * low
                    most += probability * value
                # exact: its window reached L (or U)
                probed[i] = (maximise, choices, value, line)
            if least + low_after[i] >= beta:
                cutoffs += 1
                bound = least + low_after[i]
                return (bound if bound >= beta else beta), (outcome, None)
            if most + high_after[i] <= alpha:
                cutoffs += 1
                bound = most + high_after[i]
                return (bound if bound <= alpha else alpha), (outcome, None)
        below, above = [0] * count, [0] * count
        for i in range(count - 1, start, -1):
            probability = outcomes[i][1]
            below[i - 1] = below[i] + probability * lows[i]
            above[i - 1] = above[i] + probability * highs[i]
        # The search phase starts at the first child that is not a leaf: the leading leaves'
        # values are in ``prefix`` (their tests here could not cut the node off after the
        # probe phase's last one did not), their line is the most probable one's.
        total: Any = prefix
        likeliest, best_line = -1, None
        for outcome, probability in outcomes[:start]:
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, None)
        for i in range(start, count):
            outcome, probability = outcomes[i]
            entry = probed[i]
            if entry is _LEAF:  # exact: the node's own bounds decide, as in ``chance``
                total += probability * lows[i]
                if total + above[i] <= alpha:
                    cutoffs += 1
                    return total + above[i], (outcome, None)
                if total + below[i] >= beta:
                    cutoffs += 1
                    return total + below[i], (outcome, None)
                if probability > likeliest:
                    likeliest, best_line = probability, (outcome, None)
                continue
            cut_low = (alpha - total - above[i]) / probability
            cut_high = (beta - total - below[i]) / probability
            window_low = cut_low if cut_low >= low else low
            window_high = cut_high if cut_high <= high else high
            child = children[i]
            if track:
                if child in on_line:
                    raise cycle_error(child, searcher)
                on_line.add(child)
            try:
                if entry is not None:  # probed: go on from its second action
                    value, line = decide(child, ply, window_low, window_high, entry[0], entry)
                elif (mover := to_move(child)) == CHANCE:  # not probed: dispatched here
                    value, line = at_chance(child, ply, window_low, window_high)
                elif mover in (max_player, min_player):
                    value, line = decide(
                        child, ply, window_low, window_high, mover == max_player, None
                    )
                else:
                    raise mover_error(child, mover, 2, chance=True)
            except TypeError as exc:
                translate(exc, game, child, evaluate)
            if track:
                on_line.discard(child)
            if value <= cut_low:
                cutoffs += 1
                bound = total + probability * value + above[i]
                return (bound if bound <= alpha else alpha), (outcome, line)
            if value >= cut_high:
                cutoffs += 1
                bound = total + probability * value + below[i]
                return (bound if bound >= beta else beta), (outcome, line)
            total += probability * value
            if probability > likeliest:
                likeliest, best_line = probability, (outcome, line)
        if total != total:
            raise infinite_mix_error(state)
        return total, best_line

    at_chance = star2 if probe else chance
    scorer = LeafScorer(game, max_player, limit, evaluate, bounds)
    with recursion_guard(searcher):  # one frame a ply, as expectiminimax: decide dispatches
        value, line = on_fresh_stack(search, root, 0, low, high)
    scorer.leaves, scorer.max_depth, scorer.estimates = leaves, max_depth, estimates
    return scorer.result(
        root, value, line, nodes=nodes, cutoffs=cutoffs, depth=depth, started=started
    )
