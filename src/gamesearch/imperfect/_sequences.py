"""The sequence form of a game tree: what the tabular algorithms iterate over.

With perfect recall, every history of an information set has the same *sequence* for its
player, the player's own (information set, action) pairs on the way there (Koller, Megiddo and
von Stengel 1994; von Stengel 1996). A behaviour strategy then gives each sequence a *reach*,
the product of the player's probabilities along it, and a terminal history's probability is
chance's probability times every player's reach of the sequence that leads there. So

- top-down: each player's reaches are one pass over its information sets, parents first;
- the terminal histories, grouped by the sequences that lead to them, add
  ``chance probability * utility * the other players' reaches`` into the sequence of the player
  being updated: the counterfactual values of the sequences that end there;
- bottom-up: an information set's counterfactual value is its actions' values weighed by its
  strategy, and adds into its parent sequence.

That is the tree's top-down reach and bottom-up value pass, done once per information set and
once per terminal history instead of once per node, on flat lists, without recursion, dicts or
strings. A *slot* numbers a sequence: slot ``q`` is player ``q``'s empty sequence, and the
actions of information set ``i`` are slots ``base[i] .. base[i] + size[i] - 1``.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from numbers import Real
from operator import mul
from typing import Any

from .._extension import is_extension
from ..errors import (
    IllegalActionError,
    InvalidDistributionError,
    InvalidSearchOptionError,
    UnsupportedGameError,
)
from ._tree import CHANCE_NODE, TERMINAL, FlatTree

__all__ = ["NATIVE", "TOLERANCE", "Pairs", "Row", "SequenceForm", "arrange", "compile_tree"]

NATIVE = is_extension(__file__)
"""Whether this module runs compiled by mypyc: its loops then read :class:`Pairs`, which a
compiled loop reads fastest, where Python reads the rows fastest with ``map`` and ``sum``."""

TOLERANCE = 1e-9
"""How far a strategy's probabilities may sum from 1, and utility sums may differ."""

Row = tuple[int, list[float], list[Any]]
"""Terminal histories that end in one sequence of a player: that slot, the chance-weighted
utilities for the player, and the other players' slots (a slot with two players, a tuple of
slots with more)."""


class Pairs:
    """One player's rows of a two-player game in four flat lists (compressed rows).

    Row ``r`` adds into slot ``own[r]`` the sum of ``weights[k] * reach[others[k]]`` for ``k``
    from ``start[r]`` to ``start[r + 1] - 1``.
    """

    own: list[int]
    start: list[int]
    weights: list[float]
    others: list[int]

    def __init__(
        self,
        own: list[int],
        start: list[int],
        weights: list[float],
        others: list[int],
    ) -> None:
        self.own = own
        self.start = start
        self.weights = weights
        self.others = others

    def _values(self) -> tuple[Any, ...]:
        """The fields, in order: what equality compares and what a pickle keeps."""
        return (self.own, self.start, self.weights, self.others)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pairs) and self._values() == other._values()

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        """Pickled by its fields, in order (its class is remade with them)."""
        return type(self), self._values()


