"""Elo ratings drawn as SVG text, written by hand (no plotting library needed).

A row per entrant, highest rating first: its name, a dot at its rating and a bar across its
95% interval, over an axis of Elo points with a grid line at each round number.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Sequence
from typing import Protocol

__all__ = ["rating_svg", "tick_step"]

_ROW = 26
_LEFT_PAD = 14
_CHAR = 7.2
"""About the width of a character of 12-point sans-serif text, for the names' column."""


class _Shown(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def elo(self) -> float: ...
    @property
    def low(self) -> float: ...
    @property
    def high(self) -> float: ...


def tick_step(span: float) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about five ticks over ``span``.

    Example:
        >>> tick_step(230), tick_step(40), tick_step(0)
        (50.0, 10.0, 1.0)
    """
    if span <= 0:
        return 1.0
    raw = span / 5
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def rating_svg(
    rows: Sequence[_Shown], *, title: str = "", width: int = 640, axis: str = ""
) -> str:
    """The rows (in the order given) as an SVG picture of ratings and their 95% intervals.

    ``axis`` names the axis (by default ``Elo (95% interval)``).
    """
    low = min(min(r.low, r.elo) for r in rows)
    high = max(max(r.high, r.elo) for r in rows)
    step = tick_step(high - low)
    first, last = math.floor(low / step) * step, math.ceil(high / step) * step
    if last <= first:
        first, last = first - step, last + step
    left = _LEFT_PAD + _CHAR * max(len(r.name) for r in rows) + 10
    right, top = width - 20, 44 if title else 20
    bottom = top + _ROW * len(rows) + 6
    height = bottom + 44

    def x(value: float) -> float:
        return left + (value - first) / (last - first) * (right - left)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:.0f}" '
        f'viewBox="0 0 {width} {height:.0f}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height:.0f}" fill="white"/>',
    ]
    if title:
        out.append(f'<text x="{width / 2}" y="24" text-anchor="middle" font-size="14">'
                   f"{_text(title)}</text>")  # fmt: skip
    ticks = round((last - first) / step)
    for k in range(ticks + 1):
        value = first + k * step
        out.append(f'<line x1="{x(value):.1f}" y1="{top}" x2="{x(value):.1f}" y2="{bottom}" '
                   f'stroke="{"#999" if value == 0 else "#ddd"}"/>')  # fmt: skip
        out.append(f'<text x="{x(value):.1f}" y="{bottom + 16}" text-anchor="middle">'
                   f"{round(value, 9) + 0.0:g}</text>")  # fmt: skip
    out.append(f'<text x="{(left + right) / 2:.1f}" y="{bottom + 36}" text-anchor="middle">'
               f"{_text(axis or 'Elo (95% interval)')}</text>")  # fmt: skip
    for i, row in enumerate(rows):
        y = top + _ROW * i + _ROW / 2 + 3
        out.append(
            f'<text x="{_LEFT_PAD}" y="{y + 4:.1f}">{_text(row.name)}</text>'
        )
        out.append(f'<line x1="{x(row.low):.1f}" y1="{y:.1f}" x2="{x(row.high):.1f}" '
                   f'y2="{y:.1f}" stroke="#1f77b4" stroke-width="2"/>')  # fmt: skip
        out.append(f'<circle cx="{x(row.elo):.1f}" cy="{y:.1f}" r="4" fill="#d62728"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""The characters XML 1.0 forbids in a document (C0 controls but tab and line ends,
surrogates, U+FFFE and U+FFFF)."""


def _text(text: str) -> str:
    r"""``text`` as an SVG element's text: ``<`` and ``&`` escaped, forbidden characters U+FFFD.

    Example:
        >>> _text("a < b\x1b[31m") == "a &lt; b\ufffd[31m"
        True
    """
    return _NOT_XML.sub("\ufffd", html.escape(text, quote=False))
