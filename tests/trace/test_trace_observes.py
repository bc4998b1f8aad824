"""A trace observes; it never steers: traced, every searcher runs the search it runs untraced.

Each check searches one position twice, with fresh tables and random generators, once without
``trace`` and once with a :class:`~gamesearch.trace.SearchTree` recording it, and requires the
same result: value, action, principal variation, every statistic but the clock, and every other
field. Before issue 28, section 2, a traced search of a game with ``win_utility`` ran without
the engine's distance scores: from tic-tac-toe's ``X.. / .O. / ...`` iterative deepening
visited 392 nodes untraced and 377 traced, alpha-beta with a table and an order 170 and 182,
and from ``XO. / .X. / O..`` iterative deepening 6 and 94; ``mtdf`` could not be traced at all.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from typing import Any

import pytest
from helpers import comparable
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch import (
    BlindSearchWarning,
    InvalidSearchOptionError,
    SearchResult,
    TranspositionTable,
    alphabeta,
    best_reply,
    expectimax,
    expectiminimax,
    iterative_deepening,
    maxn,
    mcts,
    minimax,
    mtdf,
    negamax,
    paranoid,
)
from gamesearch.capabilities import ProbeSetting
from gamesearch.games import ConnectFour, GameTree, Hog, Nim, Pig, TicTacToe
from gamesearch.testing import chance_trees, game_trees, maxn_trees, states
from gamesearch.trace import Enter, Leaf, Leave, Prune, SearchTree

Options = Callable[[], dict[str, Any]]
"""Makes a searcher's keyword arguments afresh (a new table, a new generator) for each run."""


