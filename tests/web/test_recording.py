"""A search recorded for the page tells its progress as it grows, whatever it records.

MCTS enters one node (its root) and records four steps an iteration: a progress line that
counted nodes alone read "1 nodes recorded" for as long as it ran (adv46).
"""

from __future__ import annotations

import pytest

from gamesearch import mcts
from gamesearch.games import TicTacToe
from gamesearch.web import _recording
from gamesearch.web._recording import Recording


def test_the_progress_line_counts_the_steps_of_a_search_that_enters_one_node(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_recording, "_EVERY", 0.0)  # tell at every 256th step
    told: list[str] = []
    tree = Recording(TicTacToe(), told.append)
    mcts(TicTacToe(), iterations=200, trace=tree)
    assert len(told) >= 2
    steps = [int(line.split(" and ")[1].split()[0].replace(",", "")) for line in told]
    assert steps == sorted(steps)
    assert steps[-1] > steps[0]
    assert all(line.startswith("1 node and ") for line in told)  # one node: no plural
