"""Proofs amid estimates and the distance to the end (issue 13).

A proven win or loss ends iterative deepening at once, even while other moves read the
evaluation; ``plies_to_end`` gives the shortest win and the longest loss, checked against a
plain distance-to-end search (:func:`distance_search`) that knows nothing of the engine.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch import TranspositionTable, alphabeta, iterative_deepening, minimax, mtdf
from gamesearch.games import ConnectFour, GameTree, TicTacToe
from gamesearch.testing import states

WIN = 1.0


class Duel:
    """A tiny capture game: two tokens face each other on a row of cells.

    Player 0 starts on the left, player 1 on the right. A move steps one's token forward 1 or
    2 cells (never past the other token) or back 1 (not off the row); landing on the other token
    captures it and wins. After ``limit`` plies the game is a draw. The evaluation likes a gap
    that is not a multiple of 3 for the player to move (a gap of 3 is lost for the mover).
    A state is ``(left, right, mover, ply)``.
    """

    num_players = 2

    def __init__(self, cells: int = 10, limit: int = 40, *, knows_wins: bool = True) -> None:
        self.cells, self.limit = cells, limit
        if knows_wins:
            self.win_utility = WIN

    def initial_state(self) -> tuple[int, int, int, int]:
        return (0, self.cells - 1, 0, 0)

    def to_move(self, state: tuple[int, int, int, int]) -> int:
        return state[2]

    def actions(self, state: tuple[int, int, int, int]) -> tuple[int, ...]:
        left, right, mover, _ = state
        own_back = left - 1 if mover == 0 else right + 1
        can_retreat = 0 <= own_back < self.cells
        return tuple(
            step for step in (1, 2, -1) if step <= right - left and (step > 0 or can_retreat)
        )

    def result(self, state: tuple[int, int, int, int], step: int) -> tuple[int, int, int, int]:
        left, right, mover, ply = state
        if mover == 0:
            return (left + step, right, 1, ply + 1)
        return (left, right - step, 0, ply + 1)

    def is_terminal(self, state: tuple[int, int, int, int]) -> bool:
        return state[0] == state[1] or state[3] >= self.limit

    def utility(self, state: tuple[int, int, int, int], player: int) -> float:
        if state[0] != state[1]:
            return 0.0
        winner = 1 - state[2]  # the last mover captured
        return WIN if player == winner else -WIN

    def evaluate(self, state: tuple[int, int, int, int], player: int) -> float:
        score = -0.5 if (state[1] - state[0]) % 3 == 0 else 0.25
        return score if player == state[2] else -score


def distance_search(game: Any, state: Any) -> tuple[float, int | None]:
    """The value of ``state`` for its mover and, for a win or a loss, the plies to the end.

    A plain full-depth search over (value, distance) pairs, memoised: the winner takes the
    shortest win, the loser the longest loss.
    """

    @functools.cache
    def solve(state: Any) -> tuple[float, int | None]:
        mover = game.to_move(state)
        best: tuple[float, int | None] | None = None
        for action in game.actions(state):
            child = game.result(state, action)
            if game.is_terminal(child):
                value, plies = float(game.utility(child, mover)), 1
            else:
                value, below = solve(child)
                value = value if game.to_move(child) == mover else -value
                plies = None if below is None else below + 1
            candidate = (value, plies if abs(value) == WIN else None)
            if best is None or _rank(candidate) > _rank(best):
                best = candidate
        assert best is not None
        return best

    return solve(state)


def _rank(pair: tuple[float, int | None]) -> tuple[float, int]:
    value, plies = pair
    if plies is None:
        return (value, 0)
    return (value, -plies if value > 0 else plies)


class KnowingTicTacToe(TicTacToe):
    win_utility = WIN


class KnowingTree(GameTree):
    win_utility = WIN


@pytest.mark.parametrize(
    ("state", "plies"),
    [((5, 9, 0, 0), 3), ((3, 8, 0, 0), 5)],
    ids=["mate in 2", "mate in 3"],
)
def test_a_mate_is_found_proven_and_ends_the_deepening(state: Any, plies: int) -> None:
    game = Duel()
    assert distance_search(game, state) == (WIN, plies)  # the reference agrees: a mate
    iterations: list[Any] = []
    result = iterative_deepening(game, state, time_limit=60, on_iteration=iterations.append)
    assert (result.value, result.exact, result.plies_to_end) == (WIN, True, plies)
    # It stopped at the iteration that saw the mate, though other moves read the evaluation.
    assert result.depth == plies == len(iterations)
    assert len(result.pv) == plies
    assert not iterations[-2].exact


def test_without_win_utility_the_mate_is_not_recognised() -> None:
    game, state = Duel(knows_wins=False), (5, 9, 0, 0)
    result = iterative_deepening(game, state, depth=6)
    assert (result.value, result.depth, result.exact, result.plies_to_end) == (WIN, 6, False, None)


def test_a_proven_loss_is_the_longest() -> None:
    game = Duel()
    state = (6, 9, 1, 1)  # player 1 to move at gap 3: lost
    expected_value, expected_plies = distance_search(game, state)
    result = iterative_deepening(game, state, time_limit=60)
    assert expected_value == -WIN
    assert (result.value, result.exact, result.plies_to_end) == (-WIN, True, expected_plies)


@settings(max_examples=25, deadline=None)
@given(states(KnowingTicTacToe(), max_moves=7))
def test_tictactoe_distances_equal_a_plain_distance_search(state: int) -> None:
    game = KnowingTicTacToe()
    if game.is_terminal(state):
        return
    result = iterative_deepening(game, state)
    assert result.exact
    assert (result.value, result.plies_to_end) == distance_search(game, state)


leaves = st.sampled_from([-1, 0, 1])
trees = st.recursive(
    st.lists(leaves, min_size=1, max_size=3),
    lambda inner: st.lists(st.one_of(leaves, inner), min_size=1, max_size=3),
    max_leaves=25,
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(trees)
def test_random_tree_distances_equal_a_plain_distance_search(nested: Any) -> None:
    tree = KnowingTree(nested)
    root = tree.initial_state()
    expected = distance_search(tree, root)
    deepened = iterative_deepening(tree)
    assert (deepened.value, deepened.plies_to_end) == expected
    assert deepened.exact
    tabled = alphabeta(tree, table=TranspositionTable(), killers=True)
    assert (tabled.value, tabled.plies_to_end) == expected
    assert tabled.value == minimax(tree).value


@settings(max_examples=15, deadline=None)
@given(states(ConnectFour(4, 4), max_moves=16))
def test_connect_four_distances_and_pons_scores(state: int) -> None:
    game = ConnectFour(4, 4)
    stones = bin(state & ((1 << 20) - 1)).count("1")
    if game.is_terminal(state) or stones < 6:  # keep the plain reference search quick
        return
    result = iterative_deepening(game, state)
    value, plies = distance_search(game, state)
    assert (result.value, result.exact, result.plies_to_end) == (value, True, plies)
    expected = 0 if plies is None else (16 + 2 - stones - plies) // 2
    assert game.pons_score(state, result) == (expected if value >= 0 else -expected)


def test_pons_score_needs_a_proof() -> None:
    game = ConnectFour()
    state = game.from_moves("44")
    with pytest.raises(ValueError, match="proven"):
        game.pons_score(state, iterative_deepening(game, state, depth=2))


def _non_losing_by_brute_force(game: ConnectFour, state: int) -> tuple[int, ...]:
    """The winning columns if any, else those after which the opponent cannot win at once."""
    actions = game.actions(state)
    wins = tuple(a for a in actions if game.winner(game.result(state, a)) is not None)
    if wins:
        return wins
    return tuple(
        a
        for a in actions
        if not any(
            game.winner(game.result(game.result(state, a), b)) is not None
            for b in game.actions(game.result(state, a))
        )
    )


@settings(max_examples=60, deadline=None)
@given(states(ConnectFour(5, 4), max_moves=20))
def test_non_losing_actions_equal_a_brute_force(state: int) -> None:
    game = ConnectFour(5, 4)
    assert game.non_losing_actions(state) == _non_losing_by_brute_force(game, state)


class UnhookedConnectFour(ConnectFour):
    non_losing_actions = None  # type: ignore[assignment]


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(states(ConnectFour(4, 4), max_moves=16))
def test_the_non_losing_hook_changes_no_value_nor_distance(state: int) -> None:
    game, unhooked = ConnectFour(4, 4), UnhookedConnectFour(4, 4)
    if game.is_terminal(state):
        return
    hooked, plain = iterative_deepening(game, state), iterative_deepening(unhooked, state)
    assert (hooked.value, hooked.plies_to_end) == (plain.value, plain.plies_to_end)


def test_every_move_proven_amid_estimates_ends_the_deepening() -> None:
    # Move 0 draws at once; move 1 lets the opponent win at once (leaf -1), which refutes it
    # after the opponent's other move read the evaluation. No win_utility is needed.
    tree = GameTree([0, [[[5, 5]], -1]])

    def evaluate(state: Any, player: int) -> float:
        return 0.5 if player == 0 else -0.5

    result = iterative_deepening(tree, evaluate=evaluate)
    assert (result.value, result.exact, result.depth) == (minimax(tree).value, True, 2)
    assert result.stats.leaves > 0
    assert alphabeta(tree, depth=2, evaluate=evaluate, table=TranspositionTable()).exact
    assert not alphabeta(tree, depth=2, evaluate=evaluate).exact  # the plain loop cannot tell


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(states(ConnectFour(4, 4), max_moves=16))
def test_threat_order_is_a_rearrangement_that_keeps_the_score(state: int) -> None:
    game = ConnectFour(4, 4)
    if game.is_terminal(state):
        return
    actions = game.actions(state)
    assert sorted(game.threat_order(state, actions)) == sorted(actions)
    ordered = mtdf(game, state, order=game.threat_order)
    plain = iterative_deepening(game, state)
    assert game.pons_score(state, ordered) == game.pons_score(state, plain)
