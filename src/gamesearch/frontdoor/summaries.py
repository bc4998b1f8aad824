"""What ``solve`` prints of a search, and how ``play`` sums up the computer's move.

The first line says what the value is: proven ("proven: X wins in 11 plies", "proven draw",
or the expected utility a table of a game of chance holds), or an estimate, and then what
stopped the search before it was proven: a limit the user gave, with how far the search got,
or Ctrl-C. A proof search (``pns``, ``dfpn``) stopped before its proof makes no estimate: it
says what it did prove, the range the value lies in (its ``value_range``).
"""

from __future__ import annotations

from typing import Any, TextIO

from ..game import CHANCE
from ..games.registry import GameSpec
from ..result import SearchResult
from .board import move_text, player_name, winners
from .plans import PROVERS, TABLE, Plan
from .running import Solved


def verdict(
    spec: GameSpec,
    game: Any,
    state: Any,
    result: SearchResult[Any],
    plan: Plan,
    *,
    solved: Solved | None = None,
    interrupted: bool = False,
) -> str:
    """The line that says whether ``result`` is proven, and if so who wins and how soon."""
    if not result.exact:
        if plan.searcher in PROVERS:
            said = f"not proven: the value lies in {_bounds(result)}"
            return f"{said}: {_stopped(result, plan, interrupted)}"
        return f"{_estimate(result)}: {_stopped(result, plan, interrupted)}"
    if solved is not None and solved.tolerance is not None:
        return (
            f"proven: {result.value:.6g} for {player_name(spec, result.player)}, the expected "
            f"utility under best play (value iteration, to within {solved.tolerance:g})"
        )
    end = _end_of(game, state, result.pv)
    if end is None:
        return f"proven: value {result.value + 0.0:g} for {player_name(spec, result.player)}"
    scores = [float(game.utility(end, player)) for player in range(game.num_players)]
    if scores[result.player] != result.value:  # the line is not one of best play: say less
        return f"proven: value {result.value + 0.0:g} for {player_name(spec, result.player)}"
    who = winners(spec, scores)
    if who == "a draw":
        return "proven draw"
    distance = result.plies_to_end
    if distance is None:
        return f"proven: {who}"
    return f"proven: {who} in {distance} pl{'y' if distance == 1 else 'ies'}"


def _bounds(result: SearchResult[Any]) -> str:
    """The range a proof search proved the value lies in, ``[low, high]``."""
    low, high = result.value_range or (float("-inf"), float("inf"))
    return f"[{low:g}, {high:g}]"


def _estimate(result: SearchResult[Any]) -> str:
    if result.depth is None:
        return f"estimate by {result.stats.leaves:,} playouts"
    return f"estimate at depth {result.depth}"


def _stopped(result: SearchResult[Any], plan: Plan, interrupted: bool) -> str:
    """What stopped the search before the value was proven, and how far it got."""
    elapsed = result.stats.elapsed
    work = f"{result.stats.nodes:,} nodes in {elapsed:.2f} s"
    if interrupted:
        return f"Ctrl-C stopped the search before the value was proven ({work})"
    options = dict(plan.options)
    if plan.depth is not None and result.depth == plan.depth:
        limit = f"the depth limit, {plan.depth} plies,"
    elif plan.searcher == "mcts":
        limit = f"the limit of {plan.describe().removeprefix('mcts for ').split(' (')[0]}"
    elif plan.seconds is not None:
        deeper = "" if result.depth is None else f" (depth {result.depth + 1} unfinished)"
        limit = f"the {plan.seconds:g} s limit{deeper}"
    elif "node_limit" in options:
        limit = f"the node limit, {options['node_limit']:,},"
    else:
        limit = "the search's limit"
    return f"{limit} stopped the search before the value was proven ({work})"


def _end_of(game: Any, state: Any, line: tuple[Any, ...]) -> Any:
    """The state at the end of ``line`` from ``state`` if it ends the game, else ``None``."""
    for action in line:
        if game.is_terminal(state) or game.to_move(state) == CHANCE:
            return None
        state = game.result(state, action)
    return state if game.is_terminal(state) else None


def report(
    spec: GameSpec,
    game: Any,
    state: Any,
    result: SearchResult[Any],
    plan: Plan,
    out: TextIO,
    *,
    solved: Solved | None = None,
    interrupted: bool = False,
) -> None:
    """Print what the search found of ``state``: verdict, value, move, line, work, time."""
    stats = result.stats
    chance = game.to_move(state) == CHANCE
    mover = player_name(spec, result.player)
    if result.exact:
        kind = "proven"
    elif result.depth is None:
        kind = f"estimated by {stats.leaves:,} playouts"
    else:
        kind = f"estimated at depth {result.depth}"
    print(verdict(spec, game, state, result, plan, solved=solved, interrupted=interrupted),
          file=out)  # fmt: skip
    print(f"to move: {'chance' if chance else mover}", file=out)
    if not result.exact and plan.searcher in PROVERS:
        print(f"value: within {_bounds(result)} for {mover} (proven bounds)", file=out)
    else:
        print(f"value: {result.value + 0.0:g} for {mover} ({kind})", file=out)  # never -0
    best = "none: chance moves here" if chance else move_text(result.action)
    print(f"best move: {best}", file=out)
    line = " ".join(move_text(a) for a in result.pv) or "none (no move is proven or searched)"
    print(f"principal variation: {line}", file=out)
    if solved is not None:
        print(f"positions: {solved.positions:,} solved by {solved.method}", file=out)
    else:
        print(
            f"nodes: {stats.nodes:,} (leaves {stats.leaves:,}, cutoffs {stats.cutoffs:,}, "
            f"deepest ply {stats.max_depth})",
            file=out,
        )
    print(f"time: {stats.elapsed:.3f} s", file=out)


def move_summary(
    spec: GameSpec, game: Any, state: Any, result: SearchResult[Any], plan: Plan
) -> str:
    """How ``play`` sums up the computer's search: proven (with the distance) or an estimate."""
    work = f"{result.stats.nodes:,} nodes, {result.stats.elapsed:.2f} s"
    if result.exact:
        said = verdict(spec, game, state, result, plan)
        return f"{said}; {work}"
    mover = player_name(spec, result.player)
    if plan.searcher in PROVERS:
        return f"not proven: the value for {mover} lies in {_bounds(result)}; {work}"
    if plan.searcher == TABLE or result.depth is None:
        return f"estimate {result.value:+g} for {mover} by {result.stats.leaves:,} playouts; {work}"
    return f"estimate {result.value:+g} for {mover} at depth {result.depth}; {work}"
