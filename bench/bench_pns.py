"""Proof-number search on Hex: its openings classified with Hex's knowledge, each part on and off.

Lines (JSON, one dict per line on stdout):

- ``pns.env``: Python, platform, library version.
- ``pns.four``: each opening of X on the 4x4 board proven by ``dfpn``, ``pns`` and ``mtdf``
  (the engine's exact solver, which uses no knowledge) in the same run: X's result, nodes and
  seconds; ``pns.four_summary`` per searcher, with ``mtdf``'s nodes over its own.
- ``pns.opening``: each opening of X on a board (``--boards``, 5x5 and 6x6 by default)
  classified by ``dfpn`` with a variant of Hex's knowledge (``--variants``; ``as_is``, with all
  of it, on every board): X's result (``won``, ``lost``, or ``open`` when stopped by
  ``--seconds``), nodes, wall and CPU seconds, and the positions Hex analysed (each an
  H-search of both players and a fill-in: the cost that counts).
- ``pns.board``: per board and variant, the totals over its openings, the openings won, and
  each variant's nodes over ``as_is``'s (a lower bound if the variant left some open).
- ``pns.reference``: per board, whether ``as_is``'s classes are those of
  ``tests/data/hex_openings.json`` (5x5's from issue 50, 6x6's from Benzene, recorded with how
  they were made: a reference the library did not produce), and the openings that differ.
- ``pns.epsilon`` and ``pns.weak``: dfpn's nodes over 5x5's openings with the 1 + epsilon trick
  against Nagai's rule, and weak proof numbers against the sum.
- ``pns.seven``: 7x7's centre opening, d4, by ``dfpn`` (``--seven-seconds``).
- ``pns.benzene``: with Benzene's ``mohex`` (``--benzene PATH``, or the environment's
  ``GAMESEARCH_BENZENE``; built by hand, never shipped): its class of each opening, its work
  (MID calls and terminal nodes) and seconds, beside dfpn's, and whether they agree
  (``pns.benzene_board``: totals). ``--benzene-settings`` adds runs with its knowledge off
  (``no_vcs``: ``param_solver_board use_vcs 0``; ``no_ice``: ``use_ice 0``, which an
  optimised build ignores unless patched).

The variants (``--variants``): ``as_is``; ``no_connections`` (no H-search: no connection
decides a position, no must-play region); ``no_fill_in`` (no dead nor captured cell filled,
so no inferior cell but the twins of a symmetric position); ``no_inferior`` (Hex without
``inferior_moves``); ``no_must_play``; ``no_proven_value``; ``eager`` (the knowledge asked of
every child made, with its number of moves as first numbers, rather than of the nodes
searched: ``costly_knowledge`` off); ``no_order`` (the actions as ``actions`` gives them).

``--quick`` (for CI): 4x4's a1, b2 and d1, and 5x5's a2, e2 and c3 with every variant within
3 s each (``no_connections`` is then left open). The script exits with status 1 if two
classifications of an opening disagree (dfpn and mtdf, two variants, dfpn and Benzene, dfpn
and the recorded reference), or if ``as_is`` leaves an opening open.

Usage: ``python bench/bench_pns.py [--quick] [--boards 5,6] [--variants as_is,no_fill_in]
[--seconds S] [--big-seconds S] [--openings a1,c3] [--four | --no-four] [--seven | --no-seven]
[--benzene PATH]``: ``--seconds`` (120) limits each opening and variant on 5x5, ``--big-seconds``
(900) on 6x6 and up, where ``as_is`` leaving an opening open fails the run.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import subprocess
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from _common import emit, emit_env, fail, run_timed

from gamesearch import SearchResult, dfpn, mtdf, pns
from gamesearch.games import Hex
from gamesearch.games._hex_analysis import Parts

DFPN_MODULE = importlib.import_module("gamesearch.proofs.dfpn")
"""The module (``gamesearch.proofs.dfpn`` the attribute is the function), whose ``EPSILON``
and ``WEAK`` the epsilon and weak lines set."""

REFERENCE = Path(__file__).resolve().parents[1] / "tests" / "data" / "hex_openings.json"
"""X's class of each opening of 5x5 and 6x6, recorded from outside the library."""

QUICK_FOUR = ("a1", "b2", "d1")
QUICK_FIVE = ("a2", "e2", "c3")


class NoConnections(Hex):
    """Hex without H-search: only the fill-in's chains decide, and no region is known."""

    knowledge_parts = Parts(connections=False)


class NoFillIn(Hex):
    """Hex without the fill-in of dead and captured cells (and so without inferior cells)."""

    knowledge_parts = Parts(fill_in=False)


