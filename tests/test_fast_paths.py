"""The fast paths of issue 14 give exactly what the reference paths give.

- ``minimax`` runs one loop, traced or not (a trace even one that ignores every event): both
  must agree on value, action, line and counts, and with the textbook's (``tests/oracles.py``).
- Expectiminimax (with Star1 or Star2) and expectimax run one loop, ``chance/_search.py``,
  traced or not; it must agree with the textbook loops of ``tests/chance_oracles.py``.
- A game's optional ``children`` member must change nothing but the speed, for every plain
  loop that uses it (alpha-beta, negamax, minimax, max-n), and ``check_game`` must catch a
  ``children`` that disagrees with the plain members.
- Tic-tac-toe games share their memos, so a new game object starts warm.
"""

from __future__ import annotations

import math
import sys
from typing import Any

import pytest
from chance_oracles import reference_search
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import textbook_minimax

from gamesearch import (
    GameProtocolError,
    InvalidUtilityError,
    alphabeta,
    expectimax,
    expectiminimax,
    maxn,
    minimax,
    negamax,
)
from gamesearch.conformance import check_game
from gamesearch.games import GameTree, TicTacToe
from gamesearch.testing import chance_trees, game_trees


def ignore(event: object) -> None:
    """A trace observer that does nothing: it only sends the searcher down its traced loop."""


def summary(result: Any) -> tuple[Any, ...]:
    stats = result.stats
    return (
        result.value,
        result.action,
        result.pv,
        stats.nodes,
        stats.leaves,
        stats.cutoffs,
        stats.max_depth,
        result.exact,
    )


def evaluation(state: Any, player: int) -> float:
    """A cheap, deterministic evaluation of a GameTree state (its path) for ``player``."""
    score = float(sum((i + 1) * (a + 1) for i, a in enumerate(state)) % 7 - 3)
    return score if player == 0 else -score


