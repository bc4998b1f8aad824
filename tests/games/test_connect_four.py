"""ConnectFour against a naive reference: rules, pictures, keys, ordering, evaluation, searches.

The reference below is written the obvious way (a grid of marks, every line of four scanned
after every move) so that it can be trusted by reading it; the bitboard ``ConnectFour`` must
agree with it move by move.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from naive_boards import assert_agrees as agrees_with_naive
from naive_boards import random_line

from gamesearch import (
    GameProtocolError,
    GameSearchError,
    IllegalActionError,
    alphabeta,
    minimax,
    negamax,
)
from gamesearch.games import ConnectFour, connect_four
from gamesearch.testing import states

Grid = tuple[tuple[str | None, ...], ...]
"""A naive board: ``grid[row][col]``, row 0 at the bottom, holding 'X', 'O' or None."""

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
"""(column step, row step) along a row, a column and the two diagonals."""


class NaiveConnectFour:
    """Connect Four on a ``width`` x ``height`` grid, written for clarity rather than speed."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.windows = [
            [(col + i * d_col, row + i * d_row) for i in range(4)]
            for col in range(width)
            for row in range(height)
            for d_col, d_row in DIRECTIONS
            if 0 <= col + 3 * d_col < width and 0 <= row + 3 * d_row < height
        ]

    def empty(self) -> Grid:
        return ((None,) * self.width,) * self.height

    def cells(self, grid: Grid, mark: str) -> list[tuple[int, int]]:
        return [
            (col, row)
            for row in range(self.height)
            for col in range(self.width)
            if grid[row][col] == mark
        ]

    def has_four(self, grid: Grid, mark: str) -> bool:
        return any(all(grid[row][col] == mark for col, row in window) for window in self.windows)

    def winner(self, grid: Grid) -> str | None:
        for mark in "XO":
            if self.has_four(grid, mark):
                return mark
        return None

    def to_move(self, grid: Grid) -> str:
        return "X" if len(self.cells(grid, "X")) == len(self.cells(grid, "O")) else "O"

    def is_over(self, grid: Grid) -> bool:
        return self.winner(grid) is not None or not self.cells(grid, None)

    def legal(self, grid: Grid) -> tuple[int, ...]:
        if self.is_over(grid):
            return ()
        return tuple(col for col in range(self.width) if grid[self.height - 1][col] is None)

    def drop(self, grid: Grid, col: int, mark: str) -> Grid:
        row = next(row for row in range(self.height) if grid[row][col] is None)
        rows = [list(cells) for cells in grid]
        rows[row][col] = mark
        return tuple(tuple(cells) for cells in rows)

    def play(self, grid: Grid, col: int) -> Grid:
        assert col in self.legal(grid)
        return self.drop(grid, col, self.to_move(grid))

    def utility(self, grid: Grid, mark: str) -> float:
        winner = self.winner(grid)
        return 0.0 if winner is None else 1.0 if winner == mark else -1.0

    def picture(self, grid: Grid) -> str:
        return "\n".join(" ".join(mark or "." for mark in row) for row in reversed(grid))

    def completes_four(self, grid: Grid, col: int, mark: str) -> bool:
        """Whether ``mark`` would have four in a row after dropping a stone into ``col``."""
        return self.has_four(self.drop(grid, col, mark), mark)

    def evaluation(self, grid: Grid, mark: str) -> float:
        """The documented evaluation: open threes 5, open twos 2, centre stones 3, scaled."""
        other = "O" if mark == "X" else "X"
        score = 0
        for window in self.windows:
            marks = [grid[row][col] for col, row in window]
            for side, sign in ((mark, 1), (other, -1)):
                if marks.count(side) + marks.count(None) == 4:
                    score += sign * {3: 5, 2: 2}.get(marks.count(side), 0)
        centre = {(self.width - 1) // 2, self.width // 2}
        centre_cells = len(centre) * self.height
        for col in centre:
            for row in range(self.height):
                score += 3 if grid[row][col] == mark else -3 if grid[row][col] == other else 0
        return score / (1 + 5 * len(self.windows) + 3 * centre_cells)


SIZES = [
    pytest.param(7, 6, marks=pytest.mark.slow),
    pytest.param(4, 4, marks=pytest.mark.slow),
    pytest.param(5, 4, marks=pytest.mark.slow),
    pytest.param(8, 3, marks=pytest.mark.slow),
    (3, 5),
    (1, 1),
    (4, 1),
    (1, 4),
]


def assert_agrees(game: ConnectFour, state: int, naive: NaiveConnectFour, grid: Grid) -> None:
    """What :func:`naive_boards.assert_agrees` checks, and each player's stones."""
    agrees_with_naive(game, state, naive, grid)
    for player, mark in enumerate("XO"):
        cells = {(col, row) for col, row in naive.cells(grid, mark)}
        stones = game.stones(state, player)
        assert {(b // (game.height + 1), b % (game.height + 1)) for b in bits(stones)} == cells


def bits(number: int) -> list[int]:
    return [i for i in range(number.bit_length()) if number >> i & 1]


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), SIZES, ids=lambda size: str(size))
@given(data=st.data())
def test_agrees_with_the_naive_reference_after_every_move(width, height, data):
    game, naive = ConnectFour(width, height), NaiveConnectFour(width, height)
    for state, grid in random_line(game, naive, data, "column"):
        assert_agrees(game, state, naive, grid)


@pytest.mark.slow
@given(data=st.data())
def test_memos_that_fill_up_start_again_without_changing_an_answer(data):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(connect_four, "_MEMO_LIMIT", 3)  # memos fill up and empty again and again
        game, naive = ConnectFour(5, 4), NaiveConnectFour(5, 4)
        state, grid = game.initial_state(), naive.empty()
        while not naive.is_over(grid):
            legal = naive.legal(grid)
            col = legal[data.draw(st.integers(0, len(legal) - 1), label="column")]
            state, grid = game.result(state, col), naive.play(grid, col)
            assert_agrees(game, state, naive, grid)
            assert game.order(state, legal) == ORDER_5.order(state, legal)
        assert max(len(game._free), len(game._ends), len(game._threats)) <= 3


ORDER_5 = ConnectFour(5, 4)
"""A game whose memos keep their default size, to compare with."""


def test_a_stone_falls_to_the_lowest_empty_cell():
    game = ConnectFour(4, 3)
    state = game.result(game.result(game.result(game.initial_state(), 1), 1), 2)
    assert game.render(state) == ". . . .\n. O . .\n. X X ."


# Wins in every direction, and the positions that play cannot reach.

VERTICAL = """
. . . . . . .
. . . . . . .
. . . . . . .
X O . . . . .
X O . . . . .
X O . . . . .
"""
HORIZONTAL = """
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
O O O . . . .
X X X . . . .
"""
DIAGONAL = """
. . . . . . .
. . . . . . .
. . . . . . .
. . X O . . .
. X O X . . .
X O X O . . O
"""
ANTI_DIAGONAL = """
. . . . . . .
. . . . . . .
. . . . . . .
. . . O X . .
. . . X O X .
O . . O X O X
"""


@pytest.mark.parametrize(
    ("picture", "winning_column"),
    [(VERTICAL, 0), (HORIZONTAL, 3), (DIAGONAL, 3), (ANTI_DIAGONAL, 3)],
    ids=["vertical", "horizontal", "diagonal", "anti-diagonal"],
)
def test_alphabeta_finds_a_win_in_one_at_depth_two(picture, winning_column):
    game = ConnectFour()
    state = game.parse(picture)
    assert game.to_move(state) == 0
    result = alphabeta(game, state, depth=2, evaluate=game.evaluate)
    assert (result.value, result.action, result.pv) == (1.0, winning_column, (winning_column,))
    assert game.winner(game.result(state, winning_column)) == 0
    assert game.utility(game.result(state, winning_column), 1) == -1.0


def test_the_opponent_must_block_a_win_in_one():
    game = ConnectFour()
    state = game.from_moves("12121")  # X has three in column 0, O two in column 1
    result = alphabeta(game, state, depth=2, evaluate=game.evaluate)
    assert (result.player, result.action) == (1, 0)
    assert -1 < result.value < 1
    for col in (1, 2, 3, 4, 5, 6):  # anything else loses at once
        assert alphabeta(game, game.result(state, col), depth=1, evaluate=game.evaluate).value == 1


def test_a_full_board_without_four_is_a_draw():
    game = ConnectFour(4, 2)
    state = game.from_moves("12341234")
    assert game.render(state) == "X O X O\nX O X O"
    assert (game.is_terminal(state), game.winner(state), game.actions(state)) == (True, None, ())
    assert game.utility(state, 0) == game.utility(state, 1) == 0.0


def test_a_four_on_the_last_empty_cell_is_a_win_not_a_draw():
    game = ConnectFour(4, 4)
    state = game.from_moves("222134112133443")
    assert game.actions(state) == (3,)
    state = game.result(state, 3)  # O fills the board, completing the diagonal
    assert game.render(state) == "O X X O\nO X O O\nX O X X\nO X X O"
    assert (game.is_terminal(state), game.winner(state)) == (True, 1)
    assert (game.utility(state, 0), game.utility(state, 1)) == (-1.0, 1.0)


@pytest.mark.parametrize(
    ("picture", "message"),
    [
        pytest.param("X.. / ...", r"expected 6 rows of 7 cells", id="small"),
        pytest.param("./" * 6, r"expected 6 rows of 7 cells", id="short-rows"),
        pytest.param("......./" * 5 + "...Z...", r"unexpected mark 'Z'", id="bad-letter"),
        pytest.param("......./" * 4 + "...X.../.......", r"floats", id="floating"),
        pytest.param("......./" * 5 + "...O...", r"X moves first", id="o-first"),
        pytest.param("......./" * 5 + "XX.X.O.", r"X moves first", id="x-two-ahead"),
        pytest.param("......./" * 5 + "OOOO.XX", r"X moves first", id="o-ahead-with-four"),
        pytest.param(
            "......./" * 4 + "OOOO.../XXXX...", r"stops at the first four", id="both-have-four"
        ),
        pytest.param(
            "......./" * 4 + "OOO..../XXXXO..", r"stops at the first four", id="o-moved-after"
        ),
        pytest.param("......./" * 4 + "X......./OOOOXXX", r"expected 6 rows", id="long-row"),
        pytest.param(
            "......./O....../X....../X....../X....../XOOO...",
            r"stops at the first four",
            id="x-won-before-o-played-on",
        ),
        pytest.param(
            "......./O....../X....../XO...../XO...../XO....X",
            r"stops at the first four",
            id="no-last-stone-makes-the-four",
        ),
    ],
)
def test_parse_rejects_pictures_no_game_reaches(picture, message):
    with pytest.raises(ValueError, match=message):
        ConnectFour().parse(picture)


def test_parse_accepts_a_win_whose_last_stone_is_on_top():
    game = ConnectFour()
    state = game.parse("......./......./X....../XO...../XO...../XO.....")
    assert (game.winner(state), game.to_move(state)) == (0, 1)
    assert state == game.from_moves("1212121")


@pytest.mark.parametrize(("width", "height"), [(7, 6), (4, 4), (5, 3)])
@given(data=st.data())
def test_parse_reads_back_what_render_draws(width, height, data):
    game = ConnectFour(width, height)
    state = data.draw(states(game), label="state")
    assert game.parse(game.render(state)) == state
    assert game.parse(game.render(state).replace("\n", "/").replace(" ", "")) == state


def test_parse_ignores_spaces_and_takes_newlines_or_slashes():
    game = ConnectFour()
    expected = game.from_moves("4453")
    rows = [".......", ".......", ".......", ".......", "...O...", "..OXX.."]
    assert game.parse("/".join(rows)) == expected
    assert game.parse("\n".join(rows)) == expected
    assert game.parse("\n  " + "\n  ".join(" ".join(row) for row in rows) + "\n") == expected
    assert game.parse("/".join(rows).replace(".", "-")) == expected


# Moves as text.


def test_from_moves_counts_columns_from_one_and_ignores_spaces():
    game = ConnectFour()
    by_hand = game.result(game.result(game.result(game.initial_state(), 3), 3), 4)
    assert game.from_moves("445") == game.from_moves("4 4 5") == by_hand
    assert game.from_moves("") == game.initial_state()


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("448", r"move 3 of '448': '8' is not a column from 1 to 7"),
        ("40", r"move 2 of '40': '0' is not a column from 1 to 7"),
        ("4a", r"move 2 of '4a': 'a' is not a column"),
        ("4\u00b2", r"move 2 of '4\u00b2': '\u00b2' is not a column"),
        ("4-1", r"move 2 of '4-1': '-' is not a column"),
        ("4444444", r"move 7 of '4444444': the column is full"),
        ("12121212", r"move 8 of '12121212': the game is over"),
    ],
)
def test_from_moves_names_the_bad_move(moves, message):
    with pytest.raises(ValueError, match=message):
        ConnectFour().from_moves(moves)


