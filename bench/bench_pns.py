"""Proof-number search benchmark: Hex openings proven by dfpn, pns and mtdf; what knowledge buys.

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
- ``pns.weak``: dfpn's nodes over the same openings with weak proof numbers
  (``gamesearch.proofs.dfpn.WEAK``: a node's delta the largest of its children's plus one per
  other open child) and with the sum, and their ratio (weak over sum).
- ``pns.knowledge``: dfpn's nodes and seconds over the same openings with each piece of the
  game's knowledge taken away or added (``as_is``: mobility numbers, Hex's ``order`` and its
  ``proven_value`` and ``must_play``; ``evaluate``: df-pn+ first numbers from Hex's
  ``evaluate``; ``no_order``: the actions as ``actions`` gives them; ``no_proven_value``: no
  chains of two-bridges; ``no_must_play``: no must-play region), and each one's nodes over
  ``as_is``'s.

``--board 5`` measures 5x5 instead (``pns.summary`` and the other lines above are not made):

- ``pns.empty``: dfpn from the empty 5x5 board: the value for X, its move, nodes, seconds.
- ``pns.opening`` (``board`` 5x5): each of the 25 openings (or those of ``--openings``) by
  ``dfpn`` (stopped after ``--dfpn-seconds``: ``x_result`` ``open``; ``must_play`` false
  with ``--no-must-play``, which takes Hex's ``must_play`` away) and, if it classified
  the opening, by ``mtdf`` within ``--mtdf-factor`` times dfpn's nodes (counted as calls of
  ``result``; past them ``mtdf`` is stopped, ``finished`` false, and its ``nodes`` is the
  budget: a lower bound of what it needs, and of the ratio of its nodes to dfpn's).
- ``pns.summary5``: both searchers' nodes over the openings that dfpn classified,
  ``mtdf_nodes_ratio`` (``mtdf``'s over ``dfpn``'s) with ``ratio_is_lower_bound`` true if
  ``mtdf`` was stopped on any, and whether every opening ``mtdf`` finished was classified
  alike.

``--quick`` proves three openings of 4x4 (a1, b2 and d1: X loses, loses, wins) rather than all
sixteen.
The script exits with status 1 if a searcher does not prove a 4x4 opening or two disagree.

Usage: ``python bench/bench_pns.py [--quick | --board 5 [--dfpn-seconds S] [--mtdf-factor F]
[--openings a1,c3] [--no-must-play]]``
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from functools import partial
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
:func:`line_epsilon` sets, and ``WEAK``, :func:`line_weak`."""


def prove(search: Callable[..., SearchResult[Any]], game: Hex, opening: str) -> dict[str, Any]:
    """Prove O's value after X's ``opening`` with ``search``: the value, nodes and seconds.

    ``search(game, state)`` is a searcher or a function that calls one with its options.
    """
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


def nodes_by_setting(
    name: str, settings: tuple[Any, ...], game: Hex, openings: tuple[str, ...]
) -> dict[Any, int]:
    """The nodes of dfpn over ``openings``, its module constant ``name`` set to each setting.

    The constant is put back as it was, whatever happens.
    """
    kept = getattr(DFPN_MODULE, name)
    nodes: dict[Any, int] = {}
    for setting in settings:
        setattr(DFPN_MODULE, name, setting)
        try:
            nodes[setting] = sum(prove(dfpn, game, opening)["nodes"] for opening in openings)
        finally:
            setattr(DFPN_MODULE, name, kept)
    return nodes


def line_epsilon(game: Hex, openings: tuple[str, ...]) -> None:
    """The ``pns.epsilon`` line: dfpn with the 1 + epsilon trick against Nagai's rule."""
    trick = DFPN_MODULE.EPSILON
    nodes = nodes_by_setting("EPSILON", (trick, 0.0), game, openings)
    emit(
        bench="pns.epsilon",
        board="4x4",
        openings=len(openings),
        epsilon=trick,
        nodes=nodes[trick],
        nagai_nodes=nodes[0.0],
        ratio=round(nodes[trick] / nodes[0.0], 2),
    )


def line_weak(game: Hex, openings: tuple[str, ...]) -> None:
    """The ``pns.weak`` line: dfpn with weak proof numbers against the sum."""
    nodes = nodes_by_setting("WEAK", (True, False), game, openings)
    emit(
        bench="pns.weak",
        board="4x4",
        openings=len(openings),
        nodes_weak=nodes[True],
        nodes_sum=nodes[False],
        ratio=round(nodes[True] / nodes[False], 2),
    )


class Unaware(Hex):
    """Hex without its ``proven_value``: proofs run down to the finished boards."""

    proven_value = None


class Unforced(Hex):
    """Hex without its ``must_play``: every move not lost at once is searched."""

    must_play = None


def keep(state: int, actions: Any) -> Any:
    """No order: the actions as ``actions`` gives them."""
    return actions


def line_knowledge(board: int, openings: tuple[str, ...]) -> None:
    """The ``pns.knowledge`` line: dfpn with each piece of Hex's knowledge away or added."""
    game = Hex(board)
    variants: dict[str, tuple[Hex, dict[str, Any]]] = {
        "as_is": (game, {}),
        "evaluate": (game, {"evaluate": game.evaluate}),
        "no_order": (game, {"order": keep}),
        "no_proven_value": (Unaware(board), {}),
        "no_must_play": (Unforced(board), {}),
    }
    figures: dict[str, dict[str, Any]] = {}
    for name, (variant, options) in variants.items():
        nodes, seconds = 0, 0.0
        for opening in openings:
            proven = prove(partial(dfpn, **options), variant, opening)
            nodes, seconds = nodes + proven["nodes"], seconds + proven["seconds"]
        figures[name] = {"nodes": nodes, "seconds": round(seconds, 3)}
    base = figures["as_is"]["nodes"]
    for figure in figures.values():
        figure["nodes_over_as_is"] = round(figure["nodes"] / base, 2)
    emit(bench="pns.knowledge", board=f"{board}x{board}", openings=len(openings), **figures)


