"""What the page asks of Python, run here in CPython: the same functions its worker runs.

Positions are the game, its parameters and the moves from the start, as a link carries them; a
link is read and checked, never run; every mistake comes back with the control it concerns;
every value says whose it is, whether it is exact, and what the game's outcomes are worth; a
search that is stopped (``KeyboardInterrupt``, as the worker raises it) says what it had found.
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from page_helpers import page_data

from gamesearch import alphabeta
from gamesearch.errors import BlindSearchWarning
from gamesearch.games import TicTacToe
from gamesearch.web import _runtime
from gamesearch.web._catalogue import GAMES
from gamesearch.web._positions import position_of
from gamesearch.web._searching import _warned
from gamesearch.web._textbook import TEXTBOOK

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


def shown(name: str, moves: str, params: str | None = None, you: int = 0) -> dict[str, Any]:
    given = GAMES[name].params if params is None else params
    return answer(_runtime.position({"game": name, "params": given, "moves": moves}, you))


def test_a_position_is_drawn_as_the_command_draws_it() -> None:
    view = shown("tictactoe", "4,0")
    assert view["text"] == "O . .    0 1 2\n. X .    3 4 5\n. . .    6 7 8"
    assert view["cells"] == [["O", ".", "."], [".", "X", "."], [".", ".", "."]]
    assert view["legal"] == ["1", "2", "3", "5", "6", "7", "8"]
    assert (view["mover"], view["mover_index"], view["over"]) == ("X", 0, False)
    assert view["last"] == [0, 0]  # O's 0, in the top left corner
    assert view["line"] == []


def test_a_finished_board_marks_its_winning_line_and_last_move() -> None:
    view = shown("tictactoe", "0,3,4,5,8")
    assert view["over"]
    assert view["outcome"].startswith("X wins")
    assert view["line"] == [[0, 0], [1, 1], [2, 2]]
    assert view["last"] == [2, 2]
    assert view["legal"] == []


def test_connect_four_marks_where_the_last_disc_fell_and_the_four() -> None:
    view = shown("connect4", "3,3")
    assert view["kind"] == "columns"
    assert view["last"] == [4, 3]  # O's disc on top of X's, in column 3
    assert len(view["cells"]) == 6
    won = shown("connect4", "0,6,1,6,2,6,3")
    assert won["outcome"].startswith("X wins")
    assert won["line"] == [[5, 0], [5, 1], [5, 2], [5, 3]]


def test_hex_is_drawn_as_its_cells_with_the_winning_chain() -> None:
    view = shown("hex", "a1,b1,a2,b2,a3", "size=3")
    assert view["kind"] == "hex"
    assert view["cells"] == [["X", "O", "."], ["X", "O", "."], ["X", ".", "."]]
    assert view["line"] == [[0, 0], [1, 0], [2, 0]]
    assert view["last"] == [2, 0]


@pytest.mark.slow
def test_every_game_of_the_page_opens_and_replies_at_its_defaults() -> None:
    for name, entry in GAMES.items():
        view = shown(name, "")
        assert not view["over"], name
        assert view["searchers"], name
        moves: list[str] = []
        while view["chance"]:  # the dice rolled, the cards dealt
            moves.append(
                answer(
                    _runtime.chance(
                        {"game": name, "params": entry.params, "moves": ",".join(moves)}, 0.5
                    )
                )["move"]
            )
            view = shown(name, ",".join(moves))
        row = view["searchers"][0]
        if row["key"] == "expectiminimax" or name in ("connect4", "hex"):
            continue  # their searches are measured by the slow tests
        reply = answer(
            _runtime.reply(
                {"game": name, "params": entry.params, "moves": ",".join(moves)},
                {"searcher": row["key"], "amount": row["default"], "evaluation": "own"},
            )
        )
        assert "error" not in reply, (name, reply)
        assert reply["move"] in view["legal"], name


def test_alphabeta_answers_a_known_position_with_the_proven_move() -> None:
    game = TicTacToe()
    state = game.initial_state()
    for move in (0, 4, 1):
        state = game.result(state, move)
    reply = answer(
        _runtime.reply(
            {"game": "tictactoe", "params": "", "moves": "0,4,1"},
            {"searcher": "alphabeta", "amount": None, "evaluation": "none"},
        )
    )
    assert reply["move"] == "2"  # X threatens the top row: O must take 2
    assert reply["value"]["value"] == alphabeta(game, state).value
    assert reply["exact"]
    assert reply["value"]["words"].startswith("+0 for O, exact")
    assert reply["value"]["scale"] == "a win is worth +1, a draw 0, a loss -1"
    assert reply["summary"].startswith("proven")


def test_an_estimate_says_so_with_its_depth_evaluation_and_scale() -> None:
    reply = answer(
        _runtime.reply(
            {"game": "connect4", "params": "", "moves": "3,3,4"},
            {"searcher": "alphabeta", "amount": 3, "evaluation": "own"},
        )
    )
    value = reply["value"]
    assert not value["exact"]
    assert value["whom"] == "O"
    assert value["how"] == "at depth 3, the positions there scored by the game's own evaluate"
    assert "an estimate" in value["words"]
    assert value["words"].endswith("a win is worth +1, a draw 0, a loss -1")
    assert len(value["shown"].lstrip("+-").replace(".", "").lstrip("0")) <= 3  # 3 figures


PYTHON_ADVICE = re.compile(r"\w+=|\bpass\b|\(state, player\)|\bmethod\b")
"""What only a Python programmer can act on: a keyword argument, "pass ...", a signature."""


@pytest.mark.parametrize("depth", [1, 2, 5, 8])
def test_a_depth_limit_without_an_evaluation_is_refused_in_the_pages_words(depth: int) -> None:
    with pytest.raises(Exception, match="needs an evaluate"):
        alphabeta(TicTacToe(), depth=depth)  # Python refuses it too, in Python's words
    refused = answer(
        _runtime.reply(
            {"game": "tictactoe", "params": "", "moves": "4"},
            {"searcher": "alphabeta", "amount": depth, "evaluation": "none"},
        )
    )
    assert refused["field"] == "amount"
    assert f"alpha-beta to depth {depth}" in refused["error"]
    assert '"0 for every unfinished position" in "at the depth limit"' in refused["error"]
    assert "empty the depth" in refused["error"]
    assert not PYTHON_ADVICE.search(refused["error"])


def test_a_blind_evaluation_chosen_in_the_page_is_labelled() -> None:
    reply = answer(
        _runtime.reply(
            {"game": "tictactoe", "params": "", "moves": "4"},
            {"searcher": "alphabeta", "amount": 2, "evaluation": "zero"},
        )
    )
    assert (
        "0 for every unfinished position (a blind estimate, chosen in the page)"
        in (reply["value"]["how"])
    )
    refused = answer(
        _runtime.reply(
            {"game": "tictactoe", "params": "", "moves": "4"},
            {"searcher": "alphabeta", "amount": 2, "evaluation": "own"},
        )
    )
    assert refused["field"] == "amount"  # the game's own evaluation: it has none
    assert "has no evaluate of its own" in refused["error"]


@pytest.mark.parametrize(
    ("searcher", "amount", "field", "message"),
    [
        ("alphabeta", 0, "amount", "depth must be a whole number from 1 to 42 (or nothing"),
        ("alphabeta", 99, "amount", "depth must be a whole number from 1 to 42"),
        ("alphabeta", 2.5, "amount", "not 2.5"),
        ("alphabeta", "abc", "amount", "not 'abc'"),
        ("alphabeta", True, "amount", "not True"),
        ("engine", None, "amount", "seconds must be a number from 0.05 to 30, not nothing"),
        ("engine", 100, "amount", "seconds must be a number from 0.05 to 30"),
        ("mcts", 0, "amount", "iterations must be a whole number from 1"),
        ("dfpn", 1, "searcher", "the page's searchers are alphabeta, expectiminimax, maxn"),
        ("maxn", 1, "searcher", "tic-tac-toe is searched by alphabeta, engine, mcts, not 'maxn'"),
        ("cfr", 1000, "searcher", "tic-tac-toe is searched by alphabeta, engine, mcts"),
    ],
)
def test_a_bad_limit_is_refused_beside_its_control(
    searcher: str, amount: object, field: str, message: str
) -> None:
    refused = answer(
        _runtime.reply(
            {"game": "tictactoe", "params": "", "moves": ""},
            {"searcher": searcher, "amount": amount, "evaluation": "zero"},
        )
    )
    assert refused["field"] == field
    assert message in refused["error"]


@pytest.mark.parametrize(
    ("name", "params", "moves", "field", "message"),
    [
        ("chess", "", "", "game", "the page plays tictactoe, connect4, hex"),
        ("take_away:TakeAway", "", "", "game", "not 'take_away:TakeAway'"),
        ("hex", "size=99", "", "params", "size"),
        ("hex", "colour=red", "", "params", "give a parameter of hex as NAME=VALUE"),
        ("tictactoe", "", "4,4", "moves", "'4' is not legal here"),
        ("tictactoe", "", "4;alert(1)", "moves", "moves must be at most 1000 moves"),
        ("tictactoe", "", "0,3,1,4,2,5", "moves", "none (the game is over)"),
        ("kuhn", "players=3", "", "params", "takes no parameters"),
        ("nim", "piles=(3000, 3000), players=2", "", "params", "has 6,000 moves here"),
    ],
)
def test_a_bad_position_is_refused_beside_its_control(
    name: str, params: str, moves: str, field: str, message: str
) -> None:
    refused = answer(_runtime.position({"game": name, "params": params, "moves": moves}, 0))
    assert refused["field"] == field
    assert message in refused["error"]


def test_no_reply_once_the_game_is_over() -> None:
    refused = answer(
        _runtime.reply(
            {"game": "tictactoe", "params": "", "moves": "0,3,1,4,2"},
            {"searcher": "alphabeta", "amount": None, "evaluation": "own"},
        )
    )
    assert refused == {"error": "the game is over: there is no move to search", "field": "moves"}


@pytest.mark.parametrize("params", ["size=4, k=3", "size=4 k=3", "size = 4 ,k=3"])
def test_parameters_are_separated_by_commas_or_spaces(params: str) -> None:
    assert len(shown("tictactoe", "", params)["cells"]) == 4


def test_nim_moves_are_written_with_a_dash_for_their_comma() -> None:
    view = shown("nim", "0-2")
    assert view["piles"] == [1, 4, 5]
    assert "1-4" in view["legal"]


def test_pig_rolls_with_the_dice_drawn_by_the_page() -> None:
    entry = GAMES["pig"].params
    assert shown("pig", "roll")["chance"]
    faces = [
        answer(_runtime.chance({"game": "pig", "params": entry, "moves": "roll"}, draw))["move"]
        for draw in (0, 0.5, 0.99)
    ]
    assert faces == ["1", "4", "6"]
    view = shown("pig", "roll,4")
    assert (view["turn_total"], view["scores"], view["legal"]) == (4, [0, 0], ["roll", "hold"])


def test_kuhn_poker_hides_the_other_card_until_the_end() -> None:
    view = shown("kuhn", "2,0", you=0)
    assert view["cards"] == ["K", None]
    assert view["legal"] == ["0", "1"]
    assert "0" not in view["text"].replace("player 0", "")  # the text hides it too
    assert shown("kuhn", "2,0", you=1)["cards"] == [None, "J"]
    assert shown("kuhn", "2,0,1,0")["cards"] == ["K", "J"]  # over: both shown


def test_kuhn_pokers_computer_draws_its_move_from_the_cfr_strategy() -> None:
    # With the jack, facing a bet, the equilibrium always folds.
    reply = answer(
        _runtime.reply(
            {"game": "kuhn", "params": "", "moves": "2,0,1"},
            {"searcher": "cfr", "amount": 1000, "evaluation": "own"},
            0.999,
        )
    )
    assert reply["move"] == "0"
    assert reply["odds"].startswith("pass 1.00")
    assert reply["value"]["whom"] == "player 1"
    assert not reply["value"]["exact"]


def test_a_stopped_search_says_what_it_had_found(monkeypatch: pytest.MonkeyPatch) -> None:
    # The worker stops a search by raising KeyboardInterrupt in it; here the fourth depth does.
    from gamesearch.web import _searching

    real = _searching._DEPTH_FIRST["alphabeta"]
    calls = []

    def interrupted(*args: Any, **options: Any) -> Any:
        calls.append(options.get("depth"))
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **options)

    monkeypatch.setitem(_searching._DEPTH_FIRST, "alphabeta", interrupted)
    told: list[str] = []
    reply = answer(
        _runtime.reply(
            {"game": "connect4", "params": "", "moves": "3"},
            {"searcher": "alphabeta", "amount": 9, "evaluation": "own"},
            0.5,
            told.append,
        )
    )
    assert reply["stopped"]
    assert reply["said"].startswith("stopped after ")
    assert "the best found so far" in reply["said"]
    assert reply["value"]["how"].startswith("at depth 3")
    assert [line.split()[:2] for line in told] == [["depth", "1"], ["depth", "2"], ["depth", "3"]]


def test_a_stop_before_any_result_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from gamesearch.web import _searching

    def at_once(*args: Any, **options: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setitem(_searching._DEPTH_FIRST, "alphabeta", at_once)
    reply = answer(
        _runtime.reply(
            {"game": "connect4", "params": "", "moves": ""},
            {"searcher": "alphabeta", "amount": 5, "evaluation": "own"},
        )
    )
    assert reply["stopped"]
    assert reply["move"] is None
    assert "before the search had a result" in reply["said"]


def test_a_link_gives_a_game_its_parameters_and_a_position_checked() -> None:
    assert answer(_runtime.link("?game=connect4&moves=3,3,4")) == {
        "game": "connect4", "params": "", "moves": "3,3,4", "first": "you", "tree": None,
    }  # fmt: skip
    assert answer(_runtime.link("?game=hex&params=size%3D5&first=engine"))["params"] == "size=5"
    assert answer(_runtime.link("")) == {
        "game": None, "params": None, "moves": None, "first": "you", "tree": None,
    }  # fmt: skip
    assert answer(_runtime.link("?tree=figure-5.2"))["tree"] == "figure-5.2"


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("?code=import%20os", "link", "may give game, params, moves, first, tree, not 'code'"),
        ("?game=tictactoe&source=x", "link", "not 'source'"),
        ("?game=take_away:TakeAway", "game", "the page plays"),
        ("?game=os:system", "game", "the page plays"),
        ("?game=tictactoe&moves=4;alert(1)", "moves", "moves must be at most"),
        ("?game=tictactoe&moves=4,4", "moves", "'4' is not legal here"),
        ("?game=tictactoe&moves=" + ",".join(["1"] * 1001), "moves", "at most 1000"),
        ("?moves=4", "game", "a link's moves and parameters need its game"),
        ("?tree=<script>", "tree", "no textbook tree '<script>'"),
        ("?game=tictactoe&first=nobody", "first", "first must be you or engine"),
        ("?game=hex&params=size%3D1", "params", "size"),
        ("?game=" + "x" * 9000, "link", "the link's query is too long"),
        ("?game=tictactoe&game=connect4", "link", "each of its values once, not 'game' twice"),
        ("?game=tictactoe&moves=-1", "moves", "'-1' is not legal here"),
        ("?game=nim&params=piles%3D(1%2C2)%20piles%3D(3%2C)", "params", "piles is given 2 times"),
    ],
)  # fmt: skip
def test_a_hostile_link_is_refused_beside_its_control(query: str, field: str, message: str) -> None:
    refused = answer(_runtime.link(query))
    assert refused["field"] == field
    assert message in refused["error"]


def test_the_search_of_a_position_is_the_step_through_page_of_that_search() -> None:
    found = answer(
        _runtime.search_page(
            {"game": "tictactoe", "params": "", "moves": "4,0,8"},
            {"searcher": "alphabeta", "amount": 2, "evaluation": "zero"},
        )
    )
    data = page_data(found["page"])
    assert len(data["nodes"]) >= found["nodes"]  # every node searched is drawn, and the pruned
    assert data["steps"]
    assert found["value"]["whom"] == "O"
    refused = answer(
        _runtime.search_page(
            {"game": "tictactoe", "params": "", "moves": "4,0,8"},
            {"searcher": "alphabeta", "amount": 2, "evaluation": "none"},
        )
    )
    assert refused["field"] == "step-amount"
    assert '"0 for every unfinished position" in "at the limit"' in refused["error"]
    assert "empty the limit" in refused["error"]
    assert not PYTHON_ADVICE.search(refused["error"])


def test_the_pages_default_step_through_runs_as_filled_in() -> None:
    # A fresh page: tic-tac-toe, alpha-beta to 2, scored 0 at the limit (the game has no
    # evaluate, so the step-through's menu starts there, labelled a blind estimate).
    found = answer(
        _runtime.search_page(
            {"game": "tictactoe", "params": "", "moves": ""},
            {"searcher": "alphabeta", "amount": 2, "evaluation": "zero"},
        )
    )
    assert page_data(found["page"])["steps"]
    assert "a blind estimate" in found["value"]["how"]


@pytest.mark.parametrize("size", [4, 5])
def test_hex_steps_through_proof_number_search_with_the_reasons_of_its_knowledge(
    size: int,
) -> None:
    at = {"game": "hex", "params": f"size={size}", "moves": ""}
    view = shown("hex", "", f"size={size}")
    assert ["pns", "proof-number search"] in view["steps"]
    found = answer(_runtime.search_page(at, {"searcher": "pns", "amount": None}))
    assert found["value"]["exact"]  # the first player wins Hex: proven, not guessed
    assert found["value"]["how"] == "proven: X wins"
    story = json.dumps(page_data(found["page"])["steps"])
    assert "proven, its value 1 (X wins here), by the game's knowledge [X joins" in story
    assert "Left out:" in story  # the moves Hex's knowledge leaves out, and why


def test_only_games_of_two_players_without_chance_step_through_proof_number_search() -> None:
    for name, game in GAMES.items():
        view = shown(name, "")
        keys = [key for key, _ in view["steps"]]
        two_without_chance = len(view["players"]) == 2 and view["kind"] not in ("dice", "cards")
        assert ("pns" in keys) == two_without_chance, game.title


@pytest.mark.parametrize("searcher", ["alphabeta", "engine"])
def test_a_win_the_search_has_reached_is_proven_not_an_estimate(searcher: str) -> None:
    """O completes four in column 3: the search's +1 is a win through a finished game."""
    at = {"game": "connect4", "params": "", "moves": "0,3,0,3,1,3,6"}
    amount = 5 if searcher == "alphabeta" else 1
    reply = answer(_runtime.reply(at, {"searcher": searcher, "amount": amount}))
    assert reply["move"] == "3"
    assert reply["exact"]
    assert reply["value"]["short"].startswith("+1 for O, exact (proven: O wins")
    stepped = answer(_runtime.search_page(at, {"searcher": "alphabeta", "amount": 2}))
    assert stepped["value"]["exact"]


