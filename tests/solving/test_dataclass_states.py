"""States that are frozen dataclasses, and actions that are enum members, keep their table.

Issue 36: the tutorial teaches a state as a frozen dataclass, and ``solve(game, path=...)``
refused it ("cannot store a Pile in a table file"); an enum action came back from a book as its
value, which ``result()`` refuses, and ``Solution.load(..., in_memory=True)`` could not find a
state whose key held an enum. A file now stores such objects by their class (listed once in the
file, with its fields) and gives back equal objects of that class, under the rule that guards a
game class named by a file. The game here, ``tests/data/heaps.py``, is copied into a folder of
its own, as a user's module, and imported from there as ``heaps``.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch import Solution, TableFileError, UnsupportedGameError
from gamesearch.cli import main
from gamesearch.solving import opening_book, solve
from gamesearch.solving._classes import MAX_CLASSES, Classes
from gamesearch.solving._codec import decode, encode

DATA = Path(__file__).resolve().parents[1] / "data"
SOURCE = str(Path(__file__).resolve().parents[2] / "src")


@pytest.fixture
def heaps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The module ``heaps``, a user's game in the current folder ``tmp_path``."""
    shutil.copy(DATA / "heaps.py", tmp_path / "heaps.py")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("heaps", None)
    yield importlib.import_module("heaps")
    sys.modules.pop("heaps", None)


