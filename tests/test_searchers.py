"""The registry of searchers is the one source: every searcher has its row, and its row is true.

Issue 37: a new searcher touched fourteen files, among them sentences of prose split by a
regex. Now a searcher is one row of ``gamesearch.searchers``. These tests fail when a searcher is
added without its row, and when a row says something of its searcher that the searcher does not
do: the limits its signature takes, its observer, and the kinds of game it accepts and refuses
(each refusal naming the searchers that accept the game, read from the same rows).
"""

from __future__ import annotations

import importlib
import inspect
import re
from typing import Any

import pytest
from docs_pages import built
from helpers import search_by_row, search_with_a_small_limit

import gamesearch
from gamesearch import InvalidSearchOptionError, UnsupportedGameError
from gamesearch.games import GameTree, Nim, Pig
from gamesearch.games.tree import Chance
from gamesearch.imperfect import KuhnPoker
from gamesearch.searchers import (
    FIELDS,
    SEARCHERS,
    Searcher,
    accepting,
    find_searcher,
    takers,
)
from gamesearch.trace import Prune

PUBLIC_MODULES = (
    "gamesearch",
    "gamesearch.twoplayer",
    "gamesearch.proofs",
    "gamesearch.chance",
    "gamesearch.multiplayer",
    "gamesearch.montecarlo",
    "gamesearch.parallel",
    "gamesearch.solving",
    "gamesearch.imperfect",
)
"""The modules whose ``__all__`` holds the searchers."""


def public_searchers() -> dict[str, Any]:
    """The public searchers by name: every function that takes a ``limit``, and the solvers.

    Taking ``limit=`` is the searchers' convention; the solvers take a game and build a table.
    """
    found: dict[str, Any] = {}
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            member = getattr(module, name)
            if inspect.isfunction(member) and "limit" in inspect.signature(member).parameters:
                found[name] = member
    found["solve"] = gamesearch.solve
    found["opening_book"] = gamesearch.solving.opening_book
    return found


def test_every_public_searcher_has_its_row():
    rows = {row.name: row.function for row in SEARCHERS}
    missing = sorted(set(public_searchers()) - set(rows))
    assert not missing, (
        f"{missing} take a limit= and are exported, but have no row: add a Searcher(...) row "
        "for each to SEARCHERS in src/gamesearch/searchers.py"
    )
    for name, function in public_searchers().items():
        assert rows[name] is function, (
            f"{name}'s row in src/gamesearch/searchers.py names another function: its path "
            f"must be {function.__module__}:{function.__name__}"
        )


@pytest.mark.parametrize("row", SEARCHERS, ids=lambda row: row.name)
def test_every_row_names_its_function_by_its_path(row: Searcher):
    module, _, name = row.path.partition(":")
    assert row.name == name, f"{row.name}'s row: its path {row.path} ends in another name"
    assert callable(getattr(importlib.import_module(module), name, None)), (
        f"{row.name}'s row: {row.path} is not a function (path is 'module:function')"
    )


def test_the_names_are_unique_and_found():
    assert len({row.name for row in SEARCHERS}) == len(SEARCHERS)
    for row in SEARCHERS:
        assert find_searcher(row.name) is row
    with pytest.raises(InvalidSearchOptionError, match="the searchers are minimax, alphabeta"):
        find_searcher("minmax")


@pytest.mark.parametrize("row", SEARCHERS, ids=lambda row: row.name)
def test_a_row_keeps_the_limits_its_signature_takes(row: Searcher):
    parameters = inspect.signature(row.function).parameters
    taken = {
        field
        for field in FIELDS
        if row.keyword(field) in parameters
        and parameters[row.keyword(field)].annotation not in (None, "None")
    }
    assert set(row.limits) == taken, (
        f"{row.name}'s row keeps the limits {row.limits}, its signature takes {sorted(taken)}: "
        "make the row's limits (src/gamesearch/searchers.py) the fields its signature takes "
        "(a keyword annotated None is refused, not taken)"
    )
    assert ("limit" in parameters) == bool(row.limits), (
        f"{row.name}: a searcher that keeps a limit takes limit=Limit(...) too, and one that "
        "keeps none takes no limit="
    )


@pytest.mark.parametrize("row", SEARCHERS, ids=lambda row: row.name)
def test_a_row_says_whether_its_searcher_tells_an_observer(row: Searcher):
    traced = "trace" in inspect.signature(row.function).parameters
    assert traced == (row.events != "none"), (
        f"{row.name}'s row says its events are {row.events!r}, but its signature "
        f"{'takes' if traced else 'has no'} trace=: set events in src/gamesearch/searchers.py "
        "('depth-first', 'monte-carlo', 'proof-number', or 'none' without an observer)"
    )


@pytest.mark.parametrize("row", SEARCHERS, ids=lambda row: row.name)
def test_a_row_is_of_its_familys_folder_and_says_what_it_promises(row: Searcher):
    assert row.path.startswith(f"gamesearch.{row.family}."), (
        f"{row.name}'s row says its family is {row.family}, but {row.path} is not in "
        f"src/gamesearch/{row.family}/"
    )
    assert row.promises, f"{row.name}'s row: say what its result promises (promises=...)"


@pytest.mark.parametrize("field", ["depth", "time_limit", "node_limit", "iterations"])
def test_the_takers_of_a_field_are_the_rows_that_keep_it(field):
    keeping = [row.name for row in SEARCHERS if field in row.limits]
    said = takers(field)
    named = [name for part in said.split(", ") for name in part.split(" and ")]
    assert named == keeping, f"takers({field!r}) said {said!r}: not the rows that keep it"


