"""Hex against a slow reference written from the rules, its pictures, its swap rule and its values.

The reference below walks the board cell by cell, each cell's six neighbours listed by their
coordinates: slow, and plain enough to be trusted by reading it. The bit-packed ``Hex`` must
agree with it on random boards: who has joined their edges, which cells would join them, and
how many cells each player still needs.
"""

from __future__ import annotations

import heapq

import pytest
from hypothesis import given, settings
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
    check_game(Hex(7, swap=True), max_states=20, lines=1)


@pytest.mark.slow
def test_larger_boards_keep_the_protocol_on_many_random_lines() -> None:
    # 11x11's knowledge (H-search and the fill-in of a position) takes tens of milliseconds.
    check_game(Hex(4, swap=True), max_states=1500, lines=30)
    check_game(Hex(11, swap=True), max_states=40, lines=2)


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
