"""A table file makes its game only where the class bounds what making it costs (issue 36).

OpenSpiel loads any game of its registry from a name, of any size: a file naming
``OpenSpielGame`` with ``blotto(coins=1000,fields=10)`` ran ``pyspiel.load_game`` for ever (and
``blotto(coins=60,fields=6)`` took 10 s and 810 MB), and ``efg_game(filename=/etc/passwd)``
made OpenSpiel read a file and show part of it in its error. The class declares that no file
may make it (``remade_from_files = False``), and a file that names it is refused before the
class is called: ``pyspiel.load_game`` is replaced here by a spy that must never be called.

The bundled games bound their own sizes, and a file naming one beyond them is refused by the
constructor at once: ``Nim`` did not (a billion sticks: 13 s and 1.9 GB to draw its start in
``gamesearch table probe``), nor ``HiddenDealGame`` (a decision of a billion actions).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import table_naming

from gamesearch import Solution, TableFileError
from gamesearch.capabilities import file_may_make
from gamesearch.identity import game_identity, remake

HOSTILE_NAMES = [
    "blotto(coins=1000,fields=10)",  # runs for ever, and takes all memory
    "efg_game(filename=/etc/passwd)",  # reads a file, and shows part of it in its error
]


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The calls of ``pyspiel.load_game``, replaced by a spy that loads nothing."""
    pyspiel = pytest.importorskip("pyspiel", reason="needs OpenSpiel (gamesearch[openspiel])")
    calls: list[Any] = []
    monkeypatch.setattr(pyspiel, "load_game", lambda *args, **kwargs: calls.append(args))
    return calls


@pytest.mark.parametrize("name", HOSTILE_NAMES)
@pytest.mark.parametrize(
    "cls", ["OpenSpielGame", "OpenSpielStochasticGame", "OpenSpielDeterminizableGame"]
)
def test_a_file_that_names_an_openspiel_game_is_refused_before_it_loads(
    tmp_path: Path, loads: list[Any], cls: str, name: str
) -> None:
    identity = {"class": f"gamesearch.adapters.openspiel:{cls}", "parameters": {"game": name}}
    table = table_naming(tmp_path, identity)
    with pytest.raises(TableFileError, match=r"no file may make it.*Solution\.load\(path, game\)"):
        Solution.load(table)
    assert loads == []


def test_an_openspiel_table_opens_with_the_game_passed_in(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel", reason="needs OpenSpiel (gamesearch[openspiel])")
    from gamesearch.adapters.openspiel import OpenSpielGame
    from gamesearch.solving import solve

    game = OpenSpielGame("nim(pile_sizes=1;2;3)")
    assert not file_may_make(type(game))
    with pytest.raises(TableFileError, match="no file may make it"):
        remake(game_identity(game))
    path = tmp_path / "nim.sqlite"
    solve(game, path=path, key=history)
    with pytest.raises(TableFileError, match="no file may make it"):
        Solution.load(path, key=history)
    solution = Solution.load(path, game, key=history, in_memory=True)
    assert solution.value(game.initial_state(), 0) == -1.0  # 1 ^ 2 ^ 3 == 0: the mover loses


def history(state: Any) -> tuple[int, ...]:
    """An OpenSpiel state's table key: the actions that reached it, plain data."""
    return tuple(state.history)


@pytest.mark.parametrize(
    "identity",
    [
        {"class": "gamesearch.games.nim:Nim", "parameters": {"piles": [10**9], "players": 2}},
        {"class": "gamesearch.games.nim:Nim", "parameters": {"piles": [1, 2], "players": 10**9}},
        {
            "class": "gamesearch.imperfect.hidden_deal:HiddenDealGame",
            "parameters": {"deals": {"ab": 1.0}, "moves": {"": [0, 10**9]}, "payoffs": {}},
        },
    ],
    ids=["Nim of a billion sticks", "Nim of a billion players", "a billion actions"],
)
def test_a_file_that_names_a_game_beyond_its_bounds_is_refused_at_once(
    tmp_path: Path, identity: dict[str, Any]
) -> None:
    table = table_naming(tmp_path, identity)
    with pytest.raises(TableFileError, match="refused the parameters"):
        Solution.load(table)
