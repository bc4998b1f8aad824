"""Rolit against a naive reference that walks the board square by square, and its rules by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import GameProtocolError, IllegalActionError
from gamesearch.games import Rolit
from gamesearch.testing import states

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
GAMES = {size: Rolit(size) for size in (4, 6, 8)}


class NaiveRolit:
    """The rules of Rolit, written plainly on a list of rows; colours are 0-3, empty is None."""

    def __init__(self, size: int, players: int) -> None:
        self.size, self.players = size, players

    def board(self, game: Rolit, state) -> list[list[int | None]]:
        text = game.render(state).split("\n")
        return [["RYGB".index(m) if m != "." else None for m in row.split()] for row in text]

    def inside(self, row: int, col: int) -> bool:
        return 0 <= row < self.size and 0 <= col < self.size

    def captured(self, board, row, col, colour) -> list[tuple[int, int]]:
        flips = []
        for d_row, d_col in DIRECTIONS:
            line, r, c = [], row + d_row, col + d_col
            while self.inside(r, c) and board[r][c] is not None and board[r][c] != colour:
                line.append((r, c))
                r, c = r + d_row, c + d_col
            if line and self.inside(r, c) and board[r][c] == colour:
                flips.extend(line)
        return flips

    def moves(self, board, colour) -> list[int]:
        empty = [(r, c) for r in range(self.size) for c in range(self.size) if board[r][c] is None]
        captures = [(r, c) for r, c in empty if self.captured(board, r, c, colour)]
        near = [
            (r, c)
            for r, c in empty
            if any(
                self.inside(r + dr, c + dc) and board[r + dr][c + dc] is not None
                for dr, dc in DIRECTIONS
            )
        ]
        return [r * self.size + c for r, c in (captures or near)]

    def play(self, board, square, colour) -> list[list[int | None]]:
        row, col = divmod(square, self.size)
        after = [list(line) for line in board]
        for r, c in self.captured(board, row, col, colour):
            after[r][c] = colour
        after[row][col] = colour
        return after


@pytest.mark.slow
@given(
    st.sampled_from(sorted(GAMES)).flatmap(
        lambda size: st.tuples(st.just(size), states(GAMES[size]))
    )
)
def test_actions_and_results_match_the_naive_rules(size_and_state):
    size, state = size_and_state
    game, naive = GAMES[size], NaiveRolit(size, 3)
    board, mover = naive.board(game, state), game.to_move(state)
    expected = [] if game.is_terminal(state) else naive.moves(board, mover)
    assert list(game.actions(state)) == expected
    for square in expected:
        after = game.result(state, square)
        assert naive.board(game, after) == naive.play(board, square, mover)
        assert game.to_move(after) == (mover + 1) % 3


@given(states(GAMES[4]))
def test_pieces_only_grow_by_one_and_the_game_ends_when_the_board_is_full(state):
    game = GAMES[4]
    assert sum(game.pieces(state)) >= 4
    assert game.is_terminal(state) == (sum(game.pieces(state)) == 16)
    assert game.is_terminal(state) == (game.actions(state) == ())
    for square in game.actions(state):
        assert sum(game.pieces(game.result(state, square))) == sum(game.pieces(state)) + 1


@pytest.mark.parametrize("players", [2, 3, 4])
@given(data=st.data())
def test_a_drawn_board_reads_back_as_the_state_with_its_mover(players, data):
    """``parse(render(state))`` is the state: the player to move follows from the pieces."""
    game = Rolit(size=4, players=players)
    state = data.draw(states(game))
    assert game.parse(game.render(state)) == state
    if not game.is_terminal(state):
        other = (game.to_move(state) + 1) % players
        assert game.to_move(game.parse(game.render(state), to_move=other)) == other


def test_a_board_after_a_pass_needs_its_mover_given():
    game = Rolit(size=4, players=3)
    passed = game.pass_turn(game.initial_state())
    assert game.parse(game.render(passed)) == game.initial_state()  # red's turn by the count
    assert game.parse(game.render(passed), to_move=1) == passed


@given(states(GAMES[6]))
def test_evaluations_are_shares_within_zero_and_one(state):
    game = GAMES[6]
    shares = [game.evaluate(state, player) for player in range(3)]
    assert all(0 <= share <= 1 for share in shares)
    assert sum(shares) <= 1
    counts, marks = game.pieces(state), game.render(state).split()
    corners = {marks[0], marks[5], marks[30], marks[35]}
    if counts[0] > counts[1] and not corners & {"R", "Y"}:
        assert shares[0] > shares[1]


def test_the_opening_captures():
    game = Rolit(size=6)
    state = game.initial_state()
    assert game.render(state).split("\n")[2:4] == [". . R Y . .", ". . B G . ."]
    assert game.actions(state) == (16, 26, 28)
    after = game.result(state, 28)  # red captures green diagonally
    assert game.pieces(after) == (3, 1, 0, 1)
    assert game.to_move(after) == 1


def test_without_a_capture_any_square_next_to_a_piece_will_do():
    game = Rolit(size=4)
    # Green has no piece to capture towards: it may play next to any piece.
    state = game.parse("RR.. / RRY. / .B.. / ....", to_move=2)
    assert game.actions(state) == (2, 3, 7, 8, 10, 11, 12, 13, 14)


def test_a_line_of_mixed_colours_is_captured_whole():
    game = Rolit(size=6)
    state = game.parse("RYBG.. / ...... / ...... / ...... / ...... / ......", to_move=0)
    after = game.result(state, 4)
    assert game.render(after).split("\n")[0] == "R R R R R ."


@pytest.mark.parametrize(
    ("board", "utilities"),
    [
        ("RRRR / RRYY / YYGG / GGBB", [1.0, 0.0, 0.0]),
        ("RRRR / YYYY / GGGG / BBBB", [1 / 3, 1 / 3, 1 / 3]),
        ("RRRR / RRYY / YYYY / GGBB", [0.5, 0.5, 0.0]),
        ("RRRB / BBBB / BBBB / YYGG", [1.0, 0.0, 0.0]),  # blue is neutral with three players
    ],
)
def test_utilities_of_finished_games(board, utilities):
    game = Rolit(size=4)
    state = game.parse(board)
    assert game.is_terminal(state)
    assert [game.utility(state, player) for player in range(3)] == utilities


def test_four_players_and_two_players():
    four, two = Rolit(size=4, players=4), Rolit(size=4, players=2)
    full = four.parse("RRRR / YYYY / GGGG / BBBG")
    assert [four.utility(full, player) for player in range(4)] == [0.0, 0.0, 1.0, 0.0]
    assert [two.utility(full, player) for player in range(2)] == [0.5, 0.5]
    assert two.to_move(two.result(two.initial_state(), two.actions(two.initial_state())[0])) == 1


def test_bad_use_is_refused():
    game = Rolit(size=4)
    state = game.initial_state()
    with pytest.raises(IllegalActionError, match=r"illegal action 0 in Rolit"):
        game.result(state, 0)
    with pytest.raises(GameProtocolError, match=r"game in progress"):
        game.utility(state, 0)
    full = game.parse("RRRR / RRYY / YYGG / GGBB")
    with pytest.raises(ValueError, match=r"players 0 to 2, not 3"):
        game.utility(full, 3)
    with pytest.raises(GameProtocolError, match=r"finished game"):
        game.pass_turn(full)
    with pytest.raises(ValueError, match=r"expected 4 rows"):
        game.parse("RR / YY")
    with pytest.raises(ValueError, match=r"unexpected mark 'X'"):
        game.parse("X... / .... / .... / ....")
    with pytest.raises(ValueError, match=r"at least the 4 pieces it starts with, .* holds 1"):
        game.parse("R... / .... / .... / ....")
    for mover in (True, 1.0, "1", -1, 3):
        with pytest.raises(ValueError, match=r"players 0 to 2, not "):
            game.parse("R... / .RY. / .BG. / ....", to_move=mover)


@pytest.mark.parametrize(("size", "players"), [(5, 3), (2, 3), (6, 1), (6, 5), (True, 3), (6.0, 3)])
def test_bad_sizes_and_player_counts(size, players):
    with pytest.raises(ValueError, match=r"Rolit: (size|players) must be"):
        Rolit(size, players=players)


def test_pass_turn_hands_the_move_on():
    game = Rolit(size=6)
    state = game.initial_state()
    passed = game.pass_turn(state)
    assert game.to_move(passed) == 1
    assert game.render(passed) == game.render(state)
