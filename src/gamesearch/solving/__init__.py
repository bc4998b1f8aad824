"""Solving games into tables: strong solutions, retrograde analysis, value iteration, books.

:func:`solve` answers every position reachable from a root at once, where a search answers one:
the value of each state for the player to move, its distance to the end under best play and its
optimal actions, in a :class:`Solution` kept in memory or in a SQLite file. A solution is a
:class:`~gamesearch.book.Book`, which ``iterative_deepening(..., book=...)`` consults;
:func:`opening_book` builds a table of the first plies of a game too big to solve whole.
"""

from .opening import opening_book
from .progress import Progress, ProgressCallback
from .solution import Solution, SolveStats
from .solver import solve

__all__ = ["Progress", "ProgressCallback", "Solution", "SolveStats", "opening_book", "solve"]
