"""What the tests of the two bitboard games (TicTacToe, ConnectFour) check alike.

Each test file keeps a naive reference of its game, written the obvious way so that it can be
trusted by reading it; both references answer the same questions by the same names (the
:class:`NaiveGame` protocol), so one check compares either game with its reference, position by
position, along random lines of play.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, Protocol, TypeVar

from hypothesis import strategies as st

B = TypeVar("B", bound=Hashable)


class NaiveGame(Protocol[B]):
    """A naive reference: boards of marks ``"X"`` and ``"O"``, X to move first."""

    def empty(self) -> B: ...
    def to_move(self, board: B) -> str: ...
    def is_over(self, board: B) -> bool: ...
    def legal(self, board: B) -> tuple[int, ...]: ...
    def play(self, board: B, move: int) -> B: ...
    def winner(self, board: B) -> str | None: ...
    def utility(self, board: B, mark: str) -> float: ...
    def picture(self, board: B) -> str: ...


def assert_agrees(game: Any, state: int, reference: NaiveGame[B], board: B) -> None:
    """``game``'s ``state`` is the reference's ``board``: every member says the same."""
    assert isinstance(state, int)
    assert game.render(state) == reference.picture(board)
    assert game.to_move(state) == "XO".index(reference.to_move(board))
    assert game.is_terminal(state) == reference.is_over(board)
    assert game.actions(state) == reference.legal(board)
    winner = reference.winner(board)
    assert game.winner(state) == (None if winner is None else "XO".index(winner))
    if reference.is_over(board):
        assert game.utility(state, 0) == reference.utility(board, "X")
        assert game.utility(state, 1) == reference.utility(board, "O")
    assert game.parse(reference.picture(board)) == state


def random_line(
    game: Any, reference: NaiveGame[B], data: st.DataObject, label: str
) -> Iterator[tuple[int, B]]:
    """The positions of one line of play to the end, from the start, in both forms.

    Each move is drawn by ``data`` (labelled ``label``) from the reference's legal moves and
    played in both games; ``(state, board)`` is yielded before the first move and after each.
    """
    state, board = game.initial_state(), reference.empty()
    yield state, board
    while not reference.is_over(board):
        legal = reference.legal(board)
        move = legal[data.draw(st.integers(0, len(legal) - 1), label=label)]
        state, board = game.result(state, move), reference.play(board, move)
        yield state, board
