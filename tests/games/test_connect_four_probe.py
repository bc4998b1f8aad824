"""ConnectFour's own probe of the exact solver (games/_connect_four_probe.py), and the general loop.

The probe on 64-bit words is Pons's solver for one game, kept because it pays (bench/README.md),
with a table of its own beside the engine's. It must answer what the general loop answers: the
same value, distance and best action, proven. Each check solves a position twice, once by a
ConnectFour whose ``solving_kernel`` gives the probe (whatever the build) and once by one whose
``solving_kernel`` gives none (the general loop over ``non_losing_children``), and compares the
answers; their node counts differ (the probe's table forgets, and it cuts more).
"""

from __future__ import annotations

import math
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import comparable
from hypothesis import given, settings
from hypothesis import strategies as st

import gamesearch.games.connect_four as connect_four
from gamesearch import SearchResult, TranspositionTable, build_info, iterative_deepening, mtdf
from gamesearch.capabilities import Capabilities, ProbeSetting, TableAccess
from gamesearch.games import ConnectFour
from gamesearch.games._connect_four_probe import (
    NEAR_SLOTS,
    ConnectFourBoard,
    ConnectFourProbe,
    fits,
    native,
)
from gamesearch.games._connect_four_table import SolvingTable
from gamesearch.trace import Recorder
from gamesearch.twoplayer._distances import MATE, TOP
from gamesearch.twoplayer.table import EXACT, LOWER, UNLIMITED, UPPER


class WithProbe(ConnectFour):
    """ConnectFour that runs every untraced probe on words, in the pure build too."""

    def solving_kernel(self, setting: ProbeSetting) -> ConnectFourProbe | None:
        access = setting.table
        assert access.side is not None
        board = ConnectFourBoard(self.width, self.height)
        near_capacity = min(NEAR_SLOTS, setting.capacity // 8)  # as ConnectFour's own
        table = access.side(
            ("probe", self.width, self.height),
            lambda: SolvingTable(int(board.bits), setting.capacity - near_capacity, access),
        )
        near = access.side(
            ("probe", self.width, self.height, "near"),
            lambda: SolvingTable(int(board.bits), near_capacity, access),
        )
        assert isinstance(table, SolvingTable)
        assert isinstance(near, SolvingTable)
        return ConnectFourProbe(board, setting, table, near)


class WithoutProbe(ConnectFour):
    """ConnectFour solved by the general loop, in the compiled build too."""

    def solving_kernel(self, setting: ProbeSetting) -> ConnectFourProbe | None:
        return None


def answer(result: SearchResult[Any]) -> tuple[Any, ...]:
    """What a solve must answer alike both ways: the value, its distance, the best action."""
    return result.value, result.plies_to_end, result.action, result.exact


def solved_both_ways(
    width: int, height: int, moves: str, *, max_entries: int | None = None
) -> tuple[SearchResult[Any], TranspositionTable]:
    """Solve the position of ``moves`` with and without the probe; both must answer alike."""
    answers = []
    for game in (WithProbe(width, height), WithoutProbe(width, height)):
        table = TranspositionTable() if max_entries is None else TranspositionTable(max_entries)
        solved = mtdf(game, game.from_moves(moves), table=table)
        assert solved.pv is not None
        assert solved.pv[0] == solved.action
        answers.append((solved, table))
    (with_probe, probe_table), (general, _) = answers
    assert answer(with_probe) == answer(general)
    return with_probe, probe_table


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), [(4, 4), (3, 3), (2, 2), (1, 4), (4, 1), (5, 2)])
def test_small_boards_from_empty(width: int, height: int) -> None:
    answer, table = solved_both_ways(width, height, "")
    assert answer.value in (-1.0, 0.0, 1.0)
    assert table


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), [(5, 4), (4, 5), (6, 3)])
def test_larger_boards_from_empty(width: int, height: int) -> None:
    answer, _ = solved_both_ways(width, height, "")
    assert answer.stats.nodes > 10_000  # a real search, not a settled root


