"""``gamesearch solve`` proves what the library can prove, and says so (issue 27, section 3).

By default it proves the value with the exact method that fits the game, and prints
"proven: X wins in N plies" / "proven draw" with the principal variation to the end of the
game; "estimate at depth d" only when a limit the user gave stopped it, naming the limit.
``play`` says the same of the computer's moves.
"""

from __future__ import annotations

import functools
import io
import re

import pytest
from cli_helpers import call

from gamesearch import expectiminimax, maxn
from gamesearch.games import ConnectFour, Hog, Nim, TicTacToe


def pv_of(out: str) -> list[int]:
    line = re.search(r"^principal variation: (.*)$", out, re.MULTILINE)
    assert line is not None, out
    return [int(move) for move in line[1].split()]


def oracle(game: TicTacToe, state: int) -> tuple[int, int]:
    """Independent of the searchers: (outcome for the mover, plies to the end under best play).

    Plain recursion over every line; the winner takes the shortest win, the loser the longest
    loss, as the engine's distances are defined.
    """

    @functools.cache
    def solve(state: int) -> tuple[int, int]:
        if game.is_terminal(state):
            winner = game.winner(state)
            return (0 if winner is None else -1), 0  # the last mover won, or a draw
        best: tuple[int, int] | None = None
        for action in game.actions(state):
            outcome, plies = solve(game.result(state, action))
            mine = (-outcome, plies + 1)
            # Rank: a higher outcome; among wins the shorter, among losses the longer.
            if best is None or _better(mine, best):
                best = mine
        assert best is not None
        return best

    return solve(state)


def _better(one: tuple[int, int], other: tuple[int, int]) -> bool:
    if one[0] != other[0]:
        return one[0] > other[0]
    return one[1] < other[1] if one[0] > 0 else one[1] > other[1] if one[0] < 0 else False


@pytest.mark.slow
def test_connect_four_is_proven_by_default_where_a_clock_gave_an_estimate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The board: the command used to print an estimate per depth for 2 s, never proven.
    status, out, err = call(capsys, "solve", "connect4", "-p", "width=5", "-p", "height=4")
    assert status == 0, err
    assert "search: mtdf, the exact solver, until the value is proven\n" in out
    assert "proven draw\n" in out
    assert "value: 0 for X (proven)" in out
    assert "estimate" not in out
    game = ConnectFour(width=5, height=4)
    state = game.initial_state()
    for move in pv_of(out):  # the line is played to the end of the game, a draw
        state = game.result(state, move)
    assert game.is_terminal(state)
    assert game.utility(state, 0) == 0
    assert all(line.startswith("solving: ") for line in err.splitlines())  # progress only


