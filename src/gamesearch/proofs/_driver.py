"""From yes-or-no proofs to a value: the thresholds asked, the proof read back, the result.

A proof search answers "is the attacker's value at least ``t``?" (:mod:`._question`), and with
its answer gives the bounds proven at the root: a proof ``lo >= t``, a disproof ``hi < t``.
The value is found by asking at the bounds until they meet, as MTD(f) does with null windows
(Plaat et al. 1996): after a proof, "is it above ``lo``?"; after a disproof, "is it at least
``hi``?". Each answer moves one bound past at least one value a terminal state can take, so the
questions are at most as many as those values.

With ``win_utility`` ``W`` the first question is "can the attacker win?" (``t = W``). A win is
proven by that one search. Otherwise its disproof bounds the value from above (by 0 in a game
of wins, draws and losses), and the second search asks whether the attacker can reach that
bound, that is whether the other side cannot win: a draw is proven by these two searches, as
Allis (1994) proved Connect Four's and Qubic's. A loss is proven by one disproof whose bound is
``-W``. Without ``win_utility`` the first question is asked at infinity: its disproof is the
value of the first line searched, an upper bound to start from.

Once the bounds meet, the value is read back from what the search kept: the proving action at
the root, a line along which every move keeps the value (the attacker's proving moves, the
defender's refuting ones), and the size of the proof (the nodes of the proof and disproof
trees the value rests on).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from .._budget import Budget, BudgetSpent, Pace
from .._entry import (
    check_count,
    check_time_limit,
    check_trace,
    merge_limit,
    prepare,
    refuse_limits,
)
from .._recursion import cycle_error, recursion_guard
from .._results import make_result
from ..capabilities import Capabilities
from ..errors import GameProtocolError, InvalidSearchOptionError, short_repr
from ..game import Game
from ..result import SearchResult
from ..trace.observer_type import Observer
from ..twoplayer._window import terminal_root
from ._question import Question

__all__ = [
    "Counting",
    "Prover",
    "View",
    "find_value",
    "proof_result",
    "prove",
    "terminal_result",
]

class Counting:
    """A proof search's counters, and its budget, read before every node it makes."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.nodes, self.leaves, self.max_depth = 1, 0, 0
        """The nodes made (the root is one), the terminal ones, the deepest ply reached."""
        self.pace = Pace(budget.deadline)
        """When the clock is read next: at every node where nodes are slow (see :class:`Pace`)."""
        self.trace: Observer | None = None
        """The ``trace=`` observer, told each step (see :mod:`gamesearch.trace.events`)."""

    def count(self) -> None:
        """Count one node about to be made.

        Raises:
            BudgetSpent: ``budget.nodes`` nodes are made already, or its deadline has passed
                (the clock is read as often as :class:`~gamesearch._budget.Pace` says).
        """
        if self.nodes >= self.budget.nodes or self.pace.spent():
            raise BudgetSpent
        self.nodes += 1


View = tuple[Any, Hashable, float, float, bool]
"""A searched node as the read-back sees it: its action, its identity (a key), its bounds
``lo`` and ``hi`` for the attacker, and whether it is a leaf (terminal, or lost at once)."""


class Prover(Protocol):
    """A proof search, asked one threshold after another over what it keeps."""

    nodes: int
    leaves: int
    max_depth: int
    trace: Observer | None
    pace: Pace

    def prove(self, threshold: float) -> tuple[float, float]:
        """Prove or disprove ``value >= threshold`` at the root; the root's bounds then.

        Raises:
            BudgetSpent: its budget was spent first.
        """

    def children(self, node: Any) -> tuple[bool, list[tuple[View, Any]]]:
        """Whether ``node`` is an OR node, and its searched children with their views.

        Each child comes with its handle (what :meth:`children` takes; the root's is
        :attr:`root`); none for a leaf or a node the search did not keep.
        """

    @property
    def root(self) -> Any:
        """The handle of the root."""

    def key_of(self, handle: Any) -> Hashable:
        """The identity of the node ``handle`` (the key of its state, or the node itself)."""

    def state_of(self, handle: Any) -> Any:
        """The state of the node ``handle``."""


