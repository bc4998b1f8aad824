"""Root parallelisation: independent Monte Carlo trees of one root, merged by their root's children.

Root parallelisation (Cazenave and Jouandeau 2007; Chaslot, Winands and van den Herik 2008,
who found it the best of the simple schemes) grows ``k`` trees of the same root independently,
each with the full budget and its own generator, and merges only their roots: a root action's
visits and value sums are added up over the trees. The trees share nothing while they grow, so
each is a part of its own (:mod:`gamesearch._parts`) and runs on any executor; each tree's seed
is derived from the caller's seed and the tree's index, so the merged result of an iteration or
node budget is the same on every executor, serially included.

Proofs merge too: the MCTS-Solver's bounds are sound in every tree, so a root child's merged
bounds are the tightest of its trees' (a child proven in one tree is proven), and a root
proven in one tree is proven.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from .._parts import check_retries, check_shippable, derived_seed, run_parts
from ..errors import InvalidSearchOptionError
from ..game import CHANCE, Player
from ..result import SearchResult, SearchStats
from ._grow import choose, grow
from ._node import Node
from ._options import check_options, make_rng
from .tree import MCTSTree, action_key, in_game_order

SEARCHER = "mcts"


@dataclass(frozen=True)
class TreePart:
    """One tree of a root-parallel search: a part, shipped to a worker as it is."""

    index: int
    game: Any
    state: Any
    options: dict[str, Any]
    """``mcts``'s options but ``rng``, ``tree``, ``trace`` and the parallel ones."""
    seed: int

    def __repr__(self) -> str:
        return f"tree {self.index} (seed {self.seed})"


@dataclass(frozen=True)
class ChildSummary:
    """What one tree learnt of one root action: enough to merge it with the other trees'."""

    action: Any
    visits: int
    total: float
    lower: float
    upper: float
    proven: float | None
    line: tuple[Any, ...]
    """The most visited line below the action in this tree (its principal variation)."""


@dataclass(frozen=True)
class TreeSummary:
    """What one tree learnt of the root: its root's numbers, its children's, its counters."""

    player: Player | None
    owner: Player
    visits: int
    total: float
    lower: float
    upper: float
    proven: float | None
    children: tuple[ChildSummary, ...]
    nodes: int
    iterations: int
    max_depth: int


def check_trees(
    trees: object, executor: Executor | None, tree: object, trace: object, retries: object
) -> int | None:
    """``trees`` after checking it and the options that go with it.

    Raises:
        InvalidSearchOptionError: ``trees`` not an int >= 1 or ``None``; an executor without
            ``trees``; ``tree`` or ``trace`` with ``trees``; ``retries`` not an int >= 0.
    """
    check_retries(retries, SEARCHER)
    if trees is None:
        if executor is not None:
            raise InvalidSearchOptionError(
                f"{SEARCHER}: with executor=, pass trees=k too: root parallelisation grows k "
                "independent trees, each with the full budget, and the merged result depends "
                "on k, so k is not guessed from the executor (trees=2 on a 2-core machine)"
            )
        return None
    if isinstance(trees, bool) or not isinstance(trees, int) or trees < 1:
        raise InvalidSearchOptionError(f"{SEARCHER}: trees must be an int >= 1, not {trees!r}")
    for name, value, why in (
        ("tree", tree, "k trees are merged at their roots only, and none of them is kept"),
        ("trace", trace, "an observer cannot follow trees grown in other processes"),
    ):
        if value is not None:
            raise InvalidSearchOptionError(
                f"{SEARCHER}: {name}= cannot be used with trees= (root parallelisation): {why}; "
                f"drop {name}= or trees="
            )
    return trees


def tree_seeds(rng: object, trees: int) -> list[int]:
    """The seed of each tree: from ``rng`` (an int, a ``random.Random`` or ``None``) and its index.

    A ``random.Random`` gives one number (advancing it once), ``None`` a fresh unseeded one.

    Raises:
        InvalidSearchOptionError: ``rng`` is none of those.
    """
    if isinstance(rng, random.Random):
        base: int = rng.getrandbits(64)
    elif rng is None:
        base = random.Random().getrandbits(64)
    elif isinstance(rng, int) and not isinstance(rng, bool):
        base = rng
    else:
        raise InvalidSearchOptionError(
            f"{SEARCHER}: rng must be an int seed, a random.Random or None, not {rng!r}"
        )
    return [derived_seed(base, "tree", index) for index in range(trees)]


