"""Table files edited at random: only the library's errors come out, nothing is imported.

Issue 45 asks that every meta value and every row read from a file be checked, with a specific
library error, never an ``AssertionError``, ``KeyError`` or ``TypeError`` from damaged data.
Here real table files (a strong solution of Nim, an opening book of a game of frozen dataclass
states and enum actions, value iteration of Pig) are edited as a hostile hand would, with
``sqlite3``: meta values set to other JSON, to other meta values, to names of a module that
leaves a marker when imported, or deleted; rows with keys, values, distances and actions
swapped for other encoded values, cut short, flipped, or deleted; and every road that reads a
file is taken on each. Allowed: an answer, a ``TableFileError`` that names the file, or an
``UnsolvedStateError`` (a key changed: the state is not in the file). The marker must never
appear, no module may be imported, and each variant must end (an alarm stops a hang).
"""

from __future__ import annotations

import contextlib
import importlib
import random
import shutil
import signal
import sqlite3
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import pytest

from gamesearch import Solution, TableFileError, UnsolvedStateError
from gamesearch.games import Nim, Pig
from gamesearch.solving import opening_book, solve
from gamesearch.solving._codec import encode
from gamesearch.solving._file import info

DATA = Path(__file__).resolve().parents[1] / "data"

JSON_VALUES = [
    "null", "true", "false", "0", "-1", "1", "2", "1.5", "-0.0", "1e308", "1e999", "NaN",
    "Infinity", str(2**70), '""', '"x"', "[]", "{}", "[[]]", '[["00", 0]]', '[["zz", 1]]',
    '[["00", 5]]', '[["heaps:Heap", "enum"]]', '[["trap:Heap", ["stones"]]]',
    '[["os:system", ["command"]]]', '{"class": "trap:Game", "parameters": {}}',
    '{"class": "gamesearch.games.nim:Nim", "parameters": {"piles": [1, 2]}}',
    '{"class": "heaps:Heaps", "parameters": {"stones": -1}}', "[" * 5000 + "]" * 5000,
    '"' + "é" * 1000 + '"', "[[", "{", "gamesearch-codec 1", "gamesearch-solution 1", "memo",
    "opening_book", "value_iteration", "auto", "game.key", "state", "custom", "0", "1",
]  # fmt: skip
"""Texts a meta value may be set to: JSON of every type, and words the meta holds elsewhere."""

META_NAMES = [
    "format", "codec", "game", "classes", "method", "key", "roots", "constant_sum",
    "tolerance", "tolerance_asked", "plies", "created", "elapsed", "complete", "spec",
]  # fmt: skip


def plain_values(rng: random.Random) -> list[Any]:
    """SQLite values of every kind a column may be set to, some of them encoded keys."""
    blob = bytes(rng.randrange(256) for _ in range(rng.randrange(12)))
    return [
        None, 0, -1, 1, 2**62, 1.5, -0.0, 1e308, float("inf"), "", "text", "0.5", "é", blob,
        encode(0), encode(-1), encode((1, 2)), encode(("x", None, 2.5)), encode(()),
        bytes((6, 0)) + encode((1,)), bytes((6, 9)) + encode(()), bytes((7, 0)) + encode(5),
        bytes((7, 1)) + encode("ONE"), bytes((7, 3)) + encode("TWO"), bytes((5, 200)),
    ]  # fmt: skip


def mutate(path: Path, rng: random.Random) -> str:
    """Edit ``path`` once, at random, as a hostile hand would; what was done, in words."""
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("PRAGMA synchronous = OFF")  # a test's copy
        keys = [key for (key,) in connection.execute("SELECT key FROM entries")]
        choice = rng.randrange(6)
        if choice == 0 or not keys:
            name = rng.choice(META_NAMES)
            value = rng.choice(JSON_VALUES)
            connection.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (name, value))
            return f"meta {name} = {value[:40]!r}"
        if choice == 1:
            name = rng.choice(META_NAMES)
            connection.execute("DELETE FROM meta WHERE name = ?", (name,))
            return f"meta {name} deleted"
        key = rng.choice(keys)
        if choice == 2:
            column = rng.choice(["key", "value", "distance", "actions"])
            value = rng.choice(plain_values(rng))
            connection.execute(
                f"UPDATE OR IGNORE entries SET {column} = ? WHERE key = ?", (value, key)
            )
            return f"row {column} = {value!r:.40}"
        if choice == 3 and isinstance(key, bytes) and len(key) > 1:
            cut = key[: rng.randrange(1, len(key))]
            connection.execute("UPDATE OR IGNORE entries SET key = ? WHERE key = ?", (cut, key))
            return f"key cut to {len(cut)} bytes"
        if choice == 4 and isinstance(key, bytes) and key:
            flipped = bytearray(key)
            flipped[rng.randrange(len(flipped))] = rng.randrange(256)
            connection.execute(
                "UPDATE OR IGNORE entries SET key = ? WHERE key = ?", (bytes(flipped), key)
            )
            return "a key's byte changed"
        connection.execute("DELETE FROM entries WHERE key = ?", (key,))
        return "a row deleted"