@pytest.mark.slow
def test_a_lost_connect_four_board_names_the_winner_and_the_distance(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = call(capsys, "solve", "connect4", "-p", "width=6", "-p", "height=4")
    assert status == 0, err
    found = re.search(r"^proven: O wins in (\d+) plies$", out, re.MULTILINE)
    assert found is not None, out
    line = pv_of(out)
    assert len(line) == int(found[1])  # the line of best play is as long as the distance
    game = ConnectFour(width=6, height=4)
    state = game.initial_state()
    for move in line:
        state = game.result(state, move)
    assert game.is_terminal(state)
    assert game.utility(state, 1) == 1  # O, the second player, wins


@pytest.mark.parametrize(
    "moves",
    [["0", "3", "1"], ["0", "4", "8"], ["4"], ["0", "1", "3"], []],
    ids=["x-threatens", "corners", "centre", "o-loses", "start"],
)
def test_tic_tac_toe_proofs_agree_with_an_independent_oracle(
    capsys: pytest.CaptureFixture[str], moves: list[str]
) -> None:
    game = TicTacToe()
    state = game.initial_state()
    for move in moves:
        state = game.result(state, int(move))
    outcome, plies = oracle(game, state)
    args = ["solve", "tictactoe", "--quiet"] + (["--moves", *moves] if moves else [])
    status, out, err = call(capsys, *args)
    assert status == 0, err
    first = out.splitlines()[4]  # after the board (3 lines) and the search line
    mover, other = ("X", "O") if game.to_move(state) == 0 else ("O", "X")
    if outcome == 0:
        assert first == "proven draw"
    else:
        winner = mover if outcome > 0 else other
        assert first == f"proven: {winner} wins in {plies} plies"
        assert len(pv_of(out)) == plies


def test_a_game_of_chance_is_proven_by_the_table_solver(
    capsys: pytest.CaptureFixture[str],
) -> None:
    expected = expectiminimax(Hog())  # another algorithm: the tree of chance, to the end
    assert expected.exact
    status, out, err = call(capsys, "solve", "hog")
    assert status == 0, err
    assert "search: the table solver (solve), every position to the end" in out
    found = re.search(
        r"^proven: (\S+) for player 0, the expected utility under best play \(value iteration, "
        r"to within 1e-09\)$",
        out,
        re.MULTILINE,
    )
    assert found is not None, out
    assert float(found[1]) == pytest.approx(expected.value, abs=1e-6)
    assert f"best move: {expected.action}\n" in out
    assert re.search(r"^positions: [\d,]+ solved by value_iteration$", out, re.MULTILINE)
    assert re.search(r"^iterate: [\d,]+ of [\d,]+ positions", err, re.MULTILINE)  # progress


def test_a_game_of_three_players_is_proven_by_maxn_to_the_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    expected = maxn(Nim((1, 2)))
    status, out, err = call(capsys, "solve", "nim", "-p", "piles=(1, 2)", "--quiet")
    assert status == 0, err
    assert "search: maxn until the value is proven" in out
    game, state = Nim((1, 2)), Nim((1, 2)).initial_state()
    line = out.split("principal variation: ")[1].splitlines()[0].split()
    for move in line:
        state = game.result(state, tuple(int(n) for n in move.split(",")))
    assert game.is_terminal(state)
    winner = next(p for p in range(3) if game.utility(state, p) == max(expected.values or ()))
    assert f"proven: player {winner} wins\n" in out
    assert f"value: {expected.value:g} for player 0 (proven)" in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--depth", "3"], r"estimate at depth 3: the depth limit, 3 plies, stopped the search"),
        (["--time", "0.2"], r"estimate at depth (\d+): the 0\.2 s limit \(depth \d+ unfinished\)"),
        (["-o", "node_limit=300"], r"estimate at depth \d+: the node limit, 300, stopped"),
    ],
    ids=["depth", "time", "nodes"],
)
@pytest.mark.slow
def test_an_estimate_names_the_limit_that_stopped_it(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    status, out, err = call(capsys, "solve", "connect4", "--quiet", *args)
    assert status == 0, err
    assert re.search(said + r".* before the value was proven \([\d,]+ nodes in", out), out
    assert "proven:" not in out
    assert "proven draw" not in out


def test_a_limit_that_does_not_stop_the_proof_still_proves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = call(capsys, "solve", "tictactoe", "--moves", "0", "3", "1", "--time", "5")
    assert status == 0, err
    assert "proven: X wins in" in out


@pytest.mark.parametrize(
    ("searcher", "first"),
    [("alphabeta", "proven draw"), ("solve", "proven draw"), ("mtdf", "proven draw")],
)
def test_another_searcher_is_still_chosen_by_name(
    capsys: pytest.CaptureFixture[str], searcher: str, first: str
) -> None:
    status, out, err = call(capsys, "solve", "tictactoe", "--searcher", searcher, "--quiet")
    assert status == 0, err
    assert f"search: {searcher}" in out or (searcher == "solve" and "table solver" in out)
    assert first in out
    if searcher == "solve":
        assert "positions: 765 solved by memo" in out  # tic-tac-toe's 765 positions


def test_play_shows_a_proof_with_its_distance(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # X throws the game away: 0, 1, then anything; every computer move is proven.
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n1\n" + "2\n3\n5\n6\n7\n8\n" * 3))
    status, out, err = call(capsys, "play", "tictactoe")
    assert status == 0, err
    thoughts = re.findall(r"the computer \(O\) plays \d  \[(.*)\]", out)
    assert thoughts
    assert all(t.startswith(("proven draw;", "proven: ")) for t in thoughts), thoughts
    won = [re.match(r"proven: O wins in (\d+) pl(y|ies);", t) for t in thoughts]
    assert any(won), thoughts
    assert "game over: O wins; final utilities X -1, O +1" in out


def test_play_shows_an_estimate_as_an_estimate(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("3\nquit\n"))
    status, out, err = call(capsys, "play", "connect4", "--time", "0.05")
    assert status == 0, err
    assert re.search(r"plays \d  \[estimate [+-][\d.e-]+ for O at depth \d+; [\d,]+ nodes", out)
