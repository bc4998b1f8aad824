"""What the page asks of Python inside Pyodide: positions, the engine's replies, searches to step.

The page's script calls these functions with text and gets JSON text back, so that nothing but
strings crosses between JavaScript and Python. A position travels as the moves played from the
start, ``"4,0,8"`` (moves numbered as ``gamesearch play`` numbers them), and is replayed here
each time: the page keeps no Python object. A mistake the reader can make (an illegal move, a
link with a bad position, a limit out of range) comes back as ``{"error": message}``.

A link to the page carries a game's name and a position, never code (:func:`link`); code runs
only when the reader typed it into the page and asked for it (:func:`own_game`). Labels are
drawn by the step-through page, which escapes them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl

from ..capabilities import Capabilities
from ..chance import expectiminimax
from ..errors import GameSearchError, InvalidSearchOptionError, UnknownGameError
from ..frontdoor.board import legal_moves, move_text, outcome, player_name, position_from, show
from ..frontdoor.making import make_game
from ..frontdoor.plans import Plan
from ..frontdoor.running import run
from ..frontdoor.summaries import move_summary
from ..games import Chance, GameTree
from ..games.registry import GameSpec
from ..trace import SearchTree
from ..twoplayer import alphabeta, minimax

GAMES = ("tictactoe", "connect4")
"""The games the page plays."""

LIMITS: dict[str, tuple[str, float, float]] = {
    "alphabeta": ("depth", 1, 42),
    "engine": ("seconds", 0.05, 30),
    "mcts": ("iterations", 1, 1_000_000),
}
"""Each searcher the page offers: the limit it takes, and the least and most it may be."""

DEFAULTS = {
    "tictactoe": {"alphabeta": 9, "engine": 1, "mcts": 2000},
    "connect4": {"alphabeta": 5, "engine": 1, "mcts": 2000},
}
"""Each game's default limit for each searcher: a reply within a second or two in a browser."""

TEXTBOOK: dict[str, tuple[str, Callable[[], GameTree], Callable[..., Any]]] = {
    "figure-5.2": (
        "AIMA figure 5.2, alpha-beta",
        lambda: GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
        alphabeta,
    ),
    "figure-5.2-minimax": (
        "AIMA figure 5.2, minimax",
        lambda: GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
        minimax,
    ),
    "chance": (
        "a gamble against a sure 5, expectiminimax",
        lambda: GameTree({"gamble": Chance([(0.5, 8), (0.5, -2)]), "sure": 5}),
        expectiminimax,
    ),
}
"""The docs' textbook trees the page steps through: their key, title, tree and searcher."""

_MOVE = re.compile(r"\d{1,3}")
_MOST_MOVES = 200
_LINK_KEYS = ("game", "moves", "tree")


def _answer(work: Callable[[], dict[str, Any]]) -> str:
    """``work``'s answer as JSON, or ``{"error": message}`` for a mistake of the reader's."""
    try:
        return json.dumps(work())
    except GameSearchError as exc:
        return json.dumps({"error": str(exc)})


def _game(name: str) -> tuple[GameSpec, Any, Capabilities]:
    """The game the page plays called ``name``, as the command makes it.

    Raises:
        UnknownGameError: ``name`` is not one of :data:`GAMES`.
    """
    if name not in GAMES:
        raise UnknownGameError(f"the page plays {' and '.join(GAMES)}, not {name!r}")
    return make_game(name, [], "play")


def _moves(text: str) -> list[str]:
    """The moves written ``"4,0,8"`` (empty for none), each a number of at most three digits.

    Raises:
        InvalidSearchOptionError: anything else, or more than 200 moves.
    """
    moves = [move.strip() for move in text.split(",")] if text.strip() else []
    if len(moves) > _MOST_MOVES or not all(_MOVE.fullmatch(move) for move in moves):
        raise InvalidSearchOptionError(
            f"moves must be at most {_MOST_MOVES} move numbers separated by commas, "
            f"such as 4,0,8; not {text[:40]!r}"
        )
    return moves


def _state(name: str, moves: str) -> tuple[GameSpec, Any, Capabilities, Any]:
    spec, game, members = _game(name)
    return spec, game, members, position_from(game, members, name, _moves(moves), None)


def _cells(spec: GameSpec, members: Capabilities, state: Any) -> list[list[str]]:
    """The board's cells, row by row from the top, as the game's ``render`` draws them."""
    render = members.render
    rows = str(render(state)).splitlines() if render is not None else []
    return [row.split() if len(row.split()) > 1 else list(row.strip()) for row in rows]


def position(name: str, moves: str) -> str:
    """The position after ``moves`` in the game ``name``: its board, legal moves and outcome.

    Returns:
        JSON: ``board`` (drawn as ``gamesearch play`` draws it), ``cells`` (rows of cells),
        ``layout`` (``squares`` or ``columns``), ``legal`` (the moves, as typed), ``mover``
        (the name of the player to move), ``mover_index`` (its number), ``over`` and
        ``outcome`` (in words, once over).
    """

    def work() -> dict[str, Any]:
        spec, game, members, state = _state(name, moves)
        over = bool(game.is_terminal(state))
        return {
            "board": show(spec, members, state),
            "cells": _cells(spec, members, state),
            "layout": spec.layout,
            "legal": [] if over else list(legal_moves(game, state)),
            "mover": None if over else player_name(spec, game.to_move(state)),
            "mover_index": None if over else game.to_move(state),
            "over": over,
            "outcome": outcome(spec, game, state) if over else None,
        }

    return _answer(work)


