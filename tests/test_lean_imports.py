"""The core imports without SQLite, processes or an extra: as in a browser, under Pyodide.

Tables on disk (SQLite), worker processes and the extras are imported when they are used, not
when ``gamesearch`` is: a fresh interpreter in which those modules cannot be imported still
imports the package, the page's modules and the command, and searches.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from cli_helpers import ENV

ABSENT = (
    "sqlite3",
    "_sqlite3",
    "multiprocessing",
    "_multiprocessing",
    "concurrent.futures.process",
    "hypothesis",
    "graphviz",
    "chess",
    "pyspiel",
    "dask",
    "distributed",
    "selenium",
    "nbclient",
)
"""Modules a browser lacks or the core must not need: blocked in the child (``None`` in
``sys.modules`` makes their import fail)."""

CHILD = f"""
import sys
for name in {ABSENT!r}:
    sys.modules[name] = None
import gamesearch, gamesearch.cli
from gamesearch.web import _own_game, _runtime
from gamesearch.games import ConnectFour, TicTacToe
assert gamesearch.alphabeta(TicTacToe()).value == 0
assert gamesearch.mcts(ConnectFour(), iterations=20, rng=1).action is not None
print(_runtime.reply(dict(game="tictactoe", moves="0,4,1"), dict(searcher="alphabeta")))
"""


@pytest.mark.slow
def test_the_core_imports_and_searches_without_sqlite_processes_or_extras() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, env=ENV, check=False
    )
    assert done.returncode == 0, done.stderr
    assert '"move": "2"' in done.stdout


SOLVER = """
import sys
from gamesearch.imperfect import CFRSolver, KuhnPoker
solver = CFRSolver(KuhnPoker(), variant="plus")
solver.iterate(30)
answer = solver.average_strategy(), solver.exploitability()
print(sorted(name for name in ("dataclasses", "inspect", "gamesearch.searchers",
      "gamesearch._entry", "gamesearch.limit") if name in sys.modules))
result = solver.result()
print(type(result).__name__, "dataclasses" in sys.modules, "gamesearch.searchers" in sys.modules,
      result.exploitability == answer[1] < 0.01)
"""


def test_a_cfr_solver_loads_neither_dataclasses_inspect_nor_the_searchers_registry() -> None:
    # Kuhn poker's whole run is mostly the import (issue 49): a solver made and run, and its
    # answer read (average strategy, exploitability), load only what they use; its first
    # result loads dataclasses, for CFRResult, and not the registry.
    done = subprocess.run(
        [sys.executable, "-c", SOLVER], capture_output=True, text=True, env=ENV, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["[]", "CFRResult True False True"]



def test_a_lazy_module_stand_in_copies_and_pickles_as_itself() -> None:
    # The adversary's walk (2026-12-03): copy.copy of one recursed in its __getattr__, and a
    # pickled one not yet loaded could not be loaded back.
    import copy
    import json
    import pickle

    from gamesearch._lazy import LazyModule

    fresh = LazyModule("json")
    for again in (copy.copy(fresh), copy.deepcopy(fresh), pickle.loads(pickle.dumps(fresh))):
        assert repr(again) == repr(fresh) == "<module 'json', imported on first use>"
        assert again.dumps is json.dumps


BARE = """
import sys
import gamesearch
assert "gamesearch.imperfect.regret" not in sys.modules
assert gamesearch.imperfect.regret is sys.modules["gamesearch.imperfect.regret"]
assert gamesearch.imperfect.regret.CFRSolver is gamesearch.imperfect.CFRSolver
assert gamesearch.twoplayer.table is sys.modules["gamesearch.twoplayer.table"]
for missing in ("no_such_module", "__wrapped__"):
    try:
        getattr(gamesearch, missing)
    except AttributeError as error:
        print(error)
"""


def test_a_submodule_is_an_attribute_of_its_package_before_anything_imports_it() -> None:
    # Issue 49's adversary: gamesearch.imperfect.regret.CFRSolver, as docs/reference.md shows
    # it, raised AttributeError after a bare `import gamesearch`.
    done = subprocess.run(
        [sys.executable, "-c", BARE], capture_output=True, text=True, env=ENV, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "module 'gamesearch' has no attribute 'no_such_module'",
        "module 'gamesearch' has no attribute '__wrapped__'",
    ]