class SequenceForm:
    """A game's information sets as slots, and its terminal histories grouped by sequences.

    Made once and only read after: a plain class, not a frozen dataclass, so that a solver's
    import skips :mod:`dataclasses` (and :class:`Pairs` and :class:`~._tree.FlatTree` too).
    """

    num_players: int
    """The game's players."""

    slots: int
    """How many sequences there are, every player's empty sequence included."""

    keys: list[Hashable]
    """The key of each information set, numbered as the tree first meets them."""

    infoset_player: list[int]
    """Whose information set each is."""

    infoset_actions: list[tuple[Any, ...]]
    """The actions of each information set."""

    layout: list[tuple[int, int, int]]
    """``(base, end, parent)`` of each information set: its slots ``base .. end - 1``, and the
    slot of its player's sequence that leads to it. Parents come first."""

    own: list[list[int]]
    """The information sets of each player, in order (parents first)."""

    rows: list[list[Row]]
    """For each player, the terminal histories grouped by the player's sequence (empty where
    :data:`NATIVE` loops read ``pairs`` instead)."""

    ends: list[int]
    """Every group of terminal histories with the same sequences, ``num_players`` entries a
    group: each player's slot."""

    end_values: list[float]
    """``num_players`` entries a group of ``ends``: each player's utilities weighed by chance's
    probability, summed over the group."""

    constant_sum: float | None
    """The sum of the players' utilities, where it is the same at every terminal history."""

    nodes: int
    """Histories of the tree."""

    pairs: list[Pairs]
    """With two players, each player's ``rows`` as :class:`Pairs`; else empty."""

    def __init__(
        self,
        num_players: int,
        slots: int,
        keys: list[Hashable],
        infoset_player: list[int],
        infoset_actions: list[tuple[Any, ...]],
        layout: list[tuple[int, int, int]],
        own: list[list[int]],
        rows: list[list[Row]],
        ends: list[int],
        end_values: list[float],
        constant_sum: float | None,
        nodes: int,
        pairs: list[Pairs],
    ) -> None:
        self.num_players = num_players
        self.slots = slots
        self.keys = keys
        self.infoset_player = infoset_player
        self.infoset_actions = infoset_actions
        self.layout = layout
        self.own = own
        self.rows = rows
        self.ends = ends
        self.end_values = end_values
        self.constant_sum = constant_sum
        self.nodes = nodes
        self.pairs = pairs

    def _values(self) -> tuple[Any, ...]:
        """The fields, in order: what equality compares."""
        return (
            self.num_players, self.slots, self.keys, self.infoset_player, self.infoset_actions,
            self.layout, self.own, self.rows, self.ends, self.end_values,
            self.constant_sum, self.nodes, self.pairs,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SequenceForm) and self._values() == other._values()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled without its rows and pairs: :func:`unpickled_form` arranges them again.

        Which of the two a form keeps depends on the build that made it (:data:`NATIVE`), and
        a form pickled by one build may be loaded by the other: a compiled build's form has no
        rows, which Python's loops read.
        """
        return unpickled_form, (
            self.num_players, self.slots, self.keys, self.infoset_player, self.infoset_actions,
            self.layout, self.own, self.ends, self.end_values, self.constant_sum, self.nodes,
        )


def unpickled_form(*fields: Any) -> SequenceForm:
    """A pickled :class:`SequenceForm`, its rows and pairs arranged for this build's loops.

    ``fields`` are the form's fields in order, without ``rows`` (after ``own``) and ``pairs``
    (the last), as :meth:`SequenceForm.__reduce__` gives them.
    """
    n, slots, keys, owners, actions, layout, own, ends, values, constant_sum, nodes = fields
    rows, pairs = arrange(n, slots, ends, values)
    return SequenceForm(
        n, slots, keys, owners, actions, layout, own, rows, ends, values, constant_sum, nodes, pairs
    )


def compile_tree(tree: FlatTree, *, searcher: str) -> SequenceForm:
    """The sequence form of ``tree``.

    Raises:
        UnsupportedGameError: the game lacks perfect recall: two histories of an information set
            have different sequences for its player.
    """
    n = tree.num_players
    base, end = [], []
    slot = n
    for actions in tree.infoset_actions:
        base.append(slot)
        slot += len(actions)
        end.append(slot)
    parent = [-1] * len(base)
    last: list[tuple[int, ...]] = [tuple(range(n))] + [()] * (tree.nodes - 1)
    reach = [1.0] * tree.nodes
    groups: dict[tuple[int, ...], list[float]] = {}
    sums: list[float] = []
    for node, kind in enumerate(tree.kind):
        mine = last[node]
        if kind == TERMINAL:
            utilities = tree.utilities[node]
            sums.append(sum(utilities))
            group = groups.setdefault(mine, [0.0] * n)
            for q in range(n):
                group[q] += reach[node] * utilities[q]
            continue
        children = range(tree.first[node], tree.first[node] + tree.count[node])
        if kind == CHANCE_NODE:
            for child in children:
                last[child] = mine
                reach[child] = reach[node] * tree.probability[child]
            continue
        i, q = tree.infoset[node], tree.player[node]
        if parent[i] == -1:
            parent[i] = mine[q]
        elif parent[i] != mine[q]:
            raise UnsupportedGameError(
                f"{searcher} needs perfect recall, but the histories of information set "
                f"{tree.keys[i]!r} differ in what player {q} did or saw before: the player "
                "would forget, and the sequence form does not exist"
            )
        for child in children:
            last[child] = (*mine[:q], base[i] + tree.action[child], *mine[q + 1 :])
            reach[child] = reach[node]
    layout = list(zip(base, end, parent, strict=True))
    own: list[list[int]] = [[] for _ in range(n)]
    for i, q in enumerate(tree.infoset_player):
        own[q].append(i)
    ends = [s for key in groups for s in key]
    end_values = [value for values in groups.values() for value in values]
    rows, pairs = arrange(n, slot, ends, end_values)
    return SequenceForm(
        num_players=n,
        slots=slot,
        keys=tree.keys,
        infoset_player=tree.infoset_player,
        infoset_actions=tree.infoset_actions,
        layout=layout,
        own=own,
        rows=rows,
        ends=ends,
        end_values=end_values,
        constant_sum=sums[0] if sums and max(sums) - min(sums) <= TOLERANCE else None,
        nodes=tree.nodes,
        pairs=pairs,
    )


def arrange(
    n: int, slots: int, ends: list[int], end_values: list[float]
) -> tuple[list[list[Row]], list[Pairs]]:
    """Each player's rows of the terminal groups ``ends``, and with two players their pairs.

    A player's rows go by its slot, ascending, each row's groups in the order of ``ends``; a
    group of utility 0 for the player is left out. The rows are made only where the loops
    read them: in Python, or with more than two players.
    """
    if n != 2:
        return [_rows(ends, end_values, p, n, slots) for p in range(n)], []
    pairs = [_pairs(ends, end_values, p, slots) for p in range(n)]
    if NATIVE:
        return [[] for _ in range(n)], pairs
    rows: list[list[Row]] = []
    for found in pairs:
        start, weights, others = found.start, found.weights, found.others
        rows.append(
            [
                (own, weights[start[r] : start[r + 1]], others[start[r] : start[r + 1]])
                for r, own in enumerate(found.own)
            ]
        )
    return rows, pairs


def _pairs(ends: list[int], end_values: list[float], p: int, slots: int) -> Pairs:
    """Player ``p``'s rows of a two-player game as :class:`Pairs` (a counting sort by slot)."""
    first = [0] * (slots + 1)
    groups = len(ends) // 2
    for g in range(groups):
        if end_values[2 * g + p] != 0.0:
            first[ends[2 * g + p] + 1] += 1
    for s in range(slots):
        first[s + 1] += first[s]
    total = first[slots]
    weights = [0.0] * total
    others = [0] * total
    place = first[:]
    for g in range(groups):
        value = end_values[2 * g + p]
        if value != 0.0:
            s = ends[2 * g + p]
            k = place[s]
            weights[k] = value
            others[k] = ends[2 * g + 1 - p]
            place[s] = k + 1
    own = [s for s in range(slots) if first[s + 1] > first[s]]
    start = [first[s] for s in own]
    start.append(total)
    return Pairs(own, start, weights, others)


