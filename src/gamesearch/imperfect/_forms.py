"""The sequence form straight from the game: one breadth-first walk, no tree kept.

:func:`build_form` gives what ``compile_tree(enumerate_tree(game))`` gives (the same
information sets in the same order, the same slots, terminal groups, rows and checks), without
the per-node arrays of :class:`~._tree.FlatTree`: it walks the tree one level at a time, and
keeps for each history of the level only its state, each player's last sequence and chance's
probability of reaching it. The solvers build their sequence form with it (CFR's construction
is most of a short run's time on Liar's Dice); the tree stays for the callers that read it.

Kept in a module of its own, with plain typed locals, so that the compiled build (README,
Installing) compiles it with mypyc.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable
from typing import Any

from .._validation import checked_number, is_player, mover_error, unchecked_members
from ..capabilities import Capabilities
from ..errors import GameProtocolError, UnsupportedGameError
from ..game import CHANCE
from ._sequences import TOLERANCE, SequenceForm, arrange
from ._tree import MAX_NODES, chance_children, check_distinct, check_imperfect, check_same

__all__ = ["build_form"]

_LARGEST = sys.float_info.max
"""The largest finite float: a float utility within it needs no further check."""


def build_form(game: Any, *, searcher: str, max_nodes: int = MAX_NODES) -> SequenceForm:
    """The sequence form of ``game`` from its initial state (see :func:`~._sequences.compile_tree`).

    Raises:
        NotAGameError: ``game`` lacks members of the protocol, or ``information_set``.
        UnsupportedGameError: the game has more than ``max_nodes`` histories, or lacks perfect
            recall.
        GameProtocolError: a state the game cannot search (see :func:`~._tree.enumerate_tree`).
        InvalidDistributionError: chance probabilities that are not a distribution.
        InvalidUtilityError: a utility that is not a number.
    """
    check_imperfect(game, searcher)
    n: int = game.num_players
    has_chance = Capabilities.of(game).chance_outcomes is not None
    is_terminal, to_move, utility, _ = unchecked_members(game, None)  # this loop checks them
    actions_of = game.actions
    result = game.result
    information_set = game.information_set

    keys: list[Hashable] = []
    owners: list[int] = []
    actions_list: list[tuple[Any, ...]] = []
    index: dict[Hashable, int] = {}
    layout: list[tuple[int, int, int]] = []
    slot = n

    groups: dict[Any, int] = {}
    ends: list[int] = []  # n a group: each player's last sequence
    end_values: list[float] = []  # n a group: the utilities weighed by chance, summed
    first_sum = lowest = highest = 0.0
    ended = 0  # terminal histories met
    utilities = [0.0] * n

    states: list[Any] = [game.initial_state()]
    seqs: list[int] = list(range(n))  # n a history: each player's last sequence
    reaches: list[float] = [1.0]
    nodes = 1
    while states:
        next_states: list[Any] = []
        next_seqs: list[int] = []
        next_reaches: list[float] = []
        for k in range(len(states)):
            state = states[k]
            reach = reaches[k]
            at = k * n
            if is_terminal(state):
                total = 0.0
                for p in range(n):
                    value = utility(state, p)
                    if value.__class__ is not float or not -_LARGEST <= value <= _LARGEST:
                        value = checked_number(value, state, p, "utility")
                    u: float = value
                    utilities[p] = u
                    total += u
                if ended == 0:
                    first_sum = lowest = highest = total
                elif total < lowest:
                    lowest = total
                elif total > highest:
                    highest = total
                ended += 1
                key: Any = (seqs[at] << 32) | seqs[at + 1] if n == 2 else tuple(seqs[at : at + n])
                g = groups.get(key, -1)
                if g < 0:
                    g = groups[key] = len(groups)
                    for p in range(n):
                        ends.append(seqs[at + p])
                        end_values.append(0.0)
                at_g = g * n
                for p in range(n):
                    end_values[at_g + p] += reach * utilities[p]
                continue
            mover = to_move(state)
            if not is_player(mover, n, chance=has_chance):
                raise mover_error(state, mover, n, chance=has_chance)
            if mover == CHANCE:
                outcomes = chance_children(game, state)
                for outcome, probability in outcomes:
                    next_states.append(result(state, outcome))
                    next_seqs.extend(seqs[at : at + n])
                    next_reaches.append(reach * probability)
                width = len(outcomes)
            else:
                actions = tuple(actions_of(state) or ())
                width = len(actions)
                if not width:
                    raise GameProtocolError(
                        f"state {state!r} is not terminal but has no actions; is_terminal must "
                        "be true exactly where actions is empty"
                    )
                q = int(mover)
                info = information_set(state, q)
                try:
                    found = index.get(info, -1)
                except TypeError as exc:
                    raise GameProtocolError(
                        f"information_set({state!r}, {q}) returned {info!r}, which cannot be hashed"
                    ) from exc
                mine = seqs[at + q]
                if found < 0:
                    check_distinct(info, actions, state)
                    found = index[info] = len(keys)
                    keys.append(info)
                    owners.append(q)
                    actions_list.append(actions)
                    layout.append((slot, slot + width, mine))
                    base = slot
                    slot += width
                else:
                    check_same(info, q, actions, state, owners[found], actions_list[found])
                    base, _, parent = layout[found]
                    if parent != mine:
                        raise UnsupportedGameError(
                            f"{searcher} needs perfect recall, but the histories of information "
                            f"set {info!r} differ in what player {q} did or saw before: the "
                            "player would forget, and the sequence form does not exist"
                        )
                for a in range(width):
                    next_states.append(result(state, actions[a]))
                    for p in range(n):  # no list made: a compiled loop
                        next_seqs.append(base + a if p == q else seqs[at + p])  # noqa: PERF401
                    next_reaches.append(reach)
            if nodes + width > max_nodes:
                raise UnsupportedGameError(
                    f"{searcher} traverses the whole game tree, and {type(game).__name__} has "
                    f"more than {max_nodes:,} histories"
                )
            nodes += width
        states, seqs, reaches = next_states, next_seqs, next_reaches

    own: list[list[int]] = [[] for _ in range(n)]
    for i in range(len(owners)):
        own[owners[i]].append(i)
    rows, pairs = arrange(n, slot, ends, end_values)
    return SequenceForm(
        num_players=n,
        slots=slot,
        keys=keys,
        infoset_player=owners,
        infoset_actions=actions_list,
        layout=layout,
        own=own,
        rows=rows,
        ends=ends,
        end_values=end_values,
        constant_sum=first_sum if ended and highest - lowest <= TOLERANCE else None,
        nodes=nodes,
        pairs=pairs,
    )
