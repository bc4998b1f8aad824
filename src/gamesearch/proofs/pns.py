"""Proof-number search (Allis 1994): best first, over a tree kept in memory."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

from .._budget import Budget, BudgetSpent
from .._faults import examined
from .._recursion import cycle_error
from .._validation import translate
from ..game import A, Evaluation, Game, Order, S
from ..limit import Limit
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._driver import Counting, View, prove
from ._question import INFINITE, Question, decided

if TYPE_CHECKING:
    from ..trace.events import Develop, Renumber

_SEARCHER = "pns"
"""Its name in the registry and in its messages."""

__all__ = ["pns"]


@examined
def pns(
    game: Game[S, A],
    state: S | None = None,
    *,
    limit: Limit | None = None,
    depth: None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    order: Order[S, A] | None = None,
    evaluate: Evaluation[S] | None = None,
    trace: Observer | None = None,
) -> SearchResult[A]:
    """Proof-number search (Allis, van der Meulen and van den Herik 1994): the value, proven.

    The search proves or disproves a yes-or-no question ("can the player to move win?") by
    growing a tree best first. Every node has a *proof number*, the fewest leaves that must be
    proven to prove it, and a *disproof number*, likewise to disprove it: at an OR node (the
    asking player to move) the least of its children's proof numbers and the sum of their
    disproof numbers, at an AND node the other way round. From the root the search follows
    the child of least proof number at OR nodes and of least disproof number at AND nodes to a
    *most-proving* leaf, expands it, and brings the numbers up to date on the way back to the
    root, until the root's proof or disproof number is 0 (:mod:`._question`). The value is
    found by such questions at the bounds each answer proves (:mod:`._driver`): one search for
    a win, two for a draw, as Allis proved Connect Four's and Qubic's. The tree stays in
    memory, one node per state made: :func:`dfpn` searches the same way in a bounded table.

    The game's knowledge serves as in :func:`dfpn` (``win_utility``, ``non_losing_actions``,
    ``must_play``, ``inferior_moves``, ``proven_value``, ``order``, the first numbers from the
    number of moves or ``evaluate``, ``costly_knowledge``). Transpositions are
    not merged (a tree, not a graph), so no table can mix up two histories; a state whose
    key (``solving_key``, else ``key``, as :func:`dfpn`'s) repeats on its own line is refused
    (:class:`~gamesearch.CyclicGameError`).

    Args:
        game: A two-player deterministic game of perfect information.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``time_limit`` and ``node_limit`` as a :class:`~gamesearch.Limit`.
        depth: Not taken: a proof runs to the end of the game; an
            ``InvalidSearchOptionError`` names the searchers that take one.
        time_limit: Seconds after which the search stops and claims only what it proved.
        node_limit: Nodes of the tree (states made) after which it stops likewise: the bound
            on its memory.
        order: ``order(state, actions)``, best first; defaults to the game's ``order``.
        evaluate: ``evaluate(state, player)``, the first numbers of new nodes; ``None`` (the
            default) for their number of moves.
        trace: An observer told every question and step (``Ask``, ``Choose``: the
            most-proving node, ``Develop``, ``Renumber`` on the way back up, ``Answer``; see
            :mod:`gamesearch.trace.events`), such as a :class:`~gamesearch.trace.SearchTree`.

    Returns:
        As :func:`dfpn`'s: the proven ``value`` for the player to move at ``state``,
        ``exact=True``, the proving ``action``, a line that keeps the value and
        ``stats.proof_size``; stopped by a limit, ``value`` NaN and ``value_range``.

    Raises:
        InvalidSearchOptionError: ``depth``; a bad limit, ``order``, ``evaluate`` or ``trace``.
        UnsupportedGameError: not a two-player deterministic game of perfect information.
        CyclicGameError: a state repeats on a line of the tree.
        InvalidUtilityError: a utility that is not a number, or beyond ``win_utility``.
        NotAGameError: ``game`` lacks members of the protocol.
        GameProtocolError: the game breaks the protocol.

    Example:
        >>> from gamesearch.games import Hex
        >>> result = pns(Hex(3))
        >>> result.value, result.action, result.exact   # X wins from the centre
        (1.0, 'b2', True)
    """
    return prove(
        _SEARCHER, game, state, given=(limit, depth, time_limit, node_limit), order=order,
        evaluate=evaluate, make=BestFirst, trace=trace,
    )  # fmt: skip


class Node:
    """A node of the tree: its state, its place, its numbers for the question and its bounds."""

    __slots__ = (
        "action",
        "children",
        "dn",
        "first",
        "hi",
        "is_or",
        "key",
        "lo",
        "mover",
        "parent",
        "pn",
        "state",
    )

    def __init__(self, state: Any, action: Any, parent: Node | None) -> None:
        self.state = state
        self.action = action
        self.parent = parent
        self.children: list[Node] | None = None
        """``None`` until expanded (a leaf), then the children searched, best first."""
        self.key: Any = None
        self.mover = -1
        self.is_or = False
        self.pn = self.dn = 1
        self.first = (1, 1)
        """The first proof and disproof numbers, to start each question from."""
        self.lo, self.hi = -math.inf, math.inf


class BestFirst(Counting):
    """Allis's search across the questions: the tree, its counters and its budget."""

    def __init__(self, question: Question, state: Any, budget: Budget) -> None:
        super().__init__(budget)
        self.question = question
        self.threshold = math.inf
        self.tree = Node(state, None, None)
        self.describe(self.tree)

    @property
    def root(self) -> Node:
        """The tree's root."""
        return self.tree

    def describe(self, node: Node) -> None:
        """Fill in a new node: its bounds, key, mover and first numbers.

        A terminal state's bounds are its utility, and so are a state's below the root that
        the game's ``proven_value`` decides; a state where every move loses at once is a loss
        for its mover; any other's are the game's range.
        """
        question, state = self.question, node.state
        terminal = question.game.is_terminal(state)
        known = question.utility(state) if terminal else None
        if known is None and node.parent is not None and not question.lazy:
            known = question.proven(state)  # the root keeps its moves
        if known is not None:
            self.settle(node, known, known)
            self.leaves += 1
            return
        node.key = question.key(state)
        node.mover = question.mover(state)
        node.is_or = node.mover == question.attacker
        node.lo, node.hi = question.floor, question.ceiling
        if question.lazy:  # its moves are not asked until it is expanded: one, say
            node.first = question.first_numbers(state, node.mover, 1)
            return
        moves = len(question.moves(state, node.mover))
        if moves == 0:
            self.settle(node, *question.lost_bounds(node.mover))
            return
        node.first = question.first_numbers(state, node.mover, moves)

    @staticmethod
    def settle(node: Node, lo: float, hi: float) -> None:
        """Make ``node`` a leaf of known bounds: a terminal state, or one known without search."""
        node.lo, node.hi = lo, hi
        node.children = []

    def prove(self, threshold: float) -> tuple[float, float]:
        """Prove or disprove ``value >= threshold`` at the root; the root's bounds then."""
        self.threshold = threshold
        self.renumber(self.tree)
        root, trace = self.tree, self.trace
        while root.pn and root.dn:
            leaf, line = self.most_proving()
            if trace is not None:
                from ..trace.events import Choose  # a search without a trace never loads the events

                trace(Choose(_path(leaf), leaf.pn, leaf.dn))
            developed = self.expand(leaf, line)
            if trace is None:
                self.back_up(leaf)
            elif developed:
                trace(_developed(leaf, self.question))
                self.back_up(leaf)
            else:  # decided by the game's costly knowledge when the search came to it
                self.back_up(leaf, self.question.leaf_cause(leaf.state))
        return root.lo, root.hi

    def renumber(self, top: Node) -> None:
        """Every node's numbers for the new question, from the leaves up (bounds stay).

        Raises:
            BudgetSpent: the deadline passed (each node renumbered is a step for the clock).
        """
        order: list[Node] = []
        stack = [top]
        while stack:
            node = stack.pop()
            order.append(node)
            stack.extend(node.children or ())
        for node in reversed(order):  # children before their parents
            if self.pace.spent():  # a tree of millions of nodes takes seconds
                raise BudgetSpent
            if self.update(node) and self.trace is not None:
                self.trace(_renumbered(node))

    def most_proving(self) -> tuple[Node, set[Any]]:
        """The most-proving leaf, and the keys of the line to it (for the cycle check).

        At an OR node the first child of least proof number, at an AND node the first of
        least disproof number: the child whose number is the node's.
        """
        node, line = self.tree, set()
        while node.children is not None:
            line.add(node.key)
            children = node.children
            if node.is_or:
                node = next(child for child in children if child.pn == node.pn)
            else:
                node = next(child for child in children if child.dn == node.dn)
        return node, line

    def expand(self, leaf: Node, line: set[Any]) -> bool:
        """Make ``leaf``'s children, best first, and describe each; whether it made them.

        Not where the game's costly knowledge decides ``leaf`` now that it is asked (see
        :attr:`~._question.Question.lazy`): ``leaf`` is then a leaf of known bounds.

        Raises:
            BudgetSpent: the node or the time limit is reached.
            CyclicGameError: a child's key is on the line from the root.
        """
        question, result = self.question, self.question.game.result
        if question.lazy and leaf.parent is not None:  # the knowledge, asked of it now
            known = question.proven(leaf.state)
            if known is not None:
                self.settle(leaf, known, known)
                self.leaves += 1
                return False
        children = []
        try:
            moves = question.moves(leaf.state, leaf.mover)
            if question.lazy and not moves:
                self.settle(leaf, *question.lost_bounds(leaf.mover))
                return False
            for action in moves:
                self.count()
                child = Node(result(leaf.state, action), action, leaf)
                self.describe(child)
                if child.key is not None and (child.key in line or child.key == leaf.key):
                    raise cycle_error(child.state, _SEARCHER)
                self.update(child)
                children.append(child)
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, question.game, leaf.state, None)
        leaf.children = children
        depth, node = 0, leaf
        while node.parent is not None:
            depth, node = depth + 1, node.parent
        self.max_depth = max(self.max_depth, depth + 1)
        return True

    def update(self, node: Node) -> bool:
        """Set ``node``'s numbers and bounds from its children's; whether anything changed.

        A leaf's numbers are its first ones, or those its bounds settle.
        """
        before = (node.pn, node.dn, node.lo, node.hi)
        children = node.children
        if children:
            pick = max if node.is_or else min
            node.lo = max(node.lo, pick(child.lo for child in children))
            node.hi = min(node.hi, pick(child.hi for child in children))
        settled = decided(node.lo, node.hi, self.threshold)
        if settled is not None:
            node.pn, node.dn = settled
        elif not children:
            node.pn, node.dn = node.first
        elif node.is_or:
            node.pn = min(child.pn for child in children)
            node.dn = min(INFINITE, sum(child.dn for child in children))
        else:
            node.pn = min(INFINITE, sum(child.pn for child in children))
            node.dn = min(child.dn for child in children)
        return (node.pn, node.dn, node.lo, node.hi) != before

    def back_up(self, leaf: Node, cause: tuple[Any, str | None] | None = None) -> None:
        """Bring the numbers up to date from ``leaf`` towards the root, while they change.

        ``cause``: what decided ``leaf`` when the search came to it (traced, and a game with
        ``costly_knowledge``), told with its new numbers.
        """
        node: Node | None = leaf
        while node is not None and self.update(node):
            if self.trace is not None:
                told = _renumbered(node)
                if node is leaf and cause is not None and cause[0] != "utility":
                    told = replace(told, decided_by=cause[0], reason=cause[1])
                self.trace(told)
            node = node.parent

    def key_of(self, handle: Node) -> Any:
        """The identity of a node of the tree: the node itself (its states may repeat)."""
        return id(handle)

    def state_of(self, handle: Node) -> Any:
        """The state of a node of the tree."""
        return handle.state

    def children(self, node: Node) -> tuple[bool, list[tuple[View, Node]]]:
        """Whether ``node`` is an OR node, and its children as the tree holds them."""
        return node.is_or, [
            ((child.action, id(child), child.lo, child.hi, not child.children), child)
            for child in node.children or ()
        ]


