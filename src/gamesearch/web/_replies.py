"""The engine's reply in the page: its move, and its value in words, or what a Stop kept.

The engine's side searches the position with the searcher and limit the reader chose
(:mod:`._searching`); the answer is its move, its value (whose, exact or an estimate, the game's
scale: :func:`~gamesearch.web._values.worded`) and the summary ``gamesearch play`` prints. In
Kuhn poker the computer plays the strategy CFR finds: a move drawn with its information set's
probabilities, and the game's value under that strategy.
"""

from __future__ import annotations

from typing import Any

from ..frontdoor.board import player_name
from ..frontdoor.summaries import move_summary
from ..imperfect.regret import cfr
from ._answers import Tell, answer, fraction, quiet
from ._positions import Position, Refused, offered, position_at, token
from ._searching import Asked, Found, how_found, plan_of, search
from ._values import worded

__all__ = ["reply"]


def _told(where: Position, found: Found, asked: Asked) -> dict[str, Any]:
    """The engine's move and what its search found, for the page."""
    result = found.result
    if result is None:
        return {
            "stopped": found.stopped,
            "move": None,
            "said": f"stopped after {found.elapsed:.1f} s, before the search had a result",
        }
    whom = player_name(where.spec, result.player)
    how = how_found(where, result, asked, found.evaluation)
    value = worded(result.value, whom, exact=result.exact, how=how, scale=where.entry.scale)
    move = result.action if result.action is not None else where.game.actions(where.state)[0]
    summary = move_summary(where.spec, where.game, where.state, result, plan_of(asked))
    said = f"stopped after {found.elapsed:.1f} s; the best found so far: " if found.stopped else ""
    work = f"{result.stats.nodes:,} nodes in {found.elapsed:.2f} s"
    return {
        "stopped": found.stopped,
        "move": token(move),
        "player": whom,
        "value": value,
        "pv": [token(action) for action in result.pv],
        "nodes": result.stats.nodes,
        "seconds": found.elapsed,
        "exact": result.exact,
        "summary": summary,
        "warning": found.warning,
        "said": said + f"{token(move)}: {value['short']}; {work}",
    }


def _strategy_reply(where: Position, iterations: int, draw: object) -> dict[str, Any]:
    """Kuhn poker's computer: a move drawn from the CFR strategy at its information set."""
    if not fraction(draw):
        raise Refused("moves", "a move of the strategy is drawn by a number from 0 to 1")
    solved = cfr(where.game, iterations=iterations)
    mover = where.game.to_move(where.state)
    odds = dict(solved.strategy[where.game.information_set(where.state, mover)])
    names = ("pass", "bet")
    total, move = 0.0, where.game.actions(where.state)[-1]
    for action in where.game.actions(where.state):
        total += odds.get(action, 0.0)
        if draw < total:
            move = action
            break
    whom = player_name(where.spec, mover)
    how = (f"the expected winnings of the strategy CFR found in {iterations:,} iterations, "
           f"exploitability {solved.exploitability:.3g}")  # fmt: skip
    value = worded(solved.values[mover], whom, exact=False, how=how, scale=where.entry.scale)
    shown_odds = ", ".join(f"{names[a]} {p:.2f}" for a, p in sorted(odds.items()))
    return {
        "stopped": False,
        "move": token(move),
        "player": whom,
        "value": value,
        "odds": shown_odds,
        "said": f"{names[move]}, drawn from the strategy's {shown_odds}; the game's value is "
        f"{value['short']}",
    }


def reply(at: object, asked: object, draw: object = 0.5, tell: Tell = quiet) -> str:
    """The engine's move in the position ``at``, and what the search ``asked`` found.

    Args:
        at: The position: ``{"game": ..., "params": ..., "moves": ...}`` (see
            :func:`~gamesearch.web._positions.position_of`).
        asked: The search: ``{"searcher": ..., "amount": ..., "evaluation": ...}``, one of the
            searchers the game is offered (``position``'s ``searchers``), its limit (a depth,
            ``None`` to the end; seconds; iterations) and what scores a depth limit (``own``,
            ``zero`` or ``none``).
        draw: A number in [0, 1) that draws a strategy's move (Kuhn poker).
        tell: Told the search's progress lines while it runs.

    Returns:
        JSON: ``move`` (as typed; ``None`` if stopped before any result), ``value`` (its
        number for ``player``, the engine's side, exact or an estimate, with the game's
        scale), ``pv``, ``nodes``, ``seconds``, ``summary`` (as ``gamesearch play`` sums up
        its move), ``stopped`` and ``said`` (the sentence the page shows).
    """

    def work() -> dict[str, Any]:
        where = position_at(at)
        if where.over or where.chance:
            raise Refused("moves", "the game is over: there is no move to search" if where.over
                          else "chance moves next, not the engine")  # fmt: skip
        search_asked = Asked.of(asked)
        keys = [row["key"] for row in offered(where)]
        if search_asked.searcher not in keys:
            raise Refused(
                "searcher",
                f"{where.entry.title} is searched by {', '.join(keys)}, not "
                f"{search_asked.searcher!r}",
            )
        if search_asked.searcher == "cfr":
            return _strategy_reply(where, int(search_asked.limit or 1), draw)
        return _told(where, search(where, search_asked, tell), search_asked)

    return answer(work)