# Illegal actions.


@pytest.mark.parametrize("action", [-1, 7, 100, "3", None, 3.5, (3,)])
def test_result_refuses_what_is_not_a_column(action):
    game = ConnectFour()
    state = game.from_moves("44")
    with pytest.raises(IllegalActionError, match=r"illegal action") as info:
        game.result(state, action)
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, GameSearchError)
    assert (error.action, error.legal) == (action, (0, 1, 2, 3, 4, 5, 6))
    assert repr(action) in str(error)


def test_result_refuses_a_full_column():
    game = ConnectFour()
    state = game.from_moves("444444")
    assert game.actions(state) == (0, 1, 2, 4, 5, 6)
    with pytest.raises(IllegalActionError, match=r"illegal action 3 in ConnectFour") as info:
        game.result(state, 3)
    assert info.value.legal == (0, 1, 2, 4, 5, 6)
    assert game.result(game.result(state, 0), 6) == game.from_moves("44444417")


@pytest.mark.parametrize("action", [0, 1, 6])
def test_result_refuses_every_column_once_the_game_is_over(action):
    game = ConnectFour()
    state = game.from_moves("1212121")
    with pytest.raises(IllegalActionError, match=r"terminal and has no actions") as info:
        game.result(state, action)
    assert info.value.legal == ()


