"""The engine's enhancements against plain minimax.

Tables, ordering, killers, history, quiescence, exact root values and iterative deepening.
"""

from __future__ import annotations

import functools
import random
import sys
from typing import Any

import pytest
from helpers import Countdown, exact_evaluation, room
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import (
    BlindSearchWarning,
    GameProtocolError,
    InvalidSearchOptionError,
    SearchTooDeepError,
    TranspositionTable,
    alphabeta,
    iterative_deepening,
    minimax,
    negamax,
)
from gamesearch.games import ConnectFour, GameTree, TicTacToe
from gamesearch.testing import game_trees, states
from gamesearch.twoplayer._enhanced import Enhancements, enhanced_search

TICTACTOE = TicTacToe()


def arbitrary_evaluation(state: Any, player: int) -> float:
    """A zero-sum evaluation that depends on the state only, different for most states."""
    score = float(hash(state) % 17 - 8)
    return score if player == 0 else -score


def shuffled_order(seed: int) -> Any:
    """An ``order`` that returns the actions in a random (but repeatable) permutation."""

    def order(state: Any, actions: Any) -> list[Any]:
        permuted = list(actions)
        random.Random(hash((seed, state))).shuffle(permuted)
        return permuted

    return order


options_strategy = st.fixed_dictionaries(
    {},
    optional={
        "table": st.builds(TranspositionTable, st.integers(min_value=1, max_value=64)),
        "killers": st.booleans(),
        "history": st.booleans(),
        "order": st.integers(0, 1000).map(shuffled_order),
    },
)


@given(game_trees(max_depth=4), options_strategy, st.integers(min_value=1, max_value=5))
def test_every_option_gives_the_minimax_value(tree: GameTree, options: Any, depth: int) -> None:
    full = minimax(tree, depth=depth, evaluate=arbitrary_evaluation)
    for searcher in (alphabeta, negamax):
        if "table" in options:
            options["table"].clear()
        result = searcher(tree, depth=depth, evaluate=arbitrary_evaluation, **options)
        assert result.value == full.value
        assert result.stats.nodes <= full.stats.nodes or "table" not in options
        assert result.exact >= full.exact


def symmetric_evaluation(state: int, player: int) -> float:
    """An arbitrary evaluation that, like the game's values, is the same for symmetric boards.

    A table key may merge only states that every value and evaluation treats alike. Scaled
    into [-1, 1], as tic-tac-toe's ``win_utility`` requires of an evaluation.
    """
    return arbitrary_evaluation(TICTACTOE.key(state), player) / 8


@given(states(TICTACTOE), options_strategy, st.integers(min_value=1, max_value=4))
def test_tables_are_sound_where_positions_transpose(state: int, options: Any, depth: int) -> None:
    options.setdefault("table", TranspositionTable())
    full = minimax(TICTACTOE, state, depth=depth, evaluate=symmetric_evaluation)
    result = alphabeta(TICTACTOE, state, depth=depth, evaluate=symmetric_evaluation, **options)
    assert result.value == full.value


@pytest.mark.slow
@given(game_trees(max_depth=4), st.integers(min_value=1, max_value=5))
def test_without_enhancements_the_enhanced_loop_is_the_plain_loop(
    tree: GameTree, depth: int
) -> None:
    if tree.is_terminal(()):
        return
    for root_view, searcher in ((True, alphabeta), (False, negamax)):
        plain = searcher(tree, depth=depth, evaluate=arbitrary_evaluation)
        outcome = enhanced_search(
            tree,
            (),
            depth,
            arbitrary_evaluation,
            root_view=root_view,
            options=Enhancements(),
        )
        assert outcome.value == plain.value
        assert outcome.expanded + outcome.leaves == plain.stats.nodes
        assert (outcome.leaves, outcome.cutoffs) == (plain.stats.leaves, plain.stats.cutoffs)


@given(game_trees(max_depth=4, min_branching=2))
def test_root_values_are_the_minimax_value_of_every_action(tree: GameTree) -> None:
    table = TranspositionTable()
    for options in ({}, {"table": table}):
        result = alphabeta(tree, root_values=True, **options)
        if result.action is None:
            continue
        expected = [
            (action, minimax(tree, tree.result((), action)).value * -1.0 or 0.0)
            if not tree.is_terminal(tree.result((), action))
            else (action, tree.utility(tree.result((), action), 0))
            for action in tree.actions(())
        ]
        assert sorted(result.action_values, key=repr) == sorted(expected, key=repr)
        best = max(value for _, value in expected)
        assert result.best_actions == tuple(a for a, v in result.action_values if v == best)
        assert result.action == minimax(tree).action


