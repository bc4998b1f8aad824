"""A pause in Python for compiled loops, so that Ctrl-C stops them.

CPython looks at its pending signals (a Ctrl-C) only between bytecodes. A loop compiled by mypyc
that calls nothing written in Python runs no bytecode, so a Ctrl-C would wait for the whole
search to end. Such a loop calls :func:`let_python_look` now and then: entering a Python function
is where the interpreter raises a pending ``KeyboardInterrupt``. This module must stay pure
Python (it is not in ``gamesearch._build.COMPILABLE``).
"""

from __future__ import annotations

__all__ = ["let_python_look"]


def let_python_look() -> None:
    """Nothing: the call itself lets the interpreter raise a pending ``KeyboardInterrupt``."""
