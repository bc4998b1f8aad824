"""A message that suggests an option suggests one the searcher at hand takes (issue 45).

``pns`` on a game with a cycle suggested ``depth=N``, which ``pns`` refuses; ``gamesearch solve
hex --searcher dfpn`` stopped by Ctrl-C suggested ``--depth N``, which the command refuses for
``dfpn``. Every suggestion is now made from the registry's row of the searcher at hand: these
tests take each suggestion and give it, and the searcher must take it.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any

import pytest
from helpers import Countdown, Cycle

from gamesearch import CyclicGameError, InvalidSearchOptionError, SearchTooDeepError, dfpn, pns
from gamesearch._recursion import cycle_error, stopping_sooner
from gamesearch.cli import main
from gamesearch.frontdoor.making import make_game
from gamesearch.frontdoor.plans import TABLE, flags, no_estimate_hint, plan
from gamesearch.frontdoor.running import Interrupted
from gamesearch.searchers import SEARCHERS, Searcher, find_searcher

COMMAND = [row for row in SEARCHERS if row.command] + [find_searcher(TABLE)]
"""What ``--searcher`` offers: the rows marked for the command, and the table solver."""


def _game_for(row: Searcher) -> str:
    """A reference game ``row``'s searcher takes, by name on the command line."""
    if row.chance:
        return "pig" if row.players == "two" else "nim"
    return "tictactoe" if row.players == "two" else "nim"


def _plan(row: Searcher, *command: str) -> Any:
    """The command's plan of ``solve GAME --searcher ROW`` with ``command``'s flags."""
    spec, game, members = make_game(_game_for(row), [], "solve")
    parser = argparse.ArgumentParser()
    parser.add_argument("--depth", type=int)
    parser.add_argument("--time", type=float)
    parser.add_argument("-o", dest="option", action="append", default=[])
    args = parser.parse_args(list(command))
    args.searcher = row.name
    return plan(spec, game, args, play=False, members=members)


def _given(flag: str) -> list[str]:
    """A flag as the suggestions write it, given a value: ``--depth N`` is ``--depth 2``."""
    return flag.replace(" N", " 2").replace(" S", " 1").replace("=N", "=20").split()


@pytest.mark.parametrize("row", COMMAND, ids=lambda row: row.name)
def test_every_flag_a_searcher_is_said_to_take_is_taken(row: Searcher) -> None:
    for flag in flags(row.name):
        _plan(row, *_given(flag))  # no refusal


SUGGESTED = re.compile(r"--depth N|--time S|-o \w+=N")


def _suggested(message: str) -> list[str]:
    return SUGGESTED.findall(message)


@pytest.mark.parametrize("row", COMMAND, ids=lambda row: row.name)
def test_the_hint_after_ctrl_c_suggests_only_what_the_searcher_takes(row: Searcher) -> None:
    # solve hex --searcher dfpn, stopped by Ctrl-C, suggested --depth N.
    _, game, members = make_game(_game_for(row), [], "solve")
    chosen = _plan(row)
    hint = no_estimate_hint(game, members, chosen, named=True)
    for flag in _suggested(hint):
        assert flag in flags(row.name), hint
        _plan(row, *_given(flag))


@pytest.mark.parametrize("row", COMMAND, ids=lambda row: row.name)
@pytest.mark.parametrize("refused", ["--depth 2", "--time 1", "-o node_limit=20", "-o depth=2"])
def test_a_refusal_suggests_only_what_the_searcher_takes(row: Searcher, refused: str) -> None:
    try:
        _plan(row, *refused.split())
    except InvalidSearchOptionError as error:
        message = str(error)
    else:
        return  # taken: nothing to suggest
    own = [flag for flag in _suggested(message) if f"give it {flag}" in message]
    for flag in own:
        assert flag in flags(row.name), message
    if "--time needs the " in message:  # the searchers named are those that take --time
        named = message.split("--time needs the ")[1].split(" searcher")[0]
        for name in re.findall(r"\w+", named.replace(" or ", ", ")):
            assert "--time S" in flags(name), message


@pytest.mark.parametrize("row", SEARCHERS, ids=lambda row: row.name)
def test_a_cycle_or_a_deep_game_is_met_with_advice_the_searcher_takes(row: Searcher) -> None:
    # pns on a game with a cycle suggested depth=N, which pns refuses.
    said = stopping_sooner(row.name)
    assert said in str(cycle_error("s", row.name))
    if "depth" in row.limits:
        assert said.startswith("pass depth=N")
        for field in re.findall(r"(\w+)=\.\.\.", said):
            assert field in row.limits
    else:
        assert "depth=N" not in said.split(": search it with")[0]
        for name in re.findall(r"search it with ([\w, ]+?),? with depth", said):
            for other in re.split(r", | or ", name):
                assert "depth" in find_searcher(other).limits


def test_pns_on_a_cycle_names_searchers_that_take_a_depth() -> None:
    with pytest.raises(CyclicGameError) as refused:
        pns(Cycle(3))
    message = str(refused.value)
    assert "pns searches to the end of the game and takes no depth" in message
    assert "Pass depth=N" not in message


def test_a_proof_search_too_deep_suggests_no_depth() -> None:
    with pytest.raises(SearchTooDeepError) as refused:
        dfpn(Countdown(sys.getrecursionlimit() * 3))
    assert "dfpn searches to the end of the game and takes no depth" in str(refused.value)


def test_ctrl_c_in_dfpn_does_not_suggest_a_depth(monkeypatch, capsys) -> None:
    # solve hex --searcher dfpn, interrupted: "--time S or --depth N gives one".
    import gamesearch.cli._commands as commands

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise Interrupted(None, 1.5)

    monkeypatch.setattr(commands, "run", interrupted)
    status = main(["solve", "hex", "-p", "size=5", "--searcher", "dfpn"])
    err = capsys.readouterr().err
    assert status == 130
    assert "--depth" not in err
    assert "--time S stops it with the bounds proven so far" in err


def test_a_bad_option_is_refused_before_anything_is_printed(capsys) -> None:
    # -o node_limit=0 printed the board and the search's header, then the refusal.
    for searcher in ("dfpn", "mcts"):
        with pytest.raises(SystemExit) as stopped:
            main(["solve", "tictactoe", "--searcher", searcher, "-o", "node_limit=0"])
        out, err = capsys.readouterr()
        assert stopped.value.code == 2
        assert out == ""
        assert "node_limit must be an int >= 1" in err
