"""Connect Four's won and lost positions proven by dfpn and pns, against mtdf (issue 38).

The positions are the Pons-scored sets of ``bench_c4_solver.py`` (seeded random 7x6 games
with no immediate win for the player to move, ``_engine_techniques.random_positions``, seeds
``--seed`` plus the set's fewest stones): ``end`` (32-36 stones), ``middle`` (18-24) and, not
with ``--quick``, ``begin`` (10-14). Each position is first solved to Pascal Pons's exact
score by ``mtdf`` (the engine's exact solver, ``ConnectFour.pons_score``); a score above 0 is
a won position for the player to move, below 0 a lost one, 0 a draw.

Lines (JSON, one dict per line on stdout):

- ``pnsc4.env``: Python, platform, library version.
- ``pnsc4.set``: per set and per searcher, over its won and lost positions: how many were
  proven (and how many not, within ``--node-limit``), nodes and CPU seconds (garbage collector
  off), ``nodes_vs_dfpn`` (the searcher's nodes over dfpn's, on the positions both proved), the
  positions' Pons ``scores`` and ``by_position`` nodes, and ``maxrss_mb``, the process's peak
  resident memory after the searcher's run (a running peak: it grows only with the searcher
  that needs more than all before it). dfpn's table holds ``--max-entries`` states, by default
  as many as mtdf's (``bench_c4_solver.TABLE_ENTRIES``).
  The searchers: ``dfpn`` and ``pns`` (one search each: "can the player to move win?", whose
  disproof with the bound of a loss proves the loss too), ``dfpn-guess-0`` (dfpn with
  ``first_guess=0.0``: "can the player to move avoid losing?" first, whose disproof proves a
  loss at once, where the first question's is often made through the draws; a won position
  then takes both questions), ``mtdf`` (the exact Pons score: the
  distance to the end, as the solver's benchmark runs it) and ``mtdf-win/loss`` (the fair
  comparison: the same solver's null-window probes asked only the win/loss question, "is the
  value above 0?" and, where that is not answered by a loss, "is it at least 0?"; the
  library's public ``mtdf`` has no such option, so the script calls the probe of
  ``gamesearch.twoplayer._solver`` as ``mtdf`` does).
- ``pnsc4.draws``: not with ``--quick`` or ``--no-draws``: dfpn's nodes on the set's drawn
  positions (two searches each, as Allis proved draws) against ``mtdf``'s.
- ``pnsc4.knowledge``: dfpn on the won and lost positions of each set with the game's
  knowledge switched one piece at a time: ``game`` (the defaults: the game's ``order``,
  first numbers from the number of moves squared, ``non_losing_actions``), ``no order`` (the moves
  as ``non_losing_actions`` gives them, left to right), ``threat order`` (Pons's ordering,
  ``ConnectFour.threat_order``), ``evaluate`` (df-pn+: first numbers from
  ``ConnectFour.evaluate``), ``no non-losing`` (a ConnectFour without ``non_losing_actions``:
  every column searched), and ``plain moves`` (first numbers the number of moves, Allis's,
  rather than its square: ``gamesearch.proofs.dfpn.SQUARED`` off for the run); nodes, CPU
  seconds and ``nodes_vs_game``. On the end and middle
  sets (the end set only with ``--quick``): the begin set would take an hour.

Checks (exit status 1 on a failure): every proven value's sign equals the sign of Pons's score
(a searcher that stops at ``--node-limit`` counts as unproven, not as wrong), and every draw
proven is 0.

Usage: ``python bench/bench_pns_connect_four.py [--quick] [--seed N] [--node-limit N]
[--max-entries N] [--sets end,middle,begin] [--no-draws]
[--searchers dfpn,dfpn-guess-0,pns,mtdf,mtdf-win/loss]``
(``--searchers`` picks the ``pnsc4.set`` lines' searchers besides dfpn, which always runs:
a long run on the begin set may leave ``pns`` out; the draws lines need ``mtdf``).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import math
import resource
from collections.abc import Callable, Iterator
from typing import Any

from _common import emit, emit_env, fail
from _engine_techniques import random_positions
from bench_c4_solver import TABLE_ENTRIES, timed

from gamesearch import SearchResult, TranspositionTable, dfpn, mtdf, pns
from gamesearch.capabilities import Capabilities
from gamesearch.games import ConnectFour
from gamesearch.twoplayer._solver import probe_once, solving_children

SETS = {"end": (32, 36, 10, 4), "middle": (18, 24, 20, 8), "begin": (10, 14, 6, 0)}
"""Each set's fewest and most stones, and its positions in the full and the quick run."""

