"""pns and dfpn prove the values that minimax and alpha-beta compute, wherever they prove one.

On Hypothesis's random trees (alternating or not, with and without the game's win_utility and
non_losing_actions), tic-tac-toe from reachable positions, Nim, small Connect Four boards and
Hex: every proven value is minimax's (or the exact alpha-beta's), the proving action keeps it,
and so does every move of the line.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch import alphabeta, minimax, mtdf
from gamesearch.games import ConnectFour, GameTree, Hex, Nim, TicTacToe
from gamesearch.proofs import dfpn, pns
from gamesearch.testing import game_trees, states

PROVERS = [pns, dfpn]
"""Both searchers of the family, each run on every case."""


def value_for(game: Any, state: Any, player: int) -> float:
    """``player``'s minimax value of ``state`` (a zero-sum game): alpha-beta's, or its negation."""
    if game.is_terminal(state):
        return float(game.utility(state, player))
    found = alphabeta(game, state)
    return found.value if found.player == player else -found.value


def check_proof(game: Any, state: Any, prover: Callable[..., Any], expected: float) -> None:
    """``prover`` proves ``expected`` at ``state``; its action and legal line keep that value."""
    result = prover(game, state)
    assert result.exact
    assert result.value == expected
    assert result.value_range == (expected, expected)
    assert 1 <= result.stats.proof_size <= result.stats.nodes
    if game.is_terminal(state):
        return
    assert result.action == result.pv[0]
    player, after = game.to_move(state), state
    for action in result.pv:  # a legal line, every move of which keeps the value
        assert action in game.actions(after)
        after = game.result(after, action)
        assert value_for(game, after, player) == expected, result.pv


class AnyMovers:
    """A random game tree whose nodes name their mover: turns need not alternate.

    A node is ``(mover, [children])`` or a number, player 0's utility (player 1 gets its
    negation); a state is the path of child indices.
    """

    num_players = 2

    def __init__(self, tree: Any) -> None:
        self.tree = tree

    def node(self, state: tuple[int, ...]) -> Any:
        node = self.tree
        for index in state:
            node = node[1][index]
        return node

    def initial_state(self) -> tuple[int, ...]:
        return ()

    def to_move(self, state: tuple[int, ...]) -> int:
        node = self.node(state)
        return 0 if isinstance(node, int) else node[0]  # type: ignore[no-any-return]

    def actions(self, state: tuple[int, ...]) -> tuple[int, ...]:
        node = self.node(state)
        return () if isinstance(node, int) else tuple(range(len(node[1])))

    def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        return (*state, action)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return isinstance(self.node(state), int)

    def utility(self, state: tuple[int, ...], player: int) -> float:
        value = float(self.node(state))
        return value if player == 0 else -value


def any_movers(depth: int) -> st.SearchStrategy[Any]:
    leaf = st.integers(-3, 3)
    if depth == 0:
        return leaf
    inner = st.tuples(st.integers(0, 1), st.lists(any_movers(depth - 1), min_size=1, max_size=3))
    return st.one_of(leaf, inner)


class Judged(GameTree):
    """A tree of wins, draws and losses that says so: ``win_utility``, ``non_losing_actions``.

    The latter is worked out from the rules as the conformance checker reads them.
    """

    win_utility = 1.0

    def non_losing_actions(self, state: Any) -> tuple[Any, ...]:
        mover = self.to_move(state)

        def wins_at_once(position: Any, player: int) -> bool:
            return any(
                self.is_terminal(after := self.result(position, action))
                and self.utility(after, player) == 1.0
                for action in self.actions(position)
            )

        actions = self.actions(state)
        children = {action: self.result(state, action) for action in actions}
        winning = tuple(
            a for a, c in children.items() if self.is_terminal(c) and self.utility(c, mover) == 1
        )
        return winning or tuple(
            a
            for a, c in children.items()
            if self.is_terminal(c) or not wins_at_once(c, self.to_move(c))
        )


class Bounded(GameTree):
    """A random tree that declares its values' range as a win: values other than +-W too."""

    win_utility = 9.0


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@given(tree=game_trees(max_depth=4, max_branching=3))
def test_every_proven_value_of_a_random_tree_is_minimax_s(prover: Any, tree: GameTree) -> None:
    expected = minimax(tree).value
    check_proof(tree, tree.initial_state(), prover, expected)
    bounded = Bounded(tree.tree)
    check_proof(bounded, bounded.initial_state(), prover, expected)


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@given(tree=game_trees(max_depth=5, max_branching=3, values=st.integers(-1, 1)))
def test_a_tree_of_wins_draws_and_losses_with_its_non_losing_actions(
    prover: Any, tree: GameTree
) -> None:
    judged = Judged(tree.tree)
    check_proof(judged, judged.initial_state(), prover, minimax(tree).value)


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@given(tree=any_movers(4))
def test_turns_that_do_not_alternate(prover: Any, tree: Any) -> None:
    game = AnyMovers(tree)
    result = prover(game)
    assert result.exact
    assert result.value == minimax(game).value


