"""What a proof search promises: the value in the game's utilities, or nothing it has not proven.

A proven value is what alpha-beta returns (a win is the game's ``win_utility``, not +1), with
``exact=True``, its proof's size, and ``value_range`` the value twice. A search stopped by its
limit claims no value (NaN) and says in ``value_range`` what it did prove, which holds; the
action it gives then secures the lower bound. Bad options and games of the wrong kind are
refused with the library's errors.
"""

from __future__ import annotations

import math
import time
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import (
    GameProtocolError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    Limit,
    UnsupportedGameError,
    alphabeta,
    minimax,
    mtdf,
)
from gamesearch.games import ConnectFour, GameTree, Hex, Pig, TicTacToe
from gamesearch.proofs import dfpn, pns
from gamesearch.proofs.dfpn import MIN_ENTRIES
from gamesearch.testing import game_trees

PROVERS = [pns, dfpn]


class Doubled(TicTacToe):
    """Tic-tac-toe whose win is worth 2: a proof reports 2, as alpha-beta does."""

    win_utility = 2.0

    def utility(self, state: int, player: int) -> float:
        return 2 * super().utility(state, player)


@pytest.mark.slow
@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_win_is_the_game_s_win_utility_and_a_draw_its_zero(prover: Any) -> None:
    game = Doubled()
    won = game.parse("XX. / OO. / ...")  # X to move wins at once
    assert prover(game, won).value == alphabeta(game, won).value == 2.0
    also_won = game.parse("XX. / OO. / X..")  # O to move wins at once
    assert prover(game, also_won).value == alphabeta(game, also_won).value == 2.0
    assert prover(game).value == 0.0


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_terminal_root_is_its_own_proof(prover: Any) -> None:
    game = TicTacToe()
    over = game.parse("XXX / OO. / ...")
    result = prover(game, over)
    assert (result.value, result.exact, result.action, result.pv) == (-1.0, True, None, ())
    assert (result.stats.proof_size, result.value_range) == (1, (-1.0, -1.0))


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_search_stopped_by_its_node_limit_claims_nothing_it_has_not_proven(prover: Any) -> None:
    result = prover(Hex(7), node_limit=60)
    assert not result.exact
    assert math.isnan(result.value)
    assert result.stats.nodes <= 60
    assert result.stats.proof_size is None
    low, high = result.value_range
    assert low <= 1.0 <= high  # X wins every board from the empty one


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@given(tree=game_trees(max_depth=4, max_branching=3), budget=st.integers(1, 30))
def test_the_bounds_of_a_stopped_search_hold_and_its_action_keeps_the_lower(
    prover: Any, tree: GameTree, budget: int
) -> None:
    value = minimax(tree).value
    result = prover(tree, limit=Limit(node_limit=budget))
    assert result.stats.nodes <= budget
    low, high = result.value_range
    assert low <= value <= high
    if result.exact:
        assert result.value == value
        return
    assert math.isnan(result.value)
    if result.action is not None:
        assert low > -math.inf  # a move is named only for a bound it was proven to secure
        after = tree.result((), result.action)
        worth = tree.utility(after, 0) if tree.is_terminal(after) else -minimax(tree, after).value
        assert worth >= low


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@pytest.mark.parametrize("node_limit", [1, 2, 10, 100, 400])
def test_the_node_limit_is_never_exceeded_and_the_true_value_stays_in_range(
    prover: Any, node_limit: int
) -> None:
    result = prover(Hex(7), node_limit=node_limit)
    assert result.stats.nodes <= node_limit
    assert math.isnan(result.value)
    low, high = result.value_range
    assert low <= 1.0 <= high  # the first player wins Hex (Nash's strategy stealing)


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_stopped_search_that_proved_no_bound_names_no_move(prover: Any) -> None:
    # Every move of Hex keeps the value at least -1: naming one would claim nothing proven,
    # yet read as the move the search found.
    result = prover(Hex(7), node_limit=50)
    assert result.value_range == (-1.0, 1.0)
    assert (result.action, result.pv) == (None, ())


