"""Chess through gamesearch.adapters.chess: perft, mates, draws, and the engine's options.

The references are independent of the adapter: the published perft counts, python-chess's own
board (its full Zobrist hash, its move stack, its draw rules) and a brute-force mate search
written here over python-chess alone.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

chess = pytest.importorskip("chess", reason="needs python-chess: pip install 'gamesearch[chess]'")
import chess.polyglot  # noqa: E402, F811  # the submodule, on the module importorskip gave
from helpers import mate_puzzles  # noqa: E402

from gamesearch import (  # noqa: E402  # after the skip: the adapter needs python-chess
    GameProtocolError,
    IllegalActionError,
    InvalidSearchOptionError,
    TranspositionTable,
    alphabeta,
    iterative_deepening,
    minimax,
)
from gamesearch.adapters import ChessGame, ChessState  # noqa: E402
from gamesearch.adapters._chess_moves import score_of  # noqa: E402
from gamesearch.conformance import check_game  # noqa: E402

STARTS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  # e5xf6 en passant
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",  # promotions, with captures, both sides
]
"""Positions to play random lines from."""
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"


def perft(game: ChessGame, state: ChessState, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(game, game.result(state, move), depth - 1) for move in game.actions(state))


# Published perft counts (Chess Programming Wiki, "Perft Results": the start position and
# position 2, "Kiwipete", by Peter McKenzie).
@pytest.mark.parametrize(
    ("fen", "counts"),
    [(None, [20, 400, 8902]), (KIWIPETE, [48, 2039])],
    ids=["start", "kiwipete"],
)
def test_perft_counts_through_the_adapter_are_the_published_ones(fen, counts) -> None:
    game = ChessGame(fen)
    assert [perft(game, game.initial_state(), depth) for depth in (1, 2, 3)[: len(counts)]] == (
        counts
    )


@pytest.mark.slow
def test_kiwipete_perft_3() -> None:
    game = ChessGame(KIWIPETE)
    assert perft(game, game.initial_state(), 3) == 97862


@given(st.lists(st.integers(min_value=0, max_value=10**6), max_size=80), st.sampled_from(STARTS))
def test_incremental_keys_and_scores_equal_the_full_computation(picks, fen) -> None:
    # Any line of play (each pick chooses one legal move), from positions with castling,
    # en passant and promotions close at hand.
    game = ChessGame(fen)
    board, state = chess.Board(fen), game.initial_state()
    for pick in picks:
        moves = game.actions(state)
        if not moves:
            break
        move = moves[pick % len(moves)]
        board.push(move)
        state = game.result(state, move)
        assert state.zobrist == chess.polyglot.zobrist_hash(board)
        assert state.score == score_of(board)
        assert state.fen == board.fen()


@pytest.mark.slow
def test_incremental_keys_and_scores_equal_the_full_computation_on_random_games() -> None:
    game, rng = ChessGame(), random.Random(7)
    for _ in range(5):
        board, state = chess.Board(), game.initial_state()
        while not game.is_terminal(state) and board.ply() < 200:
            move = rng.choice(game.actions(state))
            board.push(move)
            state = game.result(state, move)
            assert state.fen == board.fen()
            assert state.zobrist == chess.polyglot.zobrist_hash(board)
            assert state.score == score_of(board)


def reference_end(board) -> tuple[str, float] | None:
    """How the game on ``board`` (with its move stack) has ended, and White's utility.

    By python-chess; ``None`` while the game goes on. Draws are counted once their condition
    holds on the board: the third occurrence of a position, the hundredth ply without a
    capture or pawn move (python-chess's ``is_repetition(3)`` and ``is_fifty_moves()``).
    """
    if board.is_checkmate():
        return "checkmate", -1.0 if board.turn else 1.0
    for name, drawn in (
        ("stalemate", board.is_stalemate()),
        ("insufficient material", board.is_insufficient_material()),
        ("fifty moves", board.is_fifty_moves()),
        ("threefold repetition", board.is_repetition(3)),
    ):
        if drawn:
            return name, 0.0
    return None


def test_terminal_states_and_utilities_agree_with_python_chess_on_random_games() -> None:
    fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
    game, rng = ChessGame(fen), random.Random(3)
    ends = set()
    for _ in range(15):
        board, state = chess.Board(fen), game.initial_state()
        while True:
            end = reference_end(board)
            assert game.is_terminal(state) == (end is not None), board.fen()
            if end is not None:
                break
            move = rng.choice(game.actions(state))
            board.push(move)
            state = game.result(state, move)
        ends.add(end[0])
        assert game.utility(state, 0) == end[1]
        assert game.utility(state, 1) == -end[1]
        assert game.actions(state) == []
    assert {"fifty moves", "threefold repetition"} <= ends  # random play seldom mates


def test_threefold_repetition_is_a_draw_and_the_table_of_earlier_positions_resets() -> None:
    game = ChessGame()
    state = game.initial_state()
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    for uci in shuffle * 2:  # the start position comes back twice: its third occurrence
        assert not game.is_terminal(state)
        state = game.result(state, game.parse_move(state, uci))
    assert game.is_terminal(state)
    assert game.utility(state, 0) == 0.0
    assert state.earlier.count(state.zobrist) == 2
    pawn_move = game.result(game.initial_state(), game.parse_move(game.initial_state(), "e2e4"))
    assert pawn_move.earlier == ()  # a pawn move: no earlier position can come again


def test_a_drawn_position_is_not_mistaken_for_mate_when_its_actions_are_asked_first() -> None:
    game = ChessGame("7k/8/8/8/8/8/8/R6K w - - 99 80")
    state = game.result(game.initial_state(), game.parse_move(game.initial_state(), "a1a2"))
    assert game.actions(state) == []  # the hundredth quiet ply: drawn, asked before is_terminal
    assert game.is_terminal(state)
    assert game.utility(state, 0) == 0.0


def test_fifty_move_draw_unless_the_last_move_mates() -> None:
    drawn = ChessGame("7k/8/8/8/8/8/8/R6K w - - 99 80")
    after = drawn.result(drawn.initial_state(), drawn.parse_move(drawn.initial_state(), "a1a2"))
    assert after.halfmove_clock == 100
    assert drawn.utility(after, 0) == 0.0
    mating = ChessGame("7k/8/6K1/8/8/8/8/R7 w - - 99 80")
    mated = mating.result(mating.initial_state(), mating.parse_move(mating.initial_state(), "a1a8"))
    assert mating.utility(mated, 0) == 1.0  # mate on the fiftieth move wins (FIDE 9.3)


def test_state_from_board_counts_the_repetitions_of_the_moves_played() -> None:
    board = chess.Board()
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        board.push_uci(uci)
    state = ChessGame().state_from_board(board)
    assert ChessGame().is_terminal(state) == board.is_repetition(3)


@pytest.mark.slow
def test_the_adapter_keeps_the_game_protocol() -> None:
    report = check_game(ChessGame(), max_states=200, lines=0, zero_sum=True)
    assert report.states == 200


@pytest.mark.slow
def test_the_adapter_keeps_the_game_protocol_on_random_games_to_the_end() -> None:
    report = check_game(ChessGame(), max_states=1000, lines=4, zero_sum=True)
    assert report.lines == 4


def test_evaluation_is_strictly_inside_the_utility_range_and_antisymmetric() -> None:
    game = ChessGame("8/8/8/k7/8/8/1QQQQQQQ/1Q4QK b - - 0 1")  # nine queens up
    value = game.evaluate(game.initial_state(), 0)
    assert 0.8 < value < 1.0
    assert game.evaluate(game.initial_state(), 1) == -value
    assert ChessGame().evaluate(ChessGame().initial_state(), 0) == 0.0


ORDERING = "3q3k/1PB5/8/8/8/8/8/3R2K1 w - - 0 1"
"""White can take the queen with the bishop or the rook, promote on b8, or check with Be5."""


def test_order_puts_captures_by_victim_and_attacker_then_promotions_then_checks_first() -> None:
    game = ChessGame(ORDERING)
    state = game.initial_state()
    ordered = [move.uci() for move in game.order(state, game.actions(state))]
    assert sorted(ordered) == sorted(move.uci() for move in game.actions(state))
    # The queen taken by the cheaper attacker first, then promotions by the piece made, then
    # the check; the quiet moves after, in python-chess's order.
    assert ordered[:7] == ["c7d8", "d1d8", "b7b8q", "b7b8r", "b7b8b", "b7b8n", "c7e5"]
    quiet = [move.uci() for move in game.actions(state) if move.uci() not in ordered[:7]]
    assert ordered[7:] == quiet


def test_quiescence_follows_captures_and_promotions_or_every_evasion_in_check() -> None:
    game = ChessGame(ORDERING)
    noisy = [move.uci() for move in game.quiescence(game.initial_state())]
    assert noisy == ["c7d8", "d1d8", "b7b8q", "b7b8r", "b7b8b", "b7b8n"]
    checked = ChessGame("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    state = checked.initial_state()
    assert set(checked.quiescence(state)) == set(checked.actions(state))


def test_alphabeta_with_all_the_options_equals_plain_minimax_at_depth_2() -> None:
    game = ChessGame(MIDDLEGAME)
    plain = minimax(game, depth=2, evaluate=game.evaluate)
    fast = alphabeta(
        game, depth=2, evaluate=game.evaluate, order=game.order, table=TranspositionTable()
    )
    assert fast.value == plain.value
    assert fast.stats.nodes < plain.stats.nodes


def test_quiescence_sees_that_a_defended_piece_is_not_free() -> None:
    # 1-ply search with quiescence: taking the pawn on d5 with the queen loses the queen.
    game = ChessGame("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1")
    result = alphabeta(game, depth=1, evaluate=game.evaluate, quiescence=game.quiescence)
    assert game.move_to_uci(result.action) != "d1d5"


FAST = {"d5f6", "g2g1", "d5g8", "a1a6", "c4f7", "b3b8", "d5d8", "g5f7", "f6a6"}
"""The keys of the problems the engine solves in well under a second; the rest are slow."""


def puzzles(*, mark_slow: bool = False):
    for puzzle in mate_puzzles():
        slow = mark_slow and puzzle.key not in FAST
        yield pytest.param(
            puzzle.fen,
            puzzle.moves,
            puzzle.key,
            id=f"mate{puzzle.moves}-{puzzle.note.split()[0]}",
            marks=[pytest.mark.slow] if slow else [],
        )


def solve_mate(fen: str, most: int) -> tuple[str, int]:
    """The engine's key move and the mate distance in moves: the first iteration that wins."""
    game = ChessGame(fen)
    wins: list[int] = []
    result = iterative_deepening(
        game,
        depth=2 * most - 1,
        on_iteration=lambda found: wins.append(found.depth) if found.value == 1.0 else None,
    )
    assert result.value == 1.0
    return game.move_to_uci(result.action), (wins[0] + 1) // 2


@pytest.mark.slow
@pytest.mark.parametrize(("fen", "moves", "key"), list(puzzles(mark_slow=True)))
def test_the_engine_solves_the_mate_problems_with_the_key_and_the_distance(
    fen: str, moves: int, key: str
) -> None:
    assert solve_mate(fen, moves) == (key, moves)


def brute_force_keys(board, moves: int) -> list[str]:
    """Every first move that mates in ``moves`` moves at most, by trying everything."""

    def mates_within(board, left: int) -> bool:  # the attacker is to move
        for move in list(board.legal_moves):
            board.push(move)
            forced = all_replies_lose(board, left - 1)
            board.pop()
            if forced:
                return True
        return False

    def all_replies_lose(board, left: int) -> bool:  # the defender is to move
        if board.is_checkmate():
            return True
        if left == 0 or board.is_game_over(claim_draw=True):
            return False
        for reply in list(board.legal_moves):
            board.push(reply)
            lost = mates_within(board, left)
            board.pop()
            if not lost:
                return False
        return True

    keys = []
    for move in list(board.legal_moves):
        board.push(move)
        if all_replies_lose(board, moves - 1):
            keys.append(move.uci())
        board.pop()
    return keys


def test_there_are_at_least_ten_problems_of_mate_in_2_and_3() -> None:
    counts = [param.values[1] for param in puzzles()]
    assert len(counts) >= 10
    assert set(counts) == {2, 3}


@pytest.mark.slow
@pytest.mark.parametrize(("fen", "moves", "key"), list(puzzles()))
def test_each_problem_has_one_key_and_no_shorter_mate_by_brute_force(
    fen: str, moves: int, key: str
) -> None:
    board = chess.Board(fen)
    assert brute_force_keys(board, moves - 1) == []
    assert brute_force_keys(board, moves) == [key]


def test_uci_strings_in_and_out_and_illegal_moves_refused() -> None:
    game = ChessGame()
    start = game.initial_state()
    move = game.parse_move(start, "e2e4")
    assert game.move_to_uci(move) == "e2e4"
    with pytest.raises(IllegalActionError, match="e2e5"):
        game.parse_move(start, "e2e5")
    with pytest.raises(IllegalActionError, match="nonsense"):
        game.parse_move(start, "nonsense")
    with pytest.raises(IllegalActionError):
        game.result(start, chess.Move.from_uci("e2e5"))
    with pytest.raises(IllegalActionError, match=r"parse_move\(state, 'e2e4'\)"):
        game.result(start, "e2e4")
    with pytest.raises(GameProtocolError, match="not over"):
        game.utility(start, 0)


@pytest.mark.parametrize("fen", ["not a fen", "8/8/8/8/8/8/8/8 w - - 0 1"])
def test_bad_positions_are_refused(fen: str) -> None:
    with pytest.raises(InvalidSearchOptionError, match="ChessGame"):
        ChessGame(fen)


def test_states_are_immutable_and_equal_by_position_and_history() -> None:
    game = ChessGame()
    start = game.initial_state()
    one = game.result(start, game.parse_move(start, "g1f3"))
    again = game.result(start, game.parse_move(start, "g1f3"))
    assert one == again
    assert hash(one) == hash(again) == hash(game.key(one))
    board = one.to_board()
    board.push_uci("e7e5")  # the copy changes; the state does not
    assert one.fen == "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
    assert one.turn is chess.BLACK
    assert repr(one) == f"ChessState({one.fen!r})"


def test_the_mate_in_two_of_issue_13_is_proven_and_ends_the_search() -> None:
    # ChessGame declares win_utility: the mate is proven at depth 3, though other moves read
    # the evaluation, and iterative deepening stops there instead of running to its deadline.
    game = ChessGame("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1")
    result = iterative_deepening(game, time_limit=30)
    assert (result.value, result.exact, result.plies_to_end) == (1.0, True, 3)
    assert result.depth == 3
    assert game.move_to_uci(result.action) == "a1a6"
    assert brute_force_keys(chess.Board("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"), 2) == ["a1a6"]


def test_solving_key_keeps_apart_a_position_reached_with_another_past_that_key_merges() -> None:
    # The knights go out and back: the start position again, now once seen before. Its
    # Zobrist key is the start's; its value may not be (two more trips draw by repetition),
    # so the proof searches' key keeps the past, and merges the same past reached again.
    game = ChessGame()

    def play(*moves: str) -> ChessState:
        state = game.initial_state()
        for uci in moves:
            state = game.result(state, game.parse_move(state, uci))
        return state

    start, back = play(), play("g1f3", "g8f6", "f3g1", "f6g8")
    assert game.key(back) == game.key(start)
    assert game.solving_key(back) != game.solving_key(start)
    assert game.solving_key(back) == game.solving_key(play("g1f3", "g8f6", "f3g1", "f6g8"))