def test_an_estimate_of_a_win_that_is_not_forced_stays_an_estimate() -> None:
    """Scored 0 at its limit, a depth-2 search of an open board proves nothing."""
    at = {"game": "connect4", "params": "", "moves": "3,3,4"}
    reply = answer(_runtime.reply(at, {"searcher": "alphabeta", "amount": 2, "evaluation": "zero"}))
    assert not reply["exact"]
    assert "an estimate" in reply["value"]["short"]


@pytest.mark.parametrize("searcher", ["mcts", "pns"])
def test_other_families_step_through_from_the_board(searcher: str) -> None:
    found = answer(
        _runtime.search_page(
            {"game": "tictactoe", "params": "", "moves": "4,0,8,2"},
            {"searcher": searcher, "amount": 20, "evaluation": "own"},
        )
    )
    assert page_data(found["page"])["steps"]


def test_the_textbook_trees_step_through_their_search() -> None:
    settings = answer(_runtime.settings())
    assert [key for key, _ in settings["trees"]] == list(TEXTBOOK)
    for key in TEXTBOOK:
        found = answer(_runtime.textbook_page(key))
        assert "<!DOCTYPE html>" in found["page"], key
    data = page_data(answer(_runtime.textbook_page("figure-5.2"))["page"])
    assert len(data["nodes"]) == 13  # A, B, C, D and nine leaves; C2 and C3 pruned


