"""Hex against a slow reference written from the rules, its pictures, its swap rule and its values.

The reference below walks the board cell by cell, each cell's six neighbours listed by their
coordinates: slow, and plain enough to be trusted by reading it. The bit-packed ``Hex`` must
agree with it on random boards: who has joined their edges, which cells would join them, and
how many cells each player still needs.
"""

from __future__ import annotations

import dataclasses
import functools
import heapq
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gamesearch import GameProtocolError, IllegalActionError, alphabeta, mtdf
from gamesearch.conformance import check_game
from gamesearch.games import Hex
from gamesearch.games._hex_board import HexBoard
from gamesearch.testing import states

Cell = tuple[int, int]


def neighbours(size: int, row: int, column: int) -> list[Cell]:
    """The six cells around ``(row, column)`` on the rhombus, those on the board."""
    around = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, -1), (1, 0)]
    return [
        (row + d_row, column + d_column)
        for d_row, d_column in around
        if 0 <= row + d_row < size and 0 <= column + d_column < size
    ]


def on_edge(size: int, cell: Cell, player: int, which: int) -> bool:
    """Whether ``cell`` lies on ``player``'s edge ``which`` (0: top or left, 1: bottom or right)."""
    coordinate = cell[player]  # X's edges are rows, O's are columns
    return coordinate == (0 if which == 0 else size - 1)


def slow_connects(size: int, marks: dict[Cell, str], player: int) -> bool:
    """Whether ``player`` ('X' for 0, 'O' for 1) has a chain between its edges: a search."""
    mark = "XO"[player]
    frontier = [cell for cell, m in marks.items() if m == mark and on_edge(size, cell, player, 0)]
    seen = set(frontier)
    while frontier:
        cell = frontier.pop()
        if on_edge(size, cell, player, 1):
            return True
        for near in neighbours(size, *cell):
            if near not in seen and marks.get(near) == mark:
                seen.add(near)
                frontier.append(near)
    return False


def slow_distance(size: int, marks: dict[Cell, str], player: int) -> int:
    """Dijkstra: the fewest empty cells ``player`` must fill to join its edges."""
    mark = "XO"[player]
    cost = {None: 1, mark: 0}
    queue = [
        (cost[marks.get(cell)], cell)
        for cell in [(r, c) for r in range(size) for c in range(size)]
        if on_edge(size, cell, player, 0) and marks.get(cell) in cost
    ]
    heapq.heapify(queue)
    done: set[Cell] = set()
    while queue:
        spent, cell = heapq.heappop(queue)
        if cell in done:
            continue
        done.add(cell)
        if on_edge(size, cell, player, 1):
            return spent
        for near in neighbours(size, *cell):
            if near not in done and marks.get(near) in cost:
                heapq.heappush(queue, (spent + cost[marks.get(near)], near))
    return size * size


def bits(size: int, marks: dict[Cell, str], mark: str) -> int:
    return sum(1 << (r * size + c) for (r, c), m in marks.items() if m == mark)


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, dict[Cell, str]]:
    """A board of side 1 to 11 with X, O or nothing on each cell (not always a reachable one)."""
    size = draw(st.integers(1, 11))
    fill = st.sampled_from(["X", "O", None, None])
    marks = {(r, c): draw(fill) for r in range(size) for c in range(size)}
    return size, {cell: m for cell, m in marks.items() if m is not None}


@pytest.mark.slow
@settings(max_examples=300)
@given(boards())
def test_the_bitboards_find_chains_winning_cells_and_distances_as_the_slow_walk_does(
    board: tuple[int, dict[Cell, str]],
) -> None:
    size, marks = board
    geometry = HexBoard.of(size)
    every = [(r, c) for r in range(size) for c in range(size)]
    empty = sum(1 << (r * size + c) for r, c in every if (r, c) not in marks)
    for player, mark in enumerate("XO"):
        stones = bits(size, marks, mark)
        joined = slow_connects(size, marks, player)
        assert geometry.connects(stones, player) == joined
        assert geometry.distance(stones, empty, player) == slow_distance(size, marks, player)
        if joined:  # a position play never goes on from
            continue
        winning = {
            cell for cell in every if cell not in marks
            and slow_connects(size, {**marks, cell: mark}, player)
        }  # fmt: skip
        assert geometry.winning_cells(stones, empty, player) == bits(
            size, dict.fromkeys(winning, "w"), "w"
        )


