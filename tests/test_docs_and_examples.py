"""The code in the README and in docs/ runs, and the example scripts run and say what they should.

Each Markdown file's ```python blocks are executed in order in one fresh namespace, so a block
may use what an earlier block of the same page defined; results are shown with ``assert``.
Tracebacks point at the Markdown file and line.

A block that needs an optional package (an extra) says so in an HTML comment on the line just
before its fence, ``<!-- needs: chess -->`` (module names, separated by spaces); without the
package the block is not run and the page's test is reported as skipped once the others ran.

Two more comments walk a reader's files and processes (issue 36: the tutorial's own game must
save its table and reopen it in a fresh interpreter). A page that uses either runs in a folder
of its own, as its current directory:

- ``<!-- file: take_away.py -->``: the block is also written to that file, as the reader who
  saves it does, so that later blocks (and fresh interpreters) import it;
- ``<!-- run: fresh -->``: the block runs in a new Python process in that folder, not in the
  page's namespace, and must exit cleanly.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MARKDOWN_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))

FENCE = re.compile(r"^(?P<indent> *)(?P<fence>```+)(?P<info>.*)$")
NEEDS = re.compile(r"^\s*<!-- needs: (?P<modules>[\w. ]+) -->\s*$")
FILE = re.compile(r"^\s*<!-- file: (?P<name>[\w.]+\.py) -->\s*$")
FRESH = re.compile(r"^\s*<!-- run: fresh -->\s*$")
RUNNABLE = "python"
NOT_RUN = frozenset({"mermaid", "sh", "text"})
"""Fence languages that are shown but not executed."""


class Block:
    """A fenced code block of a Markdown file."""

    def __init__(
        self,
        language: str,
        first_line: int,
        source: str,
        needs: tuple[str, ...] = (),
        marks: tuple[str, ...] = (),
    ) -> None:
        self.language = language
        self.first_line = first_line
        """The 1-based line number of the block's first line of code."""
        self.source = source
        self.needs = needs
        """The optional modules the block needs (a ``<!-- needs: ... -->`` line before it)."""
        self.file = next((FILE.match(m)["name"] for m in marks if FILE.match(m)), None)  # type: ignore[index]
        """The file the block is saved as (``<!-- file: name.py -->``), if any."""
        self.fresh = any(FRESH.match(mark) for mark in marks)
        """Whether the block runs in a fresh interpreter (``<!-- run: fresh -->``)."""


def fenced_blocks(path: Path) -> list[Block]:
    """Every fenced code block of ``path``, in order."""
    blocks = []
    lines = path.read_text(encoding="utf-8").splitlines()
    opened: tuple[str, int] | None = None
    body: list[str] = []
    needs: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()
    for number, line in enumerate(lines, start=1):
        match = FENCE.match(line)
        if opened is None:
            if match:
                opened, body = (match["info"].strip(), number + 1), []
                comments = _comments_before(lines, number - 1)
                before = next((NEEDS.match(c) for c in comments if NEEDS.match(c)), None)
                needs = tuple(before["modules"].split()) if before else ()
                marks = tuple(comments)
        elif match and not match["info"].strip():
            blocks.append(Block(opened[0], opened[1], "\n".join(body) + "\n", needs, marks))
            opened = None
        else:
            body.append(line)
    assert opened is None, f"{path.name}:{opened[1] - 1}: this code block is never closed"
    return blocks


def _comments_before(lines: list[str], fence: int) -> list[str]:
    """The HTML comment lines just before the fence at index ``fence``, nearest last."""
    found = []
    at = fence - 1
    while at >= 0 and lines[at].strip().startswith("<!--"):
        found.insert(0, lines[at])
        at -= 1
    return found


def python_blocks(path: Path) -> list[Block]:
    return [block for block in fenced_blocks(path) if block.language == RUNNABLE]


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_the_pages_and_examples_exist() -> None:
    names = {relative(path) for path in MARKDOWN_FILES}
    assert {"README.md", "docs/index.md", "docs/getting-started.md"} <= names
    assert {path.name for path in EXAMPLES} >= {"solve_tictactoe.py", "textbook_tree.py"}


def test_the_guide_and_readme_have_runnable_code() -> None:
    assert len(python_blocks(ROOT / "docs" / "getting-started.md")) >= 5
    assert len(python_blocks(ROOT / "README.md")) >= 1


