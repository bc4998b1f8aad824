"""The Monte Carlo loop: selection, expansion, simulation (rollout) and backup.

Each iteration walks down from the root choosing children by UCT (Kocsis and Szepesvari 2006)
or PUCT (Silver et al. 2017), sampling chance outcomes by their probabilities, expands one new
node, plays a random game from it (or evaluates it), and adds every player's utility to the
nodes it passed, each node keeping the utility of the player who moved into it.

With ``exploration`` left to its default, the exploration term is scaled to the game's
utilities: by half their range, declared (``bounds=`` or the game's ``utility_bounds``) or else
observed among the utilities backed up so far, and never by less than 1
(:func:`._options.exploration_scale`), so that one default constant suits a game scored +-1
and one scored by a margin of 24 seeds alike. A constant given is used as it is.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any, Literal, cast

from .._validation import is_player, mover_error, translate
from ..errors import GameProtocolError
from ..game import CHANCE
from ..trace.observer_type import Observer
from ._node import Node, set_actions, set_outcomes, set_priors, terminal_utilities
from ._options import Settings, exploration_scale
from ._playout import Simulator
from ._solver import Solver
from ._telling import chance_choice, untried_choice, weighed_choice

if TYPE_CHECKING:
    from ..trace.events import Choice


class Search:
    """One search's loop over a tree: the game's methods, the options and the counters."""

    __slots__ = (
        "actions_of",
        "base",
        "c",
        "explore",
        "game",
        "high",
        "is_terminal",
        "iterations",
        "low",
        "max_depth",
        "nodes",
        "noise",
        "observe",
        "outcomes_of",
        "prior",
        "random",
        "result",
        "root",
        "root_player",
        "settings",
        "simulator",
        "solver",
        "to_move",
        "trace",
    )

    def __init__(
        self,
        game: Any,
        settings: Settings,
        rng: Any,
        root_player: int,
        trace: Observer | None,
        root: Any = None,
    ) -> None:
        self.game = game
        self.settings = settings
        self.random = rng.random
        self.c = settings.exploration
        """The exploration constant as given, for utilities on the scale ``[-1, 1]``."""
        declared = settings.bounds
        self.observe = settings.fit and declared is None
        """Whether the utilities' range is observed during the search (none was declared)."""
        self.low, self.high = (math.inf, -math.inf) if declared is None else declared
        """The utilities' range: declared, or the least and most backed up so far."""
        self.explore = self.c
        """The exploration constant on the game's scale: ``c`` times the range's scale (with
        ``exploration`` left to its default), else ``c`` as given."""
        if settings.fit and declared is not None:
            self.explore = self.c * exploration_scale(*declared)
        self.prior = settings.prior
        self.noise = settings.dirichlet is not None
        self.result, self.to_move, self.is_terminal = game.result, game.to_move, game.is_terminal
        self.actions_of = game.actions
        self.outcomes_of = settings.capabilities.chance_outcomes
        self.solver = Solver(settings.bounds) if settings.solver else None
        self.simulator = Simulator(game, settings, rng, self.solver, root)
        self.root_player = root_player
        self.trace = trace
        self.root: Node | None = None
        self.nodes = 0
        """Nodes created by this search."""
        self.iterations = 0
        self.max_depth = 0
        self.base = 0
        """The root's ``depth``: a kept tree's nodes keep the depths they were made with, and
        this search counts its plies from its root's (see :meth:`MCTSTree.take`)."""

    def make(
        self,
        state: Any,
        action: Any,
        parent: Node | None,
        owner: int,
        depth: int,
        probability: float | None = None,
        prior: float = 0.0,
    ) -> Node:
        """A new node for ``state``, with its actions, outcomes or utilities read once."""
        node = Node(state, action, parent, owner, depth)
        node.probability = probability
        node.prior = node.noisy = prior
        self.nodes += 1
        if depth - self.base > self.max_depth:
            self.max_depth = depth - self.base
        game = self.game
        try:
            if self.is_terminal(state):
                node.utilities = utilities = terminal_utilities(game, state, self.settings.players)
                if self.solver is not None:
                    node.proven = node.lower = node.upper = self.solver.terminal(
                        state, utilities, owner
                    )
            else:
                if self.solver is not None:
                    node.lower, node.upper = self.solver.low, self.solver.high
                node.player = player = self.to_move(state)
                if type(player) is not int or not 0 <= player < self.settings.players:
                    node.player = player = self._checked_player(state, player)
                if player == CHANCE:
                    if self.outcomes_of is None:
                        raise GameProtocolError(
                            f"to_move returned CHANCE for state {state!r}, but "
                            f"{type(game).__name__} has no chance_outcomes(state) method"
                        )
                    set_outcomes(node, self.outcomes_of(state))
                elif self.prior is not None:
                    set_priors(node, self.actions_of(state), self.prior)
                else:
                    set_actions(node, self.actions_of(state))
        except TypeError as exc:  # a member given something that is not a state: name it
            translate(exc, game, state, None)
        if self.trace is not None:
            from ..trace.events import Expand  # loaded only by a traced search

            self.trace(
                Expand(
                    node.path(),
                    state,
                    node.player,
                    self._kind(node),
                    node.depth - self.base,
                    node.utilities is not None,
                    node.probability,
                    node.prior if self.prior is not None else None,
                )
            )
        return node

    def _checked_player(self, state: Any, player: Any) -> int:
        """``to_move(state)``'s answer other than a player's int: CHANCE, or 1.0 as player 1.

        Raises:
            GameProtocolError: it names no player of the game (nor CHANCE in a game of chance).
        """
        players, chance = self.settings.players, self.outcomes_of is not None
        if not is_player(player, players, chance=chance) and player != CHANCE:
            raise mover_error(state, player, players, chance=chance)
        return int(player)

    def run(self, root: Node, deadline: float | None) -> None:
        """Iterate until a limit is reached or the root is proven.

        At least one iteration runs, unless the root is proven already or the node limit is
        spent by the root alone (``node_limit=1``: the search counts the root and stops).
        """
        settings = self.settings
        iterations = settings.iterations
        node_limit = settings.node_limit
        clock = time.perf_counter
        simulator = self.simulator
        trace = self.trace
        observe = self.observe
        seen_low, seen_high = self.low, self.high
        self.root = root
        while root.proven is None:
            if node_limit is not None and self.nodes >= node_limit:
                break  # each iteration creates a node: none fits (the root spent the limit)
            leaf = self.select(root)
            utilities = simulator.simulate(leaf)
            if observe:
                low, high = _extremes(utilities)
                if low < seen_low or high > seen_high:
                    self.widen(low, high)
                    seen_low, seen_high = self.low, self.high
            if trace is not None:
                self._tell_rollout(leaf, utilities)
            self.backup(leaf, utilities)
            self.iterations += 1
            if iterations is not None and self.iterations >= iterations:
                break
            if deadline is not None and clock() >= deadline:
                break

    def widen(self, low: float, high: float) -> None:
        """Take ``low`` and ``high``, utilities just backed up, into the observed range.

        The min-max normalisation of mature MCTS libraries (MuZero's pseudocode keeps the
        least and the most value seen in the tree, Schrittwieser et al. 2020): a game need not
        declare its scale for the default constant to fit it.
        """
        self.low, self.high = min(low, self.low), max(high, self.high)
        self.explore = self.c * exploration_scale(self.low, self.high)

    def select(self, node: Node) -> Node:
        """Walk down from ``node`` to the node this iteration evaluates, expanding one node.

        Returns a new node, a terminal node or a proven node. Tells ``Select`` with the node
        expanded from (or the terminal or proven node reached).
        """
        random = self.random
        uct = self.prior is None
        told: list[Choice] | None = [] if self.trace is not None else None
        while node.utilities is None and node.proven is None:
            if cast("int", node.player) == CHANCE:  # not terminal: an int, compared unboxed
                index = node.sample(random())
                kids = node.kids
                assert kids is not None  # a chance node's
                child = kids[index]
                if told is not None:
                    told.append(chance_choice(node, index))
                if child is None:
                    self._tell_select(node, told)
                    outcome = node.outcomes[index]
                    state = self.result(node.state, outcome)
                    child = self.make(
                        state,
                        outcome,
                        node,
                        node.owner,
                        node.depth + 1,
                        node.probabilities[index],
                    )
                    kids[index] = child
                    return child
                node = child
                continue
            if uct:
                if node.tried < len(node.actions):  # expansion: the next, in the game's order
                    if told is not None:
                        action = node.actions[node.tried]
                        told.append(untried_choice(node, action, self.explore, None))
                        self._tell_select(node, told)
                    return self.expand_next(node)
                child = self.uct_child(node)
                if told is not None:
                    told.append(self._weighed(node, child.action, puct=False))
                node = child
            else:
                child = self.puct_child(node)
                if child is None:
                    assert node.priors is not None
                    if told is not None:
                        action, prior = node.actions[node.tried], node.priors[node.tried]
                        told.append(self._weighed(node, action, puct=True, untried=prior))
                        self._tell_select(node, told)
                    return self.expand_next(node)
                if told is not None:
                    told.append(self._weighed(node, child.action, puct=True))
                node = child
        self._tell_select(node, told)
        return node

    def _tell_select(self, node: Node, told: list[Choice] | None) -> None:
        """Tell the trace (if any) the node where selection stopped, and the choices made."""
        if self.trace is not None and told is not None:
            from ..trace.events import Select  # loaded only by a traced search

            self.trace(Select(node.path(), self.iterations, tuple(told)))

    def _weighed(
        self, node: Node, taken: Any, *, puct: bool, untried: float | None = None
    ) -> Choice:
        """The choice of ``taken`` at ``node``, with every child's numbers (traced only)."""
        noisy = puct and self.noise and node is self.root
        return weighed_choice(node, taken, self.explore, puct=puct, noisy=noisy, untried=untried)

    def expand_next(self, node: Node) -> Node:
        """The new child of ``node`` for its next untried action (counted tried first)."""
        index = node.tried
        node.tried = index + 1
        priors = node.priors
        return self.expand(node, node.actions[index], 0.0 if priors is None else priors[index])

    def expand(self, node: Node, action: Any, prior: float) -> Node:
        """The new child of ``node`` reached by ``action``."""
        owner = node.player
        assert owner is not None  # a decision node
        child = self.make(
            self.result(node.state, action), action, node, owner, node.depth + 1, None, prior
        )
        node.adopt(child)
        return child

    def uct_child(self, node: Node) -> Node:
        """UCB1 applied to trees (UCT): the child maximising mean + c * sqrt(ln N / n).

        ``c`` is the exploration constant on the game's scale (:attr:`explore`).

        The mean is for the player to move at ``node`` (the children's owner), kept within the
        solver's bounds on the child's value. A child whose upper bound is no more than the
        best lower bound among its siblings cannot change ``node``'s value and is skipped (the
        solver's cut; so is a proven child, once ``node`` has a proven lower bound).
        """
        c = self.explore
        k = c * c * math.log(float(node.visits))  # a float: compiled, the C log, no call
        mover = cast("int", node.player)  # a decision node's: an int, compared unboxed
        floor = node.lower if node.owner == mover else self.flipped(node.upper)
        # Expanded: a list (which mypyc checks, and then loops over natively).
        children = cast("list[Node]", node.children)
        best, best_score = children[0], -math.inf
        for child in children:
            upper = child.upper
            if upper <= floor:
                continue
            n = child.visits
            mean = child.total / n
            if mean > upper:
                mean = upper
            elif mean < child.lower:
                mean = child.lower
            score = mean + math.sqrt(k / n)
            if score > best_score:
                best, best_score = child, score
        return best

    def puct_child(self, node: Node) -> Node | None:
        """PUCT, as in AlphaZero: the child maximising Q + c * P * sqrt(N) / (1 + n).

        ``None`` means the untried action of highest prior scores best: expand it. An
        untried or unvisited action's Q is 0, as in AlphaZero; Q is kept within the solver's
        bounds, and the solver's cuts apply as in :meth:`uct_child`.
        """
        scale = self.explore * math.sqrt(node.visits)
        noisy = self.noise and node is self.root
        floor = node.lower if node.owner == node.player else self.flipped(node.upper)
        best: Node | None = None
        best_score = -math.inf
        for child in node.children:
            if child.upper <= floor:
                continue
            score = child.estimate() + scale * (child.noisy if noisy else child.prior) / (
                1 + child.visits
            )
            if score > best_score:
                best, best_score = child, score
        priors, tried = node.priors, node.tried
        if priors is not None and tried < len(priors) and scale * priors[tried] > best_score:
            return None
        return best

    def backup(self, leaf: Node, utilities: tuple[float, ...]) -> None:
        """Add the iteration's utilities to every node from ``leaf`` up to the root."""
        node: Node | None = leaf
        while node is not None:
            node.visits += 1
            node.total += utilities[node.owner]
            node = node.parent
        solved: list[Node] = []
        if self.solver is not None and leaf.proven is not None and leaf.visits == 1:
            solved = self.solver.propagate(leaf)
        if self.trace is not None:
            self._tell_backup(leaf, utilities, solved)

    def _tell_rollout(self, leaf: Node, utilities: tuple[float, ...]) -> None:
        how: Literal["rollout", "evaluate", "terminal", "proven"]
        if leaf.utilities is not None:
            how = "terminal"
        elif leaf.proven is not None:
            how = "proven"
        else:
            how = "evaluate" if self.settings.evaluate is not None else "rollout"
        from ..trace.events import Rollout  # loaded only by a traced search

        assert self.trace is not None
        self.trace(
            Rollout(
                leaf.path(),
                utilities[self.root_player],
                how,
                self.simulator.plies,
                utilities,
            )
        )

    def _tell_backup(self, leaf: Node, utilities: tuple[float, ...], solved: list[Node]) -> None:
        proofs = tuple((node.depth - self.base, self.max_view(node)) for node in solved)
        from ..trace.events import Backup  # loaded only by a traced search

        assert self.trace is not None
        self.trace(Backup(leaf.path(), utilities[self.root_player], utilities, proofs))

    def _kind(self, node: Node) -> Any:
        """The kind of a node in a trace: leaf, chance, MAX or MIN.

        Every player's node is MAX in games of more than two players, as in max-n.
        """
        if node.player is None:
            return "leaf"
        if node.player == CHANCE:
            return "chance"
        if self.settings.players != 2 or node.player == self.root_player:
            return "max"
        return "min"

    def flipped(self, value: float) -> float:
        """A bound for one player as the other's (the solver's), or no bound (``-inf``)."""
        return -math.inf if self.solver is None else self.solver.other(value)

    def max_view(self, node: Node) -> float:
        """A proven node's value for the root player (two-player constant-sum games)."""
        assert node.proven is not None
        assert self.solver is not None
        return node.proven if node.owner == self.root_player else self.solver.other(node.proven)


def _extremes(utilities: tuple[float, ...]) -> tuple[float, float]:
    """The least and the most of ``utilities`` (one loop, no iterator: a compiled hot path)."""
    low = high = utilities[0]
    for value in utilities:
        if value < low:
            low = value
        elif value > high:
            high = value
    return low, high
