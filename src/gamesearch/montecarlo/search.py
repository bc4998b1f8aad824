"""``mcts``: Monte Carlo tree search, with UCT or PUCT, the MCTS-Solver and tree reuse."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from .._entry import check_is_game, check_trace, merge_limit, refuse_limits, resolve_root
from .._faults import examined
from .._parts import check_executor
from ..game import A, Game, Player, S
from ..limit import Limit
from ..result import SearchResult
from ..trace.observer_type import Observer
from ._grow import grow, terminal
from ._options import Prior, Rollout, Settings, check_options, make_rng
from ._trees import check_trees, root_parallel, tree_seeds
from .tree import MCTSTree, check_tree

__all__ = ["mcts"]


@examined
def mcts(
    game: Game[S, A],
    state: S | None = None,
    *,
    limit: Limit | None = None,
    iterations: int | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    exploration: float | None = None,
    evaluate: Callable[[S, Player], float] | None = None,
    rollout: Rollout | None = None,
    prior: Prior | None = None,
    dirichlet: tuple[float, float] | None = None,
    solver: bool = True,
    bounds: tuple[float, float] | None = None,
    rng: Any = None,
    tree: MCTSTree | None = None,
    trace: Observer | None = None,
    depth: None = None,
    executor: Executor | None = None,
    trees: int | None = None,
    retries: int = 0,
) -> SearchResult[A]:
    """Monte Carlo tree search: grow a tree by random playouts and play the most visited move.

    Each iteration has four phases (Browne et al. 2012). *Selection* walks down the tree by
    UCT (Kocsis and Szepesvari 2006): at each node the player to move picks the child of
    highest ``mean + exploration * sqrt(ln N / n)``, where ``mean`` is that player's mean
    utility over the ``n`` iterations through the child and ``N`` the parent's visits.
    *Expansion* adds one untried action's child; *simulation* plays uniformly random moves
    from it to the end of the game (or calls ``rollout``, or ``evaluate``); *backup* adds every
    player's utility to the nodes passed, each node keeping the utility of the player who moved
    into it. So one search serves two-player zero-sum games and games of any number of
    players (max-n backups), and a draw counts at the game's utility for a draw: half a win
    when a win is 1 and a loss -1.

    At a chance node the outcome is *sampled* by its probability, not averaged over all
    outcomes: an iteration then costs one path whatever the number of outcomes, and the means
    still converge to the expectation (UCT was defined for Markov decision processes, whose
    transitions are random). Games with cycles (Pig) are fine: the tree is a tree of lines.

    With ``prior``, selection is PUCT as in AlphaZero (Silver et al. 2017): the child of
    highest ``Q + exploration * P * sqrt(N) / (1 + n)``, an untried action counting Q = 0.

    The MCTS-Solver (Winands, Bjornsson and Saito 2008), on by default in two-player constant-
    sum games (a value ``v`` for one player is ``total - v`` for the other, the total learnt
    from the first end met), proves terminal nodes, then a node whose children are all proven
    (at the best child's value) or, given ``bounds``, one of whose children is proven worth the
    highest utility to the player to move. It keeps bounds on every node's value (score-bounded
    MCTS, Cazenave and Saffidine 2011), so draws and scores are proven too; selection skips a
    child whose upper bound cannot beat a sibling's lower bound (as alpha-beta prunes), and a
    mean is read within its node's bounds. A proven root stops the search, with ``exact=True``.

    Args:
        game: Any game: two or more players, with or without chance nodes.
        state: The root; ``None`` means ``game.initial_state()``.
        limit: ``iterations``, ``time_limit`` and ``node_limit`` as one
            :class:`~gamesearch.Limit` (its ``depth`` is refused).
        iterations: Stop after this many iterations (an int >= 1).
        time_limit: Stop after this many seconds (> 0). The clock is read every iteration,
            so the search returns within about one iteration of the deadline.
        node_limit: Stop once the search has created this many nodes, the root included
            (one per iteration): ``stats.nodes`` never exceeds it. At 1 the root alone is
            counted and no iteration runs: the value is NaN and the action ``None``.
        exploration: The exploration constant ``c`` (>= 0), on the scale of the game's
            utilities, used as given. ``None`` (the default) fits it to the game: sqrt(2)
            (UCB1's constant, which suits utilities from -1 to 1) times half the range of the
            utilities, never less than 1. The range is ``bounds``, else the game's declared
            ``utility_bounds``, else the least and the most utility backed up so far in this
            search (min-max normalisation, as MuZero's pseudocode keeps them). So a game
            scored +-1 (or 1 and 0) is searched with sqrt(2) itself, and one scored by a
            margin of up to 24 with about 24 * sqrt(2): as if its means were normalised to
            [-1, 1].
        evaluate: ``evaluate(state, player)`` scores a new leaf instead of a playout (an
            evaluation on the utilities' scale, as the other searchers take it).
        rollout: ``rollout(state, rng)`` replaces the random playout: it returns every
            player's utility (or an estimate), indexed by player.
        prior: ``prior(state, actions)``, one probability per action in order (a learned
            policy, say): switches selection to PUCT.
        dirichlet: ``(alpha, weight)``: mix Dirichlet(alpha) noise into the root's prior, with
            this weight, as AlphaZero does for self-play ((0.3, 0.25) in chess). The root is
            then expanded at once. Needs ``prior``.
        solver: Prove values with the MCTS-Solver (two-player constant-sum games, whose two
            utilities add up to the same total at every end, as zero-sum games' and Nim's 1
            and 0 do; ignored in games of other numbers of players).
        bounds: ``(lowest, highest)`` utility of the game, such as ``(-1, 1)``: lets the
            solver prove a node as soon as one child is proven worth ``highest``, and scales
            the default exploration. ``None``: the game's ``utility_bounds`` if it declares
            them (an attribute or a method, see :mod:`gamesearch.game`), else none.
        rng: An int seed or a ``random.Random``; the same seed gives the same search (with
            ``iterations`` or ``node_limit``; a ``time_limit`` depends on the machine).
        tree: An :class:`MCTSTree` to fill and reuse: pass the same one for every move, and
            read the root's visit counts from it (:meth:`MCTSTree.statistics`).
        trace: An observer told every phase of every iteration (``Select``, ``Expand``,
            ``Rollout``, ``Backup``), between an ``Enter`` and a ``Leave`` of the root; a
            :class:`~gamesearch.trace.SearchTree` draws the tree with visit counts.
        depth: Not taken: playouts run to the end of the game (or ``evaluate`` scores each new
            leaf); an ``InvalidSearchOptionError`` names the searchers that take one. Limit
            the search by ``iterations``, ``time_limit`` or ``node_limit``.
        executor: Where to grow the ``trees``: any ``concurrent.futures.Executor`` (a
            ``ProcessPoolExecutor``, Dask's ``Client.get_executor()``); needs ``trees``. The
            game, the state and ``evaluate``, ``rollout`` and ``prior`` must then pickle.
        trees: Root parallelisation: grow this many independent trees of the root, each with
            the full budget (``iterations``, ``node_limit``, ``time_limit``) and its own
            generator seeded from ``rng`` and the tree's index, and merge them by adding up the
            visits and value sums of the root's children (proofs too: a child proven in one
            tree is proven). The same call gives the same result on any executor and serially
            (with ``iterations`` or ``node_limit``). ``None`` (the default): one tree, here.
            Not with ``tree`` or ``trace``.
        retries: With ``trees``, grow a tree that raised again, up to this many times.

    Returns:
        ``action``, the root's most visited child (ties to the higher mean), among those the
        solver has not shown to be worse than a sibling; a child whose proven lower bound is
        at least that child's mean is preferred, and at a proven root, a proven best child;
        ``value``, that child's mean utility for ``player`` (its proven value if proven);
        ``pv``, the most visited line down to a chance node or the tree's edge;
        ``action_values``, every expanded root action with its mean (or proven) value for
        ``player``, in the game's order of the actions; ``exact``, whether the root is
        proven. ``stats.nodes`` counts the nodes this search created, ``stats.leaves`` its
        iterations (each scores one leaf), ``stats.max_depth`` the tree's deepest ply; the
        visit counts of the root's actions are in ``tree.statistics()``. At a chance root
        ``action`` is ``None`` and ``value`` is for the player who moved into it (player 0
        at the initial state). With ``trees``, the same from the merged root: ``stats`` add up
        the trees' work (``elapsed`` is the wall time), ``pv`` follows the chosen action's
        most visited tree below it.

    Raises:
        InvalidSearchOptionError: ``depth``; no limit at all; a limit, ``exploration``,
            ``dirichlet`` or ``bounds`` out of range; ``evaluate`` with ``rollout``; a
            ``prior`` that is not a distribution over the actions (the message names the
            state); a ``rollout`` that does not return one number per player.
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: a game of imperfect information (it declares
            ``information_set``), or no player; or, with the solver, utilities that do not
            add up to the same total at every terminal state (not constant-sum).
        GameProtocolError: a non-terminal state without actions, a chance node without
            ``chance_outcomes``, ``to_move`` returning no player of the game, a random
            playout that does not end, or ``utility_bounds`` that are not a pair
            ``(lowest, highest)``.
        InvalidDistributionError: a chance node's probabilities are not a distribution.
        InvalidUtilityError: a utility or evaluation that is NaN, or outside ``bounds``.
        NotPicklableError: the executor runs trees in other processes and the game, the state
            or a function option does not pickle (before any tree is sent).
        PartFailedError: a tree raised (or its worker died) after its retries.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> state = game.parse("XX. / OO. / ...")
        >>> result = mcts(game, state, iterations=200, bounds=(-1, 1), rng=7)
        >>> result.action, result.value, result.exact   # X wins at once: proven
        (2, 1.0, True)
        >>> result = mcts(game, iterations=500, rng=7)
        >>> result.action in game.actions(game.initial_state()), result.stats.leaves
        (True, 500)

        Four trees of 500 iterations each, merged (here serially; ``executor=`` grows them
        elsewhere, with the same result):

        >>> merged = mcts(game, iterations=500, rng=7, trees=4)
        >>> again = mcts(game, iterations=500, rng=7, trees=4)
        >>> merged.stats.leaves, (merged.action, merged.pv) == (again.action, again.pv)
        (2000, True)
    """
    started = time.perf_counter()
    iterations, time_limit, node_limit = _limits(limit, iterations, time_limit, node_limit)
    refuse_limits("mcts", depth=depth)  # its playouts run to the end (or evaluate= scores)
    check_is_game(game)
    check_executor(executor, "mcts")
    trees = check_trees(trees, executor, tree, trace, retries)
    settings = check_options(
        game,
        {
            "iterations": iterations,
            "time_limit": time_limit,
            "node_limit": node_limit,
            "exploration": exploration,
            "evaluate": evaluate,
            "rollout": rollout,
            "prior": prior,
            "dirichlet": dirichlet,
            "solver": solver,
            "bounds": bounds,
        },
    )
    if trees is not None:
        return _parallel(game, state, locals(), settings, trees, started)
    generator = make_rng(rng)
    check_trace(trace, "mcts")
    kept = check_tree(tree)
    root_state = resolve_root(game, state, settings.capabilities)
    return grow(game, root_state, settings, generator, kept, trace, started)


def _parallel(
    game: Game[Any, Any],
    state: Any,
    arguments: dict[str, Any],
    settings: Settings,
    trees: int,
    started: float,
) -> SearchResult[Any]:
    """``mcts`` with ``trees``: the trees grown as parts on the executor, merged at the root."""
    root_state = resolve_root(game, state, settings.capabilities)
    if game.is_terminal(root_state):
        return terminal(game, root_state, settings.players, started, None)
    seeds = tree_seeds(arguments["rng"], trees)
    options = {name: arguments[name] for name in _SHIPPED}
    return root_parallel(
        game, root_state, options, seeds=seeds, executor=arguments["executor"],
        retries=arguments["retries"], started=started,
    )  # fmt: skip


_SHIPPED = (
    "iterations", "time_limit", "node_limit", "exploration", "evaluate", "rollout", "prior",
    "dirichlet", "solver", "bounds",
)  # fmt: skip
"""The options every tree of a root-parallel search is given as they were passed."""


def _limits(
    limit: Limit | None, iterations: object, time_limit: object, node_limit: object
) -> tuple[Any, Any, Any]:
    """MCTS's iterations, time limit and node limit, from its keywords and its ``limit``."""
    given = merge_limit(
        "mcts", limit, time_limit=time_limit, node_limit=node_limit, iterations=iterations
    )
    return given.iterations, given.time_limit, given.node_limit
