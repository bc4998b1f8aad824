"""Independent parts of a job, run on any ``concurrent.futures.Executor`` or in this process.

Every parallel run of the library (a solve split below a frontier, root-parallel MCTS, a
tournament, a position split below its root) is a list of parts and one function applied to
each: :func:`run_parts` submits them, hands each result on as it finishes, reports progress,
retries a part that raised, and returns the results in the parts' order, so the caller merges
them exactly as a serial run would. It knows nothing of games; it never schedules, queues or
talks to workers itself: the executor does (a thread pool, a process pool, or Dask's
``Client.get_executor()`` on a cluster).
"""

from __future__ import annotations

import hashlib
import pickle
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ThreadPoolExecutor, wait
from typing import Any, TypeVar

from .errors import InvalidSearchOptionError, NotPicklableError, PartFailedError, short_repr
from .progress import Progress, ProgressCallback

__all__ = ["check_executor", "check_retries", "check_shippable", "derived_seed", "run_parts"]

P = TypeVar("P")
R = TypeVar("R")

IDLE_WAIT = 0.0002
"""Seconds :func:`run_parts` waits for a part between two steps of the caller's ``idle``."""


def check_executor(executor: object, caller: str) -> None:
    """Refuse an ``executor`` that is neither ``None`` nor a ``concurrent.futures.Executor``.

    Anything with ``submit`` and ``shutdown`` counts (Dask's ``ClientExecutor`` derives from
    ``Executor``; a hand-made one need not).
    """
    if executor is None or isinstance(executor, Executor):
        return
    if callable(getattr(executor, "submit", None)):
        return
    raise InvalidSearchOptionError(
        f"{caller}: executor must be a concurrent.futures.Executor (ThreadPoolExecutor, "
        f"ProcessPoolExecutor, or a dask.distributed Client's get_executor()) or None, not "
        f"{type(executor).__name__}"
    )


def check_retries(retries: object, caller: str) -> int:
    """Return ``retries`` if it is an int >= 0, else raise :class:`InvalidSearchOptionError`."""
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise InvalidSearchOptionError(
            f"{caller}: retries must be an int >= 0, not {short_repr(retries)}"
        )
    return retries


def check_shippable(executor: object, caller: str, **objects: object) -> None:
    """Raise :class:`NotPicklableError` if ``executor`` must pickle one of ``objects`` and cannot.

    Threads share this process's objects, so nothing is checked for ``None`` or a
    ``ThreadPoolExecutor``. Dask pickles with ``cloudpickle`` (which also takes lambdas and
    local functions) when it is installed; every other executor is assumed to use
    :mod:`pickle`, as ``ProcessPoolExecutor`` does.

    Example:
        >>> from concurrent.futures import ProcessPoolExecutor
        >>> check_shippable(ProcessPoolExecutor(1), "demo", function=lambda state: 0)
        Traceback (most recent call last):
        ...
        gamesearch.errors.NotPicklableError: demo: the function (function <lambda>) cannot be...
    """
    if executor is None or isinstance(executor, ThreadPoolExecutor):
        return
    dumps = _dumps_for(executor)
    for name, value in objects.items():
        try:
            dumps(value)
        except Exception as exc:  # noqa: PERF203 - it raises at the first failure
            raise NotPicklableError(
                f"{caller}: the {name} ({_describe(value)}) cannot be pickled, and "
                f"{type(executor).__name__} runs parts in other processes, which receive "
                f"what they need by pickle ({type(exc).__name__}: {exc}). Define the game's "
                "class and any function you pass at module level (not inside a function or "
                "as a lambda), keep open files, locks and generators out of their attributes, "
                "or use a ThreadPoolExecutor"
            ) from exc