@pytest.mark.parametrize("path", MARKDOWN_FILES, ids=relative)
def test_every_code_block_declares_a_known_language(path: Path) -> None:
    # A block in another language (or none) would silently escape being run.
    for block in fenced_blocks(path):
        assert block.language == RUNNABLE or block.language in NOT_RUN, (
            f"{relative(path)}:{block.first_line - 1}: code block language {block.language!r}; "
            f"use {RUNNABLE} for code that runs, or one of {sorted(NOT_RUN)}"
        )


SLOW_PAGES = {
    *("docs/parallel.md", "docs/engine.md", "docs/chance.md", "docs/solving.md"),
    "docs/ratings.md",  # round robins of 60 games, and an SPRT on Connect Four: about 5 s
}
"""Pages whose blocks start process pools and a Dask cluster, or search for over half a second:
run with the slow tests."""


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(path, marks=pytest.mark.slow) if relative(path) in SLOW_PAGES else path
        for path in MARKDOWN_FILES
    ],
    ids=relative,
)
def test_python_blocks_run_in_order(
    path: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The page runs as a fresh module of its own, as a script would (dataclasses and pickle look
    # classes up in sys.modules); monkeypatch removes it afterwards.
    module = types.ModuleType(f"markdown_{path.stem.replace('-', '_')}")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    blocks = python_blocks(path)
    # The reader's folder: every file a page writes (its modules, tables, evaluations) goes here,
    # never into the repository the tests run from.
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    missing: set[str] = set()
    try:
        for block in blocks:
            absent = {name for name in block.needs if importlib.util.find_spec(name) is None}
            if absent:
                missing |= absent
                continue
            # Pad with blank lines so that line numbers in tracebacks are the Markdown file's,
            # and do not inherit this file's `from __future__ import annotations`.
            padded = "\n" * (block.first_line - 1) + block.source
            if block.file:
                (tmp_path / block.file).write_text(block.source, encoding="utf-8")
            if block.fresh:
                run_in_a_fresh_interpreter(padded, path, tmp_path)
            else:
                exec(compile(padded, str(path), "exec", dont_inherit=True), module.__dict__)
    finally:
        forget_modules_in(tmp_path)
    if missing:
        pytest.skip(f"blocks of {relative(path)} need {', '.join(sorted(missing))}: not run")


def forget_modules_in(folder: Path) -> None:
    """Remove from ``sys.modules`` the modules a page imported from its own folder."""
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if isinstance(where, str) and Path(where).parent == folder:
            del sys.modules[name]


def run_in_a_fresh_interpreter(source: str, page: Path, folder: Path) -> None:
    """Run a page's block in a new Python process in ``folder``, as a reader's script runs."""
    script = folder / f"fresh_{page.stem.replace('-', '_')}.py"
    script.write_text(source, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, script.name],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    where = f"{relative(page)}: a block run in a fresh interpreter"
    assert done.returncode == 0, f"{where} failed:\n{done.stderr.replace(script.name, str(page))}"
    assert done.stderr == "", f"{where} wrote to stderr:\n{done.stderr}"


@pytest.mark.parametrize(
    "block", python_blocks(ROOT / "README.md"), ids=lambda block: f"line {block.first_line}"
)
def test_each_readme_block_runs_on_its_own(block: Block, monkeypatch: pytest.MonkeyPatch) -> None:
    # A reader copies one block of the README: it must run alone, its imports included. (The
    # pages under docs/ are tutorials read top to bottom: each runs as a whole, above.)
    absent = {name for name in block.needs if importlib.util.find_spec(name) is None}
    if absent:
        pytest.skip(f"needs {', '.join(sorted(absent))}")
    module = types.ModuleType("markdown_readme_block")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    padded = "\n" * (block.first_line - 1) + block.source
    exec(compile(padded, "README.md", "exec", dont_inherit=True), module.__dict__)


EXPECTED_OUTPUT: dict[str, list[str]] = {
    "chess_puzzles.py": [
        r"key d5f6 \(mate in 2\) .* ok\n",  # Nf6+, brute-forced in examples/data
        r"key d3d8 \(mate in 3\) .* ok\n",  # Reti v Tartakower, Qd8+
        r"solved 12 of 12 problems in \d+\.\d s",
    ],
    "openspiel_games.py": [
        r"tic_tac_toe\(\)\s+value \+0 \(a draw\), best first move x\(0,0\), 18,297 nodes",
        r"hex\(board_size=3\)\s+value \+1 \(the first player wins\)",
        r"breakthrough\(columns=3,rows=4\)\s+value [+-]1",
        r"connect_four\(columns=4,rows=4\)\s+value \+0 \(a draw\)",  # Tromp: 4x4 is a draw
        r"pig\(diceoutcomes=3,winscore=20\)\s+depth 6: value [+-]\d\.\d{3} for the first player",
    ],
    "connect_four.py": [
        r"X plays column \d \((depth \d+|proven), value [+-]\d\.\d{3}, [\d,]+ nodes",
        r"result: (a draw|X wins|O wins)\n",
    ],
    "solve_connect_four.py": [
        r"value:\s+\+0 for X: a draw",  # Tromp: 4x4 is a draw
        r"best first move:\s+column [0-3]",
        r"nodes:\s+[\d,]+",
        r"all best moves:\s+columns [0-3](, [0-3])*",
    ],
    "solve_tictactoe.py": [
        r"549,?946",  # minimax's nodes
        r"18,?297",  # alpha-beta's nodes
        r"0 for X \(player 0\)",
        r"best move:\s+square 0 \(row 0, col 0\)",
        r"cutoffs:\s+8,?180",
        r"node ratio minimax/alphabeta: .*= 30\.1",
    ],
    "three_player_tournament.py": [
        r"Three-player Rolit, 6 x 6: 20 openings .* 120 games; every searcher at depth 3",
        r"\nmax-n\s+120\s+0\.\d{3}\s+0\.\d{3}",
        r"\nparanoid\s+120\s+0\.\d{3}",
        r"\nbest-reply\s+120\s+0\.\d{3}",
        r"1/3 is an even share",
    ],
    "pacman_ghost.py": [
        r"100 games per pairing; Pacman searches 4 plies",
        r"adversarial ghost\s+random ghost\n",
        r"minimax Pacman(\s+won \d+/100, caught \d+, avg -?\d+\.\d){2}\n",
        r"expectimax Pacman(\s+won \d+/100, caught \d+, avg -?\d+\.\d){2}\n",
    ],
    "show_the_search.py": [
        r"alphabeta on \[\[3, 12, 8\], \[2, 4, 6\], \[14, 5, 2\]\]: value 3, best action 0",
        r"leaves scored: 3, 12, 8, 2, 14, 5, 2; pruned: 4, 6\n",
        r"\|   \|-- 1: C2 = 4 pruned",
        r"C's value <= 2 < alpha = 3: prune C2, C3",
        r"A's range is \[3, 3\]",
        r'n7 \[label="4", shape=box, style="dashed"',
    ],
    "textbook_tree.py": [
        r"value:\s+3 for MAX",
        r"decision:\s+a1",
        r"leaves evaluated: minimax 9, alphabeta 7",
        r"pruned by alphabeta: c2, c3\n",
        r"depth-limited",
    ],
}
"""Patterns each example's output must contain."""


EXAMPLE_NEEDS = {"chess_puzzles.py": "chess", "openspiel_games.py": "pyspiel"}
"""Examples that need an optional package (an extra), skipped without it."""


SLOW_EXAMPLES = {
    "chess_puzzles.py",
    "connect_four.py",
    "openspiel_games.py",
    "pacman_ghost.py",
    "solve_connect_four.py",
    "three_player_tournament.py",
}
"""Examples that take more than half a second: run with ``-m slow``."""


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(path, marks=[pytest.mark.slow] if path.name in SLOW_EXAMPLES else [])
        for path in EXAMPLES
    ],
    ids=lambda path: path.name,
)
def test_example_runs_and_reports_the_known_facts(path: Path) -> None:
    if path.name in EXAMPLE_NEEDS:
        pytest.importorskip(EXAMPLE_NEEDS[path.name], reason=f"{path.name} needs an extra")
    completed = subprocess.run(
        [sys.executable, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    for pattern in EXPECTED_OUTPUT.get(path.name, []):
        assert re.search(pattern, completed.stdout), (
            f"{path.name} output lacks {pattern!r}:\n{completed.stdout}"
        )


def test_every_example_has_expected_output() -> None:
    assert {path.name for path in EXAMPLES} <= set(EXPECTED_OUTPUT)
