"""The recursion limit is the program's: searches that raise it put it back, on threads too.

Found by watching the limit around every test: searches on a thread pool saved one another's
raised limits and put those back, so the limit grew from 1,000 to 531,441,000 in one run, and
the next search that sized a list by it asked for gigabytes.
"""

from __future__ import annotations

import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from gamesearch import TranspositionTable, alphabeta, expectiminimax, iterative_deepening
from gamesearch._recursion import raised_recursion_limit, recursion_limit
from gamesearch.games import Pig, TicTacToe


def test_overlapping_raises_on_two_threads_put_the_limit_back() -> None:
    before = sys.getrecursionlimit()
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, int] = {}

    def first() -> None:
        with raised_recursion_limit(3) as base:
            seen["first base"] = base
            first_in.set()
            second_in.wait(5)
        first_out.set()  # leaves first, while the second still runs raised

    def second() -> None:
        first_in.wait(5)
        with raised_recursion_limit(3) as base:
            seen["second base"] = base
            seen["while raised"] = recursion_limit()
            second_in.set()
            first_out.wait(5)
            seen["after the first left"] = sys.getrecursionlimit()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert seen == {
        "first base": before,
        "second base": before,  # not the first's raised limit
        "while raised": before,
        "after the first left": 3 * before,  # still raised for the search still running
    }
    assert sys.getrecursionlimit() == before


@pytest.mark.slow
def test_many_searches_on_a_thread_pool_leave_the_limit_as_it_was() -> None:
    before = sys.getrecursionlimit()
    game, pig = TicTacToe(), Pig(goal=10)
    searches = [
        lambda: alphabeta(game, table=TranspositionTable()),  # the engine's loop: raised 3x
        lambda: iterative_deepening(game),
        lambda: expectiminimax(pig, depth=3, trace=lambda event: None),
    ] * 8
    with ThreadPoolExecutor(max_workers=4) as pool:
        values = list(pool.map(lambda search: search().value, searches))
    serial = [search().value for search in searches[:3]]
    assert values == serial * 8  # the same values as one at a time
    assert sys.getrecursionlimit() == before