@dataclass(frozen=True)
class Settled:
    """What the questions asked established: the value's proven bounds, for the attacker."""

    lower: float
    upper: float
    floor: float
    """The least any value can be: no proof is needed that the value is at least this."""
    ceiling: float
    """The most any value can be."""
    stopped: bool
    """Whether a limit stopped the questions before the bounds met."""


def find_value(
    prover: Prover, floor: float, ceiling: float, first_guess: float | None = None
) -> Settled:
    """Ask ``prover`` at the bounds until they meet (or a limit stops it).

    Args:
        prover: The proof search.
        floor: The least any value can be (``-W``, or ``-inf``).
        ceiling: The most (``W``, or ``inf``): the first threshold, unless ``first_guess``.
        first_guess: The first threshold instead (MTD(f)'s first guess), within the floor
            and the ceiling: a guess below the win asks first whether the value reaches it
            (at a draw's 0, "can the player to move avoid losing?", whose disproof proves a
            loss at once).
    """
    lower, upper = floor, ceiling
    threshold = ceiling if first_guess is None else min(ceiling, max(floor, first_guess))
    trace, asked = prover.trace, 0
    win = ceiling if ceiling < math.inf else None  # the game's win_utility, if it has one
    if trace is not None:
        from ..trace.events import Answer, Ask  # loaded only by a traced search
    while lower < upper:
        if trace is not None:
            trace(Ask(threshold, asked, win))
            asked += 1
        try:
            lo, hi = prover.prove(threshold)
        except BudgetSpent:
            return Settled(lower, upper, floor, ceiling, stopped=True)
        lower, upper = max(lower, lo), min(upper, hi)
        if trace is not None:
            trace(Answer(threshold, lo >= threshold, lower, upper))
        # After a proof: is the value above the new lower bound? After a disproof: does it
        # reach the new upper one?
        threshold = math.nextafter(lower, math.inf) if lo >= threshold else upper
    return Settled(lower, upper, floor, ceiling, stopped=False)


def proof_result(
    prover: Prover,
    settled: Settled,
    game: Game[Any, Any],
    root: Any,
    *,
    started: float,
    searcher: str = "a proof search",
) -> SearchResult[Any]:
    """The :class:`SearchResult` of a proof search of ``root``, for the player to move there.

    The questions asked have ``settled`` the bounds.

    A proven value (the bounds met): ``value``, ``exact=True``, its action and line, and in
    ``stats.proof_size`` the nodes of its proof. A root lost at once (every move lets the
    other player win at once, its ``non_losing_actions`` empty) has no searched child: its
    action is the first of ``actions``, as good as any. Not proven: ``value`` NaN (nothing
    claimed), ``exact=False``, ``value_range`` the bounds proven so far, and ``action`` the
    move proven to secure the lower bound if one is proven above the floor (else ``None``: no
    move is named for a bound that holds of every move).

    Reading the line and the proof back is bounded: by the nodes the search kept, and by the
    deadline (its ``pace``), past which the line stops where it got to and ``proof_size`` is
    ``None`` (not counted).

    Raises:
        CyclicGameError: the line comes back to a state already on it (the search, which met
            no repetition on the lines it searched, proved the value through a transposition:
            the game goes round a cycle, which a proof search refuses, as :func:`pns` does).
    """
    lower, upper = settled.lower, settled.upper
    exact = lower >= upper
    line: Any = None
    size = None
    if exact:
        line = _line(prover, lower, searcher)
        if line is None:
            action = _securing(prover, lower)
            if action is _NONE:
                _check_found_again(game, root, searcher)
                action = game.actions(root)[0]
            line = (action, None)
        proven = _proof(prover, lower, at_least=True) if lower > settled.floor else set()
        refuted = _proof(prover, upper, at_least=False) if upper < settled.ceiling else set()
        if proven is not None and refuted is not None:
            size = 1 + len(proven | refuted)  # the root, and below it
    elif lower > settled.floor:  # a bound proven: the move that secures it
        action = _securing(prover, lower)
        line = None if action is _NONE else (action, None)
    result = make_result(
        lower if exact else math.nan,
        line,
        game.to_move(root),
        nodes=prover.nodes,
        leaves=prover.leaves,
        cutoffs=0,
        max_depth=prover.max_depth,
        started=started,
        depth=None,
        exact=exact,
    )
    return replace(
        result, stats=replace(result.stats, proof_size=size), value_range=(lower, upper)
    )