def uniform_tree(branching: int, depth: int, rng: random.Random) -> Any:
    if depth == 0:
        return rng.randint(-50, 50)
    return [uniform_tree(branching, depth - 1, rng) for _ in range(branching)]


def oracle_order(tree: GameTree) -> Any:
    """Perfect ordering: each node's children best first for the player to move there."""

    @functools.cache
    def value(state: tuple[Any, ...]) -> float:  # for MAX
        return minimax(tree, state).value * (1 if len(state) % 2 == 0 else -1)

    def order(state: tuple[Any, ...], actions: Any) -> list[Any]:
        sign = -1 if len(state) % 2 == 0 else 1  # MAX wants high values first
        return sorted(actions, key=lambda action: sign * value((*state, action)))

    return order


@pytest.mark.slow
@pytest.mark.parametrize("branching", [2, 3, 4, 5])
@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, 6])
def test_perfect_ordering_reaches_the_knuth_moore_bound(branching: int, depth: int) -> None:
    # Knuth and Moore (1975): with the best action first everywhere, alpha-beta evaluates
    # b^ceil(d/2) + b^floor(d/2) - 1 leaves of a uniform tree.
    tree = GameTree(uniform_tree(branching, depth, random.Random(branching * 10 + depth)))
    result = alphabeta(tree, order=oracle_order(tree))
    expected = branching ** -(-depth // 2) + branching ** (depth // 2) - 1
    assert result.stats.leaves == expected
    assert result.value == minimax(tree).value


@given(game_trees(max_depth=5))
def test_iterative_deepening_to_full_depth_gives_the_minimax_value(tree: GameTree) -> None:
    full = minimax(tree)
    result = iterative_deepening(tree)
    assert (result.value, result.exact) == (full.value, True)
    assert result.depth is not None
    assert result.depth <= max(full.stats.max_depth, 1)


@given(game_trees(max_depth=4), st.integers(min_value=1, max_value=4))
def test_iterative_deepening_to_a_depth_gives_minimax_at_that_depth(
    tree: GameTree, depth: int
) -> None:
    full = minimax(tree, depth=depth, evaluate=arbitrary_evaluation)
    iterations: list[Any] = []
    result = iterative_deepening(
        tree, depth=depth, evaluate=arbitrary_evaluation, on_iteration=iterations.append
    )
    assert result.value == full.value
    if tree.is_terminal(()):  # nothing to iterate
        assert (iterations, result.depth, result.exact) == ([], 0, True)
        return
    assert iterations[-1] is result
    assert [step.depth for step in iterations] == list(range(1, len(iterations) + 1))
    assert result.depth == depth or result.exact


@given(game_trees(max_depth=4), st.integers(min_value=1, max_value=4))
def test_an_exact_evaluation_makes_every_depth_agree(tree: GameTree, depth: int) -> None:
    evaluate = exact_evaluation(tree)
    result = iterative_deepening(tree, depth=depth, evaluate=evaluate)
    assert result.value == minimax(tree).value


@functools.cache
def distance_to_end(state: int) -> tuple[float, int]:
    """(value for the player to move, plies to the end) when the winner hurries.

    The loser delays: the reference for "fastest win, slowest loss", by exhaustive search.
    """
    if TICTACTOE.is_terminal(state):
        return TICTACTOE.utility(state, TICTACTOE.to_move(state)), 0
    return max(
        (after(state, action) for action in TICTACTOE.actions(state)),
        key=lambda pair: (pair[0], -pair[1] if pair[0] > 0 else pair[1]),
    )


def after(state: int, action: int) -> tuple[float, int]:
    """distance_to_end for the mover of ``state`` if it plays ``action``."""
    child = TICTACTOE.result(state, action)
    value, plies = distance_to_end(child)
    if TICTACTOE.is_terminal(child):
        value = TICTACTOE.utility(child, TICTACTOE.to_move(state))
    elif TICTACTOE.to_move(child) != TICTACTOE.to_move(state):
        value = -value
    return value, plies + 1


@given(states(TICTACTOE))
def test_the_engine_wins_fastest_and_loses_slowest(state: int) -> None:
    if TICTACTOE.is_terminal(state):
        return
    best_value, best_plies = distance_to_end(state)
    result = iterative_deepening(TICTACTOE, state)
    value, plies = after(state, result.action)
    assert result.value == value == best_value
    if best_value != 0:
        assert plies == best_plies


def test_a_win_in_one_is_taken_over_a_longer_win() -> None:
    # X to move. Square 0 (first in actions() order) also wins, in 3 plies: X at 0 threatens
    # two lines at once. Square 5 wins now.
    state = TICTACTOE.parse(".OO / XX. / ...")
    assert TICTACTOE.to_move(state) == 0
    assert minimax(TICTACTOE, state).action == 0  # plain minimax: any win will do
    result = iterative_deepening(TICTACTOE, state)
    assert (result.action, result.value) == (5, 1.0)


@pytest.mark.slow
def test_a_table_can_serve_every_move_of_a_match() -> None:
    table = TranspositionTable()
    state = TICTACTOE.initial_state()
    while not TICTACTOE.is_terminal(state):
        result = iterative_deepening(TICTACTOE, state, table=table)
        assert result.value == minimax(TICTACTOE, state).value
        state = TICTACTOE.result(state, result.action)
    assert TICTACTOE.winner(state) is None


def test_a_node_limit_stops_the_search_after_a_completed_iteration() -> None:
    game = TicTacToe(size=4, k=4)
    with pytest.warns(BlindSearchWarning, match="evaluate="):  # TicTacToe has no evaluation
        result = iterative_deepening(game, node_limit=5_000)
    assert result.stats.nodes >= 5_000  # the interrupted iteration's work is counted too
    assert result.depth is not None
    assert result.depth >= 1
    assert not result.exact
    assert result.action in game.actions(game.initial_state())


def test_a_time_limit_is_honoured() -> None:
    game = TicTacToe(size=4, k=4)  # too big to solve in the time given
    with pytest.warns(BlindSearchWarning):
        result = iterative_deepening(game, time_limit=0.1)
    assert 0.1 <= result.stats.elapsed < 0.1 + 0.5  # a hang detector; bench/ measures precision
    assert result.action in game.actions(game.initial_state())


@pytest.mark.slow
def test_the_deepest_completed_iteration_is_returned() -> None:
    game = TicTacToe(size=4, k=4)
    seen: list[Any] = []
    with pytest.warns(BlindSearchWarning):
        result = iterative_deepening(game, time_limit=0.2, on_iteration=seen.append)
    assert seen
    assert result.depth == seen[-1].depth
    assert (result.action, result.value) == (seen[-1].action, seen[-1].value)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"time_limit": 0}, "time_limit"),
        ({"time_limit": -1.0}, "time_limit"),
        ({"time_limit": float("nan")}, "time_limit"),
        ({"depth": 0}, "depth"),
        ({"depth": 2.5}, "depth"),
        ({"node_limit": 0}, "node_limit"),
        ({"table": {}}, "TranspositionTable"),
        ({"on_iteration": 3}, "on_iteration"),
    ],
)
def test_iterative_deepening_refuses_bad_limits(options: Any, message: str) -> None:
    with pytest.raises(InvalidSearchOptionError, match=message):
        iterative_deepening(TICTACTOE, **options)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"order": 3}, "order must be callable"),
        ({"table": {}}, "TranspositionTable"),
        ({"killers": 1}, "killers"),
        ({"quiescence": lambda state: []}, "give depth"),
    ],
)
def test_searchers_refuse_bad_options(options: Any, message: str) -> None:
    with pytest.raises(InvalidSearchOptionError, match=message):
        alphabeta(TICTACTOE, **options)


