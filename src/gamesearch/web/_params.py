"""A game's parameters as a reader types them: ``rows=1, cols=2`` or ``rows=1 cols=2``.

A new parameter starts where a name and ``=`` follow a comma or a space outside brackets and
quotes; everything up to the next one is its value, so that a value may hold commas and spaces
of its own (``piles=(2, 3)``). Each is given as ``NAME=VALUE`` to the game's maker, which reads
the value by the parameter's type (see :meth:`gamesearch.games.GameSpec.make_from`).

>>> split_parameters("rows=1, cols=2")
['rows=1', 'cols=2']
>>> split_parameters("rows=1 cols=2")
['rows=1', 'cols=2']
>>> split_parameters("piles=(2, 3), max_take = 1")
['piles=(2, 3)', 'max_take=1']
>>> split_parameters("  ")
[]

A parameter given twice is refused, as Python refuses a repeated keyword argument.
"""

from __future__ import annotations

import itertools
import re

from ..errors import InvalidSearchOptionError

__all__ = ["split_parameters"]

_NAME = re.compile(r"([A-Za-z_]\w*)\s*=(?!=)\s*")
_OPENING, _CLOSING = "([{", ")]}"
_MOST = 2000


def _starts(text: str) -> list[int]:
    """Where each parameter starts: a name and ``=`` at the top level, after a separator."""
    starts, depth, quote, after_separator = [], 0, "", True
    for index, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in _OPENING:
            depth += 1
        elif char in _CLOSING:
            depth = max(depth - 1, 0)
        elif depth == 0 and after_separator and _NAME.match(text, index):
            starts.append(index)
        after_separator = not quote and depth == 0 and (char in ", \t\r\n")
    return starts


def split_parameters(text: str) -> list[str]:
    """The ``NAME=VALUE`` strings of ``text``, separated by commas or spaces (see above).

    Text before the first name (``1, cols=2``) is kept as a piece of its own, for the maker to
    refuse with its message.

    Raises:
        InvalidSearchOptionError: a parameter is given twice (``sticks=3, sticks=4``).
    """
    text = text[:_MOST].strip()
    if not text:
        return []
    starts = _starts(text)
    bounds = ([0] if not starts or starts[0] != 0 else []) + starts + [len(text)]
    pieces = []
    for begin, end in itertools.pairwise(bounds):
        piece = text[begin:end].strip().rstrip(",").strip()
        named = _NAME.match(piece)
        pieces.append(f"{named.group(1)}={piece[named.end() :]}" if named else piece)
    given = [piece for piece in pieces if piece]
    names = [piece.split("=", 1)[0] for piece in given if _NAME.match(piece)]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:
        raise InvalidSearchOptionError(
            f"the parameter {twice} is given {names.count(twice)} times: give it once"
        )
    return given
