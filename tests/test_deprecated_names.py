"""Renamed modules: the old spellings still work, with a DeprecationWarning, and never win.

Issue 28: ``gamesearch.solve`` and ``gamesearch.mcts`` were both a function and a package. The
packages are now ``gamesearch.solving`` and ``gamesearch.montecarlo``; the old packages are
aliases that warn, and importing one must not turn the function ``gamesearch.solve`` into the
package (the import system binds a loaded subpackage to its parent's attribute). The modules
``gamesearch.play`` and ``gamesearch.tournament``, hidden the same way by their functions, are
now ``gamesearch.playing`` and ``gamesearch.tournaments``. The top-level
``gamesearch.table`` module, which re-exported the transposition table under the word that
names solved tables, warns too.

Each check runs in a fresh interpreter: a module warns only the first time it is imported.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("old", "new", "names"),
    [
        ("solve", "solving", ["Solution", "SolveStats", "opening_book", "Progress", "solve"]),
        ("mcts", "montecarlo", ["ActionStats", "MCTSTree", "MCTSPlayer", "mcts"]),
    ],
)
def test_a_renamed_package_still_imports_with_a_warning_and_the_function_keeps_its_name(
    old, new, names
):
    done = run(
        f"""
        import importlib, pickle, sys, warnings
        import gamesearch
        function = gamesearch.{old}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            import gamesearch.{old}  # the spelling whose import binds the parent's attribute
        old = sys.modules["gamesearch.{old}"]
        assert [w.category for w in caught] == [DeprecationWarning], caught
        message = str(caught[0].message)
        assert "gamesearch.{new}" in message and "is the function" in message, message
        assert caught[0].filename == "<string>", caught[0].filename  # the importer's line
        new = importlib.import_module("gamesearch.{new}")
        for name in {names!r}:
            assert getattr(old, name) is getattr(new, name), name
        # every module of the new package, under the old name, as the same object
        for name, module in list(sys.modules.items()):
            if name.startswith("gamesearch.{new}."):
                alias = importlib.import_module(name.replace("{new}", "{old}", 1))
                assert alias is module, name
        # the function keeps its name, and stays the one object a pickle names
        assert gamesearch.{old} is function and callable(gamesearch.{old})
        from gamesearch import {old} as imported
        assert imported is function
        assert pickle.loads(pickle.dumps(function)) is function
        print("ok")
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


@pytest.mark.parametrize(
    ("old", "new", "names"),
    [
        (
            "play",
            "playing",
            ["GameRecord", "RandomPlayer", "SearcherPlayer", "random_player", "searcher_player"],
        ),
        ("tournament", "tournaments", ["TournamentResult"]),
    ],
)
def test_a_renamed_module_still_imports_with_a_warning_and_the_function_keeps_its_name(
    old, new, names
):
    done = run(
        f"""
        import importlib, sys, warnings
        import gamesearch
        function = gamesearch.{old}
        assert gamesearch.{new}.{old} is function  # the new module, as an attribute
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            import gamesearch.{old}  # the spelling whose import binds the parent's attribute
        old = sys.modules["gamesearch.{old}"]
        assert [w.category for w in caught] == [DeprecationWarning], caught
        message = str(caught[0].message)
        assert "gamesearch.{new}" in message and "is the function" in message, message
        assert caught[0].filename == "<string>", caught[0].filename  # the importer's line
        new = importlib.import_module("gamesearch.{new}")
        assert sorted(old.__all__) == sorted(new.__all__)
        for name in {names!r} + ["{old}"]:
            assert getattr(old, name) is getattr(new, name), name
        assert gamesearch.{old} is function and callable(gamesearch.{old})
        from gamesearch import {old} as imported
        assert imported is function
        print("ok")
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_old_play_module_still_plays_a_game():
    done = run(
        """
        import warnings
        warnings.simplefilter("ignore", DeprecationWarning)
        from gamesearch.play import GameRecord, play, random_player
        from gamesearch.tournament import tournament
        import gamesearch
        from gamesearch.games import TicTacToe
        record = gamesearch.play(TicTacToe(), [random_player(seed=1), random_player(seed=2)])
        assert isinstance(record, GameRecord) and play is gamesearch.play
        result = gamesearch.tournament(TicTacToe(), [random_player(), random_player()], games=2)
        assert tournament is gamesearch.tournament
        print(len(result.records))
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["2"]


def test_a_record_pickled_under_the_old_module_name_still_loads():
    done = run(
        """
        import pickle, warnings
        from gamesearch import GameRecord, play, random_player
        from gamesearch.games import TicTacToe
        record = play(TicTacToe(), [random_player(seed=1), random_player(seed=2)])
        old = pickle.dumps(record, protocol=0).replace(
            b"gamesearch.playing\\n", b"gamesearch.play\\n"
        )
        assert b"gamesearch.play\\nGameRecord" in old
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            loaded = pickle.loads(old)
        assert [w.category for w in caught] == [DeprecationWarning], caught
        assert type(loaded) is GameRecord and loaded == record
        print("ok")
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_from_the_old_package_import_warns():
    done = run("from gamesearch.solve.solution import Solution")
    assert done.returncode != 0
    assert "DeprecationWarning: gamesearch.solve is deprecated" in done.stderr
    assert "gamesearch.solving" in done.stderr


def test_the_function_still_solves_after_the_old_package_was_imported():
    done = run(
        """
        import warnings
        warnings.simplefilter("ignore", DeprecationWarning)
        from gamesearch.solve import Solution
        import gamesearch.mcts.tree
        import gamesearch
        from gamesearch.games import TicTacToe
        solution = gamesearch.solve(TicTacToe(3, 3))
        assert isinstance(solution, Solution)
        result = gamesearch.mcts(TicTacToe(), iterations=20, rng=1)
        print(solution.probe(TicTacToe().initial_state()).value, result.stats.leaves)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0.0", "20"]


def test_the_top_level_table_module_warns_and_names_the_transposition_table():
    done = run("import gamesearch.table")
    assert done.returncode != 0
    assert "DeprecationWarning: gamesearch.table is deprecated" in done.stderr
    assert "import TranspositionTable from gamesearch" in done.stderr


def test_the_top_level_table_module_still_gives_the_transposition_table():
    sys.modules.pop("gamesearch.table", None)  # another test may have imported it already
    with pytest.warns(DeprecationWarning, match="gamesearch.table is deprecated"):
        from gamesearch.table import Bound, TableEntry, TranspositionTable
    from gamesearch import TranspositionTable as Canonical
    from gamesearch.twoplayer import table

    assert TranspositionTable is Canonical
    assert (Bound, TableEntry) == (table.Bound, table.TableEntry)
