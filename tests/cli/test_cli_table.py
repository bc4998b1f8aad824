"""``gamesearch table probe`` on a file that names a game no file may make (issue 36).

The file is a sound table whose meta names OpenSpiel's game loader with a hostile name; the
probe says what the file holds (importing nothing: issue 45), and refuses to make the game
that a position is looked up in, which needs ``--game``:
``pyspiel.load_game`` is replaced by a spy that must never be called.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import table_naming

from gamesearch.cli import main

OPENSPIEL = "gamesearch.adapters.openspiel:OpenSpielGame"


def probe(*args: str) -> int:
    try:
        return main(["table", "probe", *args])
    except SystemExit as exit_:
        return int(exit_.code or 0)


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The calls of ``pyspiel.load_game``, replaced by a spy that loads nothing."""
    pyspiel = pytest.importorskip("pyspiel", reason="needs OpenSpiel (gamesearch[openspiel])")
    calls: list[Any] = []
    monkeypatch.setattr(pyspiel, "load_game", lambda *args, **kwargs: calls.append(args))
    return calls


@pytest.mark.parametrize(
    "name", ["blotto(coins=1000,fields=10)", "efg_game(filename=/etc/passwd)"]
)
def test_probe_tells_what_the_file_holds_and_makes_no_openspiel_game(
    tmp_path: Path, loads: list[Any], capsys: pytest.CaptureFixture[str], name: str
) -> None:
    table = table_naming(tmp_path, {"class": OPENSPIEL, "parameters": {"game": name}})
    assert probe(str(table)) == 0
    out = capsys.readouterr().out
    assert f"strong solution of {OPENSPIEL}(game={name!r})" in out
    assert "(look a position up with --moves or --position" in out  # the file alone: no game
    assert "--game MODULE:CLASS -p NAME=VALUE)" in out
    assert probe(str(table), "--moves", "0,1") == 1
    err = capsys.readouterr().err
    assert err.startswith("gamesearch: error: ")
    assert "no file may make it" in err
    assert "--game MODULE:CLASS -p NAME=VALUE" in err
    assert loads == []
