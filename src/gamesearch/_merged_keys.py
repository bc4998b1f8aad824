"""States a game's exact key merges, checked: they must have the same value.

The proof searches key their tables by the game's ``solving_key``, else its ``key`` (the exact
key): two states of one key share one entry, so the exact key may merge only states of equal
value (``game.py``; a ``key`` may merge more, a chess engine's Zobrist key merging lines whose
repetitions differ, when ``solving_key`` keeps them apart). An exact key that merges two
states of different pasts, where the past decides the value (a repetition that ends one game
and not the other), makes a table carry one's value to the other: df-pn then proved a false
value with ``exact=True``. :func:`check_merged_keys` finds such a pair, where the conformance
checker walked every state: it works out every state's value by itself (a walk of the states,
each keyed by itself, within a budget of states) and compares the states the key merges.

The value is player 0's minimax value in a two-player game: player 0 maximises its utility,
player 1 minimises it (what alpha-beta computes), the expectation at a chance node. A game of
other numbers of players, with cycles, with states that cannot be hashed, or with more states
than the budget, is not checked.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from ._problems import Problems, Trail
from ._validation import safe_repr
from .capabilities import Capabilities

__all__ = ["check_merged_keys"]

_CHANCE = -1

Met = tuple[Any, Trail]
"""A state met by the walk, with its line of play."""


class _Unchecked(Exception):
    """The values cannot be worked out here: too many states, a cycle, a member that raised."""


def check_merged_keys(
    game: Any, members: Capabilities, met: list[Met], problems: Problems, budget: int
) -> None:
    """Report a pair of states of ``met`` that the exact key merges with different values.

    ``met`` holds every state the conformance walk met (all of them: the walk was exhaustive),
    with its line of play. ``budget`` bounds the states whose values are worked out.
    """
    exact = members.solving_key or members.key
    if exact is None or game.num_players != 2:
        return
    name = "solving_key" if members.solving_key is not None else "key"
    try:
        value = _values(game, [state for state, _ in met], budget)
        _compare(name, exact, met, value, problems)
    except _Unchecked:
        return


def _compare(
    name: str,
    function: Callable[[Any], Hashable],
    met: list[Met],
    value: Callable[[Any], float],
    problems: Problems,
) -> None:
    """Report the first state whose key (``name``) is an earlier state's, of another value."""
    first: dict[Hashable, Any] = {}
    for state, line in met:
        try:
            key = function(state)
            earlier = first.setdefault(key, state)
        except Exception as exc:  # reported where the walk met it
            raise _Unchecked from exc
        if earlier is state:
            continue
        ours, theirs = value(state), value(earlier)
        if ours != theirs:
            problems.add_at(
                f"{name}-merges",
                f"{name}({safe_repr(state)}) is {safe_repr(key)}, as for {safe_repr(earlier)}, "
                f"but their values (player 0's, under best play) are {ours!r} and "
                f"{theirs!r}: the proof searches' tables are keyed by {name}, which may merge "
                "only states of equal value, or a table carries one's value to the other (a "
                "key that leaves out a past that decides the value: keep the past in it, or "
                "give a solving_key that does)",
                line,
            )
            return


def _values(game: Any, roots: list[Any], budget: int) -> Callable[[Any], float]:
    """Player 0's value of every state reachable from ``roots``, each keyed by itself.

    Raises:
        _Unchecked: more than ``budget`` states, a cycle, a state that cannot be hashed, or a
            member that raised.
    """
    outcomes = Capabilities.of(game).chance_outcomes
    known: dict[Any, float] = {}
    on_path: set[Any] = set()
    try:
        for root in roots:
            stack: list[tuple[Any, bool]] = [(root, False)]
            while stack:
                state, ready = stack.pop()
                if state in known:
                    continue
                if ready:
                    on_path.discard(state)
                    known[state] = _backed_up(game, state, known, outcomes)
                    continue
                if state in on_path:
                    raise _Unchecked
                if len(known) + len(on_path) >= budget:
                    raise _Unchecked
                if game.is_terminal(state):
                    known[state] = float(game.utility(state, 0))
                    continue
                on_path.add(state)
                stack.append((state, True))
                for action in game.actions(state):
                    child = game.result(state, action)
                    if child in on_path:
                        raise _Unchecked  # a cycle: no value to work out here
                    if child not in known:
                        stack.append((child, False))
    except _Unchecked:
        raise
    except Exception as exc:  # the walk reported it; nothing to check here
        raise _Unchecked from exc
    return known.__getitem__


def _backed_up(
    game: Any, state: Any, known: dict[Any, float], outcomes: Callable[[Any], Any] | None
) -> float:
    """The value of ``state`` from its children's, known by now."""
    mover = game.to_move(state)
    if mover == _CHANCE and outcomes is not None:
        return float(
            sum(
                probability * known[game.result(state, outcome)]
                for outcome, probability in outcomes(state)
            )
        )
    children = [known[game.result(state, action)] for action in game.actions(state)]
    return float(max(children) if mover == 0 else min(children))
