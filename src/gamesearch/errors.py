"""The exceptions gamesearch raises, all catchable as :class:`GameSearchError`.

Each also derives from the built-in exception a caller would expect for that
kind of mistake, so ``except ValueError`` keeps working::

    GameSearchError
    ├── IllegalActionError      (ValueError)     an action not in actions(state)
    ├── InvalidGameTreeError    (ValueError)     a GameTree node that is not a number or a subtree
    ├── InvalidSearchOptionError (ValueError)    depth < 1, depth without evaluate, ...
    ├── InvalidUtilityError     (ValueError)     a utility or evaluation that is NaN
    ├── UnsupportedGameError    (ValueError)     a game the searcher cannot search (num_players)
    ├── GameProtocolError       (ValueError)     a game that breaks the Game protocol during search
    ├── NotAGameError           (TypeError)      an object that lacks the Game protocol's members
    ├── MissingDependencyError  (ImportError)    an optional package or program is not installed
    ├── UnknownGameError        (LookupError)    a reference game's name that does not exist
    └── SearchTooDeepError      (RecursionError) a search deeper than Python's recursion limit
"""

from __future__ import annotations

__all__ = [
    "GameProtocolError",
    "GameSearchError",
    "IllegalActionError",
    "InvalidGameTreeError",
    "InvalidSearchOptionError",
    "InvalidUtilityError",
    "MissingDependencyError",
    "NotAGameError",
    "SearchTooDeepError",
    "UnknownGameError",
    "UnsupportedGameError",
]


class GameSearchError(Exception):
    """Base class of every exception raised by gamesearch."""


class IllegalActionError(GameSearchError, ValueError):
    """An action that is not in ``game.actions(state)`` was applied to ``state``.

    Attributes:
        action: The action that was refused.
        legal: The legal actions in that state, in ``actions()`` order.
    """

    def __init__(self, action: object, legal: tuple[object, ...], where: str = "") -> None:
        self.action = action
        self.legal = legal
        place = f" in {where}" if where else ""
        if legal:
            allowed = ", ".join(repr(a) for a in legal)
            message = f"illegal action {action!r}{place}; the legal actions are {allowed}"
        else:
            message = f"illegal action {action!r}{place}; the state is terminal and has no actions"
        super().__init__(message)


class InvalidGameTreeError(GameSearchError, ValueError):
    """A :class:`~gamesearch.games.GameTree` node is neither a number nor a non-empty subtree."""


class InvalidSearchOptionError(GameSearchError, ValueError):
    """A search option is out of range or inconsistent.

    For example ``depth=0``, or a depth without an ``evaluate`` function.
    """


class InvalidUtilityError(GameSearchError, ValueError):
    """A utility or an evaluation returned NaN, which has no place in a max or a min."""


class UnsupportedGameError(GameSearchError, ValueError):
    """The searcher cannot search this kind of game (three players for ``alphabeta``, say)."""


class GameProtocolError(GameSearchError, ValueError):
    """The game broke the ``Game`` protocol during a search.

    For example, a state that is not terminal but has no actions.
    """


class NotAGameError(GameSearchError, TypeError):
    """The object passed as a game lacks members of the :class:`~gamesearch.Game` protocol."""


class MissingDependencyError(GameSearchError, ImportError):
    """An optional dependency is missing: a Python package (an extra) or a program.

    For example :meth:`~gamesearch.trace.SearchTree.to_svg` needs the ``graphviz`` package (the
    ``viz`` extra) and Graphviz's ``dot`` program; the message names what to install.
    """


class UnknownGameError(GameSearchError, LookupError):
    """No reference game has the name asked for (see :func:`gamesearch.games.find_game`)."""


class SearchTooDeepError(GameSearchError, RecursionError):
    """The search went deeper than Python's recursion limit.

    The game is too deep to search to its end (or its graph has a cycle): search it with a
    ``depth`` and an ``evaluate`` function, or raise :func:`sys.setrecursionlimit`.
    """
