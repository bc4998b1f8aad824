"""What a table file can make the library import: with the game given, nothing at all.

Issue 45 (the fourth audit): a file's ``classes`` meta value made ``Solution.load(path, game)``
import any module on the path that defined a top-level class of the name it gave (the check
that the class is a frozen dataclass came after the import had run the module), and
``gamesearch table probe FILE`` imported the module of the game the file names, though it is
documented to import nothing. Now the classes of a file's states and actions are only looked
up among the game's modules already imported; the game a file names (no game given) is
imported only after the whole chain of its import is checked.

Each module here is a user's module in the folder ``tmp_path``; a *trap* writes a marker file
when it is imported, which must never exist.
"""

from __future__ import annotations

import importlib
import json
import shutil
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from gamesearch import Solution, TableFileError, UnsupportedGameError
from gamesearch.cli import main
from gamesearch.games import Nim
from gamesearch.solving import opening_book, solve

DATA = Path(__file__).resolve().parents[1] / "data"
HEAPS = (DATA / "heaps.py").read_text()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The user's folder, current and on the path; the modules made in it forgotten after."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    before = set(sys.modules)
    yield tmp_path
    for name in set(sys.modules) - before:
        if name.partition(".")[0] in _made(tmp_path):
            del sys.modules[name]


def _made(folder: Path) -> set[str]:
    return {path.stem if path.suffix == ".py" else path.name for path in folder.iterdir()}


@pytest.fixture
def heaps(folder: Path) -> ModuleType:
    """The user's game ``heaps`` (dataclass states, enum actions), imported."""
    shutil.copy(DATA / "heaps.py", folder / "heaps.py")
    sys.modules.pop("heaps", None)
    return importlib.import_module("heaps")


def trap(folder: Path, name: str, body: str = "class Heap:\n    pass\n") -> Path:
    """A module ``name`` that leaves a marker when it is imported; the marker's path."""
    marker = folder / f"{name}-imported"
    (folder / f"{name}.py").write_text(f"open({str(marker)!r}, 'w').close()\n{body}")
    return marker


def meta(path: Path, name: str) -> str:
    with closing(sqlite3.connect(path)) as connection:
        found = connection.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        return str(found[0])


def set_meta(path: Path, name: str, value: str) -> None:
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (name, value))


def rename_classes(path: Path, rename: Any) -> None:
    """Write over the file's ``classes`` with each path changed by ``rename``."""
    listed = json.loads(meta(path, "classes"))
    set_meta(path, "classes", json.dumps([[rename(path), kind] for path, kind in listed]))


def probe(path: Path, *args: str) -> int:
    """``gamesearch table probe`` of ``path``: its exit status."""
    try:
        return main(["table", "probe", str(path), *args])
    except SystemExit as exit_:
        return int(exit_.code or 0)


def readers_with_the_game(path: Path, game: Any) -> dict[str, Callable[[], object]]:
    """Each way a file is read with its game given, by name."""

    def lazy() -> object:
        with Solution.load(path, game) as table:
            return list(table)

    def resume() -> object:
        set_meta(path, "complete", "0")
        try:
            return solve(game, path=path)
        finally:
            set_meta(path, "complete", "1")

    def in_memory() -> object:
        return Solution.load(path, game, in_memory=True)

    return {
        "Solution.load(path, game)": lazy,
        "Solution.load(path, game, in_memory=True)": in_memory,
        "solve(game, path=path) resumed": resume,
    }


def test_a_file_read_with_its_game_imports_no_module_its_classes_name(heaps, folder):
    marker = trap(folder, "trap")
    solve(heaps.Heaps(3), path="heaps.sqlite")
    rename_classes(folder / "heaps.sqlite", lambda path: path.replace("heaps:", "trap:"))
    for way, read in readers_with_the_game(folder / "heaps.sqlite", heaps.Heaps(3)).items():
        with pytest.raises(TableFileError, match=r"trap:Heap .*which is not loaded"):
            read()
        assert not marker.exists(), f"{way} imported the module the file names"
        assert "trap" not in sys.modules


