"""The page's answers as JSON: a result, or a refusal beside its control, or a stop.

Every function the page calls answers with JSON text: its result (infinite numbers written as
text, which JSON cannot hold), ``{"error": message, "field": control}`` for a mistake of the
reader's (``control`` naming the page's control it concerns, ``None`` for none), or
``{"stopped": true}`` when the reader stopped it (``KeyboardInterrupt``, as the worker raises it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeGuard

from ..errors import GameSearchError
from ._positions import Refused
from ._values import plain

__all__ = ["Tell", "answer", "fraction", "quiet"]

Tell = Callable[[str], object]
"""Told each progress line of a search under way."""


def quiet(line: str) -> None:
    """A ``tell`` that tells no one."""


def answer(work: Callable[[], dict[str, Any]]) -> str:
    """``work``'s answer as JSON; a refusal, a library error or a stop as the page shows them."""
    try:
        return json.dumps(plain(work()), allow_nan=False, default=str)
    except Refused as exc:
        return json.dumps({"error": str(exc), "field": exc.field})
    except GameSearchError as exc:
        return json.dumps({"error": str(exc), "field": None})
    except KeyboardInterrupt:
        return json.dumps({"error": "stopped", "field": None, "stopped": True})


def fraction(draw: object) -> TypeGuard[float]:
    """Whether ``draw`` is a number in [0, 1), which draws a chance move or a strategy's."""
    return isinstance(draw, (int, float)) and not isinstance(draw, bool) and 0 <= draw < 1
