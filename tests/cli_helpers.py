"""What the tests of the ``gamesearch`` command share: in-process runs, children, Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gamesearch.cli import main

SOURCE = str(Path(__file__).resolve().parent.parent / "src")
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([SOURCE, os.environ.get("PYTHONPATH", "")])}
"""The package under test, for a child started in another directory."""


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the command in this process (faster than a subprocess): status, stdout, stderr."""
    try:
        status = main(list(args))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def default_sigint() -> None:
    """In the child: Ctrl-C's default disposition, which Python turns into KeyboardInterrupt.

    The runner may ignore SIGINT (under ``nohup``), and a child inherits that.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*args: str) -> subprocess.Popen[str]:
    """The command in a child process, its three streams piped as text, for a test to Ctrl-C."""
    return subprocess.Popen(
        [sys.executable, "-m", "gamesearch", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
        preexec_fn=default_sigint,  # a fresh SIGINT disposition
    )


def interrupt(*args: str, once: str, lines: int = 1, pause: float = 0.0) -> tuple[int, str, str]:
    """Run the command; SIGINT ``pause`` s after ``lines`` lines with ``once`` on its stderr.

    Returns the exit status, the standard output, and the standard error (all of it).
    """
    process = start(*args)
    assert process.stderr is not None
    deadline = time.monotonic() + 60
    seen = ""
    while seen.count(once) < lines and time.monotonic() < deadline:
        seen += process.stderr.readline()
    time.sleep(pause)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    return process.returncode, out, seen + err