Search = Callable[[ConnectFour, int, int], tuple[float, int]]
"""A search of a position within a node limit: the proven value's sign (NaN if unproven)
for the player to move, and its nodes."""


class WithoutNonLosing(ConnectFour):
    """Connect Four without ``non_losing_actions``: a proof search tries every column."""

    non_losing_actions = None  # type: ignore[assignment]


def sign(value: float) -> float:
    """-1.0, 0.0 or 1.0 as ``value`` is below, at or above 0; NaN stays NaN."""
    return value if math.isnan(value) else float((value > 0) - (value < 0))


def proved(result: SearchResult[int]) -> tuple[float, int]:
    """A proof search's result as a :data:`Search` gives it."""
    return (sign(result.value) if result.exact else math.nan), result.stats.nodes


def by_dfpn(**options: Any) -> Search:
    """``dfpn`` with ``options`` (an ``order``, an ``evaluate``, ``max_entries``)."""
    return lambda game, state, limit: proved(dfpn(game, state, node_limit=limit, **options))


def by_pns(game: ConnectFour, state: int, limit: int) -> tuple[float, int]:
    """``pns`` with the game's defaults."""
    return proved(pns(game, state, node_limit=limit))


def by_mtdf(game: ConnectFour, state: int, limit: int) -> tuple[float, int]:
    """``mtdf``'s exact solver (no node limit: it takes none)."""
    result = mtdf(game, state, table=TranspositionTable(TABLE_ENTRIES))
    return sign(result.value), result.stats.nodes


def by_mtdf_win_loss(game: ConnectFour, state: int, limit: int) -> tuple[float, int]:
    """The exact solver's probes asked only whether the mover wins, draws or loses.

    The first probe, at 0, is the one ``mtdf`` starts with: a score above 0 proves a win, one
    below 0 (fail-soft, a loss's distance score) a loss. Else a second probe just below 0 tells
    a draw (at least 0) from a loss. Nodes are counted as ``mtdf`` counts them.
    """
    found = Capabilities.of(game)
    children = solving_children(found)
    assert children is not None  # ConnectFour offers the solving hooks
    table = TranspositionTable(TABLE_ENTRIES)
    search_id = table.begin_search(game)
    nodes = 0
    for point in (0.0, math.nextafter(0.0, -math.inf)):
        probed = probe_once(game, state, children, table, search_id, point, capabilities=found)
        nodes += probed.expanded + probed.leaves
        if probed.score > 0:
            return 1.0, nodes
        if probed.score < point:
            return -1.0, nodes
        if probed.score > point:  # at least 0 and not above it: a draw
            return 0.0, nodes
    raise AssertionError("two probes settle a win, a draw or a loss")


DFPN_MODULE = importlib.import_module("gamesearch.proofs.dfpn")
"""The module (``gamesearch.proofs.dfpn`` the attribute is the function), whose ``SQUARED``
the ``plain moves`` variant sets."""


@contextlib.contextmanager
def plain_moves() -> Iterator[None]:
    """First numbers from a new node's number of moves, not its square, for the duration."""
    squared = DFPN_MODULE.SQUARED
    DFPN_MODULE.SQUARED = False
    try:
        yield
    finally:
        DFPN_MODULE.SQUARED = squared


