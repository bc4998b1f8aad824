"""Proof-number search on chess: the mate problems of the adapter's tests, dfpn against the engine.

Lines (JSON, one dict per line on stdout):

- ``pns_chess.env``: Python, platform, library version; ``pns_chess.versions``: python-chess's.
- ``pns_chess.problem``: one line per problem of ``examples/data/mate_puzzles.txt``, all
  measured in the same run: ``dfpn``'s proof that the side to move wins (its move, the
  proof's size, nodes and seconds); the distance proven by questions with a depth
  (``win_distance``: "a mate within n plies?" for n = 1, 3, 5, the first proven after the
  shorter ones are disproven), its move, the questions asked, nodes and seconds; and
  ``iterative_deepening`` (the engine, with the adapter's evaluation, order and Zobrist key)
  to the problem's depth, the distance it finds (its first iteration that mates), its move,
  nodes and seconds; and the ratios of the engine's nodes to dfpn's.
- ``pns_chess.summary``: the totals of those nodes and seconds, and their ratios.

``--quick`` measures three problems (two mates in two, one in three) rather than all twelve.
The script exits with status 1 if dfpn does not prove the win, or the distance questions or
the engine do not find the problem's key and distance (the unbounded proof may mate by
another, longer way: its first move is shown as ``dfpn_move``), and prints one
``pns_chess.skipped`` line, with status 0, if python-chess is not installed.

Usage: ``python bench/bench_pns_chess.py [--quick]``
"""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path
from typing import Any

from _common import emit, emit_env, fail, run_timed

from gamesearch import SearchResult, dfpn, iterative_deepening

PUZZLES = Path(__file__).resolve().parents[1] / "examples" / "data" / "mate_puzzles.txt"
QUICK = ("d5f6", "a1a6", "f6a6")
"""The keys of the problems ``--quick`` measures."""
LONGEST = 5
"""The most plies the distance questions ask about: a mate in three."""


def read_puzzles() -> list[tuple[str, int, str]]:
    """``(fen, moves, key)`` for every problem of the data file."""
    found = []
    for line in PUZZLES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            fen, moves, key, _ = (field.strip() for field in line.split("|"))
            found.append((fen, int(moves), key))
    return found


def engine_mate(game: Any, plies: int) -> tuple[SearchResult[Any], int | None]:
    """``iterative_deepening`` to ``plies``, and the depth of its first iteration that mates."""
    mates: list[int] = []

    def note(found: SearchResult[Any]) -> None:
        if found.value == 1.0 and found.depth is not None:
            mates.append(found.depth)

    result = iterative_deepening(game, depth=plies, on_iteration=note)
    return result, mates[0] if mates else None


def line_problem(fen: str, moves: int, key: str) -> dict[str, Any]:
    """The ``pns_chess.problem`` line of one problem; its figures, for the summary."""
    from gamesearch.adapters import ChessGame
    from gamesearch.proofs._within import win_distance

    game = ChessGame(fen)
    plies = 2 * moves - 1
    proof_seconds, proof = run_timed(lambda: dfpn(game))
    distance_seconds, distance = run_timed(
        lambda: win_distance(dfpn, game, game.initial_state(), most=LONGEST, step=2)
    )
    engine_seconds, (engine, engine_plies) = run_timed(lambda: engine_mate(game, plies))
    if not (proof.value == 1.0 and proof.exact):
        fail(f"{key}: dfpn did not prove the win")
    found = {
        "win_distance": (distance.plies == plies, distance.action),
        "iterative_deepening": (engine_plies == plies, engine.action),
    }
    for name, (right, action) in found.items():
        move = None if action is None else game.move_to_uci(action)
        if not right or move != key:
            fail(f"{key}: {name} found {move} (mate in {moves} expected, key {key})")
    figures = {
        "dfpn_nodes": proof.stats.nodes,
        "dfpn_seconds": proof_seconds,
        "distance_nodes": distance.nodes,
        "distance_seconds": distance_seconds,
        "engine_nodes": engine.stats.nodes,
        "engine_seconds": engine_seconds,
    }
    emit(
        bench="pns_chess.problem",
        key=key,
        mate_in=moves,
        dfpn_move=game.move_to_uci(proof.action),
        distance_plies=distance.plies,
        distance_questions=distance.questions,
        proof_size=proof.stats.proof_size,
        **{name: round(value, 3) for name, value in figures.items()},
        engine_over_dfpn_nodes=round(engine.stats.nodes / proof.stats.nodes, 2),
        engine_over_distance_nodes=round(engine.stats.nodes / distance.nodes, 2),
    )
    return figures


def line_summary(rows: list[dict[str, Any]]) -> None:
    """The ``pns_chess.summary`` line: the totals over the problems, and their ratios."""
    total = {name: sum(row[name] for row in rows) for name in rows[0]}
    emit(
        bench="pns_chess.summary",
        problems=len(rows),
        **{name: round(value, 3) for name, value in total.items()},
        engine_over_dfpn_nodes=round(total["engine_nodes"] / total["dfpn_nodes"], 2),
        engine_over_distance_nodes=round(total["engine_nodes"] / total["distance_nodes"], 2),
        engine_over_distance_seconds=round(total["engine_seconds"] / total["distance_seconds"], 2),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="three problems (~10 s)")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("chess") is None:
        emit(
            bench="pns_chess.skipped", missing=["chess"], install='pip install "gamesearch[chess]"'
        )
        return
    import chess

    emit_env("pns_chess.env")
    emit(bench="pns_chess.versions", python_chess=chess.__version__)
    puzzles = [p for p in read_puzzles() if not args.quick or p[2] in QUICK]
    line_summary([line_problem(*puzzle) for puzzle in puzzles])


if __name__ == "__main__":
    main()
