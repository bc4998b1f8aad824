"""``--searcher pns`` and ``--searcher dfpn`` in the command (issue 38).

They prove as ``mtdf`` does and say so; stopped by ``--time`` or ``-o node_limit=N`` before
the proof, they claim no value and print the bounds they did prove (``value_range``); a
``--depth`` and a game of chance are refused by name. ``play`` and ``match`` play them too.
"""

from __future__ import annotations

import re

import pytest
from cli_helpers import call

from gamesearch.games import Hex, TicTacToe
from gamesearch.proofs import dfpn, pns

PROVERS = {"pns": pns, "dfpn": dfpn}


@pytest.mark.parametrize("name", PROVERS)
def test_solve_with_a_proof_searcher_proves_the_draw_as_the_library_does(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    game = TicTacToe()
    state = game.parse("X.. / .O. / ...")
    expected = PROVERS[name](game, state)
    status, out, err = call(capsys, "solve", "tictactoe", "--moves", "0", "4", "--searcher", name)
    assert status == 0, err
    assert f"search: {name} to the end of the game\n" in out
    assert "proven draw\n" in out
    assert f"value: {expected.value:g} for X (proven)\n" in out
    assert f"nodes: {expected.stats.nodes:,} " in out


@pytest.mark.parametrize("name", PROVERS)
def test_a_proof_stopped_by_its_node_limit_prints_the_bounds_it_proved(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    expected = PROVERS[name](Hex(7), node_limit=300)  # 6x6 falls to H-search at once
    low, high = expected.value_range or (None, None)
    status, out, err = call(
        capsys, "solve", "hex", "-p", "size=7", "--searcher", name, "-o", "node_limit=300"
    )
    assert status == 0, err
    assert f"not proven: the value lies in [{low:g}, {high:g}]: the node limit, 300," in out
    assert f"value: within [{low:g}, {high:g}] for X (proven bounds)\n" in out
    assert "nan" not in out
    assert "estimate" not in out


@pytest.mark.slow
def test_a_proof_stopped_by_time_says_the_time_limit_stopped_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = call(capsys, "solve", "hex", "-p", "size=7", "--searcher", "dfpn",
                            "--time", "0.2")  # fmt: skip
    assert status == 0, err
    assert "search: dfpn to the end of the game, at most 0.2 s\n" in out
    found = re.search(r"^not proven: the value lies in \[(\S+), (\S+)\]: the 0.2 s limit", out,
                      re.MULTILINE)  # fmt: skip
    assert found is not None, out
    assert float(found[1]) <= Hex(7).win_utility <= float(found[2])  # X wins: not excluded


@pytest.mark.parametrize("name", PROVERS)
def test_a_depth_is_refused_by_a_proof_searcher(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    status, _, err = call(capsys, "solve", "tictactoe", "--searcher", name, "--depth", "3")
    assert status == 2
    assert f"--searcher {name} proves the value to the end of the game: it takes no --depth" in err


def test_a_game_of_chance_is_refused_by_a_proof_searcher(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = call(capsys, "solve", "hog", "--searcher", "dfpn")
    assert status == 2
    assert "--searcher dfpn: hog is a game of chance" in err


def test_a_proof_searcher_that_proves_nothing_still_plays_its_match_moves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 20 nodes prove nothing on 4x4 Hex: no move is named, and the first action is played.
    status, out, err = call(capsys, "match", "hex", "-p", "size=4", "dfpn", "pns", "--games",
                            "2", "-o", "node_limit=20", "--quiet")  # fmt: skip
    assert status == 0, err
    assert "A dfpn" in out
    assert "B pns" in out


@pytest.mark.parametrize("name", PROVERS)
def test_the_tree_command_tells_a_proof_search_step_by_step(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    status, out, err = call(capsys, "tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--searcher", name,
                            "--narrate")  # fmt: skip
    assert status == 0, err
    assert "question 1: is A's value at least +inf?" in out
    assert "choose B by action 0, the most-proving node (A -> B), (3, 1)" in out
    assert "result: A = 3, best action 0; proven exactly" in out