def python(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter in ``cwd`` (the user's folder)."""
    env = {**os.environ, "PYTHONPATH": SOURCE}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True, text=True, timeout=120, check=False, cwd=cwd, env=env,
    )  # fmt: skip


def heap_states(module: ModuleType) -> st.SearchStrategy[Any]:
    """Heaps whose fields hold every kind of plain data, nested."""
    texts = st.text(max_size=5)
    notes = st.builds(module.Note, texts, st.binary(max_size=4), st.booleans(), st.none())
    marks = st.builds(module.Mark, texts, st.floats(allow_nan=False))
    return st.builds(
        module.Heap,
        st.integers(),
        st.sampled_from(module.Side),
        st.lists(st.sampled_from(module.Take), max_size=4).map(tuple),
        marks,
        notes,
    )


def test_dataclass_objects_and_enum_members_come_back_as_equal_objects_of_their_class(heaps):
    @given(heap_states(heaps))
    def round_trip(state: Any) -> None:
        classes = Classes()
        back = decode(encode(state, classes), classes)
        assert back == state
        assert hash(back) == hash(state)
        assert type(back) is heaps.Heap
        assert type(back.note) is heaps.Note
        assert all(type(take) is heaps.Take for take in back.taken)
        assert back.side is state.side  # the member itself, not its value
        # Read back through the file's record of the classes, as another process would.
        again = Classes.from_meta({"classes": classes.to_json()}, "a file", frozen=True)
        assert decode(encode(state, again), again) == state

    round_trip()


def test_the_game_is_solved_saved_and_reopened_by_its_states(heaps, tmp_path):
    game = heaps.Heaps(5)
    solution = solve(game, path="heaps.sqlite")
    start = game.initial_state()
    for in_memory in (False, True):
        with Solution.load(tmp_path / "heaps.sqlite", in_memory=in_memory) as table:
            assert type(table.game) is heaps.Heaps
            assert table.value(start) == solution.value(start) == 1.0  # 5 stones: take 2
            assert table.best_actions(start) == (heaps.Take.TWO,)
            states = list(table)
            assert len(states) == len(solution)
            assert set(states) == set(solution)
            assert all(type(state) is heaps.Heap for state in states)


def test_an_in_memory_table_finds_a_state_whose_key_holds_an_enum(heaps, tmp_path):
    # The third audit: the enum came back as its value, so the lookup by the state missed.
    game = heaps.Heaps(4)
    solve(game, path="heaps.sqlite")
    state = game.result(game.initial_state(), heaps.Take.ONE)
    with Solution.load("heaps.sqlite", game, in_memory=True) as table:
        assert state in table
        assert table.value(state) == -1.0  # 3 stones left for the player to move: lost


def test_a_books_actions_read_back_are_legal_actions_of_the_game(heaps):
    game = heaps.Heaps(6)
    opening_book(game, plies=2, path="book.sqlite")
    with Solution.load("book.sqlite", game, in_memory=True) as book:
        state = game.initial_state()
        best = book.best_actions(state)
        assert best
        assert all(type(action) is heaps.Take for action in best)
        for action in best:
            assert action in game.actions(state)
            game.result(state, action)  # accepted: a member, not the value (2,)


@pytest.mark.slow
def test_a_fresh_interpreter_reopens_and_probes_the_table_from_the_file_alone(heaps, tmp_path):
    solve(heaps.Heaps(5), path="heaps.sqlite")
    reopened = python(
        """
        from gamesearch.solving import Solution
        from heaps import Heap, Heaps, Side, Take

        with Solution.load("heaps.sqlite") as table:
            start = Heaps(5).initial_state()
            print(table.value(start), table.best_actions(start))
            print(sorted({type(state).__name__ for state in table}))
        """,
        tmp_path,
    )
    assert reopened.returncode == 0, reopened.stderr
    assert reopened.stdout.splitlines() == ["1.0 (<Take.TWO: 2>,)", "['Heap']"]


def test_the_command_probes_a_table_of_dataclass_states(heaps, tmp_path, capsys):
    solve(heaps.Heaps(5), path="heaps.sqlite")
    assert main(["table", "probe", "heaps.sqlite"]) == 0
    out = capsys.readouterr().out
    assert "heaps:Heaps(stones=5)" in out


def test_a_mutable_dataclass_is_refused_before_any_file_is_made(tmp_path):
    @dataclasses.dataclass(unsafe_hash=True)
    class Loose:
        n: int

    with pytest.raises(UnsupportedGameError, match=r"Loose in a table file.*make it a frozen"):
        encode(Loose(1))


def test_a_class_that_cannot_be_found_again_is_refused_by_name():
    @dataclasses.dataclass(frozen=True)
    class Local:
        n: int

    with pytest.raises(UnsupportedGameError, match="define it at the top level of a module"):
        encode((1, Local(2)))


@dataclasses.dataclass(unsafe_hash=True)
class Loose:
    """A mutable (but hashable) state: a table file refuses it, as a dict key would be unsafe."""

    stones: int
    side: int


class LooseHeaps:
    """Heaps with :class:`Loose` states."""

    num_players = 2

    def __init__(self, stones: int) -> None:
        self.stones = stones

    def initial_state(self) -> Loose:
        return Loose(self.stones, 0)

    def to_move(self, state: Loose) -> int:
        return state.side

    def actions(self, state: Loose) -> list[int]:
        return [n for n in (1, 2) if n <= state.stones]

    def result(self, state: Loose, action: int) -> Loose:
        return Loose(state.stones - action, 1 - state.side)

    def is_terminal(self, state: Loose) -> bool:
        return state.stones == 0

    def utility(self, state: Loose, player: int) -> float:
        return 1.0 if player != state.side else -1.0


def test_solve_refuses_a_state_it_cannot_store_before_any_work(tmp_path):
    with pytest.raises(UnsupportedGameError, match="make it a frozen dataclass"):
        solve(LooseHeaps(3), path=tmp_path / "no.sqlite")
    assert not (tmp_path / "no.sqlite").exists() or _entries(tmp_path / "no.sqlite") == 0


def _entries(path: Path) -> int:
    with closing(sqlite3.connect(path)) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM entries").fetchone()[0])


def _set_classes(path: Path, value: Any) -> None:
    text = value if isinstance(value, str) else json.dumps(value)
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE meta SET value = ? WHERE name = 'classes'", (text,))


HOSTILE_CLASSES = {
    "a function": [["os:system", ["command"]]],
    "a builtin": [["builtins:eval", ["source"]]],
    "a class that is not a dataclass": [["subprocess:Popen", ["args"]]],
    "the class with other fields": [["heaps:Heap", ["stones", "turn", "taken", "mark", "note"]]],
    "a dataclass where an enum was stored": [["heaps:Heap", "enum"]],
    "no such module": [["no_such_module_anywhere:Heap", ["stones"]]],
    "not a list": {"heaps:Heap": ["stones"]},
    "a name that is not dotted": [["heaps:Heap; import os", ["stones"]]],
    "not JSON": "[[",
    "too many classes": [[f"heaps:Heap{n}", ["x"]] for n in range(MAX_CLASSES + 1)],
}


@pytest.mark.parametrize("classes", list(HOSTILE_CLASSES.values()), ids=list(HOSTILE_CLASSES))
def test_a_file_naming_a_class_it_must_not_make_is_refused(heaps, tmp_path, classes):
    solve(heaps.Heaps(3), path="heaps.sqlite")
    _set_classes(tmp_path / "heaps.sqlite", classes)
    sys.modules.pop("heaps", None)  # as in a fresh process: the module is found again
    with pytest.raises(TableFileError), Solution.load("heaps.sqlite", in_memory=True) as table:
        list(table)


def test_a_module_that_does_not_define_the_class_is_never_imported(heaps, tmp_path):
    marker = tmp_path / "imported"
    (tmp_path / "trap.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    solve(heaps.Heaps(3), path="heaps.sqlite")
    listed = json.loads(_meta(tmp_path / "heaps.sqlite", "classes"))
    _set_classes(tmp_path / "heaps.sqlite", [["trap" + path[5:], kind] for path, kind in listed])
    with pytest.raises(TableFileError, match=r"trap:Heap .* which is not loaded"):
        Solution.load("heaps.sqlite", heaps.Heaps(3), in_memory=True)
    assert not marker.exists()


def _meta(path: Path, name: str) -> str:
    with closing(sqlite3.connect(path)) as connection:
        found = connection.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        return str(found[0])


def test_a_key_that_names_a_class_the_file_does_not_list_is_refused(heaps, tmp_path):
    solve(heaps.Heaps(3), path="heaps.sqlite")
    with closing(sqlite3.connect(tmp_path / "heaps.sqlite")) as connection, connection:
        first = "(SELECT key FROM entries LIMIT 1)"
        wrong = bytes((6, 9, 5, 0))  # an object of class #9, in a file that lists fewer
        connection.execute(f"UPDATE entries SET key = ? WHERE key = {first}", (wrong,))
    with pytest.raises(TableFileError, match="names the class #9"):
        Solution.load("heaps.sqlite", heaps.Heaps(3), in_memory=True)


def test_an_enum_member_the_class_no_longer_has_is_refused(heaps, tmp_path):
    game = heaps.Heaps(4)
    opening_book(game, plies=1, path="book.sqlite")
    with closing(sqlite3.connect(tmp_path / "book.sqlite")) as connection, connection:
        rows = connection.execute("SELECT key, actions FROM entries WHERE actions IS NOT NULL")
        key, actions = next(iter(rows))
        connection.execute(
            "UPDATE entries SET actions = ? WHERE key = ?",
            (actions.replace(b"TWO", b"SIX").replace(b"ONE", b"SIX"), key),
        )
    with pytest.raises(TableFileError, match=r"heaps:Take\.'SIX'"):
        Solution.load("book.sqlite", game, in_memory=True)


def test_a_file_of_the_earlier_codec_is_read_but_not_added_to(tmp_path):
    from gamesearch.games import Nim

    game = Nim((1, 2), players=2)
    solve(game, path=tmp_path / "old.sqlite")
    with closing(sqlite3.connect(tmp_path / "old.sqlite")) as connection, connection:
        connection.execute("UPDATE meta SET value = 'gamesearch-codec 1' WHERE name = 'codec'")
        connection.execute("UPDATE meta SET value = '0' WHERE name = 'complete'")
    with pytest.raises(TableFileError, match="of an earlier version"):
        solve(game, path=tmp_path / "old.sqlite")  # resuming would write codec 2 keys into it
    with closing(sqlite3.connect(tmp_path / "old.sqlite")) as connection, connection:
        connection.execute("UPDATE meta SET value = '1' WHERE name = 'complete'")
    with Solution.load(tmp_path / "old.sqlite", game) as table:
        assert table.value(game.initial_state()) == 1.0


@pytest.mark.slow
def test_a_table_a_script_saved_reopens_from_the_module_the_script_was(heaps, tmp_path):
    # Run as a script, the classes are __main__:Heap; imported, they are heaps:Heap.
    script = (DATA / "heaps.py").read_text() + textwrap.dedent(
        """

        if __name__ == "__main__":
            from gamesearch.solving import solve

            solve(Heaps(4), path="script.sqlite")
        """
    )
    (tmp_path / "heaps_script.py").write_text(script)
    env = {**os.environ, "PYTHONPATH": SOURCE}
    made = subprocess.run([sys.executable, "heaps_script.py"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert made.returncode == 0, made.stderr
    reopened = python(
        """
        from gamesearch.solving import Solution
        from heaps_script import Heaps

        with Solution.load("script.sqlite", Heaps(4), in_memory=True) as table:
            start = Heaps(4).initial_state()
            print(table.value(start), {type(state).__module__ for state in table})
        with Solution.load("script.sqlite", Heaps(4)) as table:
            print(table.value(start))
        """,
        tmp_path,
    )
    assert reopened.returncode == 0, reopened.stderr
    assert reopened.stdout.splitlines() == ["1.0 {'heaps_script'}", "1.0"]
