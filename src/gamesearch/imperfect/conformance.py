"""The information-set checker: does a game keep the imperfect-information protocols' promises?

:func:`check_information_sets` walks a game's histories from the initial state, breadth first,
and checks what the algorithms of :mod:`gamesearch.imperfect` rely on. It checks the
``information_set`` and ``sample_state`` members only: check the ``Game`` members with
:func:`gamesearch.conformance.check_game`.

>>> from gamesearch.imperfect import KuhnPoker, check_information_sets
>>> report = check_information_sets(KuhnPoker())
>>> report.histories, report.infosets, report.perfect_recall, report.exhaustive
(58, 12, True, True)
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from .._entry import check_game
from .._problems import Problems
from ..capabilities import Capabilities
from ..errors import GameProtocolError, NotAGameError
from ..game import CHANCE

__all__ = ["InformationSetReport", "check_information_sets"]


@dataclass(frozen=True)
class InformationSetReport:
    """What :func:`check_information_sets` looked at, when it found nothing wrong."""

    histories: int
    """Histories (states reached by a line of play from the initial state) visited."""

    decisions: int
    """How many of them a player was to move in."""

    infosets: int
    """Distinct information sets of the players to move."""

    exhaustive: bool
    """Whether every history was visited (the game has at most ``max_histories``)."""

    perfect_recall: bool
    """Whether, in the histories visited, the states of each information set share their
    player's earlier information sets and actions (the tabular algorithms need it)."""

    samples: int
    """States drawn with ``sample_state`` and checked (0 when the game has no such member)."""


def check_information_sets(
    game: Any, *, max_histories: int = 100_000, samples: int = 2, seed: int = 0
) -> InformationSetReport:
    """Check ``game``'s ``information_set`` (and ``sample_state``, if it has one); raise if wrong.

    At every decision history visited, the key of the player to move must be hashable, and
    every history with that key must have the same player to move and the same actions in the
    same order. With ``sample_state``, ``samples`` states are drawn for the player to move at
    each decision history; each must have the same key for that player and, where the walk was
    exhaustive, be one of the game's histories. Perfect recall is reported, not required.

    Args:
        game: The game to check.
        max_histories: The most histories to visit, breadth first.
        samples: How many states to draw with ``sample_state`` at each decision history.
        seed: The seed of the draws, so that a failure repeats.

    Returns:
        What was checked, and whether the game has perfect recall.

    Raises:
        NotAGameError: ``game`` lacks members of the protocol, or ``information_set``.
        GameProtocolError: the game breaks a promise; the message lists every kind of defect
            found, each with the line of play that reaches an example.
        ValueError: ``max_histories`` or ``samples`` is not an int >= 0.
    """
    check_game(game)
    if Capabilities.of(game).information_set is None:
        raise NotAGameError(f"{type(game).__name__} has no information_set(state, player) method")
    for name, value in (("max_histories", max_histories), ("samples", samples)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"check_information_sets: {name} must be an int >= 0, got {value!r}")
    problems = Problems()
    sets: dict[Hashable, tuple[int, tuple[Any, ...], tuple[Any, ...]]] = {}
    decisions: list[tuple[Any, tuple[Any, ...]]] = []
    seen: set[Any] = set()
    recall = True
    pending: deque[tuple[Any, tuple[Any, ...], tuple[Any, ...]]] = deque(
        [(game.initial_state(), (), ((),) * game.num_players)]
    )
    histories = 0
    while pending and histories < max_histories:
        state, line, memory = pending.popleft()
        histories += 1
        seen.add(state)
        if game.is_terminal(state):
            continue
        mover = game.to_move(state)
        actions = tuple(game.actions(state))
        if mover == CHANCE:
            for action in actions:
                pending.append((game.result(state, action), (*line, action), memory))
            continue
        key = game.information_set(state, mover)
        try:
            known = sets.setdefault(key, (mover, actions, memory[mover]))
        except TypeError:
            message = f"information_set(state, {mover}) returned {key!r}, not hashable"
            problems.add("hash", message, line)
            continue
        decisions.append((state, line))
        if known[0] != mover:
            message = f"key {key!r} is player {known[0]}'s and player {mover}'s"
            problems.add("players", message, line)
        elif known[1] != actions:
            problems.add(
                "actions",
                f"the states of information set {key!r} have different actions: "
                f"{list(known[1])} and {list(actions)}",
                line,
            )
        recall = recall and known[2] == memory[mover]
        for action in actions:
            remembered = (*memory[:mover], (*memory[mover], (key, action)), *memory[mover + 1 :])
            pending.append((game.result(state, action), (*line, action), remembered))
    exhaustive = not pending
    drawn = _check_samples(game, decisions, samples, seed, seen if exhaustive else None, problems)
    if problems.found:
        found = "\n".join(f"- {message}" for message in problems.found.values())
        raise GameProtocolError(
            f"{type(game).__name__} breaks the imperfect-information protocol:\n{found}"
        )
    return InformationSetReport(histories, len(decisions), len(sets), exhaustive, recall, drawn)


def _check_samples(
    game: Any,
    decisions: list[tuple[Any, tuple[Any, ...]]],
    samples: int,
    seed: int,
    histories: set[Any] | None,
    problems: Problems,
) -> int:
    """Draw ``samples`` states at each decision; check their keys (and that the game has them)."""
    sample = Capabilities.of(game).sample_state
    if sample is None or samples == 0:
        return 0
    rng = random.Random(seed)
    drawn = 0
    for state, line in decisions:
        mover = game.to_move(state)
        key = game.information_set(state, mover)
        for _ in range(samples):
            world = sample(state, mover, rng)
            drawn += 1
            if game.information_set(world, mover) != key:
                problems.add(
                    "sample",
                    f"sample_state(state, {mover}, rng) gave {world!r}, whose key for player "
                    f"{mover} is {game.information_set(world, mover)!r}, not {key!r}",
                    line,
                )
            elif histories is not None and world not in histories:
                problems.add(
                    "sampled history",
                    f"sample_state(state, {mover}, rng) gave {world!r}, which no line of play "
                    "reaches",
                    line,
                )
    return drawn
