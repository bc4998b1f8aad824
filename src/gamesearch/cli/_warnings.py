"""A library warning on the command's standard error: one line of words, in the command's terms.

Python shows a warning with the file, the line number and the line of code that raised it, and
its advice is the library's (``Pass evaluate=...``). The command shows each warning once, as
``gamesearch: warning: ...``, its advice given as the command's option.

>>> import io
>>> out = io.StringIO()
>>> said = "blind. Pass evaluate=(state, player) -> estimate to play well"
>>> with shown_in_words(out):
...     warnings.warn(said)
...     warnings.warn(said)
>>> print(out.getvalue(), end="")  # doctest: +ELLIPSIS
gamesearch: warning: blind. Give -o evaluate=module:name, a function (state, player) -> ...
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Iterator
from typing import Any, TextIO

_IN_THE_COMMAND = {
    "Pass evaluate=(state, player) -> estimate": (
        "Give -o evaluate=module:name, a function (state, player) -> estimate,"
    ),
}
"""The library's advice, and the command's words for it."""


def in_command_terms(message: str) -> str:
    """``message`` with the library's advice put as the command's options, on one line."""
    for library, command in _IN_THE_COMMAND.items():
        message = message.replace(library, command)
    return " ".join(message.split())


@contextlib.contextmanager
def shown_in_words(err: TextIO) -> Iterator[None]:
    """While in the block, every warning is written to ``err`` once, as one line of words."""
    seen: set[str] = set()

    def show(message: Any, category: Any, *args: Any, **kwargs: Any) -> None:
        text = in_command_terms(str(message))
        if text not in seen:
            seen.add(text)
            print(f"gamesearch: warning: {text}", file=err, flush=True)

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = show
        yield
