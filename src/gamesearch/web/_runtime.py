"""What the page asks of Python in its worker: positions, the engine's replies, searches to step.

The page's worker calls :func:`call` with a function's name and its arguments as JSON, and
gets JSON back, so that nothing but strings crosses between JavaScript and Python; a search
also tells its progress as lines, through the ``tell`` function the worker gives. A position
travels as the game's name, its parameters and the moves played from the start (see
:mod:`._positions`), replayed each time: the page keeps no Python object.

A mistake the reader can make (an illegal move, a link with a bad position, a limit out of
range, a depth without an evaluation) comes back as ``{"error": message, "field": control}``,
``control`` naming the page's control to show it beside. A search the reader stops (the worker
raises ``KeyboardInterrupt``, as Ctrl-C does) comes back with ``"stopped": true`` and what it
had found so far. Nothing the page asks ends in a Python traceback.

A link to the page carries a game's name, its parameters and a position, never code
(:func:`link`); code runs only when the reader typed it into the page and asked for it
(:mod:`._own_game`). Labels are drawn by the step-through page, which escapes them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl

from ..errors import InvalidSearchOptionError
from ..frontdoor.board import legal_moves, outcome, player_name, show
from ..games.tictactoe import TicTacToe
from ..twoplayer.alphabeta import alphabeta
from ._answers import Tell, answer, fraction, quiet
from ._catalogue import GAMES, SEARCHERS, describe
from ._own_game import own_game
from ._positions import Position, Refused, offered, position_at, position_of, token
from ._replies import reply
from ._searching import EVALUATIONS
from ._stepping import search_page, steppable, textbook_page
from ._textbook import TEXTBOOK
from ._views import board_view, cards_view

__all__ = [
    "call",
    "chance",
    "link",
    "position",
    "reply",
    "search_page",
    "settings",
    "textbook_page",
]

MOST_LEGAL = 1000
"""The most legal moves of a position the page draws (a Nim of 100,000 sticks has 100,000)."""

_LINK_KEYS = ("game", "params", "moves", "first", "tree")
_MOST_QUERY = 8000


def _winner_mark(position: Position) -> str | None:
    """The mark (``X``, ``O``) of the player who won a game over, if one player did."""
    if not position.over:
        return None
    scores = [
        float(position.game.utility(position.state, p)) for p in range(position.game.num_players)
    ]
    best = max(scores)
    if scores.count(best) != 1:
        return None
    return player_name(position.spec, scores.index(best))[:1].upper()


def _view(position: Position, you: int) -> dict[str, Any]:
    """Everything the page draws of ``position``, for the seat ``you`` (a card game hides)."""
    game, state, spec = position.game, position.state, position.spec
    over, chance = position.over, position.chance
    render = position.members.render
    drawn = str(render(state)) if render is not None else None
    legal = [] if over or chance else list(legal_moves(game, state))
    if len(legal) > MOST_LEGAL:
        raise Refused(
            "params",
            f"{position.entry.title} has {len(legal):,} moves here: the page draws positions of "
            f"at most {MOST_LEGAL:,} moves; choose smaller parameters",
        )
    mover = None if over or chance else game.to_move(state)
    board = board_view(
        position.entry.board, game, state, drawn, position.moves[-1] if position.moves else None,
        _winner_mark(position),
    )  # fmt: skip
    if position.entry.board == "cards":
        board = cards_view(game, state, you, over)
    return {
        "game": position.entry.name,
        "title": position.entry.title,
        "kind": position.entry.board,
        "moves": list(position.moves),
        "text": show(spec, position.members, state)
        if drawn is not None
        else _state_words(position, you),
        "legal": [move.replace(",", "-") for move in legal],
        "players": [player_name(spec, p) for p in range(game.num_players)],
        "mover": None if mover is None else player_name(spec, mover),
        "mover_index": mover,
        "chance": chance,
        "over": over,
        "outcome": outcome(spec, game, state) if over else None,
        "scale": position.entry.scale,
        "searchers": offered(position),
        "has_evaluate": position.members.evaluate is not None,
        "steps": [[key, SEARCHERS[key].title.split(",")[0]] for key in steppable(position)],
        **board,
    }


def _state_words(position: Position, you: int) -> str:
    """A position of a game that draws no board: its state, but a hidden card."""
    if position.entry.board == "cards":
        seen = cards_view(position.game, position.state, you, position.over)
        return f"cards {seen['cards']}, bets {seen['bets']}"
    return repr(position.state)


def _seat(you: object) -> int:
    """The reader's seat, 0 or 1."""
    if you == 0 or you == 1:
        return int(you)
    raise Refused("first", "you play seat 0 or 1")


def position(at: object, you: object = 0) -> str:
    """The position ``at``, as the page draws it.

    Args:
        at: ``{"game": ..., "params": ..., "moves": ...}``: a game of
            :data:`~gamesearch.web._catalogue.GAMES`, its parameters as typed (``size=7``;
            ``rows=1, cols=2`` or ``rows=1 cols=2``) and the moves from the start (``"4,0,8"``).
        you: The reader's seat: a card game shows only what that seat sees until the end.

    Returns:
        JSON: ``text`` (drawn as ``gamesearch play`` draws it), ``kind`` (how to draw it),
        ``cells``, ``marks``, ``last`` and ``line`` (a board's), ``legal``, ``mover`` and
        ``mover_index`` (``None`` at a chance move and at the end), ``chance``, ``over``,
        ``outcome``, ``scale`` (the utilities in words), ``searchers`` (those that fit).
    """
    return answer(lambda: _view(position_at(at), _seat(you)))


