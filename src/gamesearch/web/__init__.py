"""The package in the browser: a static folder that plays and steps through searches under Pyodide.

``gamesearch web --out DIR`` (or :func:`build_site`) writes a page, its script and the wheel of
this package into ``DIR``; served by any static file server, the page loads Pyodide (CPython
compiled to WebAssembly), installs the wheel into it and, with no server code, plays
tic-tac-toe and Connect Four against the engine, steps through the engine's search and the
docs' textbook trees with the step-through page of :meth:`gamesearch.trace.SearchTree.to_html`,
and checks and searches a game the reader types in. See docs/browser.md.

The modules the page imports inside Pyodide are :mod:`._runtime` and :mod:`._own_game`; the
builder is :mod:`._site` and :mod:`._wheel`.
"""

from __future__ import annotations

from ._site import PYODIDE_VERSION, build_site

__all__ = ["PYODIDE_VERSION", "build_site"]