def same_search(
    searcher: Callable[..., SearchResult[Any]],
    game: Any,
    state: Any = None,
    options: Options = dict,
) -> SearchTree:
    """Check that tracing changes nothing in ``searcher``'s search; return the trace."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", BlindSearchWarning)  # both runs warn alike, if at all
        plain = searcher(game, state, **options())
        tree = SearchTree(game)
        traced = searcher(game, state, trace=tree, **options())
    assert comparable(traced) == comparable(plain)
    assert tree.trees, "the trace was told the search"
    return tree


def arbitrary(state: Any, player: int) -> float:
    """A zero-sum evaluation of a :class:`GameTree` state (a tuple of actions), in [-1, 1]."""
    score = ((sum(state) * 7 + len(state) * 3) % 5 - 2) / 2
    return score if player == 0 else -score


def backwards(state: Any, actions: Any) -> list[Any]:
    """An order that tries the last action first."""
    return list(reversed(actions))


# --- The alpha-beta family and minimax, on random trees --------------------------------------

PRUNING_OPTIONS: list[Options] = [
    dict,
    lambda: {"table": TranspositionTable()},
    lambda: {"order": backwards},
    lambda: {"table": TranspositionTable(), "order": backwards},
    lambda: {"killers": True, "history": True},
    lambda: {"root_values": True},
    lambda: {"table": TranspositionTable(), "killers": True, "history": True, "root_values": True},
]

DEEPENING_OPTIONS: list[Options] = [
    dict,
    lambda: {"pvs": True},
    lambda: {"aspiration": 0.5},
    lambda: {"reductions": True},
    lambda: {"singular": 0.25},
    lambda: {"root_values": True},
    lambda: {"order": backwards, "table": TranspositionTable()},
    lambda: {"pvs": True, "aspiration": 0.5, "reductions": True, "singular": 0.25},
]


def limited(options: Options, depth: int) -> Options:
    """``options`` with a depth limit and :func:`arbitrary` at it."""
    return lambda: {**options(), "depth": depth, "evaluate": arbitrary}


def check_two_player_searchers(tree: Any, depth: int | None) -> None:
    """Every two-player searcher, with each of its options, at ``depth`` (``None``: none)."""

    def at_depth(options: Options) -> Options:
        return options if depth is None else limited(options, depth)

    same_search(minimax, tree, options=at_depth(dict))
    for options in PRUNING_OPTIONS:
        same_search(alphabeta, tree, options=at_depth(options))
        same_search(negamax, tree, options=at_depth(options))
    for options in (dict, lambda: {"order": backwards}, lambda: {"first_guess": 1.5}):
        same_search(mtdf, tree, options=at_depth(options))
    for options in DEEPENING_OPTIONS:
        same_search(iterative_deepening, tree, options=at_depth(options))
    same_search(
        iterative_deepening, tree, options=lambda: {"node_limit": 12, "evaluate": arbitrary}
    )


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(game_trees(max_depth=4), st.sampled_from([None, 1, 2, 3]))
def test_the_alpha_beta_family_is_the_same_traced(tree: GameTree, depth: int | None) -> None:
    check_two_player_searchers(tree, depth)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(game_trees(max_depth=5, values=st.integers(-1, 1)), st.sampled_from([None, 2, 3]))
def test_the_same_with_wins_ranked_by_distance(tree: GameTree, depth: int | None) -> None:
    # A game that declares win_utility gets the engine's distance scores: mate-distance pruning,
    # the table's proofs, iterative deepening that stops at a proof. They are what tracing
    # switched off before.
    tree.win_utility = 1.0  # type: ignore[attr-defined]
    check_two_player_searchers(tree, depth)


@settings(max_examples=30, deadline=None)
@given(game_trees(max_depth=4), st.integers(0, 2**16), st.booleans())
def test_mcts_is_the_same_traced(tree: GameTree, seed: int, solver: bool) -> None:
    same_search(mcts, tree, options=lambda: {"iterations": 40, "rng": seed, "solver": solver})


# --- Chance and multi-player searchers, on random trees --------------------------------------


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(chance_trees(max_depth=4), st.sampled_from([None, 2, 3]))
def test_the_chance_searchers_are_the_same_traced(tree: GameTree, depth: int | None) -> None:
    def evaluate(state: Any, player: int) -> float:
        return max(-9.0, min(9.0, 3 * arbitrary(state, player)))

    limit: dict[str, Any] = {} if depth is None else {"depth": depth, "evaluate": evaluate}
    same_search(expectiminimax, tree, options=lambda: dict(limit))
    same_search(
        expectiminimax, tree, options=lambda: {**limit, "pruning": "star1", "bounds": (-9, 9)}
    )
    same_search(expectimax, tree, options=lambda: dict(limit))


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(maxn_trees(3, max_depth=4, sum_bounds=(0, 10)))
def test_the_multi_player_searchers_are_the_same_traced(tree: GameTree) -> None:
    same_search(maxn, tree)
    same_search(maxn, tree, options=lambda: {"pruning": "shallow", "sum_bounds": (0, 10)})
    same_search(paranoid, tree)
    same_search(mcts, tree, options=lambda: {"iterations": 40, "rng": 3})


# --- The bundled games ------------------------------------------------------------------------

TICTACTOE = TicTacToe()
POSITIONS = [
    "X.. / .O. / ...",  # the issue's first case: a draw
    "XO. / .X. / O..",  # the issue's second: X wins at once
    "XX. / OO. / ...",
    "XOX / .O. / ...",
    "XO. / ... / ...",
    "XOX / OXO / ...",
]


def tictactoe_options() -> list[tuple[Callable[..., SearchResult[Any]], Options]]:
    """Every tic-tac-toe searcher with the options worth telling apart (the game's order)."""
    order = TICTACTOE.order
    cases: list[tuple[Callable[..., SearchResult[Any]], Options]] = [(minimax, dict)]
    for options in [*PRUNING_OPTIONS, lambda: {"table": TranspositionTable(), "order": order}]:
        cases += [(alphabeta, options), (negamax, options)]
    cases += [(mtdf, dict), (mtdf, lambda: {"depth": 3, "evaluate": zero})]
    cases += [(iterative_deepening, options) for options in DEEPENING_OPTIONS]
    cases += [(iterative_deepening, lambda: {"depth": 3})]
    cases += [(alphabeta, lambda: {"depth": 2, "evaluate": zero})]
    cases += [(mcts, lambda: {"iterations": 200, "rng": 11, "solver": True})]
    return cases


@pytest.mark.slow
@pytest.mark.parametrize("position", POSITIONS)
def test_tictactoe_positions_are_searched_the_same_traced(position: str) -> None:
    state = TICTACTOE.parse(position)
    for searcher, options in tictactoe_options():
        same_search(searcher, TICTACTOE, state, options)


@pytest.mark.parametrize(
    ("searcher", "position", "options"),
    [
        (iterative_deepening, "X.. / .O. / ...", dict),
        (
            alphabeta,
            "X.. / .O. / ...",
            lambda: {"table": TranspositionTable(), "order": TICTACTOE.order},
        ),
        (iterative_deepening, "XO. / .X. / O..", dict),
    ],
    ids=["deepening", "alphabeta-table-order", "deepening-won"],
)
def test_the_issue_s_three_cases(searcher: Any, position: str, options: Options) -> None:
    tree = same_search(searcher, TICTACTOE, TICTACTOE.parse(position), options)
    result = searcher(TICTACTOE, TICTACTOE.parse(position), **options())
    events = [event for event, _ in tree.log]
    enters = sum(isinstance(event, Enter) for event in events)
    leaves = sum(isinstance(event, Leaf) for event in events)
    assert enters + leaves == result.stats.nodes  # the picture has every node searched
    assert sum(isinstance(event, Prune) for event in events) == result.stats.cutoffs
    assert tree.root.value == result.value
    assert tree.root.state == TICTACTOE.parse(position)
    # The last search of the root found a best action; iterative_deepening returns the first as
    # good in actions() order (issue 27), found by searches of the earlier children, told too.
    assert result.action <= tree.root.best_action


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(states(TICTACTOE, max_moves=7).filter(lambda state: len(TICTACTOE.actions(state)) <= 6))
def test_tictactoe_states_are_searched_the_same_traced(state: int) -> None:
    for searcher, options in tictactoe_options():
        same_search(searcher, TICTACTOE, state, options)


def test_events_show_the_game_s_values_not_distance_scores() -> None:
    # The engine ranks a won line by its distance internally; the picture shows the utility.
    game = TICTACTOE
    tree = same_search(iterative_deepening, game, game.parse("XOX / .O. / ..."))
    shown = {event.value for event, _ in tree.log if isinstance(event, (Leaf, Leave, Prune))}
    windows = {
        end
        for event, _ in tree.log
        if isinstance(event, (Enter, Leave, Prune)) and event.alpha is not None
        for end in (event.alpha, event.beta)
    }
    assert shown <= {-1.0, 0.0, 1.0}
    # Windows just around a value (the checks of earlier root actions) end a float away from it.
    nearest = {end if math.isinf(end) else round(end, 9) for end in windows}
    assert nearest <= {-math.inf, -1.0, 0.0, 1.0, math.inf}


@pytest.mark.slow
def test_connect_four_is_searched_the_same_traced() -> None:
    game = ConnectFour(4, 4)
    state = game.initial_state()
    for column in (1, 2, 1, 2):
        state = game.result(state, column)
    for depth in (3, 5):
        for options in PRUNING_OPTIONS:
            same_search(alphabeta, game, state, limited_by_game(options, depth))
            same_search(negamax, game, state, limited_by_game(options, depth))
        for options in DEEPENING_OPTIONS:
            same_search(
                iterative_deepening, game, state, lambda o=options, d=depth: {**o(), "depth": d}
            )
        same_search(mtdf, game, state, lambda d=depth: {"depth": d})
    same_search(iterative_deepening, game, state, lambda: {"node_limit": 2000})
    same_search(mtdf, game, state)  # the exact solver's probes (non_losing_children)
    same_search(mtdf, game, state, lambda: {"order": game.order})  # the general loop
    same_search(iterative_deepening, game, state)
    same_search(mcts, game, state, lambda: {"iterations": 100, "rng": 5})


def limited_by_game(options: Options, depth: int) -> Options:
    """``options`` with a depth limit, at which the game's own evaluation scores."""
    return lambda: {**options(), "depth": depth}


class GeneralLoop(ConnectFour):
    """ConnectFour without its probe on words: the exact solver's general loop, traced or not."""

    def solving_kernel(self, setting: ProbeSetting) -> None:
        return None


def test_a_traced_exact_solve_answers_as_the_untraced_one() -> None:
    # Compiled, ConnectFour solves untraced in its own probe on words, which a trace cannot
    # follow: the traced solve runs the general loop, with the same answer, other nodes.
    game = ConnectFour(4, 4)
    state = game.from_moves("12234")
    plain, traced = mtdf(game, state), mtdf(game, state, trace=SearchTree(game))
    assert (traced.value, traced.plies_to_end, traced.action, traced.exact) == (
        plain.value, plain.plies_to_end, plain.action, plain.exact,
    )  # fmt: skip


def test_the_exact_solver_tells_every_node_it_searches() -> None:
    game = GeneralLoop(4, 4)
    state = game.initial_state()
    for column in (0, 1, 1, 2, 3):
        state = game.result(state, column)
    tree = same_search(mtdf, game, state)
    result = mtdf(game, state)
    events = [event for event, _ in tree.log]
    assert sum(isinstance(e, (Enter, Leaf)) for e in events) == result.stats.nodes
    assert sum(isinstance(e, Prune) for e in events) == result.stats.cutoffs
    assert len(tree.trees) >= 2  # one tree per probe (the tie checks of earlier actions too)
    assert tree.root.state == state  # the root is the last probe of the root, not a tie check
    # The last probe of the root found a best action; mtdf returns the first as good in
    # actions() order (issue 27), found by the tie checks of the earlier children.
    best = tree.root.best_action
    assert result.action <= best
    assert mtdf(game, game.result(state, best)).value == -result.value


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(1, 3), min_size=1, max_size=3))
def test_nim_is_searched_the_same_traced(piles: list[int]) -> None:
    two = Nim(tuple(piles), players=2)
    same_search(minimax, two)
    for options in PRUNING_OPTIONS:
        same_search(alphabeta, two, options=options)  # (not negamax: Nim is not zero-sum)
    same_search(mtdf, two)
    for options in DEEPENING_OPTIONS:
        same_search(iterative_deepening, two, options=options)
    three = Nim(tuple(piles), players=3)
    same_search(maxn, three)
    same_search(maxn, three, options=lambda: {"pruning": "shallow", "sum_bounds": (0, 1)})
    same_search(paranoid, three)
    for depth in (2, 4):
        same_search(best_reply, three, options=lambda d=depth: {"depth": d, "evaluate": zero})
    same_search(mcts, three, options=lambda: {"iterations": 60, "rng": 2})


