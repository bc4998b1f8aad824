"""A game typed into the page: checked by the conformance checker, then stepped through.

The page never shows a traceback: the reader's error is Python's last line and where in their
code it happened; a field's mistake is told beside it; a depth limit without an evaluation is
refused as Python refuses it; a search too big to record still gives its value.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from page_helpers import page_data
from test_runtime import answer, take_away

from gamesearch import alphabeta
from gamesearch.errors import InvalidSearchOptionError
from gamesearch.web import _own_game, _recording


def own(source: str, params: str = "", depth: object = 0, evaluation: str = "own",
        name: str = "", tell: Any = None) -> dict[str, Any]:  # fmt: skip
    told = tell if tell is not None else (lambda line: None)
    return answer(_own_game.own_game(source, name, params, depth, evaluation, told))


def library() -> str:
    """take_away.py without its last lines, which search at import."""
    return take_away().split("\ngame = TakeAway()")[0]


GRID = """
class Grid:
    '''Fill a rows x cols grid one cell at a time; whoever fills the last cell wins.'''

    num_players = 2

    def __init__(self, rows: int = 1, cols: int = 1) -> None:
        self.cells = rows * cols

    def initial_state(self): return (0, 0)
    def to_move(self, state): return state[1]
    def actions(self, state): return [] if state[0] == self.cells else [1]
    def result(self, state, action): return (state[0] + 1, 1 - state[1])
    def is_terminal(self, state): return state[0] == self.cells
    def utility(self, state, player):
        if state[0] != self.cells:
            raise ValueError("not over")
        return 1.0 if player != state[1] else -1.0
