"""Adapters benchmark: the engine over python-chess, and OpenSpiel's games through the adapter.

Lines (JSON, one dict per line on stdout):

- ``adapters.env``: Python, platform, library version, and the versions of python-chess and
  OpenSpiel.
- ``adapters.chess.movegen``: the floor. python-chess alone walks the move tree of each
  middlegame position to a depth (one board, ``push``/``pop``, legal moves generated at every
  inner node): positions per second (perft's speed). The same walk through the adapter's
  immutable states (``result`` copies the board and updates the Zobrist key and the score)
  beside it; and how many positions per second python-chess lists every legal move of, which
  an engine does at each position it expands.
- ``adapters.chess.engine``: ``alphabeta`` with the adapter's ``evaluate``, ``order``,
  ``quiescence`` and a transposition table, to a depth on the same positions: nodes, seconds,
  nodes per second, against the issue's 20,000 nodes/s target and as a fraction of the floor.
- ``adapters.openspiel.tictactoe``: tic-tac-toe solved from the empty board by gamesearch's
  ``alphabeta`` through ``OpenSpielGame`` and by OpenSpiel's own Python
  ``alpha_beta_search``, same run: seconds and the speed-up.

The script exits with status 1 if a count or a value is wrong (the adapter's perft must equal
python-chess's, both tic-tac-toe searches must find the draw), and prints one
``adapters.skipped`` line, with status 0, if python-chess or OpenSpiel is not installed.

Usage: ``python bench/bench_adapters.py [--quick] [--repeat N]``
"""

from __future__ import annotations

import argparse
import importlib.util
from typing import Any

from _common import emit, emit_env, fail, run_timed

MIDDLEGAMES = {
    "italian": "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
    "qgd": "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
}
"""Middlegame positions: an Italian game, a Queen's Gambit Declined, and perft's Kiwipete."""
TARGET_NODES_PER_SECOND = 20_000


def walk_python_chess(board: Any, depth: int) -> int:
    """Positions in the move tree of ``board`` to ``depth`` (the root included)."""
    if depth == 0:
        return 1
    count = 1
    for move in board.generate_legal_moves():
        board.push(move)
        count += walk_python_chess(board, depth - 1)
        board.pop()
    return count


def walk_adapter(game: Any, state: Any, depth: int) -> int:
    """The same count through the adapter's immutable states."""
    if depth == 0:
        return 1
    return 1 + sum(
        walk_adapter(game, game.result(state, move), depth - 1) for move in game.actions(state)
    )


def boards_of_tree(fen: str, depth: int) -> list[Any]:
    """A board for each position of the move tree of ``fen`` to ``depth``, root included."""
    import chess

    boards, frontier = [chess.Board(fen)], [chess.Board(fen)]
    for _ in range(depth):
        children = []
        for board in frontier:
            for move in board.generate_legal_moves():
                child = board.copy(stack=False)
                child.push(move)
                children.append(child)
        boards.extend(children)
        frontier = children
    return boards


def generate_all(boards: list[Any]) -> int:
    """Generate the legal moves of every board; the number of moves."""
    return sum(len(list(board.generate_legal_moves())) for board in boards)


def best(run: Any, repeat: int) -> tuple[float, Any]:
    seconds, value = min((run_timed(run) for _ in range(repeat)), key=lambda pair: pair[0])
    return seconds, value


