"""Proof-number search benchmark: every opening of 4x4 Hex proven by dfpn, pns and mtdf.

Lines (JSON, one dict per line on stdout):

- ``pns.env``: Python, platform, library version.
- ``pns.opening``: one line per opening of X on the empty 4x4 board and per searcher
  (``dfpn``, ``pns``, and ``mtdf``, the engine's exact solver, in the same run): the opening's
  class for X (``won`` or ``lost``: Hex has no draws), the value proven for O (the player to
  move after it), nodes and seconds (garbage collector off).
- ``pns.summary``: per searcher, the nodes and seconds over all the openings, the ratio of
  ``mtdf``'s nodes to its own, and whether every opening was classified as ``mtdf`` does.
- ``pns.epsilon``: dfpn's nodes over the same openings with the 1 + epsilon trick
  (``gamesearch.proofs.dfpn.EPSILON``, 1.0) and with Nagai's rule (epsilon 0: the best child's
  threshold is the second-best's number plus one), and their ratio.

``--quick`` proves three openings (a1, b2 and d1: X loses, loses, wins) rather than all
sixteen.
The script exits with status 1 if a searcher does not prove an opening or the three disagree.

Usage: ``python bench/bench_pns.py [--quick]``
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import Any

from _common import emit, emit_env, fail, run_timed

from gamesearch import SearchResult, dfpn, mtdf, pns
from gamesearch.games import Hex

SEARCHERS: dict[str, Callable[..., SearchResult[Any]]] = {"dfpn": dfpn, "pns": pns, "mtdf": mtdf}
"""The searchers compared, each run without a limit (``mtdf`` without a depth: the exact
solver)."""

QUICK_OPENINGS = ("a1", "b2", "d1")

DFPN_MODULE = importlib.import_module("gamesearch.proofs.dfpn")
"""The module (``gamesearch.proofs.dfpn`` the attribute is the function), whose ``EPSILON``
:func:`line_epsilon` sets."""


def prove(search: Callable[..., SearchResult[Any]], game: Hex, opening: str) -> dict[str, Any]:
    """Prove O's value after X's ``opening`` with ``search``: the value, nodes and seconds."""
    seconds, result = run_timed(lambda: search(game, game.result(0, opening)))
    if not result.exact:
        fail(f"{opening}: {getattr(search, '__name__', search)} proved nothing")
    return {"value": result.value, "nodes": result.stats.nodes, "seconds": seconds}


def line_openings(game: Hex, openings: tuple[str, ...]) -> None:
    """The ``pns.opening`` lines and the ``pns.summary`` line."""
    totals = {name: {"nodes": 0, "seconds": 0.0, "agrees": True} for name in SEARCHERS}
    for opening in openings:
        found = {name: prove(search, game, opening) for name, search in SEARCHERS.items()}
        exact = found["mtdf"]["value"]
        for name, proven in found.items():
            agrees = proven["value"] == exact
            total = totals[name]
            total["agrees"] = total["agrees"] and agrees
            total["nodes"] += proven["nodes"]
            total["seconds"] += proven["seconds"]
            emit(
                bench="pns.opening",
                board="4x4",
                opening=opening,
                searcher=name,
                x_result="won" if proven["value"] < 0 else "lost",
                value_for_o=proven["value"],
                nodes=proven["nodes"],
                seconds=round(proven["seconds"], 3),
                agrees_with_mtdf=agrees,
            )
    for name, total in totals.items():
        emit(
            bench="pns.summary",
            board="4x4",
            searcher=name,
            openings=len(openings),
            nodes=total["nodes"],
            seconds=round(total["seconds"], 3),
            mtdf_nodes_ratio=round(totals["mtdf"]["nodes"] / total["nodes"], 2),
            agrees_with_mtdf=total["agrees"],
        )
    wrong = [name for name, total in totals.items() if not total["agrees"]]
    if wrong:
        fail(f"{' and '.join(wrong)} classified an opening otherwise than mtdf")


def line_epsilon(game: Hex, openings: tuple[str, ...]) -> None:
    """The ``pns.epsilon`` line: dfpn with the 1 + epsilon trick against Nagai's rule."""
    trick = DFPN_MODULE.EPSILON
    nodes: dict[float, int] = {}
    for epsilon in (trick, 0.0):
        DFPN_MODULE.EPSILON = epsilon
        try:
            nodes[epsilon] = sum(prove(dfpn, game, opening)["nodes"] for opening in openings)
        finally:
            DFPN_MODULE.EPSILON = trick
    emit(
        bench="pns.epsilon",
        board="4x4",
        openings=len(openings),
        epsilon=trick,
        nodes=nodes[trick],
        nagai_nodes=nodes[0.0],
        ratio=round(nodes[trick] / nodes[0.0], 2),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="three openings (~10 s)")
    args = parser.parse_args(argv)
    game = Hex(4)
    openings = QUICK_OPENINGS if args.quick else tuple(game.actions(game.initial_state()))
    emit_env("pns.env")
    line_openings(game, openings)
    line_epsilon(game, openings)


if __name__ == "__main__":
    main()
