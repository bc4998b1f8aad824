"""Searches stepped through in the page: the position on the board, or a textbook tree.

The search is recorded (:class:`~gamesearch.web._recording.Recording`, which tells its progress
and stops a search too big to record) and answered as the step-through page of
:meth:`gamesearch.trace.SearchTree.to_html`. From the board, the searchers that fit the game,
and proof-number search for a two-player game without chance; the textbook trees are those of
:mod:`._textbook`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..chance.expectiminimax import expectiminimax
from ..errors import InvalidSearchOptionError
from ..frontdoor.board import player_name
from ..montecarlo.search import mcts
from ..multiplayer.maxn import maxn
from ..proofs.pns import pns
from ..result import SearchResult
from ..twoplayer.alphabeta import alphabeta
from ..twoplayer.deepening import iterative_deepening
from ._answers import Tell, answer, quiet
from ._positions import Position, Refused, offered, position_at
from ._proven import proven_at_depth
from ._recording import Recording
from ._searching import Asked, evaluation_of, how_found, unscored
from ._textbook import TEXTBOOK
from ._values import worded

__all__ = ["search_page", "steppable", "textbook_page"]


_STEPS: dict[str, Callable[..., SearchResult[Any]]] = {
    "alphabeta": alphabeta,
    "expectiminimax": expectiminimax,
    "maxn": maxn,
}


def steppable(where: Position) -> list[str]:
    """The searchers whose steps the page shows from ``where``: those that fit, and pns.

    Proof-number search for a game of two players without chance (those alpha-beta fits):
    tic-tac-toe, Connect Four, Hex (whose own knowledge proves nodes), two-player Nim, Rolit.
    """
    keys = [row["key"] for row in offered(where) if row["key"] != "cfr"]
    return [*keys, "pns"] if "alphabeta" in keys else keys


def _traced(where: Position, asked: Asked, tell: Tell) -> tuple[Recording, SearchResult[Any]]:
    """Record the search ``asked`` of ``where``."""
    evaluate, _ = evaluation_of(where, asked.evaluation)
    unscored(where, asked, evaluate, ("step-amount", "limit", "at the limit"))
    tree = Recording(where.game, tell)
    game, state, limit = where.game, where.state, asked.limit
    try:
        if asked.searcher == "pns":
            nodes = None if limit is None else int(limit)
            return tree, pns(game, state, node_limit=nodes, trace=tree)
        if asked.searcher == "mcts":
            solver = where.entry.zero_sum
            return tree, mcts(game, state, iterations=int(limit or 1), rng=0, solver=solver,
                              trace=tree)  # fmt: skip
        if asked.searcher == "engine":
            timed = {"time_limit": limit, "evaluate": evaluate}
            return tree, iterative_deepening(game, state, trace=tree, **timed)
        depth = {} if limit is None else {"depth": int(limit), "evaluate": evaluate}
        result = _STEPS[asked.searcher](game, state, trace=tree, **depth)
    except Refused:
        raise
    except InvalidSearchOptionError as exc:  # the library's refusal of an option
        raise Refused("step-amount", str(exc)) from exc
    return tree, proven_at_depth(where, result) if asked.searcher == "alphabeta" else result


def search_page(at: object, asked: object, tell: Tell = quiet) -> str:
    """The step-through page of the search ``asked`` from the position ``at``.

    Args:
        at: The position: ``{"game": ..., "params": ..., "moves": ...}``.
        asked: The search: ``{"searcher": ..., "amount": ..., "evaluation": ...}``, a searcher
            offered for the game (but a card game's strategy), or ``pns`` for a two-player game
            without chance; its limit (a depth, ``None`` to the end; seconds; iterations;
            nodes) and what scores a depth limit.
        tell: Told the recording's progress while the search runs.

    Returns:
        JSON: ``page``, the HTML of :meth:`SearchTree.to_html` (a search of more than 5,000
        nodes gets its summary page), ``nodes`` and ``value`` (in words).
    """

    def work() -> dict[str, Any]:
        where = position_at(at)
        if where.over or where.chance:
            raise Refused("moves", "the game is over: there is no search to step through"
                          if where.over else "chance moves next: play its move first")  # fmt: skip
        stepped = Asked.of(asked, "step-")
        keys = steppable(where)
        if stepped.searcher not in keys:
            raise Refused(
                "step-searcher",
                f"the steps of {where.entry.title} are those of {', '.join(keys) or 'no search'}, "
                f"not {stepped.searcher!r}",
            )
        tree, result = _traced(where, stepped, tell)
        whom = player_name(where.spec, result.player)
        _, scored = evaluation_of(where, stepped.evaluation)
        how = how_found(where, result, stepped, scored)
        value = worded(result.value, whom, exact=result.exact, how=how, scale=where.entry.scale)
        return {"page": tree.page(), "nodes": result.stats.nodes, "value": value}

    return answer(work)


def textbook_page(key: object) -> str:
    """The step-through page of one of the textbook trees (a key of :data:`TEXTBOOK`)."""

    def work() -> dict[str, Any]:
        if not isinstance(key, str) or key not in TEXTBOOK:
            raise Refused(
                "tree", f"no textbook tree {str(key)[:40]!r}; there are {', '.join(TEXTBOOK)}"
            )
        example = TEXTBOOK[key]
        game = example.game()
        tree = Recording(game, quiet)
        example.search(game, tree)
        return {"page": tree.page(), "title": example.title}

    return answer(work)
