"""Hostile limits, given to every searcher of the registry: refused in its own words, or kept.

Issue 45: ``time_limit=10**400`` passed every check (it is an int above 0 and below infinity)
and then raised a raw ``OverflowError`` in every timed searcher, computing its deadline. Seconds
are a float: an int no float holds is refused, as NaN and infinity are (``None`` is no limit).
Every limit field, given by keyword or in a ``Limit``, gets the same treatment from every
searcher: NaN, infinities, bools, zero, negatives, a fraction where a count is due, huge
numbers; and a message never prints a 400-digit number in full.
"""

from __future__ import annotations

import inspect
import math
from typing import Any

import pytest

from gamesearch import CHANCE, InvalidSearchOptionError, Limit
from gamesearch.games import GameTree
from gamesearch.imperfect import KuhnPoker
from gamesearch.searchers import FIELDS, SEARCHERS, Searcher

HOSTILE: dict[str, list[Any]] = {
    "time_limit": [math.nan, math.inf, -math.inf, True, False, 0, 0.0, -1, -1e-9, 10**400,
                   -(10**400), "1", None.__class__],
    "count": [math.nan, math.inf, -math.inf, True, False, 0, -1, 1e-9, 1.0, 2.5, -(10**400),
              "1"],
}  # fmt: skip
"""What no searcher takes for a limit: for the seconds, and for a count (depth, node_limit,
iterations)."""


def _zero(state: Any, player: int) -> float:
    return 0.0


def _dealt(game: KuhnPoker) -> Any:
    state = game.initial_state()
    while game.to_move(state) == CHANCE:
        state = game.result(state, game.actions(state)[0])
    return state


def search(row: Searcher, **limits: Any) -> Any:
    """``row``'s searcher on a small game of a kind it accepts, with ``limits`` as keywords."""
    if row.hidden:
        game: Any = KuhnPoker()
        arguments = [game] if row.name in ("cfr", "mccfr") else [game, _dealt(game)]
    else:
        arguments = [GameTree([[1, -1], [0, [2, -2]]])]  # zero-sum, for negamax
    options: dict[str, Any] = {}
    if row.name in ("mcts", "mccfr", "ismcts", "pimc"):
        options["rng"] = 1
    if "depth" in row.limits:
        options["evaluate"] = _zero
    if row.name == "opening_book":
        options["plies"] = 1
    return row.function(*arguments, **options, **limits)


def _cases() -> list[tuple[Searcher, str, Any]]:
    found = []
    for row in SEARCHERS:
        for field in row.limits:
            kind = "time_limit" if field == "time_limit" else "count"
            found.extend((row, field, value) for value in HOSTILE[kind])
    return found


CASES = _cases()


@pytest.mark.parametrize(
    ("row", "field", "value"),
    CASES,
    ids=[f"{row.name}-{field}-{str(value)[:12]}" for row, field, value in CASES],
)
def test_a_hostile_limit_is_refused_by_every_searcher_that_keeps_the_field(
    row: Searcher, field: str, value: Any
) -> None:
    # time_limit=10**400 raised OverflowError in iterative_deepening, pns, dfpn, mcts, cfr...
    with pytest.raises(InvalidSearchOptionError) as by_keyword:
        search(row, **{row.keyword(field): value})
    message = str(by_keyword.value)
    assert row.keyword(field) in message
    assert len(message) < 300  # no 400-digit number printed in full
    with pytest.raises(InvalidSearchOptionError, match=f"Limit: {field} must be"):
        Limit(**{field: value})


def _refused_fields() -> list[tuple[Searcher, str]]:
    found = []
    for row in SEARCHERS:
        parameters = inspect.signature(row.function).parameters
        found.extend(
            (row, field)
            for field in FIELDS
            if field not in row.limits and row.keyword(field) in parameters
        )
    return found


REFUSED = _refused_fields()


@pytest.mark.parametrize(
    ("row", "field"), REFUSED, ids=[f"{row.name}-{field}" for row, field in REFUSED]
)
@pytest.mark.parametrize("value", [math.nan, True, 10**400, -1], ids=repr)
def test_a_field_the_searcher_cannot_keep_is_refused_whatever_its_value(
    row: Searcher, field: str, value: Any
) -> None:
    with pytest.raises(InvalidSearchOptionError, match=f"{row.name} cannot keep") as refused:
        search(row, **{row.keyword(field): value})
    assert len(str(refused.value)) < 400


TIMED = [row for row in SEARCHERS if "time_limit" in row.limits]


@pytest.mark.parametrize("row", TIMED, ids=lambda row: row.name)
@pytest.mark.parametrize("seconds", [1e-9, 5e-324, 10**300, 1e300], ids=repr)
def test_a_time_limit_that_a_float_holds_is_kept_however_short_or_long(
    row: Searcher, seconds: float
) -> None:
    # The short ones have passed at the first reading of the clock; the long ones never come
    # (a small game ends first, or a count stops the searchers that need a limit).
    counts = {row.keyword("iterations"): 3} if "iterations" in row.limits else {}
    found = search(row, time_limit=seconds, **counts)
    assert found is not None
    assert search(row, limit=Limit(time_limit=seconds), **counts) is not None


COUNTED = [
    (row, field) for row in SEARCHERS for field in ("depth", "node_limit") if field in row.limits
]


@pytest.mark.parametrize(
    ("row", "field"), COUNTED, ids=[f"{row.name}-{field}" for row, field in COUNTED]
)
def test_a_huge_count_is_no_limit_in_practice(row: Searcher, field: str) -> None:
    # A count is an int of any size: the small game ends long before it.
    assert search(row, **{field: 10**400}) is not None