@pytest.mark.parametrize(
    "moves",
    [
        "5276777426331342764535",  # middle positions of bench_compiled.py
        pytest.param("43236135677277222274", marks=pytest.mark.slow),
        pytest.param("244236466323367532465", marks=pytest.mark.slow),
        pytest.param("4175721456241667442", marks=pytest.mark.slow),
        "112233",  # X wins at once: the children are wins
    ],
)
@pytest.mark.slow
def test_standard_board_positions(moves: str) -> None:
    solved_both_ways(7, 6, moves)


@pytest.mark.slow
def test_a_small_table_forgets_but_answers_alike() -> None:
    roomy, _ = solved_both_ways(4, 4, "")
    # 4 x 4: the probe's two tables, of 7 and 1 entries asked: 4 slots and 2 (the least)
    small, table = solved_both_ways(4, 4, "", max_entries=8)
    assert len(table) <= 16
    assert small.stats.nodes > roomy.stats.nodes


def test_the_states_near_the_end_go_to_the_small_table() -> None:
    # 7 x 6, 22 stones down: the states with 16 or more empty cells (the root and four plies
    # below it) go to the large table, those with 4-15 to the small one, fewer to neither.
    game = WithProbe()
    table = TranspositionTable()
    mtdf(game, game.from_moves("5276777426331342764535"), table=table)
    large = table.side_table(("probe", 7, 6), lambda: SolvingTable(49, 1, _access(table)))
    small = table.side_table(("probe", 7, 6, "near"), lambda: SolvingTable(49, 1, _access(table)))
    assert isinstance(large, SolvingTable)
    assert isinstance(small, SolvingTable)
    assert 0 < len(large) < len(small) <= NEAR_SLOTS


def test_the_last_empty_cell_is_a_draw_leaf() -> None:
    # 2 x 2: X, O, X, then O's one cell fills the board
    drawn, _ = solved_both_ways(2, 2, "121")
    assert drawn.value == 0.0
    assert drawn.stats.leaves >= 1


@pytest.mark.slow
def test_a_table_filled_by_earlier_searches_is_read_alike() -> None:
    # Deeper positions solved first, then their parent with the same table: the probe's own
    # table persists beside it, and its entries (mirror keys among them) hold for the parent.
    answers = []
    for game in (WithProbe(4, 4), WithoutProbe(4, 4)):
        table = TranspositionTable()
        for moves in ("2232", "223", "22"):
            mtdf(game, game.from_moves(moves), table=table)
        depth_limited = iterative_deepening(game, game.from_moves("2"), depth=3, table=table)
        answers.append(answer(mtdf(game, game.from_moves("2"), table=table)))
        assert depth_limited.exact is False  # unproven entries share the table
    assert answers[0] == answers[1]


def test_the_transposition_table_reads_the_probes_entries() -> None:
    game = WithProbe(4, 3)
    table = TranspositionTable()
    solved = mtdf(game, table=table)
    assert len(table) > len(table._entries)  # the probe's entries, beside the dict's
    entry = table.get(game.solving_key(game.initial_state()))
    assert entry is not None
    assert entry.proven
    assert entry.value == solved.value  # the root's last probe proved its value


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=18, max_size=30))
def test_random_middle_positions(columns: list[int]) -> None:
    game = ConnectFour()
    state, moves = game.initial_state(), ""
    for col in columns:
        if game.is_terminal(state) or col not in game.actions(state):
            continue
        following = game.result(state, col)
        if game.is_terminal(following):
            continue
        state, moves = following, moves + str(col + 1)
    if len(moves) >= 18:
        solved_both_ways(7, 6, moves)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.lists(st.integers(0, 4), max_size=14))
def test_random_positions_on_small_boards(width: int, height: int, columns: list[int]) -> None:
    game = ConnectFour(width, height)
    state, moves = game.initial_state(), ""
    for col in columns:
        if col < width and not game.is_terminal(state) and col in game.actions(state):
            following = game.result(state, col)
            if not game.is_terminal(following):
                state, moves = following, moves + str(col + 1)
    if width * height - len(moves) <= 14 or width * height <= 16:
        solved_both_ways(width, height, moves)


