"""The events a searcher tells its ``trace=`` observer, and the adapter negamax loops use.

See :mod:`gamesearch.trace` for what each event means and when it comes. A searcher that takes
``trace=`` keeps these rules, which :class:`~gamesearch.trace.SearchTree` relies on:

- Check ``trace`` with ``gamesearch._entry.check_trace`` and guard every hook with ``if trace is not
  None`` (or a local ``tracer``), so that an untraced search pays one test per hook at most.
- ``Enter`` when a node is expanded, before its children (with ``actions``, in the order they
  will be tried); ``Leave`` when it is done; in between, its children's events. A child
  scored inside its parent's loop is one ``Leaf``, told there. A root that is terminal is one
  ``Leaf`` with ``action=None`` and ``depth=0``.
- ``Prune`` at every cutoff, with the actions left untried (empty if none), so that the
  ``Prune`` events number ``stats.cutoffs``; then the node's ``Leave``.
- Values and windows in MAX view: the root player's. A negamax loop converts with
  :class:`MaxView`. Without a window, ``alpha = beta = None``.
- A chance node is ``kind="chance"`` (``player`` is ``-1``, ``gamesearch.CHANCE``), and each
  child's ``Enter`` or ``Leaf`` carries its ``probability``. A vector-valued search (max-n)
  fills ``values`` on ``Leaf`` and ``Leave``, with ``value`` its root player's component, and
  tells every player's node as ``kind="max"``.
- A Monte Carlo search is not depth first. It tells ``Enter`` for the root, then for every
  iteration ``Select`` (the node where selection stopped, and each choice on the way: every
  child's mean and exploration term), ``Expand`` (the node added, if any;
  the root's own ``Expand`` comes first), ``Rollout`` (its result) and ``Backup``, and finally
  the root's ``Leave``, with the search's value and action. Nodes are named by their ``path``
  of actions from the root; ``Backup`` adds one visit and the result, in MAX view, to every
  node on its path, which is how the recorder keeps visit counts and means.
- A proof-number search (``pns``, ``dfpn``) is not depth first either. It tells ``Enter`` for
  the root, then for every question it asks (:mod:`gamesearch.proofs`) ``Ask``, then per step
  ``Choose`` (the node it goes to: the most-proving node, with the path to it), ``Develop``
  (the node's children and their first numbers, what decided each leaf, and the moves the
  game's knowledge left out, with the game's reasons: computed only when traced) and
  ``Renumber`` (each node whose numbers changed, on the way back up to the root), then
  ``Answer``; finally the root's ``Leave``,
  with the proven value (NaN if a limit stopped it) and the proving action. Nodes are named
  by their ``path``; proof and disproof numbers are of the question asked, bounds in MAX view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from ..game import Player

__all__ = [
    "Answer",
    "Ask",
    "Backup",
    "Choice",
    "Choose",
    "Develop",
    "Enter",
    "Event",
    "Expand",
    "Leaf",
    "Leave",
    "LeftOut",
    "MaxView",
    "NodeKind",
    "Observer",
    "ProofChild",
    "Prune",
    "Renumber",
    "Rollout",
    "Select",
    "Weighed",
]

NodeKind = Literal["max", "min", "chance"]
"""What a node does with its children's values: MAX maximises MAX's value, MIN minimises it,
and a chance node averages it, weighted by probability. (In a max-n search every player's node
is a ``"max"`` node that maximises that player's own utility.)"""


DecidedBy = Literal["utility", "proven_value", "non_losing_actions", "must_play"]
"""What decides a leaf of a proof: its utility (terminal), the game's ``proven_value``, or its
mover left no move by ``non_losing_actions`` or ``must_play``."""

@dataclass(frozen=True, slots=True)
class Enter:
    """The search enters a node that it expands (rather than scores)."""

    state: Any
    """The node's state."""

    action: Any
    """The action that led here from the parent; ``None`` at the root."""

    depth: int
    """The node's ply: 0 at the root."""

    player: Player
    """The player to move here (``-1`` at a chance node)."""

    kind: NodeKind
    """``"max"`` where MAX (the root player) moves, ``"min"`` where the opponent does, or
    ``"chance"``."""

    alpha: float | None
    """The window's lower end on entry, in MAX view; ``None`` for a search without a window."""

    beta: float | None
    """The window's upper end on entry, in MAX view; ``None`` for a search without a window."""

    actions: tuple[Any, ...] | None = None
    """The actions the search will try, in the order it will try them; ``None`` when it does
    not look at them (a node answered by the transposition table)."""

    probability: float | None = None
    """The probability of ``action`` when the parent is a chance node, else ``None``."""


@dataclass(frozen=True, slots=True)
class Leaf:
    """The search scores a leaf: a terminal state, or a state at the depth limit."""

    state: Any
    """The leaf's state."""

    action: Any
    """The action that led here from the parent; ``None`` when the root itself is a leaf."""

    depth: int
    """The leaf's ply."""

    value: float
    """Its value in MAX view: the utility, or the evaluation at a depth limit (for a
    vector-valued search, the root player's component of ``values``)."""

    terminal: bool
    """True for a terminal state (scored by ``utility``), False for a state cut off at the
    depth limit (scored by ``evaluate``, or by a quiescence search from it)."""

    values: tuple[float, ...] | None = None
    """The value for every player, from a vector-valued searcher (max-n), else ``None``."""

    probability: float | None = None
    """The probability of ``action`` when the parent is a chance node, else ``None``."""


@dataclass(frozen=True, slots=True)
class Prune:
    """The search stops a node early: its value already falls outside the window (a cutoff)."""

    state: Any
    """The state of the node that is cut off."""

    depth: int
    """Its ply."""

    actions: tuple[Any, ...]
    """The actions it leaves untried, in the order they would have been tried; empty when the
    cutoff came at its last action."""

    value: float
    """The node's value so far, in MAX view: a bound on its true value (at least ``value`` at a
    MAX node, at most ``value`` at a MIN node)."""

    alpha: float
    """The window's lower end when the cutoff happened, in MAX view."""

    beta: float
    """The window's upper end when the cutoff happened, in MAX view. A MAX node is cut off
    when ``value >= beta``, a MIN node when ``value <= alpha``."""


@dataclass(frozen=True, slots=True)
class Leave:
    """The search leaves a node it entered, with the node's value."""

    state: Any
    """The node's state."""

    depth: int
    """Its ply."""

    value: float
    """The value the search backs up, in MAX view (a bound, where a cutoff stopped the node or
    one below it; see :meth:`SearchTree.range`)."""

    action: Any
    """The best action found, ``None`` if unknown (a node answered by the table)."""

    alpha: float | None
    """The window's lower end when the node is left, in MAX view: its entry value raised by the
    values of MAX's children (``None`` for a search without a window)."""

    beta: float | None
    """The window's upper end when the node is left, in MAX view: lowered by MIN's children."""

    values: tuple[float, ...] | None = None
    """The value for every player, from a vector-valued searcher (max-n), else ``None``."""

    stored: bool = False
    """True when the value came from the transposition table, without searching below."""


@dataclass(frozen=True, slots=True)
class Weighed:
    """A child as Monte Carlo selection weighed it: its visits, mean and exploration term.

    UCT scores a child ``mean + c * sqrt(ln N / n)`` (UCB1 applied to trees), PUCT ``mean + c
    * P * sqrt(N) / (1 + n)``, where ``N`` is the parent's visits and ``n`` the child's; the
    child of the highest score is taken. The mean is for the player to move at the parent.
    """

    action: Any
    """The action from the parent."""

    visits: int
    """``n``: the iterations that went through the child."""

    mean: float
    """The child's mean result for the player to move at the parent (its ``Q``), kept within
    the bounds the MCTS-Solver proved."""

    exploration: float
    """The exploration term: ``c * sqrt(ln N / n)`` for UCT, ``c * P * sqrt(N) / (1 + n)`` for
    PUCT."""

    score: float | None
    """``mean + exploration``, or ``None`` for a child the solver's cut skips (its value cannot
    beat a sibling's proven bound)."""

    prior: float | None = None
    """PUCT: the child's prior probability ``P`` (mixed with noise at the root); else ``None``."""

    capped: bool = False
    """Whether the solver's proven bounds moved ``mean`` from the mean of the results."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One step of Monte Carlo selection: at the node at ``path``, which child it took and why.

    ``rule`` says how: ``"uct"`` or ``"puct"`` (the child of highest score among ``children``),
    ``"untried"`` (the node has an action never tried: it is expanded, as UCT does before it
    scores any child; PUCT when an untried action's prior term beats every child's score), or
    ``"chance"`` (an outcome drawn at random by its probability).
    """

    path: tuple[Any, ...]
    """The actions from the root to the node where the choice was made."""

    rule: Literal["uct", "puct", "untried", "chance"]
    """How the child was chosen."""

    action: Any
    """The action (or outcome) taken."""

    visits: int
    """``N``: the node's visits so far."""

    constant: float
    """``c``: the exploration constant on the game's scale (for ``"uct"`` and ``"puct"``)."""

    children: tuple[Weighed, ...] = ()
    """The children weighed, in the order they were expanded (``"uct"`` and ``"puct"``)."""

    probability: float | None = None
    """The probability of the outcome drawn (``"chance"``), or the prior of the untried
    action taken (``"untried"`` under PUCT); else ``None``."""


@dataclass(frozen=True, slots=True)
class Select:
    """Monte Carlo tree search's selection phase: the line one iteration walked down the tree.

    A Monte Carlo search tells, between the root's ``Enter`` and ``Leave``, four events per
    iteration: ``Select``, ``Expand`` (unless the line ends at a terminal or proven node
    already in the tree), ``Rollout`` and ``Backup``. Nodes are named by their ``path``, the
    actions (and chance outcomes) from the root.
    """

    path: tuple[Any, ...]
    """The actions from the root to the node selection stopped at: the node about to be
    expanded (whose new child ``Expand`` then tells), or a terminal or proven node already in
    the tree, which is scored without expansion."""

    iteration: int
    """The iteration's number in this search, from 0."""

    choices: tuple[Choice, ...] = ()
    """Each step of the walk, from the root down: the child taken at each node and the numbers
    behind the choice (each child's mean and exploration term), ending with the untried
    action expanded, if any."""


@dataclass(frozen=True, slots=True)
class Expand:
    """Monte Carlo tree search's expansion phase: a node is added to the tree."""

    path: tuple[Any, ...]
    """The actions from the root to the new node (empty for the root itself)."""

    state: Any
    """Its state."""

    player: Player | None
    """The player to move there (``-1`` at a chance node), ``None`` at a terminal state."""

    kind: NodeKind | Literal["leaf"]
    """``"max"``, ``"min"`` or ``"chance"`` as for ``Enter`` (every player's node is
    ``"max"`` in a game of more than two players), ``"leaf"`` for a terminal state."""

    depth: int
    """Its ply: ``len(path)``."""

    terminal: bool
    """Whether the state is terminal."""

    probability: float | None = None
    """The probability of the last outcome of ``path``, below a chance node."""

    prior: float | None = None
    """The prior probability of the last action of ``path`` (PUCT), else ``None``."""


@dataclass(frozen=True, slots=True)
class Rollout:
    """Monte Carlo tree search's simulation phase: the node at ``path`` is scored."""

    path: tuple[Any, ...]
    """The actions from the root to the node scored."""

    value: float
    """The result for MAX, the root player: the utility the playout ended with."""

    source: Literal["rollout", "evaluate", "terminal", "proven"]
    """How: a playout (random or the user's ``rollout``), ``evaluate``, the utility of a
    terminal node, or the value the solver proved for the node."""

    plies: int
    """The moves the random playout made (0 when there was none)."""

    values: tuple[float, ...] | None = None
    """Every player's result, indexed by player."""


@dataclass(frozen=True, slots=True)
class Backup:
    """Monte Carlo tree search's backup phase: every node on ``path`` gains one visit."""

    path: tuple[Any, ...]
    """The actions from the root to the node scored; the root and every node on the way get
    one more visit and the iteration's result."""

    value: float
    """The result added, for MAX, the root player."""

    values: tuple[float, ...] | None = None
    """Every player's result, indexed by player."""

    proven: tuple[tuple[int, float], ...] = ()
    """The nodes of ``path`` the MCTS-Solver proved in this backup, bottom up: ``(ply,
    value)``, the value for MAX."""


@dataclass(frozen=True, slots=True)
class Ask:
    """Proof-number search asks a question of the root: is MAX's value at least ``threshold``?

    The root is an OR node of the question (MAX, the root player, needs one good move), a MIN
    node an AND node. Every node's numbers start again from its first ones; its bounds, proven
    by earlier questions, hold still.
    """

    threshold: float
    """The value asked about, in MAX view (``inf`` for a first question without a win
    utility: its disproof gives an upper bound to start from)."""

    number: int
    """The question's number in this search, from 0."""

    win: float | None = None
    """The game's ``win_utility`` (a win's value; a loss is its negation), ``None`` for a game
    without one: with it, a question at ``win`` asks "can MAX win?"."""


@dataclass(frozen=True, slots=True)
class Choose:
    """Proof-number search goes to a node: the most-proving node, or df-pn's next best child.

    ``pns`` goes to the most-proving node, df-pn to the best child it searches next, with its
    thresholds. At an OR node the search follows the child of least proof number, at an AND
    node the child of least disproof number (Allis 1994): ``path`` is that walk from the root.
    """

    path: tuple[Any, ...]
    """The actions from the root to the node chosen (empty for the root)."""

    pn: int
    """The node's proof number for the question: the fewest leaves still to prove to prove
    it (0: proven; ``2**62``, no search's number, disproven)."""

    dn: int
    """Its disproof number, likewise."""

    thresholds: tuple[int, int] | None = None
    """df-pn's thresholds for the node, ``(pn, dn)``: it is searched until its proof number
    reaches the first or its disproof number the second; ``None`` for ``pns``."""


@dataclass(frozen=True, slots=True)
class ProofChild:
    """A child as :class:`Develop` tells it: its action, state and first numbers."""

    action: Any
    """The action from the developed node."""

    state: Any
    """The child's state."""

    pn: int
    """Its proof number (0 for a proven child, such as a terminal state that answers yes)."""

    dn: int
    """Its disproof number."""

    lower: float
    """The least its value can be, in MAX view (its utility, if it is terminal)."""

    upper: float
    """The most its value can be, in MAX view."""

    terminal: bool
    """Whether it is a leaf of the proof: a terminal state, or a state the game's knowledge
    decides without search (``decided_by`` says which)."""

    kind: Literal["max", "min"] | None = None
    """For a child that is not a leaf: ``"max"`` for an OR node of the question, ``"min"`` for
    an AND node (a frontier node, not developed yet); ``None`` for a leaf."""

    decided_by: DecidedBy | None = None
    """For a leaf: what decided it. ``"utility"``, a terminal state; ``"proven_value"``, the
    game's ``proven_value``; ``"non_losing_actions"``, every move of its mover lets the other
    player win at once; ``"must_play"``, the game's must-play region leaves its mover no move
    (every move loses). ``None`` for a child that is not a leaf."""

    reason: str | None = None
    """The game's own words for why its knowledge decided the leaf (``proven_reason`` or
    ``must_play_reason``, see :mod:`gamesearch.capabilities`), if it gives them."""


@dataclass(frozen=True, slots=True)
class LeftOut:
    """Moves a development leaves out, the game's knowledge proving that they lose."""

    by: Literal["non_losing_actions", "must_play", "inferior_moves"]
    """Which knowledge: ``non_losing_actions`` (they let the other player win at once),
    ``must_play`` (they lie outside the must-play region: every move there loses) or
    ``inferior_moves`` (each is no better than the best move kept)."""

    actions: tuple[Any, ...]
    """The moves left out, in the game's order."""

    reason: str | None = None
    """The game's own words for why (``must_play_reason``), if it gives them."""


@dataclass(frozen=True, slots=True)
class Develop:
    """Proof-number search develops (expands) the node at ``path``: its children, best first."""

    path: tuple[Any, ...]
    """The actions from the root to the node developed."""

    state: Any
    """Its state."""

    kind: Literal["max", "min"]
    """``"max"`` for an OR node of the question (the root player moves), ``"min"`` for an AND
    node."""

    children: tuple[ProofChild, ...]
    """Its children, in the order the search tries them."""

    left_out: tuple[LeftOut, ...] = ()
    """The moves the game's knowledge left out of ``children``, and why (none: every move is
    a child)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """Proof-number search has answered a question: the root's bounds then, in MAX view."""

    threshold: float
    """The value asked about."""

    proven: bool
    """Whether MAX's value is at least ``threshold`` (else it is below it: disproven)."""

    lower: float
    """The least the root's value can be, proven so far."""

    upper: float
    """The most it can be."""


@dataclass(frozen=True, slots=True)
class Renumber:
    """Proof-number search sets a node's numbers and bounds from its children's.

    ``pns`` tells it for each node on the way from the developed node up to the root while the
    numbers change; df-pn when it leaves a node, and for every child it reads again.
    """

    path: tuple[Any, ...]
    """The actions from the root to the node."""

    pn: int
    """Its proof number now: at an OR node the least of its children's, at an AND node their
    sum."""

    dn: int
    """Its disproof number now: at an OR node the sum of its children's, at an AND node the
    least."""

    lower: float
    """The least its value can be, proven so far, in MAX view."""

    upper: float
    """The most its value can be, proven so far, in MAX view."""

    decided_by: DecidedBy | None = None
    """What decided the node, as :attr:`ProofChild.decided_by` says, where the game's
    knowledge decided it only when the search came to it (a game with ``costly_knowledge``:
    its knowledge is not asked of every child made); else ``None``. The game's own words for
    why, if it gives them, are in ``reason``."""

    reason: str | None = None


Event = (
    Enter | Leaf | Prune | Leave | Select | Expand | Rollout | Backup
    | Ask | Choose | Develop | Renumber | Answer
)  # fmt: skip
"""Any of the events: the four of depth-first searches, the four of Monte Carlo search and the
five of proof-number search."""

Observer = Callable[[Event], object]
"""What ``trace=`` takes: a callable that is given each event in search order (its return
value is ignored). ``print`` is one; :class:`SearchTree` is another."""


class MaxView:
    """Tells an observer about a search in negamax form, converting to MAX view.

    A negamax loop holds each node's value and window for the player to move there; the events
    are for the root player, MAX. At a node where MAX moves nothing changes; elsewhere a value
    ``v`` becomes ``-v`` and a window ``(alpha, beta)`` becomes ``(-beta, -alpha)``. A loop that
    compares values of its own (the engine's distance scores for proven wins and losses) gives
    ``shown``, which turns each value and window end into the game's value first.
    """

    __slots__ = ("edge", "root_player", "shown", "trace")

    def __init__(
        self,
        trace: Observer,
        root_player: Player,
        shown: Callable[[float], float] | None = None,
    ) -> None:
        self.trace = trace
        self.root_player = root_player
        self.shown = shown
        """The game's value of a value the loop compares (``None``: the value itself)."""
        self.edge: Any = None
        """The action that led to the next node to be entered: the loop sets it."""

    def enter(
        self, state: Any, mover: Player, alpha: float, beta: float, ply: int, moves: Any
    ) -> None:
        """The search enters ``state``, where ``mover`` moves, with ``mover``'s window."""
        if self.shown is not None:
            alpha, beta = self.shown(alpha), self.shown(beta)
        if mover == self.root_player:
            self.trace(Enter(state, self.edge, ply, mover, "max", alpha, beta, moves))
        else:
            self.trace(Enter(state, self.edge, ply, mover, "min", -beta, -alpha, moves))

    def leaf(
        self, state: Any, action: Any, ply: int, mover: Player, value: float, terminal: bool
    ) -> None:
        """The search scores the leaf ``state`` at ``value`` for ``mover``, who moved into it."""
        if self.shown is not None:
            value = self.shown(value)
        self.trace(
            Leaf(state, action, ply, value if mover == self.root_player else -value, terminal)
        )

    def prune(
        self,
        state: Any,
        mover: Player,
        value: float,
        alpha: float,
        beta: float,
        ply: int,
        rest: Any,
    ) -> None:
        """A cutoff at ``state``: ``value`` reached ``mover``'s ``beta``; ``rest`` is untried."""
        if self.shown is not None:
            value, alpha, beta = self.shown(value), self.shown(alpha), self.shown(beta)
        if mover == self.root_player:
            self.trace(Prune(state, ply, tuple(rest), value, alpha, beta))
        else:
            self.trace(Prune(state, ply, tuple(rest), -value, -beta, -alpha))

    def settle(
        self, state: Any, mover: Player, value: float, window: tuple[float, float], ply: int,
        stored: bool,
    ) -> float:
        """Tell of a node settled at ``value`` without a look at its actions; return ``value``.

        A table entry or a mate distance settles it: it is entered and left at once.
        """
        alpha, beta = window
        self.enter(state, mover, alpha, beta, ply, None)
        self.leave(state, mover, value, None, alpha, beta, ply, stored=stored)
        return value

    def leave(
        self,
        state: Any,
        mover: Player,
        value: float,
        best: Any,
        alpha: float,
        beta: float,
        ply: int,
        *,
        stored: bool = False,
    ) -> None:
        """The search leaves ``state`` with ``value``, ``mover``'s, and ``mover``'s window."""
        if self.shown is not None:
            value, alpha, beta = self.shown(value), self.shown(alpha), self.shown(beta)
        if mover == self.root_player:
            self.trace(Leave(state, ply, value, best, alpha, beta, stored=stored))
        else:
            self.trace(Leave(state, ply, -value, best, -beta, -alpha, stored=stored))
