"""Reading a file that must be small (an evaluation, an opening suite): at most so many bytes.

A file from outside is hostile until checked; the first check is its size, made while reading,
so that a huge file (or a device that never ends) is refused after ``limit + 1`` bytes.
"""

from __future__ import annotations

from pathlib import Path

from .errors import TableFileError

__all__ = ["read_small"]


def read_small(target: Path, limit: int, what: str) -> bytes:
    """The bytes of ``target``, at most ``limit`` of them.

    Raises:
        TableFileError: the file cannot be read, or holds more than ``limit`` bytes (the message
            calls it ``what``: "an opening suite", "an evaluation file").
    """
    try:
        with target.open("rb") as file:
            data = file.read(limit + 1)
    except OSError as exc:
        raise TableFileError(f"cannot read {what} {target}: {exc}") from None
    if len(data) > limit:
        raise TableFileError(f"{target} is larger than {limit:,} bytes: not {what}")
    return data