def by_dfpn_plain(game: ConnectFour, state: int, limit: int) -> tuple[float, int]:
    """``dfpn`` with the game's defaults but first numbers from the number of moves (Allis's)."""
    with plain_moves():
        return proved(dfpn(game, state, node_limit=limit))


def searchers(max_entries: int) -> dict[str, Search]:
    """The searchers of the ``pnsc4.set`` lines, dfpn's table of ``max_entries`` states."""
    return {
        "dfpn": by_dfpn(max_entries=max_entries),
        "dfpn-guess-0": by_dfpn(max_entries=max_entries, first_guess=0.0),
        "pns": by_pns,
        "mtdf": by_mtdf,
        "mtdf-win/loss": by_mtdf_win_loss,
    }

KNOWLEDGE: dict[str, tuple[Callable[[ConnectFour], ConnectFour], Callable[..., Search]]] = {
    "game": (lambda game: game, lambda game: by_dfpn()),
    "no order": (lambda game: game, lambda game: by_dfpn(order=lambda state, moves: moves)),
    "threat order": (lambda game: game, lambda game: by_dfpn(order=game.threat_order)),
    "evaluate": (lambda game: game, lambda game: by_dfpn(evaluate=game.evaluate)),
    "no non-losing": (lambda game: WithoutNonLosing(), lambda game: by_dfpn()),
    "plain moves": (lambda game: game, lambda game: by_dfpn_plain),
}
"""dfpn's variants: the game searched, and the search made for it."""


def scored(game: ConnectFour, name: str, seed: int, quick: bool) -> list[tuple[int, int]]:
    """The positions of set ``name`` with their Pons scores (by ``mtdf``)."""
    low, high, count, quick_count = SETS[name]
    positions = random_positions(game, range(low, high + 1), quick_count if quick else count,
                                 seed=seed + low)  # fmt: skip
    return [(state, game.pons_score(state, mtdf(game, state))) for state in positions]


def run_set(
    game: ConnectFour, search: Search, cases: list[tuple[int, int]], limit: int, who: str
) -> dict[str, Any]:
    """``search`` over ``cases``: nodes and CPU seconds of the proven, the unproven's count.

    Raises (by :func:`fail`): a proven value whose sign is not its Pons score's.
    """
    nodes, cpu, unproven, by_position = 0, 0.0, 0, []
    for state, score in cases:
        _, seconds, (found, count) = timed(lambda state=state: search(game, state, limit))
        by_position.append(None if math.isnan(found) else count)
        if math.isnan(found):
            unproven += 1
            continue
        if found != sign(score):
            fail(f"{who}: position {state} proven {found:+}, but its Pons score is {score}")
        nodes, cpu = nodes + count, cpu + seconds
    return {"proven": len(cases) - unproven, "unproven": unproven, "nodes": nodes,
            "cpu_seconds": round(cpu, 3), "by_position": by_position}  # fmt: skip


def peak_memory_mb() -> int:
    """The process's peak resident memory so far, in MB (``ru_maxrss``, KB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def over_both(mine: list[int | None], theirs: list[int | None]) -> float | None:
    """My nodes over theirs on the positions both proved, or ``None`` if there are none."""
    pairs = [(a, b) for a, b in zip(mine, theirs, strict=True) if a is not None and b is not None]
    total = sum(b for _, b in pairs)
    return round(sum(a for a, _ in pairs) / total, 3) if total else None


def line_sets(
    game: ConnectFour, sets: dict[str, list[tuple[int, int]]], limit: int, by: dict[str, Search]
) -> None:
    """The ``pnsc4.set`` lines: each of the searchers ``by`` on the sets' won and lost."""
    for name, cases in sets.items():
        decided = [(state, score) for state, score in cases if score]
        runs = {}
        for who, search in by.items():
            runs[who] = run_set(game, search, decided, limit, who)
            runs[who]["maxrss_mb"] = peak_memory_mb()
        for who, run in runs.items():
            emit(bench="pnsc4.set", set=name, searcher=who, positions=len(decided),
                 won=sum(score > 0 for _, score in decided),
                 lost=sum(score < 0 for _, score in decided),
                 scores=[score for _, score in decided],
                 nodes_vs_dfpn=over_both(run["by_position"], runs["dfpn"]["by_position"]),
                 **run)  # fmt: skip