def test_utility_of_a_game_in_progress_is_a_protocol_error():
    game = ConnectFour()
    with pytest.raises(GameProtocolError, match=r"utility of a game in progress"):
        game.utility(game.from_moves("44"), 0)


@pytest.mark.parametrize("player", [2, -1])
def test_players_other_than_0_and_1_are_refused(player):
    game = ConnectFour()
    with pytest.raises(ValueError, match=r"players 0 \(X\) and 1 \(O\)"):
        game.utility(game.from_moves("1212121"), player)
    with pytest.raises(ValueError, match=r"players 0 \(X\) and 1 \(O\)"):
        game.evaluate(game.from_moves("44"), player)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"width": 0}, r"width must be an int from 1 to 16"),
        ({"width": 7.0}, r"width must be an int from 1 to 16"),
        ({"width": True}, r"width must be an int from 1 to 16"),
        ({"height": 0}, r"height must be an int from 1 to 16"),
        ({"height": "6"}, r"height must be an int from 1 to 16"),
    ],
)
def test_constructor_refuses_impossible_boards(arguments, message):
    with pytest.raises(ValueError, match=message):
        ConnectFour(**arguments)


def test_defaults_and_repr():
    game = ConnectFour()
    assert (game.width, game.height, game.num_players) == (7, 6, 2)
    assert repr(ConnectFour(5, 4)) == "ConnectFour(width=5, height=4)"


