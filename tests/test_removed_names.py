"""Names removed in 0.3.0: the old module paths are no modules, the old keywords no keywords.

Issue 28 gave each dotted name one meaning: the modules that shared their function's name were
renamed (``gamesearch.play`` to ``gamesearch.playing``, ``gamesearch.imperfect.cfr`` to
``gamesearch.imperfect.regret``, ...), and so were the keywords used in another sense
(``maxn``'s ``bounds`` to ``sum_bounds``, ...). Issue 37: the aliases that kept the old
spellings working with a ``DeprecationWarning`` are gone in 0.3.0, with the packages
``gamesearch.solve`` and ``gamesearch.mcts`` and the module ``gamesearch.table`` deprecated in
0.2.0. CHANGELOG.md's "Removed" says what replaces each; the short names stay the functions.
"""

from __future__ import annotations

import importlib
import pickle
import types
from collections.abc import Callable
from typing import Any

import pytest

import gamesearch
from gamesearch import InvalidSearchOptionError, maxn, parallel_search
from gamesearch.frontdoor.options import parse_options
from gamesearch.games import GameTree, TicTacToe
from gamesearch.imperfect import KuhnPoker, MCCFRSolver, mccfr
from gamesearch.testing import maxn_trees

REMOVED_MODULES = [
    # (old path, the module that replaces it, a name found there)
    ("gamesearch.solve", "gamesearch.solving", "Solution"),
    ("gamesearch.solve.solution", "gamesearch.solving.solution", "Solution"),
    ("gamesearch.mcts", "gamesearch.montecarlo", "MCTSTree"),
    ("gamesearch.mcts.tree", "gamesearch.montecarlo.tree", "MCTSTree"),
    ("gamesearch.table", "gamesearch", "TranspositionTable"),
    ("gamesearch.play", "gamesearch.playing", "GameRecord"),
    ("gamesearch.tournament", "gamesearch.tournaments", "TournamentResult"),
    ("gamesearch.imperfect.cfr", "gamesearch.imperfect.regret", "CFRSolver"),
    ("gamesearch.imperfect.mccfr", "gamesearch.imperfect.sampled_regret", "MCCFRSolver"),
    ("gamesearch.imperfect.best_response", "gamesearch.imperfect.best_responses", "nash_conv"),
    ("gamesearch.imperfect.ismcts", "gamesearch.imperfect.information_set_mcts", "ISMCTSResult"),
    ("gamesearch.imperfect.pimc", "gamesearch.imperfect.world_sampling", "PIMCResult"),
    (
        "gamesearch.imperfect.convergence",
        "gamesearch.imperfect.convergence_curves",
        "ConvergenceCurve",
    ),
]

FUNCTIONS = [
    # (a function's dotted name, which was also a module's, and the module that defines it)
    ("gamesearch.solve", "gamesearch.solving"),
    ("gamesearch.mcts", "gamesearch.montecarlo"),
    ("gamesearch.play", "gamesearch.playing"),
    ("gamesearch.tournament", "gamesearch.tournaments"),
    ("gamesearch.imperfect.cfr", "gamesearch.imperfect.regret"),
    ("gamesearch.imperfect.mccfr", "gamesearch.imperfect.sampled_regret"),
    ("gamesearch.imperfect.best_response", "gamesearch.imperfect.best_responses"),
    ("gamesearch.imperfect.ismcts", "gamesearch.imperfect.information_set_mcts"),
    ("gamesearch.imperfect.pimc", "gamesearch.imperfect.world_sampling"),
    ("gamesearch.imperfect.convergence", "gamesearch.imperfect.convergence_curves"),
]


def _attribute(dotted: str) -> object:
    """The object at ``dotted``, reached attribute by attribute from ``gamesearch``."""
    found: object = gamesearch
    for part in dotted.split(".")[1:]:
        found = getattr(found, part)
    return found


