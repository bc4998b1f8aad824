"""Deprecated: import the transposition table from :mod:`gamesearch`.

The transposition table is :class:`gamesearch.TranspositionTable`, defined with the two-player
searchers that use it in :mod:`gamesearch.twoplayer.table`, with its entries
(:class:`~gamesearch.twoplayer.table.TableEntry`, :class:`~gamesearch.twoplayer.table.Bound`).
In gamesearch "table" alone means a solved table (:mod:`gamesearch.solving`); this module,
which re-exported the transposition table under that word, warns on import and will be
removed.
"""

from ._deprecation import warn_deprecated_module

warn_deprecated_module(
    __name__,
    "import TranspositionTable from gamesearch (TableEntry and Bound from "
    "gamesearch.twoplayer.table)",
)

from .twoplayer.table import Bound, TableEntry, TranspositionTable  # noqa: E402

__all__ = ["Bound", "TableEntry", "TranspositionTable"]
