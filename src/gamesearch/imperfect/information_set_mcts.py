"""Information Set MCTS (single observer): one tree over what the searching player knows.

SO-ISMCTS (Cowling, Powley and Whitehouse 2012) searches a game of imperfect information with
Monte Carlo tree search without fusing worlds into separate trees, as PIMC does. Its tree's
nodes are the *information sets* of the searching player: the root is the set of states it
cannot tell apart, and an edge is a move all players see. Each iteration draws a world
(*determinization*) with ``sample_state``, and runs the four phases of MCTS on that world,
restricted to the tree's edges that are legal in it:

- *selection* walks down while every action legal in the world has a child, the player to move
  picking by UCB among those children only, with the *availability count* (how often the child
  was legal when its parent was visited) in place of the parent's visits: an action legal in
  few worlds is not penalised for the worlds it was absent from;
- *expansion* adds one child for an action of the world that has none yet;
- *simulation* plays the world out at random;
- *backup* adds each player's utility to the nodes it moved into.

At a chance node met on the way (a card turned up), the world draws the outcome; the nodes
below are told apart by what the searching player sees of it. The opponents choose at nodes
that are the searching player's information sets too, so they are modelled as if they saw the
world drawn in each iteration (the "single observer" of the name).

Traced (``trace=``), the search tells the events of Monte Carlo search (see
:mod:`gamesearch.trace.events`): the root's ``Enter`` and ``Expand``, then per iteration
``Select``, one ``Expand`` per node added (the nodes below chance outcomes first seen on the
way, then the expanded one), ``Rollout`` and ``Backup``, and the root's ``Leave``. A node's
path is its edges from the root: the actions, and below a chance node the pair ``("chance",
key)`` of what the searching player sees of the outcome (its information set after it). A
node's ``state`` is the world it was added in: one of the states of its information set.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from .._entry import check_budget, check_trace, iteration_limit
from .._faults import examined
from ..errors import GameProtocolError, InvalidSearchOptionError
from ..game import CHANCE, Player
from ..limit import Limit
from ..montecarlo._node import terminal_utilities
from ..montecarlo._options import EXPLORATION
from ..montecarlo._playout import MAX_PLAYOUT
from ..result import SearchStats
from ..trace.observer_type import Observer
from ._determinized import check_determinizable, decision_root, sample_world
from ._sampling import generator, sample_chance
from .protocol import DeterminizableGame

if TYPE_CHECKING:
    from ..trace.events import NodeKind

__all__ = ["ISMCTSResult", "ismcts"]

_A = TypeVar("_A")


@dataclass(frozen=True)
class ISMCTSResult(Generic[_A]):
    """What :func:`ismcts` returns: the move, and the statistics of the root's actions."""

    action: _A
    """The root's most visited action (ties to the higher mean, then the first in
    ``actions()`` order)."""

    value: float
    """``action``'s mean utility for ``player`` over the iterations through it."""

    player: Player
    """Whose values these are: the player to move at the root, who searched."""

    action_values: tuple[tuple[_A, float], ...]
    """Every root action tried, in ``actions()`` order, with its mean utility for ``player``."""

    visits: tuple[tuple[_A, int], ...]
    """Every root action tried, in ``actions()`` order, with the iterations through it."""

    iterations: int
    """Iterations run: worlds drawn, one playout each."""

    stats: SearchStats
    """``nodes``: the tree's nodes (the root and one per expansion, plus the nodes below the
    chance nodes met); ``leaves``: the iterations; ``max_depth``: the deepest node's ply;
    ``elapsed``: the seconds of the whole call."""


