"""Which searcher the command runs on a game, with what limits, and how it reports progress.

A game is searched by the family that fits it (:func:`fitting`): ``expectiminimax`` for a
game of chance, ``maxn`` for a game of n != 2 players, ``iterative_deepening`` for the rest.
:func:`plan` checks the options against the game before anything is printed, and
:func:`run` searches, telling each completed iteration to a progress callback and keeping
the last one's result, which :class:`Interrupted` carries when Ctrl-C stops the search.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..chance.expectiminimax import expectiminimax
from ..errors import InvalidSearchOptionError
from ..games.registry import GameSpec
from ..mcts.search import mcts
from ..multiplayer.maxn import maxn
from ..result import SearchResult, SearchStats
from ..twoplayer.alphabeta import alphabeta
from ..twoplayer.deepening import iterative_deepening
from ..twoplayer.minimax import minimax
from ..twoplayer.negamax import negamax

SEARCHERS: dict[str, Callable[..., SearchResult[Any]]] = {
    "alphabeta": alphabeta,
    "expectiminimax": expectiminimax,
    "iterative_deepening": iterative_deepening,
    "maxn": maxn,
    "mcts": mcts,
    "minimax": minimax,
    "negamax": negamax,
}
"""The searchers ``--searcher`` names."""

_TWO_PLAYER = ("alphabeta", "iterative_deepening", "minimax", "negamax")
_DEEPENED = ("expectiminimax", "maxn")
"""Searchers without a time limit, which the command runs one depth deeper at a time, to
report progress and keep a result for Ctrl-C."""

Progress = Callable[[SearchResult[Any], float], object]
"""Told each completed iteration's result and the seconds since the search began."""


class Interrupted(Exception):
    """Ctrl-C stopped a search; ``best`` is the last completed iteration's result, if any."""

    def __init__(self, best: SearchResult[Any] | None) -> None:
        super().__init__("interrupted")
        self.best = best


@dataclass(frozen=True)
class Plan:
    """A search the command will run: a searcher and its limits."""

    searcher: str
    """The name of the searcher, a key of :data:`SEARCHERS`."""

    depth: int | None = None
    """The depth limit in plies (the deepest iteration), ``None`` for none."""

    seconds: float | None = None
    """The time limit, for ``iterative_deepening`` and ``mcts``; ``None`` for none."""

    def describe(self) -> str:
        """The plan in words, as ``--help`` and ``gamesearch games`` say it."""
        if self.searcher == "mcts":
            return f"mcts for {self.seconds:g} s"
        if self.depth is not None:
            limit = f"{self.depth} plies deep"
        elif self.searcher in _DEEPENED or self.searcher == "iterative_deepening":
            limit = "until the value is proven"
        else:
            limit = "to the end of the game"
        if self.searcher == "iterative_deepening" and self.seconds is not None:
            limit += f", at most {self.seconds:g} s"
        return f"{self.searcher} {limit}"


def fitting(game: Any) -> str:
    """The searcher that fits ``game``: expectiminimax, maxn or iterative_deepening."""
    if callable(getattr(game, "chance_outcomes", None)):
        return "expectiminimax"
    if getattr(game, "num_players", 2) != 2:
        return "maxn"
    return "iterative_deepening"


def default_plan(spec: GameSpec, game: Any, *, play: bool) -> Plan:
    """What ``solve`` (or, with ``play``, each move of ``play``) runs on ``game`` by default."""
    searcher = fitting(game)
    if searcher in _DEEPENED:
        return Plan(searcher, depth=spec.depth)
    return Plan(searcher, seconds=spec.move_seconds if play else spec.seconds)