def line_chess(quick: bool, repeat: int) -> None:
    import chess

    from gamesearch import TranspositionTable, alphabeta
    from gamesearch.adapters.chess import ChessGame

    depth = 2 if quick else 3
    engine_depth = 2 if quick else 3
    totals = {"floor": [0, 0.0], "engine": [0, 0.0]}
    for name, fen in MIDDLEGAMES.items():
        game = ChessGame(fen)
        floor_s, floor_n = best(lambda fen=fen: walk_python_chess(chess.Board(fen), depth), repeat)
        adapter_s, adapter_n = best(
            lambda fen=fen: walk_adapter(ChessGame(fen), ChessGame(fen).initial_state(), depth),
            repeat,
        )
        if adapter_n != floor_n:
            fail(f"{name}: the adapter walks {adapter_n} positions, python-chess {floor_n}")
        boards = boards_of_tree(fen, depth)
        lists_s, _ = best(lambda boards=boards: generate_all(boards), repeat)
        emit(
            bench="adapters.chess.movegen",
            position=name,
            depth=depth,
            positions=floor_n,
            python_chess_per_second=round(floor_n / floor_s),
            python_chess_move_lists_per_second=round(len(boards) / lists_s),
            adapter_per_second=round(adapter_n / adapter_s),
            adapter_vs_python_chess=round(floor_s / adapter_s, 3),
        )

        def search(game: ChessGame = game) -> Any:
            return alphabeta(
                game,
                depth=engine_depth,
                evaluate=game.evaluate,
                order=game.order,
                quiescence=game.quiescence,
                table=TranspositionTable(),
            )

        seconds, result = best(search, repeat)
        speed = result.stats.nodes / seconds
        totals["floor"][0] += floor_n
        totals["floor"][1] += floor_s
        totals["engine"][0] += result.stats.nodes
        totals["engine"][1] += seconds
        emit(
            bench="adapters.chess.engine",
            position=name,
            depth=engine_depth,
            move=result.action.uci(),
            value=round(result.value, 4),
            nodes=result.stats.nodes,
            seconds=round(seconds, 3),
            nodes_per_second=round(speed),
            fraction_of_python_chess_floor=round(speed / (floor_n / floor_s), 3),
        )
    engine_speed = totals["engine"][0] / totals["engine"][1]
    emit(
        bench="adapters.chess.engine",
        position="all",
        nodes_per_second=round(engine_speed),
        target_nodes_per_second=TARGET_NODES_PER_SECOND,
        python_chess_floor_per_second=round(totals["floor"][0] / totals["floor"][1]),
        meets_target=engine_speed >= TARGET_NODES_PER_SECOND,
    )


def line_openspiel(quick: bool, repeat: int) -> None:
    import pyspiel
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    from gamesearch import alphabeta
    from gamesearch.adapters.openspiel import OpenSpielGame

    game = OpenSpielGame("tic_tac_toe")
    # Each run takes a few tens of milliseconds: the two alternate, so that a busy moment of
    # the machine falls on both, and the best of each is kept.
    ours_s = theirs_s = float("inf")
    for _ in range(max(15, repeat)):
        seconds, ours = run_timed(lambda: alphabeta(game))
        ours_s = min(ours_s, seconds)
        seconds, theirs = run_timed(lambda: alpha_beta_search(pyspiel.load_game("tic_tac_toe")))
        theirs_s = min(theirs_s, seconds)
    if ours.value != 0.0 or theirs[0] != 0.0:
        fail(f"tic-tac-toe: gamesearch {ours.value}, OpenSpiel {theirs[0]}; both must be 0")
    emit(
        bench="adapters.openspiel.tictactoe",
        gamesearch_seconds=round(ours_s, 4),
        gamesearch_nodes=ours.stats.nodes,
        openspiel_alpha_beta_search_seconds=round(theirs_s, 4),
        speedup_vs_openspiel=round(theirs_s / ours_s, 2),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shallower searches, one run each")
    parser.add_argument("--repeat", type=int, default=None, help="runs per figure (best kept)")
    options = parser.parse_args()
    repeat = options.repeat or (1 if options.quick else 3)
    missing = [name for name in ("chess", "pyspiel") if importlib.util.find_spec(name) is None]
    if missing:
        emit(
            bench="adapters.skipped",
            missing=missing,
            install='pip install "gamesearch[chess,openspiel]"',
        )
        return
    import chess
    import pyspiel

    emit_env("adapters.env")
    emit(
        bench="adapters.versions",
        python_chess=chess.__version__,
        open_spiel=pyspiel.__version__ if hasattr(pyspiel, "__version__") else None,
    )
    line_chess(options.quick, repeat)
    line_openspiel(options.quick, repeat)


if __name__ == "__main__":
    main()
