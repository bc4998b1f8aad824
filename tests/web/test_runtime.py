"""What the page asks of Python, run here in CPython: the same functions Pyodide runs.

Positions are the moves from the start, as a link carries them; a link is read and checked,
never run; a game typed into the page is checked by the conformance checker before its search.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from page_helpers import page_data

from gamesearch import alphabeta
from gamesearch.games import TicTacToe
from gamesearch.web import _own_game, _runtime

ROOT = Path(__file__).resolve().parents[2]
TAKE_AWAY = re.search(
    r"<!-- file: take_away.py -->\n```python\n(.*?)```",
    (ROOT / "docs" / "own-game.md").read_text(encoding="utf-8"),
    re.S,
)


def answer(text: str) -> dict[str, Any]:
    found = json.loads(text)
    assert isinstance(found, dict)
    return found


def take_away() -> str:
    assert TAKE_AWAY is not None, "docs/own-game.md no longer holds take_away.py"
    return TAKE_AWAY.group(1)


def test_a_position_is_drawn_as_the_command_draws_it() -> None:
    shown = answer(_runtime.position("tictactoe", "4,0"))
    assert shown["board"] == "O . .    0 1 2\n. X .    3 4 5\n. . .    6 7 8"
    assert shown["cells"] == [["O", ".", "."], [".", "X", "."], [".", ".", "."]]
    assert shown["legal"] == ["1", "2", "3", "5", "6", "7", "8"]
    assert (shown["mover"], shown["mover_index"], shown["over"]) == ("X", 0, False)


def test_connect_four_is_drawn_with_its_column_numbers() -> None:
    shown = answer(_runtime.position("connect4", "3,3"))
    assert shown["layout"] == "columns"
    assert shown["board"].splitlines()[-1] == "0 1 2 3 4 5 6"
    assert shown["cells"][-1][3] != "."
    assert shown["cells"][-2][3] != "."
    assert len(shown["cells"]) == 6
    assert len(shown["legal"]) == 7


def test_a_finished_game_says_who_won() -> None:
    shown = answer(_runtime.position("tictactoe", "0,3,1,4,2"))
    assert shown["over"]
    assert shown["legal"] == []
    assert shown["mover"] is None
    assert shown["outcome"].startswith("X wins")


def test_alphabeta_answers_a_known_position_with_the_proven_move() -> None:
    game = TicTacToe()
    moves = "0,4,1"  # X threatens the top row: O must take 2
    state = game.initial_state()
    for move in (0, 4, 1):
        state = game.result(state, move)
    reply = answer(_runtime.reply("tictactoe", moves, "alphabeta", 9))
    assert reply["move"] == "2"
    assert reply["value"] == alphabeta(game, state).value
    assert reply["exact"]
    assert reply["player"] == "O"
    assert reply["pv"][0] == "2"
    assert reply["nodes"] > 0
    assert reply["summary"].startswith("proven")


@pytest.mark.slow
@pytest.mark.parametrize(("searcher", "amount"), [("engine", 0.2), ("mcts", 300)])
def test_the_engine_and_mcts_reply_with_a_legal_move(searcher: str, amount: float) -> None:
    reply = answer(_runtime.reply("connect4", "3", searcher, amount))
    assert reply["move"] in answer(_runtime.position("connect4", "3"))["legal"]
    assert reply["player"] == "O"


@pytest.mark.parametrize(
    ("searcher", "amount", "message"),
    [
        ("alphabeta", 0, "depth must be a whole number from 1 to 42"),
        ("alphabeta", 2.5, "depth must be a whole number"),
        ("engine", 100, "seconds must be a number from 0.05 to 30"),
        ("mcts", 0, "iterations must be a whole number from 1"),
        ("dfpn", 1, "the page's searchers are alphabeta, engine, mcts, not 'dfpn'"),
    ],
)
def test_a_limit_out_of_range_is_refused(searcher: str, amount: float, message: str) -> None:
    assert message in answer(_runtime.reply("tictactoe", "", searcher, amount))["error"]


def test_no_reply_once_the_game_is_over() -> None:
    refused = answer(_runtime.reply("tictactoe", "0,3,1,4,2", "alphabeta", 9))
    assert refused == {"error": "the game is over: there is no move to search"}


def test_a_link_gives_a_game_and_a_position_checked() -> None:
    assert answer(_runtime.link("?game=tictactoe&moves=4,0")) == {
        "game": "tictactoe", "moves": "4,0", "tree": None,
    }  # fmt: skip
    assert answer(_runtime.link("")) == {"game": None, "moves": None, "tree": None}
    assert answer(_runtime.link("?tree=figure-5.2"))["tree"] == "figure-5.2"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?code=import%20os", "a link may give game, moves, tree, not 'code'"),
        ("?game=tictactoe&source=x", "not 'source'"),
        ("?game=take_away:TakeAway", "the page plays tictactoe and connect4, not"),
        ("?game=os:system", "the page plays tictactoe and connect4"),
        ("?game=tictactoe&moves=4;alert(1)", "moves must be at most 200 move numbers"),
        ("?game=tictactoe&moves=4,4", "'4' is not legal here"),
        ("?game=tictactoe&moves=" + ",".join(["1"] * 201), "at most 200"),
        ("?moves=4", "a link's moves need its game"),
        ("?tree=<script>", "no textbook tree '<script>'"),
        ("?game=" + "x" * 3000, "the link's query is too long"),
    ],
)
def test_a_hostile_link_is_refused_with_a_reason(query: str, message: str) -> None:
    assert message in answer(_runtime.link(query))["error"]


def test_the_search_of_a_position_is_the_step_through_page_of_that_search() -> None:
    found = answer(_runtime.search_page("tictactoe", "4,0,8", 2))
    data = page_data(found["page"])
    assert len(data["nodes"]) >= found["nodes"]  # every node searched is drawn, and the pruned
    assert data["steps"]
    assert "<!DOCTYPE html>" in found["page"]


def test_the_textbook_trees_step_through_their_search() -> None:
    settings = answer(_runtime.settings())
    assert [key for key, _ in settings["trees"]] == list(_runtime.TEXTBOOK)
    found = answer(_runtime.textbook_page("figure-5.2"))
    data = page_data(found["page"])
    assert len(data["nodes"]) == 13  # A, B, C, D and nine leaves; C2 and C3 pruned
    assert "<!DOCTYPE html>" in found["page"]


def test_the_docs_take_away_is_checked_and_searched() -> None:
    found = answer(_own_game.own_game(take_away(), "", "sticks=7", 0))
    assert found["ok"], found["report"]
    assert found["report"].startswith("checked 14 states (2 terminal)")
    assert found["value"] == 1.0  # 7 sticks: the first player takes 3 and leaves 4
    assert len(page_data(found["page"])["nodes"]) >= found["nodes"]


def test_a_typed_game_is_let_go_of_once_answered() -> None:
    # A page pasted into all day must not keep every game typed into it: the module is
    # imported for the answer and forgotten after it, good or broken.
    def own_modules() -> set[str]:
        return {name for name in sys.modules if name.startswith("gamesearch_own_game_")}

    before = own_modules()
    assert answer(_own_game.own_game(take_away(), "", "sticks=5", 0))["ok"]
    broken = "1 / 0\nclass G:\n def initial_state(self): pass"
    assert not answer(_own_game.own_game(broken, "", "", 0))["ok"]
    assert own_modules() == before
    assert not list(_own_game._folder().glob("gamesearch_own_game_*.py"))


def test_a_wrong_game_gets_the_conformance_checkers_report() -> None:
    careless = take_away().split("\ngame = TakeAway()")[0] + (
        "\n\nclass Careless(TakeAway):\n"
        "    def initial_state(self) -> Pile:\n"
        "        return Pile(self.sticks, 0)\n\n"
        "    def utility(self, state: Pile, player: int) -> float:\n"
        "        return 1.0 if player != state.player else -1.0\n"
    )
    found = answer(_own_game.own_game(careless, "Careless", "", 0))
    assert not found["ok"]
    assert found["report"].startswith("the conformance checker: ")
    assert "utility" in found["report"]
    assert "page" not in found


@pytest.mark.parametrize(
    ("source", "name", "message"),
    [
        ("class A:\n  def initial_state(self", "", "the game is not Python: line"),
        ("x = 1\n", "", "name the game's class: no class defines initial_state"),
        ("class A:\n def initial_state(self): pass\nclass B(A):\n def initial_state(self): pass",
         "", "A, B each define initial_state"),
        ("class A: pass\n", "B", "no class 'B' in the game; its classes are A"),
    ],
)  # fmt: skip
def test_a_game_that_cannot_be_found_says_why(source: str, name: str, message: str) -> None:
    found = answer(_own_game.own_game(source, name, "", 0))
    assert not found["ok"]
    assert message in found["report"]


def test_the_readers_error_is_shown_as_python_shows_it() -> None:
    found = answer(_own_game.own_game("1 / 0\nclass G:\n def initial_state(self): pass", "", "", 0))
    assert not found["ok"]
    assert "ZeroDivisionError: division by zero" in found["report"]


def test_a_hostile_label_of_ones_own_game_is_escaped_on_its_page() -> None:
    source = (
        "class Labels:\n"
        "    num_players = 2\n"
        "    def initial_state(self): return ''\n"
        "    def to_move(self, state): return len(state) % 2\n"
        "    def actions(self, state): return [] if state else ['<script>window.x=1</script>']\n"
        "    def result(self, state, action): return state + action\n"
        "    def is_terminal(self, state): return bool(state)\n"
        "    def utility(self, state, player):\n"
        "        if not state: raise ValueError('the game goes on')\n"
        "        return 0.0\n"
    )
    found = answer(_own_game.own_game(source, "", "", 0))
    assert found["ok"], found["report"]
    assert "<script>window.x=1" not in found["page"]
    assert "\\u003cscript\\u003ewindow.x=1" in found["page"]  # in the data, as text
    assert page_data(found["page"])["nodes"]