@pytest.mark.slow
@settings(max_examples=200)
@given(st.integers(2, 6), st.randoms(use_true_random=False))
def test_a_game_ends_exactly_when_the_mover_joins_its_edges(size: int, rng) -> None:
    game = Hex(size)
    state, marks = game.initial_state(), {}
    while not game.is_terminal(state):
        mover = game.to_move(state)
        action = rng.choice(game.actions(state))
        state = game.result(state, action)
        marks[(int(action[1:]) - 1, ord(action[0]) - ord("a"))] = "XO"[mover]
        assert game.is_terminal(state) == slow_connects(size, marks, mover)
        assert not slow_connects(size, marks, 1 - mover)
    assert game.utility(state, mover) == 1.0
    assert game.utility(state, 1 - mover) == -1.0
    assert game.winner(state) == mover


@pytest.mark.slow
@pytest.mark.parametrize("swap", [False, True])
@pytest.mark.parametrize("size", [2, 3])
def test_small_boards_keep_the_protocol_in_every_state(size: int, swap: bool) -> None:
    assert check_game(Hex(size, swap=swap)).exhaustive


@pytest.mark.slow
def test_larger_boards_keep_the_protocol_on_random_lines() -> None:
    check_game(Hex(4, swap=True), max_states=100, lines=5)
    check_game(Hex(11, swap=True), max_states=20, lines=1)


@pytest.mark.slow
def test_larger_boards_keep_the_protocol_on_many_random_lines() -> None:
    check_game(Hex(4, swap=True), max_states=1500, lines=30)
    check_game(Hex(11, swap=True), max_states=200, lines=5)


def test_the_first_player_wins_the_small_boards_from_the_empty_one() -> None:
    # Nash's strategy-stealing argument, computed: X wins on every board from the empty one.
    for size in (2, 3):
        assert alphabeta(Hex(size)).value == 1.0
        assert mtdf(Hex(size)).value == 1.0


@pytest.mark.slow
def test_the_first_player_wins_four_by_four() -> None:
    solved = mtdf(Hex(4))
    assert (solved.value, solved.exact) == (1.0, True)


def test_the_centre_opening_wins_three_by_three_and_the_acute_corners_lose() -> None:
    game = Hex(3)
    after = {action: alphabeta(game, game.result(0, action)).value for action in game.actions(0)}
    assert after["b2"] == -1.0  # O, to move, loses
    assert after["a1"] == after["c3"] == 1.0  # the acute corners, which touch two cells
    winning = {action for action, value in after.items() if value == -1.0}
    assert winning == {a for a in game.actions(0) if mtdf(game, game.result(0, a)).value == -1}


def test_the_swap_takes_x_s_stone_reflected_for_o_and_gives_x_the_move() -> None:
    game = Hex(4, swap=True)
    first = game.result(game.initial_state(), "b1")  # row 1, column b
    assert game.actions(first)[-1] == "swap"
    swapped = game.result(first, "swap")
    assert game.to_move(swapped) == 0
    assert game.stones(swapped, 0) == 0
    assert game.stones(swapped, 1) == 1 << (1 * 4 + 0)  # (row 0, column 1) -> (row 1, column 0)
    assert "swap" not in game.actions(swapped)
    later = game.result(swapped, "c3")
    assert "swap" not in game.actions(later)
    with pytest.raises(IllegalActionError, match="illegal action 'swap'"):
        game.result(later, "swap")


def test_without_the_rule_there_is_no_swap_and_with_it_the_second_player_wins() -> None:
    plain, pie = Hex(3), Hex(3, swap=True)
    assert "swap" not in plain.actions(plain.result(0, "b2"))
    with pytest.raises(IllegalActionError):
        plain.result(plain.result(0, "b2"), "swap")
    assert "swap" not in pie.actions(0)
    # Every first stone either wins (and O takes it) or loses: O wins the pie rule's game.
    assert alphabeta(pie).value == -1.0
    assert alphabeta(pie, pie.result(0, "b2")).action == "swap"


@given(states(Hex(4, swap=True)))
def test_a_picture_reads_back_as_the_state_it_shows(state: int) -> None:
    game = Hex(4, swap=True)
    assert game.parse(game.render(state)) == state


def test_a_picture_shows_the_rhombus_with_its_coordinates_and_the_swap() -> None:
    game = Hex(2, swap=True)
    state = game.result(game.result(0, "b1"), "swap")
    assert game.render(state) == "  a b\n1 . . 1\n 2 O . 2\n   a b\nswap: O took X's first stone"
    assert game.parse("../O.\nswap") == state
    assert game.parse(".. / X. / ") == game.result(0, "a2")


