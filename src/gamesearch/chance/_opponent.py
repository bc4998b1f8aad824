"""Expectimax's opponent models: how likely each action of another player is, and their check."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .._validation import no_actions_error
from ..errors import IllegalActionError
from ..game import Game

__all__ = ["Opponent", "check_legal", "uniform_opponent"]

Opponent = Callable[[Any, Any], Sequence[tuple[Any, float]]]
"""``opponent(game, state)``: how likely each action of the player to move in ``state`` is."""


def uniform_opponent(game: Game[Any, Any], state: Any) -> list[tuple[Any, float]]:
    """Every legal action in ``state`` with the same probability: a random opponent."""
    actions = game.actions(state)
    if not actions:
        raise no_actions_error(state)
    share = 1 / len(actions)
    return [(action, share) for action in actions]


def check_legal(pairs: list[Any], legal: Sequence[Any], state: Any) -> None:
    """Raise :class:`IllegalActionError` unless the opponent model's actions are legal.

    ``pairs`` are the model's actions of probability above 0 in ``state``.
    """
    for action, _ in pairs:
        if action not in legal:
            raise IllegalActionError(action, tuple(legal), f"the opponent model at {state!r}")