def test_an_order_that_loses_actions_is_refused() -> None:
    with pytest.raises(InvalidSearchOptionError, match=r"every action of state .* once"):
        alphabeta(TICTACTOE, order=lambda state, actions: actions[:1])


def test_a_table_belongs_to_one_game() -> None:
    table = TranspositionTable()
    alphabeta(TICTACTOE, table=table)
    with pytest.raises(InvalidSearchOptionError, match=r"not of .* use a new table"):
        iterative_deepening(TicTacToe(size=3), table=table)
    table.clear()
    assert iterative_deepening(TicTacToe(size=3), table=table).value == 0.0


def test_a_table_refuses_a_size_below_one() -> None:
    with pytest.raises(InvalidSearchOptionError, match="max_entries"):
        TranspositionTable(max_entries=0)


def test_a_full_table_keeps_its_newer_half() -> None:
    table = TranspositionTable(max_entries=100)
    result = alphabeta(TICTACTOE, table=table)
    assert result.value == 0.0
    assert 50 <= len(table) <= 100


class ListBoard:
    """Tic-tac-toe whose states are lists (unhashable), with or without a ``key`` method."""

    num_players = 2

    def initial_state(self) -> list[int]:
        return [TICTACTOE.initial_state()]

    def to_move(self, state: list[int]) -> int:
        return TICTACTOE.to_move(state[0])

    def actions(self, state: list[int]) -> Any:
        return TICTACTOE.actions(state[0])

    def result(self, state: list[int], action: int) -> list[int]:
        return [TICTACTOE.result(state[0], action)]

    def is_terminal(self, state: list[int]) -> bool:
        return TICTACTOE.is_terminal(state[0])

    def utility(self, state: list[int], player: int) -> float:
        return TICTACTOE.utility(state[0], player)


