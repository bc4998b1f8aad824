"""Extensions and late-move reductions (issue 13): off by default, checked against minimax."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from gamesearch import GameProtocolError, iterative_deepening, minimax
from gamesearch.games import ConnectFour, TicTacToe
from gamesearch.testing import game_trees


def zero_evaluation(state: Any, player: int) -> float:
    return 0.0


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(game_trees(max_depth=4, min_branching=2))
def test_extending_every_move_by_one_ply_doubles_the_depth(tree: Any) -> None:
    deepened = iterative_deepening(
        tree, depth=2, evaluate=zero_evaluation, extend=lambda state, action, child: 1
    )
    assert deepened.value == minimax(tree, depth=4, evaluate=zero_evaluation).value


@settings(max_examples=40, deadline=None)
@given(game_trees(max_depth=4))
def test_no_extension_changes_nothing(tree: Any) -> None:
    plain = iterative_deepening(tree, depth=3, evaluate=zero_evaluation)
    extended = iterative_deepening(
        tree, depth=3, evaluate=zero_evaluation, extend=lambda state, action, child: 0
    )
    assert (extended.value, extended.stats.nodes) == (plain.value, plain.stats.nodes)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(game_trees(max_depth=5, max_branching=5))
def test_reductions_keep_solved_values_exact(tree: Any) -> None:
    result = iterative_deepening(tree, reductions=True, pvs=True)
    assert (result.value, result.exact) == (minimax(tree).value, True)


def test_reductions_still_prove_connect_four_wins() -> None:
    game = ConnectFour(5, 4)
    state = game.from_moves("3344")
    result = iterative_deepening(game, state, reductions=True, time_limit=30)
    plain = iterative_deepening(game, state, time_limit=30)
    assert (result.value, result.exact) == (plain.value, True)


def test_an_extension_must_be_an_int() -> None:
    with pytest.raises(GameProtocolError, match="extend"):
        iterative_deepening(TicTacToe(), depth=3, extend=lambda state, action, child: 0.5)


def test_the_principal_variation_completion_stops_at_the_deadline() -> None:
    import time

    from gamesearch import TranspositionTable
    from gamesearch._results import flatten
    from gamesearch.twoplayer._enhanced import Enhancements, Session, enhanced_search
    from gamesearch.twoplayer._window import finish

    game, table = TicTacToe(), TranspositionTable()
    root = game.initial_state()
    outcome = enhanced_search(
        game,
        root,
        -1,
        None,
        root_view=True,
        options=Enhancements(table=table),
        session=Session(search_id=table.begin_search(game)),
    )
    started = time.perf_counter()
    completed = finish(game, root, outcome, table, depth=None, started=started)
    cut = finish(game, root, outcome, table, depth=None, started=started, deadline=started)
    assert cut.pv == tuple(flatten(outcome.line))  # the search's own line, not completed
    assert completed.pv[: len(cut.pv)] == cut.pv
