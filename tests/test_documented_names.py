"""Every dotted name the README and docs/ mention resolves, by import and as an attribute.

A name such as ``gamesearch.solving.Solution`` is written in prose, in ``:::`` reference lines
and in ``from gamesearch.solving import Solution`` lines of code blocks. Each must work both
ways a reader may use it, to the same object, and neither way may be deprecated:

- by import: ``from gamesearch.solving import Solution``;
- as an attribute after nothing but ``import gamesearch``: ``gamesearch.solving.Solution``.

(Issue 28: ``gamesearch.solving.Solution`` raised AttributeError, the function ``solve`` hiding
the package ``solve``; ``gamesearch.play.play`` likewise, until the modules of ``play`` and
``tournament`` became ``playing`` and ``tournaments``.) The check runs in a fresh interpreter,
attributes first, so that no import made by the test helps a name resolve; a slow test tries
each name's attribute path once more alone, in a fork made before any other name was asked for
(names such as ``gamesearch.imperfect.regret.CFRSolver`` resolved only once another name had
imported their module: issue 49's adversary).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gamesearch.searchers import SEARCHERS

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

DOTTED = re.compile(r"\bgamesearch(?:\.[A-Za-z_]\w*)+")
FROM_IMPORT = re.compile(
    r"^\s*(?:>>>\s*)?from\s+(gamesearch(?:\.\w+)*)\s+import\s+(\([^)]*\)|[^#\n]+)", re.MULTILINE
)

EXTRAS = {"gamesearch.adapters.chess": "chess", "gamesearch.adapters.openspiel": "pyspiel"}
"""Modules that need an optional package (an extra); their names are skipped without it."""


def imported_names(text: str) -> set[str]:
    """``gamesearch.x.y`` for every ``y`` of every ``from gamesearch.x import ...`` line."""
    names = set()
    for module, imported in FROM_IMPORT.findall(text):
        for item in imported.strip("()").split(","):
            name = item.split(" as ")[0].strip()
            if name and name != "*":
                names.add(f"{module}.{name}")
    return names


def documented_names() -> dict[str, str]:
    """Each dotted name the pages mention, with the first page that mentions it."""
    found: dict[str, str] = {}
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for name in sorted({*DOTTED.findall(text), *imported_names(text)}):
            found.setdefault(name, page.relative_to(ROOT).as_posix())
    return found


NAMES = documented_names()

RESOLVE = r"""
import importlib, json, sys, warnings

warnings.simplefilter("error", DeprecationWarning)
import gamesearch

names = json.loads(sys.argv[1])
report = {}

def describe(error):
    return f"{type(error).__name__}: {error}"

def missing_module(error):
    # An extra's package that is not installed: MissingDependencyError from the ImportError
    cause = error.__cause__
    if type(error).__name__ == "MissingDependencyError" and isinstance(cause, ImportError):
        return cause.name.partition(".")[0] if cause.name else None
    return None

for name in names:  # as attributes first, before any import but gamesearch's own
    obj = gamesearch
    try:
        for part in name.split(".")[1:]:
            obj = getattr(obj, part)
    except Exception as error:
        report[name] = {"attribute": describe(error), "missing": missing_module(error)}
    else:
        report[name] = {"attribute": None, "object": id(obj)}
        globals().setdefault("_keep", []).append(obj)

for name in names:  # then as `from parent import last`
    parent, _, last = name.rpartition(".")
    try:
        module = importlib.import_module(parent)
        try:
            obj = getattr(module, last)
        except AttributeError:  # what `from parent import last` does for a submodule
            obj = importlib.import_module(name)
    except Exception as error:
        report[name]["import"] = describe(error)
        report[name]["missing"] = report[name].get("missing") or missing_module(error)
    else:
        report[name]["import"] = None
        report[name]["same"] = report[name].get("object") == id(obj)

print(json.dumps(report))
"""


ALONE = r"""
import json, os, sys

import gamesearch