class Spent(Exception):
    """``mtdf``'s node budget ran out."""


class Budgeted(Hex):
    """Hex that raises :class:`Spent` once ``result`` has been called ``budget`` times."""

    def __init__(self, size: int, budget: int) -> None:
        super().__init__(size)
        self.budget = self.left = budget

    def result(self, state: int, action: object) -> int:
        """Hex's ``result``, counted against the budget."""
        self.left -= 1
        if self.left < 0:
            raise Spent
        return super().result(state, action)


def mtdf_within(size: int, opening: str, budget: int) -> dict[str, Any]:
    """``mtdf`` on O's turn after ``opening`` within ``budget`` nodes: value or a lower bound."""
    game = Budgeted(size, budget)
    try:
        seconds, result = run_timed(lambda: mtdf(game, game.result(0, opening)))
    except Spent:
        return {"value": None, "nodes": budget, "seconds": None, "finished": False}
    return {
        "value": result.value, "nodes": result.stats.nodes, "seconds": seconds, "finished": True
    }  # fmt: skip


def five_opening(
    game: Hex, opening: str, dfpn_seconds: float, mtdf_factor: int
) -> tuple[SearchResult[Any], dict[str, Any]]:
    """The two ``pns.opening`` lines of a 5x5 opening: dfpn's result, and mtdf's figures."""
    state = game.result(0, opening)
    took, proven = run_timed(lambda: dfpn(game, state, time_limit=dfpn_seconds))
    emit(
        bench="pns.opening", board="5x5", opening=opening, searcher="dfpn",
        must_play=game.must_play is not None,
        x_result="open" if not proven.exact else "won" if proven.value < 0 else "lost",
        value_for_o=proven.value if proven.exact else None,
        nodes=proven.stats.nodes, seconds=round(took, 3),
    )  # fmt: skip
    if not proven.exact:
        return proven, {"agrees_with_dfpn": None}
    exact = mtdf_within(5, opening, mtdf_factor * proven.stats.nodes)
    if exact["finished"] and proven.exact:
        exact["agrees_with_dfpn"] = exact["value"] == proven.value
    else:
        exact["agrees_with_dfpn"] = None
    emit(
        bench="pns.opening", board="5x5", opening=opening, searcher="mtdf",
        value_for_o=exact["value"], nodes=exact["nodes"], finished=exact["finished"],
        seconds=None if exact["seconds"] is None else round(exact["seconds"], 3),
        agrees_with_dfpn=exact["agrees_with_dfpn"],
    )  # fmt: skip
    return proven, exact


def line_five(
    dfpn_seconds: float, mtdf_factor: int, openings: tuple[str, ...], must_play: bool
) -> None:
    """The 5x5 lines: ``pns.empty``, two ``pns.opening`` per opening, ``pns.summary5``."""
    game = Hex(5) if must_play else Unforced(5)
    seconds, empty = run_timed(lambda: dfpn(game))
    emit(
        bench="pns.empty", board="5x5", searcher="dfpn", value_for_x=empty.value,
        action=empty.action, exact=empty.exact, nodes=empty.stats.nodes,
        seconds=round(seconds, 3),
    )  # fmt: skip
    totals = {"dfpn": 0, "mtdf": 0, "classified": 0, "lower_bound": False, "agrees": True}
    for opening in openings or game.actions(game.initial_state()):
        proven, exact = five_opening(game, opening, dfpn_seconds, mtdf_factor)
        if proven.exact:
            totals["classified"] += 1
            totals["dfpn"] += proven.stats.nodes
            totals["mtdf"] += exact["nodes"]
            totals["lower_bound"] = totals["lower_bound"] or not exact["finished"]
        totals["agrees"] = totals["agrees"] and exact["agrees_with_dfpn"] is not False
    emit(
        bench="pns.summary5", board="5x5", openings=len(openings or game.actions(0)),
        classified=totals["classified"],
        dfpn_nodes=totals["dfpn"], mtdf_nodes=totals["mtdf"], mtdf_factor=mtdf_factor,
        mtdf_nodes_ratio=round(totals["mtdf"] / max(1, totals["dfpn"]), 2),
        ratio_is_lower_bound=totals["lower_bound"], agrees=totals["agrees"],
    )  # fmt: skip
    if not totals["agrees"]:
        fail("dfpn classified a 5x5 opening otherwise than mtdf")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="three 4x4 openings (~10 s)")
    parser.add_argument("--board", type=int, choices=(4, 5), default=4, help="4 or 5")
    parser.add_argument("--dfpn-seconds", type=float, default=120.0, help="per 5x5 opening")
    parser.add_argument("--mtdf-factor", type=int, default=10, help="times dfpn's nodes")
    parser.add_argument("--openings", default="", help="5x5 openings, a1,c3 (default: all)")
    parser.add_argument(
        "--no-must-play", action="store_true", help="5x5 dfpn without Hex's must_play"
    )
    args = parser.parse_args(argv)
    emit_env("pns.env")
    if args.board == 5 and not args.quick:
        openings = tuple(name for name in args.openings.split(",") if name)
        line_five(args.dfpn_seconds, args.mtdf_factor, openings, not args.no_must_play)
        return
    game = Hex(4)
    openings = QUICK_OPENINGS if args.quick else tuple(game.actions(game.initial_state()))
    line_openings(game, openings)
    line_epsilon(game, openings)
    line_weak(game, openings)
    line_knowledge(4, openings)


if __name__ == "__main__":
    main()
