"""The game's knowledge checked against exact search where the game below a state is small.

``proven_value``, ``must_play`` and ``inferior_moves`` let the proof searchers skip search: a
state decided, moves left out. None of them may guess, and only a search can show that one
does. :func:`knowledge_faults` searches the game below a state exactly (minimax, memoized,
within a budget of nodes) and checks the three against what it finds:

- ``proven_value(state, player)``, where it answers, is ``player``'s exact value;
- every move ``must_play`` leaves out loses (the mover's value after it is the loss, ``-W``);
- the best move ``inferior_moves`` leaves in is as good as the best move.

States whose game below needs more nodes than the budget are not checked: the check is for
the small positions near the end of play, which every game reaches (and small boards, whose
every state it reaches). :func:`~gamesearch.conformance.check_game` runs it at the states it
visits.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from .capabilities import Capabilities

__all__ = ["ExactValues", "knowledge_faults"]

_MEMO_LIMIT = 200_000
"""The most exact values kept across the states checked."""


class _Spent(Exception):
    """The budget of one state's search ran out."""


class ExactValues:
    """Exact minimax values of a two-player game, memoized across the states checked.

    Args:
        game: The game.
        key: The game's ``key`` (states of equal value may share one), or ``None``.
        budget: The most states made for one state's value before giving up.
    """

    def __init__(self, game: Any, key: Callable[[Any], Hashable] | None, budget: int) -> None:
        self.game = game
        self.key = key
        self.budget = budget
        self.left = budget
        self.memo: dict[tuple[Hashable, int], float] = {}

    def value(self, state: Any, player: int) -> float | None:
        """``player``'s exact value at ``state``, or ``None`` if it takes more than the budget."""
        self.left = self.budget
        try:
            return self._value(state, player)
        except _Spent:
            return None

    def _value(self, state: Any, player: int) -> float:
        game = self.game
        if game.is_terminal(state):
            return float(game.utility(state, player))
        memo_key = (state if self.key is None else self.key(state), player)
        known = self.memo.get(memo_key)
        if known is not None:
            return known
        self.left -= 1
        if self.left < 0:
            raise _Spent
        values = [self._value(game.result(state, action), player) for action in game.actions(state)]
        found = max(values) if game.to_move(state) == player else min(values)
        if len(self.memo) >= _MEMO_LIMIT:
            self.memo.clear()
        self.memo[memo_key] = found
        return found


def knowledge_faults(
    game: Any, members: Capabilities, state: Any, exact: ExactValues, win: float | None
) -> list[str]:
    """What ``proven_value``, ``must_play`` and ``inferior_moves`` claim at ``state`` that is false.

    ``state`` is not terminal, a decision of player 0 or 1; ``win`` is the game's
    ``win_utility`` (``must_play`` and ``inferior_moves`` serve only with it). Empty where
    the game below ``state`` is too large for ``exact``'s budget.
    """
    mover = game.to_move(state)
    if mover not in (0, 1):
        return []
    faults = []
    proven = members.proven_value
    if proven is not None:
        for player in (0, 1):
            known = proven(state, player)
            if known is None:
                continue
            value = exact.value(state, player)
            if value is not None and value != known:
                faults.append(
                    f"proven_value({state!r}, {player}) is {known!r}, but the exact value is "
                    f"{value!r}"
                )
    if win is None or (members.must_play is None and members.inferior_moves is None):
        return faults
    after = {}
    for action in game.actions(state):
        value = exact.value(game.result(state, action), mover)
        if value is None:
            return faults
        after[action] = value
    if members.must_play is not None:
        region = list(members.must_play(state))
        faults.extend(
            f"must_play({state!r}) leaves out {action!r}, which does not lose (the mover's "
            f"value after it is {value!r})"
            for action, value in after.items()
            if action not in region and value > -win
        )
    if members.inferior_moves is not None:
        inferior = list(members.inferior_moves(state))
        kept = [value for action, value in after.items() if action not in inferior]
        best = max(after.values())
        if kept and max(kept) < best:
            faults.append(
                f"inferior_moves({state!r}) gives {inferior!r}, but the best of the others is "
                f"worth {max(kept)!r} to the mover where the best move is worth {best!r}"
            )
    return faults
