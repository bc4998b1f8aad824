"""ConnectFour's own engine loop (games/_connect_four_engine.py), and the general loop.

The loop on 64-bit words is a second engine loop for one game, kept because it pays
(bench/README.md); it must visit the general loop's nodes, learn its killers and history and
leave its table. Each check searches a position twice, once by ConnectFour with its loop (in
the pure build too: the fixture below gives it as the compiled build does) and once by a
ConnectFour whose ``engine_kernel`` gives none, and compares results and tables in full.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from helpers import comparable
from hypothesis import given, settings
from hypothesis import strategies as st

import gamesearch.games.connect_four as connect_four
from gamesearch import (
    SearchResult,
    TranspositionTable,
    alphabeta,
    iterative_deepening,
    negamax,
)
from gamesearch.capabilities import Capabilities, EngineSetting, TableAccess
from gamesearch.games import ConnectFour
from gamesearch.games._bitboard import has_four, window_score
from gamesearch.games._connect_four_engine import native
from gamesearch.games._connect_four_probe import ConnectFourBoard
from gamesearch.trace import Recorder

Search = Callable[[ConnectFour, int, TranspositionTable], SearchResult[Any]]


class WithoutLoop(ConnectFour):
    """ConnectFour searched by the general loop, in the compiled build too."""

    def engine_kernel(self, setting: EngineSetting) -> None:
        return None


@pytest.fixture(autouse=True)
def compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the compiled build: ConnectFour gives its loop (where the options allow)."""
    if not native():
        monkeypatch.setattr(connect_four, "engine_native", lambda: True)


def searched_both_ways(
    width: int, height: int, moves: str, search: Search
) -> tuple[SearchResult[Any], dict[Any, Any]]:
    """Search the position of ``moves`` with and without the game's loop: both must agree."""
    found = []
    for game in (ConnectFour(width, height), WithoutLoop(width, height)):
        table = TranspositionTable()
        found.append((comparable(search(game, game.from_moves(moves), table)), table._entries))
    assert found[0] == found[1]
    return found[0]


def deepening(**options: Any) -> Search:
    """``iterative_deepening`` with ``options``, as a search of (game, state, table)."""
    return lambda game, state, table: iterative_deepening(game, state, table=table, **options)


def engine(searcher: Any, depth: int, *, killers: bool, history: bool) -> Search:
    """``alphabeta`` or ``negamax`` with the game's order and a table, as the engine runs them."""
    return lambda game, state, table: searcher(
        game, state, depth=depth, table=table, order=game.order, killers=killers, history=history
    )


def test_the_loop_is_given_for_the_engines_options() -> None:
    game = ConnectFour()
    assert Capabilities.of(game).engine_kernel is not None
    result = iterative_deepening(game, depth=3)
    assert (result.action, result.depth) == (3, 3)


@pytest.mark.parametrize("depth", [1, 2, 5, 8])
def test_the_empty_board_to_a_depth(depth: int) -> None:
    answer, table = searched_both_ways(7, 6, "", deepening(depth=depth))
    assert answer.depth == depth
    assert table


@pytest.mark.parametrize(
    ("width", "height"),
    [pytest.param(4, 4, marks=pytest.mark.slow), (3, 3), (4, 3), (2, 2), (1, 4), (5, 2)],
)
@pytest.mark.slow
def test_small_boards_solved_by_deepening(width: int, height: int) -> None:
    answer, _ = searched_both_ways(width, height, "", deepening())
    assert answer.exact  # exact


@pytest.mark.parametrize("nodes", [10, 500, 3_000, pytest.param(20_000, marks=pytest.mark.slow)])
def test_a_node_limit_stops_both_at_the_same_node(nodes: int) -> None:
    answer, _ = searched_both_ways(7, 6, "44", deepening(node_limit=nodes))
    assert answer.stats.nodes <= nodes


@pytest.mark.parametrize("searcher", [alphabeta, negamax])
@pytest.mark.parametrize(("killers", "history"), [(False, False), (True, False), (True, True)])
def test_alphabeta_and_negamax_with_the_engines_options(
    searcher: Any, killers: bool, history: bool
) -> None:
    searched_both_ways(7, 6, "4453", engine(searcher, 5, killers=killers, history=history))


def test_a_table_filled_by_earlier_searches_is_read_alike() -> None:
    found = []
    for game in (ConnectFour(), WithoutLoop()):
        table = TranspositionTable()
        iterative_deepening(game, game.from_moves("4435"), depth=6, table=table)
        later = iterative_deepening(game, game.from_moves("44"), depth=6, table=table)
        found.append((comparable(later), table._entries))
    assert found[0] == found[1]


