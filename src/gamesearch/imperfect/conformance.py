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
from typing import Any, NoReturn

from .._entry import check_is_game
from .._faults import report_raised
from .._problems import Problems, Trail
from .._validation import is_count, repeated_action
from ..capabilities import Capabilities
from ..errors import GameProtocolError, InvalidSearchOptionError, NotAGameError, short_repr
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
    same order, none listed twice (a strategy gives each action one probability). With
    ``sample_state``, ``samples`` states are drawn for the player to move at each decision
    history; each must have the same key for that player and, where the walk was exhaustive, be
    one of the game's histories. Perfect recall is reported, not required.

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
    check_is_game(game)
    if Capabilities.of(game).information_set is None:
        raise NotAGameError(f"{type(game).__name__} has no information_set(state, player) method")
    for name, value in (("max_histories", max_histories), ("samples", samples)):
        if not is_count(value, least=0):
            raise InvalidSearchOptionError(
                f"check_information_sets: {name} must be an int >= 0, got {short_repr(value)}"
            )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidSearchOptionError(
            f"check_information_sets: seed must be an int, got {short_repr(seed)}"
        )
    walk = _Walk(game)
    problems = walk.problems
    try:
        start = game.initial_state()
    except Exception as exc:  # whatever the game raises is a defect, reported
        report_raised(game, exc, None, problems, None)
        _raise(game, problems)
    # Each history carries its line of play as a trail and every player's sequence as a
    # number: the same work at every depth, so that a line of n plies costs n, not n**2.
    pending: deque[_History] = deque([(start, None, (0,) * game.num_players)])
    histories = 0
    while pending and histories < max_histories:
        histories += 1
        state, trail, memory = pending.popleft()
        try:
            pending.extend(walk.visit(state, trail, memory))
        except Exception as exc:  # reported with its line of play; the walk goes on
            report_raised(game, exc, state, problems, trail)
    exhaustive = not pending
    seen = walk.seen if exhaustive else None
    drawn = _check_samples(game, walk.decisions, samples, seed, seen, problems)
    if problems.found:
        _raise(game, problems)
    return InformationSetReport(
        histories, len(walk.decisions), len(walk.sets), exhaustive, walk.recall, drawn
    )


def _raise(game: Any, problems: Problems) -> NoReturn:
    found = "\n".join(f"- {message}" for message in problems.found.values())
    raise GameProtocolError(
        f"{type(game).__name__} breaks the imperfect-information protocol:\n{found}"
    )


Actions = tuple[Any, ...]
"""A history's actions, in the order of ``actions``."""

_History = tuple[Any, Trail, tuple[int, ...]]
"""A history to visit: its state, its line of play, and the number of each player's sequence
(0 the empty one)."""


class _Walk:
    """What the breadth-first walk of :func:`check_information_sets` has found so far."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.problems = Problems()
        self.sets: dict[Hashable, tuple[int, Actions, int]] = {}
        """Each information set's player, actions, and the number of its player's sequence."""
        self.sequences: dict[tuple[int, Hashable, int], int] = {}
        """A player's sequences, numbered: ``(the sequence before, the information set, the
        position of the action in its actions)`` to the number of the sequence it makes. Two
        histories share a sequence exactly when they share its number (perfect recall)."""
        self.decisions: list[tuple[Any, Trail]] = []
        self.seen: set[Any] = set()
        self.recall = True

    def visit(self, state: Any, trail: Trail, memory: tuple[int, ...]) -> list[_History]:
        """Check the history ``state``; its children to visit."""
        game = self.game
        self.seen.add(state)
        if game.is_terminal(state):
            return []
        mover = game.to_move(state)
        actions = tuple(game.actions(state))
        if mover == CHANCE:
            return [(game.result(state, action), (trail, action), memory) for action in actions]
        key = game.information_set(state, mover)
        if not self._check(state, trail, memory[mover], mover, key, actions):
            return []
        children: list[_History] = []
        sequences, before = self.sequences, memory[mover]
        for position, action in enumerate(actions):
            sequence = sequences.setdefault((before, key, position), len(sequences) + 1)
            remembered = (*memory[:mover], sequence, *memory[mover + 1 :])
            children.append((game.result(state, action), (trail, action), remembered))
        return children

    def _check(
        self, state: Any, trail: Trail, sequence: int, mover: Any, key: Any, actions: Actions
    ) -> bool:
        """Record the decision ``state``, and its defects; False if its key cannot be hashed."""
        add = self.problems.add_at
        try:
            known = self.sets.get(key)
        except TypeError:
            add("hash", f"information_set(state, {mover}) returned {key!r}, not hashable", trail)
            return False
        self.decisions.append((state, trail))
        if known is None:
            known = self.sets[key] = (mover, actions, sequence)
            twice = repeated_action(actions)
            if twice >= 0:
                message = f"information set {key!r} lists the action {actions[twice]!r} twice"
                add("repeated action", f"{message}: {list(actions)}", trail)
        if known[0] != mover:
            add("players", f"key {key!r} is player {known[0]}'s and player {mover}'s", trail)
        elif known[1] != actions:
            add(
                "actions",
                f"the states of information set {key!r} have different actions: "
                f"{list(known[1])} and {list(actions)}",
                trail,
            )
        self.recall = self.recall and known[2] == sequence
        return True


def _check_samples(
    game: Any,
    decisions: list[tuple[Any, Trail]],
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
    for state, trail in decisions:
        try:
            drawn += _sampled(game, sample, (state, trail), samples, rng, histories, problems)
        except Exception as exc:  # noqa: PERF203 - whatever the game raises is reported
            report_raised(game, exc, state, problems, trail)
    return drawn


def _sampled(
    game: Any,
    sample: Any,
    decision: tuple[Any, Trail],
    samples: int,
    rng: random.Random,
    histories: set[Any] | None,
    problems: Problems,
) -> int:
    """Draw ``samples`` states at one decision and check their keys; how many were drawn."""
    state, trail = decision
    mover = game.to_move(state)
    key = game.information_set(state, mover)
    drawn = 0
    for _ in range(samples):
        world = sample(state, mover, rng)
        drawn += 1
        if game.information_set(world, mover) != key:
            problems.add_at(
                "sample",
                f"sample_state(state, {mover}, rng) gave {world!r}, whose key for player "
                f"{mover} is {game.information_set(world, mover)!r}, not {key!r}",
                trail,
            )
        elif histories is not None and world not in histories:
            problems.add_at(
                "sampled history",
                f"sample_state(state, {mover}, rng) gave {world!r}, which no line of play "
                "reaches",
                trail,
            )
    return drawn
