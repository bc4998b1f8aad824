"""Renamed modules: the old spellings still work, with a DeprecationWarning, and never win.

Issue 28: the modules ``gamesearch.play`` and ``gamesearch.tournament`` were hidden by the
functions of those names; they are now ``gamesearch.playing`` and ``gamesearch.tournaments``,
the old modules warn, and importing one must not turn the function ``gamesearch.play`` into the
module (the import system binds a loaded submodule to its parent's attribute).

The packages ``gamesearch.solve`` and ``gamesearch.mcts`` (now ``gamesearch.solving`` and
``gamesearch.montecarlo``) and the top-level ``gamesearch.table`` (now
``gamesearch.TranspositionTable``), deprecated in 0.2.0, are gone since 0.3.0: the short names
are the functions only.

Each check of a warning runs in a fresh interpreter: a module warns only the first time it is
imported.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap

import pytest

import gamesearch
from gamesearch import montecarlo, solving


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


@pytest.mark.parametrize(
    ("old", "new", "name"),
    [
        ("gamesearch.solve", "gamesearch.solving", "Solution"),
        ("gamesearch.solve.solution", "gamesearch.solving.solution", "Solution"),
        ("gamesearch.mcts", "gamesearch.montecarlo", "MCTSTree"),
        ("gamesearch.mcts.tree", "gamesearch.montecarlo.tree", "MCTSTree"),
        ("gamesearch.table", "gamesearch", "TranspositionTable"),
    ],
)
def test_a_path_removed_in_0_3_is_no_module_and_its_names_are_at_the_new_path(old, new, name):
    gone = r"No module named 'gamesearch\.(solve|mcts|table)'"
    with pytest.raises(ModuleNotFoundError, match=gone):
        importlib.import_module(old)
    assert hasattr(importlib.import_module(new), name)  # where CHANGELOG.md says it went
    assert gamesearch.solve is solving.solve  # the short names are the functions only
    assert gamesearch.mcts is montecarlo.mcts