@pytest.mark.slow
@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_time_limit_is_kept_on_a_board_too_big_to_prove(prover: Any) -> None:
    started = time.perf_counter()
    result = prover(Hex(7), time_limit=0.2)
    assert time.perf_counter() - started < 0.2 + 1.0  # a second's slack for a busy machine
    assert not result.exact
    assert math.isnan(result.value)
    low, high = result.value_range
    assert low <= 1.0 <= high


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_time_limit_stops_a_search_that_would_take_long(prover: Any) -> None:
    result = prover(ConnectFour(), time_limit=0.05)
    assert not result.exact
    assert math.isnan(result.value)
    low, high = result.value_range
    assert -1.0 <= low <= 0.0 <= high <= 1.0  # Connect Four is a win for X (Allis, Allen)


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"node_limit": 0}, "node_limit must be an int >= 1"),
        ({"node_limit": -1}, "node_limit must be an int >= 1"),
        ({"time_limit": -1}, "time_limit must be a finite number of seconds > 0"),
        ({"depth": 3}, "cannot keep depth=3: it keeps time_limit and node_limit"),
        ({"node_limit": True}, "node_limit must be an int >= 1"),
        ({"time_limit": 0}, "time_limit must be a finite number of seconds > 0"),
        ({"time_limit": math.nan}, "time_limit must be a finite number of seconds > 0"),
        ({"limit": Limit(depth=3)}, "cannot keep depth=3"),
        ({"limit": 5}, "limit must be a gamesearch.Limit"),
        ({"limit": Limit(node_limit=5), "node_limit": 5}, "given twice"),
        ({"order": "centre"}, "order must be callable"),
        ({"evaluate": 1.0}, "evaluate must be callable"),
    ],
)
def test_bad_options_are_refused_by_name(
    prover: Any, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidSearchOptionError, match=message):
        prover(TicTacToe(), **options)


def test_a_table_too_small_to_end_is_refused() -> None:
    with pytest.raises(InvalidSearchOptionError, match="max_entries must be at least 10,000"):
        dfpn(TicTacToe(), max_entries=MIN_ENTRIES - 1)
    with pytest.raises(InvalidSearchOptionError, match="max_entries must be an int >= 1"):
        dfpn(TicTacToe(), max_entries=0)
    assert dfpn(TicTacToe(), max_entries=MIN_ENTRIES).value == 0.0


@pytest.mark.slow
def test_dfpn_s_table_holds_the_nodes_it_searched_not_every_child_it_saw() -> None:
    # The proof of this Connect Four position searches some 7,700 nodes but meets about
    # 20,000: a table of 10,000 holds the searched ones, so nothing is forgotten and
    # searched again, and the proof takes as many nodes as in a table of a million.
    game = ConnectFour()
    state = game.from_moves("757744575227546572")
    small = dfpn(game, state, max_entries=MIN_ENTRIES)
    large = dfpn(game, state)
    assert small.value == large.value == mtdf(game, state).value == 1.0
    assert small.stats.nodes == large.stats.nodes


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_games_of_chance_are_refused_naming_who_takes_them(prover: Any) -> None:
    with pytest.raises(UnsupportedGameError, match=r"has chance nodes.*expectiminimax"):
        prover(Pig(goal=3))


class Overflowing(TicTacToe):
    """Tic-tac-toe whose wins are worth more than the win_utility it declares."""

    def utility(self, state: int, player: int) -> float:
        return 3 * super().utility(state, player)


class Undefined(TicTacToe):
    """Tic-tac-toe whose drawn games are worth NaN."""

    def utility(self, state: int, player: int) -> float:
        value = super().utility(state, player)
        return math.nan if value == 0 else value


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_utility_beyond_win_utility_or_not_a_number_is_refused(prover: Any) -> None:
    with pytest.raises(InvalidUtilityError, match=r"must lie within \[-1.0, 1.0\]"):
        prover(Overflowing(), Overflowing().parse("XX. / OO. / ..."))
    with pytest.raises(InvalidUtilityError, match="NaN"):
        prover(Undefined())


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_root_that_is_no_state_of_the_game_is_refused(prover: Any) -> None:
    with pytest.raises(GameProtocolError):
        prover(TicTacToe(), [0])


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_the_same_search_gives_the_same_result(prover: Any) -> None:
    first, second = prover(Hex(3)), prover(Hex(3))
    assert (first.value, first.pv) == (second.value, second.pv)
    assert first.stats.nodes == second.stats.nodes
    assert first.stats.proof_size == second.stats.proof_size


class Unforced(Hex):
    """Hex without its ``must_play``: every move not lost at once is searched."""

    must_play = None


class Unaware(Unforced):
    """Hex without ``proven_value`` nor ``must_play``: proofs run down to the finished boards."""

    proven_value = None


