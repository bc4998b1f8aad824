"""The memoised depth-first pass that solves acyclic games, with an explicit stack.

Each state is solved once, after all its children (a post-order walk of the game's graph, the
memo merging transpositions): its value is the best of its children's for the player to move,
its distance the best child's plus one. The stack is a Python list, not the call stack, so a
game thousands of plies deep does not reach the recursion limit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableMapping
from typing import Any

from .._validation import (
    check_unchanged,
    made_of_immutables,
    mover_error,
    no_actions_error,
    snapshot,
    translate,
)
from ..game import Game
from ._values import Entry, Key, Sums, entry_maker, final_distance, preference
from .progress import Reporter


class CycleFound(Exception):
    """Raised when the pass meets a state that is on its own stack: the game has a cycle."""

    def __init__(self, state: Any) -> None:
        super().__init__(f"the state {state!r} repeats")
        self.state = state

    def __reduce__(self) -> tuple[type[CycleFound], tuple[Any]]:
        # Raised in a worker process, it travels back by pickle with its state.
        return (CycleFound, (self.state,))


def memo_solve(
    game: Game[Any, Any],
    roots: Iterable[Any],
    key: Key,
    table: MutableMapping[Any, Entry],
    sums: Sums,
    reporter: Reporter,
    on_solved: Callable[[Any, Entry], object] | None = None,
) -> None:
    """Solve every state reachable from ``roots`` into ``table`` (key -> :class:`Entry`).

    The contract: on return, ``table`` holds an entry for every state reachable from the roots;
    an entry already in ``table`` is trusted and its state not expanded again (this is how an
    interrupted build resumes). ``on_solved(key, entry)`` is told each new entry.

    Raises:
        CycleFound: a state repeats on the current line: the game is not acyclic.
        GameProtocolError: a non-terminal state without actions, or whose ``to_move`` is
            neither player 0 nor player 1; a member that returns the wrong kind of thing
            (found when Python raises ``TypeError``); a ``result`` that changes the state it
            is given (found at a root expanded).
        UnsupportedGameError: the utilities are not constant-sum.
    """
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal = game.is_terminal
    on_stack: set[Any] = set()
    make = entry_maker()
    # A frame: [key, mover, actions, next index, best preference, best value0, best distance].
    stack: list[list[Any]] = []

    def finish(state_key: Any, entry: Entry) -> None:
        table[state_key] = entry
        reporter.tick()
        if on_solved is not None:
            on_solved(state_key, entry)

    def push(state: Any, state_key: Any) -> None:
        moves = actions(state)
        if not moves:
            raise no_actions_error(state)
        mover = to_move(state)
        if mover != 0 and mover != 1:
            raise mover_error(state, mover, 2, chance=False)
        on_stack.add(state_key)
        stack.append([state_key, mover, state, moves, 0, None, 0.0, None])

    # A game whose result changes the state it is given would corrupt the table: each root
    # expanded is compared with a copy of it at the end (once a root, not once a state).
    taken: list[tuple[Any, tuple[Any, str | None]]] = []
    try:
        for root in roots:
            root_key = key(root)
            if root_key in table:
                continue
            if is_terminal(root):
                finish(root_key, make(sums.terminal(root), 0))
                continue
            if not made_of_immutables(root):  # nothing can change an int, a tuple of them...
                taken.append((root, snapshot(root)))
            push(root, root_key)
            while stack:
                frame = stack[-1]
                moves, index = frame[3], frame[4]
                if index < len(moves):
                    frame[4] = index + 1
                    child = result(frame[2], moves[index])
                    child_key = key(child)
                    entry = table.get(child_key)
                    if entry is None:
                        if child_key in on_stack:
                            raise CycleFound(child)
                        if not is_terminal(child):
                            push(child, child_key)
                            continue
                        entry = make(sums.terminal(child), 0)
                        finish(child_key, entry)
                    _consider(frame, entry, sums)
                    continue
                stack.pop()
                state_key, mover, value0, best = frame[0], frame[1], frame[6], frame[7]
                on_stack.discard(state_key)
                entry = make(value0, final_distance(sums.of(value0, mover), best, sums.draw))
                finish(state_key, entry)
                if stack:
                    _consider(stack[-1], entry, sums)
    except Exception as exc:
        for root, before in taken:
            check_unchanged(root, before, exc)
        if isinstance(exc, TypeError) and stack:  # which member gave the wrong kind of thing?
            translate(exc, game, stack[-1][2], None)
        raise
    for root, before in taken:
        check_unchanged(root, before)


def _consider(frame: list[Any], entry: Entry, sums: Sums) -> None:
    """Keep ``entry``, a child's, in ``frame`` if it is the best so far for the frame's mover.

    The order is :func:`~._values.preference`'s, inlined: this runs once per edge of the graph.
    """
    value0, distance = entry.value, entry.distance
    own = value0 if frame[1] == 0 else sums.total - value0  # type: ignore[operator]
    best = frame[5]
    if best is not None:
        if own < best[0]:
            return
        if own == best[0]:
            draw = sums.draw
            if distance is None or own == draw:
                return
            rank = -distance if own > draw else distance
            if rank <= best[1]:
                return
    frame[5] = preference(own, distance, sums.draw)
    frame[6], frame[7] = value0, distance
