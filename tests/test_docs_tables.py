"""The docs' lists of searchers and games are made from the registries when the site is built.

``docs/hooks/registry_tables.py`` replaces each ``<!-- registry: ... -->`` marker by its list:
no row is kept by hand, and a new searcher or game appears in every list from its row alone.
"""

from __future__ import annotations

import functools
import inspect

import pytest
from docs_pages import DOCS, built, registry_tables

from gamesearch.games import reference_games
from gamesearch.searchers import SEARCHERS

PAGES = sorted(path.name for path in DOCS.glob("*.md"))


@pytest.mark.parametrize("page", PAGES)
def test_every_page_is_built_with_its_lists_made(page: str) -> None:
    assert "<!-- registry:" not in built(page)


@functools.cache
def _references() -> set[str]:
    return {
        line.removeprefix("::: ").strip()
        for page in PAGES
        for line in built(page).splitlines()
        if line.startswith("::: ")
    }


@pytest.mark.parametrize("row", SEARCHERS, ids=lambda row: row.name)
def test_every_searcher_of_the_registry_is_in_the_reference(row) -> None:
    shown = registry_tables()._reference(row)
    assert shown in _references(), (
        f"no page lists the family {row.family}: add '<!-- registry: searchers {row.family} -->' "
        "to docs/reference.md's section '## Searchers' (or to the page of the family)"
    )


@pytest.mark.parametrize(
    "spec",
    [spec for spec in reference_games() if inspect.isclass(spec.factory)],  # not tree's function
    ids=lambda spec: spec.name,
)
def test_every_game_of_the_registry_is_in_the_reference(spec) -> None:
    named = spec.factory.__qualname__
    assert any(path.endswith(f".{named}") for path in _references()), (
        f"no page lists {named}: keep '<!-- registry: games -->' in docs/reference.md"
    )


def test_every_searcher_has_its_row_in_the_table_of_limits() -> None:
    table = "\n".join(registry_tables().limits_table())
    for row in SEARCHERS:  # one without a limit too, which says so
        assert f"`{row.name}`" in table, row.name


def test_a_keyword_without_a_meaning_is_named_with_where_to_add_it() -> None:
    table = ["| keyword | meaning |", "| --- | --- |", "| `game` | The game. |"]
    with pytest.raises(registry_tables().TableError) as refused:
        registry_tables().keyword_table(table, "docs/reference.md")
    message = str(refused.value)
    assert "has no row for state (of minimax" in message
    assert "add '| `KEYWORD` | what it means |' to the table under '## One word, one meaning'" in (
        message
    )


def test_a_marker_of_no_list_is_refused() -> None:
    with pytest.raises(registry_tables().TableError, match="no list is called 'tables'"):
        registry_tables().expand("<!-- registry: tables -->", "docs/x.md")
    with pytest.raises(registry_tables().TableError, match="no searcher is of the family sss"):
        registry_tables().expand("<!-- registry: searchers sss -->", "docs/x.md")
