"""The memo pass on an executor: independent parts below a frontier, merged by the driver.

The split (a frontier split, as parallel tree searches cut a tree below its root): the driver
walks the game breadth first from the roots until a layer holds enough distinct states (by
key) that are neither terminal nor already solved; that layer is the *frontier*. Its states, in
the order the walk found them (so that states found from the same ancestors sit side by side,
and share more of their transpositions), are cut into ``split`` contiguous parts. Each part is
solved whole by the memo pass in a worker, from an empty table, and comes back as its entries.
The driver merges them into its table (entries are exact values and distances, so parts that
overlap agree), saving each part as it arrives, and then solves the states above the frontier
itself: the memo pass trusts the entries already in its table, so it stops at the frontier.

A state below the frontier that two parts both reach is solved by both: the price of the split
in games rich in transpositions, counted in :attr:`SolveStats.duplicates`.

A game that knows better offers ``region(state)`` (see :mod:`gamesearch.game`): the region of the
state space a state lies in, or ``None``, no state reachable from a region lying outside it. The
split is then by region, and no state is solved twice: the driver walks the states of no region
from the roots, collecting the *entrances* of each region (the children of that walk that lie in
a region), cuts the regions, in the order the walk met them, into ``split`` contiguous groups and
ships each group's entrances as one part. Once the last part is back, the states of no region
are solved on a worker too, the entrances' entries given, while the driver merges the regions'
parts (in a run that resumes nothing; else, and if that worker fails, by the driver's memo pass).
Connect Four's regions are the colours of the bottom stone of its centre column: two regions, with
the 4.5% of the 5 x 4 board's states that have an empty centre column outside both.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator, MutableMapping
from concurrent.futures import Executor
from contextlib import suppress
from dataclasses import dataclass, field
from itertools import islice, pairwise
from typing import Any

from .._parts import run_parts
from .._validation import no_actions_error
from ..errors import GameProtocolError, GameSearchError, PartFailedError
from ..game import Game
from ..progress import ProgressCallback
from ._memo import CycleFound, memo_solve
from ._values import Entry, Key, Sums
from .progress import Reporter

STATES_PER_PART = 8
"""The frontier is the first layer with at least this many unsolved states per part (or the
deepest layer there is), so that the parts can be of about the same size."""

MERGED_WHILE_WAITING = 1 << 11
"""Entries merged in one step while the driver waits for parts (about a millisecond): between
two steps, the executor's thread that reads a part back takes the interpreter's lock."""

MERGED_AT_ONCE = 1 << 16
"""Entries merged in one call: a call holds the interpreter's lock, and between two calls the
executor's threads ship the next part (about 30 ms of merging)."""


@dataclass(frozen=True)
class FrontierPart:
    """One part of a split solve: frontier states a worker solves whole (private helper).

    ``known`` holds entries the worker trusts, as the driver's memo pass trusts its table, and
    ``total`` the constant sum found so far: how the states of no region are solved on a worker
    with the values of the regions' entrances.
    """

    game: Game[Any, Any]
    key: Key
    states: tuple[Any, ...]
    known: dict[Any, Entry] = field(default_factory=dict)
    total: float | None = None
    kind: str = "frontier states"

    def __repr__(self) -> str:
        return f"<{len(self.states)} {self.kind} from {self.states[0]!r}>"


@dataclass(frozen=True)
class PartTable:
    """What a worker sends back (private helper).

    ``keys`` and ``entries``, parallel lists, are the states it solved (not those it was given
    as ``known``) in the order they were solved: children before parents, so that a file written
    in this order holds, at every commit, the whole subtree of each state it holds. Lists, not a
    dict: the driver reads them back without building a hash table only to copy it into its own
    (0.65 s of 0.73 s for a region of Connect Four 5 x 4, 1.9 million states). The memo pass
    shares one :class:`Entry` among the states of equal value and distance, and pickle sends a
    shared object once, so an entry costs a few bytes on the way. ``total`` is the constant sum
    it found; ``heads`` the entries of the part's own states.
    """

    keys: list[Any]
    entries: list[Entry]
    total: float | None
    heads: dict[Any, Entry]


