"""The runner of independent parts beneath every parallel run (``gamesearch._parts``)."""

from __future__ import annotations

import os
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from gamesearch._parts import check_executor, check_retries, check_shippable, run_parts
from gamesearch.errors import InvalidSearchOptionError, NotPicklableError, PartFailedError
from gamesearch.progress import Progress


def square(number: int) -> int:
    return number * number


def fail_on_three(number: int) -> int:
    if number == 3:
        raise ValueError("three is refused")
    return number


def die_on_three(number: int) -> int:
    if number == 3:
        os._exit(1)  # the worker process dies without a word
    return number


@pytest.mark.parametrize("workers", [None, 1, 2, 4])
def test_results_come_back_in_the_order_of_the_parts(workers):
    parts = list(range(20))
    if workers is None:
        assert run_parts(None, square, parts, caller="t") == [n * n for n in parts]
        return
    with ThreadPoolExecutor(workers) as pool:
        assert run_parts(pool, square, parts, caller="t") == [n * n for n in parts]


def test_each_result_is_handed_on_once_and_progress_counts_every_part():
    seen: dict[int, int] = {}
    reports: list[Progress] = []
    with ThreadPoolExecutor(3) as pool:
        run_parts(
            pool,
            square,
            [5, 6, 7],
            caller="t",
            on_result=seen.__setitem__,
            progress=reports.append,
        )
    assert seen == {0: 25, 1: 36, 2: 49}
    assert [report.done for report in reports] == [0, 1, 2, 3]  # 0: before they are submitted
    assert {(report.phase, report.total) for report in reports} == {("parts", 3)}


@pytest.mark.parametrize("threads", [0, 2])
def test_a_callback_that_raises_at_the_first_report_stops_the_run_before_any_part_runs(threads):
    # The adversary's walk: said once the parts were submitted, a raise there lost parts that
    # had finished meanwhile (a solve's file got none of them, a tournament's on_record none).
    ran: list[int] = []

    def refuse(report: Progress) -> None:
        assert report.done == 0
        raise KeyboardInterrupt

    pool = ThreadPoolExecutor(threads) if threads else None
    with pytest.raises(KeyboardInterrupt):
        run_parts(pool, ran.append, [1, 2, 3], caller="t", progress=refuse)
    if pool is not None:
        pool.shutdown(wait=True)
    assert ran == []


def test_idle_steps_run_while_no_part_has_finished_and_a_result_is_handed_on_at_once():
    release = threading.Event()
    calls: list[str] = []

    def part(n: int) -> int:
        if n == 1:
            release.wait(10)  # the second part waits for the caller's third step
        return n

    def idle() -> bool:
        calls.append("step")
        if calls.count("step") == 3:
            release.set()
        return True  # always more to do: only a result interrupts the steps

    with ThreadPoolExecutor(2) as pool:
        results = run_parts(
            pool, part, [0, 1], caller="t", idle=idle,
            on_result=lambda index, _: calls.append(f"result {index}"),
        )  # fmt: skip
    assert results == [0, 1]
    assert calls.count("step") >= 3
    assert calls[-1] == "result 1"  # no step once every part is back


def test_idle_is_not_called_again_once_it_has_nothing_left_until_a_part_finishes():
    calls: list[str] = []
    gate = threading.Event()

    def part(n: int) -> int:
        gate.wait(10)
        return n

    def idle() -> bool:
        calls.append("step")
        return False

    with ThreadPoolExecutor(1) as pool:
        timer = threading.Timer(0.05, gate.set)
        timer.start()
        run_parts(
            pool, part, [0, 1], caller="t", idle=idle,
            on_result=lambda index, _: calls.append(f"result {index}"),
        )  # fmt: skip
    # One step before the first result, then one more (the result may have brought work).
    assert calls[:2] == ["step", "result 0"]
    assert calls.count("step") <= 2


