"""Pictures of traced searches: valid Graphviz, SVG when Graphviz is there, clear errors if not.

The DOT text needs nothing to produce; rendering it needs the ``graphviz`` package (the ``viz``
extra) and Graphviz's ``dot`` program, which CI installs. The tests that render skip only when
one of them is absent.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from typing import Any

import pytest

from gamesearch import MissingDependencyError, TranspositionTable, alphabeta, minimax, negamax
from gamesearch.games import GameTree, TicTacToe
from gamesearch.trace import Enter, Leaf, Leave, SearchTree

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
DOT = shutil.which("dot")
HAS_GRAPHVIZ_PACKAGE = importlib.util.find_spec("graphviz") is not None
needs_dot = pytest.mark.skipif(DOT is None, reason="Graphviz's dot program is not installed")
needs_package = pytest.mark.skipif(
    not HAS_GRAPHVIZ_PACKAGE, reason="the graphviz package (the viz extra) is not installed"
)


def open_lines(state: int, player: int) -> float:
    return 0.1 if player == 0 else -0.1


def chance_tree() -> SearchTree:
    tree = SearchTree()
    tree(Enter("root", None, 0, 0, "max", None, None, ("roll",)))
    tree(Enter("dice", "roll", 1, -1, "chance", None, None, ('"one"', "two\\")))
    tree(Leaf("d1", '"one"', 2, 4.0, True, probability=0.5))
    tree(Leaf("d2", "two\\", 2, 8.0, False, probability=0.5))
    tree(Leave("dice", 1, 6.0, None, None, None))
    tree(Leave("root", 0, 6.0, "roll", None, None))
    return tree


def traces() -> list[Any]:
    game = TicTacToe()
    state = game.parse("X.. / .O. / ...")
    cases = []
    for name, searcher, tree_game, root, options in [
        ("textbook-alphabeta", alphabeta, GameTree(TEXTBOOK), None, {}),
        ("textbook-minimax", minimax, GameTree(TEXTBOOK), None, {}),
        ("tictactoe-depth-2", negamax, game, state, {"depth": 2, "evaluate": open_lines}),
        ("tictactoe-table", alphabeta, game, state, {"table": TranspositionTable()}),
    ]:
        tree = SearchTree(tree_game)
        searcher(tree_game, root, trace=tree, **options)
        cases.append(pytest.param(tree, id=name))
    cases.append(pytest.param(chance_tree(), id="chance-quoted-actions"))
    return cases


@pytest.mark.slow
@needs_dot
@pytest.mark.parametrize("tree", traces())
def test_the_dot_text_is_valid_graphviz(tree: SearchTree) -> None:
    done = subprocess.run(
        [DOT, "-Tsvg"], input=tree.to_dot(), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # not even a warning
    assert "<svg" in done.stdout


@needs_dot
@needs_package
def test_to_svg_draws_the_tree() -> None:
    tree = SearchTree(GameTree(TEXTBOOK))
    alphabeta(GameTree(TEXTBOOK), trace=tree)
    svg = tree.to_svg()
    assert svg.lstrip().startswith("<?xml")
    assert "<svg" in svg
    assert tree._repr_svg_() == svg
    assert ">14<" in svg  # a leaf's label


def test_without_the_graphviz_package_to_svg_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "graphviz", None)
    tree = SearchTree()
    alphabeta(GameTree([1, 2]), trace=tree)
    with pytest.raises(MissingDependencyError, match=r"pip install 'gamesearch\[viz\]'"):
        tree.to_svg()
    with pytest.raises(ImportError):  # a MissingDependencyError is an ImportError
        tree.to_svg()
    assert tree._repr_svg_() is None  # Jupyter then shows the text
    assert "digraph" in tree.to_dot()  # which needs nothing


@needs_package
def test_without_the_dot_program_to_svg_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty directory: no dot there
    tree = SearchTree()
    alphabeta(GameTree([1, 2]), trace=tree)
    with pytest.raises(MissingDependencyError, match="Graphviz's dot program"):
        tree.to_svg()
    assert tree._repr_svg_() is None