def terminal_result(game: Game[Any, Any], root: Any, *, started: float) -> SearchResult[Any]:
    """The result of a proof search from a terminal root: its utility, proven by itself."""
    result = terminal_root(game, root, depth=None, started=started, trace=None)
    return replace(
        result,
        stats=replace(result.stats, proof_size=1),
        value_range=(result.value, result.value),
    )


_NONE: Any = object()


def _check_found_again(game: Game[Any, Any], root: Any, searcher: str) -> None:
    """Raise unless the root's first child, made twice, is one state (by its key, or ``==``).

    A proven root without a child that keeps its value is one lost at once, whose moves are
    all as good; or one whose children the search cannot find again in its table, because
    ``result`` makes a state that differs from itself when made again (states that compare by
    identity), which would name a move at random.

    Raises:
        GameProtocolError: the two children differ.
    """
    action = game.actions(root)[0]
    first, second = game.result(root, action), game.result(root, action)
    key = Capabilities.of(game).key
    try:
        one, two = (first, second) if key is None else (key(first), key(second))
        same = one == two and hash(one) == hash(two)
    except TypeError:  # unhashable: the search's own checks name it
        return
    if not same:
        raise GameProtocolError(
            f"{searcher} proved its value but cannot name the move: result(state, "
            f"{short_repr(action)}) made twice gives two states that differ "
            f"({short_repr(first)}), so its table never finds a child again. Give the states "
            "__eq__ and __hash__ (a tuple or a frozen dataclass is one), or the game "
            "key(state)"
        )


def _securing(prover: Prover, lower: float) -> Any:
    """The root action proven to keep the value at least ``lower``, or ``_NONE``."""
    _, children = prover.children(prover.root)
    for (action, _, lo, _, _), _ in children:
        if lo >= lower:
            return action
    return _NONE


def _line(prover: Prover, value: float, searcher: str) -> Any:
    """A line from the root along which every move keeps the proven ``value``, as linked pairs.

    At each node the first child whose bounds are ``value`` both ways and which is not on the
    line already: the attacker's proving move, the defender's refuting one. It ends at a leaf,
    where the search kept no such child, or at the deadline.

    Raises:
        CyclicGameError: the only children that keep the value are on the line already: the
            line goes round a cycle.
    """
    steps: list[Any] = []
    node = prover.root
    on_line = {prover.key_of(node)}
    while not prover.pace.spent():
        _, children = prover.children(node)
        keeping = [(view, handle) for view, handle in children if view[2] >= value >= view[3]]
        if not keeping:
            break
        found = next(((view, handle) for view, handle in keeping if view[1] not in on_line), None)
        if found is None:
            raise cycle_error(prover.state_of(keeping[0][1]), searcher)
        view, node = found
        on_line.add(view[1])
        steps.append(view[0])
    line: Any = None
    for action in reversed(steps):
        line = (action, line)
    return line