class Overconfident(Hex):
    """Hex whose ``proven_value`` claims twice a win wherever X has a stone."""

    def proven_value(self, state: int, player: int) -> float | None:
        return 2.0 if self.stones(state, 0) else None


@pytest.mark.slow
@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_state_the_game_decides_is_a_leaf_that_spares_nodes_and_keeps_the_value(
    prover: Any,
) -> None:
    game, unaware = Unforced(4), Unaware(4)  # must_play would decide these roots at once
    o_wins = game.parse(". . . . / . X . . / . O . . / . . . .")
    x_wins = game.parse(". . . . / . . X . / . O . . / . . . .")
    for state in (o_wins, x_wins):
        known, searched = prover(game, state), prover(unaware, state)
        assert known.value == searched.value == (-1.0 if state == o_wins else 1.0)  # X to move
        assert known.stats.nodes < searched.stats.nodes / 2


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_root_the_game_decides_is_still_searched_for_its_winning_move(prover: Any) -> None:
    game = Hex(4)
    state = game.parse(". . . . / . X . . / . . . O / X . . O")  # X's bridges win
    assert game.proven_value(state, 0) == 1.0
    result = prover(game, state)
    assert (result.value, result.exact) == (1.0, True)
    assert mtdf(game, game.result(state, result.action)).value == -1.0  # O lost after it


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_proven_value_beyond_win_utility_is_refused(prover: Any) -> None:
    with pytest.raises(InvalidUtilityError, match=r"proven_value\(state, 1\) returned 2.0"):
        prover(Overconfident(3), Overconfident(3).result(0, "a1"))


@pytest.mark.slow
@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_must_play_region_spares_nodes_and_keeps_the_value(prover: Any) -> None:
    game, unforced = Hex(4), Unforced(4)
    for opening, value_for_o in (("d1", -1.0), ("d2", 1.0)):  # X wins, X loses
        state = game.result(0, opening)
        narrowed, searched = prover(game, state), prover(unforced, state)
        assert (narrowed.value, narrowed.exact) == (searched.value, True)
        assert narrowed.value == value_for_o, opening
        assert narrowed.stats.nodes < searched.stats.nodes / 2, opening


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_root_whose_must_play_region_is_empty_is_lost_for_its_mover(prover: Any) -> None:
    game = Hex(5)
    # O's group c3-d2-e2 touches the right edge and has ways to the left that share no cell.
    state = game.parse("X . . O . / . . . O O / . . O . . / . . X X . / X . . . .")
    assert game.to_move(state) == 0
    assert game.must_play(state) == ()
    result = prover(game, state)
    assert (result.value, result.exact) == (-1.0, True)
    assert prover(Unforced(5), state).value == -1.0


class Twins:
    """R (player 0) plays a to A or c to C; C (player 1) plays b to B, player 1 to move again.

    A and B share a key and are both won by player 0: A's two moves end it, and B's
    ``must_play`` leaves none of its moves (they end it too). The table's entry of the key is
    made from A, which has moves; B is then searched from C.
    """

    num_players = 2
    win_utility = 1.0
    def __init__(self) -> None:
        self.calls = 0
        self._moves = {"R": ("a", "c"), "A": ("x", "y", "z"), "C": ("b",), "B": ("x", "y")}

    def initial_state(self) -> str:
        return "R"

    def to_move(self, state: str) -> int:
        return 0 if state == "R" else 1

    def actions(self, state: str) -> tuple[str, ...]:
        return self._moves.get(state, ())

    def result(self, state: str, action: str) -> str:
        return {"a": "A", "c": "C", "b": "B"}.get(action, state + action)

    def is_terminal(self, state: str) -> bool:
        return state not in self._moves

    def utility(self, state: str, player: int) -> float:
        return 1.0 if player == 0 else -1.0

    def key(self, state: str) -> str:
        return "AB" if state in ("A", "B") else state

    def must_play(self, state: str) -> tuple[str, ...]:
        self.calls += 1
        if self.calls > 1_000:
            raise AssertionError("B was searched again and again")
        return () if state == "B" else self.actions(state)


@pytest.mark.parametrize("prover", PROVERS, ids=lambda p: p.__name__)
def test_a_state_whose_twin_under_the_key_has_moves_but_itself_none_is_lost(
    prover: Any,
) -> None:
    result = prover(Twins())
    assert (result.value, result.exact) == (1.0, True)