def derived_seed(seed: object, *path: object) -> int:
    """A 64-bit seed derived from ``seed`` and ``path``: the same in every process and run.

    The seeds of a parallel run's parts (a tournament's games, root-parallel MCTS's trees) come
    from the caller's seed and the part's index, never from the worker that runs the part.
    Python's ``hash`` of a string differs from process to process; a digest does not.

    Example:
        >>> derived_seed(7, "tree", 0) == derived_seed(7, "tree", 0) != derived_seed(7, "tree", 1)
        True
    """
    digest = hashlib.blake2b(repr((seed, *path)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def run_parts(
    executor: Executor | None,
    function: Callable[[P], R],
    parts: Sequence[P],
    *,
    caller: str,
    on_result: Callable[[int, R], object] | None = None,
    progress: ProgressCallback | None = None,
    retries: int = 0,
    meanwhile: Callable[[], object] | None = None,
    idle: Callable[[], bool] | None = None,
) -> list[R]:
    """Apply ``function`` to every part, on ``executor`` (or here, in order, for ``None``).

    ``meanwhile()`` is called in this process once every part is submitted, before any result
    is awaited (for ``None``, before the first part runs): the caller's own work, done while the
    workers do theirs. ``idle()`` is called in this process, after ``meanwhile``, while no part
    has finished: it does one short step of the caller's work (a millisecond or less) and
    returns whether any is left. Between two steps the process waits :data:`IDLE_WAIT` seconds
    for a part, letting go of the interpreter's lock: the executor's thread that reads a
    result from a worker needs it at every 64 kB, and would otherwise wait for the
    interpreter's switch interval (5 ms) each time. ``on_result(index, result)`` is called in
    this process as each part finishes (in the order they finish), so that a caller can save
    finished work at once; ``progress`` is given a :class:`~gamesearch.progress.Progress`
    (phase ``"parts"``) before the first part is submitted (``done`` 0) and after each. A part
    that raises is submitted again up to ``retries`` times; a worker process that dies breaks a
    ``ProcessPoolExecutor`` for good, so its parts cannot be retried there (Dask resubmits the
    tasks of a lost worker itself).

    Returns:
        The results, in the order of ``parts``.

    Raises:
        PartFailedError: a part still raised after its retries (or the executor broke); the
            parts not started are cancelled, and those finished before it, or still running
            then and finishing, were handed to ``on_result``. The part's exception is the
            ``__cause__``.
        BaseException: a part's ``KeyboardInterrupt`` or ``SystemExit`` (an executor's thread
            catches them, as a process pool's worker may), raised as itself at once, as in this
            process; the parts not started are cancelled.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(2) as pool:
        ...     run_parts(pool, abs, [-3, 1, -2], caller="demo")
        [3, 1, 2]
    """
    results: list[Any] = [None] * len(parts)
    started = time.perf_counter()
    done = 0

    # Said before the first part is submitted, so that a run is not silent until the first is
    # back; and a callback that raises here stops the run before any work can be lost.
    if progress is not None and parts:
        progress(Progress("parts", 0, len(parts), 0.0))

    def finished(index: int, value: R) -> None:
        nonlocal done
        results[index] = value
        done += 1
        if on_result is not None:
            on_result(index, value)
        if progress is not None:
            progress(Progress("parts", done, len(parts), time.perf_counter() - started))

    if executor is None:
        if meanwhile is not None:
            meanwhile()
        for index, part in enumerate(parts):
            finished(index, _serial(function, part, index, retries, caller, done))
        return results
    pending: dict[Future[R], int] = {}
    try:
        for index, part in enumerate(parts):
            pending[_submit(executor, function, part, index, caller, done)] = index
        if meanwhile is not None:
            meanwhile()
        _collect(
            executor, function, parts, pending, finished, lambda: done, caller, retries, idle
        )
    except BaseException:
        # A failed part, or on_result / progress raising (Ctrl-C included): stop the rest.
        for other in pending:
            other.cancel()
        raise
    return results


def _collect(
    executor: Executor,
    function: Callable[[P], R],
    parts: Sequence[P],
    pending: dict[Future[R], int],
    finished: Callable[[int, R], None],
    count: Callable[[], int],
    caller: str,
    retries: int,
    idle: Callable[[], bool] | None = None,
) -> None:
    """Wait for the ``pending`` parts, hand each result to ``finished``, resubmit failures.

    ``count()`` is the number of parts finished so far (for the messages of failures);
    ``idle()`` a step of the caller's work while none has finished (see :func:`run_parts`).
    """
    attempts = [0] * len(parts)
    busy = idle is not None
    while pending:
        ready, _ = wait(pending, timeout=IDLE_WAIT if busy else None, return_when=FIRST_COMPLETED)
        if not ready:
            busy = idle is not None and idle()
            continue
        busy = idle is not None  # a result may bring the caller more work
        # The parts that succeeded first, so that none is lost to a failure beside it.
        for future in sorted(ready, key=lambda f: (f.exception() is not None, pending[f])):
            index = pending.pop(future)
            error = future.exception()
            if error is None:
                finished(index, future.result())
                continue
            if not isinstance(error, Exception):  # Ctrl-C or an exit, caught by the executor
                raise error  # as itself, as in this process (run_parts cancels the rest)
            if attempts[index] < retries and not _worker_died(error):
                attempts[index] += 1
                retry = _submit(executor, function, parts[index], index, caller, count())
                pending[retry] = index
                continue
            _drain(pending, finished)
            failure = _failure(caller, parts[index], index, error, attempts[index], count())
            raise failure from error


def _drain(pending: dict[Future[R], int], finished: Callable[[int, R], None]) -> None:
    """After a failure: cancel the parts not started; hand on those running that succeed.

    Their work is done, and a solve with a file saves it.
    """
    running = [future for future in pending if not future.cancel()]
    for future in wait(running).done:
        if not future.cancelled() and future.exception() is None:
            finished(pending[future], future.result())
    pending.clear()


def _serial(
    function: Callable[[P], R], part: P, index: int, retries: int, caller: str, done: int
) -> R:
    """``function(part)`` in this process, tried ``retries + 1`` times."""
    for attempt in range(retries + 1):
        try:
            return function(part)
        except Exception as exc:  # noqa: PERF203 - a try per part, not per node
            if attempt == retries:
                raise _failure(caller, part, index, exc, attempt, done) from exc
    raise AssertionError("unreachable")  # pragma: no cover


def _submit(
    executor: Executor, function: Callable[[P], R], part: P, index: int, caller: str, done: int
) -> Future[R]:
    try:
        return executor.submit(function, part)
    except RuntimeError as exc:  # a broken or shut-down executor refuses new work
        hint = "; the executor takes no more work (shut down, or broken): pass a running one"
        raise _failure(caller, part, index, exc, 0, done, hint) from exc


def _worker_died(error: BaseException) -> bool:
    """Whether ``error`` says that a process pool's worker died (``BrokenProcessPool``).

    Imported here, not at the top: the core imports without multiprocessing, as in a browser.
    """
    try:
        from concurrent.futures.process import BrokenProcessPool
    except ImportError:  # no processes here (Pyodide), so no process pool either
        return False
    return isinstance(error, BrokenProcessPool)


def _failure(
    caller: str,
    part: object,
    index: int,
    error: BaseException,
    retried: int,
    done: int,
    hint: str = "",
) -> PartFailedError:
    again = f" after {retried} retr{'y' if retried == 1 else 'ies'}" if retried else ""
    died = " (its worker process died)" if _worker_died(error) else ""
    return PartFailedError(
        f"{caller}: part {index} ({_describe(part)}) failed{again}{died}: "
        f"{type(error).__name__}: {error}; {done} finished part(s) were kept{hint}",
        index=index,
        part=part,
        finished=done,
    )


def _dumps_for(executor: object) -> Callable[[object], bytes]:
    if type(executor).__module__.startswith("distributed"):
        try:
            import cloudpickle
        except ImportError:  # pragma: no cover - Dask always brings cloudpickle
            return pickle.dumps
        return cloudpickle.dumps  # type: ignore[no-any-return, unused-ignore]
    return pickle.dumps


def _describe(value: object) -> str:
    qualname = getattr(value, "__qualname__", None)
    if callable(value) and not isinstance(value, type) and isinstance(qualname, str):
        return f"function {qualname}"
    return short_repr(value)
