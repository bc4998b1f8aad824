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
         "", "class-name", "A, B each define or inherit initial_state"),
        ("class A:\n def initial_state(self): pass\nclass B(A): pass\nclass C(B): pass",
         "", "class-name", "A, B, C each define or inherit initial_state"),
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


@pytest.mark.slow
def test_a_typed_game_leaves_the_recursion_limit_and_its_modules_as_they_were() -> None:
    # The page's Python runs every game typed into it: a raised limit would let the next deep
    # game crash the browser's stack, and a module saved beside the game would be imported by
    # the next game of that name.
    before = sys.getrecursionlimit()
    raising = "import sys\nsys.setrecursionlimit(100_000)\n" + take_away()
    found = own(raising, "sticks=5")
    assert found["ok"], found["report"]
    assert f"the page keeps it at {before:,}" in found["report"]
    helper = (
        "import pathlib, importlib, sys\n"
        "here = pathlib.Path(__file__).parent\n"
        "(here / 'helper_of_mine.py').write_text('X = 1')\n"
        "importlib.invalidate_caches()\n"
        "import helper_of_mine\n" + take_away()
    )
    assert own(helper, "sticks=5")["ok"]
    assert sys.getrecursionlimit() == before
    assert "helper_of_mine" not in sys.modules


def test_a_game_that_calls_sys_exit_is_told_so() -> None:
    found = own(take_away() + "\nimport sys\nsys.exit(3)\n")
    assert not found["ok"]
    assert found["report"].startswith("your game's code called sys.exit(3)")
    assert found["field"] == "source"


def test_num_players_that_is_not_an_int_is_told_as_such() -> None:
    found = own(library() + "\n\nclass N(TakeAway):\n    num_players = '2'\n", name="N")
    assert not found["ok"]
    assert "its num_players must be an int, not '2'" in found["report"]


@pytest.mark.parametrize(
    ("extra", "name", "python"),
    [
        ("class Dice(TakeAway):\n"
         "    def to_move(self, state):\n        return -1 if state.player == 2 else state.player\n"
         "    def chance_outcomes(self, state):\n        return [(1, 0.5), (2, 0.5)]\n",
         "Dice", "expectiminimax"),
        ("class Three(TakeAway):\n    num_players = 3\n", "Three", "maxn"),
    ],
)  # fmt: skip
def test_a_game_alpha_beta_does_not_search_is_told_what_the_page_does(
    extra: str, name: str, python: str
) -> None:
    found = own(library() + "\n\n" + extra, "sticks=4", name=name)
    assert not found["ok"]
    said = found["report"].split("the search: ")[1]
    assert said.startswith("the page steps through alpha-beta, for two-player games without")
    assert "in Python: alphabeta searches" in said
    assert python in said


def test_a_game_too_deep_for_the_pages_python_is_told_what_the_page_can_do() -> None:
    chain = GRID.replace("rows * cols", "rows * cols + 2 * sys.getrecursionlimit()")
    found = own("import sys\n" + chain)
    assert not found["ok"]
    said = found["report"].split("the search: ")[1]
    assert said.startswith("alpha-beta went deeper than the page's Python can")
    assert "Give a depth" in said
    assert "run it in Python on your computer" in said
    assert "pass depth=N" not in said


WIDE = """
class Wide:
    '''Two players each name a number below 100; the first wins if the sum is even.'''

    num_players = 2

    def initial_state(self): return ()
    def to_move(self, state): return len(state)
    def actions(self, state): return [] if len(state) == 2 else list(range(100))
    def result(self, state, action): return (*state, action)
    def is_terminal(self, state): return len(state) == 2
    def utility(self, state, player):
        if len(state) != 2:
            raise ValueError("not over")
        first = 1.0 if sum(state) % 2 == 0 else -1.0
        return first if player == 0 else -first
"""


def test_the_checkers_advice_is_the_pages_for_a_game_it_cannot_check_whole() -> None:
    found = own(WIDE, depth=1, evaluation="zero")  # 10,101 states: more than the page checks
    assert found["ok"], found["report"]
    assert "The page checks no more; in Python, check_game(game, max_states=" in found["report"]
    assert "report.exhaustive" not in found["report"]


def test_a_subclass_of_the_game_makes_the_class_to_name() -> None:
    found = own(library() + "\n\nclass Small(TakeAway):\n    pass\n")
    assert not found["ok"]
    assert found["field"] == "class-name"
    assert "TakeAway, Small each define or inherit initial_state" in found["report"]


def test_a_parameter_given_twice_is_refused_beside_the_parameters() -> None:
    found = own(take_away(), "sticks=3, sticks=4")
    assert not found["ok"]
    assert found["field"] == "own-params"
    assert "the parameter sticks is given 2 times" in found["report"]


def test_a_depth_limited_search_that_met_no_end_says_so() -> None:
    found = own(GRID, "rows=1, cols=5", depth=1, evaluation="zero")
    assert found["ok"], found["report"]
    assert "met no end of the game" in found["value"]["words"]
    assert "worth none" not in found["value"]["words"]
