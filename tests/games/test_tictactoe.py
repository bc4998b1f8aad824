"""TicTacToe against a naive reference, its pictures, its errors and its solved values.

The reference below is written the obvious way (a tuple of marks, every line checked after every
move) so that it can be trusted by reading it; the fast, bit-packed ``TicTacToe`` must agree with
it move by move.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from naive_boards import assert_agrees, random_line

from gamesearch import (
    GameProtocolError,
    GameSearchError,
    IllegalActionError,
    alphabeta,
    minimax,
    negamax,
)
from gamesearch.games import TicTacToe
from gamesearch.testing import states

Board = tuple[str | None, ...]
"""A naive board: one cell per square, row by row, holding 'X', 'O' or None."""


class NaiveTicTacToe:
    """k in a row on an n x n board, written for clarity rather than speed."""

    def __init__(self, size: int, k: int) -> None:
        self.size = size
        self.k = k
        self.lines = []
        for row in range(size):
            for col in range(size):
                for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    cells = [(row + d_row * i, col + d_col * i) for i in range(k)]
                    if all(0 <= r < size and 0 <= c < size for r, c in cells):
                        self.lines.append(tuple(r * size + c for r, c in cells))

    def empty(self) -> Board:
        return (None,) * (self.size * self.size)

    def winner(self, board: Board) -> str | None:
        for mark in "XO":
            for line in self.lines:
                if all(board[square] == mark for square in line):
                    return mark
        return None

    def to_move(self, board: Board) -> str:
        return "X" if board.count("X") == board.count("O") else "O"

    def is_over(self, board: Board) -> bool:
        return self.winner(board) is not None or None not in board

    def legal(self, board: Board) -> tuple[int, ...]:
        if self.is_over(board):
            return ()
        return tuple(square for square, mark in enumerate(board) if mark is None)

    def play(self, board: Board, square: int) -> Board:
        assert square in self.legal(board)
        cells = list(board)
        cells[square] = self.to_move(board)
        return tuple(cells)

    def utility(self, board: Board, mark: str) -> float:
        winner = self.winner(board)
        if winner is None:
            return 0.0
        return 1.0 if winner == mark else -1.0

    def picture(self, board: Board) -> str:
        rows = []
        for row in range(self.size):
            cells = board[row * self.size : (row + 1) * self.size]
            rows.append(" ".join(mark or "." for mark in cells))
        return "\n".join(rows)


GAMES = [
    pytest.param(TicTacToe(), NaiveTicTacToe(3, 3), id="3x3"),
    pytest.param(TicTacToe(size=4, k=3), NaiveTicTacToe(4, 3), id="4x4-k3", marks=pytest.mark.slow),
    pytest.param(
        TicTacToe(size=4), NaiveTicTacToe(4, 4), id="4x4-k-defaults-to-4", marks=pytest.mark.slow
    ),
    pytest.param(TicTacToe(size=3, k=2), NaiveTicTacToe(3, 2), id="3x3-k2"),
    pytest.param(TicTacToe(size=5, k=4), NaiveTicTacToe(5, 4), id="5x5-k4", marks=pytest.mark.slow),
    pytest.param(TicTacToe(size=1), NaiveTicTacToe(1, 1), id="1x1"),
]


@pytest.mark.parametrize(("game", "reference"), GAMES)
@given(data=st.data())
def test_agrees_with_the_naive_reference_after_every_move(game, reference, data):
    for state, board in random_line(game, reference, data, "move"):
        assert_agrees(game, state, reference, board)


# Pictures: parse and render.


@pytest.mark.parametrize("game", [TicTacToe(), TicTacToe(size=4, k=3), TicTacToe(size=4)])
@given(data=st.data())
def test_parse_reads_back_what_render_draws(game, data):
    state = data.draw(states(game), label="state")
    assert game.parse(game.render(state)) == state


@pytest.mark.parametrize(
    "picture",
    [
        "X.O / .X. / ...",
        "X.O/.X./...",
        "X.O\n.X.\n...",
        "X . O\n. X .\n. . .",
        "\n    X . O\n    . X .\n    . . .\n",
        "  X.O  /  . X .  /...  ",
    ],
)
def test_parse_accepts_slashes_or_newlines_and_ignores_spaces(picture):
    game = TicTacToe()
    expected = game.result(game.result(game.result(game.initial_state(), 0), 2), 4)
    assert game.parse(picture) == expected
    assert game.render(game.parse(picture)) == "X . O\n. X .\n. . ."


def test_parse_gives_the_same_state_as_play():
    game = TicTacToe(size=4, k=3)
    state = game.initial_state()
    for square in (5, 0, 10, 15):
        state = game.result(state, square)
    assert game.parse("O... / .X.. / ..X. / ...O") == state


@pytest.mark.parametrize(
    ("picture", "message"),
    [
        pytest.param("X.. / ... ", r"expected 3 rows of 3 squares", id="two-rows"),
        pytest.param("X.. / ... / ... / ...", r"expected 3 rows of 3 squares", id="four-rows"),
        pytest.param("X... / ... / ...", r"expected 3 rows of 3 squares", id="long-row"),
        pytest.param("X. / ... / ...", r"expected 3 rows of 3 squares", id="short-row"),
        pytest.param("", r"expected 3 rows of 3 squares", id="empty"),
        pytest.param("X.Z / ... / ...", r"unexpected mark 'Z'", id="bad-letter"),
        pytest.param("X.0 / ... / ...", r"unexpected mark '0'", id="zero-for-o"),
        pytest.param("O.. / ... / ...", r"X moves first", id="o-moved-first"),
        pytest.param("OO. / X.. / ...", r"X moves first", id="o-has-more"),
        pytest.param("XX. / ... / ...", r"X moves first", id="x-two-ahead"),
        pytest.param("XXX / OOO / ...", r"play stops at the first line", id="both-have-lines"),
        pytest.param("XXX / OO. / O..", r"play stops at the first line", id="o-moved-after-x-won"),
        pytest.param("OOO / XX. / XX.", r"play stops at the first line", id="x-moved-after-o-won"),
    ],
)
def test_parse_rejects_pictures_no_game_reaches(picture, message):
    with pytest.raises(ValueError, match=message):
        TicTacToe().parse(picture)


def test_parse_checks_the_size_of_its_own_game():
    with pytest.raises(ValueError, match=r"expected 4 rows of 4 squares"):
        TicTacToe(size=4).parse("X.. / ... / ...")


@pytest.mark.parametrize(
    ("picture", "terminal", "winner"),
    [
        ("XXX / OO. / ...", True, 0),
        ("XX. / OOO / X..", True, 1),
        ("XOX / XOO / OXX", True, None),  # a full board without a line: a draw
        ("XXO / OXX / OOX", True, 0),  # full, and X's last mark made a diagonal
        ("XO. / ... / ...", False, None),
    ],
)
def test_parsed_positions_know_whether_the_game_is_over(picture, terminal, winner):
    game = TicTacToe()
    state = game.parse(picture)
    assert game.is_terminal(state) is terminal
    assert game.winner(state) == winner
    if terminal:
        assert game.actions(state) == ()


# Illegal actions.


@pytest.mark.parametrize("action", [4, 0, -1, 9, 100, "a", None, 4.5, [1], {}])
def test_result_refuses_squares_that_are_not_empty_squares(action):
    game = TicTacToe()
    state = game.result(game.result(game.initial_state(), 4), 0)
    with pytest.raises(IllegalActionError, match=r"illegal action") as info:
        game.result(state, action)
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, GameSearchError)
    assert error.legal == (1, 2, 3, 5, 6, 7, 8)
    assert repr(action) in str(error)
    assert "1, 2, 3, 5, 6, 7, 8" in str(error)


@pytest.mark.parametrize("action", [-1, 16, 9 * 9])
def test_result_refuses_squares_off_a_bigger_board(action):
    game = TicTacToe(size=4)
    with pytest.raises(IllegalActionError, match=rf"illegal action {action}\b"):
        game.result(game.initial_state(), action)


@pytest.mark.parametrize("action", [5, 8, 0])
def test_result_refuses_every_action_once_the_game_is_over(action):
    game = TicTacToe()
    state = game.parse("XXX / OO. / ...")
    with pytest.raises(IllegalActionError, match=r"terminal and has no actions") as info:
        game.result(state, action)
    assert info.value.legal == ()
    assert repr(action) in str(info.value)


# Utilities and the constructor.


def test_utility_of_a_game_in_progress_is_a_protocol_error():
    game = TicTacToe()
    state = game.parse("X.. / .O. / ...")
    with pytest.raises(GameProtocolError, match=r"utility of a game in progress"):
        game.utility(state, 0)


@pytest.mark.parametrize("picture", ["XXX / OO. / ...", "XOX / XOO / OXX"])
@pytest.mark.parametrize("player", [2, -1])
def test_utility_for_a_player_who_is_not_playing(picture, player):
    game = TicTacToe()
    with pytest.raises(ValueError, match=r"players 0 \(X\) and 1 \(O\)"):
        game.utility(game.parse(picture), player)


def test_utility_is_plus_one_minus_one_or_zero():
    game = TicTacToe()
    o_won = game.parse("XX. / OOO / X..")
    draw = game.parse("XOX / XOO / OXX")
    assert (game.utility(o_won, 0), game.utility(o_won, 1)) == (-1.0, 1.0)
    assert (game.utility(draw, 0), game.utility(draw, 1)) == (0.0, 0.0)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"size": 0}, r"size must be an int from 1 to 16"),
        ({"size": -3}, r"size must be an int from 1 to 16"),
        ({"size": 3.0}, r"size must be an int from 1 to 16"),
        ({"size": "3"}, r"size must be an int from 1 to 16"),
        ({"size": True}, r"size must be an int from 1 to 16"),
        ({"size": 3, "k": 0}, r"k must be an int from 1 to size=3"),
        ({"size": 3, "k": 4}, r"k must be an int from 1 to size=3"),
        ({"size": 3, "k": 2.0}, r"k must be an int from 1 to size=3"),
    ],
)
def test_constructor_refuses_impossible_boards(arguments, message):
    with pytest.raises(ValueError, match=message):
        TicTacToe(**arguments)


def test_k_defaults_to_the_size():
    assert (TicTacToe().size, TicTacToe().k) == (3, 3)
    assert TicTacToe(size=4).k == 4
    assert repr(TicTacToe(size=4, k=3)) == "TicTacToe(size=4, k=3)"


# States.


def test_states_are_hashable_ints_and_transpositions_are_equal():
    game = TicTacToe()

    def play(*squares):
        state = game.initial_state()
        for square in squares:
            state = game.result(state, square)
        return state

    one_way, other_way = play(4, 0, 8, 2), play(8, 2, 4, 0)  # X on 4 and 8, O on 0 and 2
    assert isinstance(one_way, int)
    assert one_way == other_way
    assert hash(one_way) == hash(other_way)
    assert len({one_way, other_way}) == 1
    assert play(4, 0, 8) == play(8, 0, 4)
    assert play(4, 0) != play(0, 4)  # same squares, other owners


# Solved values.


def test_tictactoe_is_a_draw():
    result = alphabeta(TicTacToe())
    assert (result.value, result.player) == (0.0, 0)


def test_two_in_a_row_on_three_by_three_is_a_first_player_win():
    game = TicTacToe(size=3, k=2)
    assert alphabeta(game).value == minimax(game).value == 1.0


def test_one_square_board_is_won_by_the_first_mark():
    game = TicTacToe(size=1)
    result = alphabeta(game)
    assert (result.value, result.action, result.pv) == (1.0, 0, (0,))
    assert game.winner(game.result(game.initial_state(), 0)) == 0


def test_two_by_two_is_won_by_x_on_its_second_mark():
    # Any two squares of a 2x2 board share a row, a column or a diagonal, so every game is X, O,
    # X and X wins: 4 * 3 * 2 = 24 games, 1 + 4 + 12 + 24 = 41 positions.
    game = TicTacToe(size=2)
    result, full = alphabeta(game), minimax(game)
    assert result.value == full.value == 1.0
    assert len(result.pv) == 3
    assert (full.stats.nodes, full.stats.leaves) == (41, 24)


def test_o_must_answer_opposite_corners_with_an_edge():
    game = TicTacToe()
    state = game.parse("X.. / .O. / ..X")
    assert game.to_move(state) == 1  # X has 2 marks and O 1, so O is to move
    full, pruned = minimax(game, state), alphabeta(game, state)
    assert (pruned.value, pruned.action, pruned.player) == (full.value, full.action, full.player)
    # O on an edge (say 1) threatens a column: X blocks at 7, O blocks at 6, X at 2, O at 5, X
    # at 3, and the board fills up: a draw. O in a corner (say 2) threatens the other diagonal;
    # X blocks at 6 and then threatens both 0-3-6 and 6-7-8, so X wins. The edges are all alike
    # by symmetry, and so are the corners.
    assert (pruned.value, pruned.action) == (0.0, 1)
    values_for_o = {
        square: -alphabeta(game, game.result(state, square)).value for square in game.actions(state)
    }
    assert values_for_o == {1: 0.0, 2: -1.0, 3: 0.0, 5: 0.0, 6: -1.0, 7: 0.0}


# Search statistics. alphabeta's 18,297 nodes are asserted by the package docstring's doctest
# (src/gamesearch/__init__.py), minimax's 549,946 only through the example's printout.


@pytest.mark.slow
def test_minimax_plays_out_every_possible_game():
    result = minimax(TicTacToe())
    assert result.value == 0.0
    assert result.stats.leaves == 255_168  # the number of possible games of tic-tac-toe
    assert result.stats.nodes == 549_946  # the empty board and every position of every game
    assert result.stats.cutoffs == 0


def test_negamax_visits_as_many_nodes_as_alphabeta():
    result = negamax(TicTacToe())
    assert (result.value, result.action) == (0.0, 0)
    assert result.stats.nodes == 18_297