@contextmanager
def alarm(seconds: int) -> Iterator[None]:
    """Fail, rather than hang, if the body runs over ``seconds`` (where signals allow it)."""

    def stop(signum: int, frame: object) -> None:
        raise TimeoutError(f"a read ran over {seconds} s")

    if not hasattr(signal, "SIGALRM"):
        yield
        return
    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def readers(path: Path, game: Any, state: Any, player: int) -> list[Callable[[], object]]:
    """Every road that reads a table file, each to be taken on a damaged copy."""

    def lazy() -> object:
        with Solution.load(path, game) as table:
            found = [table.value(state, player), table.distance(state), len(table)]
            return [*found, table.best_actions(state), *table]

    def in_memory() -> object:
        with Solution.load(path, game, in_memory=True) as table:
            return table.value(state, player), list(table)

    def without_the_game() -> object:
        with Solution.load(path, in_memory=True) as table:
            return len(table)

    return [lazy, in_memory, without_the_game, lambda: info(path), lambda: solve(game, path=path)]


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[tuple[bytes, Any, Any]]]:
    """Sound files to damage, each with its game, a state it holds and the player asked."""
    folder = tmp_path_factory.mktemp("sources")
    shutil.copy(DATA / "heaps.py", folder / "heaps.py")
    (folder / "trap.py").write_text(
        f"open({str(folder / 'imported')!r}, 'w').close()\n\nclass Heap:\n    pass\n"
    )
    sys.path.insert(0, str(folder))
    sys.modules.pop("heaps", None)
    heaps = importlib.import_module("heaps")
    nim, pig, stones = Nim((1, 2, 2), players=2), Pig(goal=4, die_sides=2), heaps.Heaps(5)
    made = []
    for name, build, game, player in [
        ("nim", lambda p: solve(nim, path=p), nim, 1),
        ("heaps", lambda p: opening_book(stones, 2, path=p), stones, 1),
        ("pig", lambda p: solve(pig, path=p), pig, 0),
    ]:
        path = folder / f"{name}.sqlite"
        build(path)
        made.append((path.read_bytes(), game, player))
    yield made
    sys.path.remove(str(folder))
    sys.modules.pop("heaps", None)
    assert not (folder / "imported").exists(), "a damaged file imported the trap module"


def outcome(read: Callable[[], object], path: Path, done: list[str]) -> str:
    """How one read of a damaged file ended: ``"read"``, ``"refused"`` or ``"missing"``."""
    try:
        with alarm(30):
            read()
    except TableFileError as error:
        if str(path) not in str(error):
            pytest.fail(f"{done}: the error does not name the file: {error}")
        return "refused"
    except UnsolvedStateError:
        return "missing"
    except Exception as error:  # what must never come out of a damaged file
        pytest.fail(f"{done}: {type(error).__name__}: {error}")
    return "read"


def fuzz(
    sources: list[tuple[bytes, Any, Any]], folder: Path, variants: int, seed: int
) -> Counter[str]:
    """Read ``variants`` damaged copies every way; count how the reads ended."""
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    for data, game, player in sources:  # warm up: whatever a sound read imports, once
        path = folder / "warm.sqlite"
        path.write_bytes(data)
        for read in readers(path, game, game.initial_state(), player):
            with contextlib.suppress(TableFileError):  # solve refuses the book's file
                read()
    modules = set(sys.modules)
    for number in range(variants):
        data, game, player = sources[number % len(sources)]
        path = folder / f"damaged-{number}.sqlite"
        path.write_bytes(data)
        done = [mutate(path, rng) for _ in range(rng.randint(1, 3))]
        for read in readers(path, game, game.initial_state(), player):
            counts[outcome(read, path, done)] += 1
        path.unlink()
    assert set(sys.modules) == modules, set(sys.modules) - modules
    return counts


@pytest.mark.slow
def test_a_few_damaged_files_give_only_the_librarys_errors(sources, tmp_path):
    counts = fuzz(sources, tmp_path, variants=12, seed=45)
    assert counts["refused"]
    assert counts["read"]


@pytest.mark.slow
def test_six_hundred_damaged_files_give_only_the_librarys_errors(sources, tmp_path):
    counts = fuzz(sources, tmp_path, variants=600, seed=4545)
    assert sum(counts.values()) == 600 * 5
    assert counts["refused"] > 0
