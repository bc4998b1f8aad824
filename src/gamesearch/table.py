"""The transposition table, where it has always been imported from.

The table lives with the two-player searchers that use it, in
:mod:`gamesearch.twoplayer.table`; this module keeps ``from gamesearch.table import ...``
working.
"""

from .twoplayer.table import Bound, TableEntry, TranspositionTable

__all__ = ["Bound", "TableEntry", "TranspositionTable"]