class _Node:
    """A node of the tree: one of the searching player's information sets, reached by a move."""

    __slots__ = ("availability", "children", "mover", "total", "visits")

    def __init__(self, mover: Player) -> None:
        self.mover = mover
        """The player whose move led here (``CHANCE`` below a chance node)."""
        self.children: dict[Any, _Node] = {}
        """Each move's child: by action below a decision, by what the searching player sees
        of the outcome below a chance node."""
        self.visits = 0
        """Iterations through this node."""
        self.availability = 0
        """Visits of the parent in which this node's move was legal."""
        self.total = 0.0
        """The sum of ``mover``'s utilities over the iterations through this node."""

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@examined
def ismcts(
    game: DeterminizableGame[Any, _A],
    state: Any = None,
    *,
    limit: Limit | None = None,
    iterations: int | None = None,
    time_limit: float | None = None,
    exploration: float = EXPLORATION,
    rng: Any = None,
    trace: Observer | None = None,
) -> ISMCTSResult[_A]:
    """Choose a move by single-observer Information Set MCTS (Cowling et al. 2012).

    See the module's docstring for the algorithm. The search looks at ``state`` only through
    ``sample_state`` and ``information_set`` for the player to move: it plays on what that
    player knows. Every player's moves must be seen by the searching player (as plays of cards
    and bets are); chance outcomes it does not see are fine.

    Args:
        game: A game of imperfect information with ``sample_state``
            (:class:`DeterminizableGame`), of any number of players.
        state: The root, where the player to move chooses; ``None`` means the initial state.
        limit: ``iterations`` and ``time_limit`` as one :class:`~gamesearch.Limit`
            (its ``depth`` and ``node_limit`` are refused).
        iterations: Stop after this many iterations (an int >= 1).
        time_limit: Stop after this many seconds (> 0), checked after each iteration.
        exploration: The exploration constant ``c`` (>= 0) of UCB, ``mean + c * sqrt(ln
            availability / visits)``; default sqrt(2), for utilities in a range of width 1:
            scale it with the spread of the game's utilities.
        rng: An int seed or a ``random.Random``: the worlds, the expansions and the playouts.
            The same seed gives the same search (with ``iterations``).
        trace: An observer told every phase of every iteration (see the module's docstring);
            :class:`~gamesearch.trace.SearchTree` draws the tree with visit counts, values in
            the searching player's view. The traced search is the same search.

    Returns:
        The most visited root action, the mean utility and visits of every root action for
        the player to move, and the work done.

    Raises:
        InvalidSearchOptionError: no limit, a limit or ``exploration`` out of range, a bad
            ``rng`` or ``trace``; or a root that is terminal or a chance node.
        NotAGameError: ``game`` lacks ``sample_state``, ``information_set`` or a member of the
            ``Game`` protocol.
        GameProtocolError: a drawn world the player can tell from the root, a state without
            actions that is not terminal, or a playout that does not end.
        InvalidDistributionError: a chance node's probabilities are not a distribution.
        InvalidUtilityError: a utility that is NaN or not a number.

    Example:
        >>> from functools import reduce
        >>> from gamesearch.imperfect import OhHell
        >>> game = OhHell()  # the deals, then the bids: player 0 holds QS, QH and AD
        >>> state = reduce(game.result, ((0, 3, 8), (2, 4, 7), 1, 1), game.initial_state())
        >>> result = ismcts(game, state, iterations=500, exploration=10, rng=1)
        >>> game.card_name(result.action), result.iterations, sum(v for _, v in result.visits)
        ('AD', 500, 500)
    """
    iterations, time_limit = iteration_limit("ismcts", limit, iterations, time_limit)
    started = time.perf_counter()
    check_determinizable(game, "ismcts")
    check_budget("ismcts", iterations, time_limit)
    valid = isinstance(exploration, (int, float)) and not isinstance(exploration, bool)
    if not valid or not 0 <= exploration < math.inf:
        raise InvalidSearchOptionError(
            f"ismcts: exploration must be a finite number >= 0, not {exploration!r}"
        )
    generator_ = generator(rng, "ismcts")
    check_trace(trace, "ismcts")
    root_state, player, actions = decision_root(game, state, "ismcts")
    search = _Search(game, player, float(exploration), generator_, trace)
    if trace is not None:
        from ..trace.events import Enter, Expand, Leave  # loaded only by a traced search

        trace(Enter(root_state, None, 0, player, "max", None, None, actions))
        trace(Expand((), root_state, player, "max", 0, False))
    deadline = None if time_limit is None else started + time_limit
    while iterations is None or search.iterations < iterations:
        search.iterate(sample_world(game, root_state, player, generator_, "ismcts"))
        if deadline is not None and time.perf_counter() >= deadline:
            break
    tried = [(action, search.root.children[action]) for action in actions
             if action in search.root.children]  # fmt: skip
    best_action, best = max(
        tried, key=lambda pair: (pair[1].visits, pair[1].mean(), -actions.index(pair[0]))
    )
    stats = SearchStats(
        search.nodes, search.iterations, 0, search.max_depth, time.perf_counter() - started
    )
    if trace is not None:
        trace(Leave(root_state, 0, best.mean(), best_action, None, None))
    return ISMCTSResult(
        action=best_action,
        value=best.mean(),
        player=player,
        action_values=tuple((action, node.mean()) for action, node in tried),
        visits=tuple((action, node.visits) for action, node in tried),
        iterations=search.iterations,
        stats=stats,
    )


