"""Principal variation splitting: one alpha-beta search split below its root into parts.

Principal variation splitting (Marsland and Campbell 1982; Young Brothers Wait, Feldmann
1993, generalises it to every node) searches a node's first child (the *eldest brother*) before
the others, for a bound, then its *young brothers* in parallel with that bound as alpha. Each
young brother is a part: an alpha-beta search of one child (:func:`search_child`, run by an
executor's worker). Above ``split_depth`` plies the eldest brother is split in turn; below it,
every child is one part.

Frames. Every node here, and every part, is searched as a root of its own: values are for the
player to move there (negamax form), and a distance score (a proven win or loss ranked by its
distance, see :mod:`gamesearch.twoplayer._distances`) counts plies from that node. A child's score
becomes its parent's by one ply more of distance (:func:`_up`) and the sign of a change of
mover; a parent's window goes down the other way (:func:`_down`).

Why the answer is the serial engine's. The young brothers of wave ``k`` are searched with
alpha the best value of the brothers *before them in order* known when the wave starts (never a
later brother's), and the results are combined in order with a strict ``>``, as the serial loop
does. A child better than every brother before it is better than its alpha, so its search
returns its exact value; a child that is not fails low, or returns a value not above the best
before it. So the first optimal child wins the tie, and a later child equal to the bound does
not (a search that fails low returns at most its alpha).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .._parts import run_parts
from .._recursion import recursion_guard
from .._results import flatten
from .._validation import checked_number, mover_error, no_actions_error
from ..capabilities import Capabilities
from ..game import Game, Player
from ..progress import Progress, ProgressCallback
from ..twoplayer._distances import MATE, TOP, evaluation_range_error, win_utility
from ..twoplayer._enhanced import Enhancements, Guard, Session, enhanced_search
from ..twoplayer._ordering import NO_ACTION, make_ordering
from ..twoplayer._plain import plain_search
from ..twoplayer.table import TranspositionTable

SEARCHER = "parallel_search"


@dataclass(frozen=True)
class Setup:
    """What every node of one split search shares (checked options, the game's members)."""

    game: Game[Any, Any]
    evaluate: Callable[[Any, Player], float] | None
    order: Callable[[Any, Sequence[Any]], Sequence[Any]] | None
    table: bool
    viewer: Player
    """The root's player: leaves are scored by its utility, as ``alphabeta`` does."""
    split_depth: int
    batch: int | None
    capabilities: Capabilities
    """The game's record, read once by ``parallel_search``: its ``key`` and
    ``non_losing_actions`` serve here, and every part's loop is given it."""

    @property
    def enhanced(self) -> bool:
        """Whether the parts run the engine's loop (an order or a table), else the plain one."""
        return self.order is not None or self.table

    @cached_property
    def win(self) -> float:
        """The game's ``win_utility`` when wins are ranked by distance (the engine), else NaN."""
        return win_utility(self.capabilities) if self.enhanced else math.nan


@dataclass(frozen=True)
class ChildTask:
    """One part: an alpha-beta search of ``state``, a child, with ``window`` in its frame."""

    index: int
    setup: Setup
    state: Any
    horizon: int
    """The ply (from ``state``) at which states are evaluated, or -1 for none."""
    window: tuple[float, float]

    def __repr__(self) -> str:
        return f"child {self.index} (state {self.state!r}, window {self.window})"


@dataclass(frozen=True)
class Found:
    """A searched node's score (in its own frame, fail-soft) and its work."""

    score: float
    line: tuple[Any, ...]
    expanded: int
    leaves: int
    cutoffs: int
    max_depth: int
    estimates: int
    lo: bool
    """Whether ``score`` is a proven lower bound of the node's value (no estimate below)."""
    hi: bool
    """Whether ``score`` is a proven upper bound."""


def search_child(task: ChildTask) -> Found:
    """Search one child as a part (in a worker): the engine's loop, or the plain one."""
    setup = task.setup
    game = setup.game
    unwound: list[Any] = []
    with recursion_guard(SEARCHER, unwound, setup.capabilities.key):
        if setup.enhanced:
            table = TranspositionTable() if setup.table else None
            session = Session(
                SEARCHER, 0 if table is None else table.begin_search(game),
                capabilities=setup.capabilities,
            )  # fmt: skip
            outcome = enhanced_search(
                game, task.state, task.horizon, setup.evaluate, root_view=True,
                options=Enhancements(order=setup.order, table=table), session=session,
                guard=Guard(unwound=unwound), window=task.window, viewer=setup.viewer,
            )  # fmt: skip
            score, (lo, hi) = outcome.score, outcome.proofs
        else:
            outcome = plain_search(
                game, task.state, task.horizon, setup.evaluate, root_view=True, unwound=unwound,
                window=task.window, viewer=setup.viewer, capabilities=setup.capabilities,
            )  # fmt: skip
            score, lo, hi = outcome.value, outcome.estimates == 0, outcome.estimates == 0
    return Found(
        score, flatten(outcome.line), outcome.expanded, outcome.leaves, outcome.cutoffs,
        outcome.max_depth, outcome.estimates, lo, hi,
    )  # fmt: skip


def _up(score: float, flip: bool, mate: float) -> float:
    """A child's score in its parent's frame: one ply further, negated if the mover changes.

    ``mate`` is ``MATE`` when wins are ranked by distance, else infinite (no score moves).
    """
    if score >= mate:
        score -= 1
    elif score <= -mate:
        score += 1
    return -score if flip else score


def _down(window: tuple[float, float], flip: bool, mate: float) -> tuple[float, float]:
    """A parent's window in its child's frame (the inverse of :func:`_up`)."""
    alpha, beta = (-window[1], -window[0]) if flip else window
    return _nearer(alpha, mate), _nearer(beta, mate)


def _nearer(score: float, mate: float) -> float:
    """A parent's score as its child counts it: a won or lost line one ply nearer its end."""
    if math.isinf(score):
        return score
    if score >= mate:
        return score + 1
    if score <= -mate:
        return score - 1
    return score


class Splitter:
    """The driver of one split search: the nodes above the parts, searched in this process."""

    def __init__(
        self, setup: Setup, executor: Any, retries: int, progress: ProgressCallback | None
    ) -> None:
        self.setup = setup
        self.executor = executor
        self.retries = retries
        self.progress = progress
        self.done = 0
        self.started = time.perf_counter()
        self.total: int | None = None
        """The parts in all, when known: with ``split_depth == 1``, the root's searched children
        (a root with a split eldest brother has parts whose number depends on cutoffs)."""

    def run(self, tasks: list[ChildTask]) -> list[Found]:
        """Search ``tasks`` as parts on the executor, reporting each as it finishes."""
        return run_parts(
            self.executor, search_child, tasks, caller=SEARCHER, on_result=self._finished,
            retries=self.retries,
        )  # fmt: skip

    def _finished(self, index: int, found: Found) -> None:
        self.done += 1
        if self.progress is not None:
            elapsed = time.perf_counter() - self.started
            self.progress(Progress("parts", self.done, self.total, elapsed))

    def node(self, state: Any, window: tuple[float, float], horizon: int, splits: int) -> Found:
        """The score of the non-terminal ``state`` (above the depth limit) in ``window``.

        Fail-soft, as every node of alpha-beta: exact strictly inside the window, an upper
        bound at or below alpha, a lower bound at or above beta. ``horizon`` is the ply (from
        ``state``) at which states are evaluated (-1 for none); ``splits`` how many plies of
        eldest brothers are split further (1: every searched child is a part).
        """
        setup = self.setup
        game = setup.game
        win = setup.win
        top, mate = (TOP, MATE) if win == win else (math.inf, math.inf)
        alpha, beta = window
        # Mate-distance pruning, as the engine's loop does at every node.
        if alpha >= top - 1:
            return Found(top - 1, (), 1, 0, 0, 0, 0, False, True)
        if beta <= 1 - top:
            return Found(1 - top, (), 1, 0, 0, 0, 0, True, False)
        mover = game.to_move(state)
        moves = game.actions(state)
        if not moves:
            raise no_actions_error(state, moves)
        scored: list[tuple[Any, Found | None]] = []
        safe_of = setup.capabilities.non_losing_actions if mate < math.inf else None
        if safe_of is not None and (horizon < 0 or horizon >= 2):
            safe = safe_of(state)
            if not safe:  # every move loses at once: the mover loses at ply 2 (as the engine)
                scored.append((moves[0], Found(2 - top, (moves[0],), 1, 0, 0, 0, 0, True, True)))
            moves = safe
        if moves and setup.order is not None:
            moves = make_ordering(setup.order, None, None)(state, moves, 0, NO_ACTION)
        leaves, pending = self._leaves(state, mover, moves, horizon, win, top)
        scored.extend(leaves)
        return self._search(state, mover, scored, pending, window, horizon, splits)

    def _leaves(
        self, state: Any, mover: Player, moves: Sequence[Any], horizon: int, win: float, top: float
    ) -> tuple[list[tuple[Any, Found | None]], list[tuple[int, Any, Any, Player]]]:
        """Every child in order, the terminal and depth-limit ones scored; the others pending.

        A pending child is ``(position, action, child, its mover)``; its place in the list
        holds ``None`` until it is searched.
        """
        game, setup = self.setup.game, self.setup
        viewer = setup.viewer
        scored: list[tuple[Any, Found | None]] = []
        pending: list[tuple[int, Any, Any, Player]] = []
        for action in moves:
            child = game.result(state, action)
            if game.is_terminal(child):
                value = checked_number(game.utility(child, viewer), child, viewer, "utility")
                if viewer != mover:
                    value = -value
                if value == win or value == -win:  # won or lost: ranked by distance
                    value = top - 1 if value > 0 else 1 - top
                scored.append((action, Found(value, (action,), 0, 1, 0, 1, 0, True, True)))
            elif horizon == 1:
                evaluate = setup.evaluate
                assert evaluate is not None  # a depth limit comes with an evaluation
                value = checked_number(evaluate(child, viewer), child, viewer, "evaluate")
                if win == win and not -win <= value <= win:
                    raise evaluation_range_error(game, child, viewer, value, win)
                if viewer != mover:
                    value = -value
                scored.append((action, Found(value, (action,), 0, 1, 0, 1, 1, False, False)))
            else:
                next_mover = game.to_move(child)
                if next_mover != mover and next_mover != 1 - mover:
                    raise mover_error(child, next_mover, 2, chance=False)
                pending.append((len(scored), action, child, next_mover))
                scored.append((action, None))
        return scored, pending

    def _search(
        self,
        state: Any,
        mover: Player,
        scored: list[tuple[Any, Found | None]],
        pending: list[tuple[int, Any, Any, Player]],
        window: tuple[float, float],
        horizon: int,
        splits: int,
    ) -> Found:
        """Search the pending children, the eldest first, the others in waves; combine."""
        alpha, beta = window
        mate = MATE if self.setup.win == self.setup.win else math.inf
        below = horizon - 1 if horizon > 0 else -1
        if self.setup.split_depth == 1:  # the root, the only node split: one part per child
            self.total = len(pending)
        waves = [pending[:1]]
        step = self.setup.batch or max(len(pending) - 1, 1)
        waves += [pending[start : start + step] for start in range(1, len(pending), step)]
        for number, wave in enumerate(waves):
            if _cut(scored, beta):
                break
            windows = [
                _down((max(alpha, _best_before(scored, position)), beta), to != mover, mate)
                for position, _, _, to in wave
            ]
            if not wave:  # no child to search: every one was a leaf
                break
            if number == 0 and splits > 1:
                (position, action, child, to) = wave[0]
                found = [self.node(child, windows[0], below, splits - 1)]
            else:
                tasks = [
                    ChildTask(position, self.setup, child, below, child_window)
                    for (position, _, child, _), child_window in zip(wave, windows, strict=True)
                ]
                found = self.run(tasks)
            for (position, action, _, to), result in zip(wave, found, strict=True):
                scored[position] = (action, _lifted(result, action, to != mover, mate))
        return _combine(scored, beta)


def _lifted(found: Found, action: Any, flip: bool, mate: float) -> Found:
    """A child's result as its parent sees it: score, line and depth one ply up."""
    lo, hi = (found.hi, found.lo) if flip else (found.lo, found.hi)
    return Found(
        _up(found.score, flip, mate), (action, *found.line), found.expanded, found.leaves,
        found.cutoffs, found.max_depth + 1, found.estimates, lo, hi,
    )  # fmt: skip


def _best_before(scored: list[tuple[Any, Found | None]], position: int) -> float:
    """The best score known among the children before ``position`` (-inf if none)."""
    return max(
        (found.score for _, found in scored[:position] if found is not None), default=-math.inf
    )


def _cut(scored: list[tuple[Any, Found | None]], beta: float) -> bool:
    """Whether a child known so far already reaches beta (the node fails high)."""
    return any(found is not None and found.score >= beta for _, found in scored)


def _combine(scored: list[tuple[Any, Found | None]], beta: float) -> Found:
    """The node's result from its children's, in order, as the serial loop combines them.

    A strict ``>`` keeps the first of equal children; the first child to reach ``beta`` is
    a cutoff (the children searched after it in the same wave still count as work done).
    """
    best: Found | None = None
    stopped = left_out = False
    all_hi = True
    expanded, leaves, cutoffs, max_depth, estimates = 1, 0, 0, 0, 0
    for _, found in scored:
        if found is None:  # not searched: a child known to reach beta made it needless
            left_out = True
            continue
        expanded += found.expanded
        leaves += found.leaves
        cutoffs += found.cutoffs
        max_depth = max(max_depth, found.max_depth)
        estimates += found.estimates
        all_hi = all_hi and found.hi
        if not stopped and (best is None or found.score > best.score):
            best = found
            stopped = found.score >= beta
    assert best is not None  # a node has an action; a child left out implies one reached beta
    return Found(
        best.score, best.line, expanded, leaves, cutoffs + stopped, max_depth, estimates,
        best.lo, all_hi and not stopped and not left_out,
    )  # fmt: skip
