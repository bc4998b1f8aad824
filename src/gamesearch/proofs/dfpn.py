"""Depth-first proof-number search (df-pn, Nagai 2002) over a bounded table of its own."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Literal

from .._budget import Budget, BudgetSpent
from .._entry import check_count
from .._faults import examined
from .._keyed import KeyedTable
from .._lazy import LazyModule
from .._recursion import cycle_error
from .._validation import translate
from ..errors import InvalidSearchOptionError
from ..game import A, Evaluation, Game, Order, S
from ..limit import Limit
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._driver import Counting, View, prove
from ._question import INFINITE, Question, decided

if TYPE_CHECKING:
    from ..trace import events
else:  # loaded only by a traced search (or a read of the annotation)
    events = LazyModule("gamesearch.trace.events")

__all__ = ["EPSILON", "MIN_ENTRIES", "SQUARED", "WEAK", "dfpn"]

_SEARCHER = "dfpn"

Entry = tuple[int, int, float, float, int, int, int]
"""A table entry: proof and disproof numbers (of the question ``stamp`` asked), the bounds
``lo <= value <= hi`` proven for the attacker (valid for every question), the question's
number, and the node's first proof and disproof numbers. Plain tuples of numbers, which the
garbage collector does not track."""

Child = tuple[Any, Any, Any, int, float]
"""A child as :meth:`DepthFirst.mid` searches it: its action, its state, its key and its mover;
a leaf (terminal, or decided by the game's ``proven_value``) has the key ``None``, the mover
-1 and its attacker's value last (else NaN)."""

EPSILON = 1.0
"""The 1 + epsilon trick (Pawlewicz and Lew 2007): the best child is searched until its number
passes ``1 + EPSILON`` times the second-best child's, rather than the second-best's plus one
(Nagai's), which spares the search switching back and forth between children of close numbers.
Measured: with 1.0 rather than Nagai's rule, 0.62 times the nodes on the 16 openings of 4x4
Hex before Hex had ``proven_value``, 1.01 times with its two-bridges, 1.35 times with its
ziggurats too, 0.74 times with its ``must_play`` too, 1.21 times with weak numbers
(:data:`WEAK`) but no ``must_play`` (``bench/bench_pns.py``, its ``pns.epsilon`` line; on five
5x5 openings by hand, with ``must_play``, 0.57 times; with H-search and the fill-in, 0.93
times on the 25 openings of 5x5: 1,795 nodes against 1,939), and in one run by hand before
weak numbers 0.26 times on 4x4 Connect Four, 0.55 times on tic-tac-toe."""

WEAK = True
"""Weak proof numbers (Ueda, Hashimoto, Hashimoto and Iida 2008): a node's ``delta`` (the
disproof number of an OR node, the proof number of an AND node) is the largest of its
children's plus one for each other child still open, rather than their sum. The sum counts a
transposition once for each path to it, and Connect Four's and Hex's positions are reached by
many. Measured against the sum (one run, two shared cores): 0.74 times the nodes on the won
and lost positions of ``bench/bench_pns_connect_four.py``'s middle set, the same on its end
set, 0.77 times on the sixteen 4x4 Hex openings without ``must_play`` (with it, the same
nodes there, and 1.10 times on the 25 openings of 5x5; with H-search and the fill-in, the same
1,795 nodes on them); but on the begin set's hardest position
(lost, Pons score -3) 34.8 million nodes against 20.6 million (with tables of 8 and 12 million
states: the first overflowed)."""

SQUARED = True
"""First numbers from the square of a new node's number of moves, not the number (Allis's
mobility): an OR node of ``m`` moves starts at ``(1, m * m)``, an AND node at ``(m * m, 1)``.
It tells a forced line (one or two moves, as Connect Four's ``non_losing_actions`` leaves
after a threat) from an open one more sharply, so the search follows the threats first. Only
in a game that gives ``non_losing_actions`` (whose counts of moves say which lines are
forced): on chess's mate problems, without it, squared numbers made a mate in two run past
60 s (``tests/proofs/test_chess_mates.py``), so there the number stays Allis's.
Measured on ``bench/bench_pns_connect_four.py``'s won and lost positions (one run, shared
cores): 0.46 times the nodes on the middle set (58,735 against 126,376), and on the begin set
5,329,483 against 36,030,871 (0.15 times): 0.13 times on its hardest, lost position (4.7
million against 34.8 million: the first question's disproof through the draws takes 3.2
million rather than 30.3), 0.38 times on a won one, but 2.4 times on its cheapest won ones
(187,831 against 78,836 over three). A game with ``costly_knowledge`` (Hex) is not
concerned: its new nodes start from 1 and 1."""

MIN_ENTRIES = 10_000
"""The smallest table :func:`dfpn` takes. Measured: the proof of 4x4 Hex (16,719 nodes, a
table of about 10,000 states) still ends with 10,000 entries and searched 3 million nodes
without end with 1,000; tic-tac-toe needs about 1,000."""


@examined
def dfpn(
    game: Game[S, A],
    state: S | None = None,
    *,
    limit: Limit | None = None,
    depth: None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    order: Order[S, A] | None = None,
    evaluate: Evaluation[S] | None = None,
    max_entries: int = 1_000_000,
    trace: Observer | None = None,
    first_guess: float | None = None,
) -> SearchResult[A]:
    """Depth-first proof-number search (Nagai 2002): the exact value, proven, in little memory.

    Proof-number search (Allis 1994) proves or disproves a yes-or-no question ("can the player
    to move win?") by always expanding a *most-proving node*: the leaf whose proof would most
    cheaply settle the question, found by following, from the root, the child of least proof
    number at OR nodes and of least disproof number at AND nodes (:mod:`._question`). df-pn
    finds the same node depth first: it stays below a child while its numbers are under
    thresholds, which it sets from the second-best child (Nagai's multiple iterative
    deepening; with the 1 + epsilon trick of Pawlewicz and Lew 2007, see :data:`EPSILON`, and
    weak proof numbers, :data:`WEAK`; first numbers from the moves squared, :data:`SQUARED`),
    and keeps the numbers of the nodes it searched in a
    table (a :class:`~gamesearch._keyed.KeyedTable` of ``max_entries``) instead of a tree in
    memory. The value is found by such questions at
    the bounds each answer proves (:mod:`._driver`): one search for a win, two for a draw, as
    Allis proved Connect Four's.

    The game's knowledge serves where it has it: ``win_utility`` bounds the values,
    ``non_losing_actions`` leaves out the moves that lose at once, ``must_play`` those that
    lose later and ``inferior_moves`` those no better than another, ``proven_value`` decides
    a state without search, ``order`` breaks ties, and a new node's first numbers are its
    number of moves (Allis's mobility; squared in a game with ``non_losing_actions``,
    :data:`SQUARED`) or, given ``evaluate``, the evaluation's (df-pn+, Nagai and Kishimoto);
    a game with ``costly_knowledge`` (Hex's H-search) is asked of a node
    only when it is searched, and its new nodes start from 1 and 1 (see
    :mod:`gamesearch.proofs._question`). Transpositions share one
    entry, keyed by the game's ``solving_key``, else its ``key`` (which must merge only states
    of equal value: chess's ``solving_key`` keeps the past its Zobrist key leaves out), else
    the state. A state that repeats on the line searched is refused
    (:class:`~gamesearch.CyclicGameError`) rather than scored: no proof rests on a cycle, nor
    on a repetition seen from another line (:mod:`gamesearch.proofs` says why).

    Args:
        game: A two-player deterministic game of perfect information.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``time_limit`` and ``node_limit`` as a :class:`~gamesearch.Limit`.
        depth: Not taken: a proof runs to the end of the game; an
            ``InvalidSearchOptionError`` names the searchers that take one.
        time_limit: Seconds after which the search stops and claims only what it proved.
        node_limit: Nodes (states made) after which it stops likewise.
        order: ``order(state, actions)``, best first; defaults to the game's ``order``.
        evaluate: ``evaluate(state, player)``, the first numbers of new nodes (df-pn+);
            ``None`` (the default) for their number of moves.
        max_entries: The most states the table holds (at least :data:`MIN_ENTRIES`; the
            states searched, not the children only seen); past it, the older half is
            forgotten and searched again if met again. A table much smaller
            than the search needs makes it search the same states again and again, without
            end: give such a search a ``node_limit`` or a ``time_limit``.
        trace: An observer told every question and step (``Ask``; ``Choose`` for each node
            searched, with its thresholds; ``Develop``; ``Renumber`` as it leaves a node;
            ``Answer``: see :mod:`gamesearch.trace.events`), such as a
            :class:`~gamesearch.trace.SearchTree`.
        first_guess: The threshold of the first question, as :func:`~gamesearch.mtdf`'s
            first guess (kept within the game's loss and win); ``None`` (the default) asks
            first "can the player to move win?". A guess of a draw, ``0.0``, asks first "can
            it avoid losing?", whose disproof proves a loss in one search where the usual
            order disproves the win through the draws first (on Connect Four's hardest
            begin position, 16.2 million nodes against 34.8 million), but a won position
            then needs both questions (5.3 times the nodes on another): give it when a loss
            is expected.

    Returns:
        For the player to move at ``state``: the proven ``value`` (what
        :func:`~gamesearch.alphabeta` returns there; a win is the game's win utility) with
        ``exact=True``, the proving ``action`` and a line that keeps the value, and the proof's
        nodes in ``stats.proof_size``. Stopped by a limit first: ``value`` NaN,
        ``exact=False``, and ``value_range`` the bounds proven so far.

    Raises:
        InvalidSearchOptionError: ``depth``; a bad limit, ``order``, ``evaluate``,
            ``max_entries`` or ``trace``.
        UnsupportedGameError: not a two-player deterministic game of perfect information.
        CyclicGameError: a state repeats on the line searched.
        InvalidUtilityError: a utility that is not a number, or beyond ``win_utility``.
        NotAGameError: ``game`` lacks members of the protocol.
        GameProtocolError: the game breaks the protocol.
        SearchTooDeepError: the game is deeper than Python's recursion limit.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> result = dfpn(game, game.parse("X.. / .O. / ..."))
        >>> result.value, result.exact   # X cannot win: a draw, proven by two searches
        (0.0, True)
    """

    def check_table() -> None:
        check_count(_SEARCHER, "max_entries", max_entries)
        if max_entries < MIN_ENTRIES:
            raise InvalidSearchOptionError(
                f"{_SEARCHER}: max_entries must be at least {MIN_ENTRIES:,}, not "
                f"{max_entries:,}: in a smaller table df-pn forgets what it is searching while "
                "it searches it, and may search the same states for ever"
            )

    def make(question: Question, root: Any, budget: Budget) -> DepthFirst:
        table: KeyedTable[Entry] = KeyedTable(max_entries, owner=_SEARCHER)
        return DepthFirst(question, root, table, EPSILON, budget, weak=WEAK, squared=SQUARED)

    return prove(
        _SEARCHER, game, state, given=(limit, depth, time_limit, node_limit), order=order,
        evaluate=evaluate, make=make, check_options=check_table, trace=trace,
        first_guess=first_guess,
    )  # fmt: skip


class DepthFirst(Counting):
    """df-pn's search across the questions: its table, its counters and its budget.

    The table's bounds outlive each question; its numbers belong to the question they were
    computed for (an entry of an earlier one starts again from its first numbers).
    """

    def __init__(
        self,
        question: Question,
        root: Any,
        table: KeyedTable[Entry],
        epsilon: float,
        budget: Budget,
        *,
        weak: bool = WEAK,
        squared: bool = SQUARED,
    ) -> None:
        super().__init__(budget)
        self.lazy = question.lazy
        """Whether the game's knowledge is asked of a node when it is searched, not when it is
        made (:attr:`~._question.Question.lazy`)."""
        self.question = question
        self.table = table
        self.epsilon = epsilon
        self.weak = weak
        """Whether a node's ``delta`` is weak (:data:`WEAK`) rather than the sum."""
        self.squared = squared and question.non_losing is not None
        """Whether a new node's first numbers come from its moves squared (:data:`SQUARED`):
        only in a game with ``non_losing_actions``."""
        self.root = root
        self.threshold = math.inf
        self.stamp = 0
        self.path: set[Any] = set()
        self.actions: list[Any] = []
        """The actions from the root to the node searched, kept only when traced."""
        self.at_root: dict[Any, tuple[float, float]] = {}
        """The bounds of the root's children, by key, kept apart from the table."""
        game = question.game
        self.result, self.is_terminal = game.result, game.is_terminal

    def prove(self, threshold: float) -> tuple[float, float]:
        """Prove or disprove ``value >= threshold`` at the root; the root's bounds then."""
        self.threshold, self.stamp = threshold, self.stamp + 1
        question, root = self.question, self.root
        key = question.key(root)
        self.numbers(root, key, question.mover(root))
        self.mid(root, key, question.mover(root), INFINITE, INFINITE, 0)
        entry = self.table.get(key)
        assert entry is not None  # mid stores the root's entry last
        return entry[2], entry[3]

    def numbers(
        self, state: Any, key: Any, mover: int, fresh: dict[Any, Entry] | None = None
    ) -> Entry:
        """The entry of the non-terminal ``state`` for this question, made if it is new.

        A new node's bounds are the game's whole range, or its exact loss if every move of
        its loses at once; its first numbers, the mover's moves (or the evaluation's). Given
        ``fresh`` (the unsearched children of the node being searched), a new node that is
        not lost at once is kept there rather than in the table: most children are never
        searched, and a table of only the searched nodes holds two to three times as many
        of them before it must forget (measured on Connect Four: 39% of the entries were
        searched nodes). A lost node is stored, so that the proof can be read back.

        Raises:
            BudgetSpent: the deadline passed (a new node is a step of work for the clock).
        """
        question = self.question
        entry = self.table.get(key)
        if entry is not None and entry[4] == self.stamp:
            return entry
        if entry is None:
            if fresh is not None and key in fresh:
                return fresh[key]
            if self.pace.spent():  # a new node's moves and first numbers: a step of work
                raise BudgetSpent
            if self.lazy:  # its moves are not asked until it is searched: one, say
                lo, hi = question.floor, question.ceiling
                first = question.first_numbers(state, mover, 1)
            else:
                moves = len(question.moves(state, mover))
                lo, hi = question.lost_bounds(mover)
                if moves:
                    lo, hi = question.floor, question.ceiling
                mobility = moves * moves if self.squared else moves
                first = question.first_numbers(state, mover, mobility) if moves else (1, 1)
        else:
            lo, hi, first = entry[2], entry[3], (entry[5], entry[6])
        pn, dn = decided(lo, hi, self.threshold) or first
        entry = (pn, dn, lo, hi, self.stamp, *first)
        if fresh is not None and lo != hi and key not in self.table:
            fresh[key] = entry
        else:
            self.table.store(key, entry)
        return entry

    def expand(self, state: Any, mover: int, ply: int) -> list[Child]:
        """The children of ``state`` to search, best first.

        Raises:
            BudgetSpent: the node or the time limit is reached.
            CyclicGameError: a child's key is on the line searched.
        """
        question, result, is_terminal = self.question, self.result, self.is_terminal
        children: list[Child] = []
        try:
            for action in question.moves(state, mover):
                self.count()
                child = result(state, action)
                known: float | None
                if is_terminal(child):
                    known = question.utility(child)
                else:
                    known = None if self.lazy else question.proven(child)
                if known is not None:  # terminal, or decided by the game's proven_value
                    self.leaves += 1
                    children.append((action, child, None, -1, known))
                    continue
                key = question.key(child)
                if key in self.path:
                    raise cycle_error(child, _SEARCHER)
                children.append((action, child, key, question.mover(child), math.nan))
        except TypeError as exc:  # a member returned something of the wrong kind: which?
            translate(exc, question.game, state, None)
        self.max_depth = max(self.max_depth, ply + 1)
        return children

    def mid(self, state: Any, key: Any, mover: int, th_pn: int, th_dn: int, ply: int) -> None:
        """Search ``state`` until its proof number reaches ``th_pn`` or its disproof ``th_dn``.

        Nagai's multiple iterative deepening, written from the point of view of the node's
        mover: ``phi`` is the number the mover wants small (the proof number at an OR node,
        the disproof number at an AND node), the least of its children's ``delta``; ``delta``
        the sum of their ``phi`` (or, weak, the largest plus one for each other open child:
        :data:`WEAK`). The child of least ``delta`` is searched with the thresholds that keep
        it best: its ``delta`` up to the second-best's (plus one, or times ``1 + epsilon``),
        its ``phi`` up to what keeps the node's ``delta`` under its own.
        """
        question, trace = self.question, self.trace
        if trace is not None:
            from ..trace.events import Choose  # loaded only by a traced search

            entry = self.table.get(key)
            pn, dn = (1, 1) if entry is None else entry[:2]
            trace(Choose(tuple(self.actions), pn, dn, (th_pn, th_dn)))
        if self.lazy and ply:  # the game's knowledge, asked now that the node is searched
            known = question.proven(state)
            if known is not None:
                self.store_known(key, state, known, known)
                return
        children = self.expand(state, mover, ply)
        if not children:  # every move loses: a loss, whatever the entry of its key said
            self.store_known(key, state, *question.lost_bounds(mover))
            return
        is_or = mover == question.attacker
        fresh: dict[Any, Entry] = {}  # the children not searched yet: see numbers
        if trace is not None:
            trace(self.developed(state, is_or, children, fresh))
        th_phi, th_delta = (th_pn, th_dn) if is_or else (th_dn, th_pn)
        self.path.add(key)
        try:
            while True:
                kept = self.at_root if ply == 0 else None
                phi, delta, best, second, most, lo, hi = self.gather(children, is_or, kept, fresh)
                own = self.table.get(key)
                if own is not None:  # bounds proven earlier hold still
                    lo, hi = max(lo, own[2]), min(hi, own[3])
                settled = decided(lo, hi, self.threshold)
                if settled is not None:
                    phi, delta = settled if is_or else settled[::-1]
                if phi >= th_phi or delta >= th_delta:
                    pn, dn = (phi, delta) if is_or else (delta, phi)
                    first = (own[5], own[6]) if own is not None else (1, 1)
                    self.table.store(key, (pn, dn, lo, hi, self.stamp, *first))
                    if trace is not None:
                        from ..trace.events import Renumber  # loaded only by a traced search

                        trace(Renumber(tuple(self.actions), pn, dn, lo, hi))
                    return
                best_child = children[best]
                # Weak: the child's phi may grow up to the largest without raising delta.
                b_best = most if self.weak else self.view(best_child, is_or, fresh)[1]
                th_a = min(th_phi, self.stretch(second))
                th_b = min(INFINITE, th_delta - delta + b_best)
                th_child = (th_a, th_b) if is_or else (th_b, th_a)
                action, child, child_key, child_mover, _ = best_child
                made = fresh.pop(child_key, None)  # searched now: into the table, unless
                if made is not None and child_key not in self.table:  # met deeper meanwhile
                    self.table.store(child_key, made)
                if trace is not None:
                    self.actions.append(action)
                self.mid(child, child_key, child_mover, *th_child, ply + 1)
                if trace is not None:
                    self.actions.pop()
        finally:
            self.path.discard(key)

    def store_known(self, key: Any, state: Any, lo: float, hi: float) -> None:
        """Store the entry of a state known without search: its bounds ``lo`` and ``hi``.

        A state whose every move loses (at once, or by ``must_play``), or one the game's
        ``proven_value`` decides when it is searched (:attr:`lazy`). Its entry may have been
        made from another state of the same key (Hex's half-turn) whose ``must_play`` found
        moves: stored as it was, the parent would choose this state again and again. Traced
        and :attr:`lazy`, the trace is told what decided it (as it is told of a child decided
        when it is made, otherwise).
        """
        own = self.table.get(key)
        first = (own[5], own[6]) if own is not None else (1, 1)
        pn, dn = decided(lo, hi, self.threshold) or first
        self.table.store(key, (pn, dn, lo, hi, self.stamp, *first))
        if self.trace is not None and self.lazy:
            from ..trace.events import Renumber  # loaded only by a traced search

            cause = self.question.leaf_cause(state)
            by, why = (None, None) if cause is None or cause[0] == "utility" else cause
            self.trace(Renumber(tuple(self.actions), pn, dn, lo, hi, by, why))

    def developed(
        self, state: Any, is_or: bool, children: list[Child], fresh: dict[Any, Entry]
    ) -> events.Develop:
        """The event of ``state``'s development: its children, their numbers, and why.

        Their entries are read (and made) in :meth:`gather`'s order, as it would make them. A
        leaf child (terminal, or decided by the game's knowledge) says what decided it; the
        moves the game's knowledge left out are told with the game's reasons.
        """
        from ..trace.events import Develop, ProofChild  # loaded only by a traced search

        question = self.question
        told = []
        for item in children:
            pn, dn, lo, hi = self.view(item, True, fresh)
            known = item[2] is None or not self.lazy  # lazy: only the terminal ones are
            cause = question.leaf_cause(item[1]) if known else None  # known when made
            kind: Literal["max", "min"] | None = None
            if cause is None:
                kind = "max" if item[3] == question.attacker else "min"
            told.append(ProofChild(item[0], item[1], pn, dn, lo, hi, cause is not None, kind,
                                   *(cause or (None, None))))  # fmt: skip
        path = tuple(self.actions)
        left_out = question.left_out(state)
        return Develop(path, state, "max" if is_or else "min", tuple(told), left_out)

    def stretch(self, second: int) -> int:
        """The threshold that keeps the best child best, from the second-best's number.

        That number plus one, or (the 1 + epsilon trick) times ``1 + epsilon`` if more.
        """
        if second >= INFINITE:
            return INFINITE
        return max(second + 1, math.ceil(second * (1 + self.epsilon)))

    def view(
        self, item: Child, is_or: bool, fresh: dict[Any, Entry]
    ) -> tuple[int, int, float, float]:
        """A child's numbers seen from its parent: ``(a, b, lo, hi)``.

        A new child's entry is made in ``fresh``, its parent's (see :meth:`numbers`).

        ``a`` is what the parent's ``phi`` is the least of, ``b`` what its ``delta`` sums.
        """
        _, child, key, mover, utility = item
        if key is None:  # terminal
            pn, dn = decided(utility, utility, self.threshold) or (1, 1)
            lo = hi = utility
        else:
            pn, dn, lo, hi = self.numbers(child, key, mover, fresh)[:4]
        return (pn, dn, lo, hi) if is_or else (dn, pn, lo, hi)

    def gather(
        self,
        children: list[Child],
        is_or: bool,
        kept: dict[Any, tuple[float, float]] | None,
        fresh: dict[Any, Entry],
    ) -> tuple[int, int, int, int, int, float, float]:
        """What :meth:`mid` reads of a node with ``children``.

        Its ``phi`` and ``delta`` (weak or the sum, :data:`WEAK`), the best child's index, the
        second-best ``a``, the largest ``b``, its bounds.
        The children's bounds go into ``kept`` too, by key, if it is given (the root's, which
        the table may forget, and the proving action is read from).
        """
        phi = second = INFINITE
        delta, best, most, open_children = 0, 0, 0, 0
        los: list[float] = []
        his: list[float] = []
        for index, item in enumerate(children):
            a, b, lo, hi = self.view(item, is_or, fresh)
            if kept is not None and item[2] is not None:
                before = kept.get(item[2], (lo, hi))
                kept[item[2]] = lo, hi = max(lo, before[0]), min(hi, before[1])
            los.append(lo)
            his.append(hi)
            delta += b
            if b:
                most, open_children = max(most, b), open_children + 1
            if a < phi:
                phi, second, best = a, phi, index
            elif a < second:
                second = a
        if self.weak and open_children:
            delta = most + open_children - 1
        pick = max if is_or else min
        return phi, min(delta, INFINITE), best, second, most, pick(los), pick(his)

    def key_of(self, handle: Any) -> Any:
        """The key of a state, its entry's in the table."""
        return self.question.key(handle)

    def state_of(self, handle: Any) -> Any:
        """A node is its state."""
        return handle

    def children(self, node: Any) -> tuple[bool, list[tuple[View, Any]]]:
        """Whether ``node`` (a state) is an OR node, and its children as the table keeps them."""
        question = self.question
        if self.is_terminal(node):
            return False, []
        mover = question.mover(node)
        found: list[tuple[View, Any]] = []
        for action in question.moves(node, mover):
            child = self.result(node, action)
            key = question.key(child)
            if self.is_terminal(child):
                value: float | None = question.utility(child)
            else:
                value = None if self.lazy else question.proven(child)
            if value is not None:
                found.append(((action, key, value, value, True), child))
                continue
            entry = self.table.get(key)
            bounds = self.at_root.get(key) if node is self.root else None
            if entry is not None:
                bounds = entry[2:4] if bounds is None else (
                    max(bounds[0], entry[2]), min(bounds[1], entry[3])
                )
            if bounds is not None:
                found.append(((action, key, bounds[0], bounds[1], False), child))
        return mover == question.attacker, found
