"""Books: tables of solved positions that a search may consult instead of searching.

A *book* answers, for the positions it knows, the exact value, a best action and the distance
to the end of the game under best play: an opening book for the first moves, an endgame table
(Thompson 1986) for the last ones, or the strong solution of a whole game. The searchers only
need :class:`Book`, a protocol with one method, ``probe``; :class:`gamesearch.solving.Solution`
implements it, and so can any other table.

This module is part of the contract layer, next to :mod:`gamesearch.game`: the engine
(:func:`~gamesearch.iterative_deepening`) reads a book through :func:`book_result` at the root
and :func:`book_evaluation` at the leaves, without knowing how the book was built.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any, NamedTuple, Protocol, runtime_checkable

from .errors import InvalidSearchOptionError
from .game import Evaluation, Game, Player
from .result import SearchResult, SearchStats

__all__ = ["Book", "BookEntry", "book_evaluation", "book_result", "check_book"]

_PV_LIMIT = 1000
"""The longest principal variation :func:`book_result` follows through a book."""


class BookEntry(NamedTuple):
    """What a book knows about one position."""

    value: float
    """The exact value of the position for ``player`` under best play by both sides."""

    action: Any
    """A best action for the player to move, or ``None`` at a terminal position."""

    distance: int | None
    """Plies to the end of the game under best play (shortest win, longest loss), 0 at a
    terminal position, ``None`` when unknown (a draw that is not over)."""

    player: Player
    """Whose value ``value`` is."""


@runtime_checkable
class Book(Protocol):
    """A table of solved positions, consulted by ``iterative_deepening(..., book=...)``.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> from gamesearch.solving import solve
        >>> game = TicTacToe()
        >>> table = solve(game)
        >>> isinstance(table, Book)
        True
        >>> table.probe(game.parse("XX. / OO. / ..."))
        BookEntry(value=1.0, action=2, distance=1, player=0)
    """

    def probe(
        self, state: Hashable, player: Player | None = None, *, with_action: bool = True
    ) -> BookEntry | None:
        """The book's entry for ``state``, its value for ``player``; ``None`` if unknown.

        Args:
            state: A position of the book's game.
            player: Whose value to give; ``None`` means the player to move in ``state``.
            with_action: Whether the caller needs the best action; with ``False`` the entry's
                ``action`` may be ``None`` (the leaves of a search need the value only).
        """
        ...


def check_book(book: object, searcher: str, game: object = None) -> None:
    """Raise :class:`InvalidSearchOptionError` unless ``book`` is ``None`` or a book of ``game``.

    A book that says which game it was built for (a ``game`` attribute, as a
    :class:`~gamesearch.solving.Solution` has) must have been built for this one: the same
    stable identity (:mod:`gamesearch.identity`), else an equal game of the same class.
    """
    if book is None:
        return
    if not callable(getattr(book, "probe", None)):
        raise InvalidSearchOptionError(
            f"{searcher}: book must have a probe(state, player) method (such as a "
            f"gamesearch.solving.Solution), not {type(book).__name__}"
        )
    built = getattr(book, "game", None)
    if built is None or game is None:
        return
    from .identity import game_difference  # here: a search without a book does not load it

    difference = game_difference(built, game)
    if difference is not None:
        raise InvalidSearchOptionError(
            f"{searcher}: the book was built for another game ({difference}): its values would "
            "be wrong here; pass a book of this game"
        )


def book_result(
    book: Book, game: Game[Any, Any], root: Any, started: float
) -> SearchResult[Any] | None:
    """The exact result a book gives for ``root``, or ``None`` if the book does not know it.

    The principal variation follows the book's best actions for as long as it knows the
    positions, up to ``distance`` plies (up to 1,000 when the distance is unknown, as for a
    draw, and then at most one action per distinct position seen).

    Args:
        book: The book.
        game: Its game.
        root: The position to look up.
        started: The ``time.perf_counter()`` reading at which the search began.

    Returns:
        A :class:`~gamesearch.SearchResult` with ``exact=True``, the value for the player to
        move at ``root``, and ``depth`` set to the distance (``None`` when unknown).
    """
    player = game.to_move(root)
    entry = book.probe(root, player)
    if entry is None:
        return None
    pv: list[Any] = []
    state, seen = root, {root}
    step: BookEntry | None = entry
    limit = entry.distance if entry.distance is not None else _PV_LIMIT
    while step is not None and step.action is not None and len(pv) < limit:
        pv.append(step.action)
        state = game.result(state, step.action)
        if game.is_terminal(state) or state in seen:
            break
        seen.add(state)
        step = book.probe(state)
    stats = SearchStats(
        nodes=1 + len(pv), leaves=0, cutoffs=0, max_depth=0, elapsed=time.perf_counter() - started
    )
    return SearchResult(
        value=float(entry.value),
        action=entry.action,
        pv=tuple(pv),
        player=player,
        stats=stats,
        depth=entry.distance,
        exact=True,
    )


def book_evaluation(book: Book, evaluate: Evaluation[Any]) -> Evaluation[Any]:
    """``evaluate``, answered by the book wherever the book knows the position.

    This is how a search probes an endgame table at its leaves: at the depth limit, a position
    the book knows is scored with its exact value, the others with ``evaluate``.
    """

    def probed(state: Any, player: Player) -> float:
        entry = book.probe(state, player, with_action=False)
        return evaluate(state, player) if entry is None else float(entry.value)

    return probed