def test_hex_five_by_five_s_proof_says_what_closed_each_node() -> None:
    # The teacher's question: why is a node proven at once? Each step that closes a node by
    # Hex's knowledge names the connection or the threats, with the cells they need, and the
    # node is drawn as the game's knowledge decided it (a double outline).
    data = page_data(answer(_runtime.textbook_page("hex5-pns"))["page"])
    closed = [step for step in data["steps"] if "by the game's knowledge" in step["text"]]
    assert len(closed) == 2  # O's c3 answered by X's c4, O's b5 by X's c3: X wins either way
    for step in closed:
        assert "virtual connection" in step["text"] or "X's threats" in step["text"]
        assert "knowledge" in step["set"][str(step["node"])]["status"]
    assert any("a full virtual connection (H-search) needing" in s["text"] for s in closed)
    texts = [step["text"] for step in data["steps"]]
    region = [text for text in texts if "outside the must-play region" in text]
    assert region
    assert all("must play in the cells every one needs" in text for text in region)


def test_the_worker_calls_by_name_and_never_raises() -> None:
    at = '{"game": "tictactoe", "params": "", "moves": "4"}'
    assert answer(_runtime.call("position", f"[{at}, 0]"))["mover"] == "O"
    told: list[str] = []
    search = '{"searcher": "alphabeta", "amount": 2}'
    _runtime.call("reply", f'[{{"game": "connect4", "moves": "3"}}, {search}]', told.append)
    assert told[0].startswith("depth 1")
    for name, arguments in [("nothing", "[]"), ("position", "{"), ("position", "[1, 2, 3, 4, 5]"),
                            ("position", "[null]"), ("reply", '["tictactoe"]')]:  # fmt: skip
        assert "error" in answer(_runtime.call(name, arguments)), (name, arguments)