def test_a_file_read_without_its_game_imports_the_games_module_and_no_other(heaps, folder):
    marker = trap(folder, "trap")
    solve(heaps.Heaps(3), path="heaps.sqlite")
    rename_classes(folder / "heaps.sqlite", lambda path: path.replace("heaps:", "trap:"))
    sys.modules.pop("heaps")  # as in a fresh process: the game's module is found again
    with pytest.raises(TableFileError, match=r"trap:Heap .*which is not loaded"):
        Solution.load("heaps.sqlite")
    assert "heaps" in sys.modules  # the game the file names, under the rule of remake
    assert not marker.exists()


HOSTILE = {
    "a class of the standard library": ("os:PathLike", "enum"),
    "a builtin": ("builtins:int", "enum"),
    "a loaded module's class": ("json.decoder:JSONDecoder", ["strict"]),
    "a loaded frozen dataclass of another package": (
        "gamesearch.limit:Limit",
        ["depth", "time_limit", "node_limit", "iterations"],
    ),
    "the game module's builtins": ("heaps:__builtins__", "enum"),
    "a method of the class": ("heaps:Heap.__init__", ["stones"]),
    "an attribute of the class's type": ("heaps:Heap.__class__", "enum"),
    "a member where a class belongs": ("heaps:Take.ONE", "enum"),
    "a module with a dot too many": ("heaps.Heap:Heap", ["stones"]),
    "a name the module does not hold": ("heaps:NoSuchClass", ["stones"]),
    "a dataclass where an enum was stored": ("heaps:Heap", "enum"),
}


@pytest.mark.parametrize(("named", "kind"), list(HOSTILE.values()), ids=list(HOSTILE))
def test_a_class_that_is_not_the_games_is_refused_with_nothing_made(heaps, folder, named, kind):
    solve(heaps.Heaps(3), path="heaps.sqlite")
    set_meta(folder / "heaps.sqlite", "classes", json.dumps([[named, kind]]))
    before = set(sys.modules)
    with pytest.raises(TableFileError, match=named.replace(".", r"\.")):
        Solution.load("heaps.sqlite", heaps.Heaps(3), in_memory=True)
    assert set(sys.modules) == before


def test_an_enum_with_no_members_named_by_a_file_makes_no_member(heaps, folder):
    # heaps imports enum, so enum's classes are within the game's reach: Flag has no member.
    opening_book(heaps.Heaps(3), plies=1, path="book.sqlite")  # actions: members of Take
    rename_classes(folder / "book.sqlite", lambda path: "enum:Flag" if ":Take" in path else path)
    with pytest.raises(TableFileError, match=r"enum:Flag\.'(ONE|TWO)', which the enum no longer"):
        Solution.load("book.sqlite", heaps.Heaps(3), in_memory=True)


def test_a_modules_getattr_is_never_called_to_find_a_class(folder):
    marker = folder / "getattr-called"
    source = HEAPS + (
        f"\n\ndef __getattr__(name):\n    open({str(marker)!r}, 'w').close()\n"
        "    raise AttributeError(name)\n"
    )
    (folder / "lazyheaps.py").write_text(source)
    lazyheaps = importlib.import_module("lazyheaps")
    solve(lazyheaps.Heaps(3), path="lazy.sqlite")
    rename_classes(folder / "lazy.sqlite", lambda path: path.replace(":Heap", ":Missing"))
    with pytest.raises(TableFileError, match="lazyheaps:Missing"):
        Solution.load("lazy.sqlite", lazyheaps.Heaps(3), in_memory=True)
    assert not marker.exists()