class WithChildren:
    """A game with ``children`` made from its plain members, which it also keeps."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.num_players = game.num_players
        for name in ("initial_state", "to_move", "actions", "result", "is_terminal", "utility"):
            if not hasattr(type(self), name):  # a subclass may override a member
                setattr(self, name, getattr(game, name))

    def children(self, state: Any) -> list[tuple[Any, Any, Any]]:
        found = []
        for action in self.actions(state):
            child = self.result(state, action)
            found.append((action, child, None if self.is_terminal(child) else self.to_move(child)))
        return found


@given(tree=game_trees(max_depth=4, max_branching=3), depth=st.one_of(st.none(), st.integers(1, 4)))
def test_minimax_fast_loop_equals_the_textbook_loop(tree, depth):
    evaluate = evaluation if depth is not None else None
    fast = minimax(tree, depth=depth, evaluate=evaluate)
    traced = minimax(tree, depth=depth, evaluate=evaluate, trace=ignore)
    assert summary(fast) == summary(traced)
    textbook = textbook_minimax(tree, tree.initial_state(), depth=depth, evaluate=evaluate)
    assert summary(fast)[:-1] == textbook.summary()


@given(
    tree=game_trees(max_depth=4, max_branching=3),
    depth=st.one_of(st.none(), st.integers(1, 4)),
    searcher=st.sampled_from([alphabeta, negamax]),
)
def test_alphabeta_and_negamax_fast_loops_equal_the_traced_loop(tree, depth, searcher):
    # The plain loop is in MAX/MIN form for both, the traced loop (the engine's, every option
    # off) in negamax form for both: the same nodes, values and line (and both the textbook's,
    # tests/twoplayer/test_oracles.py).
    # Only the engine's loop tracks proofs amid estimates (a root whose every move is proven is
    # exact); the plain loop calls a result exact when it read no estimate, which the engine's
    # loop then calls exact too.
    evaluate = evaluation if depth is not None else None
    fast = searcher(tree, depth=depth, evaluate=evaluate)
    traced = searcher(tree, depth=depth, evaluate=evaluate, trace=ignore)
    assert summary(fast)[:-1] == summary(traced)[:-1]  # all but exact, the last
    assert traced.exact or not fast.exact
    if depth is None:  # no estimate read
        assert fast.exact
        assert traced.exact


@given(tree=game_trees(max_depth=4, max_branching=3), depth=st.one_of(st.none(), st.integers(1, 4)))
def test_children_change_nothing_but_speed(tree, depth):
    evaluate = evaluation if depth is not None else None
    fast = WithChildren(tree)
    for search in (alphabeta, negamax, minimax):
        assert summary(search(fast, depth=depth, evaluate=evaluate)) == summary(
            search(tree, depth=depth, evaluate=evaluate)
        )


@given(tree=game_trees(max_depth=4, max_branching=3))
def test_maxn_with_children_equals_maxn_without(tree):
    with_children, plain = maxn(WithChildren(tree)), maxn(tree)
    assert summary(with_children) == summary(plain)
    assert with_children.values == plain.values


@settings(max_examples=60)
@given(
    tree=chance_trees(max_depth=5, max_branching=4),
    depth=st.one_of(st.none(), st.integers(1, 5)),
    pruning=st.sampled_from(["star1", "star2"]),
)
@pytest.mark.slow
def test_star_equals_the_textbook_star(tree, depth, pruning):
    evaluate = evaluation if depth is not None else None
    fast = expectiminimax(tree, depth=depth, evaluate=evaluate, pruning=pruning, bounds=(-9, 9))
    # The textbook loop, traced: expectiminimax traces Star1 only, but the oracle runs
    # Star2's probes traced as well.
    textbook = reference_search(
        tree, depth=depth, evaluate=evaluate, pruning=pruning, bounds=(-9, 9), trace=ignore
    )
    assert summary(fast)[:-1] == summary(textbook)[:-1]
    assert fast.exact == textbook.exact


@pytest.mark.slow
@settings(max_examples=60)
@given(
    tree=chance_trees(max_depth=5, max_branching=4),
    depth=st.one_of(st.none(), st.integers(1, 5)),
    bounded=st.booleans(),
)
def test_expectiminimax_equals_the_textbook_one(tree, depth, bounded):
    evaluate = evaluation if depth is not None else None
    options: dict[str, Any] = {"bounds": (-9, 9)} if bounded else {}
    fast = expectiminimax(tree, depth=depth, evaluate=evaluate, **options)
    textbook = reference_search(tree, depth=depth, evaluate=evaluate, trace=ignore, **options)
    assert summary(fast) == summary(textbook)


def weighted(game: Any, state: Any) -> list[tuple[Any, float]]:
    """An opponent model that favours later actions: action i weighs i + 1."""
    actions = game.actions(state)
    total = len(actions) * (len(actions) + 1) / 2
    return [(action, (i + 1) / total) for i, action in enumerate(actions)]


@settings(max_examples=40)
@given(
    tree=game_trees(max_depth=4, max_branching=3),
    depth=st.one_of(st.none(), st.integers(1, 4)),
    opponent=st.sampled_from([None, weighted]),
)
def test_expectimax_equals_the_textbook_one(tree, depth, opponent):
    evaluate = evaluation if depth is not None else None
    fast = expectimax(tree, depth=depth, evaluate=evaluate, opponent=opponent)
    textbook = reference_search(
        tree, depth=depth, evaluate=evaluate, opponent=opponent, expectimax=True, trace=ignore
    )
    assert summary(fast) == summary(textbook)


def test_tictactoe_children_are_what_the_plain_members_give():
    game = TicTacToe()
    check_game(game)  # checks children against actions, result, is_terminal, to_move
    state = game.parse("XXO / OO. / XX.")
    assert [(a, m) for a, _, m in game.children(state)] == [(5, None), (8, 0)]
    assert [c for _, c, _ in game.children(state)] == [game.result(state, a) for a in (5, 8)]


@pytest.mark.slow
def test_tictactoe_with_children_visits_the_textbook_nodes():
    game = TicTacToe()
    assert alphabeta(game).stats.nodes == alphabeta(WithChildren(game)).stats.nodes == 18_297
    assert minimax(game).stats.nodes == 549_946


def test_check_game_catches_children_that_disagree():
    class WrongMover(TicTacToe):
        def children(self, state):  # claims a mover where the child is terminal
            return [(a, c, 0 if m is None else m) for a, c, m in super().children(state)]

    class MissingChild(TicTacToe):
        def children(self, state):
            return super().children(state)[1:]

    with pytest.raises(GameProtocolError, match="the child is terminal"):
        check_game(WrongMover())
    with pytest.raises(GameProtocolError, match="children"):
        check_game(MissingChild())


def test_a_bad_mover_from_children_is_reported():
    tree = GameTree([[1, 2], [3, 4]])

    class BadMover(WithChildren):
        def children(self, state):
            return [(a, c, 7 if m is not None else None) for a, c, m in super().children(state)]

    for search in (alphabeta, minimax):  # maxn reads the plain members only
        with pytest.raises(GameProtocolError, match="returned 7"):
            search(BadMover(tree))


def test_a_nan_utility_through_children_is_reported():
    class NaNLeaf(WithChildren):
        def utility(self, state, player):
            return math.nan if state == (0, 1) else self.game.utility(state, player)

    for search in (alphabeta, minimax, maxn):
        with pytest.raises(InvalidUtilityError, match="NaN"):
            search(NaNLeaf(GameTree([[1, 2], [3, 4]])))


def test_new_tictactoe_games_share_their_memos():
    first, second = TicTacToe(), TicTacToe()
    alphabeta(first)
    # what the first game worked out, the second starts with: the same children, at once
    assert second.children(0) is first.children(0)
    assert TicTacToe(4).children(0) is not first.children(0)


def test_on_fresh_stack_calls_through_and_passes_errors_on():
    from gamesearch._recursion import on_fresh_stack

    assert on_fresh_stack(divmod, 17, 5) == (3, 2)
    with pytest.raises(ZeroDivisionError):
        on_fresh_stack(divmod, 1, 0)
    # its frame is larger than CPython's 16 KB stack chunk, so that its callee starts a chunk
    if sys.implementation.name == "cpython":
        assert on_fresh_stack.__code__.co_stacksize * 8 > 16 * 1024