def _proof(prover: Prover, value: float, *, at_least: bool) -> set[Hashable] | None:
    """The nodes of the proof that the value is at least ``value`` (``at_least=False``: most).

    One child where the prover has the choice, every child where it has not: the proof that
    ``value >= v`` chooses at OR nodes, that ``value <= v`` at AND nodes. The root is not
    counted. Each node is read once; ``None`` if the deadline passed first.
    """
    found: set[Hashable] = set()
    stack: list[Any] = [prover.root]
    pace = prover.pace
    while stack:
        if pace.spent():
            return None
        node = stack.pop()
        chooses, children = prover.children(node)
        chooses = chooses == at_least
        holding = [
            (view, handle)
            for view, handle in children
            if (view[2] >= value if at_least else view[3] <= value)
        ]
        for view, handle in holding[:1] if chooses else holding:
            if view[1] not in found:
                found.add(view[1])
                if not view[4]:
                    stack.append(handle)
    return found


def _no_more_checks() -> None:
    """No option of a searcher's own to check."""


def prove(
    searcher: str,
    game: Game[Any, Any],
    state: Any,
    *,
    given: tuple[object, object, object, object],
    order: Any,
    evaluate: Any,
    make: Callable[[Question, Any, Budget], Prover],
    check_options: Callable[[], None] = _no_more_checks,
    trace: Observer | None = None,
    first_guess: float | None = None,
) -> SearchResult[Any]:
    """The entry of :func:`~gamesearch.pns` and :func:`~gamesearch.dfpn`: checks, questions, result.

    ``given`` is the searcher's ``(limit, depth, time_limit, node_limit)``: ``depth`` is
    refused, the limits merged and checked, then ``check_options`` checks the searcher's own.
    ``make(question, root, budget)`` builds the proof search that :func:`find_value` asks;
    ``trace`` is told the root's ``Enter``, the questions and their steps, and its ``Leave``
    (a terminal root: one ``Leaf``). ``first_guess`` is the first question's threshold
    (:func:`find_value`; checked to be a number).

    Raises:
        InvalidSearchOptionError: a limit, ``depth``, ``order`` or ``evaluate`` refused.
    """
    started = time.perf_counter()
    limit, depth, time_limit, node_limit = given
    refuse_limits(searcher, depth=depth)
    limits = merge_limit(searcher, limit, time_limit=time_limit, node_limit=node_limit)
    check_time_limit(searcher, limits.time_limit)
    check_count(searcher, "node_limit", limits.node_limit)
    check_options()
    check_trace(trace, searcher)
    if first_guess is not None and (
        isinstance(first_guess, bool)
        or not isinstance(first_guess, (int, float))
        or not math.isfinite(float(first_guess) if abs(first_guess) < 2**1023 else math.inf)
    ):
        raise InvalidSearchOptionError(
            f"{searcher}: first_guess must be a finite number or None, not "
            f"{short_repr(first_guess)}"
        )
    found = Capabilities.of(game)
    order = found.order if order is None else order
    for name, member in (("order", order), ("evaluate", evaluate)):
        if member is not None and not callable(member):
            raise InvalidSearchOptionError(f"{searcher}: {name} must be callable or None")
    root, _ = prepare(game, state, None, None, searcher=searcher, capabilities=found)
    if trace is not None:
        from ..trace.events import Enter, Leaf, Leave  # loaded only by a traced search
    if game.is_terminal(root):
        result = terminal_result(game, root, started=started)
        if trace is not None:
            trace(Leaf(root, None, 0, result.value, True))
        return result
    question = Question(game, root, found, order, evaluate)
    search = make(question, root, Budget.starting(started, limits.time_limit, limits.node_limit))
    if trace is not None:
        trace(Enter(root, None, 0, question.attacker, "max", None, None))
        search.trace = trace
    with recursion_guard(searcher):
        settled = find_value(search, question.floor, question.ceiling, first_guess)
        result = proof_result(search, settled, game, root, started=started, searcher=searcher)
    if trace is not None:
        trace(Leave(root, 0, result.value, result.action, None, None))
    return result