class NoInferior(Hex):
    """Hex without ``inferior_moves``."""

    inferior_moves = None


class NoMustPlay(Hex):
    """Hex without ``must_play``."""

    must_play = None


class NoProvenValue(Hex):
    """Hex without ``proven_value``: a position is decided only where no move is left."""

    proven_value = None


class Eager(Hex):
    """Hex whose knowledge is asked of every child made (``costly_knowledge`` off)."""

    costly_knowledge = False


def keep(state: int, actions: Any) -> Any:
    """No order: the actions as ``actions`` gives them."""
    return actions


VARIANTS: dict[str, tuple[type[Hex], dict[str, Any]]] = {
    "as_is": (Hex, {}),
    "no_connections": (NoConnections, {}),
    "no_fill_in": (NoFillIn, {}),
    "no_inferior": (NoInferior, {}),
    "no_must_play": (NoMustPlay, {}),
    "no_proven_value": (NoProvenValue, {}),
    "eager": (Eager, {}),
    "no_order": (Hex, {"order": keep}),
}
"""Each variant: the game's class and dfpn's options."""


def classify(game: Hex, opening: str, seconds: float, **options: Any) -> dict[str, Any]:
    """X's result after ``opening``, by dfpn on O's turn within ``seconds``, and the cost."""
    state = game.result(0, opening)
    cpu = time.process_time()
    took, result = run_timed(lambda: dfpn(game, state, time_limit=seconds, **options))
    cpu = time.process_time() - cpu
    x_result = "open" if not result.exact else "won" if result.value < 0 else "lost"
    return {
        "x_result": x_result,
        "nodes": result.stats.nodes,
        "seconds": round(took, 3),
        "cpu_seconds": round(cpu, 3),
        "analysed": len(game._analyses),  # the positions Hex's knowledge was worked out on
    }


def line_board(
    size: int, openings: tuple[str, ...], variants: list[str], seconds: float
) -> dict[str, Any]:
    """The ``pns.opening`` lines of a board and its ``pns.board`` lines, per variant.

    Returns ``as_is``'s classes, by opening.
    """
    classes: dict[str, dict[str, str]] = {}
    totals: dict[str, dict[str, Any]] = {}
    for variant in variants:
        kind, options = VARIANTS[variant]
        total: dict[str, Any] = {"nodes": 0, "seconds": 0.0, "cpu_seconds": 0.0, "analysed": 0}
        classes[variant] = {}
        for opening in openings:
            found = classify(kind(size), opening, seconds, **options)
            classes[variant][opening] = found["x_result"]
            for name in total:
                total[name] += found[name]
            emit(
                bench="pns.opening",
                board=f"{size}x{size}",
                variant=variant,
                opening=opening,
                **found,
            )
        won = [opening for opening in openings if classes[variant][opening] == "won"]
        left_open = [opening for opening in openings if classes[variant][opening] == "open"]
        total.update(openings=len(openings), won=" ".join(won), open=" ".join(left_open))
        totals[variant] = total
    base = totals.get("as_is", {}).get("nodes") or 1
    for variant, total in totals.items():
        total["nodes_over_as_is"] = round(total["nodes"] / base, 2)
        total["seconds"], total["cpu_seconds"] = (
            round(total["seconds"], 2),
            round(total["cpu_seconds"], 2),
        )
        emit(bench="pns.board", board=f"{size}x{size}", variant=variant, **total)
    check_classes(size, classes)
    line_reference(size, classes.get("as_is", {}))
    return classes.get("as_is", {})


def line_reference(size: int, ours: dict[str, str]) -> None:
    """The ``pns.reference`` line: ``ours`` against the recorded classes of the board, if any.

    Exits with status 1 if an opening's class is not the recorded one.
    """
    board = f"{size}x{size}"
    boards = json.loads(REFERENCE.read_text(encoding="utf-8"))["boards"]
    if board not in boards or not ours:
        return
    recorded = {
        opening: x_result
        for x_result in ("won", "lost")
        for opening in boards[board][x_result].split()
    }
    differ = [opening for opening, found in ours.items() if recorded.get(opening) != found]
    emit(
        bench="pns.reference",
        board=board,
        openings=len(ours),
        of=len(recorded),
        agrees=not differ,
        differ=" ".join(differ),
    )
    if differ:
        fail(f"{board}: dfpn classifies {' '.join(differ)} otherwise than {REFERENCE.name}")


