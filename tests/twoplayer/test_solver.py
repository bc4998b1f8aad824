"""The engine's exact solver (issue 13): the hooks, the probe loop, singular extensions.

``mtdf`` without a depth takes the lean probe loop of ``twoplayer._solver`` when the game offers
``non_losing_children`` and ``win_utility``. Its values and distances are checked against a
plain distance-to-end search that knows nothing of the engine (``distance_search`` of
``test_distances``), on Connect Four and on tic-tac-toe given the hooks by brute force (so that the
loop is checked on a game whose hooks are not Connect Four's); mirror images score alike.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_distances import distance_search

from gamesearch import (
    GameProtocolError,
    InvalidSearchOptionError,
    TranspositionTable,
    iterative_deepening,
    minimax,
    mtdf,
)
from gamesearch.capabilities import Capabilities
from gamesearch.conformance import check_game
from gamesearch.games import ConnectFour, GameTree, TicTacToe
from gamesearch.testing import game_trees, states
from gamesearch.twoplayer._solver import solving_children


class HookedTicTacToe(TicTacToe):
    """Tic-tac-toe with the solving hooks written from the plain members, in a shuffled order."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__()
        self.seed = seed

    def _wins(self, state: int, action: int) -> bool:
        child = self.result(state, action)
        return self.is_terminal(child) and self.utility(child, self.to_move(state)) == 1.0

    def non_losing_actions(self, state: int) -> tuple[int, ...]:
        actions = self.actions(state)
        winning = tuple(a for a in actions if self._wins(state, a))
        if winning:
            return winning
        return tuple(
            a
            for a in actions
            if self.is_terminal(child := self.result(state, a))
            or not any(self._wins(child, b) for b in self.actions(child))
        )

    def non_losing_children(self, state: int) -> list[tuple[int, int, int | None]]:
        kids = []
        for action in self.non_losing_actions(state):
            child = self.result(state, action)
            kids.append((action, child, None if self.is_terminal(child) else self.to_move(child)))
        random.Random(hash((self.seed, state))).shuffle(kids)
        return kids


def mirror(game: ConnectFour, state: int) -> int:
    """The position with its columns reversed."""
    rows = game.render(state).split("\n")
    return game.parse("\n".join(" ".join(reversed(row.split())) for row in rows))


def test_the_solver_is_chosen_by_the_hooks() -> None:
    class Hidden(ConnectFour):
        non_losing_children = None

    assert solving_children(Capabilities.of(ConnectFour())) is not None
    assert solving_children(Capabilities.of(Hidden())) is None
    assert solving_children(Capabilities.of(TicTacToe())) is None
    assert solving_children(Capabilities.of(HookedTicTacToe())) is not None


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.sampled_from([(4, 4), (5, 4)]), st.data())
def test_connect_four_scores_equal_a_plain_distance_search(board: Any, data: Any) -> None:
    game = ConnectFour(*board)
    state = data.draw(states(game, max_moves=board[0] * board[1]))
    stones = game.stones(state, 0).bit_count() + game.stones(state, 1).bit_count()
    if game.is_terminal(state) or stones < 7:  # keep the plain reference search quick
        return
    result = mtdf(game, state)
    value, plies = distance_search(game, state)
    assert (result.value, result.exact, result.plies_to_end) == (value, True, plies)
    cells = board[0] * board[1]
    expected = 0 if plies is None else (cells + 2 - stones - plies) // 2
    assert game.pons_score(state, result) == (expected if value >= 0 else -expected)
    assert game.pons_score(state, mtdf(game, mirror(game, state))) == game.pons_score(
        state, result
    )
    # Parity: a win is completed by the winner's stone, so the plies to the end are odd for
    # the player to move and even for the opponent.
    if plies is not None:
        assert plies % 2 == (1 if value > 0 else 0)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(states(TicTacToe()), st.integers(0, 1000))
def test_the_loop_is_generic_tictactoe_with_hooks(state: int, seed: int) -> None:
    game = HookedTicTacToe(seed)
    if game.is_terminal(state):
        return
    result = mtdf(game, state, table=TranspositionTable())
    assert (result.value, result.plies_to_end) == distance_search(game, state)
    assert result.exact
    assert result.value == minimax(game, state).value
    assert result.action in game.actions(state)


@pytest.mark.slow
def test_the_table_move_is_a_best_move() -> None:
    game = ConnectFour(5, 4)
    state = game.from_moves("3322")
    result = mtdf(game, state)
    child = game.result(state, result.action)
    if game.is_terminal(child):
        return
    assert -distance_search(game, child)[0] == result.value