def package(folder: Path, name: str, init: str | None) -> Path:
    """A package ``name`` holding the heaps game as ``name.game``: the marker it may leave.

    ``init`` is its ``__init__.py`` (``None``: a namespace package, with none).
    """
    marker = folder / f"{name}-imported"
    (folder / name).mkdir()
    (folder / name / "game.py").write_text(HEAPS)
    if init is not None:
        (folder / name / "__init__.py").write_text(init.format(marker=str(marker)))
    return marker


def table_of(heaps: ModuleType, folder: Path, module: str) -> Path:
    """A table of the heaps game whose game and classes are named as of ``module``."""
    path = folder / f"{module.replace('.', '_')}.sqlite"
    solve(heaps.Heaps(3), path=path)
    game = json.loads(meta(path, "game"))
    set_meta(path, "game", json.dumps({**game, "class": f"{module}:Heaps"}))
    rename_classes(path, lambda named: named.replace("heaps:", f"{module}:"))
    return path


def test_a_package_whose_init_runs_code_is_not_imported_for_the_game_a_file_names(heaps, folder):
    marker = package(folder, "noisy", "open({marker!r}, 'w').close()\n")
    path = table_of(heaps, folder, "noisy.game")
    with pytest.raises(TableFileError, match=r"the package 'noisy' runs code .*line 1"):
        Solution.load(path)
    assert probe(path, "--moves", "ONE") == 1
    assert not marker.exists()
    assert "noisy" not in sys.modules


@pytest.mark.parametrize(
    "init",
    [
        "x: open({marker!r}, 'w').close() = 1\n",  # an annotation runs as the module does
        "x: open({marker!r}, 'w').close()\n",
        "__path__ = [{elsewhere!r}]\n",  # the game's module found in a folder never checked
        "from __future__ import annotations\n__path__: list = [{elsewhere!r}]\n",
    ],
    ids=["an annotated assignment", "a bare annotation", "__path__", "__path__ annotated"],
)
def test_a_package_whose_init_would_run_code_another_way_is_refused(heaps, folder, init):
    """The walk of issue 45 (adv45, r6): ``x: <call> = 1`` passed as an assignment of a literal."""
    elsewhere = folder / "elsewhere"
    elsewhere.mkdir()
    marker = folder / "sly-imported"
    (elsewhere / "game.py").write_text(f"{HEAPS}\nopen({str(marker)!r}, 'w').close()\n")
    package(folder, "sly", init.replace("{elsewhere!r}", repr(str(elsewhere))))
    path = table_of(heaps, folder, "sly.game")
    with pytest.raises(TableFileError, match=r"the package 'sly' runs code .*line"):
        Solution.load(path)
    assert probe(path, "--moves", "ONE") == 1
    assert not marker.exists()
    assert "sly" not in sys.modules


@pytest.mark.parametrize(
    "init",
    [
        '"""Games of my own."""\n\nfrom __future__ import annotations\n\n__all__ = ["game"]\n',
        "",
        None,  # a namespace package
    ],
    ids=["a docstring and names", "empty", "a namespace package"],
)
def test_a_package_that_runs_no_code_lets_the_game_a_file_names_be_made(heaps, folder, init):
    package(folder, "quiet", init)
    path = table_of(heaps, folder, "quiet.game")
    with Solution.load(path) as table:
        assert type(table.game).__module__ == "quiet.game"
        start = table.game.initial_state()
        assert table.value(start) == -1.0  # 3 stones: whoever moves leaves 1 or 2, and loses
        assert all(type(state).__module__ == "quiet.game" for state in table)


def test_probe_of_a_file_alone_imports_nothing(heaps, folder, capsys):
    marker = trap(folder, "marked", HEAPS)
    opening_book(heaps.Heaps(4), plies=2, path="book.sqlite")  # actions stored: enum members
    path = folder / "book.sqlite"
    game = json.loads(meta(path, "game"))
    set_meta(path, "game", json.dumps({**game, "class": "marked:Heaps"}))
    rename_classes(path, lambda named: named.replace("heaps:", "marked:"))
    assert probe(path) == 0
    out = capsys.readouterr().out
    assert "opening book of marked:Heaps(stones=4)" in out
    assert "root: player 0 to move, value +1 for player 0" in out  # read without the state
    assert "look a position up with --moves or --position" in out
    assert not marker.exists()
    assert "marked" not in sys.modules