@pytest.mark.parametrize(("name", "moves"), [("nim", "0-1,0-1"), ("rolit", "")])
def test_mcts_estimates_a_game_that_is_not_zero_sum(name: str, moves: str) -> None:
    # MCTS-Solver proves values of zero-sum games only: Nim's and Rolit's utilities are 1 and 0.
    reply = answer(
        _runtime.reply(
            {"game": name, "params": GAMES[name].params, "moves": moves},
            {"searcher": "mcts", "amount": 100, "evaluation": "own"},
        )
    )
    assert "error" not in reply, reply
    assert reply["value"]["how"] == "by 100 playouts of MCTS"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["game", "params", "moves", "searcher", "amount", "evaluation", "x"]),
            children,
            max_size=4,
        )
    ),
    max_leaves=12,
)
QUICK = st.fixed_dictionaries(
    {"game": st.sampled_from(["tictactoe", "nim", "kuhn", "chess", ""]),
     "params": st.sampled_from(["", "size=3", "piles=(1, 2), players=2", "x=1", "size=0"]),
     "moves": st.sampled_from(["", "4", "0,1", "4,4", "a1", "0-1", "2,0", "1,2,1"])},
)  # fmt: skip


@pytest.mark.slow
@settings(max_examples=300)
@given(
    st.sampled_from(["position", "chance", "reply", "search_page", "link", "textbook_page",
                     "own_game", "settings", "nothing"]),
    st.lists(st.one_of(JSON, QUICK), max_size=5),
)  # fmt: skip
def test_any_call_of_the_worker_answers_json_and_never_raises(name: str, args: list[Any]) -> None:
    # Hostile arguments of every shape; the positions are small enough that every search ends.
    if name == "own_game":
        args = [arg for arg in args if not isinstance(arg, str)]  # no code to run here
    found = json.loads(_runtime.call(name, json.dumps(args)))
    assert isinstance(found, dict)
    if "error" in found:
        assert isinstance(found["error"], str)
        assert "Traceback" not in found["error"]


def test_a_blind_search_warning_is_told_in_the_pages_words() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.warn("... Pass evaluate=(state, player) -> estimate", BlindSearchWarning, 1)
    said = _warned(caught, position_of("tictactoe", "", ""))
    assert "tic-tac-toe has no evaluate of its own" in said
    assert "give it more seconds" in said
    assert not PYTHON_ADVICE.search(said)
    assert _warned([], position_of("tictactoe", "", "")) == ""
