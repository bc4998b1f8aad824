"""docs/reference.md's "One word, one meaning" table is the searchers' signatures, both ways.

The page writes each keyword's meaning; the site's build adds *taken by* and *refused by*
(``docs/hooks/registry_tables.py``). Read back as built, every keyword of the listed public
functions has a row, and a row's *taken by* and *refused by* name exactly the functions whose
signature has it (refused: annotated ``None``, a limit the searcher cannot keep, which it
refuses by name).
"""

from __future__ import annotations

import functools
import inspect
import re

import pytest
from docs_pages import built, registry_tables

FUNCTIONS = registry_tables().functions()
"""The public functions whose keywords the table covers, by the name the table gives them: every
searcher of the registry, and the functions that play or measure (the docs' hook lists them)."""

_KEYWORD = re.compile(r"`(\w+)`")


def _names(cell: str) -> set[str]:
    """The function names of a table cell: backticked names, or ``all``."""
    if cell.strip() == "all":
        return set(FUNCTIONS)
    return set(re.findall(r"`([\w.]+)`", cell))


@functools.cache
def _section() -> list[str]:
    text = built("reference.md")
    start = text.index("## One word, one meaning")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None].splitlines()


@functools.cache
def _keyword_rows() -> dict[str, tuple[set[str], set[str]]]:
    """The first table: keyword to (taken by, refused by)."""
    rows: dict[str, tuple[set[str], set[str]]] = {}
    lines = _section()
    first = next(i for i, line in enumerate(lines) if line.startswith("| keyword |"))
    for line in lines[first + 2 :]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        match = _KEYWORD.fullmatch(cells[0])
        assert len(cells) == 4, f"not keyword | meaning | taken by | refused by: {line!r}"
        assert match, f"the first cell is not a `keyword`: {line!r}"
        keyword, (_, meaning, taken, refused) = match.group(1), cells
        assert keyword not in rows, f"{keyword} has two rows"
        assert meaning.strip(), f"{keyword} has no meaning"
        rows[keyword] = (_names(taken), _names(refused))
    return rows


@functools.cache
def _signatures() -> dict[str, tuple[set[str], set[str]]]:
    """Each keyword of the functions to (the functions that take it, those that refuse it)."""
    found: dict[str, tuple[set[str], set[str]]] = {}
    for name, function in FUNCTIONS.items():
        for parameter in inspect.signature(function).parameters.values():
            if parameter.name == "self":
                continue
            taken, refused = found.setdefault(parameter.name, (set(), set()))
            refuses = parameter.annotation in (None, "None")
            (refused if refuses else taken).add(name)
    return found


def test_every_keyword_has_one_row_and_every_row_is_a_keyword():
    rows, signatures = set(_keyword_rows()), set(_signatures())
    missing, stale = sorted(signatures - rows), sorted(rows - signatures)
    assert not missing, (
        f"docs/reference.md's table 'One word, one meaning' has no row for {missing}: add "
        "'| `KEYWORD` | what it means |' to it"
    )
    assert not stale, f"no function takes {stale}: remove their rows from docs/reference.md"


@pytest.mark.parametrize("keyword", sorted(_signatures()))
def test_the_row_names_exactly_the_functions_that_take_the_keyword(keyword):
    taken, refused = _keyword_rows()[keyword]
    assert (taken, refused) == _signatures()[keyword]
