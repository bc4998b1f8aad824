"""Nothing finished is lost: killed builds, two builders on one file, dead workers, Ctrl-C.

What issue 26 (section 3) found to hold, kept as tests:

- a table build killed by SIGKILL, again and again, resumes to the table of an uninterrupted
  build: a serial build, a build on two worker processes whose parent is killed, and value
  iteration (Pig); each kill lands after some batches were committed and before the end;
- two processes building the same file at once (side by side, or one joining half-way) both
  finish, and the file is the table of one build;
- a worker process killed by SIGKILL gives a clean ``PartFailedError`` on a process pool and on
  a Dask cluster, and the file of the finished parts resumes;
- Ctrl-C (SIGINT) in ``gamesearch table build`` (serial, value iteration, on worker processes)
  exits 130 and the file resumes; in ``gamesearch solve`` it exits 130 whichever searcher runs.

Two faults found on the way are mended (``gamesearch.cli._pool``): Ctrl-C in ``table build
--workers 2`` printed an idle worker's traceback, and the workers of a killed ``table build
--workers 2`` lived on.

Tables are compared only through the public API (``Solution.load`` and the value, distance and
best actions of every reachable state), never through the file's columns. The builds run in
child processes that the tests kill; a child pauses briefly after each progress report, so
that the kill, sent when the child reports enough progress, lands before the build ends.
"""

from __future__ import annotations

import importlib
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from helpers import reachable, ship_by_value

from gamesearch import InvalidSearchOptionError, PartFailedError
from gamesearch.games import ConnectFour, Pig, TicTacToe
from gamesearch.solving import Solution, solve

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="SIGKILL and SIGINT sent to a child process are POSIX"
)

needs_proc = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(),
    reason="finds the worker processes of a child in /proc (Linux), to signal and end them",
)

ship_by_value(__name__)  # the Dask test ships this module's game

SOURCE = str(Path(__file__).resolve().parents[2] / "src")
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([SOURCE, os.environ.get("PYTHONPATH", "")])}
"""The package under test, for a child process."""

GAMES: dict[str, Callable[[], Any]] = {
    "connect4": lambda: ConnectFour(4, 3),
    "connect4-3x5": lambda: ConnectFour(3, 5),
    "pig": lambda: Pig(goal=10),
    "pig-25": lambda: Pig(goal=25),
    "tictactoe": TicTacToe,
}
"""The games built here, by name (the child process has the same table)."""

BUILDER = textwrap.dedent(
    """
    import json, sys, time
    from concurrent.futures import ProcessPoolExecutor
    from gamesearch.games import ConnectFour, Pig, TicTacToe
    from gamesearch.solving import solve

    GAMES = {"connect4": lambda: ConnectFour(4, 3), "pig": lambda: Pig(goal=10),
             "tictactoe": TicTacToe}
    options = json.loads(sys.argv[1])
    game = GAMES[options.pop("game")]()
    pause, slow_phase, workers = options.pop("pause"), options.pop("slow"), options.pop("workers")

    def progress(report):
        print(report.phase, report.done, flush=True)
        if report.phase == slow_phase:
            time.sleep(pause)  # so that the kill the test sends lands before the end

    if workers:
        with ProcessPoolExecutor(workers) as pool:
            solution = solve(game, progress=progress, executor=pool, **options)
    else:
        solution = solve(game, progress=progress, **options)
    print("finished", len(solution), solution.stats.solved, solution.stats.resumed, flush=True)
    """
)
"""A child that runs ``solve(game, path=...)``, printing ``PHASE DONE`` at each report."""


# ------------------------------------------------------------------ child processes