def solve_part(part: FrontierPart) -> PartTable:
    """Solve every state reachable from the part's states (run in a worker)."""
    table = dict(part.known)
    sums = Sums(part.game, part.total)
    memo_solve(part.game, part.states, part.key, table, sums, Reporter(None, 1 << 62))
    given = len(part.known)  # the table keeps its order: what was given first, then the rest
    return PartTable(
        list(islice(table, given, None)),
        list(islice(table.values(), given, None)),
        sums.total,
        {state_key: table[state_key] for state_key in map(part.key, part.states)},
    )


def frontier(
    game: Game[Any, Any], roots: list[Any], key: Key, solved: MutableMapping[Any, Entry], want: int
) -> list[Any]:
    """The first layer below ``roots`` with ``want`` non-terminal states (distinct by key).

    States already in ``solved`` (read back from the file of an interrupted run) count but are
    not expanded, so an interrupted run finds the same frontier again. If the game ends first,
    the deepest non-empty layer is returned (maybe with fewer states).

    Raises:
        GameProtocolError: a non-terminal state without actions.
    """
    seen = {key(root) for root in roots}
    layer = [root for root in roots if not game.is_terminal(root)]
    depth = 0
    while layer:
        if depth > 0 and len(layer) >= want:
            return layer
        below = []
        for state in layer:
            if key(state) in solved:
                continue
            for child, _ in _unseen_children(game, key, state, seen):
                if not game.is_terminal(child):
                    below.append(child)
        if not below:
            return layer
        layer, depth = below, depth + 1
    return layer


def cut(
    game: Game[Any, Any],
    key: Key,
    states: list[Any],
    split: int,
    solved: MutableMapping[Any, Entry],
) -> list[FrontierPart]:
    """``states`` cut into ``split`` contiguous parts, without the states already solved.

    A part whose states are all solved is not shipped again.
    """
    parts = []
    for start, end in _spans(len(states), split):
        todo = tuple(state for state in states[start:end] if key(state) not in solved)
        if todo:
            parts.append(FrontierPart(game, key, todo))
    return parts


def regions(
    game: Game[Any, Any],
    roots: list[Any],
    key: Key,
    solved: MutableMapping[Any, Entry],
    region: Callable[[Any], Any],
) -> list[list[Any]]:
    """The entrances of each region below ``roots``, in the order the walk found the regions.

    The walk goes depth first over the states of no region (``region(state) is None``), from
    the roots; a non-terminal child that lies in a region is an entrance of it and is not walked
    on. States already in ``solved`` are not walked on either (the file of an interrupted run
    holds the whole subtree of each state it holds), so a region whose part was saved has no
    entrance left and is not shipped again.

    Raises:
        GameProtocolError: a non-terminal state without actions.
    """
    found: dict[Any, list[Any]] = {}
    seen: set[Any] = set()
    stack: list[Any] = []
    actions, result, is_terminal = game.actions, game.result, game.is_terminal
    for root in roots:
        root_key = key(root)
        if root_key in seen or root_key in solved:
            continue
        seen.add(root_key)
        if is_terminal(root):
            continue
        label = region(root)
        if label is not None:
            _entrance(found, label, root)
            continue
        stack.append(root)
        # The loop of _unseen_children, inlined: the walk is on the driver's path before any
        # part is shipped (0.66 s against 0.57 s for Connect Four 5 x 4's 164,241 states).
        while stack:
            state = stack.pop()
            moves = actions(state)
            if not moves:
                raise no_actions_error(state)
            for move in moves:
                child = result(state, move)
                child_key = key(child)
                if child_key in seen:
                    continue
                seen.add(child_key)
                if (solved and child_key in solved) or is_terminal(child):
                    continue
                label = region(child)
                if label is None:
                    stack.append(child)
                else:
                    _entrance(found, label, child)
    return list(found.values())


def _entrance(found: dict[Any, list[Any]], label: Any, state: Any) -> None:
    """Add ``state`` to the entrances of the region ``label``.

    Raises:
        GameProtocolError: ``label`` is not hashable.
    """
    try:
        found.setdefault(label, []).append(state)
    except TypeError:
        raise GameProtocolError(
            f"region({state!r}) returned {label!r}, which is not hashable; a region is a "
            "hashable label (or None), the same for every state reachable from it"
        ) from None


