"""The layer contracts of pyproject.toml (docs/architecture.md) hold.

They also catch a forbidden import: a copy of the package with one added is refused.
"""

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import gamesearch

ROOT = Path(__file__).resolve().parent.parent
LINT = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which(
    "lint-imports"
)

pytestmark = pytest.mark.skipif(
    LINT is None, reason="import-linter (the dev extra) is not installed"
)


def lint(package_parent: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    return subprocess.run(
        [LINT, "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=package_parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_contracts_are_kept():
    run = lint(Path(gamesearch.__file__).parent.parent)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        ("games/nim.py", "from ..twoplayer.alphabeta import alphabeta", "gamesearch.games is not"),
        ("game.py", "from .twoplayer import minimax", "gamesearch.game is not"),
        ("chance/_search.py", "from ..twoplayer import table", "gamesearch.chance is not"),
        ("trace/events.py", "from .recorder import Recorder", "gamesearch.trace.events is not"),
        ("twoplayer/minimax.py", "from ..trace import pictures", "gamesearch.twoplayer is not"),
    ],
)
def test_a_forbidden_import_breaks_a_contract(tmp_path, module, line, broken):
    copy = tmp_path / "gamesearch"
    shutil.copytree(Path(gamesearch.__file__).parent, copy)
    target = copy / module
    target.write_text(target.read_text() + f"\n{line}  # noqa\n")
    run = lint(tmp_path)
    assert run.returncode != 0
    assert broken in run.stdout


SOURCE = Path(gamesearch.__file__).parent
RECURSIVE_CORES = {
    ("twoplayer/_enhanced.py", "search"),
    ("twoplayer/_solver.py", "search"),
}
"""Recursive cores allowed past the length limit: each states its contract in its docstring."""


def own_lines(function: ast.FunctionDef) -> int:
    """Lines of ``function`` itself: not its docstring, nor the functions defined inside it."""
    lines = set(range(function.lineno, function.end_lineno + 1))
    for inner in ast.walk(function):
        if inner is not function and isinstance(inner, (ast.FunctionDef, ast.ClassDef)):
            lines -= set(range(inner.lineno, inner.end_lineno + 1))
    if ast.get_docstring(function) is not None:
        docstring = function.body[0]
        lines -= set(range(docstring.lineno, docstring.end_lineno + 1))
    return len(lines)


def functions():
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                yield path.relative_to(SOURCE).as_posix(), node


@pytest.mark.slow
def test_no_function_is_longer_than_80_lines_but_a_documented_recursive_core():
    long = {
        (module, function.name): own_lines(function)
        for module, function in functions()
        if own_lines(function) > 80
    }
    assert set(long) <= RECURSIVE_CORES, long
    for module, function in functions():
        if (module, function.name) in RECURSIVE_CORES:
            assert "alpha" in (ast.get_docstring(function) or ""), (module, function.name)


def test_the_tests_mirror_the_package():
    """tests/ mirrors src/gamesearch/: a folder of tests is named after the subpackage it tests.

    The tests of ``gamesearch.twoplayer`` are in ``tests/twoplayer/``, and so on; the tests of a
    top-level module, and those across families, stay at the top beside the shared helpers.
    """
    package = ROOT / "src" / "gamesearch"
    folders = {p.name for p in (ROOT / "tests").iterdir() if p.is_dir() and p.name != "data"}
    folders -= {"__pycache__"}
    subpackages = {p.name for p in package.iterdir() if (p / "__init__.py").exists()}
    assert folders, "tests/ has no folders"
    assert folders <= subpackages, f"test folders without a subpackage: {folders - subpackages}"
    for folder in folders:
        tests = list((ROOT / "tests" / folder).glob("test_*.py"))
        assert tests, f"tests/{folder}/ holds no tests"