def _default_sigint() -> None:
    """In the child: Ctrl-C's default disposition (the runner may ignore SIGINT, as nohup does)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Child:
    """A child process in a session of its own, whose output lines are read as they come.

    A thread reads each stream, so that :meth:`until` can wait for a line with a deadline.
    Leaving the ``with`` block kills whatever is left of the session (worker processes a
    killed parent left behind included), each by its process id.
    """

    def __init__(
        self,
        args: list[str],
        *,
        watch: str = "stdout",
        cwd: Path | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.process = subprocess.Popen(
            args,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env or ENV,
            cwd=cwd,
            start_new_session=True,
            preexec_fn=_default_sigint,
        )
        self.out: list[str] = []
        self.err: list[str] = []
        self.left = 0
        """How many processes of the child's session outlived it (see :meth:`finish`)."""
        self.workers: list[int] = []
        """The child's worker processes, if a test looked them up."""
        self.ended: tuple[int, str, str] | None = None
        """What :meth:`finish` returned, if a test keeps it here."""
        self._watched: queue.Queue[str | None] = queue.Queue()
        self._readers = [
            threading.Thread(target=self._read, args=(stream, lines, watched), daemon=True)
            for stream, lines, watched in (
                (self.process.stdout, self.out, watch == "stdout"),
                (self.process.stderr, self.err, watch == "stderr"),
            )
        ]
        for reader in self._readers:
            reader.start()

    def _read(self, stream: Any, lines: list[str], watched: bool) -> None:
        for line in stream:
            lines.append(line)
            if watched:
                self._watched.put(line)
        if watched:
            self._watched.put(None)

    def until(self, found: Callable[[str], bool], timeout: float = 120) -> str | None:
        """Read the watched stream up to the first line ``found`` accepts; ``None`` at its end."""
        deadline = time.monotonic() + timeout
        while True:
            line = self._watched.get(timeout=max(0.0, deadline - time.monotonic()))
            if line is None or found(line):
                return line

    def send(self, signal_number: int) -> None:
        os.kill(self.process.pid, signal_number)

    def finish(self, timeout: float = 120, grace: float = 0.0) -> tuple[int, str, str]:
        """Wait for the child's end: its exit status (minus the signal that killed it), outputs.

        The processes it leaves behind, ``grace`` seconds after its end, are counted in
        :attr:`left` and killed: the workers of a killed ``ProcessPoolExecutor`` outlive it,
        and hold its output pipes open.
        """
        status = self.process.wait(timeout=timeout)
        deadline = time.monotonic() + grace
        while self.others() and time.monotonic() < deadline:
            time.sleep(0.05)
        self.left = self._kill_session()
        for reader in self._readers:
            reader.join(timeout=timeout)
        return status, "".join(self.out), "".join(self.err)

    def others(self) -> list[int]:
        """The live processes of the child's session but the child: its workers."""
        return [pid for pid in session(self.process.pid) if pid != self.process.pid]

    def _kill_session(self) -> int:
        """Kill every live process of the child's session, each by its id; how many there were."""
        found = session(self.process.pid)
        for pid in found:
            with suppress(ProcessLookupError):  # it ended meanwhile
                os.kill(pid, signal.SIGKILL)
        return len(found)

    def __enter__(self) -> Child:
        return self

    def __exit__(self, *exc: object) -> None:
        self._kill_session()
        if self.process.poll() is None:  # without /proc
            self.process.kill()
        self.process.wait(timeout=60)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def session(leader: int) -> list[int]:
    """The live processes of the session ``leader`` began (read from /proc; [] without it)."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # it ended meanwhile
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # state, ppid, pgrp, session, ...
        if int(fields[3]) == leader and fields[0] not in ("Z", "X"):
            found.append(int(entry.name))
    return found


def builder(
    path: Path, game: str, *, pause: float, slow: str, workers: int = 0, **options: Any
) -> Child:
    """A :class:`Child` running :data:`BUILDER` on ``path``; ``options`` go to ``solve``.

    The child sleeps ``pause`` seconds after each progress report of the phase ``slow``.
    """
    config = {"game": game, "path": str(path), "pause": pause, "slow": slow, "workers": workers}
    return Child([sys.executable, "-c", BUILDER, json.dumps({**config, **options})])


def cli(*args: str, watch: str = "stderr", **options: Any) -> Child:
    """The ``gamesearch`` command as a :class:`Child` (``options`` for :class:`Child`)."""
    return Child([sys.executable, "-m", "gamesearch", *args], watch=watch, **options)


def report(phase: str, at_least: int) -> Callable[[str], bool]:
    """Accepts a builder's progress line of ``phase`` with at least ``at_least`` done."""

    def found(line: str) -> bool:
        words = line.split()
        return len(words) == 2 and words[0] == phase and int(words[1]) >= at_least

    return found


