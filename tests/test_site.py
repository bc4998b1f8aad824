"""The documentation site: its pages, its navigation, and pictures that match the library.

The pictures in docs/figures are drawn by docs/make_pictures.py from real searches; the DOT
files must be what the library draws today, and each SVG must be drawn from its DOT file.
``mkdocs build --strict`` itself runs in CI (.ci/run).
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gamesearch import alphabeta
from gamesearch.games import GameTree
from gamesearch.trace import SearchTree

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PICTURES = DOCS / "figures"
SCRIPT = DOCS / "make_pictures.py"


def run_script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=ROOT,
    )


@pytest.mark.slow
def test_the_committed_dot_files_are_what_the_library_draws() -> None:
    done = run_script("--check")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("dot", sorted(PICTURES.glob("*.dot")), ids=lambda path: path.stem)
def test_each_svg_is_drawn_from_its_dot_file(dot: Path) -> None:
    svg = dot.with_suffix(".svg").read_text(encoding="utf-8")
    nodes = [line for line in dot.read_text(encoding="utf-8").splitlines() if "[label=" in line]
    drawn_nodes = svg.count('class="node"')
    drawn_edges = svg.count('class="edge"')
    assert (drawn_nodes, drawn_edges) == (
        sum("->" not in line for line in nodes),
        sum("->" in line for line in nodes),
    )


@pytest.mark.skipif(
    shutil.which("dot") is None or importlib.util.find_spec("graphviz") is None,
    reason="drawing SVG needs Graphviz and the viz extra",
)
@pytest.mark.slow
def test_the_script_draws_every_picture(tmp_path: Path) -> None:
    done = run_script("--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    drawn = sorted(path.name for path in tmp_path.iterdir())
    # The exploitability curves are drawn by --curves alone (runs of the solvers, minutes long).
    # The page in the browser (every .png: the page, its boards, its step-throughs) is
    # screenshots, taken by tests/web/test_browser.py (docs/browser.md). The weights of Connect
    # Four 5x4's fit are drawn by bench/bench_learning.py --svg, which solves the board first.
    elsewhere = {"weights-connect-four-5x4.svg"}
    trees = [
        path.name
        for path in PICTURES.iterdir()
        if "-exploitability" not in path.name
        and path.name not in elsewhere
        and path.suffix != ".png"
    ]
    assert drawn == sorted(trees)


def test_every_picture_shown_exists_and_every_picture_is_shown() -> None:
    shown = set()
    for page in DOCS.glob("*.md"):
        for name in re.findall(r"\]\((figures/[^)]+\.svg)\)", page.read_text(encoding="utf-8")):
            assert (DOCS / name).is_file(), f"{page.name} shows {name}, which is missing"
            shown.add(Path(name).name)
    assert shown == {path.name for path in PICTURES.glob("*.svg")}


def test_the_navigation_lists_every_page() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = re.findall(r"^  - [^:]+: (\S+\.md)$", config, flags=re.MULTILINE)
    assert sorted(listed) == sorted(page.name for page in DOCS.glob("*.md"))


def test_the_textbook_page_shows_the_narration_as_it_is() -> None:
    game = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    tree = SearchTree(game)
    alphabeta(game, trace=tree)
    page = (DOCS / "textbook.md").read_text(encoding="utf-8")
    assert f"```text\n{tree.narrate()}\n```" in page
