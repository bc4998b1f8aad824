"""One Monte Carlo tree of one root: the search :func:`~gamesearch.mcts` runs on a single tree.

:mod:`.search` checks ``mcts``'s options and grows one tree here; root parallelisation
(:mod:`._trees`) grows one tree here per worker and merges the trees' roots, choosing the action
to play by the same rule (:func:`choose`). Both sit above this module, which imports neither.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._validation import is_player, mover_error
from ..game import CHANCE, Game
from ..result import SearchResult, SearchStats
from ..trace.observer_type import Observer
from ._loop import Search
from ._node import Node, release, terminal_utilities
from ._options import Settings
from .tree import MCTSTree, in_game_order

if TYPE_CHECKING:
    from ..trace.events import NodeKind


def grow(
    game: Game[Any, Any],
    root_state: Any,
    settings: Settings,
    generator: random.Random,
    kept: MCTSTree | None,
    trace: Observer | None,
    started: float,
) -> SearchResult[Any]:
    """Grow one tree of ``root_state`` (reusing ``kept``'s) within ``settings``' limits.

    Every argument is already checked (by :func:`~gamesearch.mcts`); ``started`` is the
    ``time.perf_counter()`` reading the time limit and ``stats.elapsed`` count from.
    """
    if game.is_terminal(root_state):
        return terminal(game, root_state, settings.players, started, trace)
    # Read as an object: compiled by mypyc, a member typed to return a Player would be cast
    # on return, which refuses a wrong mover with a bare TypeError before the search's check.
    to_move: Callable[[Any], object] = game.to_move
    mover = to_move(root_state)
    players = settings.players
    if mover != CHANCE and not is_player(mover, players, chance=False):
        chance = settings.capabilities.chance_outcomes is not None
        raise mover_error(root_state, mover, players, chance=chance)
    player = 0 if mover == CHANCE else int(mover)  # type: ignore[call-overload]  # a number
    search = Search(game, settings, generator, player, trace, root_state)
    with_prior = settings.prior is not None
    root = None if kept is None else kept.take(game, root_state, with_prior)
    if trace is not None:
        from ..trace.events import Enter  # loaded only by a traced search

        actions = None if mover == CHANCE else tuple(game.actions(root_state))
        kind: NodeKind = "chance" if mover == CHANCE else "max"
        trace(Enter(root_state, None, 0, mover, kind, None, None, actions))  # type: ignore[arg-type]
    if root is None:
        root = search.make(root_state, None, None, player, 0)
    elif search.solver is not None and kept is not None:
        # The kept tree's proofs were made with the total its solver learnt; this search may
        # meet no new end (a tree grown to its ends), so it must not flip bounds without it.
        search.solver.total = kept.total
    search.base = root.depth  # a kept root keeps its depth: the plies count from it
    if settings.dirichlet is not None and mover != CHANCE:
        _add_noise(search, root, settings.dirichlet, generator)
    deadline = None if settings.time_limit is None else started + settings.time_limit
    search.run(root, deadline)
    if kept is not None:
        kept.keep(game, root, with_prior, None if search.solver is None else search.solver.total)
    result = _result(game, root, search, started)
    if kept is None:
        release(root)  # freed when this returns, not by a later collection
    if trace is not None:
        from ..trace.events import Leave  # loaded only by a traced search

        trace(Leave(root_state, 0, result.value, result.action, None, None))
    return result


def terminal(
    game: Game[Any, Any], state: Any, players: int, started: float, trace: Observer | None
) -> SearchResult[Any]:
    """The result at a terminal root: its utility, for the player to move there."""
    mover = game.to_move(state)
    player = mover if isinstance(mover, int) and 0 <= mover < players else 0
    value = terminal_utilities(game, state, players)[player]
    if trace is not None:
        from ..trace.events import Leaf  # loaded only by a traced search

        trace(Leaf(state, None, 0, value, True))
    stats = SearchStats(1, 1, 0, 0, time.perf_counter() - started)
    return SearchResult(value, None, (), player, stats, exact=True)


def _add_noise(search: Search, root: Node, dirichlet: tuple[float, float], rng: Any) -> None:
    """Expand every root action and mix Dirichlet noise into the root's prior (AlphaZero).

    A Dirichlet(alpha) sample is independent Gamma(alpha, 1) draws divided by their sum.
    """
    while root.tried < len(root.actions):
        search.expand_next(root)
    alpha, weight = dirichlet
    draws = [rng.gammavariate(alpha, 1.0) for _ in root.children]
    total = sum(draws)
    for child, draw in zip(root.children, draws, strict=True):
        noise = draw / total if total > 0 else 1 / len(draws)
        child.noisy = (1 - weight) * child.prior + weight * noise


def choose(node: Node) -> Node | None:
    """The child to play at a decision node: see :func:`mcts`'s Returns.

    The most visited child (ties to the higher estimate) among those the solver has not shown
    to be worse than a sibling; but a child whose proven lower bound is at least that child's
    estimate is as good for sure, and is preferred ("secure child"). At a proven node, a child
    proven to give its value.
    """
    children = [child for child in node.children if child.visits or child.proven is not None]
    if not children:
        return None
    floor = max(child.lower for child in children)
    if node.proven is not None:
        return max(
            (child for child in children if child.lower == floor),
            key=lambda child: (child.visits, child.estimate()),
        )
    hopeful = [child for child in children if child.upper >= floor]
    best = max(hopeful, key=lambda child: (child.visits, child.estimate()))
    if floor > -math.inf and floor >= best.estimate():
        return max(
            (child for child in hopeful if child.lower == floor),
            key=lambda child: (child.visits, child.estimate()),
        )
    return best


def _result(game: Any, root: Node, search: Search, started: float) -> SearchResult[Any]:
    stats = SearchStats(
        nodes=search.nodes,
        leaves=search.iterations,
        cutoffs=0,
        max_depth=search.max_depth,
        elapsed=time.perf_counter() - started,
    )
    exact = root.proven is not None
    if root.player == CHANCE:
        value = root.estimate()
        return SearchResult(value, None, (), root.owner, stats, exact=exact)
    assert root.player is not None
    pv: list[Any] = []
    best = choose(root)
    if best is None:  # node_limit=1: the root alone, no iteration ran (as pns answers then)
        return SearchResult(math.nan, None, (), root.player, stats, exact=False)
    node: Node | None = best
    while node is not None:
        pv.append(node.action)
        node = None if node.player in (None, CHANCE) else choose(node)
    values = tuple((child.action, child.estimate()) for child in in_game_order(game, root))
    return SearchResult(
        best.estimate(), best.action, tuple(pv), root.player, stats, exact=exact,
        action_values=values,
    )  # fmt: skip
