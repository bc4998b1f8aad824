"""The layer contracts of pyproject.toml (docs/architecture.md) hold.

They also catch a forbidden import: a copy of the package with one added is refused.
"""

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

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


@pytest.mark.slow
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
        ("web/_runtime.py", "from ..cli import _commands", "gamesearch.web is not"),
        (
            "cli/_web.py",
            "from ..web import _runtime",
            "gamesearch.cli._web -> gamesearch.web._runtime",
        ),
        ("imperfect/regret.py", "from ..montecarlo import _grow", "gamesearch.montecarlo._grow"),
        ("frontdoor/board.py", "from ..cli import main", "gamesearch.frontdoor is not"),
    ],
)
@pytest.mark.slow
def test_a_forbidden_import_breaks_a_contract(tmp_path, module, line, broken):
    copy = tmp_path / "gamesearch"
    shutil.copytree(Path(gamesearch.__file__).parent, copy)
    target = copy / module
    target.write_text(target.read_text() + f"\n{line}  # noqa\n")
    run = lint(tmp_path)
    assert run.returncode != 0
    assert broken in run.stdout


SOURCE = Path(gamesearch.__file__).parent
LONGEST = 150
"""The most code lines a function may have, counting the functions nested in it."""
LONGEST_NESTED = 80
"""The most code lines a nested function may have."""


def code_lines(function: ast.FunctionDef, lines: list[str]) -> int:
    """Code lines of ``function``, nested functions included: no docstring, blank or comment line.

    Issue 37: counting a function's own lines let a closure grow without bound (a 724-line
    ``chance_search`` of twenty nested functions passed an 80-line rule).
    """
    skip: set[int] = set()
    if ast.get_docstring(function) is not None:
        docstring = function.body[0]
        skip = set(range(docstring.lineno, docstring.end_lineno + 1))
    return sum(
        1
        for number in range(function.lineno, function.end_lineno + 1)
        if number not in skip and lines[number - 1].strip()[:1] not in ("", "#")
    )


