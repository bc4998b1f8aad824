"""The production loops of max-n and paranoid search, checked node for node against textbook ones.

The oracles below are written as the papers write them, one recursive function each, with no
principal-variation table, no statistics beyond counting the nodes they generate and no checks:
max-n (Luckhardt and Irani 1986; AIMA 3rd ed., section 5.2.2), max-n with Korf's shallow and
immediate pruning (Korf 1991, with a least utility per player as well as a greatest sum) and
paranoid search as alpha-beta over the root player against the others (Sturtevant and Korf
2000; AIMA figure 5.7). ``maxn`` and ``paranoid`` must return their values, actions and principal
variations and generate exactly their nodes, traced or not.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch import maxn, paranoid
from gamesearch.games import Nim, Rolit, TicTacToe
from gamesearch.testing import maxn_trees, states
from gamesearch.trace import Recorder

TICTACTOE = TicTacToe()  # it has children(state), which maxn does not call


class Searched(NamedTuple):
    """What an oracle found: the root's values, its principal variation and the nodes seen."""

    values: tuple[float, ...]
    pv: tuple[Any, ...]
    nodes: int
    leaves: int


def textbook_maxn(
    game: Any,
    state: Any,
    depth: int | None = None,
    evaluate: Any = None,
    bounds: tuple[float, float] | None = None,
) -> Searched:
    """MAX-N, or with ``sum_bounds=(min_per_player, max_sum)`` Korf's shallow pruning.

    Korf's ``shallow(node, bound)``: once the player to move at a node is sure of at least
    ``bound``, the player who moved into it, sure of ``parent_best`` elsewhere, cannot get more
    there (``bound = max_sum - (n - 2) * min_per_player - parent_best``), and the node returns
    what it has. Immediate pruning: a player sure of ``max_sum - (n - 1) * min_per_player``
    cannot do better. Every test in exact arithmetic. Ties go to the first child.
    """
    players = range(game.num_players)
    count = {"nodes": 0, "leaves": 0}
    if bounds is not None:
        low, total = Fraction(bounds[0]), Fraction(bounds[1])
        top = total - (game.num_players - 1) * low
        ceiling = total - (game.num_players - 2) * low

    def search(state: Any, ply: int, parent: Any, parent_best: Any) -> tuple[tuple, tuple]:
        count["nodes"] += 1
        if game.is_terminal(state) or ply == depth:
            count["leaves"] += 1
            read = game.utility if game.is_terminal(state) else evaluate
            return tuple(float(read(state, player)) for player in players), ()
        mover = game.to_move(state)
        bound = None
        if bounds is not None:
            bound = top
            if parent != mover and parent_best is not None:
                bound = min(top, ceiling - Fraction(parent_best))
        best: tuple[tuple, tuple] | None = None
        for action in game.actions(state):
            if best is not None and bound is not None and Fraction(best[0][mover]) >= bound:
                break
            values, line = search(
                game.result(state, action), ply + 1, mover, None if best is None else best[0][mover]
            )
            if best is None or values[mover] > best[0][mover]:
                best = values, (action, *line)
        assert best is not None
        return best

    values, line = search(state, 0, None, None)
    return Searched(values, line, count["nodes"], count["leaves"])


def textbook_paranoid(
    game: Any, state: Any, depth: int | None = None, evaluate: Any = None
) -> Searched:
    """Alpha-beta (AIMA figure 5.7) for the root player against all the others as one side."""
    me = game.to_move(state)
    count = {"nodes": 0, "leaves": 0}

    def search(state: Any, ply: int, alpha: float, beta: float) -> tuple[float, tuple]:
        count["nodes"] += 1
        if game.is_terminal(state) or ply == depth:
            count["leaves"] += 1
            read = game.utility if game.is_terminal(state) else evaluate
            return float(read(state, me)), ()
        maximising = game.to_move(state) == me
        best: tuple[float, tuple] | None = None
        for action in game.actions(state):
            value, line = search(game.result(state, action), ply + 1, alpha, beta)
            better = best is None or (value > best[0] if maximising else value < best[0])
            if better:
                best = value, (action, *line)
            if maximising:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        assert best is not None
        return best

    value, line = search(state, 0, -math.inf, math.inf)
    return Searched((value,), line, count["nodes"], count["leaves"])