def line_draws(
    game: ConnectFour, sets: dict[str, list[tuple[int, int]]], limit: int, by: dict[str, Search]
) -> None:
    """The ``pnsc4.draws`` lines: dfpn's two searches a draw against mtdf's."""
    for name, cases in sets.items():
        draws: list[tuple[int, int]] = [(state, score) for state, score in cases if not score]
        if not draws:
            continue
        runs = {who: run_set(game, by[who], draws, limit, who) for who in ("dfpn", "mtdf")}
        emit(bench="pnsc4.draws", set=name, positions=len(draws),
             dfpn=runs["dfpn"], mtdf=runs["mtdf"],
             mtdf_nodes_vs_dfpn=over_both(runs["mtdf"]["by_position"],
                                          runs["dfpn"]["by_position"]))  # fmt: skip


def line_knowledge(game: ConnectFour, sets: dict[str, list[tuple[int, int]]], limit: int) -> None:
    """The ``pnsc4.knowledge`` lines: dfpn with one piece of the game's knowledge changed."""
    for name, cases in sets.items():
        decided = [(state, score) for state, score in cases if score]
        runs: dict[str, dict[str, Any]] = {}
        for variant, (make_game, make_search) in KNOWLEDGE.items():
            searched = make_game(game)
            runs[variant] = run = run_set(searched, make_search(searched), decided, limit,
                                          f"dfpn ({variant})")  # fmt: skip
            emit(bench="pnsc4.knowledge", set=name, variant=variant, positions=len(decided),
                 nodes_vs_game=over_both(run["by_position"], runs["game"]["by_position"]),
                 **run)  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="12 positions, no begin set (~15 s)")
    parser.add_argument("--seed", type=int, default=0, help="offset of the positions' seeds")
    parser.add_argument("--node-limit", type=int, default=1_000_000,
                        help="nodes after which a proof search counts as unproven")  # fmt: skip
    parser.add_argument("--max-entries", type=int, default=TABLE_ENTRIES,
                        help="dfpn's table, in states (default: mtdf's, %(default)s)")  # fmt: skip
    parser.add_argument("--draws", action=argparse.BooleanOptionalAction, default=True,
                        help="the pnsc4.draws lines (not with --quick)")  # fmt: skip
    parser.add_argument("--searchers", default=",".join(searchers(TABLE_ENTRIES)),
                        help="the set lines' searchers (dfpn always)")  # fmt: skip
    parser.add_argument("--sets", default=",".join(SETS),
                        help="the sets to run, of " + ", ".join(SETS))  # fmt: skip
    args = parser.parse_args(argv)
    chosen = args.sets.split(",")
    if not set(chosen) <= set(SETS):
        parser.error(f"--sets: each set is one of {', '.join(SETS)}")
    every = searchers(args.max_entries)
    if not set(args.searchers.split(",")) <= set(every):
        parser.error(f"--searchers: each is one of {', '.join(every)}")
    emit_env("pnsc4.env")
    game = ConnectFour()
    names = [name for name, (*_, quick_count) in SETS.items()
             if name in chosen and (quick_count or not args.quick)]  # fmt: skip
    sets = {name: scored(game, name, args.seed, args.quick) for name in names}
    by = {who: search for who, search in every.items()
          if who == "dfpn" or who in args.searchers.split(",")}  # fmt: skip
    line_sets(game, sets, args.node_limit, by)
    if args.draws and not args.quick and "mtdf" in by:
        line_draws(game, sets, args.node_limit, by)
    knowledge = [name for name in (("end",) if args.quick else ("end", "middle")) if name in sets]
    line_knowledge(game, {name: sets[name] for name in knowledge}, args.node_limit)


if __name__ == "__main__":
    main()
