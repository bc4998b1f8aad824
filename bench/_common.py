"""What every benchmark script here shares: JSON lines, the environment line, and the clock.

The scripts import it as ``_common``: Python puts a script's own folder first on ``sys.path``.
"""

from __future__ import annotations

import gc
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import gamesearch

T = TypeVar("T")


def emit(**fields: Any) -> None:
    """Print one JSON line on stdout."""
    print(json.dumps(fields), flush=True)


def emit_env(bench: str, *, gc_disabled: bool = True) -> None:
    """The line that says where the figures come from: Python, platform, library version."""
    emit(
        bench=bench,
        python=platform.python_version(),
        implementation=platform.python_implementation(),
        platform=platform.platform(),
        gamesearch=gamesearch.__version__,
        gc_disabled=gc_disabled,
        timer="time.perf_counter",
    )


def fail(message: str) -> NoReturn:
    """Report a failed check on stderr, named after the script, and exit with status 1."""
    print(f"{Path(sys.argv[0]).stem}: {message}", file=sys.stderr)
    sys.exit(1)


def run_timed(run: Callable[[], T]) -> tuple[float, T]:
    """Seconds one ``run()`` takes with the garbage collector off, and what it returned."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        value = run()
        return time.perf_counter() - start, value
    finally:
        gc.enable()