# Keys for transposition tables.


@pytest.mark.slow
def test_key_is_unique_on_every_position_of_a_small_board():
    game = ConnectFour(4, 4)
    seen, frontier = {game.initial_state()}, [game.initial_state()]
    while frontier:
        children = {game.result(s, a) for s in frontier for a in game.actions(s)}
        frontier = list(children - seen)
        seen |= children
    keys = {game.key(state) for state in seen}
    assert len(keys) == len(seen)
    assert all(0 <= key < 1 << (4 * 5) for key in keys)


@given(st.lists(states(ConnectFour(), max_moves=20), min_size=2, max_size=20))
def test_key_is_unique_on_random_positions(positions):
    game = ConnectFour()
    keys = {game.key(state): state for state in positions}
    assert len(keys) == len(set(positions))


def test_key_is_the_same_for_transpositions_and_differs_for_mirror_images():
    game = ConnectFour()
    assert game.from_moves("4435") == game.from_moves("3544")
    assert game.key(game.from_moves("4435")) == game.key(game.from_moves("3544"))
    assert game.key(game.from_moves("1")) != game.key(game.from_moves("7"))


# Move ordering.


CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6]


@given(state=states(ConnectFour()))
def test_order_puts_wins_then_blocks_then_the_centre_first(state):
    game, naive = ConnectFour(), NaiveConnectFour(7, 6)
    grid = grid_of(game, state)
    actions = game.actions(state)
    mover = naive.to_move(grid)
    other = "O" if mover == "X" else "X"
    wins = [
        col for col in CENTRE_FIRST if col in actions and naive.completes_four(grid, col, mover)
    ]
    blocks = [
        col
        for col in CENTRE_FIRST
        if col in actions and col not in wins and naive.completes_four(grid, col, other)
    ]
    rest = [col for col in CENTRE_FIRST if col in actions and col not in wins + blocks]
    assert game.order(state, actions) == wins + blocks + rest