def chance(at: object, draw: object) -> str:
    """The chance move (a roll, a deal) at the position ``at``, drawn by ``draw``, in [0, 1).

    Returns:
        JSON: ``move``, the outcome drawn (as typed), with each outcome's probability.
    """

    def work() -> dict[str, Any]:
        where = position_at(at)
        if not where.chance:
            raise Refused("moves", "chance does not move here")
        if not fraction(draw):
            raise Refused("moves", "a chance move is drawn by a number from 0 to 1")
        outcomes = where.game.chance_outcomes(where.state)
        total = 0.0
        for outcome_, probability in outcomes:
            total += float(probability)
            if draw < total:
                return {"move": token(outcome_)}
        return {"move": token(outcomes[-1][0])}

    return answer(work)


def link(query: object) -> str:
    """What a link to the page asks for: its query string read and checked, never run.

    ``?game=connect4&moves=3,3,4`` opens that position; ``&params=size%3D5`` gives the game's
    parameters, ``&first=engine`` lets the engine play the first seat; ``?tree=figure-5.2``
    opens a textbook tree.

    Returns:
        JSON: ``game``, ``params`` and ``moves`` (checked: each move legal where it is
        played), ``first`` (``you`` or ``engine``) and ``tree`` (a key of the textbook trees),
        each ``None`` when the link does not give it.
    """

    def work() -> dict[str, Any]:
        if not isinstance(query, str) or len(query) > _MOST_QUERY:
            raise Refused("link", "the link's query is too long")
        pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
        keys = [key for key, _ in pairs]
        twice = sorted({key for key in keys if keys.count(key) > 1})
        if twice:
            raise Refused("link", f"a link gives each of its values once, not "
                          f"{', '.join(repr(key[:40]) for key in twice)} twice")  # fmt: skip
        asked = dict(pairs)
        unknown = sorted(set(asked) - set(_LINK_KEYS))
        if unknown:
            raise Refused("link", f"a link may give {', '.join(_LINK_KEYS)}, not "
                          f"{', '.join(repr(key[:40]) for key in unknown)}")  # fmt: skip
        game, tree = asked.get("game"), asked.get("tree")
        if tree is not None and tree not in TEXTBOOK:
            raise Refused(
                "tree", f"no textbook tree {tree[:40]!r}; there are {', '.join(TEXTBOOK)}"
            )
        first = asked.get("first", "you")
        if first not in ("you", "engine"):
            raise Refused("first", f"first must be you or engine, not {first[:20]!r}")
        if game is None and ("moves" in asked or "params" in asked):
            raise Refused("game", "a link's moves and parameters need its game")
        known = GAMES.get(game) if game is not None else None
        params = asked.get("params", known.params if known is not None else "")
        if game is not None:
            position_of(game, params, asked.get("moves", ""))  # every move legal where played
        return {
            "game": game,
            "params": params if game is not None else None,
            "moves": asked.get("moves", "") if game is not None else None,
            "first": first,
            "tree": tree,
        }

    return answer(work)


def settings() -> str:
    """What the page offers, as JSON: ``games``, ``searchers``, ``evaluations`` and ``trees``."""
    return json.dumps(
        {
            "games": [
                {"name": g.name, "title": g.title, "kind": g.board, "params": g.params}
                for g in GAMES.values()
            ],
            "searchers": [describe(row, None) for row in SEARCHERS.values()],
            "evaluations": list(EVALUATIONS),
            "trees": [[key, example.title] for key, example in TEXTBOOK.items()],
        }
    )


def time_alphabeta(repeat: object) -> str:
    """Alpha-beta on tic-tac-toe from the start, the best of ``repeat`` runs (for bench_web.py).

    Returns:
        JSON: ``seconds`` (the best run's) and ``nodes``.
    """

    def work() -> dict[str, Any]:
        if isinstance(repeat, bool) or not isinstance(repeat, int) or not 1 <= repeat <= 100:
            raise Refused("repeat", "repeat must be a whole number from 1 to 100")
        best, nodes = float("inf"), 0
        for _ in range(repeat):
            began = time.perf_counter()
            nodes = alphabeta(TicTacToe()).stats.nodes
            best = min(best, time.perf_counter() - began)
        return {"seconds": best, "nodes": nodes}

    return answer(work)


_CALLS: dict[str, Callable[..., str]] = {
    "position": position,
    "chance": chance,
    "reply": reply,
    "link": link,
    "search_page": search_page,
    "textbook_page": textbook_page,
    "settings": settings,
    "own_game": own_game,
    "time_alphabeta": time_alphabeta,
}
"""The functions the page's worker calls by name."""

_TELLING = frozenset({"reply", "search_page", "own_game"})


def call(name: str, arguments: str, tell: Tell = quiet) -> str:
    """The page's worker's one entry: the function ``name`` on the JSON list ``arguments``.

    Searches are given ``tell`` for their progress. A stop (``KeyboardInterrupt``) anywhere
    answers ``{"stopped": true}``; an error this module did not foresee answers with its
    type and message, never a traceback.
    """
    try:
        function = _CALLS.get(name)
        given = json.loads(arguments)
        if function is None or not isinstance(given, list) or len(given) > 10:
            raise InvalidSearchOptionError(f"the page has no call {name[:40]!r}")
        if name in _TELLING:
            return function(*given, tell=tell)
        return function(*given)
    except KeyboardInterrupt:
        return json.dumps({"error": "stopped", "field": None, "stopped": True})
    except (InvalidSearchOptionError, ValueError, TypeError) as exc:
        return json.dumps({"error": f"{type(exc).__name__}: {exc}"[:2000], "field": None})
    except Exception as exc:  # a fault of the page itself: said, not a traceback
        return json.dumps({"error": f"the page's Python failed: {type(exc).__name__}: {exc}"[:2000],
                           "field": None})  # fmt: skip
