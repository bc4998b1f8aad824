"""A search's budget: the time limit kept within a small slack, however slow a node is.

Issue 45: ``pns`` and ``dfpn`` read the clock once every 1,024 nodes, whatever a node cost: on
Hex 11x11 (a millisecond a node) ``time_limit=0.05`` ran 0.4 s. A :class:`~gamesearch._budget.Pace`
reads it as often as the nodes' cost asks. These tests run on a fake clock that only the game's
members move (a millisecond a call): no assertion depends on how fast the machine is.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

import pytest

from gamesearch import CHANCE, Player
from gamesearch._budget import GAP, MOST_BETWEEN, Pace, nodes_between
from gamesearch.imperfect import KuhnPoker
from gamesearch.searchers import SEARCHERS, Searcher

STEP = 0.001
"""What a call of a slow game's ``result`` or ``evaluate`` costs on the fake clock."""


class FakeClock:
    """``time.perf_counter`` as the tests see it: moved by the game, and a little by each reading.

    Each reading moves it by 20 microseconds, so that a loop that reads the clock and calls
    nothing of the game (CFR's iterations over its flat arrays) still reaches its deadline.
    """

    def __init__(self) -> None:
        self.now = 1000.0
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += 2e-5
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(time, "perf_counter", fake)
    return fake


class SlowTree:
    """Five moves a turn for six plies, each ``result`` (and ``evaluate``) a millisecond long.

    No two lines meet (a state is its line), and the leaves' values are spread so that no
    search proves the root in the fifty nodes that fit in a time limit of 0.05 s.
    """

    num_players = 2

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock

    def initial_state(self) -> tuple[int, ...]:
        return ()

    def to_move(self, state: tuple[int, ...]) -> Player:
        return len(state) % 2

    def actions(self, state: tuple[int, ...]) -> Sequence[int]:
        return () if len(state) == 6 else range(5)

    def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        self.clock.advance(STEP)
        return (*state, action)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return len(state) == 6

    def utility(self, state: tuple[int, ...], player: Player) -> float:
        value = float(sum(move * 7**ply for ply, move in enumerate(state)) % 3 - 1)
        return value if player == 0 else -value

    def evaluate(self, state: tuple[int, ...], player: Player) -> float:
        self.clock.advance(STEP)
        return 0.0


class SlowKuhn(KuhnPoker):
    """Kuhn poker whose ``result`` takes a millisecond."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__()
        self.clock = clock

    def result(self, state: Any, action: Any) -> Any:
        self.clock.advance(STEP)
        return super().result(state, action)


def _states(game: Any) -> int:
    """How many histories ``game`` has: a walk over every one costs that many steps."""
    count, stack = 0, [game.initial_state()]
    while stack:
        state = stack.pop()
        count += 1
        if not game.is_terminal(state):
            stack.extend(KuhnPoker.result(game, state, action) for action in game.actions(state))
    return count


TIMED = [row for row in SEARCHERS if "time_limit" in row.limits]


def _slack(row: Searcher, game: Any) -> float:
    """How far past its deadline ``row``'s searcher may run on ``game``.

    A searcher that reads the clock between nodes (it counts no iterations), a few nodes past
    :data:`GAP`; one that reads it between iterations, one iteration: at most a walk over the
    whole game (a CFR iteration), a playout and its expansion for Monte Carlo search.
    """
    if "iterations" not in row.limits:
        return GAP + 3 * STEP
    if isinstance(game, SlowTree):
        return (6 + 5) * STEP + GAP  # a playout to the end and an expansion
    return _states(game) * 2 * STEP + GAP  # CFR walks every history, for each player


@pytest.mark.parametrize("row", TIMED, ids=lambda row: row.name)
def test_every_timed_searcher_keeps_its_time_limit_on_a_slow_game(row: Searcher, clock):
    # pns and dfpn ran 1,024 nodes, a second on this clock, before they read it.
    game: Any = SlowKuhn(clock) if row.hidden else SlowTree(clock)
    options: dict[str, Any] = {"time_limit": 0.05}
    if row.name in ("mcts", "mccfr"):
        options["rng"] = 1
    args: list[Any] = [game]
    if row.name in ("ismcts", "pimc"):  # they choose a player's move: after the deal
        root = game.initial_state()
        while game.to_move(root) == CHANCE:
            root = KuhnPoker.result(game, root, game.actions(root)[0])
        args.append(root)
        options["rng"] = 1
    started = clock.now
    found = row.function(*args, **options)
    late = clock.now - started - 0.05
    assert late <= _slack(row, game), f"{row.name} ran {late * 1000:.1f} ms past its limit"
    if getattr(found, "exact", False) is not None and not row.hidden:
        assert not found.exact  # stopped by the limit, not by a proof


@pytest.mark.parametrize("name", ["pns", "dfpn"])
def test_a_proof_search_reads_the_clock_at_every_slow_node(name: str, clock):
    row = next(row for row in SEARCHERS if row.name == name)
    result = row.function(SlowTree(clock), time_limit=0.05)
    # 50 ms of nodes of 1 ms: at least one reading per two nodes.
    assert clock.readings >= result.stats.nodes // 2


def test_fast_steps_read_the_clock_once_every_thousand():
    readings = iter(range(1, 10**9))
    pace = Pace(deadline=math.inf - 1, clock=lambda: next(readings) * 1e-8)  # 10 ns a step
    for _ in range(100_000):
        assert not pace.spent()
    assert pace.readings <= 100_000 // MOST_BETWEEN + 12


def test_a_slow_step_makes_the_pace_read_the_clock_at_every_step():
    now = [0.0]

    def clock() -> float:
        return now[0]

    pace = Pace(deadline=100.0, clock=clock)
    for _ in range(5_000):  # cheap steps: the readings grow apart
        now[0] += 1e-7
        pace.spent()
    assert pace.due - pace.steps > 100
    for _ in range(MOST_BETWEEN):  # then dear ones: within a reading, one at every step
        now[0] += 0.01
        pace.spent()
    assert pace.due - pace.steps == 1


def test_the_readings_come_no_further_apart_than_twice_the_last():
    assert [nodes_between(last, 0.0) for last in (1, 2, 600)] == [2, 4, MOST_BETWEEN]
    assert nodes_between(10, GAP) == 1
    assert nodes_between(10, GAP / 4) == 4


def test_without_a_deadline_the_clock_is_never_read():
    def clock() -> float:
        raise AssertionError("read")

    pace = Pace(deadline=math.inf, clock=clock)
    assert not any(pace.spent() for _ in range(10_000))