@pytest.mark.slow
def test_a_traced_solve_answers_as_the_probe() -> None:
    game = WithProbe(4, 3)  # traced, the general loop runs: the events are its nodes
    assert answer(mtdf(game)) == answer(mtdf(game, trace=Recorder()))


def test_fits_the_boards_of_a_word() -> None:
    assert fits(7, 6)
    assert fits(6, 7)
    assert fits(4, 4)
    assert fits(1, 1)
    assert not fits(8, 7)  # 64 bits
    assert not fits(16, 2)  # 16 columns: more than the move sorter's nibbles
    assert not fits(9, 6)  # 63 bits


def _access(table: TranspositionTable) -> TableAccess:
    """``table`` as a game's own loop writes it, with the engine's encoding."""
    return TableAccess(
        table._entries, table.store_raw, 1, TOP, MATE, EXACT, LOWER, UPPER, UNLIMITED,
        table.side_table,
    )


def _setting(win: float = 1.0, root: object = 0) -> ProbeSetting:
    table = TranspositionTable()
    return ProbeSetting(root, _access(table), table.max_entries, win)


def test_connect_four_gives_its_probe_only_when_compiled() -> None:
    given_probe = ConnectFour().solving_kernel(_setting())
    assert (given_probe is not None) == native()
    assert native() == ("gamesearch.games._connect_four_probe" in build_info().compiled)
    assert Capabilities.of(ConnectFour()).solving_kernel is not None


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the compiled build: ConnectFour gives its probe (where the board and rules allow)."""
    if not native():
        monkeypatch.setattr(connect_four, "native", lambda: True)


@pytest.mark.usefixtures("compiled")
def test_no_probe_for_a_board_too_wide_for_a_word() -> None:
    assert ConnectFour(7, 6).solving_kernel(_setting()) is not None
    assert ConnectFour(9, 7).solving_kernel(_setting()) is None


class OtherRules(ConnectFour):
    """A variant that changes which moves a solver tries: the probe would not stand for it."""

    def non_losing_children(self, state: int) -> tuple[tuple[int, int, int | None], ...]:
        return tuple(reversed(super().non_losing_children(state)))


class OtherWin(ConnectFour):
    win_utility = 2.0


class Renamed(ConnectFour):
    """A subclass that keeps the rules: the probe still stands for it."""


@pytest.mark.usefixtures("compiled")
def test_no_probe_for_a_subclass_that_changes_the_rules() -> None:
    assert OtherRules().solving_kernel(_setting()) is None
    assert OtherWin().solving_kernel(_setting(OtherWin.win_utility)) is None
    other = OtherWin(4, 3)  # solved by the general loop, which reads its win_utility
    assert comparable(mtdf(other)) == comparable(mtdf(other, trace=Recorder()))


@pytest.mark.usefixtures("compiled")
def test_no_probe_without_a_side_table() -> None:
    table = TranspositionTable()
    bare = TableAccess(table._entries, table.store_raw, 1, TOP, MATE, 0, 1, 2, UNLIMITED)
    assert ConnectFour().solving_kernel(ProbeSetting(0, bare, 10, 1.0)) is None
    assert Renamed().solving_kernel(_setting()) is not None


def _counts(probe: Any) -> tuple[Any, ...]:
    return probe.expanded, probe.leaves, probe.cutoffs, probe.max_depth, probe.root_action


@pytest.mark.usefixtures("compiled")
@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("112233", "1122"),  # a win at once for the mover (one leaf), then a searched position
        ("3344", "33445"),  # a position, then its child
        ("4444", "444"),  # a position, then its parent
    ],
)
def test_one_probe_runs_every_probe_of_a_search_as_a_new_probe_would(first: str, then: str) -> None:
    # mtdf makes one probe a search; each run counts its own work, as a fresh probe would
    game = ConnectFour(5, 4)
    window = (0.0, math.nextafter(0.0, math.inf))
    shared, fresh = TranspositionTable(), TranspositionTable()
    reused = game.solving_kernel(ProbeSetting(game.from_moves(first), _access(shared), 10**6, 1.0))
    made = game.solving_kernel(ProbeSetting(game.from_moves(first), _access(fresh), 10**6, 1.0))
    assert reused is not None
    assert made is not None
    assert reused.run(game.from_moves(first), *window) == made.run(game.from_moves(first), *window)
    assert _counts(reused) == _counts(made)
    again = game.solving_kernel(ProbeSetting(game.from_moves(then), _access(fresh), 10**6, 1.0))
    assert again is not None
    assert reused.run(game.from_moves(then), *window) == again.run(game.from_moves(then), *window)
    assert _counts(reused) == _counts(again)
    assert reused.expanded >= 1


class Stop(Exception):
    """What the pause below raises, as a Ctrl-C would."""


def _stop() -> None:
    raise Stop


def test_the_probe_pauses_in_python_now_and_then() -> None:
    # Compiled, the probe runs no bytecode; its pause is where a pending Ctrl-C is raised.
    game = ConnectFour(4, 4)
    table = TranspositionTable()
    access = _access(table)
    board = ConnectFourBoard(4, 4)
    probe = ConnectFourProbe(
        board,
        ProbeSetting(0, access, 100, 1.0),
        SolvingTable(int(board.bits), 100, access),
        SolvingTable(int(board.bits), 16, access),
    )
    probe.pause, probe.pause_every = _stop, 255
    with pytest.raises(Stop):
        probe.run(game.initial_state(), -1.0, 1.0)
    assert probe.nodes == 256


@pytest.mark.slow
def test_ctrl_c_stops_a_solve_on_words() -> None:
    script = (
        "import signal, sys\n"
        "sys.path.insert(0, 'tests')  # where the test modules find their helpers\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from gamesearch import mtdf\n"
        "from tests.games.test_connect_four_probe import WithProbe\n"
        "game = WithProbe()\n"
        "print('solving', flush=True)\n"
        "try:\n"
        "    mtdf(game, game.from_moves('44'))\n"
        "except KeyboardInterrupt:\n"
        "    print('stopped', flush=True)\n"
    )
    root = Path(__file__).resolve().parents[2]
    with subprocess.Popen(
        [sys.executable, "-c", script], cwd=root, stdout=subprocess.PIPE, text=True
    ) as child:  # waited for and closed, however the test ends
        try:
            assert child.stdout is not None
            assert child.stdout.readline() == "solving\n"
            time.sleep(0.5)
            child.send_signal(signal.SIGINT)
            out, _ = child.communicate(timeout=20)
        finally:
            child.kill()
    assert out == "stopped\n"


@pytest.mark.usefixtures("compiled")
def test_no_probe_for_a_state_play_cannot_reach() -> None:
    game = ConnectFour()
    assert game.solving_kernel(_setting(root=game.from_moves("4453"))) is not None
    floating = 0b101 | 0b100 << 49  # X's stone above an empty cell
    for state in (-5, 1 << 200, floating, 3, "4453", game.from_moves("1212121")):
        assert game.solving_kernel(_setting(root=state)) is None, state


@pytest.mark.parametrize("most", [1, 2, 10, 100, 4095, 4096, 5000])
def test_the_tables_hold_no_more_than_max_entries(most: int) -> None:
    # The adversary's walk (2026-12-02): compiled, the probe's packed tables (at least 512
    # slots each on 7 x 6) held 482 entries for max_entries=1. A max_entries too small for
    # them is kept by the general loop; from 4,096 the two tables share it.
    game = ConnectFour()
    state = game.from_moves("65353521311166125353261")
    table = TranspositionTable(max_entries=most)
    assert game.pons_score(state, mtdf(game, state, table=table)) == 3  # Pons's c4solver: 3
    assert len(table) <= most
