"""The docs' lists of searchers and games, made from the registries when the site is built.

An mkdocs hook (``hooks:`` in mkdocs.yml). A page asks for a list with a marker, an HTML comment
on a line of its own that the built page replaces:

- ``<!-- registry: searchers FAMILY ... -->``: a ``::: path`` reference for each searcher of
  those families in ``gamesearch.searchers`` (its name in the first package that exports it,
  else its module's path);
- ``<!-- registry: games -->``: a ``::: path`` reference for each game of
  ``gamesearch.games.registry`` made by a class;
- ``<!-- registry: limits -->``: the table of limits, one row per set of searchers that keep
  the same ones (the registry's ``limits``, ``needs_limit``, ``without_limit``);
- ``<!-- registry: command defaults -->``: what ``gamesearch solve`` and ``play`` run on each
  game by default (``gamesearch.frontdoor.plans.default_plan``);
- a table whose head is ``| keyword | meaning |`` gets two more columns, *taken by* and
  *refused by*: the functions of :data:`FUNCTIONS` whose signature has the keyword (refused:
  annotated ``None``, a limit the searcher cannot keep). The page writes each keyword's meaning;
  a keyword with no row, or a row of no keyword, is an error that says what to add or remove.

No row of these tables is written by hand: a new searcher or game appears in them from its row
(``tests/test_docs_tables.py`` builds every page's tables and reads them back).
"""

from __future__ import annotations

import inspect
import logging
import re
from collections.abc import Callable
from functools import cache
from typing import Any

MARKER = re.compile(r"^<!-- registry: (?P<what>[\w ]+) -->$", re.MULTILINE)
KEYWORD_HEAD = "| keyword | meaning |"
LIMIT_FIELDS = ("depth", "time_limit", "node_limit", "iterations")

log = logging.getLogger("mkdocs.plugins.gamesearch")


class TableError(ValueError):
    """A page's table cannot be made: the message says what to add or remove, and where."""


@cache
def functions() -> dict[str, Callable[..., Any]]:
    """The functions whose keywords the table "One word, one meaning" covers, by name.

    Every searcher of the registry, and the public functions that play, schedule or measure.
    """
    import gamesearch
    from gamesearch import imperfect
    from gamesearch.searchers import SEARCHERS

    measures = ("best_response", "exploitability", "nash_conv", "expected_values", "convergence")
    return {
        **{row.name: row.function for row in SEARCHERS},
        "play": gamesearch.play,
        "tournament": gamesearch.tournament,
        "round_robin": gamesearch.round_robin,
        "gauntlet": gamesearch.gauntlet,
        **{name: getattr(imperfect, name) for name in measures},
        "CFRSolver": imperfect.CFRSolver.__init__,
        "MCCFRSolver": imperfect.MCCFRSolver.__init__,
    }


@cache
def keywords() -> dict[str, tuple[list[str], list[str]]]:
    """Each keyword of :func:`functions` to (the functions that take it, those that refuse it)."""
    found: dict[str, tuple[list[str], list[str]]] = {}
    for name, function in functions().items():
        for parameter in inspect.signature(function).parameters.values():
            if parameter.name == "self":
                continue
            taken, refused = found.setdefault(parameter.name, ([], []))
            (refused if parameter.annotation in (None, "None") else taken).append(name)
    return found


def _names(names: list[str]) -> str:
    if len(names) == len(functions()):
        return "all"
    return ", ".join(f"`{name}`" for name in names)


def keyword_table(lines: list[str], page: str) -> list[str]:
    """The table ``| keyword | meaning |`` of ``lines``, with its *taken by* and *refused by*.

    Raises:
        TableError: a keyword of the functions has no row, or a row is no keyword's.
    """
    rows: dict[str, str] = {}
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        match = re.fullmatch(r"`(\w+)`", cells[0])
        if len(cells) != 2 or match is None:
            raise TableError(
                f"{page}: a row of the keyword table is not '| `keyword` | meaning |': {line!r}"
            )
        if match.group(1) in rows:
            raise TableError(f"{page}: the keyword {match.group(1)} has two rows; keep one")
        rows[match.group(1)] = cells[1]
    found = keywords()
    missing = [keyword for keyword in found if keyword not in rows]
    if missing:
        taken = {keyword: found[keyword][0] or found[keyword][1] for keyword in missing}
        raise TableError(
            f"{page}: the keyword table has no row for "
            + "; ".join(f"{k} (of {', '.join(taken[k])})" for k in missing)
            + ": add '| `KEYWORD` | what it means |' to the table under '## One word, one "
            "meaning' (the functions that take it are filled in when the site is built)"
        )
    stale = [keyword for keyword in rows if keyword not in found]
    if stale:
        raise TableError(
            f"{page}: no function takes {', '.join(stale)}: remove its row from the keyword table"
        )
    made = ["| keyword | meaning | taken by | refused by |", "| --- | --- | --- | --- |"]
    for keyword, meaning in rows.items():
        taken, refused = found[keyword]
        made.append(f"| `{keyword}` | {meaning} | {_names(taken)} | {_names(refused)} |")
    return made


