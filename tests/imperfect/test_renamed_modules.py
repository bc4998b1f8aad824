"""imperfect/'s modules named like their function: renamed, the old paths warn, the functions win.

Issue 28: ``gamesearch.imperfect.cfr`` is the function, so the module ``cfr.py`` could not be
reached as an attribute (``import gamesearch; gamesearch.imperfect.cfr.CFRSolver`` raised
AttributeError); likewise ``mccfr``, ``best_response``, ``ismcts``, ``pimc`` and
``convergence``. The modules are now named for their job (``_deprecation.RENAMED_MODULES``);
the old modules re-export their names with a DeprecationWarning, and importing one must not
turn the function into the module (the import system binds a loaded submodule to its parent's
attribute; ``gamesearch.imperfect`` is a ``_deprecation.Package``, which ignores that).

The checks run in fresh interpreters: a module warns only the first time it is imported, and
an import made by one check must not help another resolve.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import gamesearch.imperfect
from gamesearch._deprecation import RENAMED_MODULES, Package

RENAMED = {
    old.rpartition(".")[2]: new.rpartition(".")[2]
    for old, new in RENAMED_MODULES.items()
    if old.startswith("gamesearch.imperfect.")
}
"""The six renamed modules of gamesearch.imperfect: old name to new."""


def run(code: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", textwrap.dedent(code), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


CHECK = """
import importlib, json, sys, warnings
import gamesearch

renamed = json.loads(sys.argv[1])
reports = {}
functions = {}
for old, new in renamed.items():  # after nothing but `import gamesearch`, as attributes
    function = functions[old] = getattr(gamesearch.imperfect, old)
    module = getattr(gamesearch.imperfect, new)
    reports[old] = {
        "function": callable(function) and function.__name__ == old,
        "new_names": list(module.__all__),
        "attributes": [name for name in module.__all__ if hasattr(module, name)],
    }
for old, new in renamed.items():  # then the old modules, imported
    report = reports[old]
    module = importlib.import_module(f"gamesearch.imperfect.{new}")
    report["by_import"] = module is getattr(gamesearch.imperfect, new)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(f"import gamesearch.imperfect.{old}")  # the spelling that binds the parent's attribute
    alias = sys.modules[f"gamesearch.imperfect.{old}"]
    report["warnings"] = [(w.category.__name__, str(w.message), w.filename) for w in caught]
    report["old_names"] = list(alias.__all__)
    report["same"] = [n for n in alias.__all__ if getattr(alias, n) is getattr(module, n)]
    report["still_function"] = getattr(gamesearch.imperfect, old) is functions[old]
    namespace = {}
    exec(f"from gamesearch.imperfect import {old} as imported", namespace)
    report["imported_function"] = namespace["imported"] is functions[old]
print(json.dumps(reports))
"""


@pytest.fixture(scope="module")
def reports() -> dict[str, dict[str, object]]:
    return json.loads(run(CHECK, json.dumps(RENAMED)))


def test_the_six_modules_are_renamed():
    assert RENAMED == {
        "best_response": "best_responses",
        "cfr": "regret",
        "convergence": "convergence_curves",
        "ismcts": "information_set_mcts",
        "mccfr": "sampled_regret",
        "pimc": "world_sampling",
    }
    assert isinstance(gamesearch.imperfect, Package)
    for old, new in RENAMED.items():
        # the new name is no function of the package; the old one is
        assert new not in gamesearch.imperfect.__all__, new
        assert old in gamesearch.imperfect.__all__, old
        assert getattr(gamesearch.imperfect, new).__name__ == f"gamesearch.imperfect.{new}"
        assert getattr(gamesearch.imperfect, old).__module__ == f"gamesearch.imperfect.{new}"


@pytest.mark.parametrize("old", sorted(RENAMED))
def test_the_new_module_resolves_as_an_attribute_after_import_gamesearch(old, reports):
    report = reports[old]
    assert report["function"], f"gamesearch.imperfect.{old} is not the function"
    assert report["new_names"], f"gamesearch.imperfect.{RENAMED[old]} exports nothing"
    assert report["attributes"] == report["new_names"]
    assert report["by_import"]


@pytest.mark.parametrize("old", sorted(RENAMED))
def test_the_old_module_imports_with_a_warning_and_gives_the_same_objects(old, reports):
    report = reports[old]
    new = RENAMED[old]
    [(category, message, filename)] = report["warnings"]
    assert category == "DeprecationWarning"
    assert message.startswith(f"gamesearch.imperfect.{old} is deprecated")
    assert f"gamesearch.imperfect.{new}" in message
    assert f"gamesearch.imperfect.{old} is the function" in message
    assert filename == "<string>"  # the importer's line, not the alias's
    assert sorted(report["old_names"]) == sorted(report["new_names"])
    assert report["same"] == report["old_names"]


@pytest.mark.parametrize("old", sorted(RENAMED))
def test_the_function_keeps_its_name_after_the_old_module_is_imported(old, reports):
    assert reports[old]["still_function"]
    assert reports[old]["imported_function"]


def test_the_function_still_runs_after_the_old_modules_are_imported():
    out = run(
        """
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            from gamesearch.imperfect.cfr import CFRSolver, cfr as old_cfr
            import gamesearch.imperfect.best_response
        import gamesearch
        from gamesearch.imperfect import KuhnPoker
        imperfect = gamesearch.imperfect
        assert old_cfr is imperfect.cfr and CFRSolver is imperfect.regret.CFRSolver
        assert callable(imperfect.best_response)
        result = imperfect.cfr(KuhnPoker(), iterations=50)
        solver = imperfect.regret.CFRSolver(KuhnPoker())
        solver.iterate(50)
        assert solver.average_strategy() == {k: dict(v) for k, v in result.strategy.items()}
        assert imperfect.best_responses.exploitability(KuhnPoker(), result.strategy) > 0
        print("ok")
        """
    )
    assert out.split() == ["ok"]


def test_a_pickle_naming_an_old_module_still_loads():
    # A pickle names a function or a class by its module: one made before the rename names the
    # old module (a player's partial of `pimc`, a ConvergenceCurve), and must load, warning.
    out = run(
        """
        import pickle, warnings
        from gamesearch.imperfect import KuhnPoker, convergence, pimc
        curves = convergence(KuhnPoker(), 4, methods=("plus",), points=2)
        made = pickle.dumps((pimc, curves), protocol=0)
        old = made.replace(
            b"gamesearch.imperfect.world_sampling\\n", b"gamesearch.imperfect.pimc\\n"
        ).replace(
            b"gamesearch.imperfect.convergence_curves\\n", b"gamesearch.imperfect.convergence\\n"
        )
        assert b"gamesearch.imperfect.pimc\\npimc" in old
        assert b"gamesearch.imperfect.convergence\\nConvergenceCurve" in old
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            function, loaded = pickle.loads(old)
        assert [w.category for w in caught] == [DeprecationWarning] * 2, caught
        assert function is pimc and loaded == curves
        assert type(loaded[0]) is type(curves[0])
        import gamesearch
        assert gamesearch.imperfect.pimc is pimc  # not the old module the pickle loaded
        print("ok")
        """
    )
    assert out.split() == ["ok"]


def test_each_old_module_is_an_alias_of_its_new_one():
    # The old files hold no code of their own: a warning and the new module's names.
    folder = Path(gamesearch.imperfect.__file__).parent
    for old, new in RENAMED.items():
        text = (folder / f"{old}.py").read_text(encoding="utf-8")
        assert "warn_deprecated_module(" in text, old
        assert f"from .{new} import *" in text, old
        assert "def " not in text, old
        assert "class " not in text, old