def progress_line(phase: str, at_least: int) -> Callable[[str], bool]:
    """Accepts a progress line of ``table build`` of ``phase`` with ``at_least`` done.

    Such as ``solve: 20,000 states, 81,000 states/s``.
    """

    def found(line: str) -> bool:
        head, _, rest = line.partition(": ")
        words = rest.split()
        return head == phase and bool(words) and int(words[0].replace(",", "")) >= at_least

    return found


# ------------------------------------------------------------------ comparing tables


def answers(solution: Solution, state: Any) -> tuple[Any, ...]:
    """What a solution says of ``state``: both players' values, the distance, the best actions."""
    return (
        solution.value(state, 0),
        solution.value(state, 1),
        solution.distance(state),
        solution.best_actions(state),
    )


class Reference:
    """The table of an uninterrupted build of one game (in memory), with the game's states.

    (A file written by an uninterrupted build loads as the same table: test_solve_sqlite.)
    """

    def __init__(self, name: str) -> None:
        self.game = GAMES[name]()
        self.solution = solve(self.game)
        self.states = reachable(self.game)

    def check(self, path: Path, game: Any = None) -> None:
        """Assert that the file ``path`` holds this table: 0 states answered differently."""
        with Solution.load(path, game or self.game, in_memory=True) as loaded:
            assert len(loaded) == len(self.solution)
            assert set(loaded) == set(self.solution)  # the keys
            differ = [s for s in self.states if answers(loaded, s) != answers(self.solution, s)]
        assert differ == [], f"{len(differ)} of {len(self.states)} states differ"


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A folder for a test's solution files: in memory (under /dev/shm) where there is one.

    A kill ends a process, not the machine: what the process wrote is in the operating
    system's cache, on whatever disk. So the files need not be on a disk, where each commit
    waits for SQLite's fsync (30 ms on a busy one, which made a build of 60 batches take 2 s).
    """
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    found = Path(tempfile.mkdtemp(dir=shm, prefix="gamesearch-durability-"))
    try:
        yield found
    finally:
        shutil.rmtree(found, ignore_errors=True)


@pytest.fixture(scope="module")
def uninterrupted() -> Callable[[str], Reference]:
    """The :class:`Reference` of a game by name, built once per module."""
    made: dict[str, Reference] = {}

    def get(name: str) -> Reference:
        if name not in made:
            made[name] = Reference(name)
        return made[name]

    return get


def checkpoint(path: Path, copy: Path) -> Path:
    """Copy a solution file as a killed build left it (with SQLite's journal, if there is one)."""
    for found in path.parent.glob(path.name + "*"):
        shutil.copyfile(found, copy.parent / (copy.name + found.name[len(path.name) :]))
    return copy


def assert_unfinished(path: Path, game: Any) -> None:
    with pytest.raises(InvalidSearchOptionError, match="unfinished"):
        Solution.load(path, game)


# ------------------------------------------------------------------ SIGKILL, then resume


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "options", "phase", "pause", "step", "least"),
    [
        pytest.param(
            "connect4", {"batch": 200, "progress_every": 100}, "solve", 0.005, 3500, 3,
            id="serial",
        ),
        pytest.param(
            "tictactoe", {"workers": 2, "split": 8}, "parts", 0.3, 2, 2,
            id="two-worker-processes", marks=needs_proc,
        ),
        pytest.param(
            "pig", {"batch": 37, "progress_every": 50}, "iterate", 0.01, 450, 3,
            id="value-iteration",
        ),
    ],
)  # fmt: skip
def test_a_build_killed_again_and_again_resumes_to_the_uninterrupted_table(
    folder: Path,
    uninterrupted: Callable[[str], Reference],
    name: str,
    options: dict[str, Any],
    phase: str,
    pause: float,
    step: int,
    least: int,
) -> None:
    """Kill the build (its parent, on workers) each time it has done ``step`` more in ``phase``.

    After each kill the file is unfinished, and a copy of it resumes in this process to the
    uninterrupted table, having kept more than the kill before; the next child resumes the
    file itself, until one finishes. Value iteration counts the components the file holds as
    done, so its ``step`` counts from the states kept.
    """
    reference = uninterrupted(name)
    total = len(reference.solution)
    path = folder / "killed.sqlite"
    kills = kept = 0
    for _ in range(12):
        from_kept = kept if phase == "iterate" else 0
        with builder(path, name, pause=pause, slow=phase, **options) as child:
            if child.until(report(phase, from_kept + step)) is not None:
                child.send(signal.SIGKILL)
            status, out, err = child.finish()
        if status == 0:
            break
        assert status == -signal.SIGKILL, err
        kills += 1
        assert_unfinished(path, reference.game)
        copy = checkpoint(path, folder / f"kill-{kills}.sqlite")
        resumed = solve(reference.game, path=copy).stats.resumed
        assert kept < resumed < total  # whole batches (or parts) were kept, not all
        kept = resumed
        reference.check(copy)
    else:
        pytest.fail("no build finished in 12 runs")
    assert out.splitlines()[-1].split() == ["finished", str(total), str(total - kept), str(kept)]
    assert kills >= least
    reference.check(path)