def _unseen_children(
    game: Game[Any, Any], key: Key, state: Any, seen: set[Any]
) -> Iterator[tuple[Any, Any]]:
    """The children of ``state`` (with their keys) not in ``seen`` yet, added to it as they come.

    Raises:
        GameProtocolError: ``state`` is not terminal but has no actions.
    """
    moves = game.actions(state)
    if not moves:
        raise no_actions_error(state)
    for move in moves:
        child = game.result(state, move)
        child_key = key(child)
        if child_key not in seen:
            seen.add(child_key)
            yield child, child_key


def by_region(
    game: Game[Any, Any], key: Key, entrances: list[list[Any]], split: int
) -> list[FrontierPart]:
    """The regions' entrances cut into ``split`` parts of whole regions, contiguous in order."""
    return [
        FrontierPart(
            game, key, tuple(state for group in entrances[start:end] for state in group),
            kind="entrances of regions",
        )
        for start, end in _spans(len(entrances), split)
    ]


def _spans(size: int, split: int) -> list[tuple[int, int]]:
    """``range(size)`` cut into ``min(split, size)`` contiguous spans of near-equal length.

    >>> _spans(5, 2), _spans(1, 3), _spans(0, 2)
    ([(0, 2), (2, 5)], [(0, 1)], [])
    """
    count = min(split, size)
    return list(pairwise(i * size // count for i in range(count + 1))) if count else []


def split_solve(
    game: Game[Any, Any],
    roots: list[Any],
    key: Key,
    table: dict[Any, Entry],
    sums: Sums,
    executor: Executor,
    *,
    split: int,
    retries: int,
    progress: ProgressCallback | None,
    save: Callable[[list[tuple[Any, Entry]]], object] | None,
    region: Callable[[Any], Hashable | None] | None,
) -> tuple[int, int, tuple[int, float]]:
    """Solve the parts (by region, or below a frontier) on ``executor`` into ``table``.

    ``region`` is the game's member of that name (from its record), if it has one.

    Returns the number of parts and of duplicates (states solved by more than one part), and
    the states of no region solved on a worker with the seconds since they were shipped
    (``(0, 0.0)`` if none were): the caller's ``"solve"`` phase counts them.

    ``save(new_entries)`` is called in this process as each part arrives, with the entries new
    to the table (children before parents). The states above the frontier are left to the
    caller's memo pass, except in a split by region of a run that resumes nothing: there, once
    the last region is back, the states of no region are solved on a worker with the values of
    the entrances, while this process merges the regions (see :func:`_solve_top`; with a file,
    each region is merged and saved as it arrives). A ``region`` that meets no region
    splits below a frontier instead.

    Raises:
        CycleFound: a part met a state on its own line (the caller falls back, as serially).
        GameSearchError: what the serial pass would raise for a faulty game, raised as itself.
        UnsupportedGameError: two parts found different constant sums.
        PartFailedError: a part raised anything else, or its worker died, after its retries.
    """
    top = region is not None and not table  # the states of no region go to a worker too
    found = [] if region is None else regions(game, roots, key, table, region)
    if found:
        parts = by_region(game, key, found, split)
    elif region is not None and table:  # resumed: the regions are all in the file
        parts = []
    else:  # no region met (or none offered): below a frontier
        top = False
        states = frontier(game, roots, key, table, split * STATES_PER_PART)
        parts = cut(game, key, states, split, table)
    heads: dict[Any, Entry] = {}
    backlog = Backlog(table)

    def merge(part: PartTable) -> None:
        if save is None:  # no file: merge at C speed, overlapping entries being equal
            backlog.add(part)
            backlog.finish()
            return
        new = [(k, e) for k, e in zip(part.keys, part.entries, strict=True) if k not in table]
        backlog.duplicates += len(part.keys) - len(new)
        table.update(new)
        save(new)

    solved_top = 0

    def merge_top(part: PartTable) -> None:
        # Its worker met again, and solved in no time, the terminal states the regions hold.
        nonlocal solved_top
        pairs = zip(part.keys, part.entries, strict=True)
        again = sum(1 for k, e in pairs if e.distance == 0 and k in table)
        backlog.duplicates -= again
        solved_top = len(part.keys) - again
        merge(part)

    # Without a file, a region is merged while the driver waits for the others, in small
    # slices that let the executor's thread read the next region back (it needs the
    # interpreter's lock at every 64 kB), and the rest while a worker solves the states of no
    # region.
    hold = top and save is None

    def merge_meanwhile() -> bool:
        return backlog.step(MERGED_WHILE_WAITING)

    def arrived(_: int, part: PartTable) -> None:
        if part.total is not None:
            sums.learn(part.total, "in one part of the split", "in another")
        if top:
            heads.update(part.heads)
        if hold:
            backlog.add(part)
        else:  # with a file, at once: a Ctrl-C after its progress report loses nothing
            merge(part)

    try:
        run_parts(
            executor, solve_part, parts, caller="solve", on_result=arrived, progress=progress,
            retries=retries, idle=merge_meanwhile if hold else None,
        )  # fmt: skip
    except PartFailedError as failure:
        cause = failure.__cause__
        if isinstance(cause, CycleFound | GameSearchError):
            # As the serial pass would (the worker's traceback, if any, stays its cause).
            raise cause from cause.__cause__
        raise
    shipped = time.perf_counter()
    if top and parts:
        top_part = FrontierPart(game, key, tuple(roots), heads, sums.total, "states of no region")
        _solve_top(executor, top_part, merge_top, backlog)
    backlog.finish()
    top_seconds = time.perf_counter() - shipped if solved_top else 0.0
    return len(parts), backlog.duplicates, (solved_top, top_seconds)


def _solve_top(
    executor: Executor,
    top: FrontierPart,
    merge_top: Callable[[PartTable], None],
    backlog: Backlog,
) -> None:
    """Solve ``top`` on ``executor`` (``merge_top`` takes it) while ``backlog`` is merged.

    ``top`` is the states of no region, from the roots, with the entrances' entries known. They
    are few (4.5% of Connect Four 5 x 4's states), but this process would solve them only after
    merging the regions, some 2 million entries each: on a worker, the two overlap. The backlog
    holds what is left of the regions' parts to merge (nothing in a run with a file, which
    merges and saves each part as it arrives). If the worker fails, the caller's memo pass
    solves them here (and raises what the game raises, as serially).
    """
    with suppress(PartFailedError):  # left to the caller's memo pass
        run_parts(
            executor, solve_part, [top], caller="solve", on_result=lambda _, part: merge_top(part),
            meanwhile=backlog.finish,
        )  # fmt: skip


class Backlog:
    """Parts back from the workers, merged into the driver's table a slice at a time.

    A call of ``dict.update`` holds the interpreter's lock: merged :data:`MERGED_AT_ONCE`
    entries a call, a part leaves the executor's threads free to ship the next part between
    calls. ``duplicates`` counts the entries merged that the table held already.
    """

    def __init__(self, table: dict[Any, Entry]) -> None:
        self.table = table
        self.parts: list[PartTable] = []
        self.at = 0
        """Where the first part's merge has got to."""
        self.duplicates = 0

    def add(self, part: PartTable) -> None:
        """Queue ``part`` to be merged after those queued before it."""
        self.parts.append(part)

    def step(self, size: int = 0) -> bool:
        """Merge the next ``size`` entries (:data:`MERGED_AT_ONCE` for 0); whether any are left."""
        if not self.parts:
            return False
        part, table, start = self.parts[0], self.table, self.at
        end = min(start + (size or MERGED_AT_ONCE), len(part.keys))
        before = len(table)
        table.update(zip(part.keys[start:end], part.entries[start:end], strict=True))
        self.duplicates += end - start - (len(table) - before)
        if end < len(part.keys):
            self.at = end
        else:
            self.parts.pop(0)
            self.at = 0
        return bool(self.parts)

    def finish(self) -> None:
        """Merge everything queued."""
        while self.step():
            pass