def _position(columns: list[int]) -> str:
    """The moves of ``columns`` on the 7 x 6 board, up to the first that ends the game."""
    game = ConnectFour()
    state, moves = game.initial_state(), ""
    for col in columns:
        if col not in game.actions(state):
            continue
        following = game.result(state, col)
        if game.is_terminal(following):
            break
        state, moves = following, moves + str(col + 1)
    return moves


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=34), st.integers(1, 6))
def test_random_positions_to_a_depth(columns: list[int], depth: int) -> None:
    searched_both_ways(7, 6, _position(columns), deepening(depth=depth))


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=20, max_size=40), st.integers(20, 4_000))
def test_random_positions_with_a_node_limit(columns: list[int], nodes: int) -> None:
    searched_both_ways(7, 6, _position(columns), deepening(node_limit=nodes))


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=10), st.booleans())
def test_random_positions_on_small_boards_solved(columns: list[int], negated: bool) -> None:
    game = ConnectFour(4, 3)
    state, moves = game.initial_state(), ""
    for col in columns:
        if col in game.actions(state) and not game.is_terminal(game.result(state, col)):
            state, moves = game.result(state, col), moves + str(col + 1)
    search = engine(negamax if negated else alphabeta, 15, killers=True, history=True)
    searched_both_ways(4, 3, moves, search)


def test_options_the_loop_does_not_stand_for_run_the_general_loop() -> None:
    # PVS, quiescence, a trace or another order: the general loop alone (the same answers)
    game, other = ConnectFour(), WithoutLoop()
    for options in ({"pvs": True}, {"order": ConnectFour().order}, {"trace": Recorder()}):
        ours = iterative_deepening(game, game.from_moves("44"), depth=4, **options)
        theirs = iterative_deepening(other, other.from_moves("44"), depth=4, **options)
        assert comparable(ours) == comparable(theirs)


def test_no_loop_for_another_evaluation_or_a_changed_rule() -> None:
    class OtherOrder(ConnectFour):
        def order(self, state: int, actions: Any) -> list[int]:
            return list(reversed(super().order(state, actions)))

    def setting(game: ConnectFour, **changes: Any) -> EngineSetting:
        access = TableAccess(None, print, 0, 2.0, 1.5, 0, 1, 2, 99)
        fields: dict[str, Any] = {
            "root": 0, "table": access, "evaluate": game.evaluate, "order": game.order,
            "killers": None, "history": None, "root_view": True, "win": 1.0, "limited": False,
            "deadline": 0.0, "budget": 0, "clock": float, "stop": print,
        }  # fmt: skip
        fields.update(changes)
        return EngineSetting(**fields)

    game = ConnectFour()
    assert game.engine_kernel(setting(game)) is not None
    assert game.engine_kernel(setting(game, evaluate=lambda state, player: 0.0)) is None
    assert game.engine_kernel(setting(game, order=ConnectFour().order)) is None
    assert game.engine_kernel(setting(game, win=2.0)) is None
    assert ConnectFour(9, 7).engine_kernel(setting(ConnectFour(9, 7))) is None
    assert game.engine_kernel(setting(game, root=0b101 | 0b100 << 49)) is None  # floating
    changed = OtherOrder()
    assert changed.engine_kernel(setting(changed)) is None


def test_a_state_play_cannot_reach_is_searched_by_the_general_loop() -> None:
    # X's stone floats above an empty cell: the loop on words would read it otherwise
    floating = 0b101 | 0b100 << 49
    ours = iterative_deepening(ConnectFour(), floating, depth=4)
    theirs = iterative_deepening(WithoutLoop(), floating, depth=4)
    assert comparable(ours) == comparable(theirs)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([(7, 6), (6, 7), (5, 4), (4, 4), (8, 6)]),
    st.lists(st.integers(0, 2), min_size=56, max_size=56),
)
def test_the_words_score_and_find_fours_as_the_bitboards_do(
    size: tuple[int, int], owners: list[int]
) -> None:
    # The loop's board on words against the pure functions of _bitboard, cell by cell: any
    # stones of either side (play need not reach them), fours in every direction included.
    width, height = size
    game = ConnectFour(width, height)
    words = ConnectFourBoard(width, height)
    stride = height + 1
    cells = [col * stride + row for col in range(width) for row in range(height)]
    mine = sum(1 << cell for cell, owner in zip(cells, owners, strict=False) if owner == 1)
    theirs = sum(1 << cell for cell, owner in zip(cells, owners, strict=False) if owner == 2)
    assert words.windows(mine, theirs, 5, 2) == window_score(mine, theirs, game._windows, 5, 2)
    assert words.windows(theirs, mine, 3, 1) == window_score(theirs, mine, game._windows, 3, 1)
    for stones in (mine, theirs, mine | theirs):
        assert words.has_four(stones) == has_four(stones, game._directions)