def found(result: Any, vector: bool = True) -> Searched:
    values = result.values if vector else (result.value,)
    return Searched(values, result.pv, result.stats.nodes, result.stats.leaves)


def agree(game: Any, state: Any = None, **options: Any) -> None:
    """``maxn`` (plain and, with ``sum_bounds``, pruned) equals its oracle, traced or not."""
    root = game.initial_state() if state is None else state
    depth, evaluate = options.get("depth"), options.get("evaluate")
    bounds = options.pop("sum_bounds", None)
    expected = textbook_maxn(game, root, depth, evaluate)
    for trace in (None, Recorder()):
        assert found(maxn(game, state, trace=trace, **options)) == expected
    if bounds is not None:
        expected = textbook_maxn(game, root, depth, evaluate, bounds)
        for trace in (None, Recorder()):
            pruned = maxn(game, state, pruning="shallow", sum_bounds=bounds, trace=trace, **options)
            assert found(pruned) == expected


@settings(max_examples=40)
@given(
    st.integers(1, 4).flatmap(
        lambda n: maxn_trees(n, max_depth=4, max_branching=3, sum_bounds=(0, 2 * n))
    )
)
@pytest.mark.slow
def test_maxn_is_the_textbook_max_n_on_random_trees(tree):
    agree(tree, sum_bounds=(0, 2 * tree.num_players))


@pytest.mark.slow
@given(
    st.integers(2, 4).flatmap(
        lambda n: st.tuples(
            maxn_trees(n, max_depth=4, max_branching=3, sum_bounds=(-1.5, 1.0)), st.integers(1, 4)
        )
    )
)
def test_maxn_is_the_textbook_max_n_with_real_utilities_and_a_depth(tree_and_depth):
    tree, depth = tree_and_depth

    def evaluate(state, player):  # within the bounds: -1.5 or -0.5 each
        return -1.5 + (len(state) + player) % 2

    agree(tree, depth=depth, evaluate=evaluate, sum_bounds=(-1.5, 1.0))


def test_maxn_is_the_textbook_max_n_on_three_player_nim():
    agree(Nim((2, 3), players=3), sum_bounds=(0, 1))  # a winner takes all: 1 for one player


@pytest.mark.parametrize("players", [2, 3, 4])
def test_maxn_is_the_textbook_max_n_on_rolit(players):
    game = Rolit(6, players=players)
    agree(game, depth=2, evaluate=game.evaluate, sum_bounds=(0, 1))


@settings(max_examples=25)
@given(state=states(TICTACTOE), depth=st.integers(1, 3))
def test_maxn_ignores_children_and_is_the_textbook_max_n_on_tictactoe(state, depth):
    def evaluate(state, player):  # zero-sum: X's marks minus O's, negated for O
        board = TICTACTOE.render(state)
        lead = board.count("X") - board.count("O")
        return lead if player == 0 else -lead

    agree(TICTACTOE, state, depth=depth, evaluate=evaluate, sum_bounds=(-5, 0))


@pytest.mark.slow
@settings(max_examples=40)
@given(st.integers(1, 4).flatmap(lambda n: maxn_trees(n, max_depth=4, max_branching=3)))
def test_paranoid_is_the_textbook_alpha_beta_of_the_root_player_against_the_rest(tree):
    expected = textbook_paranoid(tree, tree.initial_state())
    for trace in (None, Recorder()):
        assert found(paranoid(tree, trace=trace), vector=False) == expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_paranoid_is_the_textbook_alpha_beta_on_rolit(players):
    game = Rolit(6, players=players)
    root = game.initial_state()
    expected = textbook_paranoid(game, root, depth=3, evaluate=game.evaluate)
    assert found(paranoid(game, depth=3), vector=False) == expected