# ------------------------------------------------------------------ two builders, one file


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "options", "phase", "join_at"),
    [
        pytest.param("connect4", {"batch": 200, "progress_every": 100}, "solve", 0, id="together"),
        pytest.param(
            "connect4", {"batch": 200, "progress_every": 100}, "solve", 4000, id="joining"
        ),
        pytest.param("pig", {"batch": 37, "progress_every": 50}, "iterate", 500, id="pig-joining"),
    ],
)
def test_two_builders_on_one_file_both_finish_with_the_table_of_one_build(
    folder: Path,
    uninterrupted: Callable[[str], Reference],
    name: str,
    options: dict[str, Any],
    phase: str,
    join_at: int,
) -> None:
    """Two processes run the same ``solve(game, path=FILE)``.

    Started together, or the second when the first has done ``join_at`` states (it then
    resumes from the first one's batches).
    """
    reference = uninterrupted(name)
    total = len(reference.solution)
    path = folder / "shared.sqlite"
    with builder(path, name, pause=0.005, slow=phase, **options) as first:
        if join_at:
            assert first.until(report(phase, join_at)) is not None  # the first is mid-build
        with builder(path, name, pause=0.005, slow=phase, **options) as second:
            ends = [first.finish(), second.finish()]
    lasts = []
    for status, out, err in ends:
        assert status == 0, err
        lasts.append(out.splitlines()[-1].split())
    assert [last[:2] for last in lasts] == [["finished", str(total)]] * 2
    if join_at:
        assert int(lasts[1][3]) > 0  # the second read the first one's work back
    reference.check(path)


# ------------------------------------------------------------------ a worker killed


class DeadlyTicTacToe(TicTacToe):
    """Tic-tac-toe whose expansion of ``board`` kills (SIGKILL) the worker process it runs in.

    Once: the first worker to meet the board removes the file ``poison`` and dies; others go
    on. The board lies below the frontier the split cuts at, so only workers meet it; the
    driver (process ``driver``), which resumes the file, solves it as any other board.
    """

    def __init__(self, board: int, poison: str, driver: int) -> None:
        super().__init__()
        self.board, self.poison, self.driver = board, poison, driver

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.board, self.poison, self.driver)

    def actions(self, state: int) -> Any:
        if state == self.board and os.getpid() != self.driver:
            try:
                os.unlink(self.poison)  # one worker only, whichever comes first
            except FileNotFoundError:
                pass
            else:
                os.kill(os.getpid(), signal.SIGKILL)
        return super().actions(state)