"""


def test_the_docs_take_away_is_checked_and_searched() -> None:
    found = own(take_away(), "sticks=7")
    assert found["ok"], found["report"]
    assert found["report"].startswith("checked 14 states (2 terminal)")
    assert found["value"]["value"] == 1.0  # 7 sticks: the first player takes 3 and leaves 4
    assert found["value"]["words"].startswith("+1 for player 0, exact (proven by alpha-beta)")
    assert "worth -1, +1 to the first player" in found["value"]["scale"]
    assert len(page_data(found["page"])["nodes"]) >= found["nodes"]


@pytest.mark.parametrize("params", ["rows=1, cols=2", "rows=1 cols=2", "rows = 1 ,cols=2"])
def test_parameters_may_be_separated_by_commas_or_spaces(params: str) -> None:
    found = own(GRID, params)
    assert found["ok"], found["report"]
    assert found["report"].startswith("checked 3 states")


def test_a_bad_parameter_is_told_beside_the_parameters() -> None:
    found = own(GRID, "rows=1, colour=2")
    assert not found["ok"]
    assert found["field"] == "own-params"
    assert "colour" in found["report"]
    assert "gamesearch_own_game" not in found["report"]  # the module's hidden name


def test_a_depth_without_an_evaluation_is_refused_as_in_python() -> None:
    with pytest.raises(InvalidSearchOptionError) as python:
        alphabeta(_load_grid(), depth=2)
    found = own(GRID, "rows=2, cols=2", depth=2)
    assert not found["ok"]
    assert found["field"] == "own-depth"
    assert found["report"].endswith(f"the search: {python.value}")


def _load_grid() -> Any:
    namespace: dict[str, Any] = {}
    exec(GRID, namespace)  # the test's own text
    return namespace["Grid"](rows=2, cols=2)


def test_a_blind_evaluation_the_reader_chose_is_labelled_an_estimate() -> None:
    found = own(GRID, "rows=2, cols=2", depth=2, evaluation="zero")
    assert found["ok"], found["report"]
    value = found["value"]
    assert not value["exact"]
    assert (
        value["how"] == "at depth 2, scored by 0 for every unfinished position (a blind estimate)"
    )


@pytest.mark.parametrize(("depth", "shown"), [(None, "nothing"), (-1, "-1"), (43, "43"),
                                              (True, "True"), ("2", "2")])  # fmt: skip
def test_a_bad_depth_is_told_beside_the_depth(depth: object, shown: str) -> None:
    found = own(GRID, depth=depth)
    assert found["field"] == "own-depth"
    assert found["report"].endswith(f"not {shown}")


BROKEN = GRID.replace(
    "def result(self, state, action): return (state[0] + 1, 1 - state[1])",
    "def result(self, state, action):\n"
    "        if state[0] == 1: raise ValueError('no such move')\n"
    "        return (state[0] + 1, 1 - state[1])",
)


def test_a_game_whose_result_rejects_a_listed_move_gets_a_report_not_a_traceback() -> None:
    found = own(BROKEN, "rows=1, cols=3")
    assert not found["ok"]
    assert "page" not in found
    report = found["report"]
    assert "Traceback" not in report
    assert 'File "' not in report
    assert "gamesearch/" not in report  # no path of the library's
    assert "no such move" in report


@pytest.mark.parametrize(
    ("source", "name", "field", "message"),
    [
        ("", "", "source", "paste a game first"),
        ("class A:\n  def initial_state(self", "", "source", "the game is not Python: line"),
        ("x = 1\n", "", "class-name", "name the game's class: no class defines initial_state"),
        ("class A:\n def initial_state(self): pass\nclass B(A):\n def initial_state(self): pass",
         "", "class-name", "A, B each define initial_state"),
        ("class A: pass\n", "B", "class-name", "no class 'B' in the game; its classes are A"),
    ],
)  # fmt: skip
def test_a_game_that_cannot_be_found_says_why(
    source: str, name: str, field: str, message: str
) -> None:
    found = own(source, name=name)
    assert not found["ok"]
    assert found["field"] == field
    assert message in found["report"]


def test_the_readers_error_is_its_last_line_and_where_in_their_code() -> None:
    found = own("x = 1\n1 / 0\nclass G:\n def initial_state(self): pass")
    assert not found["ok"]
    assert found["report"] == (
        "your game failed: ZeroDivisionError: division by zero\n  (line 2 of your game: 1 / 0)"
    )


def test_an_error_in_a_method_names_the_method() -> None:
    found = own(GRID.replace("return (0, 0)", "return undefined_name"))
    assert "NameError: name 'undefined_name' is not defined" in found["report"]
    assert "in initial_state" in found["report"]
    assert "Traceback" not in found["report"]


def test_a_typed_game_is_let_go_of_once_answered() -> None:
    # A page pasted into all day must not keep every game typed into it: the module is
    # imported for the answer and forgotten after it, good or broken.
    def own_modules() -> set[str]:
        return {name for name in sys.modules if name.startswith("gamesearch_own_game_")}

    before = own_modules()
    assert own(take_away(), "sticks=5")["ok"]
    assert not own("1 / 0\nclass G:\n def initial_state(self): pass")["ok"]
    assert own_modules() == before
    assert not list(_own_game._folder().glob("gamesearch_own_game_*.py"))


def test_a_wrong_game_gets_the_conformance_checkers_report() -> None:
    careless = library() + (
        "\n\nclass Careless(TakeAway):\n"
        "    def initial_state(self) -> Pile:\n"
        "        return Pile(self.sticks, 0)\n\n"
        "    def utility(self, state: Pile, player: int) -> float:\n"
        "        return 1.0 if player != state.player else -1.0\n"
    )
    found = own(careless, name="Careless")
    assert not found["ok"]
    assert found["report"].startswith("the conformance checker: ")
    assert "utility" in found["report"]
    assert "page" not in found


def test_a_search_too_big_to_record_still_gives_its_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_recording, "MOST_EVENTS", 200)
    told: list[str] = []
    found = own(take_away(), "sticks=12", tell=told.append)
    assert found["ok"], found["report"]
    assert found["page"] is None
    assert found["value"]["value"] == -1.0  # 12 sticks, a multiple of 4: the first player loses
    assert "too many steps to record" in told[-1]


def test_a_stop_during_the_readers_game_is_answered() -> None:
    stopped = "def to_move(self, state):\n        raise KeyboardInterrupt"
    looping = GRID.replace("def to_move(self, state): return state[1]", stopped)
    found = own(looping)
    assert found["stopped"]
    assert not found["ok"]


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
    found = own(source)
    assert found["ok"], found["report"]
    assert "<script>window.x=1" not in found["page"]
    assert "\\u003cscript\\u003ewindow.x=1" in found["page"]  # in the data, as text
    assert page_data(found["page"])["nodes"]
    assert json.loads(_own_game.own_game(source, "", "", 0))["ok"]  # without a tell too
