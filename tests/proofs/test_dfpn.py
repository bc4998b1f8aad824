"""df-pn's own arithmetic: how an OR node's numbers follow from its children's (issue 38)."""

from __future__ import annotations

from typing import Any

import pytest

from gamesearch._budget import Budget
from gamesearch._keyed import KeyedTable
from gamesearch.capabilities import Capabilities
from gamesearch.games import TicTacToe
from gamesearch.proofs._question import INFINITE, Question
from gamesearch.proofs.dfpn import EPSILON, MIN_ENTRIES, DepthFirst

OPEN = {"a": (2, 5), "b": (3, 3), "c": (INFINITE, 0)}
"""An OR node's children by action, their proof and disproof numbers: ``c`` is disproven."""


def or_node_numbers(children: dict[str, tuple[int, int]], *, weak: bool) -> tuple[int, int]:
    """The proof and disproof numbers df-pn gives an OR node whose children have ``children``."""
    game = TicTacToe()
    root = game.initial_state()
    question = Question(game, root, Capabilities.of(game), None, None)
    table: KeyedTable[Any] = KeyedTable(MIN_ENTRIES)
    search = DepthFirst(question, root, table, EPSILON, Budget(), weak=weak)
    search.view = lambda item, is_or, fresh: (*children[item[0]], -1.0, 1.0)  # type: ignore[method-assign]
    listed = [(action, None, action, 1, float("nan")) for action in children]
    phi, delta, *_ = search.gather(listed, True, None, {})
    return phi, delta


@pytest.mark.parametrize("weak", [True, False])
def test_an_or_node_s_proof_number_is_its_least_child_s(weak: bool) -> None:
    assert or_node_numbers(OPEN, weak=weak)[0] == 2


def test_a_weak_disproof_number_is_the_largest_plus_one_per_other_open_child() -> None:
    # Ueda et al. 2008: max(5, 3) + 1 for the other open child; the disproven child counts 0.
    assert or_node_numbers(OPEN, weak=True)[1] == 5 + 1


def test_without_weak_numbers_the_disproof_number_is_the_sum() -> None:
    assert or_node_numbers(OPEN, weak=False)[1] == 5 + 3 + 0


@pytest.mark.parametrize("weak", [True, False])
def test_an_or_node_whose_every_child_is_disproven_is_disproven(weak: bool) -> None:
    disproven = {"a": (INFINITE, 0), "b": (INFINITE, 0)}
    assert or_node_numbers(disproven, weak=weak) == (INFINITE, 0)
