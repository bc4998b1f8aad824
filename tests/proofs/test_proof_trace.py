"""``trace=`` for ``pns`` and ``dfpn``: the proof's steps told, and nothing changed by telling.

A proof-number search tells the root's ``Enter``, then per question ``Ask``, its steps
(``Choose`` the most-proving node, ``Develop`` it, ``Renumber`` the nodes back up) and
``Answer``, then the root's ``Leave``. The numbers told are those of the textbook's rules: at
an OR node the least proof number of the children and the sum of their disproof numbers, at an
AND node the other way round (Allis 1994).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import InvalidSearchOptionError, Limit
from gamesearch.games import GameTree, Hex, Nim, TicTacToe
from gamesearch.proofs import dfpn, pns
from gamesearch.proofs.dfpn import MIN_ENTRIES
from gamesearch.testing import game_trees
from gamesearch.trace import (
    Answer,
    Ask,
    Choose,
    Develop,
    Enter,
    Leaf,
    Leave,
    Renumber,
    SearchTree,
)

PROVERS = [pns, dfpn]
INFINITE = 1 << 62

# AIMA's figure 5.2: MAX picks a1, a2 or a3, then MIN picks a leaf.
FIGURE_5_2 = {
    "a1": {"b1": 3, "b2": 12, "b3": 8},
    "a2": {"c1": 2, "c2": 4, "c3": 6},
    "a3": {"d1": 14, "d2": 5, "d3": 2},
}


def positions() -> list[tuple[Any, Any]]:
    tictactoe = TicTacToe()
    return [
        (GameTree(FIGURE_5_2), None),
        (tictactoe, tictactoe.parse("X.. / .O. / ...")),
        (Hex(3), None),
        (Nim((1, 2, 3), players=2), None),
    ]


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@pytest.mark.parametrize("position", range(len(positions())))
def test_a_traced_proof_returns_what_the_untraced_one_does(prover: Any, position: int) -> None:
    game, state = positions()[position]
    plain = prover(game, state)
    events: list[Any] = []
    traced = prover(game, state, trace=events.append)
    assert (traced.value, traced.action, traced.pv) == (plain.value, plain.action, plain.pv)
    assert traced.stats.nodes == plain.stats.nodes
    assert traced.stats.proof_size == plain.stats.proof_size
    assert traced.value_range == plain.value_range
    assert isinstance(events[0], Enter)
    assert isinstance(events[-1], Leave)
    assert events[-1].value == plain.value
    assert events[-1].action == plain.action


@pytest.mark.slow
@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@given(tree=game_trees(max_depth=4, max_branching=3), budget=st.integers(1, 40))
def test_on_random_trees_a_trace_changes_nothing_even_when_the_limit_stops_it(
    prover: Any, tree: GameTree, budget: int
) -> None:
    plain = prover(tree, limit=Limit(node_limit=budget))
    events: list[Any] = []
    traced = prover(tree, limit=Limit(node_limit=budget), trace=events.append)
    assert traced.value_range == plain.value_range
    assert (traced.action, traced.stats.nodes) == (plain.action, plain.stats.nodes)
    recorded = SearchTree(tree)
    for event in events:
        recorded(event)  # the recorder takes every event told
    assert recorded.root.state == tree.initial_state()


@pytest.mark.slow
def test_dfpn_traced_in_a_table_that_forgets_proves_what_it_proves_untraced() -> None:
    # 4x4 Hex needs about 10,000 entries: in the smallest table the older half is forgotten,
    # and the trace must read and make the entries in the order the search does.
    plain = dfpn(Hex(4), max_entries=MIN_ENTRIES)
    traced = dfpn(Hex(4), max_entries=MIN_ENTRIES, trace=lambda event: None)
    assert (traced.value, traced.action) == (plain.value, plain.action)
    assert traced.stats.nodes == plain.stats.nodes


@pytest.mark.slow
@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_the_story_of_a_stopped_proof_gives_the_range_it_proved(prover: Any) -> None:
    # The first question ("can X win?") is disproven long before the draw is proven: some
    # node limit stops the search in between, with the value in [-1, 0].
    game = TicTacToe()
    state = game.parse("X.. / ... / ...")
    full = prover(game, state).stats.nodes
    for budget in range(50, full, max(1, full // 20)):
        stopped = prover(game, state, node_limit=budget)
        low, high = stopped.value_range
        if (low, high) != (-1.0, 1.0):
            break
    assert low < high, "no limit stopped the search between its two questions"
    tree = SearchTree(game)
    prover(game, state, node_limit=budget, trace=tree)
    assert tree.root.bounds == (low, high)
    assert f"not proven: A lies in [{low:g}, {high:g}]" in tree.narrate().splitlines()[-1]


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_stopped_proof_draws_its_root_without_a_value(prover: Any) -> None:
    # Stopped before it proved anything, the root has no value: its line says so by showing
    # none, as an unsearched node's does, rather than "= nan".
    game = Hex(7)
    tree = SearchTree(game)
    result = prover(game, node_limit=40, trace=tree)
    assert not result.exact
    root_line = tree.to_text().splitlines()[0]
    assert root_line.startswith("A MAX")
    assert "=" not in root_line
    assert "nan" not in tree.to_text()


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_traced_proof_stopped_by_its_node_limit_stops_where_the_untraced_one_does(
    prover: Any,
) -> None:
    plain = prover(Hex(7), node_limit=150)
    events: list[Any] = []
    traced = prover(Hex(7), node_limit=150, trace=events.append)
    assert traced.value_range == plain.value_range
    assert traced.stats.nodes == plain.stats.nodes
    assert isinstance(events[-1], Leave)
    assert events[-1].value != events[-1].value


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_every_question_is_asked_then_answered_and_the_last_answer_is_the_value(
    prover: Any,
) -> None:
    game = TicTacToe()
    events: list[Any] = []
    result = prover(game, game.parse("X.. / .O. / ..."), trace=events.append)
    asked = [event for event in events if isinstance(event, (Ask, Answer))]
    assert [type(event) for event in asked] == [Ask, Answer] * (len(asked) // 2)
    assert [event.number for event in asked if isinstance(event, Ask)] == list(
        range(len(asked) // 2)
    )
    last = asked[-1]
    assert isinstance(last, Answer)
    assert last.lower == last.upper == result.value  # a draw: proven both ways


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_terminal_root_is_one_leaf(prover: Any) -> None:
    game = TicTacToe()
    state = game.parse("XXX / OO. / ...")
    events: list[Any] = []
    result = prover(game, state, trace=events.append)
    assert events == [Leaf(state, None, 0, result.value, True)]


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_trace_that_is_not_callable_is_refused(prover: Any) -> None:
    with pytest.raises(InvalidSearchOptionError, match="trace must be an observer"):
        prover(TicTacToe(), trace="print")


def test_pns_chooses_the_most_proving_node_by_the_textbook_rules() -> None:
    # Every step: from the root, the first child of least proof number at OR nodes and of
    # least disproof number at AND nodes, by the numbers told so far.
    events: list[Any] = []
    game = Hex(5)  # e1: a dozen choices; most openings are decided by H-search at once
    pns(game, game.result(game.initial_state(), "e1"), trace=events.append)
    numbers: dict[tuple[Any, ...], tuple[int, int]] = {}
    kinds: dict[tuple[Any, ...], str] = {}
    children: dict[tuple[Any, ...], list[Any]] = {}
    chosen = 0
    for event in events:
        if isinstance(event, Choose):
            path: tuple[Any, ...] = ()
            while path in children:
                pick = 0 if kinds[path] == "max" else 1
                told = [numbers[(*path, action)][pick] for action in children[path]]
                path = (*path, children[path][told.index(min(told))])
            assert event.path == path
            chosen += 1
        elif isinstance(event, Develop):
            kinds[event.path] = event.kind
            children[event.path] = [child.action for child in event.children]
            for child in event.children:
                numbers[(*event.path, child.action)] = (child.pn, child.dn)
        elif isinstance(event, Renumber):
            numbers[event.path] = (event.pn, event.dn)
    assert chosen > 5


def test_pns_on_figure_5_2_tells_the_numbers_computed_by_hand() -> None:
    tree = SearchTree(GameTree(FIGURE_5_2))
    pns(tree.game, trace=tree)
    renumbered = [(event.path, event.pn, event.dn) for event, _ in tree.log
                  if isinstance(event, Renumber)]  # fmt: skip
    # The root, an OR node of 3 moves, starts at (1, 3). Developed, its children are AND
    # nodes of 3 moves each, (3, 1): the root takes the least proof number and the sum of the
    # disproof numbers, (3, 3). The question is "is MAX's value at least +inf?", which every
    # leaf disproves: a1 is disproven (INFINITE, 0), the root (min(inf, 3, 3), 0 + 1 + 1) =
    # (3, 2); then a2, (3, 1); then a3, and the root is disproven, its bounds [3, 3].
    assert renumbered == [
        ((), 1, 3),
        ((), 3, 3),
        (("a1",), INFINITE, 0),
        ((), 3, 2),
        (("a2",), INFINITE, 0),
        ((), 3, 1),
        (("a3",), INFINITE, 0),
        ((), INFINITE, 0),
    ]
    assert [tree.name(node) for node in tree.nodes()][:5] == ["A", "B", "B1", "B2", "B3"]
    b = tree.root.children[0]
    assert (b.kind, b.pn, b.dn, b.bounds, b.value) == ("min", INFINITE, 0, (3.0, 3.0), 3.0)
    assert tree.root.bounds == (3.0, 3.0)
    assert tree.root.best_action == "a1"