def _plan(name: str, searcher: str, amount: float) -> Plan:
    """The search of the page's ``searcher`` with its limit ``amount``, as a command's plan.

    Raises:
        InvalidSearchOptionError: an unknown searcher, or a limit out of its range.
    """
    if searcher not in LIMITS:
        raise InvalidSearchOptionError(
            f"the page's searchers are {', '.join(LIMITS)}, not {searcher!r}"
        )
    unit, least, most = LIMITS[searcher]
    if not least <= amount <= most or (unit != "seconds" and amount != int(amount)):
        kind = "a number" if unit == "seconds" else "a whole number"
        raise InvalidSearchOptionError(
            f"{searcher}'s {unit} must be {kind} from {least:g} to {most:g}, not {amount:g}"
        )
    if searcher == "alphabeta":
        return Plan("alphabeta", depth=int(amount))
    if searcher == "engine":
        return Plan("iterative_deepening", seconds=amount)
    return Plan("mcts", options=(("iterations", int(amount)),))


def reply(name: str, moves: str, searcher: str, amount: float) -> str:
    """The engine's move in the position after ``moves``, searched by ``searcher``.

    Args:
        name: The game, one of :data:`GAMES`.
        moves: The moves played from the start, ``"4,0,8"``.
        searcher: ``alphabeta`` (``amount``: its depth in plies), ``engine`` (iterative
            deepening for ``amount`` seconds) or ``mcts`` (``amount`` iterations).
        amount: The searcher's limit.

    Returns:
        JSON: ``move`` (as typed), ``value`` (for ``player``, the engine's side), ``pv`` (the
        principal variation, as typed), ``nodes``, ``seconds``, ``exact`` and ``summary`` (as
        ``gamesearch play`` sums up its move).
    """

    def work() -> dict[str, Any]:
        spec, game, members, state = _state(name, moves)
        if game.is_terminal(state):
            raise InvalidSearchOptionError("the game is over: there is no move to search")
        chosen = _plan(name, searcher, amount)
        result, _ = run(game, state, chosen, members=members)
        return {
            "move": move_text(result.action),
            "value": result.value,
            "player": player_name(spec, result.player),
            "pv": [move_text(action) for action in result.pv],
            "nodes": result.stats.nodes,
            "seconds": result.stats.elapsed,
            "exact": result.exact,
            "summary": move_summary(spec, game, state, result, chosen),
        }

    return _answer(work)


def link(query: str) -> str:
    """What a link to the page asks for: its query string read and checked, never run.

    ``?game=connect4&moves=3,3,4`` opens that position; ``?tree=figure-5.2`` a textbook tree.

    Returns:
        JSON: ``game`` and ``moves`` (checked: each move legal where it is played) and ``tree``
        (a key of :data:`TEXTBOOK`), each ``None`` when the link does not give it.
    """

    def work() -> dict[str, Any]:
        if len(query) > 2000:
            raise InvalidSearchOptionError("the link's query is too long")
        asked = dict(parse_qsl(query.lstrip("?"), keep_blank_values=True))
        unknown = sorted(set(asked) - set(_LINK_KEYS))
        if unknown:
            raise InvalidSearchOptionError(
                f"a link may give {', '.join(_LINK_KEYS)}, not {', '.join(map(repr, unknown))}"
            )
        game, moves, tree = asked.get("game"), asked.get("moves", ""), asked.get("tree")
        if tree is not None and tree not in TEXTBOOK:
            raise UnknownGameError(f"no textbook tree {tree!r}; there are {', '.join(TEXTBOOK)}")
        if game is None and moves:
            raise InvalidSearchOptionError("a link's moves need its game")
        if game is not None:
            _state(game, moves)  # every move legal where it is played
        return {"game": game, "moves": moves if game is not None else None, "tree": tree}

    return _answer(work)


def search_page(name: str, moves: str, depth: int) -> str:
    """The step-through page of alpha-beta to ``depth`` plies from the position after ``moves``.

    Returns:
        JSON: ``page``, the HTML of :meth:`SearchTree.to_html` (a search of more than 5,000
        nodes gets its summary page), and ``nodes``.
    """

    def work() -> dict[str, Any]:
        _, game, members, state = _state(name, moves)
        if game.is_terminal(state):
            raise InvalidSearchOptionError("the game is over: there is no search to step through")
        if not isinstance(depth, int) or not 1 <= depth <= 42:
            raise InvalidSearchOptionError(f"depth must be from 1 to 42, not {depth!r}")
        tree = SearchTree(game)
        own = members.evaluate or (lambda state, player: 0.0)
        result = alphabeta(game, state, depth=depth, evaluate=own, trace=tree)
        return {"page": tree.to_html(), "nodes": result.stats.nodes}

    return _answer(work)


def textbook_page(key: str) -> str:
    """The step-through page of one of the docs' textbook trees (a key of :data:`TEXTBOOK`)."""

    def work() -> dict[str, Any]:
        if key not in TEXTBOOK:
            raise UnknownGameError(f"no textbook tree {key!r}; there are {', '.join(TEXTBOOK)}")
        title, make, search = TEXTBOOK[key]
        game = make()
        tree = SearchTree(game)
        search(game, trace=tree)
        return {"page": tree.to_html(), "title": title}

    return _answer(work)


def settings() -> str:
    """What the page offers, as JSON.

    ``games``, each searcher's ``limits`` and their ``defaults`` by game, and the textbook
    ``trees`` (pairs of key and title).
    """
    return json.dumps(
        {
            "games": list(GAMES),
            "limits": LIMITS,
            "defaults": DEFAULTS,
            "trees": [[key, title] for key, (title, _, _) in TEXTBOOK.items()],
        }
    )