def check_classes(size: int, classes: dict[str, dict[str, str]]) -> None:
    """Exit with status 1 if two variants classify an opening otherwise, or as_is leaves one."""
    for variant, found in classes.items():
        for opening, x_result in found.items():
            other = classes.get("as_is", {}).get(opening, x_result)
            if "open" not in (x_result, other) and x_result != other:
                fail(f"{size}x{size} {opening}: {variant} says {x_result}, as_is {other}")
            if variant == "as_is" and x_result == "open":
                fail(f"{size}x{size} {opening}: dfpn with all of Hex's knowledge left it open")


def line_four(openings: tuple[str, ...]) -> None:
    """The ``pns.four`` lines: 4x4's openings by dfpn, pns and mtdf (no knowledge), compared."""
    searchers: dict[str, Callable[..., SearchResult[Any]]] = {
        "dfpn": dfpn,
        "pns": pns,
        "mtdf": mtdf,
    }
    totals = {name: {"nodes": 0, "seconds": 0.0} for name in searchers}
    for opening in openings:
        values = {}
        for name, search in searchers.items():
            game = Hex(4)
            took, result = run_timed(partial(search, game, game.result(0, opening)))
            if not result.exact:
                fail(f"4x4 {opening}: {name} proved nothing")
            values[name] = result.value
            totals[name]["nodes"] += result.stats.nodes
            totals[name]["seconds"] += took
            emit(
                bench="pns.four",
                opening=opening,
                searcher=name,
                x_result="won" if result.value < 0 else "lost",
                nodes=result.stats.nodes,
                seconds=round(took, 3),
            )
        if len(set(values.values())) != 1:
            fail(f"4x4 {opening}: the searchers disagree: {values}")
    for name, total in totals.items():
        emit(
            bench="pns.four_summary",
            searcher=name,
            openings=len(openings),
            nodes=total["nodes"],
            seconds=round(total["seconds"], 3),
            mtdf_nodes_over_these=round(totals["mtdf"]["nodes"] / total["nodes"], 1),
        )


def nodes_by_setting(
    name: str, settings: tuple[Any, ...], openings: tuple[str, ...]
) -> dict[Any, int]:
    """The nodes of dfpn over 5x5's ``openings``, its constant ``name`` set to each setting.

    The constant is put back as it was, whatever happens.
    """
    kept = getattr(DFPN_MODULE, name)
    nodes: dict[Any, int] = {}
    for setting in settings:
        setattr(DFPN_MODULE, name, setting)
        try:
            nodes[setting] = sum(classify(Hex(5), opening, 120.0)["nodes"] for opening in openings)
        finally:
            setattr(DFPN_MODULE, name, kept)
    return nodes


def line_tricks(openings: tuple[str, ...]) -> None:
    """The ``pns.epsilon`` and ``pns.weak`` lines on 5x5's openings."""
    trick = DFPN_MODULE.EPSILON
    nodes = nodes_by_setting("EPSILON", (trick, 0.0), openings)
    emit(
        bench="pns.epsilon",
        board="5x5",
        openings=len(openings),
        epsilon=trick,
        nodes=nodes[trick],
        nagai_nodes=nodes[0.0],
        ratio=round(nodes[trick] / nodes[0.0], 2),
    )
    nodes = nodes_by_setting("WEAK", (True, False), openings)
    emit(
        bench="pns.weak",
        board="5x5",
        openings=len(openings),
        nodes_weak=nodes[True],
        nodes_sum=nodes[False],
        ratio=round(nodes[True] / nodes[False], 2),
    )


def line_seven(seconds: float) -> None:
    """The ``pns.seven`` line: 7x7's centre opening."""
    found = classify(Hex(7), "d4", seconds)
    emit(bench="pns.seven", board="7x7", opening="d4", **found)
    if found["x_result"] == "lost":
        fail("7x7 d4: dfpn says X loses, which Hayward et al. (2003) proved wrong")


BENZENE_STATS = re.compile(
    r"MID calls\s+(\d+).*?Terminal\s+(\d+)\s+Work\s+(\d+).*?Elapsed Time\s+([\d.e+-]+)"
    r".*?Winner\s+(\w+)",
    re.S,
)
"""What Benzene's ``dfpn-solve-state`` logs: its MID calls, terminal nodes, work, seconds and
the winner (black is X, the first player, who joins top and bottom as here)."""

BENZENE_SETTINGS = {
    "as_is": [],
    "no_vcs": ["param_solver_board use_vcs 0"],
    "no_ice": ["param_solver_board use_ice 0"],
}


