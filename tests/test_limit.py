"""``Limit``: one value for a search's limits, taken by every searcher with the same meaning.

``limit=Limit(depth=N)`` is ``depth=N`` (and likewise ``time_limit``, ``node_limit`` and
``iterations``; for ``pimc``, ``iterations`` is ``worlds``): the same search, node for node. A
field a searcher cannot keep is refused by name, with the searchers that do take it; a field
given both ways is refused; a ``Limit`` that is no limit at all is refused when it is made.
"""

from __future__ import annotations

import dataclasses
import inspect
import math
from collections.abc import Callable
from typing import Any

import pytest

from gamesearch import (
    Limit,
    alphabeta,
    iterative_deepening,
)
from gamesearch.errors import InvalidSearchOptionError
from gamesearch.games import Nim, Pig, TicTacToe
from gamesearch.imperfect import KuhnPoker
from gamesearch.searchers import FIELDS, Searcher, find_searcher, takers
from gamesearch.searchers import SEARCHERS as ROWS


def _zero(state: Any, player: int) -> float:
    return 0.0


_TTT = TicTacToe()
_NIM = Nim((1, 2, 2), players=3)
_PIG = Pig(goal=6)
_KUHN = KuhnPoker()
_DEALT = _KUHN.result(_KUHN.result(_KUHN.initial_state(), 0), 1)  # Jack, Queen: player 0 to act

Call = Callable[..., Any]


def _position(row: Searcher) -> tuple[Any, Any]:
    """A small game and state of the kind ``row`` accepts (the registry says which)."""
    if row.hidden:
        return _KUHN, (None if row.name in ("cfr", "mccfr") else _DEALT)
    if row.players == "any" and not row.chance:
        return _NIM, None
    if row.chance and row.players == "two":
        return _PIG, None
    return _TTT, _TTT.parse("XO. / .X. / O..")


_OWN_OPTIONS: dict[str, dict[str, Any]] = {
    "mcts": {"rng": 7},
    "ismcts": {"rng": 7},
    "pimc": {"rng": 7},
    "mccfr": {"rng": 7, "measure": False},
}
"""Options a searcher needs here to be reproducible (or quick), beyond its game and limits."""


def _caller(row: Searcher) -> Call:
    game, state = _position(row)
    options = dict(_OWN_OPTIONS.get(row.name, {}))
    if "depth" in row.limits:
        options["evaluate"] = _zero
    if state is not None:
        options["state"] = state
    return lambda **kw: row.function(game, **options, **kw)


SEARCHERS: dict[str, Call] = {row.name: _caller(row) for row in ROWS if row.limits}
"""Each searcher on a small game, called with the keywords given."""

SMALL: dict[str, Any] = {"depth": 2, "time_limit": 30.0, "node_limit": 40, "iterations": 20}
"""A value of each field that every searcher taking it meets quickly (time: never reached
first, with another limit beside it)."""


def _keyword(searcher: str, field: str) -> str:
    """The keyword of ``searcher`` that gives the field alone: the field's name, but one."""
    return find_searcher(searcher).keyword(field)


def _takers(field: str) -> set[str]:
    return {row.name for row in ROWS if field in row.limits}


def _comparable(result: Any) -> Any:
    """What of a result must be the same, whichever way its limits were given: not the time."""
    fields = {f.name: getattr(result, f.name) for f in dataclasses.fields(result)}
    for timed in ("stats", "elapsed", "seconds"):
        fields.pop(timed, None)
    stats = getattr(result, "stats", None)
    counts = None if stats is None else dataclasses.replace(stats, elapsed=0.0)
    return repr(sorted(fields.items(), key=lambda item: item[0])), counts


# (searcher, field) pairs where the field limits the search by itself (not time: a timed search
# is not reproducible), checked node for node.
_SAME = [
    (searcher, field)
    for field in ("depth", "node_limit", "iterations")
    for searcher in sorted(_takers(field))
]


@pytest.mark.parametrize(("searcher", "field"), _SAME, ids=[f"{s}-{f}" for s, f in _SAME])
def test_a_limit_is_the_same_search_as_its_keyword(searcher: str, field: str) -> None:
    search = SEARCHERS[searcher]
    keyword = _keyword(searcher, field)
    by_keyword = search(**{keyword: SMALL[field]})
    by_limit = search(limit=Limit(**{field: SMALL[field]}))
    assert _comparable(by_limit) == _comparable(by_keyword)


_NEEDY = sorted(row.name for row in ROWS if row.needs_limit)


def test_the_searchers_that_need_a_limit_are_those_of_a_time_but_the_engine() -> None:
    # The convention the registry writes down: a searcher that takes a time needs some limit,
    # but iterative_deepening, which runs to the end of the game without one.
    assert set(_NEEDY) == _takers("time_limit") - {"iterative_deepening"}