def deadly_tic_tac_toe(folder: Path) -> DeadlyTicTacToe:
    """Deadly at the board after 0, 4, 8, 2 (X, O, X, O), four plies down, once."""
    plain = TicTacToe()
    board = plain.initial_state()
    for square in (0, 4, 8, 2):
        board = plain.result(board, square)
    poison = folder / "poison"
    poison.touch()
    return DeadlyTicTacToe(board, str(poison), os.getpid())


@pytest.mark.slow
def test_a_worker_killed_on_a_process_pool_is_a_part_failed_error_and_the_file_resumes(
    folder: Path, uninterrupted: Callable[[str], Reference]
) -> None:
    game = deadly_tic_tac_toe(folder)
    path = folder / "ttt.sqlite"
    died = r"solve: part \d+ .*worker process died"
    with ProcessPoolExecutor(2) as pool, pytest.raises(PartFailedError, match=died) as info:
        solve(game, path=path, executor=pool, split=4)
    assert isinstance(info.value.__cause__, BrokenProcessPool)
    assert not Path(game.poison).exists()  # a worker met the board, and died of it
    assert info.value.finished < 4
    assert_unfinished(path, game)
    resumed = solve(game, path=path)  # here, in the driver, the board is harmless
    assert resumed.stats.resumed < len(resumed)
    uninterrupted("tictactoe").check(path, game)


def allow_failures(count: int, dask_scheduler: Any) -> int:
    """On a Dask scheduler: how many workers a task may kill; returns the number it replaces."""
    previous = int(dask_scheduler.allowed_failures)
    dask_scheduler.allowed_failures = count
    return previous


@pytest.mark.slow
def test_a_worker_killed_on_a_dask_cluster_is_a_part_failed_error_and_the_file_resumes(
    folder: Path, uninterrupted: Callable[[str], Reference], dask_client: Any
) -> None:
    """With no failures allowed, Dask gives up on the part at once.

    By default it runs the part of a lost worker again, ``allowed-failures`` times (3), which
    test_solve_parallel relies on.
    """
    game = deadly_tic_tac_toe(folder)
    path = folder / "ttt.sqlite"
    previous = dask_client.run_on_scheduler(allow_failures, 0)
    try:
        with pytest.raises(PartFailedError, match=r"solve: part \d+ .*KilledWorker") as info:
            solve(game, path=path, executor=dask_client.get_executor(), split=4)
    finally:
        dask_client.run_on_scheduler(allow_failures, previous)
        dask_client.wait_for_workers(2, timeout=120)  # the cluster whole again, for the others
    assert type(info.value.__cause__).__name__ == "KilledWorker"
    assert not Path(game.poison).exists()
    assert info.value.finished < 4
    assert_unfinished(path, game)
    resumed = solve(game, path=path)
    assert resumed.stats.resumed < len(resumed)
    uninterrupted("tictactoe").check(path, game)


# ------------------------------------------------------------------ Ctrl-C


SLOW_GAMES = """
\"\"\"Connect Four slowed down, for ``table build`` to be interrupted before it ends.

Slowed only where the environment variable SLOW_GAMES says so (the command and its workers),
not in the test that reads the table back.
\"\"\"

import os
import time

from gamesearch.games import ConnectFour

SLOW = os.environ.get("SLOW_GAMES", "")
expanded = 0


class SlowLater(ConnectFour):
    \"\"\"Each board after the 15,000th this process expands takes 0.1 ms more.\"\"\"

    def __init__(self, width: int = 3, height: int = 5) -> None:
        super().__init__(width, height)

    def __reduce__(self):
        return type(self), (self.width, self.height)

    def actions(self, state):
        global expanded
        expanded += 1
        if SLOW == "later" and expanded > 15_000:
            time.sleep(0.0001)
        return super().actions(state)


class SlowSecondRegion(ConnectFour):
    \"\"\"The boards of the second region take 0.2 ms more each.\"\"\"

    def __init__(self, width: int = 4, height: int = 3) -> None:
        super().__init__(width, height)

    def __reduce__(self):
        return type(self), (self.width, self.height)

    def actions(self, state):
        if SLOW == "second region" and self.region(state) == 1:
            time.sleep(0.0002)
        return super().actions(state)
"""
"""Games of one's own for ``table build``, by import path (``slow_games:SlowLater``)."""