@pytest.mark.slow
@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@settings(max_examples=60, deadline=None)
@given(state=states(TicTacToe()))
def test_tic_tac_toe_from_reachable_positions(prover: Any, state: int) -> None:
    game = TicTacToe()
    expected = value_for(game, state, game.to_move(state)) if not game.is_terminal(state) else None
    if expected is None:
        assert prover(game, state).value == game.utility(state, game.to_move(state))
        return
    check_proof(game, state, prover, expected)


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@pytest.mark.parametrize("piles", [(1, 2), (1, 2, 3), (2, 2), (3, 4), (1, 1, 1, 1)])
def test_nim_with_small_heaps(prover: Any, piles: tuple[int, ...]) -> None:
    game = Nim(piles, players=2)
    result = prover(game)
    assert result.exact
    assert result.value == alphabeta(game).value


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_hex_three_by_three_every_opening(prover: Any) -> None:
    game = Hex(3)
    for action in game.actions(0):
        after = game.result(0, action)
        check_proof(game, after, prover, value_for(game, after, 1))


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@settings(max_examples=20, deadline=None)
@given(state=states(ConnectFour(5, 4), max_moves=20))
def test_connect_four_five_by_four_from_positions_past_the_opening(prover: Any, state: int) -> None:
    game = ConnectFour(5, 4)
    if bin(state & game._full).count("1") < 8:  # the opening's positions take seconds each
        return
    expected = mtdf(game, state).value if not game.is_terminal(state) else None
    if expected is not None:
        check_proof(game, state, prover, expected)


@pytest.mark.slow
@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_connect_four_four_by_four_is_a_draw(prover: Any) -> None:
    result = prover(ConnectFour(4, 4))
    assert (result.value, result.exact) == (0.0, True)
    assert result.value == mtdf(ConnectFour(4, 4)).value


@functools.cache
def hex_openings(size: int) -> dict[str, float]:
    """O's exact value after each opening of X on an empty ``size x size`` board, by mtdf."""
    game = Hex(size)
    return {action: mtdf(game, game.result(0, action)).value for action in game.actions(0)}


@pytest.mark.slow
@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_hex_four_by_four_every_opening_classified_as_the_exact_alpha_beta_does(
    prover: Any,
) -> None:
    game = Hex(4)
    for action, value in hex_openings(4).items():
        proven = prover(game, game.result(0, action))
        assert proven.exact
        assert proven.value == value, action


@pytest.mark.slow
@pytest.mark.parametrize("opening", ["a1", "c3", "e1", "a2", "e2", "a3"])
def test_hex_five_by_five_after_an_opening_and_twelve_random_stones_as_mtdf_does(
    opening: str,
) -> None:
    game = Hex(5)
    rng = random.Random(opening)
    state = game.result(0, opening)
    while bin(state).count("1") < 13 or game.is_terminal(state):  # the exact search's reach
        state = game.result(0, opening)
        for _ in range(12):
            if not game.is_terminal(state):
                state = game.result(state, rng.choice(game.actions(state)))
    check_proof(game, state, dfpn, mtdf(game, state).value)