def root_parallel(
    game: Any,
    state: Any,
    options: dict[str, Any],
    *,
    seeds: list[int],
    executor: Executor | None,
    retries: int,
    started: float,
) -> SearchResult[Any]:
    """Grow one tree per seed (on ``executor``, or here), and merge them at the root."""
    check_shippable(executor, SEARCHER, game=game, state=state, **_functions(options))
    parts = [
        TreePart(index=index, game=game, state=state, options=options, seed=seed)
        for index, seed in enumerate(seeds)
    ]
    summaries = run_parts(executor, grow_tree, parts, caller=SEARCHER, retries=retries)
    return merge(game, state, summaries, started)


def _functions(options: dict[str, Any]) -> dict[str, Callable[..., Any]]:
    """The functions among ``options``, which must pickle to reach another process."""
    return {name: options[name] for name in ("evaluate", "rollout", "prior") if options[name]}


def grow_tree(part: TreePart) -> TreeSummary:
    """Search ``part``'s root with its seed, and summarise the tree's root (in the worker)."""
    started = time.perf_counter()
    settings = check_options(part.game, part.options)  # checked by mcts: read, not refused
    tree = MCTSTree()
    result = grow(part.game, part.state, settings, make_rng(part.seed), tree, None, started)
    root = tree._root  # the package's own tree: its root is what the merge needs
    assert root is not None  # a search of a non-terminal root always keeps its tree
    children = []
    for child in in_game_order(part.game, root) if root.player != CHANCE else root.children:
        line: list[Any] = []
        node: Node | None = child
        while node is not None and node.player not in (None, CHANCE):
            node = choose(node)
            if node is not None:
                line.append(node.action)
        summary = ChildSummary(
            child.action, child.visits, child.total, child.lower, child.upper, child.proven,
            tuple(line),
        )  # fmt: skip
        children.append(summary)
    whole = TreeSummary(
        player=root.player, owner=root.owner, visits=root.visits, total=root.total,
        lower=root.lower, upper=root.upper, proven=root.proven, children=tuple(children),
        nodes=result.stats.nodes, iterations=result.stats.leaves,
        max_depth=result.stats.max_depth,
    )  # fmt: skip
    tree.clear()  # freed at once, not by a later collection
    return whole


def merge(game: Any, state: Any, summaries: list[TreeSummary], started: float) -> SearchResult[Any]:
    """One result from the trees: the root's children with their visits and sums added up.

    The action is chosen among the merged children by the rule of a single search
    (:func:`._grow.choose`): the most visited, minding proofs.
    """
    first = summaries[0]
    root = Node(state, None, None, first.owner, 0)
    root.player = first.player
    _add(root, summaries)
    merged: dict[Any, Node] = {}
    lines: dict[Any, tuple[int, tuple[Any, ...]]] = {}
    for summary in summaries:
        for child in summary.children:
            key = action_key(child.action)
            node = merged.get(key)
            if node is None:
                # No link up to the merged root: no cycle, freed as soon as it is dropped.
                node = merged[key] = Node(None, child.action, None, first.player or 0, 1)
                root.adopt(node)
            _add(node, [child])
            if child.visits > lines.get(key, (-1, ()))[0]:  # the line of its busiest tree
                lines[key] = (child.visits, child.line)
    stats = SearchStats(
        nodes=sum(summary.nodes for summary in summaries),
        leaves=sum(summary.iterations for summary in summaries),
        cutoffs=0,
        max_depth=max(summary.max_depth for summary in summaries),
        elapsed=time.perf_counter() - started,
    )
    exact = root.proven is not None
    if root.player == CHANCE:
        return SearchResult(root.estimate(), None, (), root.owner, stats, exact=exact)
    assert root.player is not None
    best = choose(root)
    assert best is not None  # every tree expanded a root child
    pv = (best.action, *lines[action_key(best.action)][1])
    values = tuple((child.action, child.estimate()) for child in in_game_order(game, root))
    return SearchResult(
        best.estimate(), best.action, pv, root.player, stats, exact=exact, action_values=values
    )


def _add(node: Node, parts: list[Any]) -> None:
    """Add the visits and sums of ``parts`` (summaries of the same node) to ``node``.

    The bounds of every tree are sound, so their intersection is: the highest lower bound and
    the lowest upper bound; a value proven in any tree is proven.
    """
    for part in parts:
        node.visits += part.visits
        node.total += part.total
        node.lower = max(node.lower, part.lower)
        node.upper = min(node.upper, part.upper)
        if part.proven is not None:
            node.proven = part.proven
    if node.proven is None and node.lower == node.upper and math.isfinite(node.lower):
        node.proven = node.lower