@pytest.mark.parametrize(
    ("picture", "message"),
    [
        ("... / ...", "expected 3 rows of 3 cells"),
        ("X.. / .Z. / ...", "unexpected 'Z'"),
        ("XX. / ... / ...", "X moves first and the players alternate"),
        ("O.. / ... / ...", "X moves first and the players alternate"),
        ("X.. / X.O / XOO", "play stops at the first chain"),
        ("X.. / ... / ... / swap", "has no swap rule"),
    ],
)
def test_a_picture_that_no_game_reaches_is_refused(picture: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Hex(3).parse(picture)


@pytest.mark.parametrize(
    ("size", "swap"), [(0, False), (1, False), (12, False), (True, False), ("3", False), (3, 1)]
)
def test_a_board_of_a_bad_size_or_a_swap_that_is_no_bool_is_refused(size, swap) -> None:
    with pytest.raises(ValueError, match=r"Hex: (size must be an int from 2 to 11|swap must be)"):
        Hex(size, swap=swap)


def test_illegal_moves_are_refused_with_the_legal_ones() -> None:
    game = Hex(3)
    state = game.result(0, "b2")
    for action in ("b2", "d1", "a0", "B3", 4, None, "swap"):
        with pytest.raises(IllegalActionError, match="the legal actions are 'a1'"):
            game.result(state, action)
    won = game.parse("X.. / XO. / XO.")
    assert game.is_terminal(won)
    assert game.actions(won) == ()
    with pytest.raises(IllegalActionError):
        game.result(won, "c1")
    with pytest.raises(GameProtocolError, match="utility of a game in progress"):
        game.utility(state, 0)
    with pytest.raises(ValueError, match=r"players 0 \(X\) and 1 \(O\)"):
        game.utility(won, 2)


def test_the_key_merges_a_position_and_its_half_turn_only() -> None:
    game = Hex(4)
    corner = game.result(game.result(0, "a1"), "b2")
    turned = game.result(game.result(0, "d4"), "c3")
    assert game.key(corner) == game.key(turned)
    assert game.key(game.result(0, "a1")) != game.key(game.result(0, "d1"))


@given(states(Hex(5)))
def test_the_evaluation_is_zero_sum_and_below_a_win(state: int) -> None:
    game = Hex(5)
    if game.is_terminal(state):
        return
    value = game.evaluate(state, 0)
    assert -1.0 < value < 1.0
    assert game.evaluate(state, 1) == -value


def test_the_order_tries_a_win_then_a_block_then_the_centre() -> None:
    game = Hex(3)
    assert game.order(0, game.actions(0))[0] == "b2"
    threat = game.parse("X.. / X.O / ...")  # O to move; X wins at a3
    assert game.order(threat, game.actions(threat))[0] == "a3"
    assert game.non_losing_actions(threat) == ("a3",)
    with pytest.raises(IllegalActionError):
        game.order(threat, ["z9"])


def exact_values_for_x(game: Hex) -> dict[int, float]:
    """X's value in every state reachable from the empty board: plain negamax, memoized."""
    values: dict[int, float] = {}

    def value(state: int) -> float:  # for the player to move
        if state in values:
            return values[state] if game.to_move(state) == 0 else -values[state]
        if game.is_terminal(state):
            own = game.utility(state, game.to_move(state))
        else:
            own = max(-value(game.result(state, action)) for action in game.actions(state))
        values[state] = own if game.to_move(state) == 0 else -own
        return own

    value(game.initial_state())
    return values


@pytest.mark.slow
@pytest.mark.parametrize("swap", [False, True])
def test_a_chain_of_two_bridges_is_the_exact_value_in_every_three_by_three_position(
    swap: bool,
) -> None:
    game = Hex(3, swap=swap)
    values = exact_values_for_x(game)
    decided = 0
    for state, value in values.items():
        known = game.proven_value(state, 0)
        if known is not None:
            decided += 1
            assert known == value == -game.proven_value(state, 1), game.render(state)
    assert decided > len(values) // 4  # it decides many, not only the finished boards


@pytest.mark.slow
def test_a_chain_of_two_bridges_is_the_exact_value_in_random_four_by_four_positions() -> None:
    game, rng = Hex(4), random.Random(38)
    decided = 0
    for _ in range(400):
        state = game.initial_state()
        for _ in range(rng.randrange(3, 11)):
            if not game.is_terminal(state):
                state = game.result(state, rng.choice(game.actions(state)))
        known = game.proven_value(state, game.to_move(state))
        if known is not None:
            decided += 1
            assert known == mtdf(game, state).value, game.render(state)
    assert decided >= 40


def test_bridges_to_both_edges_win_for_x_whoever_moves() -> None:
    game = Hex(4)
    # b2 is bridged to the top (b1, c1) and to a4 on the bottom row (a3, b3).
    state = game.parse(". . . . / . X . . / . . . O / X . . O")
    assert game.to_move(state) == 0
    assert game.proven_value(state, 0) == 1.0
    assert game.proven_value(state, 1) == -1.0
    o_to_move = game.parse(". . . . / . X . . / . . . O / X . . .")
    assert game.proven_value(o_to_move, 1) == -1.0
    assert mtdf(game, state).value == 1.0 == -mtdf(game, o_to_move).value


def test_a_bridge_with_a_cell_taken_decides_nothing() -> None:
    game = Hex(5)
    state = game.parse(". . . . . / . . X . . / . O . . . / . X . . . / . . . . O")
    assert game.proven_value(state, 0) is None


def test_two_links_that_need_the_same_cell_decide_nothing() -> None:
    game = Hex(3)
    # a2 reaches the top through a1 or b2 and b3 through b2 or a3: O takes b2 and cuts both.
    state = game.parse(". O X / X . O / . X .")
    assert game.to_move(state) == 1
    assert game.proven_value(state, 0) is None
    assert mtdf(game, state).value == 1.0  # O wins


def test_a_stone_o_may_still_swap_decides_nothing() -> None:
    game = Hex(3, swap=True)
    centre = game.result(game.initial_state(), "b2")  # bridged both ways, but O may take it
    assert game.proven_value(centre, 0) is None
    assert Hex(3).proven_value(Hex(3).result(0, "b2"), 0) == 1.0


def template_holds(
    size: int, stone: Cell, carrier: frozenset[Cell], player: int, which: int
) -> bool:
    """Whether ``stone`` reaches ``player``'s edge ``which`` with the other player first.

    An exhaustive search from the rules, with play only on the cells of ``carrier`` (every
    other cell is the other player's): ``player`` wins when a chain of its stones joins
    ``stone`` to that edge, the other player when the carrier is full without one.
    """

    @functools.cache
    def holds(own: frozenset[Cell], taken: frozenset[Cell], other_to_move: bool) -> bool:
        frontier, seen = [stone], {stone}
        while frontier:
            cell = frontier.pop()
            if on_edge(size, cell, player, which):
                return True
            for near in neighbours(size, *cell):
                if near in own and near not in seen:
                    seen.add(near)
                    frontier.append(near)
        left = carrier - own - taken
        if other_to_move:
            return all(holds(own, taken | {cell}, False) for cell in left)
        return any(holds(own | {cell}, taken, True) for cell in left)

    return holds(frozenset(), frozenset(), True)


def cells_of(size: int, bitboard: int) -> frozenset[Cell]:
    return frozenset(divmod(cell, size) for cell in range(size * size) if bitboard >> cell & 1)


@pytest.mark.slow
def test_every_ziggurat_holds_with_the_other_player_first_and_needs_each_of_its_cells() -> None:
    size = 5
    board = HexBoard.of(size)
    for player in (0, 1):
        for which in (0, 1):
            templates = board.ziggurats[player][which]
            assert len(templates) == 2 * (size - 3)
            for stone_bit, carrier_bits in templates:
                (stone,) = cells_of(size, stone_bit)
                carrier = cells_of(size, carrier_bits)
                assert len(carrier) == 8
                assert stone not in carrier
                assert template_holds(size, stone, carrier, player, which)
                for spared in carrier:
                    assert not template_holds(size, stone, carrier - {spared}, player, which)


def test_a_centre_stone_with_ziggurats_to_both_edges_wins_five_by_five() -> None:
    game = Hex(5)
    # c3's ziggurats: to the top over b1-e1, b2-d2 and b3; to the bottom over a5-d5, b4-d4, d3.
    centre = game.result(game.initial_state(), "c3")
    assert game.proven_value(centre, 0) == 1.0
    assert game.proven_value(centre, 1) == -1.0
    # O's c3 does the same for O (left and right) once X has played outside its carriers.
    assert game.proven_value(game.result(game.result(0, "a1"), "c3"), 1) == 1.0


def test_a_ziggurat_with_a_cell_taken_decides_nothing() -> None:
    game = Hex(5)
    # b1, c2 and b3 each lie in c3's only ziggurat to the top (the other would need f1).
    for picture in (
        ". O . . . / . . . . . / . . X . . / . . . . . / . . . . .",
        ". . . . . / . . O . . / . . X . . / . . . . . / . . . . .",
        ". . . . . / . . . . . / . O X . . / . . . . . / . . . . .",
    ):
        assert game.proven_value(game.parse(picture), 0) is None, picture


@pytest.mark.slow
def test_ziggurats_decide_random_five_by_five_positions_as_the_exact_search_does() -> None:
    game, rng = Hex(5), random.Random(385)
    bridges_only = Hex(5)
    bridges_only._board = dataclasses.replace(bridges_only._board, ziggurats=(((), ()), ((), ())))
    checked = 0
    for _ in range(3000):
        state = game.initial_state()
        for _ in range(rng.randrange(10, 15)):
            if not game.is_terminal(state):
                state = game.result(state, rng.choice(game.actions(state)))
        if game.is_terminal(state):
            continue
        mover = game.to_move(state)
        known = game.proven_value(state, mover)
        if known is not None and bridges_only.proven_value(state, mover) is None:
            assert known == mtdf(game, state).value, game.render(state)
            checked += 1
            if checked == 8:
                return
    pytest.fail(f"only {checked} positions were decided by a ziggurat")


def losing_moves_kept_out(game: Hex, state: int, value_for_mover: float) -> list[str]:
    """The moves outside ``must_play(state)`` that do not lose, by exact search (should be none).

    ``value_for_mover`` is the mover's value after a move, from the child's value.
    """
    region = game.must_play(state)
    assert set(region) <= set(game.actions(state))
    kept_out = [action for action in game.actions(state) if action not in region]
    return [
        action
        for action in kept_out
        if (child := game.result(state, action)) is not None
        and (game.is_terminal(child) or value_for_mover(child) != -game.win_utility)
    ]


@pytest.mark.slow
@pytest.mark.parametrize("swap", [False, True])
def test_every_move_outside_the_must_play_region_loses_in_every_three_by_three_position(
    swap: bool,
) -> None:
    game = Hex(3, swap=swap)
    values = exact_values_for_x(game)
    narrowed = 0
    for state in values:
        if game.is_terminal(state):
            assert game.must_play(state) == ()
            continue
        mover = game.to_move(state)

        def mover_value(child: int, mover: int = mover) -> float:
            return values[child] if mover == 0 else -values[child]

        assert losing_moves_kept_out(game, state, mover_value) == [], game.render(state)
        narrowed += len(game.must_play(state)) < len(game.actions(state))
    assert narrowed > len(values) // 4  # it leaves moves out in many, not only forced ones


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(states(Hex(4)))
def test_every_move_outside_the_must_play_region_loses_in_random_four_by_four_positions(
    state: int,
) -> None:
    game = Hex(4)
    if game.is_terminal(state):
        assert game.must_play(state) == ()
        return

    def mover_value(child: int) -> float:
        return -mtdf(game, child).value  # the child's mover is the other player

    assert losing_moves_kept_out(game, state, mover_value) == [], game.render(state)


def test_the_must_play_region_is_the_cells_every_threat_of_o_s_centre_needs() -> None:
    game = Hex(5)
    # X's a2 lies in the ziggurat of O's c3 to the left; O threatens to complete it (b2, or
    # a3 with a bridge), and to bridge to the right: X must play where every threat needs.
    state = game.parse(". . . . . / X . . . . / . . O . . / . . . . . / . . . . .")
    region = game.must_play(state)
    assert 0 < len(region) < len(game.actions(state))
    assert set(game.non_losing_actions(state)) >= set(region)
    # X's threat to win at once is a carrier of one cell: O's only move is there.
    threat = Hex(3).parse("X . . / X O . / . . .")
    assert Hex(3).must_play(threat) == Hex(3).non_losing_actions(threat) == ("a3",)


def test_the_must_play_region_is_every_move_while_o_may_swap_and_none_at_the_end() -> None:
    game = Hex(3, swap=True)
    centre = game.result(0, "b2")
    assert game.must_play(centre) == game.actions(centre)
    over = game.parse("X . . / X O . / X O .")
    assert game.must_play(over) == ()


@settings(max_examples=100, deadline=None)
@given(states(Hex(5), max_moves=12))
@example(state=1_126_037_345_806_336)  # X b3 d3, O c3: its own half-turn, found by Hypothesis
def test_a_position_and_its_half_turn_have_the_same_must_play_region_turned(state: int) -> None:
    game = Hex(5)
    board = game._board
    x, o = game.stones(state, 0), game.stones(state, 1)
    turned = board.rotate(x) | board.rotate(o) << 25 | state >> 50 << 50
    names = {name: game._bits[name] for name in game.actions(0)}

    def region(position: int) -> int:
        return sum(names[action] for action in game.must_play(position))

    assert board.rotate(region(state)) == region(turned), game.render(state)