def test_meanwhile_runs_here_once_the_parts_are_submitted_and_before_any_is_awaited():
    began, done_meanwhile = threading.Event(), threading.Event()
    order: list[str] = []

    def part(number: int) -> bool:
        began.set()
        return done_meanwhile.wait(10)  # True: the caller's work ran while this part waited

    def meanwhile() -> None:
        assert began.wait(10)  # the part was submitted, and runs
        order.append("meanwhile")
        done_meanwhile.set()

    with ThreadPoolExecutor(1) as pool:
        results = run_parts(pool, part, [1], caller="t", meanwhile=meanwhile)
    assert results == [True]
    assert order == ["meanwhile"]
    # In this process, with no executor: before the first part.
    calls: list[str] = []
    run_parts(None, calls.append, ["part"], caller="t", meanwhile=lambda: calls.append("first"))
    assert calls == ["first", "part"]


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, pressed while a part runs."""


def interrupt_on_three(number: int) -> int:
    if number == 3:
        raise Interrupted
    return number


@pytest.mark.parametrize("workers", [None, 1, 2])
def test_ctrl_c_in_a_part_is_raised_as_itself_and_never_retried(workers):
    # The adversary's walk (2026-12-03): a thread pool's worker catches Ctrl-C into the future;
    # it came back as a PartFailedError, or was retried, where this process raises it.
    calls: list[int] = []

    def part(number: int) -> int:
        calls.append(number)
        return interrupt_on_three(number)

    executor = None if workers is None else ThreadPoolExecutor(workers)
    with pytest.raises(Interrupted):
        run_parts(executor, part, [0, 1, 2, 3, 4], caller="t", retries=3)
    if executor is not None:
        executor.shutdown()
    assert calls.count(3) == 1


def test_a_part_that_raises_is_reported_by_index_after_its_retries():
    seen: dict[int, int] = {}
    for executor in (None, ThreadPoolExecutor(2)):
        seen.clear()
        with pytest.raises(PartFailedError, match=r"part 3 \(3\) failed after 2 retries") as info:
            run_parts(
                executor,
                fail_on_three,
                [0, 1, 2, 3],
                caller="t",
                on_result=seen.__setitem__,
                retries=2,
            )
        assert (info.value.index, info.value.part) == (3, 3)
        assert isinstance(info.value.__cause__, ValueError)
        if executor is None:
            assert seen == {0: 0, 1: 1, 2: 2}  # in order: all before the failure
        else:
            executor.shutdown()
        assert info.value.finished == len(seen)


def test_a_part_that_fails_once_succeeds_on_its_retry():
    lock = threading.Lock()
    calls: dict[int, int] = {}

    def flaky(number: int) -> int:
        with lock:
            calls[number] = calls.get(number, 0) + 1
            if number == 1 and calls[number] == 1:
                raise OSError("a passing fault")
        return number

    with ThreadPoolExecutor(2) as pool:
        assert run_parts(pool, flaky, [0, 1, 2], caller="t", retries=1) == [0, 1, 2]
    assert calls[1] == 2
    calls.clear()
    with pytest.raises(PartFailedError):
        run_parts(None, flaky, [0, 1, 2], caller="t", retries=0)


@pytest.mark.slow
def test_a_dead_worker_process_is_reported_and_the_finished_parts_kept():
    seen: dict[int, int] = {}
    with ProcessPoolExecutor(1) as pool:
        # One worker runs the parts in order: 0, 1, 2 finish before 3 kills it.
        assert run_parts(pool, square, [0], caller="t") == [0]
        with pytest.raises(PartFailedError, match="worker process died") as info:
            run_parts(
                pool, die_on_three, [0, 1, 2, 3, 4], caller="t", on_result=seen.__setitem__
            )
    assert info.value.finished == len(seen)
    assert all(seen[index] == index for index in seen)


def test_a_process_pool_is_refused_a_function_it_cannot_pickle():
    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(NotPicklableError, match=r"<lambda>.*cannot be pickled.*module level"):
            check_shippable(pool, "t", function=lambda state: state)
        check_shippable(pool, "t", function=square, parts=[1, 2])
    check_shippable(ThreadPoolExecutor(1), "t", function=lambda state: state)
    check_shippable(None, "t", function=lambda state: state)


@pytest.mark.parametrize("bad", ["pool", 3, object()])
def test_an_executor_must_be_an_executor(bad):
    with pytest.raises(InvalidSearchOptionError, match="t: executor must be"):
        check_executor(bad, "t")


@pytest.mark.parametrize("bad", [-1, 1.5, True, "2"])
def test_retries_must_be_a_count(bad):
    with pytest.raises(InvalidSearchOptionError, match="t: retries must be an int >= 0"):
        check_retries(bad, "t")


def test_an_executor_that_takes_no_more_work_is_named_with_what_to_do():
    # The adversary's walk (2026-12-03): a shut-down pool gave only Python's RuntimeError.
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    with pytest.raises(PartFailedError, match=r"after shutdown; 0 finished part\(s\) were kept; "
                       r"the executor takes no more work \(shut down, or broken\): pass a "
                       r"running one$"):
        run_parts(pool, square, [1, 2], caller="t")