def test_a_state_class_the_game_does_not_own_is_refused_before_the_file_is_touched(folder):
    (folder / "bounded.py").write_text(
        HEAPS.replace(
            "    def initial_state(self) -> Heap:\n        return Heap(self.stones, Side.FIRST)",
            "    def initial_state(self) -> Heap:\n"
            "        from gamesearch.twoplayer.table import Bound  # not the game's class\n\n"
            "        return Heap(self.stones, Side.FIRST, mark=(Bound.EXACT, 0.5))",
        )
    )
    bounded = importlib.import_module("bounded")
    with pytest.raises(UnsupportedGameError, match=r"gamesearch.twoplayer.table:Bound .*import it"):
        solve(bounded.Heaps(3), path="bounded.sqlite")
    assert not (folder / "bounded.sqlite").exists()


def test_a_class_the_games_module_imports_is_the_games(folder):
    (folder / "pieces.py").write_text(HEAPS)
    (folder / "board.py").write_text(
        '"""A game whose classes live in another module, imported here."""\n\n'
        "from pieces import Heap, Heaps, Side, Take  # noqa: F401\n\n\n"
        "class Board(Heaps):\n    pass\n"
    )
    board = importlib.import_module("board")
    solution = solve(board.Board(4), path="board.sqlite")
    with Solution.load("board.sqlite", board.Board(4), in_memory=True) as table:
        start = board.Board(4).initial_state()
        assert table.value(start) == solution.value(start)
        assert {type(state).__module__ for state in table} == {"pieces"}


def test_a_class_of_the_name_that_is_not_a_game_is_not_imported_for_the_game(folder):
    not_a_game = "class Heaps:\n    def actions(self, state):\n        return []\n"
    marker = trap(folder, "notagame", not_a_game)
    path = folder / "named.sqlite"
    solve(Nim((1, 2), players=2), path=path)
    set_meta(path, "game", json.dumps({"class": "notagame:Heaps", "parameters": {}}))
    with pytest.raises(TableFileError, match="without initial_state, is_terminal, result, to_move"):
        Solution.load(path)
    assert not marker.exists()


@pytest.mark.parametrize(
    "named", ["turtledemo.__main__:DemoWindow", "webbrowser:Chrome", "ftplib:FTP", "pydoc:Doc"]
)
def test_a_class_of_the_standard_library_is_not_a_game_and_its_module_is_not_imported(
    tmp_path, named
):
    module = named.partition(":")[0]
    if module in sys.modules:
        pytest.skip(f"{module} is imported already in this process")
    path = tmp_path / "named.sqlite"
    solve(Nim((1, 2), players=2), path=path)
    set_meta(path, "game", json.dumps({"class": named, "parameters": {}}))
    with pytest.raises(TableFileError, match="so it is not imported"):
        Solution.load(path)
    assert module not in sys.modules


def test_a_game_that_derives_its_methods_from_another_module_of_its_own_is_made(folder):
    (folder / "rules.py").write_text(HEAPS)
    (folder / "variant.py").write_text(
        '"""A game that takes its rules from another module."""\n\n'
        "from rules import Heaps\n\n\nclass FiveHeaps(Heaps):\n"
        "    def __init__(self, stones: int = 5) -> None:\n        super().__init__(stones)\n"
    )
    variant = importlib.import_module("variant")
    solve(variant.FiveHeaps(4), path="variant.sqlite")
    for name in ("variant", "rules"):
        del sys.modules[name]  # as in a fresh process: rules is read, unrun, to find the methods
    with Solution.load("variant.sqlite") as table:
        assert type(table.game).__qualname__ == "FiveHeaps"
        assert table.value(table.game.initial_state()) == 1.0
