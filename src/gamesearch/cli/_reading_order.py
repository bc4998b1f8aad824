"""The order a person reads a strategy table in: by player, the betting so far, then the cards.

CFR numbers the information sets as its walk of the tree first meets them, breadth first, which
puts a player's sets with a Queen before those with a Jack whenever a deal with the Queen comes
first in the walk. A table is read otherwise: one player's rows together, the first decisions
before the later ones, and the cards in the order the game itself deals them.

So the game's tree is walked once, and each information set is described by what its player
knows, read off its histories: at each step of the history, the action or chance outcome if it
is the same in every history of the set (the player's own card, the public card, the betting),
or *hidden* where the histories differ (the others' cards). Every value is ranked by where the
game first lists it (``chance_outcomes`` and ``actions`` in their own order, the walk going
depth first): the deck's order for cards, the game's order for actions. A set's place is then
its player, the number of decisions so far, the decisions (ranked), and the chance outcomes the
player sees (ranked).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from ..game import CHANCE

__all__ = ["reading_order"]

_CHANCE_STEP, _DECISION_STEP = 0, 1
"""The kinds of step of a history: a chance outcome, a player's decision."""

HIDDEN = -1
"""The rank of a step that differs between the histories of an information set: it sorts
before every value, so sets that see the same things line up."""


def reading_order(
    game: Any, *, max_histories: int = 5_000_000
) -> Callable[[Hashable], tuple[Any, ...]]:
    """A sort key for ``game``'s information-set keys: by player, decisions, then cards seen.

    Args:
        game: A game of imperfect information.
        max_histories: The most histories to walk; past it, the keys are sorted by their text.

    Returns:
        A function of a key to a tuple that sorts as the module says; a key the walk did not
        meet (or every key, for a game too big to walk) sorts after the others by its text.
    """
    described = _describe(game, max_histories)

    def place(key: Hashable) -> tuple[Any, ...]:
        found = None if described is None else described.get(key)
        if found is None:
            return (1, str(key))
        player, steps = found
        decisions = tuple(rank for kind, rank in steps if kind == _DECISION_STEP)
        seen = tuple(rank for kind, rank in steps if kind == _CHANCE_STEP)
        return (0, player, len(decisions), decisions, seen, str(key))

    return place


def _describe(game: Any, limit: int) -> dict[Hashable, tuple[int, list[tuple[int, int]]]] | None:
    """Each information set's player and its history's steps, or ``None`` past ``limit``."""
    ranks: dict[tuple[int, Any], int] = {}
    found: dict[Hashable, tuple[int, list[tuple[int, int]]]] = {}
    pending: list[tuple[Any, tuple[tuple[int, int], ...]]] = [(game.initial_state(), ())]
    walked = 0
    while pending:
        state, history = pending.pop()
        walked += 1
        if walked > limit:
            return None
        if game.is_terminal(state):
            continue
        mover = game.to_move(state)
        kind = _CHANCE_STEP if mover == CHANCE else _DECISION_STEP
        if kind == _CHANCE_STEP:
            moves = [outcome for outcome, p in game.chance_outcomes(state) if p > 0]
        else:
            moves = list(game.actions(state))
            _merge(found, game.information_set(state, mover), int(mover), history)
        for move in moves:
            ranks.setdefault((kind, _hashable(move)), len(ranks))
        pending.extend(
            (game.result(state, move), (*history, (kind, ranks[kind, _hashable(move)])))
            for move in reversed(moves)
        )
    return found


def _merge(
    found: dict[Hashable, tuple[int, list[tuple[int, int]]]],
    key: Hashable,
    player: int,
    history: tuple[tuple[int, int], ...],
) -> None:
    """Add a history to its information set's description: steps that differ become hidden."""
    known = found.get(key)
    if known is None:
        found[key] = (player, list(history))
        return
    steps = known[1]
    del steps[len(history) :]
    for i, (kind, rank) in enumerate(steps):
        if rank != history[i][1] or kind != history[i][0]:
            # Hidden, of its kind (the other player's card); of no kind where kinds differ.
            steps[i] = (kind if kind == history[i][0] else HIDDEN, HIDDEN)


def _hashable(move: Any) -> Hashable:
    """The move itself where it can be a dict key, else its text."""
    try:
        hash(move)
    except TypeError:
        return repr(move)
    return move  # type: ignore[no-any-return]