@pytest.mark.slow
def test_the_hooks_are_checked_by_check_game() -> None:
    class Careless(ConnectFour):
        def non_losing_actions(self, state: int) -> tuple[int, ...]:
            return self.actions(state)

    class Misordered(ConnectFour):
        def non_losing_children(self, state: int) -> Any:
            return [(a, c, 0) for a, c, _ in super().non_losing_children(state)]

    assert check_game(ConnectFour(4, 4), max_states=400, lines=10).states >= 400
    with pytest.raises(GameProtocolError, match="non_losing_actions"):
        check_game(Careless(4, 4), max_states=400, lines=0)
    with pytest.raises(GameProtocolError, match="non_losing_children"):
        check_game(Misordered(4, 4), max_states=400, lines=0)


class Pairs(ConnectFour):
    """Gives its children as (action, child) pairs, not the triples the solver reads."""

    def non_losing_children(self, state: int) -> Any:
        return [(action, child) for action, child, _ in super().non_losing_children(state)]


def test_children_that_are_not_triples_are_named() -> None:
    game = Pairs(4, 4)
    expected = r"non_losing_children\(.*\) gave .*: each child must be a triple \(action, child"
    with pytest.raises(GameProtocolError, match=expected):
        mtdf(game, game.from_moves("1122"))
    with pytest.raises(GameProtocolError, match=expected):
        check_game(game, max_states=50, lines=0)


class NoEdge(ConnectFour):
    """Closes column 0 in actions and is_terminal, but keeps ConnectFour's solver hooks."""

    def actions(self, state: int) -> tuple[int, ...]:
        return tuple(action for action in super().actions(state) if action != 0)

    def is_terminal(self, state: int) -> bool:
        return super().is_terminal(state) or not self.actions(state)


def test_hooks_that_disagree_with_the_rules_are_refused_by_name() -> None:
    game = NoEdge(4, 4)
    with pytest.raises(GameProtocolError, match=r"actions\(.*\) is empty, but non_losing_children"):
        mtdf(game, game.from_moves("234"))


def test_solving_key_merges_mirror_images_only_early() -> None:
    game = ConnectFour()
    early, twin = game.from_moves("1234"), game.from_moves("7654")
    assert game.solving_key(early) == game.solving_key(twin)
    late = "1234567123456"
    assert game.solving_key(game.from_moves(late)) == game.key(game.from_moves(late))


# Singular extensions: approximate at a depth limit, exact where the search is not limited.


@settings(max_examples=30, deadline=None)
@given(states(TicTacToe()), st.sampled_from([0.01, 0.2, 0.9]))
def test_singular_extensions_solve_exactly(state: int, margin: float) -> None:
    game = TicTacToe()
    if game.is_terminal(state):
        return
    result = iterative_deepening(game, state, singular=margin)
    assert (result.value, result.plies_to_end) == distance_search(game, state)
    assert result.exact


@settings(max_examples=30, deadline=None)
@given(game_trees(max_depth=5), st.integers(1, 6))
@pytest.mark.filterwarnings("ignore::gamesearch.BlindSearchWarning")  # no evaluation, on purpose
def test_singular_extensions_keep_proofs(tree: GameTree, depth: int) -> None:
    full = minimax(tree)
    result = iterative_deepening(tree, depth=depth, singular=0.5)
    if result.exact:
        assert result.value == full.value


def test_singular_extensions_at_a_depth_limit_search_deeper() -> None:
    game = ConnectFour()
    plain = iterative_deepening(game, depth=8)
    extended = iterative_deepening(game, depth=8, singular=0.02)
    assert extended.stats.max_depth >= plain.stats.max_depth
    assert extended.stats.nodes != plain.stats.nodes


@pytest.mark.parametrize("margin", [0, -1.0, float("inf"), float("nan"), True, "0.1"])
def test_a_bad_singular_margin_is_refused(margin: Any) -> None:
    with pytest.raises(InvalidSearchOptionError, match="singular"):
        iterative_deepening(TicTacToe(), singular=margin)


def test_pons_score_refuses_a_game_already_won():
    # A move string whose last move makes four ends the game: Pons's solver refuses it as an
    # invalid move, and pons_score says the game is over rather than asking for plies_to_end.
    game = ConnectFour()
    state = game.from_moves("1212121")
    with pytest.raises(ValueError, match="this game is over"):
        game.pons_score(state, mtdf(game, state))