def zero(state: Any, player: int) -> float:
    """The evaluation that knows nothing."""
    return 0.0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "bounds"), [(Pig(goal=8, die_sides=3), (-1, 1)), (Hog(), (-1, 1))], ids=["pig", "hog"]
)
def test_dice_games_are_searched_the_same_traced(game: Any, bounds: tuple[int, int]) -> None:
    for depth in (2, 3):
        same_search(expectiminimax, game, options=lambda d=depth: {"depth": d})
        same_search(
            expectiminimax,
            game,
            options=lambda d=depth: {"depth": d, "pruning": "star1", "bounds": bounds},
        )
        same_search(expectimax, game, options=lambda d=depth: {"depth": d})
    same_search(mcts, game, options=lambda: {"iterations": 100, "rng": 9})


def test_star2_refuses_a_trace_rather_than_search_another_way() -> None:
    # Star2's probes start on every child of a chance node before finishing any, which nested
    # events cannot tell: traced, it says so, instead of running Star1 or no pruning.
    game = Pig(goal=8, die_sides=3)
    assert expectiminimax(game, depth=3, pruning="star2", bounds=(-1, 1)).stats.nodes > 0
    with pytest.raises(InvalidSearchOptionError, match="star2"):
        expectiminimax(game, depth=3, pruning="star2", bounds=(-1, 1), trace=SearchTree(game))
