"""Keywords renamed so that each means one thing: the old spelling works, warns, and clashes.

``maxn``'s ``bounds`` is now ``sum_bounds`` (``bounds`` is the ``(lowest, highest)`` utility in
``expectiminimax`` and ``mcts``), Monte Carlo CFR's ``exploration`` is ``epsilon`` (UCB's
constant in ``mcts`` and ``ismcts``), and ``parallel_search``'s ``batch`` and ``table`` are
``wave_size`` and ``part_tables`` (``solve``'s entries per transaction; the other searchers'
transposition table). Each old spelling gives the same answer as the new one, with a
:class:`DeprecationWarning` pointing at the caller's line; both at once are refused.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis.strategies import SearchStrategy

from gamesearch import InvalidSearchOptionError, maxn, parallel_search
from gamesearch._deprecation import renamed_keyword, renamed_keywords_of
from gamesearch.cli._options import parse_options
from gamesearch.games import GameTree, TicTacToe
from gamesearch.imperfect import KuhnPoker, MCCFRSolver, mccfr
from gamesearch.testing import maxn_trees

THREE = GameTree([[(6, 3, 1), (7, 1, 2)], [(2, 5, 3), (9, 1, 0), (8, 0, 2)]], num_players=3)
TICTACTOE = TicTacToe()
OPENING = TICTACTOE.parse("X.. / .O. / ...")


def _maxn(**options: Any) -> Any:
    result = maxn(THREE, pruning="shallow", **options)
    return result.values, result.action, result.pv, result.stats.nodes, result.stats.cutoffs


def _mccfr(**options: Any) -> Any:
    result = mccfr(KuhnPoker(), iterations=200, scheme="outcome", rng=3, **options)
    return result.strategy, result.exploitability


def _solver(**options: Any) -> Any:
    solver = MCCFRSolver(KuhnPoker(), scheme="outcome", rng=3, **options)
    solver.iterate(200)
    return solver.result(measure=False).strategy


def _parallel(**options: Any) -> Any:
    result = parallel_search(TICTACTOE, OPENING, order=TICTACTOE.order, **options)
    return result.value, result.action, result.pv, result.stats.nodes


RENAMED: list[tuple[str, Callable[..., Any], Callable[..., Any], str, str, object]] = [
    ("maxn", maxn, _maxn, "bounds", "sum_bounds", (0, 10)),
    ("mccfr", mccfr, _mccfr, "exploration", "epsilon", 0.4),
    ("MCCFRSolver", MCCFRSolver, _solver, "exploration", "epsilon", 0.4),
    ("parallel_search", parallel_search, _parallel, "batch", "wave_size", 2),
    ("parallel_search", parallel_search, _parallel, "table", "part_tables", True),
]
IDS = [f"{name}-{old}" for name, _, _, old, _, _ in RENAMED]


@pytest.mark.parametrize(("name", "function", "call", "old", "new", "value"), RENAMED, ids=IDS)
def test_the_old_spelling_gives_the_same_answer_with_a_warning_at_the_callers_line(
    name, function, call, old, new, value
):
    expected = call(**{new: value})
    with pytest.warns(DeprecationWarning, match=rf"{name}: {old}= is deprecated; use {new}=") as w:
        found = call(**{old: value})
    assert found == expected
    assert [warning.filename for warning in w] == [__file__]  # the line that used the old name


@pytest.mark.parametrize(("name", "function", "call", "old", "new", "value"), RENAMED, ids=IDS)
def test_the_old_and_the_new_spelling_together_are_refused(name, function, call, old, new, value):
    with pytest.raises(InvalidSearchOptionError, match=rf"{name}: {old}= is the deprecated name"):
        call(**{old: value, new: value})


@pytest.mark.parametrize(("name", "function", "call", "old", "new", "value"), RENAMED, ids=IDS)
def test_the_signature_shows_the_new_name_and_the_function_knows_the_old(
    name, function, call, old, new, value
):
    target = function.__init__ if isinstance(function, type) else function
    parameters = inspect.signature(target).parameters
    assert new in parameters
    assert old not in parameters
    assert renamed_keywords_of(target)[old] == new


def test_maxn_trees_takes_sum_bounds_and_its_old_name_with_a_warning():
    assert isinstance(maxn_trees(3, sum_bounds=(0, 10)), SearchStrategy)
    with pytest.warns(DeprecationWarning, match=r"maxn_trees: bounds= is deprecated"):
        strategy = maxn_trees(3, bounds=(0, 10))
    assert isinstance(strategy, SearchStrategy)
    with pytest.raises(InvalidSearchOptionError, match="deprecated name of sum_bounds"):
        maxn_trees(3, bounds=(0, 10), sum_bounds=(0, 10))


def test_the_command_line_reads_an_old_option_name_as_the_new_one():
    options = parse_options(["sum_bounds=(0, 1)"], "maxn", maxn)
    with pytest.warns(DeprecationWarning, match=r"-o bounds: deprecated for maxn; give -o sum"):
        old = parse_options(["bounds=(0, 1)"], "maxn", maxn)
    assert old == options == (("sum_bounds", (0, 1)),)
    with (
        pytest.warns(DeprecationWarning, match="-o bounds: deprecated"),
        pytest.raises(InvalidSearchOptionError, match="-o sum_bounds: given twice"),
    ):
        parse_options(["sum_bounds=(0, 1)", "bounds=(0, 1)"], "maxn", maxn)


def test_decorators_stack_and_pass_positional_arguments_through():
    @renamed_keyword("f", "a", "x", "a is something else")
    @renamed_keyword("f", "b", "y", "b is something else")
    def f(first: int, *, x: int = 0, y: int = 0) -> tuple[int, int, int]:
        return first, x, y

    assert dict(renamed_keywords_of(f)) == {"a": "x", "b": "y"}
    assert list(inspect.signature(f).parameters) == ["first", "x", "y"]
    with pytest.warns(DeprecationWarning, match="is deprecated; use") as w:
        assert f(1, a=2, b=3) == (1, 2, 3)
    assert sorted(str(warning.message) for warning in w) == [
        "f: a= is deprecated; use x= (a is something else)",
        "f: b= is deprecated; use y= (b is something else)",
    ]
    assert {warning.filename for warning in w} == {__file__}
    assert renamed_keywords_of(len) == {}
