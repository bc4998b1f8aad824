"""Search traces: the events every searcher tells its observer, and the SearchTree recorder.

The worked example is the tree of AIMA figure 5.2 in list form, whose alpha-beta search the
textbook draws step by step in figure 5.5: the root's range goes [3, +inf], [3, 14], [3, 5],
[3, 3]; the leaves 4 and 6 below C are pruned.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from helpers import Alternating
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import (
    BlindSearchWarning,
    InvalidSearchOptionError,
    TranspositionTable,
    alphabeta,
    dfpn,
    iterative_deepening,
    mcts,
    minimax,
    negamax,
    pns,
)
from gamesearch.games import GameTree, TicTacToe
from gamesearch.testing import game_trees
from gamesearch.trace import Enter, Leaf, Leave, Prune, SearchTree, TraceNode

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
SEARCHERS = [minimax, alphabeta, negamax]
PRUNING = [alphabeta, negamax]
INF = math.inf


def events_of(searcher: Any, game: Any, state: Any = None, **options: Any) -> list[Any]:
    events: list[Any] = []
    searcher(game, state, trace=events.append, **options)
    return events


def recorded(searcher: Any, game: Any, state: Any = None, **options: Any) -> SearchTree:
    tree = SearchTree(game)
    searcher(game, state, trace=tree, **options)
    return tree


def exact_evaluation(game: GameTree) -> Any:
    def evaluate(state: Any, player: int) -> float:
        result = minimax(game, state)
        return result.value if player == result.player else -result.value

    return evaluate


# --- The textbook example ------------------------------------------------------------------


@pytest.mark.parametrize("searcher", PRUNING)
def test_textbook_leaves_visited_and_pruned(searcher: Any) -> None:
    tree = recorded(searcher, GameTree(TEXTBOOK))
    assert [leaf.value for leaf in tree.leaves()] == [3, 12, 8, 2, 14, 5, 2]
    assert [node.value for node in tree.pruned()] == [4, 6]
    assert [tree.name(node) for node in tree.pruned()] == ["C2", "C3"]


def test_textbook_events_in_order() -> None:
    game = GameTree(TEXTBOOK)
    kinds = [(type(e).__name__, getattr(e, "value", None)) for e in events_of(alphabeta, game)]
    assert kinds == [
        ("Enter", None),
        ("Enter", None),
        *[("Leaf", v) for v in (3, 12, 8)],
        ("Leave", 3),
        ("Enter", None),
        ("Leaf", 2),
        ("Prune", 2),
        ("Leave", 2),
        ("Enter", None),
        *[("Leaf", v) for v in (14, 5, 2)],
        ("Prune", 2),  # at D's last leaf: a cutoff with nothing left to prune
        ("Leave", 2),
        ("Leave", 3),
    ]


def test_textbook_windows_are_in_max_view() -> None:
    # The windows of AIMA's ALPHA-BETA-SEARCH: MIN nodes below the root see alpha = 3 once B
    # is done, whichever form the loop takes inside.
    for searcher in PRUNING:
        events = events_of(searcher, GameTree(TEXTBOOK))
        enters = [(e.state, e.kind, e.alpha, e.beta) for e in events if isinstance(e, Enter)]
        assert enters == [
            ((), "max", -INF, INF),
            ((0,), "min", -INF, INF),
            ((1,), "min", 3, INF),
            ((2,), "min", 3, INF),
        ]
        prune = next(e for e in events if isinstance(e, Prune))
        assert (prune.state, prune.actions, prune.value, prune.alpha, prune.beta) == (
            (1,),
            (1, 2),
            2,
            3,
            INF,
        )
        leaves = [(e.state, e.alpha, e.beta) for e in events if isinstance(e, Leave)]
        assert leaves == [((0,), -INF, 3), ((1,), 3, INF), ((2,), 3, 5), ((), 3, INF)]


def test_textbook_ranges_follow_figure_5_5() -> None:
    tree = recorded(alphabeta, GameTree(TEXTBOOK))
    root = tree.root
    b, c, d = root.children
    after_each_event = [tree.range(root, step) for step in range(len(tree.log))]
    distinct = [r for i, r in enumerate(after_each_event) if i == 0 or r != after_each_event[i - 1]]
    assert distinct == [(-INF, INF), (3, INF), (3, 14), (3, 5), (3, 3)]
    assert (tree.range(b), tree.range(c), tree.range(d)) == ((3, 3), (-INF, 2), (2, 2))


def test_textbook_narration() -> None:
    story = recorded(alphabeta, GameTree(TEXTBOOK)).narrate()
    for line in [
        "visit B (MIN) by action 0, window [-inf, +inf]",
        "leaf B1 = 3: B's range becomes [-inf, 3]",
        "leaf B3 = 8: B's range becomes [3, 3]; A's range becomes [3, +inf]",
        "visit C (MIN) by action 1, window [3, +inf]",
        "C's value <= 2 < alpha = 3: prune C2, C3",
        "leaf D1 = 14: D's range becomes [-inf, 14]; A's range becomes [3, 14]",
        "leaf D2 = 5: D's range becomes [-inf, 5]; A's range becomes [3, 5]",
        "leaf D3 = 2: D's range becomes [2, 2]; A's range becomes [3, 3]",
        "result: A = 3, best action 0; A's range is [3, 3]; 7 leaves scored, 2 pruned",
    ]:
        assert line in story


def test_textbook_dot_styles_the_pruned_leaves() -> None:
    dot = recorded(alphabeta, GameTree(TEXTBOOK)).to_dot()
    pruned = [line for line in dot.splitlines() if "dashed" in line and "->" not in line]
    assert len(pruned) == 2
    assert 'label="4"' in pruned[0]
    assert 'label="6"' in pruned[1]
    assert all('color="gray60"' in line for line in pruned)
    assert dot.count("shape=invtriangle") == 3
    assert dot.count("shape=triangle") == 1
    assert dot.count("shape=box") == 9
    bold = [line for line in dot.splitlines() if "penwidth" in line and "->" in line]
    assert len(bold) == 2  # the principal variation: A -> B -> B1


def test_textbook_text_picture() -> None:
    text = recorded(alphabeta, GameTree(TEXTBOOK)).to_text()
    assert text.splitlines()[0] == "A MAX = 3 [3, +inf] *"
    assert "|   |-- 1: C2 = 4 pruned" in text
    assert "`-- 2: D MIN = 2 [3, 5] cutoff" in text


def test_a_pruned_subtree_deeper_than_the_search_is_not_searched_not_estimated() -> None:
    # Before: "C2 estimate pruned" in an exact search, which estimates nothing; the pruned C2
    # lies at the deepest ply searched, so its subtree is not drawn.
    game = GameTree({"a": 1, "b": {"z": -5, "w": {"r": {"s": 3}}}})
    assert recorded(alphabeta, game).to_text().splitlines() == [
        "A MAX = 1 [1, +inf] *",
        "|-- a: B = 1 *",
        "`-- b: C MIN = -5 [1, +inf] cutoff",
        "    |-- z: C1 = -5",
        "    `-- w: C2 not searched",
    ]
    limited = recorded(alphabeta, game, depth=2, evaluate=lambda state, player: 0.0).to_text()
    assert limited.splitlines()[-1] == "    `-- w: C2 not searched"  # pruned before its estimate
    assert "estimate" not in limited  # C1 is terminal
    deeper = GameTree({"a": {"x": 2}, "b": {"z": {"u": 0}, "w": {"r": 3}}})
    scored = recorded(alphabeta, deeper, depth=2, evaluate=lambda state, player: 0.0).to_text()
    assert "    |-- z: C1 = 0 estimate" in scored.splitlines()  # an estimate stays one


def test_minimax_has_no_window_and_prunes_nothing() -> None:
    tree = recorded(minimax, GameTree(TEXTBOOK))
    assert [leaf.value for leaf in tree.leaves()] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert tree.pruned() == []
    assert all(node.window is None for node in tree.nodes())
    assert "window" not in tree.narrate()
    assert "[3, 3]" in tree.narrate()


# --- Events against the statistics, for every searcher -------------------------------------


def check_events(events: list[Any], result: Any, game: Any, searcher: Any) -> None:
    """The events agree with the result and describe a well-nested depth-first search."""
    enters = [e for e in events if isinstance(e, Enter)]
    leaves = [e for e in events if isinstance(e, Leaf)]
    prunes = [e for e in events if isinstance(e, Prune)]
    assert len(leaves) == result.stats.leaves
    assert len(enters) + len(leaves) == result.stats.nodes
    assert len(prunes) == result.stats.cutoffs
    open_nodes: list[Enter] = []
    for event in events:
        if isinstance(event, Enter):
            assert event.depth == len(open_nodes)
            if open_nodes:
                parent = open_nodes[-1]
                assert event.action in parent.actions
                assert game.result(parent.state, event.action) == event.state
            if event.actions is not None:  # None: the table answered without looking
                assert sorted(event.actions) == sorted(game.actions(event.state))
            if searcher is minimax:
                assert event.alpha is None
                assert event.beta is None
            elif event.alpha == event.beta:
                # A window between two proven results of the same sign (a faster and a slower
                # win, as the engine's distance scores tell them apart) shows both ends as the
                # game's value of that result.
                assert abs(event.alpha) == getattr(game, "win_utility", None)
            else:
                assert event.alpha < event.beta
            open_nodes.append(event)
        elif isinstance(event, Leaf):
            assert event.depth == len(open_nodes)
            if event.terminal:
                assert event.value == game.utility(event.state, result.player)
        elif isinstance(event, Prune):
            node = open_nodes[-1]
            assert event.state == node.state
            if node.kind == "max":
                assert event.value >= event.beta
            else:
                assert event.value <= event.alpha
            assert node.actions[len(node.actions) - len(event.actions) :] == event.actions
        else:
            assert open_nodes.pop().state == event.state
    assert open_nodes == []
    final = events[-1]
    assert final.value == result.value
    if isinstance(final, Leave):
        assert final.action == result.action


@given(game_trees(max_depth=4))
def test_events_match_the_statistics(tree: GameTree) -> None:
    for searcher in SEARCHERS:
        events: list[Any] = []
        result = searcher(tree, trace=events.append)
        check_events(events, result, tree, searcher)


@given(game_trees(max_depth=4), st.integers(min_value=1, max_value=3))
def test_events_at_a_depth_limit(tree: GameTree, depth: int) -> None:
    evaluate = exact_evaluation(tree)
    for searcher in SEARCHERS:
        events: list[Any] = []
        result = searcher(tree, depth=depth, evaluate=evaluate, trace=events.append)
        check_events(events, result, tree, searcher)
        assert all(e.depth <= depth for e in events)
        assert all(e.terminal == tree.is_terminal(e.state) for e in events if isinstance(e, Leaf))


@given(game_trees(max_depth=4))
def test_tracing_does_not_change_the_search(tree: GameTree) -> None:
    for searcher in SEARCHERS:
        plain, traced = searcher(tree), searcher(tree, trace=lambda event: None)
        assert (traced.value, traced.action, traced.pv) == (plain.value, plain.action, plain.pv)
        assert (traced.stats.nodes, traced.stats.leaves, traced.stats.cutoffs) == (
            plain.stats.nodes,
            plain.stats.leaves,
            plain.stats.cutoffs,
        )


@given(game_trees(max_depth=4))
def test_negamax_and_alphabeta_tell_the_same_story_in_max_view(tree: GameTree) -> None:
    # GameTree is zero-sum, so the two loops search alike: converted to MAX view, their
    # windows and values must agree event for event.
    assert events_of(negamax, tree) == events_of(alphabeta, tree)


@given(game_trees(max_depth=4))
def test_every_action_of_an_entered_node_is_visited_or_pruned(tree: GameTree) -> None:
    recorder = recorded(alphabeta, tree)
    for node in recorder.nodes():
        if node.visited and node.kind in ("max", "min"):
            assert [child.action for child in node.children] == list(tree.actions(node.state))
    value = minimax(tree).value
    assert recorder.range(recorder.root) == (value, value)
    assert f"range is [{value:g}, {value:g}]" in recorder.narrate()


def test_turns_need_not_alternate() -> None:
    game = Alternating(
        {
            "root": (0, {"again": "mine", "pass": "theirs"}),
            "mine": (0, {"x": "w", "y": "v"}),
            "theirs": (1, {"x": "z", "y": "u"}),
            "w": 1,
            "v": 5,
            "z": 4,
            "u": 2,
        }
    )
    for searcher in SEARCHERS:
        tree = recorded(searcher, game)
        kinds = {node.state: node.kind for node in tree.nodes() if node.visited}
        assert kinds["root"] == kinds["mine"] == "max"
        assert kinds["theirs"] == "min"
        assert tree.root.value == 5


def test_a_terminal_root_is_one_leaf() -> None:
    game = TicTacToe()
    state = game.parse("XXX / OO. / ...")
    for searcher in [*SEARCHERS, iterative_deepening]:
        events = events_of(searcher, game, state)
        assert events == [Leaf(state, None, 0, -1.0, True)]  # O is to move, and has lost


def test_values_are_the_root_players_even_when_min_is_to_move() -> None:
    game = GameTree(TEXTBOOK)
    for searcher in SEARCHERS:
        events = events_of(searcher, game, (1,))
        assert events[0].kind == "max"
        assert events[0].player == 1
        assert next(e.value for e in events if isinstance(e, Leaf)) == -2


# --- Enhancements, iterative deepening ---------------------------------------------------


def test_table_hits_are_nodes_left_without_children() -> None:
    game = TicTacToe()
    state = game.parse("X.. / .O. / ...")
    events: list[Any] = []
    result = alphabeta(game, state, table=TranspositionTable(), trace=events.append)
    check_events(events, result, game, alphabeta)
    stored = [e for e in events if isinstance(e, Leave) and e.stored]
    assert stored, "symmetric positions transpose: some nodes come from the table"
    tree = SearchTree(game)
    alphabeta(game, state, table=TranspositionTable(), trace=tree)
    hits = [node for node in tree.nodes() if node.stored]
    assert hits
    assert all(node.children == [] and node.value is not None for node in hits)
    assert "table" in tree.to_text()
    assert "from the transposition table" in tree.narrate()


@given(
    st.sampled_from(
        [
            {"killers": True},
            {"history": True},
            {"killers": True, "history": True, "root_values": True},
            {"order": lambda state, actions: list(reversed(actions))},
        ]
    ),
    st.integers(min_value=0, max_value=5),
)
@pytest.mark.slow
def test_the_engine_s_options_keep_the_events_consistent(options: Any, moves: int) -> None:
    game = TicTacToe()
    state = game.initial_state()
    for square in (4, 0, 8, 2, 6)[:moves]:
        state = game.result(state, square)
    for searcher in PRUNING:
        events: list[Any] = []
        result = searcher(game, state, trace=events.append, table=TranspositionTable(), **options)
        check_events(events, result, game, searcher)


def test_quiescence_shows_as_the_score_of_the_leaf_at_the_limit() -> None:
    game = TicTacToe()
    captures = lambda state: game.actions(state)[:1]  # noqa: E731  (a stand-in for captures)
    events: list[Any] = []
    result = alphabeta(
        game, depth=2, evaluate=lambda s, p: 0.0, quiescence=captures, trace=events.append
    )
    limit = [e for e in events if isinstance(e, Leaf) and not e.terminal]
    assert limit
    assert all(e.depth == 2 for e in limit)
    assert events[-1].value == result.value


def test_ordering_shows_in_the_actions_and_the_leaves() -> None:
    game = GameTree(TEXTBOOK)
    backwards = lambda state, actions: list(reversed(actions))  # noqa: E731
    tree = recorded(alphabeta, game, order=backwards)
    assert tree.root.actions == (2, 1, 0)
    assert [leaf.value for leaf in tree.leaves()][:3] == [2, 5, 14]


def test_a_search_stopped_by_its_limit_leaves_the_last_complete_tree_as_root() -> None:
    game = TicTacToe()
    tree = SearchTree(game)
    with pytest.warns(BlindSearchWarning):
        result = iterative_deepening(game, node_limit=500, trace=tree)
    assert len(tree.trees) == result.depth + 1  # the last iteration did not finish
    assert tree.trees[-1].closed is None
    assert tree.root is tree.trees[-2]
    assert tree.root.best_action == result.action
    assert tree.narrate().startswith("search A (MAX)")
    assert "search A (MAX)" in tree.narrate(tree.trees[-1])  # the unfinished one tells too


def test_iterative_deepening_records_one_tree_per_iteration() -> None:
    game = TicTacToe()
    state = game.parse("XX. / OO. / ...")
    tree = SearchTree(game)
    result = iterative_deepening(game, state, trace=tree)
    assert len(tree.trees) == result.depth
    assert tree.root is tree.trees[-1]
    assert tree.root.best_action == result.action == 2
    assert max(node.depth for node in tree.nodes()) <= result.depth


# --- The recorder on its own ------------------------------------------------------------


def test_without_the_game_pruned_nodes_are_just_actions() -> None:
    game = GameTree(TEXTBOOK)
    tree = SearchTree()
    alphabeta(game, trace=tree)
    pruned = tree.pruned()
    assert [(node.action, node.state, node.value) for node in pruned] == [
        (1, None, None),
        (2, None, None),
    ]
    assert 'label="?"' in tree.to_dot()


def test_pruned_subtrees_are_expanded_to_the_searched_depth() -> None:
    deep = {
        "B": {"B1": {"b11": 10, "b12": 6}, "B2": {"b21": 100, "b22": 8}},
        "C": {"C1": {"c11": 1, "c12": 2}, "C2": {"c21": 20, "c22": 4}},
    }
    game = GameTree(deep)
    tree = recorded(alphabeta, game)
    assert [node.state[-1] for node in tree.pruned()] == ["b22", "c21", "c22"]
    c2 = next(node for node in tree.nodes() if node.state == ("C", "C2"))
    assert not c2.visited
    assert c2.kind == "max"
    frugal = SearchTree(game, max_pruned=1)
    alphabeta(game, trace=frugal)
    assert [node.state for node in frugal.pruned()] == [("B", "B2", "b22"), None]


def test_an_empty_recorder_says_so() -> None:
    tree = SearchTree()
    assert repr(tree) == "SearchTree(empty)"
    with pytest.raises(ValueError, match="nothing recorded"):
        tree.to_text()
    assert tree._repr_svg_() is None


def test_print_is_an_observer(capsys: pytest.CaptureFixture[str]) -> None:
    alphabeta(GameTree([1, 2]), trace=print)
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("Enter(state=(), action=None, depth=0")
    assert len(printed) == 4


@pytest.mark.parametrize("searcher", [*SEARCHERS, iterative_deepening])
def test_a_trace_that_is_not_callable_is_refused(searcher: Any) -> None:
    with pytest.raises(InvalidSearchOptionError, match="trace must be an observer"):
        searcher(GameTree([1, 2]), trace="yes")


@pytest.mark.parametrize("searcher", [*SEARCHERS, iterative_deepening, mcts, pns, dfpn])
def test_a_class_for_a_trace_is_refused_with_the_instance_to_pass(searcher: Any) -> None:
    # trace=SearchTree (the class) would make a tree of each event and drop it: nothing drawn
    limit = {"iterations": 9} if searcher is mcts else {}
    with pytest.raises(InvalidSearchOptionError, match=r"SearchTree\(game\).*the class SearchTree"):
        searcher(GameTree([1, 2]), trace=SearchTree, **limit)


def test_chance_nodes_and_vectors_as_the_other_searchers_will_tell_them() -> None:
    # Expectiminimax and max-n are not in this module's reach; their events are, and the
    # recorder must draw and narrate them: a chance node averages its children's ranges.
    tree = SearchTree()
    tree(Enter("root", None, 0, 0, "max", None, None, ("roll",)))
    tree(Enter("dice", "roll", 1, -1, "chance", None, None, ("one", "two")))
    tree(Leaf("d1", "one", 2, 4.0, True, probability=0.25))
    halfway = tree.range(tree.root.children[0])
    tree(Leaf("d2", "two", 2, 8.0, True, probability=0.75))
    tree(Leave("dice", 1, 7.0, None, None, None))
    tree(Leave("root", 0, 7.0, "roll", None, None))
    chance = tree.root.children[0]
    assert halfway == (-INF, INF)
    assert tree.range(chance) == (7.0, 7.0)
    assert "shape=circle" in tree.to_dot()
    assert 'label="two\\np=0.75"' in tree.to_dot()
    assert "visit B (CHANCE) by action roll" in tree.narrate()
    assert "leaf B2 (outcome two, p=0.75) = 8" in tree.narrate()

    vector = SearchTree()
    vector(Enter("root", None, 0, 0, "max", None, None, ("a",)))
    vector(Leaf("end", "a", 1, 1.0, True, values=(1.0, 0.0, 2.0)))
    vector(Leave("root", 0, 1.0, "a", None, None, values=(1.0, 0.0, 2.0)))
    assert vector.to_text().splitlines()[0] == "A MAX = (1, 0, 2) *"
    assert "range" not in vector.narrate()


def test_trace_nodes_know_their_place() -> None:
    tree = recorded(alphabeta, GameTree(TEXTBOOK))
    b1 = tree.root.children[0].children[0]
    assert isinstance(b1, TraceNode)
    assert b1.parent is tree.root.children[0]
    assert b1.is_leaf
    assert b1.terminal
    assert [tree.name(node) for node in tree.principal_variation()] == ["A", "B", "B1"]
