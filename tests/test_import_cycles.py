"""No module of gamesearch imports itself back, directly or through others.

Issue 28: ``montecarlo/_trees.py`` and ``montecarlo/search.py`` imported each other (the circle
hidden by imports inside functions), and so did ``trace/_monte_carlo.py`` and
``trace/recorder.py`` (hidden under ``TYPE_CHECKING``). Every import counts here, wherever it
stands: at the top, inside a function, under ``TYPE_CHECKING``. A package's ``__init__.py`` is
left out: it re-exports its modules, which is not a circle between them.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

import gamesearch

SOURCE = Path(gamesearch.__file__).parent


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path, name: str, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that the file at ``path`` (module ``name``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                parent = ".".join([*base, *([node.module] if node.module else [])])
            else:
                parent = node.module or ""
            for alias in node.names:
                submodule = f"{parent}.{alias.name}"
                found.add(submodule if submodule in modules else parent)
    return {module for module in found if module in modules and module != name}


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module of the package at ``root`` (but ``__init__``s) with the modules it imports."""
    paths = {module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    modules = {name for name, path in paths.items() if path.name != "__init__.py"}
    return {name: imported_modules(paths[name], name, modules) for name in sorted(modules)}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan 1972)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                other = stack.pop()
                component.append(other)
                if other == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in graph:
        if module not in index:
            visit(module)
    return found


@pytest.mark.slow
def test_no_module_imports_itself_back():
    graph = import_graph(SOURCE)
    assert "gamesearch.montecarlo._trees" in graph["gamesearch.montecarlo.search"]
    assert "gamesearch.trace._monte_carlo" in graph["gamesearch.trace.recorder"]
    assert circles(graph) == []


@pytest.mark.slow
def test_a_circle_through_a_function_level_import_is_found(tmp_path):
    copy = tmp_path / "gamesearch"
    shutil.copytree(SOURCE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    trees = copy / "montecarlo" / "_trees.py"
    trees.write_text(
        trees.read_text(encoding="utf-8") + "\n\ndef _late():\n    from .search import mcts\n",
        encoding="utf-8",
    )
    monte_carlo = copy / "trace" / "_monte_carlo.py"
    monte_carlo.write_text(
        monte_carlo.read_text(encoding="utf-8")
        + "\nif TYPE_CHECKING:\n    from .recorder import Recorder\n",
        encoding="utf-8",
    )
    found = circles(import_graph(copy))
    assert ["gamesearch.montecarlo._trees", "gamesearch.montecarlo.search"] in found
    assert ["gamesearch.trace._monte_carlo", "gamesearch.trace.recorder"] in found
