"""The production loops of minimax, alpha-beta and negamax against the textbook's (``oracles.py``).

Node for node: the same value, action, principal variation, nodes, leaves, cutoffs and depth,
over random trees (zero-sum or not, turns alternating or not, with a depth limit or without),
tic-tac-toe and Connect Four; with the game's ``children`` member and without it, and traced.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from oracles import Found, textbook_alphabeta, textbook_minimax
from test_fast_paths import WithChildren, evaluation, ignore, summary

from gamesearch import alphabeta, minimax, negamax
from gamesearch.games import ConnectFour, GameTree, TicTacToe
from gamesearch.testing import game_trees


def searched(search: Any, game: Any, state: Any, **options: Any) -> list[tuple[Any, ...]]:
    """``search``'s summary (``exact`` left out) plain, over ``children``, and traced."""
    plain = summary(search(game, state, **options))[:-1]
    traced = summary(search(game, state, trace=ignore, **options))[:-1]
    with_children = summary(search(WithChildren(game), state, **options))[:-1]
    return [plain, with_children, traced]


def check(game: Any, state: Any, depth: int | None, evaluate: Any) -> None:
    """Each searcher against its oracle, from ``state``."""
    options = {"depth": depth, "evaluate": evaluate}
    pairs: list[tuple[Any, Found]] = [
        (minimax, textbook_minimax(game, state, **options)),
        (alphabeta, textbook_alphabeta(game, state, **options)),
        (negamax, textbook_alphabeta(game, state, leaves="mover", **options)),
    ]
    for search, oracle in pairs:
        for found in searched(search, game, state, **options):
            assert found == oracle.summary(), search.__name__


@given(tree=game_trees(max_depth=4, max_branching=3), depth=st.one_of(st.none(), st.integers(1, 4)))
def test_random_trees_are_searched_as_the_textbook_searches_them(
    tree: GameTree, depth: int | None
) -> None:
    state = tree.initial_state()
    if tree.is_terminal(state):
        return
    check(tree, state, depth, evaluation if depth is not None else None)


def test_the_oracles_read_the_textbook_s_leaves() -> None:
    # AIMA figure 5.2: minimax reads all 9 leaves, alpha-beta 7 (c2 and c3 are pruned).
    tree = GameTree(
        {
            "a1": {"b1": 3, "b2": 12, "b3": 8},
            "a2": {"c1": 2, "c2": 4, "c3": 6},
            "a3": {"d1": 14, "d2": 5, "d3": 2},
        }
    )
    root = tree.initial_state()
    assert textbook_minimax(tree, root).summary() == (3.0, "a1", ("a1", "b1"), 13, 9, 0, 2)
    assert textbook_alphabeta(tree, root).summary()[:6] == (3.0, "a1", ("a1", "b1"), 11, 7, 2)


@pytest.mark.slow
@pytest.mark.parametrize("position", ["X.. / .O. / ...", "XO. / .X. / O..", "... / .X. / ..."])
def test_tictactoe_is_searched_as_the_textbook_searches_it(position: str) -> None:
    game = TicTacToe()
    check(game, game.parse(position), None, None)


@pytest.mark.parametrize("moves", ["", "4433", "445566"])
def test_connect_four_is_searched_as_the_textbook_searches_it(moves: str) -> None:
    game = ConnectFour()
    check(game, game.from_moves(moves), 3, game.evaluate)