def _reference(row: Any) -> str:
    """Where the reference shows ``row``'s searcher: as its package exports it, else its module."""
    for package in row.exports:
        return f"{package}.{row.name}"
    return row.path.replace(":", ".")


def searcher_references(families: list[str]) -> list[str]:
    """``::: path`` for each searcher of ``families``, in the registry's order."""
    from gamesearch.searchers import SEARCHERS

    known = {row.family for row in SEARCHERS}
    unknown = sorted(set(families) - known)
    if unknown:
        raise TableError(f"no searcher is of the family {', '.join(unknown)}: {sorted(known)}")
    return _references(_reference(row) for row in SEARCHERS if row.family in families)


def game_references() -> list[str]:
    """``::: path`` for each game of the registry made by a class, in the registry's order."""
    import gamesearch.games
    from gamesearch.games.registry import reference_games

    paths = []
    for spec in reference_games():
        made = spec.factory
        if not inspect.isclass(made):
            continue
        exported = getattr(gamesearch.games, made.__name__, None) is made
        shown = "gamesearch.games" if exported else made.__module__
        path = f"{shown}.{made.__qualname__}"
        paths.append(path + (_INHERITED if _mixes_in_private(made) else ""))
    return _references(paths)


_INHERITED = "\n    options:\n      inherited_members: true"
"""A reference's options that show the members a class takes from its bases."""


def _mixes_in_private(made: type) -> bool:
    """Whether a class takes members from a base in a private module of gamesearch.

    Such a base is a mixin (Hex's knowledge, say) whose members the reference shows as the
    class's own.
    """
    return any(
        base.__module__.startswith("gamesearch.")
        and base.__module__.rpartition(".")[2].startswith("_")
        for base in made.__mro__[1:]
    )


def _references(paths: Any) -> list[str]:
    lines: list[str] = []
    for path in paths:
        lines += [f"::: {path}", ""]
    return lines[:-1]


def limits_table() -> list[str]:
    """The table of limits: which searchers keep which, and what each does without one."""
    from gamesearch.searchers import SEARCHERS

    groups: dict[tuple[str, ...], list[str]] = {}
    for row in SEARCHERS:
        cells = []
        for field in LIMIT_FIELDS:
            kept = "yes" if field in row.limits else "no"
            if kept == "yes" and row.keyword(field) != field:
                kept = f"yes (as `{row.keyword(field)}`)"
            elif kept == "yes" and field == "depth" and row.chance:
                kept = "yes (decision plies)"
            cells.append(kept)
        cells.append("refused: it would run for ever" if row.needs_limit else row.without_limit)
        groups.setdefault(tuple(cells), []).append(f"`{row.name}`")
    head = " | ".join(f"`{field}`" for field in LIMIT_FIELDS)
    made = [f"| searcher | {head} | without a limit |", "| --- |" + " :---: |" * 4 + " --- |"]
    for cells, names in groups.items():
        made.append(f"| {', '.join(names)} | {' | '.join(cells)} |")
    return made


def command_defaults() -> list[str]:
    """What ``gamesearch solve`` and ``play`` run on each game of the registry by default."""
    from gamesearch.capabilities import Capabilities
    from gamesearch.frontdoor.plans import default_plan
    from gamesearch.games.registry import reference_games

    made = [
        "| game | `solve` by default | `play`, each move | `solve`'s time (`mcts`, `maxn`, "
        "`expectiminimax` given no limit) |",
        "| --- | --- | --- | --- |",
    ]
    for spec in reference_games():
        game = spec.make()
        members = Capabilities.of(game)
        said = []
        for play in (False, True):
            plan = default_plan(spec, game, play=play, members=members)
            text = plan.describe()
            if plan.depth is not None and members.evaluate is not None:
                text += f", with `{type(game).__name__}.evaluate`"
            said.append(text)
        seconds = spec.seconds or spec.move_seconds
        made.append(f"| `{spec.name}` | {said[0]} | {said[1]} | {seconds:g} s |")
    return made


def expand(markdown: str, page: str = "the page") -> str:
    """``markdown`` with every marker replaced by its list and every keyword table completed.

    Raises:
        TableError: a marker of no list, or a keyword table that does not fit the functions.
    """

    def made(match: re.Match[str]) -> str:
        what, *rest = match.group("what").split()
        if what == "searchers":
            return "\n".join(searcher_references(rest))
        listed = {
            "games": game_references,
            "limits": limits_table,
            "command defaults": command_defaults,
        }.get(match.group("what").strip())
        if listed is None:
            raise TableError(f"{page}: no list is called {match.group('what')!r}")
        return "\n".join(listed())

    markdown = MARKER.sub(made, markdown)
    lines = markdown.split("\n")
    for start, line in enumerate(lines):
        if line.startswith(KEYWORD_HEAD):
            end = start
            while end < len(lines) and lines[end].startswith("|"):
                end += 1
            lines[start:end] = keyword_table(lines[start:end], page)
            break
    return "\n".join(lines)


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any) -> str:
    """The mkdocs hook: the page's lists made (an error stops the build with its message)."""
    return expand(markdown, page.file.src_uri)