def _rows(ends: list[int], end_values: list[float], p: int, n: int, slots: int) -> list[Row]:
    """Player ``p``'s rows: the terminal groups by ``p``'s slot, utilities of 0 left out."""
    weights: list[list[float]] = [[] for _ in range(slots)]
    others: list[list[Any]] = [[] for _ in range(slots)]
    for g in range(len(ends) // n):
        value = end_values[g * n + p]
        if value == 0.0:
            continue
        s = ends[g * n + p]
        weights[s].append(value)
        others[s].append(tuple(ends[g * n + q] for q in range(n) if q != p))
    return [(s, weights[s], others[s]) for s in range(slots) if weights[s]]


def fill_reach(form: SequenceForm, sigma: list[float], reach: list[float]) -> None:
    """Set ``reach`` (one entry a slot) to every player's reach of each sequence under ``sigma``."""
    for q in range(form.num_players):
        reach[q] = 1.0
    for b, e, par in form.layout:
        r = reach[par]
        for j in range(b, e):
            reach[j] = r * sigma[j]


def add_values(form: SequenceForm, p: int, reach: list[float], values: list[float]) -> None:
    """Add to ``values[s]``, for each sequence ``s`` of ``p``, what the terminals it ends in give.

    That is the sum over the terminal histories ``z`` whose last sequence for ``p`` is ``s`` of
    chance's probability of ``z`` times ``p``'s utility at ``z`` times the other players'
    reaches: the counterfactual value of ``s`` before the information sets below it add theirs.
    """
    if form.pairs and NATIVE:
        pairs = form.pairs[p]
        slots, start, weighing, opposite = pairs.own, pairs.start, pairs.weights, pairs.others
        for r in range(len(slots)):
            total = 0.0
            for k in range(start[r], start[r + 1]):
                total += weighing[k] * reach[opposite[k]]
            values[slots[r]] += total
        return
    if form.num_players == 2:
        get = reach.__getitem__
        for own, weights, others in form.rows[p]:
            values[own] += sum(map(mul, weights, map(get, others)))
        return
    for own, weights, others in form.rows[p]:
        total = 0.0
        for weight, sequences in zip(weights, others, strict=True):
            for s in sequences:
                weight *= reach[s]
            total += weight
        values[own] += total


def best_response_value(form: SequenceForm, p: int, sigma: list[float]) -> tuple[float, list[int]]:
    """``p``'s best-response value against ``sigma``, and the best action index of each of its sets.

    Sets of other players get -1. Ties go to the first action.
    """
    reach = [0.0] * form.slots
    fill_reach(form, sigma, reach)
    values = [0.0] * form.slots
    add_values(form, p, reach, values)
    choice = [-1] * len(form.layout)
    for i in reversed(form.own[p]):
        b, e, par = form.layout[i]
        best = max(values[b:e])
        choice[i] = values.index(best, b, e) - b
        values[par] += best
    return values[p], choice


def expected_values(form: SequenceForm, sigma: list[float]) -> tuple[float, ...]:
    """Every player's expected utility when all play ``sigma``."""
    reach = [0.0] * form.slots
    fill_reach(form, sigma, reach)
    totals = [0.0] * form.num_players
    n = form.num_players
    ends, end_values = form.ends, form.end_values
    for g in range(len(ends) // n):
        probability = 1.0
        for q in range(n):
            probability *= reach[ends[g * n + q]]
        if probability:
            for q in range(n):
                totals[q] += probability * end_values[g * n + q]
    return tuple(totals)


def nash_conv_of(form: SequenceForm, sigma: list[float]) -> tuple[float, tuple[float, ...]]:
    """NashConv of ``sigma``, and every player's expected utility under it."""
    values = expected_values(form, sigma)
    gains = (best_response_value(form, p, sigma)[0] - values[p] for p in range(form.num_players))
    return sum(gains), values


def uniform(form: SequenceForm) -> list[float]:
    """The strategy that plays every action of an information set equally often."""
    sigma = [1.0] * form.slots
    for b, e, _ in form.layout:
        sigma[b:e] = [1.0 / (e - b)] * (e - b)
    return sigma


def sigma_of(
    form: SequenceForm,
    profile: Mapping[Any, Mapping[Any, float]],
    players: Collection[int],
    searcher: str,
) -> list[float]:
    """The slots' probabilities of ``profile`` for the information sets of ``players``.

    The other players' sets get the uniform strategy.

    Raises:
        InvalidSearchOptionError: ``profile`` is not a mapping, or lacks one of the sets.
        IllegalActionError: an action that is not one of its set's actions.
        InvalidDistributionError: probabilities that are not numbers >= 0 summing to 1.
    """
    if not isinstance(profile, Mapping):
        raise InvalidSearchOptionError(
            f"{searcher}: the strategy profile must be a mapping from information-set keys to "
            f"mappings from actions to probabilities, not {type(profile).__name__}"
        )
    sigma = uniform(form)
    for i, key in enumerate(form.keys):
        if form.infoset_player[i] not in players:
            continue
        try:
            probabilities = profile[key]
        except KeyError:
            raise InvalidSearchOptionError(
                f"{searcher}: the strategy profile has no entry for information set {key!r} "
                f"(player {form.infoset_player[i]}'s)"
            ) from None
        b, _, _ = form.layout[i]
        sigma[b : form.layout[i][1]] = _distribution(key, form.infoset_actions[i], probabilities)
    return sigma


def _distribution(key: Any, actions: tuple[Any, ...], probabilities: Any) -> list[float]:
    """The probabilities of ``actions`` given by ``probabilities`` (a mapping), checked."""
    if not isinstance(probabilities, Mapping):
        raise InvalidDistributionError(
            f"the strategy of information set {key!r} must map actions to probabilities, not "
            f"{probabilities!r}"
        )
    for action in probabilities:
        if action not in actions:
            raise IllegalActionError(action, actions, f"information set {key!r}")
    found = []
    for action in actions:
        value = probabilities.get(action, 0.0)
        number = isinstance(value, Real) and not isinstance(value, bool)
        if not number or not 0.0 <= value <= 1.0 + TOLERANCE:
            raise InvalidDistributionError(
                f"the strategy of information set {key!r} gives action {action!r} the "
                f"probability {value!r}; probabilities must be numbers from 0 to 1"
            )
        found.append(float(value))
    if abs(sum(found) - 1.0) > TOLERANCE:
        raise InvalidDistributionError(
            f"the probabilities of information set {key!r} sum to {sum(found)!r}, not 1"
        )
    return found


def profile_of(form: SequenceForm, sigma: list[float]) -> dict[Any, dict[Any, float]]:
    """``sigma`` as a strategy profile: each set's key to its actions' probabilities."""
    return {
        key: dict(zip(form.infoset_actions[i], sigma[b:e], strict=True))
        for i, (key, (b, e, _)) in enumerate(zip(form.keys, form.layout, strict=True))
    }
