"""The command's worker processes, which leave Ctrl-C to the command and never outlive it.

A terminal sends Ctrl-C to the whole foreground process group: without care, each idle worker
of a ``ProcessPoolExecutor`` dies of the ``KeyboardInterrupt`` in its wait for work and prints
its traceback, and the command then waits for the parts under way before it can stop. And a
command killed outright (SIGKILL) leaves its workers waiting for work forever. So the workers
here ignore SIGINT and watch their parent, leaving the moment it is gone; and the command,
interrupted, ends its workers without waiting for their parts (what was written stays written:
a table build resumes from it).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..errors import InvalidSearchOptionError

if TYPE_CHECKING:  # imported where a pool starts: the command imports without multiprocessing
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["checked_workers", "worker_pool"]

_WORKERS_A_CPU = 4
"""The most worker processes ``--workers`` may ask for, a CPU: more only thrash the machine."""

_WATCH_SECONDS = 0.2
"""How often a worker looks whether its parent is still there."""


def checked_workers(workers: int | None, tasks: int, caller: str) -> int | None:
    """``--workers``, no more than the ``tasks`` to run; refused above 4 processes a CPU.

    Raises:
        InvalidSearchOptionError: ``workers`` is more than 4 times the CPUs.

    Example:
        >>> checked_workers(8, 2, "match"), checked_workers(None, 2, "match")
        (2, None)
    """
    if workers is None:
        return None
    cpus = os.cpu_count() or 1
    if workers > _WORKERS_A_CPU * cpus:
        raise InvalidSearchOptionError(
            f"{caller}: --workers {workers} is too many: at most {_WORKERS_A_CPU} processes a "
            f"CPU ({_WORKERS_A_CPU * cpus} on this machine of {cpus} CPUs); more only slow "
            f"the games down"
        )
    return max(1, min(workers, tasks))


@contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A process pool of ``workers`` for the command, ended at once if the command is stopped."""
    from concurrent.futures import ProcessPoolExecutor  # see the top

    pool = ProcessPoolExecutor(workers, initializer=_start_worker, initargs=(os.getpid(),))
    try:
        yield pool
    except BaseException:
        _end(pool)
        raise
    pool.shutdown(wait=True)


def _start_worker(parent: int) -> None:
    """In each worker: ignore Ctrl-C (the command handles it) and leave when the parent goes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch, args=(parent,), daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_WATCH_SECONDS)
    os._exit(1)  # the parent is gone: nobody is left to take this worker's results


def _end(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started, and end the workers without waiting for their parts."""
    # The pool's processes: a private attribute of CPython's ProcessPoolExecutor since 3.2,
    # read with care; ``terminate_workers()`` does this from Python 3.14.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(1.0)
