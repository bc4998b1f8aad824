"""The exceptions gamesearch raises, all catchable as :class:`GameSearchError`.

Each also derives from the built-in exception a caller would expect for that
kind of mistake, so ``except ValueError`` keeps working::

    GameSearchError
    ├── IllegalActionError      (ValueError)     an action not in actions(state)
    ├── InvalidGameTreeError    (ValueError)     a GameTree node that is not a leaf or a subtree
    ├── InvalidSearchOptionError (ValueError)    depth < 1, depth without evaluate, ...
    │   └── TableFileError       (ValueError)    a table, strategy or evaluation file that
    │                                            is damaged, of another format or game
    ├── InvalidUtilityError     (ValueError)     a utility or evaluation that is not a finite
    │                                            number (NaN, ±inf), or outside the bounds
    │                                            declared for pruning
    ├── UnsupportedGameError    (ValueError)     a game the searcher cannot search (num_players,
    │                                            chance nodes for minimax)
    ├── UndeterminedRatingsError (ValueError)    games that leave Elo ratings without a finite
    │                                            maximum-likelihood fit (no game, a group that
    │                                            scored nothing against the rest, groups never met)
    ├── GameProtocolError       (ValueError)     a game that breaks the Game protocol during search
    │   └── InvalidDistributionError (ValueError) probabilities that are negative, do not sum
    │                                            to 1, or an empty list of outcomes
    ├── CyclicGameError         (ValueError)     a state repeats on the line searched without depth
    ├── NotAGameError           (TypeError)      an object that lacks the Game protocol's members
    ├── MissingDependencyError  (ImportError)    an optional package or program is not installed
    ├── UnknownGameError        (LookupError)    a reference game's name that does not exist
    ├── UnsolvedStateError      (LookupError)    a state a solution or book does not hold
    ├── SearchTooDeepError      (RecursionError) a search deeper than Python's recursion limit
    ├── NotPicklableError       (TypeError)      a game or function an executor cannot ship
    └── PartFailedError         (RuntimeError)   a part of a parallel run that raised or whose
                                                 worker died, after its retries

And one warning, which a caller can filter (``warnings.filterwarnings("ignore",
category=BlindSearchWarning)``)::

    UserWarning
    └── BlindSearchWarning                       a depth-limited search that had no evaluation
                                                 and chose among moves it could not tell apart
"""

from __future__ import annotations

import math