class _Search:
    """One search's tree, and its iterations."""

    def __init__(
        self,
        game: Any,
        player: Player,
        exploration: float,
        rng: Any,
        trace: Observer | None = None,
    ) -> None:
        self.game = game
        self.player = player
        self.exploration = exploration
        self.rng = rng
        self.players = game.num_players
        self.root = _Node(CHANCE)
        self.nodes = 1
        self.iterations = 0
        self.max_depth = 0
        self.trace = trace
        self.plies = 0
        """The moves of the last playout."""

    def iterate(self, world: Any) -> None:
        """Select, expand, play out and back up, in ``world``."""
        game, rng, tracer = self.game, self.rng, self.trace
        node, state = self.root, world
        path = [node]
        told = _Told() if tracer is not None else None
        expanded = False
        while not expanded and not game.is_terminal(state):
            mover = game.to_move(state)
            if mover == CHANCE:
                outcome, odds = sample_chance(state, game.chance_outcomes(state), rng.random())
                state = game.result(state, outcome)
                # The nodes below a chance node are what the searching player sees of it.
                seen = ("chance", game.information_set(state, self.player))
                child = node.children.get(seen)
                created = child is None
                if child is None:
                    child = node.children[seen] = _Node(CHANCE)
                    self.nodes += 1
                if told is not None:
                    told.step(seen, state, odds, added=created)
                node = child
                path.append(node)
                continue
            legal = game.actions(state)
            if not legal:
                raise GameProtocolError(f"the state {state!r} is not terminal and has no actions")
            children = node.children
            untried = [action for action in legal if action not in children]
            for action in legal:  # availability: legal in this visit of the parent
                if action in children:
                    children[action].availability += 1
            if untried:
                action = untried[int(rng.random() * len(untried))]
                child = children[action] = _Node(mover)
                child.availability = 1
                self.nodes += 1
                expanded = True
            else:
                action = self._select(node, legal)
                child = children[action]
            node = child
            path.append(node)
            state = game.result(state, action)
            if told is not None:
                told.step(action, state, None, added=expanded)
        self.max_depth = max(self.max_depth, len(path) - 1)
        if told is not None:
            told.select(self, expanded)
        utilities = self._playout(state)
        for visited in path:
            visited.visits += 1
            if visited.mover != CHANCE:
                visited.total += utilities[visited.mover]
        if told is not None:
            told.finish(self, state, utilities)
        self.iterations += 1

    def _select(self, node: _Node, legal: Any) -> Any:
        """UCB with availability counts, among the children legal in this world."""
        c = self.exploration
        best_action, best_score = None, -math.inf
        for action in legal:
            child = node.children[action]
            score = child.total / child.visits + c * math.sqrt(
                math.log(child.availability) / child.visits
            )
            if score > best_score:
                best_action, best_score = action, score
        return best_action

    def _playout(self, state: Any) -> tuple[float, ...]:
        """Uniformly random moves (chance drawn by its odds) to the end; every player's utility."""
        game, rng = self.game, self.rng
        plies = self.plies = 0
        while not game.is_terminal(state):
            if game.to_move(state) == CHANCE:
                outcome, _ = sample_chance(state, game.chance_outcomes(state), rng.random())
                state = game.result(state, outcome)
            else:
                legal = game.actions(state)
                if not legal:
                    raise GameProtocolError(
                        f"the state {state!r} is not terminal and has no actions"
                    )
                state = game.result(state, legal[int(rng.random() * len(legal))])
            plies += 1
            if plies >= MAX_PLAYOUT:
                raise GameProtocolError(
                    f"a random playout made {MAX_PLAYOUT:,} moves without ending the game "
                    f"(now in state {state!r})"
                )
        self.plies = plies
        return terminal_utilities(game, state, self.players)


class _Told:
    """One traced iteration: its edges, the states reached, and the nodes it added."""

    __slots__ = ("added", "edges", "states")

    def __init__(self) -> None:
        self.edges: list[Any] = []
        """The edges walked from the root: actions, and ``("chance", key)`` pairs."""
        self.states: list[Any] = []
        """The world's state after each edge."""
        self.added: list[tuple[int, float | None]] = []
        """The nodes added, as their depth and their outcome's probability (below chance)."""

    def step(self, edge: Any, state: Any, probability: float | None, *, added: bool) -> None:
        self.edges.append(edge)
        self.states.append(state)
        if added:
            self.added.append((len(self.edges), probability))

    def select(self, search: _Search, expanded: bool) -> None:
        """``Select`` where the walk stopped, then an ``Expand`` per node added on the way."""
        from ..trace.events import Expand, Select  # loaded only by a traced search

        assert search.trace is not None
        stop = len(self.edges) - 1 if expanded else len(self.edges)
        search.trace(Select(tuple(self.edges[:stop]), search.iterations))
        game = search.game
        for depth, probability in self.added:
            state = self.states[depth - 1]
            terminal = bool(game.is_terminal(state))
            player = None if terminal else game.to_move(state)
            kind: NodeKind | Literal["leaf"]
            if terminal:
                kind = "leaf"
            elif player == CHANCE:
                kind = "chance"
            else:
                kind = "max" if search.players != 2 or player == search.player else "min"
            path = tuple(self.edges[:depth])
            search.trace(Expand(path, state, player, kind, depth, terminal, probability))

    def finish(self, search: _Search, state: Any, utilities: tuple[float, ...]) -> None:
        """The iteration's ``Rollout`` and ``Backup``, with the searching player's result."""
        from ..trace.events import Backup, Rollout  # loaded only by a traced search

        assert search.trace is not None
        path, mine = tuple(self.edges), utilities[search.player]
        how: Literal["rollout", "terminal"] = "rollout" if search.plies else "terminal"
        search.trace(Rollout(path, mine, how, search.plies, utilities))
        search.trace(Backup(path, mine, utilities))