def grid_of(game: ConnectFour, state: int) -> Grid:
    rows = [row.split() for row in reversed(game.render(state).split("\n"))]
    return tuple(tuple(None if mark == "." else mark for mark in row) for row in rows)


def test_order_orders_only_the_actions_it_is_given():
    game = ConnectFour()
    state = game.from_moves("12121")
    assert game.order(state, [6, 5, 0]) == [0, 5, 6]
    assert game.order(state, (6, 2)) == [2, 6]
    assert game.order(state, []) == []
    assert ConnectFour(4, 4).order(0, (0, 1, 2, 3)) == [1, 2, 0, 3]


@pytest.mark.parametrize("action", [9, -1, "3", [3], None])
def test_order_refuses_what_is_not_a_column(action):
    game = ConnectFour()
    with pytest.raises(IllegalActionError, match=r"illegal action") as info:
        game.order(game.initial_state(), [3, action])
    assert info.value.action == action


# The evaluation.


@pytest.mark.parametrize(("width", "height"), [(7, 6), (4, 4), (5, 3), (8, 7)])
@given(data=st.data())
def test_evaluation_is_the_documented_count(width, height, data):
    game, naive = ConnectFour(width, height), NaiveConnectFour(width, height)
    state = data.draw(states(game), label="state")
    grid = grid_of(game, state)
    assert game.evaluate(state, 0) == naive.evaluation(grid, "X")
    assert game.evaluate(state, 1) == naive.evaluation(grid, "O")


@given(state=states(ConnectFour()))
def test_evaluation_is_zero_sum_symmetric_and_strictly_between_loss_and_win(state):
    game = ConnectFour()
    value = game.evaluate(state, 0)
    assert -1 < value < 1
    assert game.evaluate(state, 1) == -value
    mirror = "\n".join(" ".join(reversed(row.split())) for row in game.render(state).split("\n"))
    assert game.evaluate(game.parse(mirror), 0) == value


def test_evaluation_counts_on_an_empty_board_and_a_centre_stone():
    game = ConnectFour()
    assert game.evaluate(game.initial_state(), 0) == 0.0
    # 69 windows of four fit on 7 x 6: 24 in rows, 21 in columns, 12 on each diagonal.
    scale = 1 + 5 * 69 + 3 * 6
    assert game.evaluate(game.from_moves("4"), 0) == 3 / scale  # one centre stone, no two
    # O's corner stone shares no window with X's centre stone: neither has a two.
    assert game.evaluate(game.from_moves("41"), 0) == 3 / scale
    # X's two bottom stones lie in 3 open windows of the bottom row: 3 twos, 1 centre stone.
    # O's two corner stones lie in 1 open window (column 1): 1 two.
    assert game.evaluate(game.from_moves("4151"), 0) == (3 + 2 * 3 - 2) / scale


# Searches on small boards.


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), [(4, 4), (5, 4)])
@given(data=st.data(), depth=st.integers(1, 3))
def test_pruning_equals_minimax_at_a_depth_with_the_evaluation(width, height, data, depth):
    game = ConnectFour(width, height)
    state = data.draw(states(game), label="state")
    full = minimax(game, state, depth=depth, evaluate=game.evaluate)
    for searcher in (alphabeta, negamax):
        result = searcher(game, state, depth=depth, evaluate=game.evaluate)
        assert (result.value, result.action, result.pv) == (full.value, full.action, full.pv)
        assert result.stats.nodes <= full.stats.nodes


def solve_naively(naive: NaiveConnectFour) -> float:
    """The game value for X, by memoised negamax over the naive grid."""

    @functools.cache
    def value(grid: Grid) -> float:  # for the player to move
        if naive.is_over(grid):
            return naive.utility(grid, naive.to_move(grid))
        return max(-value(naive.play(grid, col)) for col in naive.legal(grid))

    return value(naive.empty())


@pytest.mark.parametrize(
    ("width", "height"), [pytest.param(4, 3, marks=pytest.mark.slow), (3, 4), (5, 2)]
)
@pytest.mark.slow
def test_searchers_solve_small_boards_as_the_naive_solver_does(width, height):
    game = ConnectFour(width, height)
    expected = solve_naively(NaiveConnectFour(width, height))
    assert alphabeta(game).value == negamax(game).value == expected