@pytest.mark.parametrize("searcher", _NEEDY)
def test_a_time_alone_is_a_limit_where_one_is_needed(searcher: str) -> None:
    """These searchers refuse to run without a limit: a ``Limit(time_limit=)`` alone is one."""
    search = SEARCHERS[searcher]
    row = find_searcher(searcher)
    with pytest.raises(InvalidSearchOptionError, match=f"^{searcher} needs a limit") as raised:
        search()
    for field in row.limits:  # the message names each limit by the searcher's keyword
        assert f"{row.keyword(field)}=" in str(raised.value)
    result = search(limit=Limit(time_limit=0.02))
    done = getattr(result, "iterations", None) or getattr(result, "worlds", None)
    assert (done or result.stats.nodes) >= 1


def test_a_time_stops_iterative_deepening_before_the_game_is_solved() -> None:
    """Connect Four from the empty board takes far longer than a tenth of a second to solve."""
    from gamesearch.games import ConnectFour

    result = iterative_deepening(ConnectFour(), limit=Limit(time_limit=0.1))
    assert not result.exact
    assert result.depth is not None
    assert result.depth >= 1


_REFUSED = [
    (searcher, field)
    for searcher in sorted(SEARCHERS)
    for field in FIELDS
    if searcher not in _takers(field)
]


@pytest.mark.parametrize(("searcher", "field"), _REFUSED, ids=[f"{s}-{f}" for s, f in _REFUSED])
def test_a_field_the_searcher_cannot_keep_is_refused_by_name(searcher: str, field: str) -> None:
    limit = Limit(**{field: SMALL[field]})
    with pytest.raises(InvalidSearchOptionError) as raised:
        SEARCHERS[searcher](limit=limit)
    message = str(raised.value)
    given = f"{_keyword(searcher, field)}={SMALL[field]!r}"
    assert message.startswith(f"{searcher} cannot keep {given} (in {limit!r})")
    assert message.endswith(f"The searchers that take {field} are {takers(field)}")


_REFUSED_KEYWORDS = [
    (searcher, field)
    for searcher, field in _REFUSED
    if _keyword(searcher, field) in inspect.signature(find_searcher(searcher).function).parameters
]
"""The refused limits a searcher also has a keyword for (to refuse it by name)."""


@pytest.mark.parametrize(
    ("searcher", "field"), _REFUSED_KEYWORDS, ids=[f"{s}-{f}" for s, f in _REFUSED_KEYWORDS]
)
def test_a_keyword_the_searcher_cannot_keep_is_refused_in_the_same_words(
    searcher: str, field: str
) -> None:
    keyword = _keyword(searcher, field)
    with pytest.raises(InvalidSearchOptionError) as raised:
        SEARCHERS[searcher](**{keyword: SMALL[field]})
    message = str(raised.value)
    assert message.startswith(f"{searcher} cannot keep {keyword}={SMALL[field]!r}:")
    assert message.endswith(f"The searchers that take {field} are {takers(field)}")


_TWICE = [(searcher, field) for searcher, field in _SAME]


@pytest.mark.parametrize(("searcher", "field"), _TWICE, ids=[f"{s}-{f}" for s, f in _TWICE])
def test_a_field_given_both_ways_is_refused(searcher: str, field: str) -> None:
    keyword = _keyword(searcher, field)
    with pytest.raises(InvalidSearchOptionError, match=f"given twice, as {keyword}=3"):
        SEARCHERS[searcher](limit=Limit(**{field: SMALL[field]}), **{keyword: 3})


@pytest.mark.parametrize("searcher", sorted(SEARCHERS))
@pytest.mark.parametrize("bad", [3, {"depth": 3}, "depth=3"], ids=repr)
def test_a_limit_that_is_not_a_limit_is_refused(searcher: str, bad: object) -> None:
    with pytest.raises(InvalidSearchOptionError, match=r"limit must be a gamesearch\.Limit"):
        SEARCHERS[searcher](limit=bad)


@pytest.mark.parametrize("field", ["depth", "node_limit", "iterations"])
@pytest.mark.parametrize("bad", [0, -1, True, 2.0, "3", math.inf], ids=repr)
def test_a_count_that_is_not_a_count_is_refused_when_made(field: str, bad: object) -> None:
    with pytest.raises(InvalidSearchOptionError, match=f"Limit: {field} must be an int >= 1"):
        Limit(**{field: bad})  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [0, -0.5, math.nan, math.inf, True, "1"], ids=repr)
def test_a_time_that_is_not_seconds_is_refused_when_made(bad: object) -> None:
    with pytest.raises(InvalidSearchOptionError, match="Limit: time_limit must be a finite number"):
        Limit(time_limit=bad)  # type: ignore[arg-type]


def test_a_limit_is_a_value() -> None:
    limit = Limit(depth=4, time_limit=0.5)
    assert limit == Limit(time_limit=0.5, depth=4)
    assert hash(limit) == hash(Limit(time_limit=0.5, depth=4))
    assert repr(limit) == "Limit(depth=4, time_limit=0.5)"
    assert repr(Limit()) == "Limit()"
    with pytest.raises(dataclasses.FrozenInstanceError):
        limit.depth = 5  # type: ignore[misc]


def test_an_empty_limit_is_no_limit() -> None:
    """``Limit()`` leaves every field to its keyword: the search is the unlimited one."""
    game, state = _TTT, _TTT.parse("XO. / .X. / O..")
    assert _comparable(alphabeta(game, state, limit=Limit())) == _comparable(
        alphabeta(game, state)
    )
