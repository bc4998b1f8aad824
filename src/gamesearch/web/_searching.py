"""The engine's search of a position in the page: with progress, and what a Stop keeps.

A search runs inside the page's worker, which the reader may stop at any moment: the worker
raises ``KeyboardInterrupt`` in Python (Pyodide's interrupt), as Ctrl-C does in a terminal.
Every search here keeps its last complete result while it runs and tells it as progress, so
that a stopped search still says what it had found:

- a depth-limited search (alpha-beta, expectiminimax, max-n) is deepened one ply at a time to
  its depth (each depth's result told), or to the end of the game when it is given no depth:
  deepened while it has an evaluation, until the value is proven; in one piece without one;
- the engine (iterative deepening) tells each completed depth, MCTS each slice of its
  iterations (as ``gamesearch solve`` runs them, :func:`gamesearch.web._front.run`).

A depth limit needs an evaluation to score the positions where it stops: the game's own
``evaluate``, or ``0`` for every unfinished position if the reader chose it (a blind estimate,
labelled so). Without one, the search is refused as Python refuses ``alphabeta(game, depth=2)``,
but in the page's words: its own controls, not Python's keywords (:func:`unscored`).

A win or loss a depth-limited search has proven is labelled exact (:mod:`._proven`).
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..chance.expectiminimax import expectiminimax
from ..errors import BlindSearchWarning, InvalidSearchOptionError
from ..frontdoor.board import player_name
from ..frontdoor.plans import Plan
from ..frontdoor.running import Interrupted, info, run
from ..frontdoor.summaries import verdict
from ..multiplayer.maxn import maxn
from ..result import SearchResult
from ..twoplayer.alphabeta import alphabeta
from ._catalogue import SEARCHERS
from ._positions import Position, Refused
from ._proven import proven_at_depth

__all__ = [
    "EVALUATIONS",
    "Asked",
    "Found",
    "evaluation_of",
    "how_found",
    "limit_of",
    "plan_of",
    "search",
    "unscored",
]

Tell = Callable[[str], object]
"""Told each progress line of a search under way."""

EVALUATIONS = ("own", "zero", "none")
"""The evaluations a reader may choose: ``own``, the game's ``evaluate`` (without one a depth
limit is refused, as in Python; ``none`` says so), or ``zero``, 0 for every unfinished position
(a blind estimate)."""

_DEPTH_FIRST: dict[str, Callable[..., SearchResult[Any]]] = {
    "alphabeta": alphabeta,
    "expectiminimax": expectiminimax,
    "maxn": maxn,
}


@dataclass(frozen=True)
class Found:
    """What a search in the page found: its last complete result, and whether it was stopped."""

    result: SearchResult[Any] | None
    """The last complete result (the whole search's, unless stopped); ``None`` if none yet."""

    stopped: bool
    """Whether the reader stopped the search."""

    elapsed: float
    """The seconds it ran."""

    evaluation: str
    """What scored the positions at its depth limits, in words (``""`` for none)."""

    warning: str = ""
    """The library's warning of the search, such as a blind search's, or ``""``."""


@dataclass(frozen=True)
class Asked:
    """A search the page asks for: its searcher, its limit (checked) and its evaluation."""

    searcher: str
    """A key of :data:`~gamesearch.web._catalogue.SEARCHERS`."""

    limit: float | None
    """Its limit, in its row's unit (``None``: to the end of the game)."""

    evaluation: str
    """What scores its depth limits: one of :data:`EVALUATIONS`."""

    @classmethod
    def of(cls, given: object, prefix: str = "") -> Asked:
        """The search ``{"searcher": ..., "amount": ..., "evaluation": ...}`` asks for.

        Raises:
            Refused: an unknown searcher or evaluation, or a limit out of its range; the field
                named is ``prefix`` and the control's name (``step-amount``).
        """
        asked = given if isinstance(given, dict) else {}
        searcher, evaluation = asked.get("searcher"), asked.get("evaluation", "own")
        if not isinstance(searcher, str) or searcher not in SEARCHERS:
            raise Refused(
                prefix + "searcher",
                f"the page's searchers are {', '.join(SEARCHERS)}, not {str(searcher)[:40]!r}",
            )
        if evaluation not in EVALUATIONS:
            raise Refused(
                prefix + "evaluation", f"the evaluation must be one of {', '.join(EVALUATIONS)}"
            )
        limit = limit_of(searcher, asked.get("amount"), prefix + "amount")
        return cls(searcher, limit, str(evaluation))


def _zero(state: Any, player: int) -> float:
    """The evaluation that knows nothing: 0 for every unfinished position."""
    return 0.0


def evaluation_of(position: Position, chosen: object) -> tuple[Any, str]:
    """The evaluation the reader ``chosen`` for ``position``'s game, and its words.

    ``own`` (or ``none``) is what Python does without ``evaluate=``: the game's own
    ``evaluate`` if it has one, else a depth limit is refused; ``zero`` scores every
    unfinished position 0, a blind estimate the reader chose.

    Returns:
        ``(evaluate, words)``: ``None`` to let the searcher use the game's own (or refuse a
        depth limit if it has none), or the blind evaluation.

    Raises:
        Refused: ``chosen`` is not one of :data:`EVALUATIONS`.
    """
    if chosen not in EVALUATIONS:
        raise Refused("evaluation", f"the evaluation must be one of {', '.join(EVALUATIONS)}")
    if chosen == "zero":
        return _zero, "0 for every unfinished position (a blind estimate, chosen in the page)"
    return None, "the game's own evaluate" if position.members.evaluate is not None else ""


def unscored(
    position: Position, asked: Asked, evaluate: Any, controls: tuple[str, str, str]
) -> None:
    """Refuse a depth limit that nothing would score, naming the page's controls.

    Args:
        position: The position to search.
        asked: The search asked for.
        evaluate: The evaluation chosen (``None``: the game's own, if it has one).
        controls: The limit's control (``amount``), and the page's names of the limit and of
            the evaluation's menu.

    Raises:
        Refused: a depth-first search to a depth, with no evaluation chosen and none of the
            game's own (the field is the limit's control).
    """
    row = SEARCHERS[asked.searcher]
    if row.unit != "depth" or asked.limit is None or evaluate is not None:
        return
    if position.members.evaluate is not None:
        return
    field, limit, menu = controls
    raise Refused(
        field,
        f"{row.title.split(',')[0]} to depth {asked.limit:g} must score the unfinished "
        f"positions where it stops, and {position.entry.title} has no evaluate of its own: "
        f'choose "0 for every unfinished position" in "{menu}", or empty the {limit} '
        "to search to the end of the game",
    )


def limit_of(searcher: str, amount: object, field: str = "amount") -> float | None:
    """The limit ``amount`` of the page's ``searcher`` (a key of its rows), checked.

    Returns:
        The limit, ``None`` for to the end of the game.

    Raises:
        Refused: a limit out of its range (``field``).
    """
    row = SEARCHERS[searcher]
    if amount is None and row.to_the_end:
        return None
    kind = "a whole number" if row.whole else "a number"
    empty = " (or nothing: to the end of the game)" if row.to_the_end else ""
    number = amount if isinstance(amount, (int, float)) and not isinstance(amount, bool) else None
    if number is None or not row.least <= number <= row.most or (row.whole and number % 1):
        given = "nothing" if amount is None else repr(amount)[:40]
        raise Refused(
            field,
            f"{row.title.split(',')[0]}'s {row.unit} must be {kind} from {row.least:g} to "
            f"{row.most:g}{empty}, not {given}",
        )
    return float(number)


def _deepened(
    position: Position,
    searcher: str,
    depth: float | None,
    evaluate: Any,
    completed: Callable[[SearchResult[Any]], None],
) -> SearchResult[Any]:
    """A depth-first search deepened 1, 2, ... plies, to ``depth`` or until proven.

    Each depth's result is told to ``completed``; the result is the deepest search's, with its
    own work (as ``searcher(game, state, depth=d)`` reports it). With no evaluation at all and
    no depth, the search goes to the end of the game in one piece.
    """
    search = _DEPTH_FIRST[searcher]
    if evaluate is None and position.members.evaluate is None:
        # No evaluation: to the end in one piece, or a depth the library refuses by its number.
        limit = {} if depth is None else {"depth": int(depth)}
        return search(position.game, position.state, **limit)
    ply = 0
    while True:
        ply += 1
        found = search(position.game, position.state, depth=ply, evaluate=evaluate)
        found = proven_at_depth(position, found) if searcher == "alphabeta" else found
        completed(found)
        if found.exact or ply == depth:
            return found


def _plan(searcher: str, limit: float | None, evaluate: Any, zero_sum: bool) -> Plan | None:
    """The command's plan of the engine or MCTS (``None`` for a depth-first search).

    MCTS proves values (MCTS-Solver) in a zero-sum game only: in another, it estimates.
    """
    if searcher == "engine":
        options: tuple[tuple[str, Any], ...] = () if evaluate is None else (("evaluate", evaluate),)
        return Plan("iterative_deepening", seconds=limit, options=options)
    if searcher == "mcts":
        options = (("iterations", int(limit or 1)), ("rng", 0), ("solver", zero_sum))
        return Plan("mcts", options=options)
    if searcher in _DEPTH_FIRST:
        return None
    raise Refused("searcher", f"{searcher} does not search a position here")


def search(position: Position, asked: Asked, tell: Tell) -> Found:
    """The search ``asked`` of ``position``, its progress told to ``tell``.

    Args:
        position: The position searched (not over, not at a chance move).
        asked: The searcher (but ``cfr`` and ``pns``), its limit and its evaluation.
        tell: Told a progress line for each complete result while the search runs (a depth,
            a slice of MCTS), as ``gamesearch solve`` prints them.

    Returns:
        What it found, or what it had found when the reader stopped it.

    Raises:
        Refused: a depth limit without an evaluation (in the page's words, beside the limit).
    """
    evaluate, words = evaluation_of(position, asked.evaluation)
    unscored(position, asked, evaluate, ("amount", "depth", "at the depth limit"))
    chosen = _plan(asked.searcher, asked.limit, evaluate, position.entry.zero_sum)
    started = time.perf_counter()
    best: list[SearchResult[Any]] = []

    def completed(result: SearchResult[Any]) -> None:
        best[:] = [result]
        tell(info(result, time.perf_counter() - started))

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", BlindSearchWarning)
        try:
            if chosen is None:
                result = _deepened(position, asked.searcher, asked.limit, evaluate, completed)
            else:
                result, _ = run(position.game, position.state, chosen, tell,
                                members=position.members)  # fmt: skip
        except InvalidSearchOptionError as exc:
            raise Refused("amount", str(exc)) from exc
        except Interrupted as stop:
            return Found(stop.best, True, stop.elapsed, words, _warned(caught, position))
        except KeyboardInterrupt:
            elapsed = time.perf_counter() - started
            return Found(best[0] if best else None, True, elapsed, words, _warned(caught, position))
    return Found(result, False, time.perf_counter() - started, words, _warned(caught, position))


def _warned(caught: list[warnings.WarningMessage], position: Position) -> str:
    """The blind search's warning among ``caught``, in the page's words, or ``""``.

    The library's warning advises Python (``evaluate=``); the page names its own remedy.
    """
    if not any(issubclass(w.category, BlindSearchWarning) for w in caught):
        return ""
    return (
        f"it stopped before it proved the value, and {position.entry.title} has no evaluate of "
        "its own: every position at its depth limit counted 0, so the move was chosen blind "
        "among those not proven; give it more seconds to search further"
    )


def how_found(where: Position, result: SearchResult[Any], asked: Asked, scored: str) -> str:
    """How the value of ``result`` was found or estimated, in a few words.

    A proven value says what was proven, as ``gamesearch solve`` says it ("proven: X wins in
    5 plies", "proven draw"); an estimate, what made it: the depth and what ``scored`` the
    positions there, or MCTS's playouts, or the bounds a proof search proved.
    """
    if result.exact:
        said = verdict(where.spec, where.game, where.state, result, plan_of(asked))
        win = where.members.win_utility
        if said.startswith("proven: value") and win is not None and not callable(win):
            whom = player_name(where.spec, result.player)  # a proof without a line to its end
            outcome = {float(win): "wins", -float(win): "loses"}.get(result.value)
            said = f"proven: {whom} {outcome}" if outcome else said
        return said
    if asked.searcher == "pns":
        low, high = result.value_range or (float("-inf"), float("inf"))
        return f"not proven: the value lies in [{low:g}, {high:g}]"
    if asked.searcher == "mcts" or result.depth is None:
        playouts = result.stats.leaves
        return f"by {playouts:,} playout{'' if playouts == 1 else 's'} of MCTS"
    scored = scored or "no evaluation: every position at the limit counted 0"
    return f"at depth {result.depth}, the positions there scored by {scored}"


def plan_of(asked: Asked) -> Plan:
    """The command's plan of the search ``asked``, which its summary reads."""
    if asked.searcher == "engine":
        return Plan("iterative_deepening", seconds=asked.limit)
    if asked.searcher == "mcts":
        return Plan("mcts", options=(("iterations", int(asked.limit or 1)),))
    return Plan(asked.searcher, depth=None if asked.limit is None else int(asked.limit))