@contextmanager
def slow_games(folder: Path, monkeypatch: pytest.MonkeyPatch, slow: str) -> Iterator[Any]:
    """The module of :data:`SLOW_GAMES` and the environment of a child it slows.

    The module is written in ``folder`` and imported here, where it is not slowed; in a child
    with the environment, it is slowed as ``slow`` says.
    """
    (folder / "slow_games.py").write_text(SLOW_GAMES, encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    env = {**ENV, "SLOW_GAMES": slow}
    env["PYTHONPATH"] = os.pathsep.join([str(folder), env["PYTHONPATH"]])
    module = importlib.import_module("slow_games")
    try:
        yield module, env
    finally:
        sys.modules.pop("slow_games", None)


def interrupted_cleanly(status: int, out: str, err: str) -> int:
    """Assert that a command stopped by Ctrl-C said so, exited 130 and printed no table.

    Returns the states it said the file keeps.
    """
    assert status == 130, err
    kept = re.search(r"\ninterrupted: \S+ keeps the ([\d,]+) states? written so far; run the "
                     r"same build again to go on from there\n$", err)  # fmt: skip
    assert kept is not None, err
    assert "Traceback" not in err
    assert out == ""  # no summary of a table that is not there
    return int(kept[1].replace(",", ""))


@pytest.mark.slow
def test_ctrl_c_in_table_build_exits_130_and_the_file_resumes(
    folder: Path, uninterrupted: Callable[[str], Reference], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C at the report of 20,000 states leaves one batch in the file.

    The command commits 10,000 entries at a time and reports every 10,000 states (before the
    state's entry is queued).
    """
    path = folder / "interrupted.sqlite"
    with slow_games(folder, monkeypatch, "later") as (module, env):
        with cli("table", "build", "slow_games:SlowLater", "--out", str(path), env=env) as child:
            assert child.until(progress_line("solve", 20_000)) is not None, child.err
            child.send(signal.SIGINT)
            kept = interrupted_cleanly(*child.finish())
        game = module.SlowLater()
        assert_unfinished(path, game)
        resumed = solve(game, path=path)
        assert 10_000 <= resumed.stats.resumed == kept < len(resumed)
        uninterrupted("connect4-3x5").check(path, game)


@pytest.mark.slow
def test_ctrl_c_in_table_build_by_value_iteration_exits_130_and_the_file_resumes(
    folder: Path, uninterrupted: Callable[[str], Reference]
) -> None:
    """Value iteration reports a component after writing it: at 10,000, one batch is in.

    Its iteration does not call the game, so a bigger Pig makes the time to interrupt it.
    """
    reference = uninterrupted("pig-25")
    path = folder / "interrupted.sqlite"
    with cli("table", "build", "pig", "-p", "goal=25", "--out", str(path)) as child:
        assert child.until(progress_line("iterate", 10_000)) is not None, child.err
        child.send(signal.SIGINT)
        kept = interrupted_cleanly(*child.finish())
    assert_unfinished(path, reference.game)
    resumed = solve(reference.game, path=path)
    # A component the file holds in part is iterated again: kept, read back, not all reused.
    assert 10_000 <= kept < len(resumed)
    assert 0 < resumed.stats.resumed <= kept
    assert resumed.stats.resumed + resumed.stats.solved == len(resumed)
    reference.check(path)


def build_on_two_workers(folder: Path, env: dict[str, str], signal_number: int) -> Child:
    """``table build slow_games:SlowSecondRegion --workers 2``, sent ``signal_number``.

    It is sent once the first region's part is in the file and the second is under way. A
    Ctrl-C (SIGINT) goes to the command and its two workers, as a terminal's reaches its
    foreground process group; a SIGKILL to the command only (whose workers then get 1 s to end
    by themselves). Returns the child, ended (:attr:`Child.ended`), and its workers as they
    were (:attr:`Child.workers`).
    """
    path = folder / "interrupted.sqlite"
    args = ("slow_games:SlowSecondRegion", "--out", str(path), "--workers", "2")
    with cli("table", "build", *args, env=env) as child:
        assert child.until(lambda line: line.startswith("parts: 1 of 2 ")) is not None
        child.workers = child.others()
        assert len(child.workers) == 2
        for pid in [child.process.pid, *child.workers]:
            try:
                os.kill(pid, signal_number)
            except ProcessLookupError:  # the command, interrupted first, has ended it already
                assert pid != child.process.pid
            if signal_number == signal.SIGKILL:
                break
        child.ended = child.finish(grace=1.0 if signal_number == signal.SIGKILL else 0.0)
    return child


@needs_proc
@pytest.mark.slow
def test_ctrl_c_in_table_build_on_two_workers_exits_130_and_the_file_resumes(
    folder: Path, uninterrupted: Callable[[str], Reference], monkeypatch: pytest.MonkeyPatch
) -> None:
    with slow_games(folder, monkeypatch, "second region") as (module, env):
        kept = interrupted_cleanly(*build_on_two_workers(folder, env, signal.SIGINT).ended)
        game = module.SlowSecondRegion()
        path = folder / "interrupted.sqlite"
        assert_unfinished(path, game)
        resumed = solve(game, path=path)  # not slowed here
        assert 0 < resumed.stats.resumed == kept < len(resumed)  # the first region
        uninterrupted("connect4").check(path, game)


@needs_proc
@pytest.mark.slow
def test_ctrl_c_in_table_build_on_two_workers_prints_no_traceback(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with slow_games(folder, monkeypatch, "second region") as (_, env):
        status, _, err = build_on_two_workers(folder, env, signal.SIGINT).ended
    assert status == 130
    assert "Traceback" not in err


@needs_proc
@pytest.mark.slow
def test_the_workers_of_a_killed_table_build_end_too(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with slow_games(folder, monkeypatch, "second region") as (_, env):
        child = build_on_two_workers(folder, env, signal.SIGKILL)
    assert child.ended[0] == -signal.SIGKILL
    assert child.left == 0  # the workers left when the parent was gone


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "stream", "once", "best"),
    [
        pytest.param(  # --time: by default maxn stops at the game's time (1 s), before Ctrl-C
            ["nim", "-p", "piles=(4,5,6,7)", "--time", "100"], "stderr", "depth 3 ", True, id="maxn"
        ),
        pytest.param(["pig", "--depth", "40"], "stderr", "depth 4 ", True, id="expectiminimax"),
        pytest.param(
            ["connect4", "--searcher", "alphabeta"], "stdout", "search: ", False, id="alphabeta"
        ),
        pytest.param(
            ["tictactoe", "--searcher", "mcts", "--time", "100"], "stdout", "search: ", None,
            id="mcts",
        ),
    ],
)  # fmt: skip
def test_ctrl_c_in_solve_exits_130_whichever_searcher_runs(
    args: list[str], stream: str, once: str, best: bool | None
) -> None:
    """Ctrl-C once the search runs (its first progress line, or the line that announces it).

    The searchers deepened one ply at a time print the best result so far; alphabeta, asked to
    search to the end, has none. (iterative_deepening: test_cli. What mcts prints is issue 26's
    section 2.)
    """
    with cli("solve", *args, watch=stream) as child:
        assert child.until(lambda line: line.startswith(once)) is not None
        time.sleep(0.2)  # into the search
        child.send(signal.SIGINT)
        status, out, err = child.finish()
    assert status == 130, err
    assert "Traceback" not in out + err
    if best is True:
        assert "interrupted: the best result so far" in err
        assert "value: " in out
    elif best is False:
        assert "before the search had a result" in err  # and how to get an estimate
        assert "--depth N gives one" in err  # alphabeta takes a depth (no --time: issue 45)
        assert "--time" not in err