@pytest.mark.parametrize(("old", "new", "name"), REMOVED_MODULES)
def test_a_path_removed_in_0_3_is_no_module_and_its_names_are_at_the_new_path(old, new, name):
    with pytest.raises(ModuleNotFoundError, match=r"No module named 'gamesearch\.") as caught:
        importlib.import_module(old)
    missing = caught.value.name
    assert missing is not None
    assert f"{old}.".startswith(f"{missing}.")  # the path, or the removed package above it
    assert hasattr(importlib.import_module(new), name)  # where CHANGELOG.md says it went


@pytest.mark.parametrize(("dotted", "module"), FUNCTIONS)
def test_the_short_name_stays_the_function_when_its_module_and_the_old_path_are_imported(
    dotted, module
):
    defining = importlib.import_module(module)
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(dotted)
    function = _attribute(dotted)
    short = dotted.rpartition(".")[2]
    assert not isinstance(function, types.ModuleType)
    assert function is getattr(defining, short)
    assert callable(function)
    assert function.__module__.startswith(module)
    assert _attribute(module) is defining  # the module, as an attribute of its package


def test_a_pickle_naming_a_removed_module_no_longer_loads():
    record = gamesearch.play(
        TicTacToe(), [gamesearch.random_player(seed=1), gamesearch.random_player(seed=2)]
    )
    made = pickle.dumps(record, protocol=0)
    assert pickle.loads(made) == record
    old = made.replace(b"gamesearch.playing\n", b"gamesearch.play\n")
    assert b"gamesearch.play\nGameRecord" in old
    with pytest.raises(ModuleNotFoundError, match=r"No module named 'gamesearch\.play'"):
        pickle.loads(old)


THREE = GameTree([[(6, 3, 1), (7, 1, 2)], [(2, 5, 3), (9, 1, 0), (8, 0, 2)]], num_players=3)
TICTACTOE = TicTacToe()
OPENING = TICTACTOE.parse("X.. / .O. / ...")

RENAMED_KEYWORDS: list[tuple[str, Callable[..., Any], str, str, object]] = [
    # (the function, a call of it with one keyword, the old keyword, the new one, a value)
    ("maxn", lambda **kw: maxn(THREE, pruning="shallow", **kw), "bounds", "sum_bounds", (0, 10)),
    ("maxn_trees", lambda **kw: maxn_trees(3, **kw), "bounds", "sum_bounds", (0, 10)),
    (
        "mccfr",
        lambda **kw: mccfr(KuhnPoker(), iterations=2, scheme="outcome", measure=False, **kw),
        "exploration",
        "epsilon",
        0.4,
    ),
    ("MCCFRSolver", lambda **kw: MCCFRSolver(KuhnPoker(), **kw), "exploration", "epsilon", 0.4),
    (
        "parallel_search",
        lambda **kw: parallel_search(TICTACTOE, OPENING, order=TICTACTOE.order, **kw),
        "batch",
        "wave_size",
        2,
    ),
    (
        "parallel_search",
        lambda **kw: parallel_search(TICTACTOE, OPENING, order=TICTACTOE.order, **kw),
        "table",
        "part_tables",
        True,
    ),
]


@pytest.mark.parametrize(
    ("name", "call", "old", "new", "value"),
    RENAMED_KEYWORDS,
    ids=[f"{name}-{old}" for name, _, old, _, _ in RENAMED_KEYWORDS],
)
def test_a_keyword_renamed_before_0_3_is_taken_by_its_new_name_only(name, call, old, new, value):
    call(**{new: value})
    with pytest.raises(TypeError, match=rf"unexpected keyword argument '{old}'"):
        call(**{old: value})


def test_the_command_line_refuses_an_old_option_name_and_lists_the_new_one():
    assert parse_options(["sum_bounds=(0, 1)"], "maxn", maxn) == (("sum_bounds", (0, 1)),)
    with pytest.raises(
        InvalidSearchOptionError, match=r"-o bounds: maxn has no option 'bounds'.*sum_bounds"
    ):
        parse_options(["bounds=(0, 1)"], "maxn", maxn)