GAMES: dict[str, tuple[Any, dict[str, Any]]] = {
    "two players": (Nim((1, 2), players=2), {"players": 2, "chance": False, "hidden": False}),
    "three players": (Nim((1, 2), players=3), {"players": 3, "chance": False, "hidden": False}),
    "two players, chance": (Pig(goal=3), {"players": 2, "chance": True, "hidden": False}),
    "three players, chance": (
        GameTree([Chance([(0.5, (1, 0, 0)), (0.5, (0, 1, 0))]), (0, 0, 1)], num_players=3),
        {"players": 3, "chance": True, "hidden": False},
    ),
    "hidden cards": (KuhnPoker(), {"players": 2, "chance": True, "hidden": True}),
}
"""A game of each kind, with the kind as the registry reads it."""


_PERFECT = [row for row in SEARCHERS if not row.hidden]
_CASES = [(row, kind) for row in _PERFECT for kind in GAMES]


@pytest.mark.parametrize(
    ("row", "kind"), _CASES, ids=[f"{row.name}-{kind}" for row, kind in _CASES]
)
def test_a_searcher_accepts_the_kinds_of_game_its_row_says_and_refuses_the_others(
    row: Searcher, kind: str
):
    game, declared = GAMES[kind]
    if row.accepts(**declared):
        search_with_a_small_limit(row, game)  # no refusal
        return
    with pytest.raises(UnsupportedGameError) as refused:
        search_with_a_small_limit(row, game)
    message = str(refused.value)
    assert message.startswith(f"{row.name} searches ")
    if declared["hidden"]:
        for name in ("cfr", "ismcts", "pimc"):
            assert name in message
        return
    others = accepting(**declared)
    assert others, f"no searcher accepts {kind}"
    tail = f"{', '.join(others[:-1])} or {others[-1]}" if len(others) > 1 else others[0]
    assert message.endswith(f"search it with {tail}")


def test_the_searchers_named_for_a_game_that_hides_something_are_rows_that_take_one():
    from gamesearch._kinds import IMPERFECT_INFORMATION_SEARCHERS

    hidden = {row.name for row in SEARCHERS if row.hidden}
    named = {name for name in hidden if name in IMPERFECT_INFORMATION_SEARCHERS}
    assert named == hidden  # cfr, mccfr, ismcts and pimc, each a row for games that hide


def limits_table() -> dict[str, tuple[set[str], bool]]:
    """docs/choosing.md's table of limits, as built: each searcher's limits, and if it needs one."""
    lines = built("choosing.md").splitlines()
    head = next(n for n, line in enumerate(lines) if line.startswith("| searcher | `depth` |"))
    fields = [cell.strip(" `") for cell in lines[head].strip("|").split("|")[1:5]]
    table: dict[str, tuple[set[str], bool]] = {}
    for line in lines[head + 2 :]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        kept = {field for field, cell in zip(fields, cells[1:5], strict=True) if cell != "no"}
        for name in re.findall(r"`(\w+)`", cells[0]):
            assert name not in table, f"{name} has two rows"
            table[name] = (kept, cells[5].startswith("refused"))
    return table


def test_the_table_of_limits_in_the_docs_is_the_registrys():
    assert limits_table() == {
        row.name: (set(row.limits), row.needs_limit) for row in SEARCHERS
    }


@pytest.mark.parametrize("row", SEARCHERS, ids=lambda row: row.name)
def test_a_row_is_exported_where_it_says(row: Searcher):
    for package in row.exports:
        assert package in ("gamesearch", f"gamesearch.{row.family}"), (
            f"{row.name}'s row says {package} exports it: a searcher is exported by its "
            f"family's package (gamesearch.{row.family}) and, if it belongs at the top, by "
            "gamesearch"
        )
        module = importlib.import_module(package)
        init = f"src/{package.replace('.', '/')}/__init__.py"
        assert getattr(module, row.name, None) is row.function, (
            f"{package} does not export {row.name}, which its row says it does: add "
            f"'from {row.path.partition(':')[0].replace(package, '')} import {row.name}' to "
            f"{init} and {row.name!r} to its __all__ (or take {package!r} out of the row)"
        )


_TRACED = [
    (row, kind)
    for kind in ("two players", "three players", "two players, chance")
    for row in SEARCHERS
    if row.events != "none" and row.accepts(**GAMES[kind][1])
]


@pytest.mark.parametrize(
    ("row", "kind"), _TRACED, ids=[f"{row.name}-{kind}" for row, kind in _TRACED]
)
def test_a_searchers_cutoffs_are_the_prunes_its_trace_tells(row: Searcher, kind: str):
    # SearchStats.cutoffs means one thing in every searcher: the nodes whose actions left were
    # pruned, each told to the observer as one Prune (0 where nothing is pruned).
    game = {"two players": GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])}.get(kind, GAMES[kind][0])
    events: list[Any] = []
    options: dict[str, Any] = {"trace": events.append}
    if "depth" in row.limits and GAMES[kind][1]["chance"]:
        options["depth"] = 3
    found = search_by_row(row, game, **options)
    told = sum(isinstance(event, Prune) for event in events)
    assert found.stats.cutoffs == told, (
        f"{row.name}: stats.cutoffs is {found.stats.cutoffs}, its trace told {told} Prune "
        "events: count a cutoff where a node's actions left are pruned, and tell its Prune"
    )