def _path(node: Node) -> tuple[Any, ...]:
    """The actions from the root to ``node``."""
    actions = []
    while node.parent is not None:
        actions.append(node.action)
        node = node.parent
    return tuple(reversed(actions))


def _developed(node: Node, question: Question) -> Develop:
    """The event of ``node``'s development: its children, their first numbers, and why.

    A leaf child (terminal, or decided by the game's knowledge) says what decided it; the
    moves the game's knowledge left out are told with the game's reasons (traced only).
    """
    from ..trace.events import Develop, ProofChild  # loaded only by a traced search

    children = []
    for child in node.children or ():
        leaf = not child.children and child.children is not None
        cause = question.leaf_cause(child.state) if leaf else None
        kind: Literal["max", "min"] | None = None if leaf else "max" if child.is_or else "min"
        children.append(
            ProofChild(child.action, child.state, child.pn, child.dn, child.lo, child.hi, leaf,
                       kind, *(cause or (None, None)))
        )  # fmt: skip
    return Develop(
        _path(node), node.state, "max" if node.is_or else "min", tuple(children),
        question.left_out(node.state),
    )  # fmt: skip


def _renumbered(node: Node) -> Renumber:
    """The event of ``node``'s new numbers and bounds."""
    from ..trace.events import Renumber  # a search without a trace never loads the events

    return Renumber(_path(node), node.pn, node.dn, node.lo, node.hi)