def plan(spec: GameSpec, game: Any, args: argparse.Namespace, *, play: bool) -> Plan:
    """The search the options ask for, checked against ``game``.

    Raises:
        InvalidSearchOptionError: a searcher that does not fit the game, or a limit the
            searcher does not take.
    """
    default = default_plan(spec, game, play=play)
    searcher = args.searcher or default.searcher
    fits = fitting(game)
    if searcher in _TWO_PLAYER and fits != "iterative_deepening":
        kind = "a game of chance" if fits == "expectiminimax" else "not a two-player game"
        raise InvalidSearchOptionError(
            f"--searcher {searcher}: {spec.name} is {kind}; search it with {fits} or mcts"
        )
    if searcher == "maxn" and fits == "expectiminimax":
        raise InvalidSearchOptionError(
            f"--searcher maxn: {spec.name} is a game of chance; search it with expectiminimax"
        )
    if searcher == "expectiminimax" and game.num_players != 2:
        raise InvalidSearchOptionError(
            f"--searcher expectiminimax: {spec.name} has {game.num_players} players; "
            f"expectiminimax searches two-player games"
        )
    if searcher == "mcts":
        if args.depth is not None:
            raise InvalidSearchOptionError("mcts searches for a --time, not to a --depth")
        return Plan("mcts", seconds=args.time or default.seconds or spec.move_seconds)
    if args.time is not None:
        if searcher != "iterative_deepening":
            raise InvalidSearchOptionError(
                f"--time needs the iterative_deepening or mcts searcher, not {searcher} "
                f"(give it a --depth instead)"
            )
        return Plan(searcher, depth=args.depth, seconds=args.time)
    if args.depth is not None:
        return Plan(searcher, depth=args.depth)
    if searcher == default.searcher:
        return default
    return Plan(searcher, depth=spec.depth if searcher in _DEEPENED else None)


def run(game: Any, state: Any, plan: Plan, progress: Progress | None = None) -> SearchResult[Any]:
    """Search ``state`` as ``plan`` says, telling ``progress`` each completed iteration.

    Raises:
        Interrupted: Ctrl-C; it carries the last completed iteration's result.
    """
    started = time.perf_counter()
    best: list[SearchResult[Any]] = []

    def completed(result: SearchResult[Any]) -> None:
        best[:] = [result]
        if progress is not None:
            progress(result, time.perf_counter() - started)

    try:
        if plan.searcher == "iterative_deepening":
            return iterative_deepening(
                game, state, time_limit=plan.seconds, depth=plan.depth, on_iteration=completed
            )
        if plan.searcher == "mcts":
            return mcts(game, state, time_limit=plan.seconds)
        evaluate = _evaluation(game)
        if plan.searcher in _DEEPENED:
            return _deepen(SEARCHERS[plan.searcher], game, state, plan.depth, evaluate, completed)
        depth = plan.depth
        return SEARCHERS[plan.searcher](
            game, state, depth=depth, evaluate=None if depth is None else evaluate
        )
    except KeyboardInterrupt:
        raise Interrupted(best[0] if best else None) from None


def _deepen(
    searcher: Callable[..., SearchResult[Any]],
    game: Any,
    state: Any,
    depth: int | None,
    evaluate: Callable[[Any, int], float],
    completed: Callable[[SearchResult[Any]], None],
) -> SearchResult[Any]:
    """Search 1, 2, ... plies deep, to ``depth`` or until the value is proven.

    The result is the deepest search's, with the work of all of them in its stats.
    """
    nodes = leaves = cutoffs = 0
    elapsed = 0.0
    ply = 0
    while True:
        ply += 1
        result = searcher(game, state, depth=ply, evaluate=evaluate)
        stats = result.stats
        nodes, leaves = nodes + stats.nodes, leaves + stats.leaves
        cutoffs, elapsed = cutoffs + stats.cutoffs, elapsed + stats.elapsed
        total = SearchStats(
            nodes=nodes, leaves=leaves, cutoffs=cutoffs, max_depth=stats.max_depth, elapsed=elapsed
        )
        result = replace(result, stats=total)
        completed(result)
        if result.exact or ply == depth:
            return result


def _evaluation(game: Any) -> Callable[[Any, int], float]:
    """The game's ``evaluate`` method, or 0 for every unfinished state if it has none."""
    evaluate = getattr(game, "evaluate", None)
    return evaluate if callable(evaluate) else _unknown


def _unknown(state: Any, player: int) -> float:
    """The evaluation that knows nothing: 0 for every unfinished position."""
    return 0.0