failures = {}
for name in json.loads(sys.argv[1]):  # each in a fork of an interpreter that imported gamesearch
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(reader)
        failure = b""
        try:
            obj = gamesearch
            for part in name.split(".")[1:]:
                obj = getattr(obj, part)
        except Exception as error:
            failure = f"{type(error).__name__}: {error}".encode()
        os.write(writer, failure[:4000])
        os._exit(0)
    os.close(writer)
    with os.fdopen(reader, "rb") as pipe:
        failure = pipe.read().decode()
    os.waitpid(child, 0)
    if failure:
        failures[name] = failure
print(json.dumps(failures))
"""
"""Each name's attribute path alone: in the check above, an earlier name's import may have bound
the module a later name goes through (``gamesearch.imperfect.regret.CFRSolver`` resolved only
after another name had imported ``regret``; issue 49's adversary)."""


def needs_missing_extra(name: str) -> str | None:
    for module, package in EXTRAS.items():
        if (name == module or name.startswith(module + ".")) and not importlib.util.find_spec(
            package
        ):
            return package
    return None


def run_child(script: str, names: list[str], timeout: float) -> Any:
    """What ``script``, run in a fresh interpreter with ``names`` as JSON, prints as JSON."""
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(names)],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def resolved() -> dict[str, dict[str, object]]:
    names = [name for name in NAMES if needs_missing_extra(name) is None]
    report: dict[str, dict[str, object]] = run_child(RESOLVE, names, 120)
    return report


def test_the_pages_mention_the_names_this_test_is_about():
    # The extraction itself: prose, reference lines and import lines all count.
    assert {
        "gamesearch.solving.SolveStats",  # from a ::: reference line
        "gamesearch.games.TicTacToe",  # from `from gamesearch.games import TicTacToe`
        "gamesearch.alphabeta",  # from `from gamesearch import alphabeta`
        "gamesearch.CHANCE",  # from prose
    } <= set(NAMES)
    lines = "from gamesearch.x import (a,\n    b as c)\n>>> from gamesearch import d"
    assert imported_names(lines) == {
        "gamesearch.x.a",
        "gamesearch.x.b",
        "gamesearch.d",
    }


@pytest.mark.parametrize("name", sorted(NAMES))
def test_a_documented_name_resolves_by_import_and_as_an_attribute(name, resolved):
    extra = needs_missing_extra(name)
    if extra is not None:
        pytest.skip(f"{name} needs {extra}: install its extra")
    outcome = resolved[name]
    missing = outcome.get("missing")
    if isinstance(missing, str) and importlib.util.find_spec(missing) is None:
        # Names exported lazily elsewhere (gamesearch.adapters.ChessGame) need the extra too.
        pytest.skip(f"{name} needs {missing}: install its extra")
    where = f"{name} (mentioned in {NAMES[name]})"
    after = outcome["attribute"]
    assert after is None, f"{where}: as an attribute after `import gamesearch`: {after}"
    assert outcome["import"] is None, f"{where}: by import: {outcome['import']}"
    assert outcome["same"], f"{where}: the import and the attribute are different objects"


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="each name is tried in a fork")
def test_each_documented_name_resolves_as_an_attribute_alone(resolved):
    names = [
        name
        for name, outcome in resolved.items()
        if outcome["attribute"] is None and outcome["import"] is None
    ]
    failures = run_child(ALONE, names, 300)
    assert len(names) > 100
    assert failures == {}, f"as attributes after `import gamesearch` alone: {failures}"


@pytest.mark.parametrize("row", SEARCHERS, ids=lambda row: row.name)
def test_a_searchers_name_in_its_packages_stays_the_function(row):
    # Its module may have its name (twoplayer/alphabeta.py): importing the module, as any
    # import of it does, must not put the module where the package's function is.
    importlib.import_module(row.path.partition(":")[0])
    for package in row.exports:
        assert getattr(importlib.import_module(package), row.name) is row.function, (
            f"{package}.{row.name} is not the searcher once its module is imported"
        )
