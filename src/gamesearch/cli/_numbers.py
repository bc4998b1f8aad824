"""The argparse types of the numbers the commands take: a count of at least 1, and seconds."""

from __future__ import annotations

import argparse
import math


def positive_int(text: str) -> int:
    """``text`` as an int >= 1 (``--depth``, ``--games``, ``--iterations``).

    Raises:
        argparse.ArgumentTypeError: not an integer, or less than 1.
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, not {text!r}")
    return value


def positive_seconds(text: str) -> float:
    """``text`` as a finite number of seconds > 0 (``--time``).

    Raises:
        argparse.ArgumentTypeError: not a number, or not finite and > 0.
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, not {text!r}") from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a number of seconds > 0, not {text!r}")
    return value