def functions():
    """Every function of the package, with its module, its code lines and whether it is nested."""
    for path in sorted(SOURCE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        module = path.relative_to(SOURCE).as_posix()
        for name, length, nested in _walk(ast.parse(text), text.splitlines(), nested=False):
            yield module, name, length, nested


def _walk(node, lines, *, nested):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield child.name, code_lines(child, lines), nested
            yield from _walk(child, lines, nested=True)
        else:
            yield from _walk(child, lines, nested=nested)


@pytest.mark.slow
def test_no_function_is_longer_than_a_reader_can_hold():
    long = {
        (module, name): length
        for module, name, length, nested in functions()
        if length > LONGEST or (nested and length > LONGEST_NESTED)
    }
    assert not long, f"over {LONGEST} code lines (nested ones: {LONGEST_NESTED}): {long}"


def test_the_count_is_of_code_lines_with_nested_functions_inside():
    source = (
        "def outer():\n"
        '    """Doc."""\n'
        "    # a comment\n"
        "\n"
        "    def inner():\n"
        "        return 1\n"
        "    return inner()\n"
    )
    function = ast.parse(source).body[0]
    assert isinstance(function, ast.FunctionDef)
    assert code_lines(function, source.splitlines()) == 4  # def, def inner, 2 returns


def test_the_tests_mirror_the_package():
    """tests/ mirrors src/gamesearch/: a folder of tests is named after the subpackage it tests.

    The tests of ``gamesearch.twoplayer`` are in ``tests/twoplayer/``, and so on; the tests of a
    top-level module, and those across families, stay at the top beside the shared helpers.
    """
    package = ROOT / "src" / "gamesearch"
    folders = {
        p.name
        for p in (ROOT / "tests").iterdir()
        if p.is_dir() and p.name not in ("data", "__pycache__") and not p.name.startswith(".")
    }  # not the tools' caches (.hypothesis, .pytest_cache, ...), made where they run
    subpackages = {p.name for p in package.iterdir() if (p / "__init__.py").exists()}
    assert folders, "tests/ has no folders"
    strays = sorted(folders - subpackages)
    assert not strays, (
        f"tests/{strays[0]}/ is named after no subpackage of src/gamesearch/: the tests of "
        "gamesearch.<family> go in tests/<family>/, those of a top-level module or across "
        "families at the top of tests/ (its data in tests/data/)"
    )
    for folder in folders:
        tests = list((ROOT / "tests" / folder).glob("test_*.py"))
        assert tests, f"tests/{folder}/ holds no tests: name its test files test_*.py"


_CODE = re.compile(r"`([\w.]+)`")


def private_imports_allowed() -> set[tuple[str, str]]:
    """The contract's exceptions: the pairs (importer, private module) pyproject.toml allows."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = [
        contract
        for contract in config["tool"]["importlinter"]["contracts"]
        if contract["type"] == "private_modules"
    ]
    pairs = set()
    for line in contract.get("ignore_imports", []):
        importer, _, imported = line.partition(" -> ")
        pairs.add((importer.removeprefix("gamesearch."), imported.removeprefix("gamesearch.")))
    return pairs


def private_imports_explained() -> list[tuple[set[str], set[str]]]:
    """The rows of docs/architecture.md's table of the pairs that belong together."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("| importer | the private modules it reads |", 1)[1].split("\n\n", 1)[0]
    rows = []
    for line in table.splitlines()[2:]:
        cells = line.split(" | ")
        rows.append(
            (set(re.findall(r"`([\w.]+)`", cells[0])), set(re.findall(r"`([\w.]+)`", cells[1])))
        )
    return rows


def test_every_private_import_across_packages_is_explained_in_the_architecture():
    """Each exception of the private-modules contract has its row in docs/architecture.md."""
    allowed = private_imports_allowed()
    rows = private_imports_explained()
    unexplained = sorted(
        f"{importer} -> {imported}"
        for importer, imported in allowed
        if not any(importer in importers and imported in modules for importers, modules in rows)
    )
    assert not unexplained, (
        "pyproject.toml's private-modules contract allows imports that docs/architecture.md "
        "does not explain: add the importer and the private module to a row of its table "
        "'| importer | the private modules it reads |' (section 'The rules, kept by a tool'), "
        f"with why the two belong together, or move what they share: {unexplained}"
    )
    named = {(i, m) for importers, modules in rows for i in importers for m in modules}
    stale = sorted(
        name
        for name in {i for i, _ in named} | {m for _, m in named}
        if not any(name in pair for pair in allowed)
    )
    assert not stale, (
        "docs/architecture.md's table of private imports names modules that pyproject.toml's "
        f"private-modules contract no longer lets cross packages: remove them from it: {stale}"
    )


def module_table() -> list[tuple[set[str], set[str]]]:
    """docs/architecture.md's table of modules: each row's first column and third column."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("| folder or module | what it holds | its modules |", 1)[1]
    rows = []
    for line in table.split("\n\n", 1)[0].splitlines()[2:]:
        cells = line.strip().strip("|").split(" | ")
        rows.append((set(re.findall(r"`([\w./]+)`", cells[0])), set(_CODE.findall(cells[-1]))))
    return rows


def registered(folder: str) -> set[str]:
    """The modules of ``folder`` that the registries name: its searchers' and its games'.

    The table's row of a family names them by the registry (a new searcher's or game's module
    is named by its row or entry, not by a line here).
    """
    from gamesearch.games.registry import reference_games
    from gamesearch.searchers import SEARCHERS

    paths = [row.path.partition(":")[0] for row in SEARCHERS]
    paths += [spec.factory.__module__ for spec in reference_games()]
    prefix = f"gamesearch.{folder}."
    return {path.removeprefix(prefix) for path in paths if path.startswith(prefix)}


def test_the_architecture_names_every_module_of_the_tree():
    """Each top-level module has a row; each folder's row names each of its modules.

    A searcher's module and a reference game's are named by their registries, which the rows
    of their folders say.
    """
    rows = module_table()
    first = set().union(*(names for names, _ in rows))
    top = {path.name for path in SOURCE.glob("*.py")}
    missing = sorted(top - first)
    assert not missing, (
        f"docs/architecture.md's table of modules has no row for {missing}: add "
        "'| `module.py` | what it holds | |' to it"
    )
    stale = sorted(name for name in first if not (SOURCE / name.rstrip("/")).exists())
    assert not stale, f"docs/architecture.md's table names {stale}, which src/gamesearch lacks"
    for folder in sorted(p for p in SOURCE.iterdir() if (p / "__init__.py").exists()):
        named = [modules for names, modules in rows if f"{folder.name}/" in names]
        assert named, (
            f"docs/architecture.md's table of modules has no row for {folder.name}/: add "
            f"'| `{folder.name}/` | what it holds | its modules |' to it"
        )
        present = {p.stem for p in folder.glob("*.py") if p.name != "__init__.py"}
        listed = set().union(*named) | registered(folder.name)
        assert listed >= present, (
            f"docs/architecture.md's row of {folder.name}/ does not name "
            f"{sorted(present - listed)}: add each, in backticks with what it holds, to its "
            "third column"
        )
        gone = sorted(name for name in listed - present if name.startswith("_"))
        assert not gone, f"docs/architecture.md's row of {folder.name}/ names {gone}: gone"