__all__ = [
    "BlindSearchWarning",
    "CyclicGameError",
    "GameProtocolError",
    "GameSearchError",
    "IllegalActionError",
    "InvalidDistributionError",
    "InvalidGameTreeError",
    "InvalidSearchOptionError",
    "InvalidUtilityError",
    "MissingDependencyError",
    "NotAGameError",
    "NotPicklableError",
    "PartFailedError",
    "SearchTooDeepError",
    "TableFileError",
    "UndeterminedRatingsError",
    "UnknownGameError",
    "UnsolvedStateError",
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
    """A :class:`~gamesearch.games.GameTree` node is neither a leaf nor a non-empty subtree.

    A leaf is a number, or in a tree of ``num_players=n`` a tuple of n numbers.
    """


class InvalidSearchOptionError(GameSearchError, ValueError):
    """A search option is out of range or inconsistent.

    For example ``depth=0``, or a depth without an ``evaluate`` function.
    """


class TableFileError(InvalidSearchOptionError):
    """A table file (a solution on disk) that cannot be used as asked.

    It is damaged (a value that is not a number, a key the codec did not write), of another
    format or program, unfinished where a finished one is needed, built for another game or
    from other roots, or a path that cannot be written. Reading a file never does more than
    raise this error about it: a file runs no code (see the page "Table files" of the docs).
    """


class InvalidUtilityError(GameSearchError, ValueError):
    """A utility or an evaluation that is not a finite number.

    NaN has no place in a max or a min, an infinity breaks the searchers' arithmetic
    (``inf - inf`` is NaN), and ``None``, a string or a ``bool`` is no number at all.

    Also raised for a value outside the ``bounds`` declared to a searcher that prunes with them
    (shallow-pruned :func:`~gamesearch.maxn`, Star1 and Star2 in
    :func:`~gamesearch.expectiminimax`), whose answers would be wrong.
    """


class UnsupportedGameError(GameSearchError, ValueError):
    """The searcher cannot search this kind of game (three players for ``alphabeta``, say).

    Also raised by :func:`~gamesearch.best_reply` for a game of three or more players that
    cannot pass (no ``pass_turn``).
    """


class UndeterminedRatingsError(GameSearchError, ValueError):
    """Games that do not determine Elo ratings: their likelihood has no finite maximum.

    :func:`~gamesearch.ratings.elo_ratings` raises it for no finished game, an entrant that
    played none, groups of entrants that never met, and a group that scored nothing (no win, no
    draw) against the rest, whose ratings would lie infinitely far below; the message names
    the entrants. More games, or games across the groups, make the ratings finite.
    """


class GameProtocolError(GameSearchError, ValueError):
    """The game broke the ``Game`` protocol during a search.

    For example, a state that is not terminal but has no actions.
    """


class InvalidDistributionError(GameProtocolError):
    """A probability distribution that is not one.

    Raised for the outcomes of a chance node (``chance_outcomes``) or of an opponent model
    that are empty, have a probability that is negative or not a number, or whose
    probabilities do not sum to 1 within 1e-9.
    """


class NotAGameError(GameSearchError, TypeError):
    """The object passed as a game lacks members of the :class:`~gamesearch.Game` protocol."""


class CyclicGameError(GameSearchError, ValueError):
    """A state repeated on the line being searched, in a search without a depth limit.

    The game's graph has a cycle (as Pig's has: a player who rolls a 1 loses the turn, and the
    scores can come round again), so a search to the end would never finish: search it with a
    ``depth`` and an ``evaluate`` function.
    """


class MissingDependencyError(GameSearchError, ImportError):
    """An optional dependency is missing: a Python package (an extra) or a program.

    For example :meth:`~gamesearch.trace.SearchTree.to_svg` needs the ``graphviz`` package (the
    ``viz`` extra) and Graphviz's ``dot`` program; the message names what to install.
    """


class UnknownGameError(GameSearchError, LookupError):
    """No reference game has the name asked for (see :func:`gamesearch.games.find_game`)."""


class UnsolvedStateError(GameSearchError, LookupError):
    """A :class:`~gamesearch.solving.Solution` was asked about a state it does not hold.

    The state is not reachable from the roots the solution was built from, or (in an opening
    book) lies deeper than the book goes; or, read from a table file, the file is damaged (a
    changed key matches no state: a file cannot tell that from a state it never held, and the
    message says both).
    """


class SearchTooDeepError(GameSearchError, RecursionError):
    """The search went deeper than Python's recursion limit.

    The game is too deep to search to its end (or its graph has a cycle): search it with a
    ``depth`` and an ``evaluate`` function, or raise :func:`sys.setrecursionlimit`.
    """


class NotPicklableError(GameSearchError, TypeError):
    """A game, state or function cannot be pickled, and the executor must ship it to workers.

    A :class:`~concurrent.futures.ProcessPoolExecutor` or a Dask cluster runs each part in
    another process, so what the part needs travels by :mod:`pickle`: the game's class must be
    defined at module level (not inside a function), and its attributes must pickle (no lambdas,
    open files or locks). A :class:`~concurrent.futures.ThreadPoolExecutor` ships nothing.
    """


class PartFailedError(GameSearchError, RuntimeError):
    """A part of a parallel run raised, or its worker died, after every retry.

    The parts finished before it are not lost: they were handed on as they finished (a solve
    with a ``path`` has written them to its SQLite file, so running it again resumes). The
    original exception is the ``__cause__``.
    """

    def __init__(self, message: str, *, index: int, part: object, finished: int) -> None:
        super().__init__(message)
        self.index = index
        """The failed part's position in the list of parts."""
        self.part = part
        """The failed part itself."""
        self.finished = finished
        """How many parts had finished (and been handed on) when the run gave up."""


class BlindSearchWarning(UserWarning):
    """A depth-limited search scored the positions at its limit with no evaluation at all.

    :func:`~gamesearch.iterative_deepening` stopped by a ``depth``, ``time_limit`` or
    ``node_limit`` before it proved the value, on a game with no ``evaluate`` method and with no
    ``evaluate=`` given: every position at its depth limit counted 0, so among the moves it
    could not prove it chose blind, and a player made of it loses to any player that looks
    ahead. Pass ``evaluate=`` (or give the game an ``evaluate(state, player)`` method). It is a
    ``UserWarning``: Python shows it once per place in the code that calls the search, and
    ``warnings.filterwarnings("ignore", category=BlindSearchWarning)`` silences it where
    playing by proven results alone is meant.
    """


def short_repr(value: object) -> str:
    """``repr(value)``, cut to 80 characters for a message (not part of ``__all__``).

    An int of more than 15 digits is written with its first digits and its power of ten (its
    full repr may run to thousands of digits, or fail to convert at all past Python's limit
    of 4,300), and so is one inside a tuple or a list.

    Example:
        >>> short_repr("x" * 100)[-5:]
        'xx...'
        >>> short_repr(10**400), short_repr((1, -(10**20)))
        ('1.000e+400 (an int of 401 digits)', '(1, -1.000e+20 (an int of 21 digits))')
    """
    text = _shortened(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _shortened(value: object, depth: int = 0) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**15:
        size = abs(value)
        exponent = math.floor(math.log10(size))
        exponent -= 10**exponent > size  # log10 rounded up past a power of ten
        mantissa = min(10 ** (math.log10(size) - exponent), 9.999)
        sign = "-" if value < 0 else ""
        return f"{sign}{mantissa:.3f}e+{exponent} (an int of {exponent + 1} digits)"
    if type(value) in (tuple, list) and depth < 2:
        items = value[:8]  # type: ignore[index]
        inner = ", ".join(_shortened(item, depth + 1) for item in items)
        if len(value) > 8:  # type: ignore[arg-type]
            inner += ", ..."
        elif len(value) == 1 and type(value) is tuple:  # type: ignore[arg-type]
            inner += ","
        return f"({inner})" if type(value) is tuple else f"[{inner}]"
    try:
        return repr(value)
    except ValueError:  # an int inside something else, too long to write out
        return f"<{type(value).__name__}: too long to write out>"