def benzene_classes(
    path: str, size: int, openings: tuple[str, ...], setting: str, seconds: float
) -> list[dict[str, Any]]:
    """Benzene's class of each opening, its work and seconds (one process for all of them)."""
    commands = list(BENZENE_SETTINGS[setting])
    if seconds:
        commands.append(f"param_dfpn timelimit {seconds}")
    for opening in openings:
        commands += [
            f"boardsize {size} {size}",
            "dfpn-clear-tt",
            f"play b {opening}",
            "dfpn-solve-state white",
        ]
    commands.append("quit")
    with tempfile.TemporaryDirectory() as folder:  # where it writes its default.log
        done = subprocess.run(
            [os.path.abspath(path)],
            input="\n".join(commands) + "\n",
            capture_output=True,
            text=True,
            timeout=max(600.0, 4 * seconds * len(openings)),
            check=False,
            cwd=folder,
        )
    found = BENZENE_STATS.findall(done.stdout + done.stderr)
    if len(found) != len(openings):
        fail(f"Benzene at {path} answered {len(found)} of {len(openings)} openings")
    return [
        {
            "opening": opening,
            "x_result": {"black": "won", "white": "lost"}.get(winner, "open"),
            "mid_calls": int(mid),
            "work": int(work),
            "seconds": float(elapsed),
        }
        for opening, (mid, _, work, elapsed, winner) in zip(openings, found, strict=True)
    ]


def line_benzene(
    path: str,
    size: int,
    openings: tuple[str, ...],
    ours: dict[str, str],
    settings: list[str],
    seconds: float,
) -> None:
    """The ``pns.benzene`` lines of a board: Benzene's classes and work beside dfpn's."""
    for setting in settings:
        found = benzene_classes(path, size, openings, setting, seconds)
        agree = True
        for row in found:
            mine = ours.get(row["opening"])
            same = (
                None
                if mine is None or "open" in (mine, row["x_result"])
                else mine == row["x_result"]
            )
            agree = agree and same is not False
            emit(
                bench="pns.benzene",
                board=f"{size}x{size}",
                setting=setting,
                agrees_with_dfpn=same,
                **row,
            )
        emit(
            bench="pns.benzene_board",
            board=f"{size}x{size}",
            setting=setting,
            openings=len(found),
            work=sum(row["work"] for row in found),
            mid_calls=sum(row["mid_calls"] for row in found),
            seconds=round(sum(row["seconds"] for row in found), 3),
            won=" ".join(row["opening"] for row in found if row["x_result"] == "won"),
            open=" ".join(row["opening"] for row in found if row["x_result"] == "open"),
            agrees_with_dfpn=agree,
        )
        if not agree:
            fail(f"{size}x{size}: dfpn and Benzene ({setting}) classify an opening otherwise")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a few 4x4 and 5x5 openings")
    parser.add_argument("--boards", default="5,6", help="the boards whose openings to classify")
    parser.add_argument("--variants", default="", help="variants on 5x5 (default: all)")
    parser.add_argument(
        "--big-variants",
        default="as_is,no_fill_in,no_inferior,eager,no_order",
        help="variants on 6x6 and larger",
    )
    parser.add_argument("--seconds", type=float, default=120.0, help="per opening and variant")
    parser.add_argument(
        "--big-seconds", type=float, default=900.0, help="per opening and variant, 6x6 and up"
    )
    parser.add_argument("--four", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--openings", default="", help="the openings, a1,c3 (default: all)")
    parser.add_argument("--seven", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--seven-seconds", type=float, default=3600.0)
    parser.add_argument("--benzene", default=os.environ.get("GAMESEARCH_BENZENE", ""))
    parser.add_argument("--benzene-settings", default="as_is")
    args = parser.parse_args(argv)
    emit_env("pns.env")
    every = list(VARIANTS)
    if args.quick:
        line_four(QUICK_FOUR)
        line_board(5, QUICK_FIVE, every, 3.0)
        return
    if args.four:
        line_four(tuple(Hex(4).actions(0)))
    for size in (int(board) for board in args.boards.split(",") if board):
        openings = tuple(name for name in args.openings.split(",") if name) or tuple(
            Hex(size).actions(0)
        )
        named = args.variants if size <= 5 else args.big_variants
        variants = [name for name in named.split(",") if name] or every
        if "as_is" not in variants:
            variants.insert(0, "as_is")
        seconds = args.seconds if size <= 5 else args.big_seconds
        ours = line_board(size, openings, variants, seconds)
        if size == 5:
            line_tricks(openings)
        if args.benzene:
            settings = args.benzene_settings.split(",")
            line_benzene(args.benzene, size, openings, ours, settings, seconds)
    if args.seven:
        line_seven(args.seven_seconds)


if __name__ == "__main__":
    main()