class KeyedListBoard(ListBoard):
    def key(self, state: list[int]) -> int:
        return state[0]


def test_unhashable_states_need_a_key() -> None:
    with pytest.raises(GameProtocolError, match=r"hashable.*key"):
        iterative_deepening(ListBoard())
    assert iterative_deepening(KeyedListBoard()).value == 0.0


def quiescence_reference(tree: GameTree, state: Any, ply: int, depth: int, noisy: Any) -> float:
    """Minimax for MAX with stand-pat quiescence at ``depth``, written out plainly."""
    if tree.is_terminal(state):
        return tree.utility(state, 0)
    maximising = len(state) % 2 == 0
    children = [
        quiescence_reference(tree, tree.result(state, action), ply + 1, depth, noisy)
        for action in (noisy(state) if ply >= depth else tree.actions(state))
    ]
    if ply >= depth:
        children.append(arbitrary_evaluation(state, 0))  # stand pat
    return max(children) if maximising else min(children)


@pytest.mark.slow
@given(game_trees(max_depth=5), st.integers(min_value=1, max_value=3))
def test_quiescence_extends_the_noisy_actions_until_quiet(tree: GameTree, depth: int) -> None:
    def noisy(state: Any) -> list[Any]:  # "captures": the first action of every other node
        actions = tree.actions(state)
        return list(actions[:1]) if hash(state) % 2 else []

    expected = quiescence_reference(tree, (), 0, depth, noisy)
    for searcher in (alphabeta, negamax):
        result = searcher(tree, depth=depth, evaluate=arbitrary_evaluation, quiescence=noisy)
        assert result.value == expected


@pytest.mark.slow
@given(states(TICTACTOE))
def test_with_a_symmetric_key_the_principal_variation_is_still_best_play(state: int) -> None:
    # TicTacToe.key merges the 8 symmetric boards, so stored actions may be mirrored ones:
    # the line completed from the table must still keep the value at every step.
    for result in (
        alphabeta(TICTACTOE, state, table=TranspositionTable(), order=TICTACTOE.order),
        iterative_deepening(TICTACTOE, state),
    ):
        player, position = result.player, state
        for action in result.pv:
            position = TICTACTOE.result(position, action)
            if not TICTACTOE.is_terminal(position):
                step = minimax(TICTACTOE, position)
                assert step.value * (1 if step.player == player else -1) == result.value
        assert TICTACTOE.is_terminal(position)
        assert TICTACTOE.utility(position, player) == result.value


@pytest.mark.parametrize(
    ("width", "height"), [(4, 4), pytest.param(5, 4, marks=pytest.mark.slow)]
)
@pytest.mark.slow
def test_the_engine_solves_small_connect_four_boards(width: int, height: int) -> None:
    # Published by John Tromp: with perfect play, 4x4 and 5x4 Connect Four are draws.
    result = iterative_deepening(ConnectFour(width, height))
    assert (result.value, result.exact) == (0.0, True)
    assert result.depth == width * height  # a draw is proven only when the board is full


def test_the_engine_loop_searches_as_deep_as_the_plain_loop() -> None:
    """The engine's loop takes two frames a ply and more; it raises the recursion limit to match."""
    deep = room()
    assert alphabeta(Countdown(deep)).stats.max_depth == deep  # the plain loop
    for options in ({"table": TranspositionTable()}, {"trace": lambda event: None}):
        assert alphabeta(Countdown(deep), **options).stats.max_depth == deep


def test_the_engine_loop_puts_the_recursion_limit_back() -> None:
    limit = sys.getrecursionlimit()
    alphabeta(TICTACTOE, table=TranspositionTable())
    assert sys.getrecursionlimit() == limit
    with pytest.raises(SearchTooDeepError, match=rf"recursion limit \({limit} frames\)"):
        alphabeta(Countdown(limit + 100), table=TranspositionTable())
    assert sys.getrecursionlimit() == limit
